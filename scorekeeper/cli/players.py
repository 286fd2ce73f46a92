"""The roster from the command line: who is in it, each player's lifetime statistics, and
the roster file that moves everyone's payment details to another device."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from scorekeeper.cli.base import (
    REFUSED,
    Context,
    main,
    read_text_file,
    refusals,
    to_standard_output,
    write_file,
)
from scorekeeper.core.table import stored_money
from scorekeeper.core.text import printable, quote
from scorekeeper.i18n import counted_phrases
from scorekeeper.i18n.accounts import amount
from scorekeeper.i18n.evening_words import wins_said


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
        click.echo(ctx.t("cli.lifetime", game=label, money=money,
                         won=wins_said(row.won, ctx.lang), **counted_phrases(
            ctx.lang, sessions=row.sessions, deals=row.deals_played, tricks=row.tricks,
            flights=row.flights)))


def _roster_file(ctx: Context, export_to: Path | None, import_from: Path | None) -> None:
    with refusals(ctx.lang):
        scorebook = ctx.scorebook()
        if import_from is not None:
            kept = scorebook.import_roster_file(read_text_file(import_from, ctx.lang), ctx.lang)
            click.echo(printable(ctx.t("cli.roster_imported", file=str(import_from),
                                       players=", ".join(kept) or "-")))
        if export_to is not None:
            names = scorebook.roster()
            body = scorebook.roster_file()
            write_file(export_to, lambda out: out.write(body), private=True)  # payment details
            click.echo(printable(ctx.t("cli.roster_exported", file=str(export_to),
                                       players=", ".join(names) or "-")),
                       err=to_standard_output(export_to))
