"""The command line: everything that is not play at the table."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from scorekeeper.core.errors import RuleError
from scorekeeper.formats.replay import replay_report
from scorekeeper.formats.session_file import load_session
from scorekeeper.i18n import DEFAULT_LANGUAGE, LANGUAGES, describe, text

BROKEN = 2  # exit status for a file that breaks a rule (FORMAT.md)


@click.group(invoke_without_command=True)
@click.pass_context
def main(context: click.Context) -> None:
    """Scorekeeper: score and settle Rams, Rounce, Mattmar and Ramsen at a real table."""
    if context.invoked_subcommand is None:
        click.echo(context.get_help())


@main.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the FORMAT.md JSON result.")
@click.option("--lang", type=click.Choice(sorted(LANGUAGES)), default=DEFAULT_LANGUAGE,
              help="Language of messages and the table.")
def replay(file: Path, as_json: bool, lang: str) -> None:
    """Recompute a whole session from its file and print the result."""
    try:
        source = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        click.echo(text("cli.cannot_read", lang, file=str(file), reason=str(error)), err=True)
        sys.exit(BROKEN)
    try:
        session_file = load_session(source)
        report = replay_report(session_file.replay())
    except RuleError as error:
        click.echo(describe(error, lang), err=True)
        sys.exit(BROKEN)
    if as_json:
        click.echo(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        click.echo(_table(session_file.name, report, lang))


def _table(name: str, report: dict, lang: str) -> str:
    """The replay as a table a person reads."""
    heads = [text(f"cli.col_{c}", lang) for c in ("player", "score", "units", "flights", "money")]
    rows = [[p["name"], str(p["score"]), str(p["units"]), str(p["flights"]), p["money"]]
            for p in report["players"]]
    widths = [max(len(r[i]) for r in [heads, *rows]) for i in range(len(heads))]

    def line(cells: list[str]) -> str:
        first = cells[0].ljust(widths[0])
        return "  ".join([first, *(c.rjust(w) for c, w in zip(cells[1:], widths[1:], strict=True))])

    out = [text("cli.replay_title", lang, name=name or "-", variant=report["variant"],
                deals=report["deals"], pot=report["pot"])]
    out += ["", line(heads), *(line(r) for r in rows)]
    for game in report["games"]:
        winners = ", ".join(game["winners"]) or "-"
        key = "cli.game_finished" if game["finished"] else "cli.game_running"
        out.append(text(key, lang, number=game["number"], winners=winners))
    if report["winners"]:
        out.append(text("cli.winners", lang, winners=", ".join(report["winners"])))
    out += ["", text("cli.transfers", lang)]
    out += [f"  {t['from']} → {t['to']}  {t['amount']}" for t in report["transfers"]]
    if not report["transfers"]:
        out.append("  " + text("cli.nothing_to_settle", lang))
    return "\n".join(out)
