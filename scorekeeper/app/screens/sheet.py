"""The score sheet as it is kept on paper: a line per deal, who dealt it, where everyone
stood after it and what was left in the pot (the PDF's protocol, on screen)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.widgets import Missing, panel, readout, screen, screen_bar
from scorekeeper.core import counts

if TYPE_CHECKING:
    from scorekeeper.app.model import AppModel
    from scorekeeper.session import LedgerDeal

NUMBER, DEALER, FIGURE = 38, 66, 42  # px: a phone's 390 holds four players and the pot,
# and the dealer's column its heading in every language ("Donneur")


def cells(texts: list[str], widths: list[int], *, bold: bool = False) -> ft.Control:
    weight = ft.FontWeight.BOLD if bold else None
    return ft.Row(spacing=2, controls=[
        ft.Text(text, width=width, size=14, weight=weight, no_wrap=True,
                text_align=ft.TextAlign.LEFT if width == DEALER else ft.TextAlign.RIGHT)
        for text, width in zip(texts, widths, strict=True)])


@ft.memo
@ft.component
def ScoreSheet(app: AppModel) -> ft.Control:
    session = app.table.session
    if session is None:
        return Missing(app)
    players = list(session.state.everyone)
    widths = [NUMBER, DEALER, *(FIGURE,) * len(players), FIGURE]
    rows: list[ft.Control] = [cells([app.t("sheet.col_deal"), app.t("sheet.col_dealer"),
                                     *players, app.t("sheet.col_pot")], widths, bold=True)]
    shown = session.ledger_page(app.table.ledger_shown)
    earlier = session.deal_count - len(shown)
    if earlier:
        rows.append(ft.OutlinedButton(app.t(counts("ui.show_earlier", "count"), count=earlier),
                                      on_click=app.table.show_earlier))
    rows += [line(app, deal, players, widths) for deal in shown]
    name = app.words.session_name(session.name, session.table.rules.variant)
    return ft.Column(expand=True, spacing=0, controls=[
        screen_bar(app, app.t("ui.sheet_of", name=name), f"/session/{session.id}"),
        screen(panel(app.t("sheet.protocol"), ft.Row(scroll=ft.ScrollMode.AUTO, controls=[
            ft.Column(spacing=6, controls=rows)]))),
    ])


def line(app: AppModel, deal: LedgerDeal, players: list[str], widths: list[int]
         ) -> ft.Control:
    """One deal: a gap, not a figure, for a player who was away."""
    figures = [str(deal.standing[p]) if p in deal.seated else "–" for p in players]
    said = app.t("ui.sheet_line", number=deal.number, dealer=deal.dealer,
                 scores=", ".join(f"{p} {deal.standing[p]}" for p in players
                                  if p in deal.seated), pot=deal.pot)
    return readout(label=said, content=cells(
        [str(deal.number), deal.dealer, *figures, str(deal.pot)], widths))
