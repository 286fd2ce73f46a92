"""The command line: everything that is not play at the table."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import Any

import click

from scorekeeper.core import POT, RuleError, close, make_money
from scorekeeper.formats.csv_export import ENCODING, write_ledger, write_standings
from scorekeeper.formats.replay import replay_report
from scorekeeper.formats.session_file import dump_session, load_session
from scorekeeper.i18n import DEFAULT_LANGUAGE, LANGUAGES, describe, render, text
from scorekeeper.platform import can_host_network_table, can_use_club_database

BROKEN = 2  # exit status for a file that breaks a rule (FORMAT.md)
REFUSED = 1  # exit status for anything else the store refuses
MAX_FILE = 64 * 1024 * 1024  # a session file larger than this is not a night of cards


class Context:
    def __init__(self, db: str | None, lang: str) -> None:
        self.db = db
        self.lang = lang

    def store(self) -> Any:
        from scorekeeper.store.database import connect
        from scorekeeper.store.sessions import SessionStore

        return SessionStore(connect(self.db))

    def t(self, key: str, **params: Any) -> str:
        return text(key, self.lang, **params)


@contextmanager
def refusals(lang: str) -> Iterator[None]:
    """Anything the rules or the store refuse: one line on standard error, nothing changed."""
    try:
        yield
    except RuleError as error:
        click.echo(describe(error, lang), err=True)
        sys.exit(BROKEN)
    except Exception as error:
        # The store is imported only here: `scorekeeper serve` must not wait for it.
        from scorekeeper.store.database import DatabaseTooNewError
        from scorekeeper.store.sessions import StoreError

        if isinstance(error, StoreError):
            click.echo(render(error.message, lang), err=True)
        elif isinstance(error, DatabaseTooNewError):
            click.echo(text("store.too_new", lang, revision=error.revision), err=True)
        else:
            raise
        sys.exit(REFUSED)


@click.group(invoke_without_command=True)
@click.option("--db", envvar="SCOREKEEPER_DB",
              help="Database URL (default: SQLite in your data folder).")
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
        start(ctx.db, port=port, browser=True if browser else None)


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
        serve_app(ctx.db, host=host, port=port)


def read_session_file(file: Path, lang: str) -> Any:
    try:
        if file.stat().st_size > MAX_FILE:
            raise OSError(text("cli.file_too_large", lang))
        source = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        click.echo(text("cli.cannot_read", lang, file=str(file), reason=str(error)), err=True)
        sys.exit(BROKEN)
    return load_session(source)


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
        session_file = read_session_file(file, ctx.lang)
        session = session_file.replay()
        store = ctx.store()
        with click.progressbar(length=len(session.steps), label=ctx.t("cli.importing"),
                               file=sys.stderr) as bar:
            stored = store.import_session(session_file.name, session, bar.update)
    click.echo(ctx.t("cli.imported", id=stored.id, name=stored.name, deals=stored.state.deals))


@main.command()
@click.pass_obj
def sessions(ctx: Context) -> None:
    """List the stored sessions, latest first."""
    with refusals(ctx.lang):
        summaries = ctx.store().summaries()
    for s in summaries:
        status = ctx.t(f"cli.status_{s.status}")
        leaders = ", ".join(s.leaders) or "-"
        click.echo(f"{s.id:>4}  {s.updated_at:%Y-%m-%d}  {s.name}  [{s.variant}, {status}]  "
                   f"{', '.join(s.players)}  · {ctx.t('cli.deals', deals=s.deals)}"
                   f"  · {ctx.t('cli.leader', leaders=leaders)}")
    if not summaries:
        click.echo(ctx.t("cli.no_sessions"))


@main.command()
@click.argument("session_id", type=int)
@click.pass_obj
def show(ctx: Context, session_id: int) -> None:
    """The session's standings and who pays whom."""
    with refusals(ctx.lang):
        stored, session = ctx.store().replayed(session_id)
    click.echo(_report_table(ctx, stored.name, replay_report(session)))


@main.command()
@click.argument("session_id", type=int)
@click.pass_obj
def settle(ctx: Context, session_id: int) -> None:
    """Who pays whom to settle the session, in the fewest transfers."""
    with refusals(ctx.lang):
        stored = ctx.store().get(session_id)
    closing = close(stored.table, stored.state)
    money = stored.table.money
    pot = ctx.t("ledger.pot_account")
    for t in closing.transfers:
        click.echo(ctx.t("sheet.transfer", payer=pot if t.payer == POT else t.payer,
                         payee=pot if t.payee == POT else t.payee,
                         amount=money.format(t.minor), currency=money.currency or "").strip())
    if not closing.transfers:
        click.echo(ctx.t("cli.nothing_to_settle"))


@main.command()
@click.argument("session_id", type=int)
@click.option("--format", "fmt", type=click.Choice(["json", "csv", "pdf"]), default="json")
@click.option("--standings", is_flag=True, help="CSV: one row per player instead of per entry.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="File to write (default: standard output; PDF needs a file).")
@click.pass_obj
def export(ctx: Context, session_id: int, fmt: str, standings: bool, output: Path | None) -> None:
    """Export a session as the FORMAT.md JSON, a CSV of its ledger or standings, or a PDF."""
    with refusals(ctx.lang):
        store = ctx.store()
        stored, session = store.replayed(session_id)
        if fmt == "json":
            body = json.dumps(dump_session(stored.name, session), ensure_ascii=False, indent=2)
            _write(output, lambda out: out.write(body + "\n"), encoding="utf-8")
        elif fmt == "pdf":
            from scorekeeper.formats.pdf_sheet import score_sheet

            if output is None:
                raise click.UsageError(ctx.t("cli.pdf_needs_file"))
            output.write_bytes(score_sheet(stored.name, session, date.today(), ctx.lang))
        elif standings:
            closing = close(session.table, session.state)
            _write(output, lambda out: write_standings(out, session.table, session.state,
                                                       closing))
        else:
            entries = [*session.entries, *close(session.table, session.state).entries]
            if stored.finished:
                entries = store.entries(session_id)
                entries = [*(e for e in entries if e.deal), *(e for e in entries if not e.deal)]
            with click.progressbar(entries, label=ctx.t("cli.exporting"),
                                   file=sys.stderr) as rows:
                _write(output, lambda out: write_ledger(out, stored.name, session.table, rows,
                                                        ctx.lang))


def _write(output: Path | None, write: Callable[[Any], object], encoding: str = ENCODING
           ) -> None:
    if output is None:
        write(click.get_text_stream("stdout"))
        return
    with output.open("w", encoding=encoding, newline="") as out:
        write(out)


@main.command("export-ledger")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True)
@click.pass_obj
def export_ledger(ctx: Context, output: Path) -> None:
    """Every ledger entry of every stored session as one CSV (for a club's own analysis)."""
    from scorekeeper.store.ledger_export import write_all_entries

    with refusals(ctx.lang):
        store = ctx.store()
        with output.open("w", encoding=ENCODING, newline="") as out:
            count = write_all_entries(store.engine, out)
    click.echo(ctx.t("cli.exported_entries", count=count, file=str(output)))


@main.command()
@click.argument("name", required=False)
@click.pass_obj
def players(ctx: Context, name: str | None) -> None:
    """The roster, or one player's lifetime statistics per game."""
    from scorekeeper.store.statistics import lifetime

    with refusals(ctx.lang):
        store = ctx.store()
        if name is None:
            for player in store.roster():
                click.echo(player)
            return
        rows = lifetime(store.engine, name)
    if not rows:
        click.echo(ctx.t("cli.no_such_player", player=name))
        sys.exit(REFUSED)
    for row in rows:
        label = ctx.t("cli.all_games") if row.variant == "*" else ctx.t(f"variant.{row.variant}")
        money = ", ".join(f"{make_money(1, c or None).format(m)} {c}".strip()
                          for c, m in row.money.items())
        click.echo(ctx.t("cli.lifetime", game=label, sessions=row.sessions,
                         deals=row.deals_played, tricks=row.tricks, flights=row.flights,
                         won=row.games_won, money=money))


def _report_table(ctx: Context, name: str, report: dict[str, Any]) -> str:
    """A replay report as a table a person reads."""
    heads = [ctx.t(f"cli.col_{c}") for c in ("player", "score", "units", "flights", "money")]
    rows = [[p["name"], str(p["score"]), str(p["units"]), str(p["flights"]), p["money"]]
            for p in report["players"]]
    widths = [max(len(r[i]) for r in [heads, *rows]) for i in range(len(heads))]

    def line(cells: list[str]) -> str:
        cols = zip(cells[1:], widths[1:], strict=True)
        return "  ".join([cells[0].ljust(widths[0]), *(c.rjust(w) for c, w in cols)])

    out = [ctx.t("cli.replay_title", name=name or "-", variant=report["variant"],
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
