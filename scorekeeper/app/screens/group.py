"""A group: its running tab over the finished evenings (won, paid, balance; who pays whom,
paid whole or in part on the tab), the season table, and every evening it played
(RULES.md, "Groups and the running tab")."""

from __future__ import annotations

import functools
from datetime import date
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.paying import PayCard, plan_moved
from scorekeeper.app.routes import route_to
from scorekeeper.app.screens.group_records import BeatsPanel, RecordsPanel
from scorekeeper.app.sharing import hand_on, shares
from scorekeeper.app.state.home import HOME_LIST
from scorekeeper.app.widgets import (
    GoTo,
    action,
    bullet,
    error_line,
    icon_button,
    panel,
    readout,
    refused,
    said_line,
    screen,
    screen_bar,
)
from scorekeeper.core import N_, counts
from scorekeeper.i18n.accounts import amount, payment_line, tab_payment_line
from scorekeeper.i18n.evening_words import season_line, tab_counted, tab_line, won_and_paid
from scorekeeper.i18n.placings import places_line
from scorekeeper.session import TAB_EXPORTS

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from scorekeeper.app.state.group_shown import GroupShown
    from scorekeeper.app.state.said import Said
    from scorekeeper.app.words import Words
    from scorekeeper.session.groups import GroupTab, TabExport


@ft.memo
@ft.component
def GroupScreen(name: str, group: GroupShown, host: bool, said: Said, words: Words,
                go: Callable[[str], object]) -> ft.Control:
    """The group ``name`` (as the route wrote it) as ``group`` shows it, its tab, season,
    records and evenings, and what is asked of it (paid on the tab only on the ``host``'s
    page); ``said``: why the last thing asked was refused, and where the notices go."""
    shown = group.group
    title = words.t("ui.group_of", group=shown.name if shown else name)
    if shown is None:
        return ft.Column(expand=True, spacing=0, controls=[
            screen_bar(words, go, title), screen(error_line(said.problem))])

    def paid_on_tab(payer: str, payee: str, minor: int) -> bool:
        if not group.pay(payer, payee, minor):
            return False
        said.notice = payment_line(payer, payee, minor, shown.money, words.language)
        return True

    pay = paid_on_tab if host else None
    pictures = shown.code_pictures(words.language)
    transfers = [
        PayCard(words, shown.money, transfer, shown.tab.paid_towards(transfer), offer, pictures,
                None if pay is None else functools.partial(pay, transfer.payer, transfer.payee))
        for transfer, offer in shown.offers(words.language)]
    if shown.tab.changed is not None:  # said once, above the plan it moved
        transfers.insert(0, plan_moved(words, shown.tab.changed, shown.money))
    return ft.Column(expand=True, spacing=0, controls=[
        screen_bar(words, go, title),
        screen(
            *refused(said, words, group.reload),
            action(words.t("ui.tonight_open"), ft.Icons.TABLE_RESTAURANT,
                   GoTo(go, route_to("tonight", group=shown.name)), filled=True),
            TabPanel(words, shown),
            panel(words.t("sheet.transfers"),
                  *(transfers or [ft.Text(words.t("cli.nothing_to_settle"))])),
            *([panel(words.t("ui.paid_on_tab"), *tab_payments(words, shown, group.take_back))]
              if shown.own_payments else []),
            SeasonPanel(words, shown, group.season, group.show_season),
            *([RecordsPanel(words, group.records, shown.name, go),
               BeatsPanel(words, group.records.beats)] if group.records else []),
            EveningsPanel(words, shown, go, group.every_evening, group.show_every_evening),
            TabExports(shown, group.season, said, words),
        ),
    ])


def TabExports(shown: GroupTab, season: int | None, said: Said, words: Words) -> ft.Control:
    """The tab and the season table (of ``season``, else the latest) as files: what
    ``scorekeeper export-tab`` writes."""

    async def save(kind: TabExport) -> None:
        name, body = shown.export(kind, words.language, date.today(), season)
        await ft.FilePicker().save_file(file_name=name, src_bytes=body)
        said.notice = words.t("ui.exported", file=name)

    async def send_card() -> None:
        name, body = shown.export("png", words.language, date.today())
        await hand_on(said, body, name)

    def saver(kind: TabExport) -> Callable[[], Awaitable[None]]:
        async def save_it() -> None:
            await save(kind)
        return save_it

    return ft.Row(wrap=True, spacing=10, controls=[
        action(words.t("card.share_tab") if shares() else words.t("card.download_tab"),
               ft.Icons.SHARE if shares() else ft.Icons.IMAGE, send_card, filled=True),
        *(action(words.t(made.label), getattr(ft.Icons, made.icon.upper()), saver(made.key))
          for made in TAB_EXPORTS.offered().values()),
    ])


def TabPanel(words: Words, shown: GroupTab) -> ft.Control:
    lang, money = words.language, shown.money
    rows = []
    for line in shown.tab.lines:
        balance = amount(line.balance, money, lang)
        said = tab_line(line, money, lang)
        rows.append(readout(label=said, content=ft.Column(spacing=0, controls=[
            ft.Row(alignment=ft.MainAxisAlignment.SPACE_BETWEEN, controls=[
                ft.Text(line.name, size=20, weight=ft.FontWeight.BOLD),
                ft.Text(balance, size=22, weight=ft.FontWeight.BOLD)]),
            ft.Text(won_and_paid(line, money, lang), size=14),
        ])))
    return panel(words.t("ui.tab_counted", counted=tab_counted(shown.tab, lang)),
                 *(rows or [ft.Text(words.t("ui.tab_empty"))]))


def tab_payments(words: Words, shown: GroupTab, take_back: Callable[[int], object]
                 ) -> list[ft.Control]:
    """The payments made on the tab itself, each of which can be taken back (keyed, as in
    ``payments_made``)."""
    lang, money = words.language, shown.money
    lines: list[ft.Control] = []
    for payment in shown.own_payments:
        given = payment.handover
        said = payment_line(given.payer, given.payee, given.minor, money, lang)
        listed = tab_payment_line(given, shown.tab, shown.name, money, lang)
        icon = ft.Icons.CHECK_CIRCLE if shown.tab.counts(given) else ft.Icons.WARNING_AMBER
        lines.append(ft.Row(spacing=4, key=f"payment-{payment.id}", controls=[
            ft.Container(expand=True, content=bullet(listed, icon=icon)),
            icon_button(ft.Icons.UNDO, words.t("ui.take_back_payment", payment=said),
                        lambda payment_id=payment.id: take_back(payment_id)),
        ]))
    return lines


def SeasonPanel(words: Words, shown: GroupTab, season: int | None,
                pick: Callable[[int], object]) -> ft.Control:
    """Per player: evenings played and won, money, flights, money per evening; ``season``:
    the year picked (``pick`` picks another), else the latest."""
    lang, money = words.language, shown.money
    years = shown.seasons()
    if not years:
        return panel(words.t("ui.season"), ft.Text(words.t("ui.tab_empty")))
    year = season if season in years else years[0]
    rows = []
    for line in shown.season(year):
        said = season_line(line, money, lang)
        rows.append(said_line(said))
    picker = ft.Row(wrap=True, spacing=8, controls=[
        ft.Chip(label=ft.Text(str(y)), selected=y == year,
                on_select=lambda _, y=y: pick(y))
        for y in years]) if len(years) > 1 else None
    return panel(words.t("ui.season_of", year=year), *([picker] if picker else []), *rows)


def EveningsPanel(words: Words, shown: GroupTab, go: Callable[[str], object],
                  showing_all: bool, show_all: Callable[[], object]) -> ft.Control:
    """The group's sessions, newest first (a screenful, as home lists them, unless
    ``showing_all``), each with its places, best first; one not finished does not count
    yet."""
    lang = words.language
    evenings = shown.record.evenings[::-1]
    named = shown.evening_names(lang)
    tiles: list[ft.Control] = []
    for session_id, _, day, finished in (evenings if showing_all
                                            else evenings[:HOME_LIST]):
        key = N_("ui.evening_counted") if finished else N_("ui.evening_not_counted")
        evening: list[ft.Control] = [action(
            words.t(key, name=named[session_id], day=words.day(date.fromisoformat(day))),
            ft.Icons.EVENT,
            lambda session_id=session_id: go(route_to("table", session=session_id)))]
        placed = shown.places.get(session_id)
        if placed is not None and placed.placings:
            said = places_line(placed.placings, placed.money, lang)
            evening.append(said_line(said, 14))
        tiles.append(ft.Column(spacing=4, controls=evening))
    if len(tiles) < len(evenings):
        tiles.append(ft.OutlinedButton(
            words.t(counts("ui.show_all_evenings", "count"), count=len(evenings)),
            on_click=show_all))
    return panel(words.t("ui.evenings"), ft.Column(spacing=12, controls=tiles))
