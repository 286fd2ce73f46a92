"""The score sheet as it is kept on paper: a line per deal, who dealt it, where everyone
stood after it and what was left in the pot (the PDF's protocol, on screen)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.fonts import widest_drawn
from scorekeeper.app.routes import route_to
from scorekeeper.app.widgets import ScreenBar, back_to, panel, readout, screen
from scorekeeper.core import counts

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorekeeper.app.words import Words
    from scorekeeper.session import LedgerDeal, OpenSession

SIZE = 14
# px between a column's words and the next's, whichever side each is set to: at 2, with the
# columns a set width, a phone showed "AstridBengt".
GAP = 8
DEALER = 1  # the dealer's column, set to the left; the figures are set to the right


def column_widths(columns: list[list[str]]) -> list[int]:
    """Each column as wide as the widest words it holds, its heading bold: a phone's 390
    holds four players and the pot, and a longer name widens its own column (the sheet
    scrolls sideways) rather than run into the next."""
    return [math.ceil(max(widest_drawn(words, SIZE) for words in column))
            for column in columns]


def cells(texts: list[str], widths: list[int], *, bold: bool = False) -> ft.Control:
    weight = ft.FontWeight.BOLD if bold else None
    return ft.Row(spacing=GAP, controls=[
        ft.Text(text, width=width, size=SIZE, weight=weight, no_wrap=True,
                text_align=ft.TextAlign.LEFT if place == DEALER else ft.TextAlign.RIGHT)
        for place, (text, width) in enumerate(zip(texts, widths, strict=True))])


@ft.memo
@ft.component
def ScoreSheet(session: OpenSession, newest: int, show_earlier: Callable[[], None],
               words: Words, go: Callable[[str], object]) -> ft.Control:
    """The sheet of the ``newest`` deals (the ledger's page), and the tap that shows more."""
    players = list(session.state.everyone)
    shown = session.ledger_page(newest)
    headings = [words.t("sheet.col_deal"), words.t("sheet.col_dealer"), *players,
                words.t("sheet.col_pot")]
    lines = [line_cells(deal, players) for deal in shown]
    widths = column_widths([list(column) for column in zip(headings, *lines, strict=True)])
    rows: list[ft.Control] = [cells(headings, widths, bold=True)]
    earlier = session.deal_count - len(shown)
    if earlier:
        rows.append(ft.OutlinedButton(words.t(counts("ui.show_earlier", "count"),
                                              count=earlier), on_click=show_earlier))
    rows += [line(words, deal, players, texts, widths) for deal, texts in zip(shown, lines,
                                                                            strict=True)]
    name = words.session_name(session.name, session.table.rules.variant)
    back = back_to(words, route_to("table", session=session.id))
    return ft.Column(expand=True, spacing=0, controls=[
        ScreenBar(words.t("ui.sheet_of", name=name), back, (), go),
        screen(panel(words.t("sheet.protocol"), ft.Row(scroll=ft.ScrollMode.AUTO, controls=[
            ft.Column(spacing=6, controls=rows)]))),
    ])


def line_cells(deal: LedgerDeal, players: list[str]) -> list[str]:
    """One deal's cells: its number, its dealer, where each stood (a gap, not a figure, for
    a player who was away), the pot."""
    figures = [str(deal.standing[p]) if p in deal.seated else "–" for p in players]
    return [str(deal.number), deal.dealer, *figures, str(deal.pot)]


def line(words: Words, deal: LedgerDeal, players: list[str], texts: list[str],
         widths: list[int]) -> ft.Control:
    said = words.t("ui.sheet_line", number=deal.number, dealer=deal.dealer,
                 scores=", ".join(f"{p} {deal.standing[p]}" for p in players
                                  if p in deal.seated), pot=deal.pot)
    return readout(label=said, content=cells(texts, widths))
