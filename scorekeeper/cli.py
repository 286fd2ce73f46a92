"""The command line: everything that is not play at the table."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from scorekeeper.core import RuleError
from scorekeeper.core.table import stored_money
from scorekeeper.core.text import printable, quote
from scorekeeper.formats.csv_export import ENCODING
from scorekeeper.formats.replay import replay_report
from scorekeeper.formats.session_file import SessionFile, load_session
from scorekeeper.i18n import DEFAULT_LANGUAGE, LANGUAGES, describe, render, text
from scorekeeper.i18n.accounts import amount, transfer_line
from scorekeeper.platform import can_host_network_table, can_use_club_database

if TYPE_CHECKING:
    from scorekeeper.formats.exports import Export
    from scorekeeper.session import DatabaseChoice, Scorebook

BROKEN = 2  # exit status for a file that breaks a rule (FORMAT.md)
REFUSED = 1  # exit status for anything else the store refuses
MAX_FILE = 64 * 1024 * 1024  # a session file larger than this is not a night of cards
MAX_LINE = 400  # a refusal is one line a person reads, not a dump of what was refused


class Context:
    def __init__(self, db: str | None, lang: str) -> None:
        self.db = db
        self.lang = lang

    def database(self) -> DatabaseChoice:
        from scorekeeper.session.where import choose_database

        return choose_database(self.db)

    def scorebook(self) -> Scorebook:
        from scorekeeper.session import open_scorebook

        return open_scorebook(self.database())

    def t(self, key: str, **params: Any) -> str:
        return text(key, self.lang, **params)


@contextmanager
def refusals(lang: str) -> Iterator[None]:
    """Anything the rules or the store refuse: one line on standard error, nothing changed.

    A storage failure (full disk, read-only or foreign file, unreachable server) is one
    sentence too, wherever it happens: opening the store, reading, writing."""
    try:
        yield
    except RuleError as error:
        _refuse(describe(error, lang), BROKEN)
    except click.exceptions.Exit:
        raise
    except Exception as error:
        # The store is imported only here: `scorekeeper serve` must not wait for it.
        from scorekeeper.store.database import DatabaseTooNewError
        from scorekeeper.store.failures import StoreError, storage_error

        if isinstance(error, StoreError):
            _refuse(render(error.message, lang), REFUSED)
        if isinstance(error, DatabaseTooNewError):
            _refuse(text("store.too_new", lang, revision=quote(error.revision)), REFUSED)
        if isinstance(error, OSError):  # a file named on the command line, e.g. -o
            # (the store turns its own OSErrors into StorageErrors before they get here)
            _refuse(text("cli.cannot_write", lang, file=quote(error.filename or "?", 200),
                         reason=quote(error.strerror or error, 80)), REFUSED)
        failure = storage_error(error)  # e.g. from a query outside the store's methods
        if failure is not None:
            _refuse(render(failure.message, lang), REFUSED)
        raise


def _refuse(line: str, status: int) -> NoReturn:
    # One line, whatever the message holds: a refusal never moves the cursor or clears a screen.
    click.echo(printable(" ".join(line.splitlines()))[:MAX_LINE], err=True)
    sys.exit(status)


@click.group(invoke_without_command=True)
@click.option("--db", help="Database URL. Without it: SCOREKEEPER_DB, else the club database "
              "saved in the app's settings, else SQLite in your data folder (see `where`).")
@click.option("--lang", type=click.Choice(sorted(LANGUAGES)), default=DEFAULT_LANGUAGE,
              envvar="SCOREKEEPER_LANG", help="Language of all messages.")
@click.pass_context
def main(context: click.Context, db: str | None, lang: str) -> None:
    """Scorekeeper: score and settle Rams, Rounce, Mattmar and Ramsen at a real table."""
    if db and not db.startswith("sqlite") and not can_use_club_database():
        click.echo(text("cli.phone_no_club_database", lang), err=True)
        sys.exit(REFUSED)
    context.obj = Context(db, lang)
    if context.invoked_subcommand is None:
        context.invoke(app)


@main.command()
@click.option("--port", default=8550, show_default=True, help="Port of the browser app.")
@click.option("--browser", is_flag=True, help="Open in the browser even if a window can open.")
@click.pass_obj
def app(ctx: Context, port: int, browser: bool) -> None:
    """Open the app: a desktop window, or the same app in the browser."""
    from scorekeeper.app.run import start

    with refusals(ctx.lang):
        start(ctx.database(), port=port, browser=True if browser else None)


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to serve on; 0.0.0.0 shares the table on the local network.")
@click.option("--port", default=8550, show_default=True)
@click.pass_obj
def serve(ctx: Context, host: str, port: int) -> None:
    """Serve the table display, so every player can follow the scores on their phone.
    Off the loopback address a device needs the join code shown on the host's screen."""
    if not can_host_network_table():
        click.echo(ctx.t("cli.phone_no_serve"), err=True)
        sys.exit(REFUSED)
    from scorekeeper.app.run import serve as serve_app

    with refusals(ctx.lang):
        serve_app(ctx.database(), host=host, port=port)


def read_text_file(file: Path, lang: str) -> str:
    try:
        if file.stat().st_size > MAX_FILE:
            raise OSError(text("cli.file_too_large", lang))
        return file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        click.echo(text("cli.cannot_read", lang, file=str(file), reason=str(error)), err=True)
        sys.exit(BROKEN)


def read_session_file(file: Path, lang: str) -> SessionFile:
    return load_session(read_text_file(file, lang))


@main.command()
@click.pass_obj
def where(ctx: Context) -> None:
    """Which database every command (and the app) uses, and why."""
    from scorekeeper.store.database import data_dir

    choice = ctx.database()
    click.echo(ctx.t("cli.where_database", url=choice.shown,
                     why=ctx.t(f"cli.where_{choice.source}")))
    click.echo(ctx.t("cli.where_folder", folder=str(data_dir())))


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
        session_file = read_session_file(file, ctx.lang)
        report = replay_report(session_file.replay())
    if as_json:
        click.echo(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        click.echo(_report_table(ctx, session_file.name, report))


@main.command("import")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.pass_obj
def import_(ctx: Context, file: Path) -> None:
    """Store a session file: checked whole first, so a broken file changes nothing."""
    with refusals(ctx.lang):
        source = read_text_file(file, ctx.lang)
        session_file = load_session(source)
        session = session_file.replay()  # checked whole before anything is stored
        paid = _paid_ticks(source, session_file)
        scorebook = ctx.scorebook()
        with click.progressbar(length=len(session.steps), label=ctx.t("cli.importing"),
                               file=sys.stderr) as bar:
            stored = scorebook.import_session(session_file.name, session, bar.update, paid)
    click.echo(ctx.t("cli.imported", id=stored.id, name=stored.name, deals=stored.state.deals))


def _paid_ticks(source: str, session_file: SessionFile) -> set[tuple[str, str, int]]:
    """The transfers a session file ticked paid (its added ``paid_transfers`` field)."""
    if "paid_transfers" not in source:  # most files: no need to read the JSON again
        return set()
    from scorekeeper.formats.session_payments import load_paid

    return load_paid(json.loads(source.removeprefix("\ufeff")), session_file.table)


@main.command()
@click.pass_obj
def sessions(ctx: Context) -> None:
    """List the stored sessions, latest first."""
    with refusals(ctx.lang):
        summaries = ctx.scorebook().summaries()
    for s in summaries:
        status = ctx.t(f"cli.status_{s.status}")
        leaders = ", ".join(s.leaders) or "-"
        # printable(): names stored before names were checked may hold escape codes or CR/LF.
        click.echo(printable(
            f"{s.id:>4}  {s.updated_at:%Y-%m-%d}  {s.name}  [{s.variant}, {status}]  "
            f"{', '.join(s.players)}  · {ctx.t('cli.deals', deals=s.deals)}"
            f"  · {ctx.t('cli.leader', leaders=leaders)}"))
    if not summaries:
        click.echo(ctx.t("cli.no_sessions"))


@main.command()
@click.argument("session_id", type=int)
@click.pass_obj
def show(ctx: Context, session_id: int) -> None:
    """The session's standings and who pays whom."""
    with refusals(ctx.lang):
        session = ctx.scorebook().open(session_id)
        report = replay_report(session.history)
    click.echo(_report_table(ctx, session.name, report))


@main.command()
@click.argument("session_id", type=int)
@click.pass_obj
def settle(ctx: Context, session_id: int) -> None:
    """Who pays whom to settle the session, in the fewest transfers."""
    with refusals(ctx.lang):
        session = ctx.scorebook().open(session_id)
    for transfer in session.closing.transfers:
        click.echo(transfer_line(transfer, session.table.money, ctx.lang))
    if not session.closing.transfers:
        click.echo(ctx.t("cli.nothing_to_settle"))


@main.command()
@click.argument("session_id", type=int)
@click.option("--format", "fmt", type=click.Choice(["json", "csv", "pdf"]), default="json")
@click.option("--standings", is_flag=True, help="CSV: one row per player instead of per entry.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="File to write (default: standard output; PDF needs a file).")
@click.pass_obj
def export(ctx: Context, session_id: int, fmt: str, standings: bool, output: Path | None) -> None:
    """Export a session as the FORMAT.md JSON, a CSV of its ledger or standings, or a PDF.
    The app's export buttons write the very same bytes."""
    if fmt == "pdf" and output is None:
        raise click.UsageError(ctx.t("cli.pdf_needs_file"))
    kind: Export = "standings" if fmt == "csv" and standings else fmt  # type: ignore[assignment]
    with refusals(ctx.lang):
        _, body = ctx.scorebook().export(session_id, kind, ctx.lang)
        if output is None:
            click.get_binary_stream("stdout").write(body)
        else:
            output.write_bytes(body)


@main.command("export-ledger")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True)
@click.pass_obj
def export_ledger(ctx: Context, output: Path) -> None:
    """Every ledger entry of every stored session as one CSV (for a club's own analysis)."""
    with refusals(ctx.lang):
        scorebook = ctx.scorebook()
        with output.open("w", encoding=ENCODING, newline="") as out:
            count = scorebook.write_every_entry(out)
    click.echo(ctx.t("cli.exported_entries", count=count, file=str(output)))


@main.command()
@click.argument("name", required=False)
@click.option("--export", "export_to", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the roster with everyone's payment details to this file.")
@click.option("--import", "import_from", type=click.Path(dir_okay=False, path_type=Path),
              help="Read a roster file: its players and their payment details are kept "
              "(checked whole first: one bad detail and nothing is taken).")
@click.pass_obj
def players(ctx: Context, name: str | None, export_to: Path | None,
            import_from: Path | None) -> None:
    """The roster, or one player's lifetime statistics per game; --export/--import move
    the roster with its payment details to another device."""
    if export_to is not None or import_from is not None:
        _roster_file(ctx, export_to, import_from)
        return
    with refusals(ctx.lang):
        scorebook = ctx.scorebook()
        if name is None:
            for player in scorebook.roster():
                click.echo(player)
            return
        rows = scorebook.lifetime(name)
    if not rows:
        click.echo(ctx.t("cli.no_such_player", player=quote(name, 40)))
        sys.exit(REFUSED)
    for row in rows:
        label = ctx.t("cli.all_games") if row.variant == "*" else ctx.t(f"variant.{row.variant}")
        money = ", ".join(amount(m, stored_money("1", c or None), ctx.lang)
                          for c, m in row.money.items())
        click.echo(ctx.t("cli.lifetime", game=label, sessions=row.sessions,
                         deals=row.deals_played, tricks=row.tricks, flights=row.flights,
                         won=row.games_won, money=money))


def _roster_file(ctx: Context, export_to: Path | None, import_from: Path | None) -> None:
    from scorekeeper.formats.roster_file import dump_roster, load_roster

    with refusals(ctx.lang):
        scorebook = ctx.scorebook()
        if import_from is not None:
            roster = load_roster(read_text_file(import_from, ctx.lang), ctx.lang)
            kept = scorebook.import_roster(roster)
            click.echo(printable(ctx.t("cli.roster_imported", file=str(import_from),
                                       players=", ".join(kept) or "-")))
        if export_to is not None:
            names = scorebook.roster()
            export_to.write_bytes(dump_roster(names, scorebook.payment_details(names)))
            click.echo(printable(ctx.t("cli.roster_exported", file=str(export_to),
                                       players=", ".join(names) or "-")))


def _report_table(ctx: Context, name: str, report: dict[str, Any]) -> str:
    """A replay report as a table a person reads."""
    heads = [ctx.t(f"cli.col_{c}") for c in ("player", "score", "units", "flights", "money")]
    rows = [[p["name"], str(p["score"]), str(p["units"]), str(p["flights"]), p["money"]]
            for p in report["players"]]
    widths = [max(len(r[i]) for r in [heads, *rows]) for i in range(len(heads))]

    def line(cells: list[str]) -> str:
        cols = zip(cells[1:], widths[1:], strict=True)
        return "  ".join([cells[0].ljust(widths[0]), *(c.rjust(w) for c, w in cols)])

    out = [ctx.t("cli.replay_title", name=printable(name) or "-", variant=report["variant"],
                 deals=report["deals"], pot=report["pot"])]
    out += ["", line(heads), *(line(r) for r in rows), ""]
    for game in report["games"]:
        winners = ", ".join(game["winners"]) or "-"
        key = "cli.game_finished" if game["finished"] else "cli.game_running"
        out.append(ctx.t(key, number=game["number"], winners=winners))
    if report["winners"]:
        out.append(ctx.t("cli.winners", winners=", ".join(report["winners"])))
    out.append(ctx.t("cli.transfers"))
    out += [f"  {t['from']} → {t['to']}  {t['amount']}" for t in report["transfers"]]
    if not report["transfers"]:
        out.append("  " + ctx.t("cli.nothing_to_settle"))
    return "\n".join(out)
