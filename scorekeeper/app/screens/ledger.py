"""The ledger: deal by deal, every entry with the rule that caused it; edit or delete any
deal, and everything after it is recomputed."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.inputs import choices
from scorekeeper.app.routes import route_to
from scorekeeper.app.screens.settle import payments_made
from scorekeeper.app.widgets import (
    Link,
    confirmation,
    error_line,
    labelled,
    long_screen,
    readout,
    screen_bar,
)
from scorekeeper.core import Entry, Payment, SeatChange, counts, score_text
from scorekeeper.core.rulebook import rule_for
from scorekeeper.i18n import render
from scorekeeper.i18n.accounts import account_name
from scorekeeper.i18n.accounts import amount as money_text

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorekeeper.app.state.said import Said
    from scorekeeper.app.words import Words
    from scorekeeper.session import LedgerDeal, OpenSession

# The client lays out the cards on screen and this many pixels beyond (a screen reader
# finds the next few without scrolling): a phone lays out about 5 cards, not all of them.
BEYOND_SCREEN = 1200
FIGURE = ft.TextStyle(weight=ft.FontWeight.BOLD)  # an entry's figure, under its reason


@ft.memo
@ft.component
def Ledger(session: OpenSession, newest: int, may_score: bool,
           delete: Callable[[OpenSession, int], object], show_earlier: Callable[[], None],
           said: Said, words: Words, go: Callable[[str], object]) -> ft.Control:
    """The ``newest`` deals of ``session`` (the page worked out when the route opened), each
    edited or deleted by one who ``may_score`` while the session is not finished; ``said``:
    why the last thing asked was refused, and the delete dialog's notice."""
    deleting, set_deleting = ft.use_state(None)
    only, set_only = ft.use_state(None)  # one player's entries, or everyone's
    ledger = session.ledger_page(newest)
    lang = words.language

    def delete_it(index: int) -> None:
        set_deleting(None)
        delete(session, index)

    ft.use_dialog(
        confirmation(said, words, words.t("ui.delete_title", number=deleting + 1),
                     words.t("ui.delete_text"),
                     words.t("ui.delete_confirm"), lambda: delete_it(deleting),
                     lambda: set_deleting(None))
        if deleting is not None
        else None
    )

    editable = may_score and not session.finished
    everyone = words.t("ui.ledger_everyone")
    cards: list[ft.Control] = [
        choices(words.t("ui.ledger_filter"),
                [("", everyone), *((p, p) for p in session.state.everyone)],
                only or "", lambda key: set_only(key or None), lang),
        *payments_made(words, session),  # the money handed over so far
    ]
    if session.finished and session.closing.entries:
        cards.append(deal_card(words, go, session, words.t("ui.end_of_session"), "",
                               list(session.closing.entries), None, None, None, only))
    for row in reversed(ledger):
        what = "; ".join(render(e, lang) for e in row.events)
        title = words.t("ui.ledger_deal", number=row.number, dealer=row.dealer)
        cards.append(deal_card(
            words, go, session, title, what, list(row.entries), row,
            (lambda n=row.number: go(route_to("edit", session=session.id, deal=n - 1)))
            if editable else None,
            (lambda n=row.number: set_deleting(n - 1)) if editable else None,
            only,
        ))
    if session.deal_count > newest:
        earlier = session.deal_count - newest
        cards.append(ft.OutlinedButton(words.t(counts("ui.show_earlier", "count"),
                                               count=earlier), on_click=show_earlier))
    if not ledger:
        cards.append(ft.Text(words.t("ui.no_deals_yet")))
    return ft.Column(expand=True, spacing=0, controls=[
        # The score sheet is a tap away here: a phone's table bar has no room for it.
        screen_bar(words, go, words.t("ui.ledger_of", name=words.session_name(
            session.name, session.table.rules.variant)), route_to("table", session=session.id),
            [Link(ft.Icons.GRID_ON, words.t("ui.sheet"), route_to("sheet", session=session.id))]),
        long_screen(error_line(said.problem), *cards, beyond=BEYOND_SCREEN),
    ])


def entry_line(words: Words, session: OpenSession, entry: Entry, only: str | None) -> str:
    """An entry's figure with its direction: ``Astrid → pot 5 (2.50 kr)``, or signed for the
    player the ledger is filtered to (``-5``: Astrid paid, ``+5``: Astrid received)."""
    lang = words.language
    money = session.table.money
    if isinstance(entry, SeatChange):
        return ""  # a seat change moves nothing: its reason says it all
    if not isinstance(entry, Payment):
        return f"{entry.points:+d}"
    units = money.units(entry.minor)
    cash = f" ({money_text(entry.minor, money, lang)})" if money.currency else ""
    if only is not None:
        sign = "-" if entry.payer == only else "+"
        return f"{sign}{units}{cash}"
    return (f"{account_name(entry.payer, lang)} → {account_name(entry.payee, lang)} "
            f"{units}{cash}")


def why_icon(words: Words, go: Callable[[str], object], reason: str, route: str) -> ft.Control:
    """A ledger entry's "why?": a small icon, as there is one on every line."""
    return labelled(words.t("rules.why_of", reason=reason), ft.IconButton(
        ft.Icons.HELP_OUTLINE, icon_size=18, on_click=lambda _: go(route)))


def concerns(entry: Entry, player: str) -> bool:
    if isinstance(entry, Payment):
        return player in (entry.payer, entry.payee)
    return entry.player == player


def deal_card(words: Words, go: Callable[[str], object], session: OpenSession, title: str,
              what: str, entries: list[Entry], row: LedgerDeal | None,
              edit: Callable[[], object] | None, delete: Callable[[], object] | None,
              only: str | None) -> ft.Control:
    """One deal's card. A plain function, not a component: thirty components (each with its
    hooks and its watch on the model) cost the server more than the cards themselves."""
    lang = words.language
    lines: list[ft.Control] = []
    for entry in entries:
        if only is not None and not concerns(entry, only):
            continue
        reason = render(entry.reason, lang)
        rule = rule_for(session.table.rules, entry.reason)
        figure = entry_line(words, session, entry, only)
        # The figure under its reason (beside it, a phone's line left the reason a word
        # wide), in one text: a page of the ledger is hundreds of lines to send and lay out.
        lines.append(ft.Row(spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            ft.Text(reason, size=15, expand=True,
                    spans=[ft.TextSpan(f"\n{figure}", style=FIGURE)] if figure else None),
            *([why_icon(words, go, reason, route_to("rules", session=session.id, rule=rule))]
              if rule else []),
        ]))
    if row is not None:
        # Only who sat at the table for the deal: one who was away has a gap, not a figure.
        players = [p for p in session.state.everyone if p in row.seated and only in (None, p)]
        totals = " · ".join(f"{p} {score_text(session.table, row.standing[p])}"
                            for p in players) or words.t("ui.away", player=only or "")
        line = words.t("ui.ledger_after", number=row.number, totals=totals, pot=row.pot)
        lines.append(readout(label=line, content=ft.Text(
            line, size=14, color=ft.Colors.ON_SURFACE_VARIANT)))
    buttons = []
    if edit is not None:
        label = words.t("ui.edit")
        buttons.append(labelled(f"{label} {title}", ft.TextButton(label, icon=ft.Icons.EDIT,
                                                                  on_click=lambda _: edit())))
    if delete is not None:
        label = words.t("ui.delete")
        buttons.append(labelled(f"{label} {title}", ft.TextButton(
            label, icon=ft.Icons.DELETE_OUTLINE, on_click=lambda _: delete())))
    return ft.Card(content=ft.Container(padding=ft.Padding.all(12), content=ft.Column(
        spacing=4,
        controls=[
            ft.Row(alignment=ft.MainAxisAlignment.SPACE_BETWEEN, wrap=True, controls=[
                ft.Text(title, size=17, weight=ft.FontWeight.BOLD), ft.Row(buttons, spacing=0)]),
            *([ft.Text(what, size=14, italic=True)] if what else []),
            *lines,
        ],
    )))
