"""Everything in one file from the command line (FORMAT.md): ``scorekeeper backup -o FILE``
writes the whole scorebook, ``scorekeeper restore FILE`` adds what the database lacks."""

from __future__ import annotations

import sys
import time
from contextlib import ExitStack
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

import click

from scorekeeper.cli.base import (
    Context,
    main,
    read_binary_file,
    refusals,
    to_standard_output,
    write_file,
)
from scorekeeper.core.messages import N_
from scorekeeper.core.text import printable
from scorekeeper.i18n import counted_phrases, text
from scorekeeper.i18n.composed import SCOREBOOK
from scorekeeper.i18n.restoring import restore_progress

if TYPE_CHECKING:
    from click._termui_impl import ProgressBar

    from scorekeeper.session.backup import Counts


@main.command()
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The file to write the backup to (- for standard output).")
@click.pass_obj
def backup(ctx: Context, output: Path) -> None:
    """Write the whole scorebook to one file: the roster with payment details, every group
    with its tab's payments, every session (FORMAT.md, "Everything in one file")."""
    from scorekeeper.session.backup import write_backup

    with refusals(ctx.lang):
        scorebook = ctx.scorebook()
        made = datetime.now(UTC)
        # Owner-only: it holds payment details.
        held = write_file(output, lambda out: write_backup(scorebook.store, out, made),
                          private=True)
    click.echo(printable(ctx.t("cli.backed_up", file=str(output), **_counted(held, ctx.lang))),
               err=to_standard_output(output))


@main.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.pass_obj
def restore(ctx: Context, file: Path) -> None:
    """Add what the database lacks from a backup, in one transaction: checked whole first,
    so a damaged file or a conflict changes nothing."""
    from scorekeeper.session.backup import LARGEST_BACKUP
    from scorekeeper.session.backup_apart import cores

    data = read_binary_file(file, ctx.lang, LARGEST_BACKUP)
    with refusals(ctx.lang), ExitStack() as shown:
        # Its sessions read on a process a core (the command line has no threads to fork
        # beside): a club's 100,000 evenings in their two minutes (BENCHMARKS.md).
        added = ctx.scorebook().restore(data, ctx.lang, Telling(ctx.lang, shown), cores())
    click.echo(printable(ctx.t("cli.restored", file=str(file), **_counted(added, ctx.lang))))


# A restore that is not on a terminal (a script, a service's log) says how far it is once
# a minute: a club's years take a minute or two, and a log that says nothing looks hung.
EVERY = 60.0  # seconds

BARS = {"sessions": N_("cli.restoring"), "tab_payments": N_("cli.restoring_payments")}


class Telling:
    """A restore's progress on standard error (``session.backup.Progress``): a bar for
    each part on a terminal, else a line a minute. Standard error holds nothing else
    before a refusal's one line, unless the restore ran a minute first."""

    def __init__(self, language: str, shown: ExitStack) -> None:
        self.language = language
        self.shown = shown
        self.terminal = sys.stderr.isatty()
        self.said = time.monotonic()
        self.bar: tuple[str, ProgressBar[int]] | None = None

    def __call__(self, what: str, done: int, total: int) -> None:
        if not self.terminal:
            if time.monotonic() - self.said >= EVERY:
                click.echo(restore_progress(what, done, total, self.language, writing=True),
                           err=True)
                self.said = time.monotonic()
            return
        if what == "reading":
            click.echo(restore_progress(what, done, total, self.language, writing=True),
                       err=True)
            return
        if self.bar is None or self.bar[0] != what:
            if self.bar is not None:
                self.bar[1].render_finish()
            # How many there are is known once the file is read.
            self.bar = (what, self.shown.enter_context(click.progressbar(
                length=total, label=text(BARS[what], self.language), file=sys.stderr,
                show_pos=True)))
        bar = self.bar[1]
        bar.update(done - bar.pos)


def _counted(counts: Counts, lang: str) -> dict[str, str]:
    return counted_phrases(lang, SCOREBOOK, **asdict(counts))
