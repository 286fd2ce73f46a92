"""Groups from the command line: the running tab, a payment on it, the season table
(FORMAT.md, "The running tab")."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

import click

from scorekeeper.cli.base import Context, Offered, main, refusals, write_file
from scorekeeper.core.head_to_head import year_asked
from scorekeeper.core.owed import WRITTEN, amount_of
from scorekeeper.core.text import printable
from scorekeeper.formats.tab_export import TAB_EXPORTS
from scorekeeper.i18n import number, parse_number
from scorekeeper.i18n.accounts import amount as money_text
from scorekeeper.i18n.accounts import (
    payment_line,
    plan_change_line,
    tab_payment_line,
    transfer_line,
)
from scorekeeper.i18n.evening_words import tab_counted

if TYPE_CHECKING:  # the session layer loads on use
    from scorekeeper.session.groups import GroupTab


@main.command()
@click.argument("group")
@click.option("--json", "as_json", is_flag=True, help="Print the FORMAT.md JSON tab.")
@click.pass_obj
def tab(ctx: Context, group: str, as_json: bool) -> None:
    """The group's running tab: each player's won, paid and balance, and who pays whom."""
    with refusals(ctx.lang):
        shown = ctx.scorebook().group(group)
    if as_json:
        click.echo(json.dumps(tab_report(shown), ensure_ascii=False, indent=2))
        return
    money = shown.money
    heads = [ctx.t(f"cli.col_{c}") for c in ("player", "won", "paid", "balance")]
    rows = [[line.name, *(number(money.to_decimal(m), ctx.lang)
                          for m in (line.won, line.paid, line.balance))]
            for line in shown.tab.lines]
    click.echo(printable(ctx.t("cli.tab_counted", group=shown.name,
                               counted=tab_counted(shown.tab, ctx.lang))))
    click.echo(_table([heads, *rows]))
    for payment in shown.own_payments:
        click.echo(printable(tab_payment_line(payment.handover, shown.tab, shown.name, money,
                                              ctx.lang)))
    click.echo(ctx.t("cli.transfers"))
    if shown.tab.changed is not None:
        click.echo("  " + printable(plan_change_line(shown.tab.changed, money, ctx.lang)))
    for transfer in shown.tab.transfers:
        click.echo("  " + printable(transfer_line(transfer, money, ctx.lang)))
    if not shown.tab.transfers:
        click.echo("  " + ctx.t("cli.nothing_to_settle"))


# "-5" is an amount to refuse in words, not an option nobody defined.
@main.command(context_settings={"ignore_unknown_options": True})
@click.argument("group")
@click.option("--from", "payer", required=True, help="Who pays.")
@click.option("--to", "payee", required=True, help="Who is paid.")
@click.argument("amount")
@click.pass_obj
def pay(ctx: Context, group: str, payer: str, payee: str, amount: str) -> None:
    """Record a payment on the group's tab (partial payments welcome)."""
    with refusals(ctx.lang):
        scorebook = ctx.scorebook()
        money = scorebook.group(group).money
        minor = amount_of(_amount(amount, ctx.lang), money, typed=amount)
        shown = scorebook.pay_on_tab(group, payer, payee, minor)
    payment = payment_line(shown.tab.player(payer, shown.name),
                           shown.tab.player(payee, shown.name), minor, shown.money, ctx.lang)
    click.echo(printable(ctx.t("cli.paid_on_tab", group=shown.name, payment=payment)))


@main.command()
@click.argument("group")
@click.option("--year", default=None, help="The season (default: the latest).")
@click.option("--json", "as_json", is_flag=True, help="Print the season table as JSON.")
@click.pass_obj
def season(ctx: Context, group: str, year: str | None, as_json: bool) -> None:
    """The group's season table: evenings played and won, money, flights, per evening."""
    with refusals(ctx.lang):
        asked = year_asked(year) if year is not None else None  # 1900 to 9999, as versus
        shown = ctx.scorebook().group(group)
        years = shown.seasons()
        season_of = asked if asked is not None else (years[0] if years else None)
        lines = shown.season(season_of) if season_of is not None else []
    money = shown.money
    if as_json:
        click.echo(json.dumps({
            "group": shown.name, "currency": money.currency, "year": season_of,
            "players": [{"name": line.name, "place": line.place, "evenings": line.evenings,
                         "evenings_won": line.evenings_won,
                         "money": money.format(line.money), "flights": line.flights,
                         "per_evening": money.format(line.per_evening)} for line in lines],
        }, ensure_ascii=False, indent=2))
        return
    click.echo(printable(ctx.t("cli.season_title", group=shown.name, year=season_of or "-")))
    heads = [ctx.t("standings.place"), *(ctx.t(f"cli.col_{c}") for c in (
        "player", "evenings", "evenings_won", "money", "flights", "per_evening"))]
    rows = [[str(line.place), line.name, str(line.evenings), str(line.evenings_won),
             money_text(line.money, money, ctx.lang), str(line.flights),
             money_text(line.per_evening, money, ctx.lang)] for line in lines]
    click.echo(_table([heads, *rows], left=2))


@main.command("export-tab")
@click.argument("group")
@click.option("--format", "fmt", type=Offered(TAB_EXPORTS),
              default="csv", help="csv: the tab; season: the season table; pdf: both, "
              "printable; png: the tab's card for the group chat.")
@click.option("--year", default=None, help="The season (default: the latest).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="File to write (default: standard output; PDF and PNG need a file).")
@click.pass_obj
def export_tab(ctx: Context, group: str, fmt: str, year: str | None,
               output: Path | None) -> None:
    """Export a group's tab or season table; the group screen's buttons write the same
    bytes."""
    ctx.file_for(TAB_EXPORTS[fmt], output)
    with refusals(ctx.lang):
        asked = year_asked(year) if year is not None else None
        shown = ctx.scorebook().group(group)
        _, body = shown.export(fmt, ctx.lang, date.today(), asked)
        write_file(output, lambda out: out.write(body))


def tab_report(shown: GroupTab) -> dict[str, object]:
    """The tab in the shape FORMAT.md fixes."""
    money = shown.money
    report: dict[str, object] = {
        "group": shown.name,
        "currency": money.currency,
        "sessions": shown.tab.sessions,
        "players": [{"name": line.name, "won": money.format(line.won),
                     "paid": money.format(line.paid), "balance": money.format(line.balance)}
                    for line in shown.tab.lines],
        "transfers": [{"from": t.payer, "to": t.payee, "amount": money.format(t.minor)}
                      for t in shown.tab.transfers],
    }
    if shown.tab.not_counted:  # a field added only where there is one: FORMAT.md's tabs stay
        report["not_counted"] = [
            {"from": given.payer, "to": given.payee, "amount": money.format(given.minor)}
            for given in shown.tab.not_counted]
    return report


def _amount(typed: str, language: str) -> Decimal | str:
    """An amount as typed: "10.00" as FORMAT.md writes it, or as the language writes it
    ("10,00" in Swedish); what is neither is left for the rules to refuse in words."""
    if WRITTEN.fullmatch(typed.strip()):
        return Decimal(typed.strip())
    found = parse_number(typed, language)
    return typed if found is None else found


def _table(rows: list[list[str]], left: int = 1) -> str:
    """``rows`` in columns, the first ``left`` to the left, the figures to the right."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join(printable("  ".join(
        cell.ljust(width) if column < left else cell.rjust(width)
        for column, (cell, width) in enumerate(zip(row, widths, strict=True))))
        for row in rows)
