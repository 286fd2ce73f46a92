"""Who beats whom from the command line: ``scorekeeper versus A B`` (FORMAT.md, "Who beats
whom")."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import click

from scorekeeper.cli.base import Context, main, refusals
from scorekeeper.core import counts
from scorekeeper.core.head_to_head import year_asked
from scorekeeper.core.table import Money
from scorekeeper.core.text import printable
from scorekeeper.i18n import LANGUAGES, number

if TYPE_CHECKING:
    from scorekeeper.core.head_to_head import HeadToHead


@main.command()
@click.argument("first")
@click.argument("second")
@click.option("--group", default=None, help="Only the group's finished sessions.")
@click.option("--year", default=None, help="Only the sessions played that year.")
@click.option("--json", "as_json", is_flag=True, help="Print the FORMAT.md JSON.")
@click.option("--lang", type=click.Choice(sorted(LANGUAGES)), default=None,
              help="Language of messages.")
@click.pass_obj
def versus(ctx: Context, first: str, second: str, group: str | None, year: str | None,
           as_json: bool, lang: str | None) -> None:
    """Who beats whom: two players' finished sessions together, who was ahead, and their
    money over them per currency."""
    if lang is not None:
        ctx.lang = lang
    with refusals(ctx.lang):
        season = year_asked(year) if year is not None else None
        found = ctx.scorebook().versus(first, second, group, season)
    if as_json:
        click.echo(json.dumps(versus_report(found), ensure_ascii=False, indent=2))
        return
    click.echo(printable(" · ".join([ctx.t("versus.title", first=found.players[0],
                                           second=found.players[1]),
                                     *([found.group] if found.group else []),
                                     *([str(found.year)] if found.year else [])])))
    click.echo(ctx.t(counts("versus.sessions", "count"), count=len(found.sessions),
                     level=found.level))
    a, b = found.players
    rows = [["", a, b], [ctx.t("versus.ahead"), str(found.ahead[a]), str(found.ahead[b])]]
    for between in found.money:
        money = Money(currency=between.currency)
        rows.append([between.currency, *(number(money.to_decimal(between.minor[p]), ctx.lang)
                                         for p in (a, b))])
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for row in rows:
        click.echo(printable("  ".join([row[0].ljust(widths[0]),
                                        *(cell.rjust(w) for cell, w in zip(row[1:], widths[1:],
                                                                            strict=True))])))


def versus_report(found: HeadToHead) -> dict[str, object]:
    """The head to head in the shape FORMAT.md fixes."""
    a, b = found.players
    return {
        "players": [a, b],
        "sessions": len(found.sessions),
        "ahead": {a: found.ahead[a], b: found.ahead[b]},
        "level": found.level,
        "money": [{"currency": between.currency,
                   **{p: Money(currency=between.currency).format(between.minor[p])
                      for p in (a, b)}}
                  for between in found.money],
    }
