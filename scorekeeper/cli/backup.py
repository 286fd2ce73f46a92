"""Everything in one file from the command line (FORMAT.md): ``scorekeeper backup -o FILE``
writes the whole scorebook, ``scorekeeper restore FILE`` adds what the database lacks."""

from __future__ import annotations

import os
import sys
import tempfile
from contextlib import ExitStack
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

import click

from scorekeeper.cli.base import Context, main, read_binary_file, refusals
from scorekeeper.core.text import printable
from scorekeeper.i18n import counted_phrases
from scorekeeper.i18n.composed import SCOREBOOK

if TYPE_CHECKING:
    from click._termui_impl import ProgressBar

    from scorekeeper.session.backup import Counts

MAX_BACKUP = 1024 * 1024 * 1024  # a whole club's years are a few hundred megabytes at most


@main.command()
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The file to write the backup to.")
@click.pass_obj
def backup(ctx: Context, output: Path) -> None:
    """Write the whole scorebook to one file: the roster with payment details, every group
    with its tab's payments, every session (FORMAT.md, "Everything in one file")."""
    from scorekeeper.session.backup import write_backup

    with refusals(ctx.lang):
        scorebook = ctx.scorebook()
        # Written beside the file, then put in its place: a full disk or a kill leaves the
        # old backup as it was, never half a new one. Owner-only: it holds payment details.
        handle, written = tempfile.mkstemp(prefix=".backup-", dir=output.parent or ".")
        try:
            with os.fdopen(handle, "wb") as out:
                held = write_backup(scorebook.store, out, datetime.now(UTC))
                out.flush()
                os.fsync(out.fileno())
            os.replace(written, output)
        except BaseException:
            Path(written).unlink(missing_ok=True)
            raise
    click.echo(printable(ctx.t("cli.backed_up", file=str(output), **_counted(held, ctx.lang))))


@main.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.pass_obj
def restore(ctx: Context, file: Path) -> None:
    """Add what the database lacks from a backup, in one transaction: checked whole first,
    so a damaged file or a conflict changes nothing."""
    data = read_binary_file(file, ctx.lang, MAX_BACKUP)
    with refusals(ctx.lang), ExitStack() as shown:
        bars: list[ProgressBar[int]] = []

        def progress(done: int, of: int) -> None:
            # Only on a terminal: standard error elsewhere holds a refusal's one line alone.
            if not sys.stderr.isatty():
                return
            if not bars:  # how many sessions there are is known once the file is read
                bars.append(shown.enter_context(click.progressbar(
                    length=of, label=ctx.t("cli.restoring"), file=sys.stderr)))
            bars[0].update(1)

        added = ctx.scorebook().restore(data, ctx.lang, progress)
    click.echo(printable(ctx.t("cli.restored", file=str(file), **_counted(added, ctx.lang))))


def _counted(counts: Counts, lang: str) -> dict[str, str]:
    return counted_phrases(lang, SCOREBOOK, **asdict(counts))
