"""Sessions from the command line: replay a file, import, list, show, settle, export."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any, BinaryIO

import click

from scorekeeper.cli.base import (
    Context,
    Offered,
    SessionNumber,
    main,
    read_text_file,
    refusals,
    to_standard_output,
    write_file,
)
from scorekeeper.core import State, Table, Transfer, close, counts
from scorekeeper.core.leaving import who_left
from scorekeeper.core.owed import Handover, paid_between
from scorekeeper.core.text import printable
from scorekeeper.formats.csv_export import ENCODING
from scorekeeper.formats.exports import SESSION_EXPORTS
from scorekeeper.formats.replay import replay_report, result_at
from scorekeeper.formats.session_file import load_session
from scorekeeper.formats.standings_table import standings_table
from scorekeeper.i18n import LANGUAGES, number
from scorekeeper.i18n import date as day_text
from scorekeeper.i18n.accounts import paid_of, transfer_line
from scorekeeper.i18n.evening_words import leaving_line
from scorekeeper.session.files import read_session


@main.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the FORMAT.md JSON result.")
@click.option("--lang", type=click.Choice(sorted(LANGUAGES)), default=None,
              help="Language of messages and the table.")
@click.pass_obj
def replay(ctx: Context, file: Path, as_json: bool, lang: str | None) -> None:
    """Recompute a whole session from its file and print the result."""
    if lang is not None:
        ctx.lang = lang
    with refusals(ctx.lang):
        session_file = load_session(read_text_file(file, ctx.lang))
        replayed = session_file.replay()
        report = replay_report(replayed, session_file.evening.payments)
    if as_json:
        click.echo(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        click.echo(_report_table(ctx, session_file.name, report, replayed.table, replayed.state,
                                 session_file.evening.payments, session_file.evening.finished))


@main.command("import")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.pass_obj
def import_(ctx: Context, file: Path) -> None:
    """Store a session file: checked whole first, so a broken file changes nothing."""
    with refusals(ctx.lang):
        # Checked whole (every deal, every paid tick) before anything is stored.
        read = read_session(read_text_file(file, ctx.lang))
        scorebook = ctx.scorebook()
        with Progress(len(read.session.steps), ctx.t("cli.importing")) as bar:
            stored = scorebook.import_session(read.name, read.session, bar.update, read.evening)
    click.echo(ctx.t(counts("cli.imported", "deals"), id=stored.id, name=stored.name,
                     deals=stored.state.deals))


class Progress:
    """The import's progress bar, drawn on a terminal only and from the first deal written:
    a file refused before (its group plays in another currency) says so in one line, and
    one refused while writing has the bar's line wiped first."""

    def __init__(self, length: int, label: str) -> None:
        self.length, self.label = length, label
        self.bar: Any = None

    def __enter__(self) -> Progress:
        return self

    def update(self, steps: int) -> None:
        if self.bar is None:
            if not sys.stderr.isatty():
                return
            self.bar = click.progressbar(length=self.length, label=self.label, file=sys.stderr)
            self.bar.__enter__()
        self.bar.update(steps)

    def __exit__(self, *failed: object) -> None:
        if self.bar is None:
            return
        self.bar.__exit__(*failed)
        if failed[0] is not None:
            sys.stderr.write("\r\x1b[2K")  # the refusal that follows is the only line


@main.command()
@click.pass_obj
def sessions(ctx: Context) -> None:
    """List the stored sessions, latest first."""
    with refusals(ctx.lang):
        summaries = ctx.scorebook().summaries()
    for s in summaries:
        status = ctx.t(f"cli.status_{s.status}")
        deals = ctx.t(counts("cli.deals", "deals"), deals=s.deals)
        leading = ctx.t("cli.leader", leaders=", ".join(s.leaders) or "-")
        # printable(): names stored before names were checked may hold escape codes or CR/LF.
        click.echo(printable(
            f"{s.id:>4}  {day_text(s.day, ctx.lang)}  {s.name}  "
            f"[{s.variant}, {status}]  "
            f"{', '.join(s.players)}  · {deals}  · {leading}"))
    if not summaries:
        click.echo(ctx.t("cli.no_sessions"))


@main.command()
@click.argument("session_id", type=SessionNumber())
@click.pass_obj
def show(ctx: Context, session_id: int) -> None:
    """The session's standings and who pays whom."""
    with refusals(ctx.lang):
        session = ctx.scorebook().open(session_id)
        report = result_at(session.table, session.state, session.handovers)
        # Who went home, and what they owed going, as the leave panel said it.
        gone = ([ctx.t("cli.left_with", number=number,
                       said=leaving_line(left, session.table.money, ctx.lang))
                 for number, left in who_left(session.history, session.handovers)]
                if session.state.away else [])
    click.echo(_report_table(ctx, session.name, report, session.table, session.state,
                             session.handovers, session.finished, gone))


@main.command()
@click.argument("session_id", type=SessionNumber())
@click.pass_obj
def settle(ctx: Context, session_id: int) -> None:
    """Who pays whom to settle the session, in the fewest transfers."""
    with refusals(ctx.lang):
        session = ctx.scorebook().open(session_id)
    for transfer in session.transfers:
        click.echo(transfer_line(transfer, session.table.money, ctx.lang))
    if not session.transfers:
        click.echo(ctx.t("cli.nothing_to_settle"))


@main.command()
@click.argument("session_id", type=SessionNumber())
@click.option("--format", "fmt", type=Offered(SESSION_EXPORTS), default="json",
              help="png: the result card for the group chat; standings: csv --standings.")
@click.option("--standings", is_flag=True, help="CSV: one row per player instead of per entry.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="File to write (default: standard output; PDF and PNG need a file).")
@click.pass_obj
def export(ctx: Context, session_id: int, fmt: str, standings: bool, output: Path | None) -> None:
    """Export a session as the FORMAT.md JSON, a CSV of its ledger or standings, a PDF or
    its result card (PNG). The app's export buttons write the very same bytes."""
    kind = "standings" if fmt == "csv" and standings else fmt
    ctx.file_for(SESSION_EXPORTS[kind], output)
    with refusals(ctx.lang):
        _, body = ctx.scorebook().export(session_id, kind, ctx.lang)
        write_file(output, lambda out: out.write(body))


@main.command("export-ledger")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True)
@click.pass_obj
def export_ledger(ctx: Context, output: Path) -> None:
    """Every ledger entry of every stored session as one CSV (for a club's own analysis)."""
    def written(out: BinaryIO) -> int:
        text = io.TextIOWrapper(out, encoding=ENCODING, newline="")
        count = scorebook.write_every_entry(text)
        text.flush()
        text.detach()  # the file is write_file's to close
        return count

    with refusals(ctx.lang):
        scorebook = ctx.scorebook()
        count = write_file(output, written)
    click.echo(ctx.t(counts("cli.exported_entries", "count"), count=count, file=str(output)),
               err=to_standard_output(output))


def _report_table(ctx: Context, name: str, report: dict[str, Any], table: Table,
                  state: State, payments: Sequence[Handover], finished: bool,
                  gone: Sequence[str] = ()) -> str:
    """A session's result as a person reads it: the standings (``standings_table``: best
    first, each player's place and the figures it rests on), the games, who won, what the
    end of the session did, and who pays whom; under a transfer part of which is paid,
    what is paid of it ("paid SEK 4.00 of SEK 8.50"), as the settle-up and the card say."""
    money = table.money
    closing = close(table, state)
    standings = standings_table(table, state, closing, ctx.lang, finished=finished,
                                symbols=False)
    heads, rows = list(standings.columns), [list(row) for row in standings.rows]
    widths = [max(len(r[i]) for r in [heads, *rows]) for i in range(len(heads))]

    def line(cells: list[str]) -> str:
        # the place and the name to the left, every figure to the right
        cols = zip(cells[2:], widths[2:], strict=True)
        return "  ".join([cells[0].ljust(widths[0]), cells[1].ljust(widths[1]),
                          *(c.rjust(w) for c, w in cols)])

    if finished and not closing.pot_left:  # the pot went back or was shared: none is left
        title = ctx.t(counts("cli.replay_title_finished", "deals"), name=printable(name) or "-",
                      variant=report["variant"], deals=report["deals"])
    else:
        pot = money.units(closing.pot_left) if finished else report["pot"]
        title = ctx.t(counts("cli.replay_title", "deals"), name=printable(name) or "-",
                      variant=report["variant"], deals=report["deals"], pot=pot)
    out = [title, "", line(heads), *(line(r) for r in rows), ""]
    for game in state.games:
        if game.finished:
            out.append(ctx.t("cli.game_finished", number=game.number,
                             winners=", ".join(game.winners) or "-"))
    out += standings.notes
    if standings.winners:
        out.append(standings.winners_line)
    out += standings.closing
    out += [*gone, *([""] if gone else [])]
    out.append(ctx.t("cli.transfers"))

    def amount(figure: str) -> str:  # "-13.50" as the language writes it: "-13,50" in French
        return number(Decimal(figure), ctx.lang)

    for owed in report["transfers"]:
        out.append(f"  {owed['from']} → {owed['to']}  {amount(owed['amount'])}")
        if (towards := paid_between(owed["from"], owed["to"], payments)) > 0:
            left = Transfer(owed["from"], owed["to"],
                            int(Decimal(owed["amount"]).scaleb(money.digits)))
            out.append("    " + paid_of(towards, left, money, ctx.lang))
    if not report["transfers"]:
        out.append("  " + ctx.t("cli.nothing_to_settle"))
    return "\n".join(out)
