"""The deal assistant: whose deal, how to deal it, who speaks, who must play, what to
remember. Beside the table on a desktop; on a phone folded to a line above the rows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.widgets import bullet, icon_button, panel, readout
from scorekeeper.i18n import render
from scorekeeper.i18n.evening_words import must_play_line, rh_line

if TYPE_CHECKING:
    from scorekeeper.app.model import AppModel
    from scorekeeper.core import DealGuide


@ft.memo
@ft.component
def Assistant(app: AppModel, deal_guide: DealGuide) -> ft.Control:
    """Whose deal, how to deal it, who speaks, who must play, what to remember."""
    seats = deal_guide.seats
    lang = app.prefs.settings.language
    lines: list[ft.Control] = [
        ft.Text(app.t("ui.deal_by", number=deal_guide.number, dealer=seats.dealer), size=22,
                weight=ft.FontWeight.BOLD),
        bullet(app.t("ui.speaking_order", order=" › ".join(seats.order)),
               icon=ft.Icons.RECORD_VOICE_OVER),
    ]
    session = app.table.session  # the session whose next deal this is
    if session is not None:
        lines.append(bullet(rh_line(session.table.rules, seats.rh, lang),
                            icon=ft.Icons.PERSON_PIN))
    for step in deal_guide.dealing:
        lines.append(bullet(render(step, lang), icon=ft.Icons.STYLE))
    for player, reason in deal_guide.must_play.items():
        lines.append(bullet(must_play_line(player, reason, lang), icon=ft.Icons.WARNING_AMBER,
                            color=ft.Colors.TERTIARY))
    if deal_guide.widow_takers:
        lines.append(bullet(app.t("ui.widow_takers", players=", ".join(deal_guide.widow_takers)),
                            icon=ft.Icons.BACK_HAND))
    for reminder in deal_guide.reminders:
        lines.append(bullet(render(reminder, lang), icon=ft.Icons.LIGHTBULB_OUTLINE))
    if session is not None:
        lines.append(ft.TextButton(
            app.t("rules.open_of", variant=session.table.rules.variant), icon=ft.Icons.MENU_BOOK,
            on_click=lambda _: app.go(f"/session/{session.id}/rules")))
    return panel(app.t("ui.assistant"), *lines, bgcolor=ft.Colors.SECONDARY_CONTAINER)


@dataclass(frozen=True, slots=True)
class TableStatus:
    """The pot and the game, as a phone's fold shows them: the figures ("Game 2 of 6",
    "Pot: 10") in its line, what the next deal is in words ("double pot: …") inside it."""

    figures: tuple[str, ...]
    words: str = ""


@ft.memo
@ft.component
def AssistantFold(app: AppModel, deal_guide: DealGuide, heading: str, status: TableStatus
                  ) -> ft.Control:
    """On a phone: the deal, the pot and how the cards go in two lines, opened to the whole
    assistant with a tap, so the rows keep the screen."""
    seats = deal_guide.seats
    first = render(deal_guide.dealing[0], app.prefs.settings.language) if deal_guide.dealing else ""
    line = " · ".join(part for part in (
        app.t("ui.speaks_first", player=seats.forehand), first) if part)
    # The figures go on a line of their own rather than cut the heading short.
    title = ft.Row(spacing=12, run_spacing=0, wrap=True, controls=[
        readout(label=heading, content=ft.Text(heading, size=17, weight=ft.FontWeight.BOLD)),
        *(readout(label=figure, content=ft.Text(figure, size=17, weight=ft.FontWeight.BOLD))
          for figure in status.figures),
    ])
    # What the fold holds is drawn only while it is open: closed, as it mostly is, a Save
    # does not redraw a dozen hidden lines of the assistant for every deal. The fold is
    # opened by a button of its own, which a screen reader names (Flutter's ExpansionTile
    # gave it none); a finger anywhere on the heading opens it too.
    opened, set_opened = ft.use_state(False)

    def turn() -> None:
        set_opened(not opened)

    heading_lines = ft.Column(spacing=0, expand=True, controls=[
        title, ft.Text(line, size=13, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)])
    fold = ft.Row(spacing=4, controls=[
        ft.Container(on_click=lambda _: turn(), expand=True,
                     padding=ft.Padding.symmetric(horizontal=4),
                     content=ft.Row(spacing=8, controls=[
                         ft.Icon(ft.Icons.RECORD_VOICE_OVER, size=18), heading_lines])),
        icon_button(ft.Icons.EXPAND_LESS if opened else ft.Icons.EXPAND_MORE,
                    app.t("ui.assistant_close") if opened else app.t("ui.assistant_open"),
                    turn)])
    inside = [*([ft.Text(status.words, size=14)] if status.words else []),
              Assistant(app, deal_guide)] if opened else []
    return ft.Column(spacing=4, controls=[fold, *inside])
