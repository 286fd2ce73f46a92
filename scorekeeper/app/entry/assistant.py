"""The deal assistant: whose deal, how to deal it, who speaks, who must play, what to
remember. Beside the table on a desktop; on a phone folded to a line above the rows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.widgets import bullet, icon_button, panel, readout
from scorekeeper.i18n.evening_words import must_play_line

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorekeeper.app.words import Words
    from scorekeeper.core import DealGuide, Rules


@ft.memo
@ft.component
def Assistant(words: Words, rules: Rules, deal_guide: DealGuide,
              open_rules: Callable[[], object]) -> ft.Control:
    """Whose deal, how to deal it, who speaks, who must play, what to remember; and the
    game's rules a tap away (``open_rules``)."""
    seats = deal_guide.seats
    lang = words.language
    lines: list[ft.Control] = [
        ft.Text(words.t("ui.deal_by", number=deal_guide.number, dealer=seats.dealer), size=22,
                weight=ft.FontWeight.BOLD),
        bullet(words.t("ui.speaking_order", order=" › ".join(seats.order)),
               icon=ft.Icons.RECORD_VOICE_OVER),
        bullet(words.render(deal_guide.sides.last_before_dealer),
               icon=ft.Icons.PERSON_PIN),
    ]
    for step in deal_guide.dealing:
        lines.append(bullet(words.render(step), icon=ft.Icons.STYLE))
    for player, reason in deal_guide.must_play.items():
        lines.append(bullet(must_play_line(player, reason, lang), icon=ft.Icons.WARNING_AMBER,
                            color=ft.Colors.TERTIARY))
    if deal_guide.widow_takers:
        lines.append(bullet(words.t("ui.widow_takers",
                                    players=", ".join(deal_guide.widow_takers)),
                            icon=ft.Icons.BACK_HAND))
    for reminder in deal_guide.reminders:
        lines.append(bullet(words.render(reminder), icon=ft.Icons.LIGHTBULB_OUTLINE))
    lines.append(ft.TextButton(words.t("rules.open_of", variant=rules.variant),
                               icon=ft.Icons.MENU_BOOK, on_click=lambda _: open_rules()))
    return panel(words.t("ui.assistant"), *lines, bgcolor=ft.Colors.SECONDARY_CONTAINER)


@dataclass(frozen=True, slots=True)
class TableStatus:
    """The pot and the game, as a phone's fold shows them: the figures ("Game 2 of 6",
    "Pot: 10") in its line, what the next deal is in words ("double pot: …") inside it."""

    figures: tuple[str, ...]
    words: str = ""


@ft.memo
@ft.component
def AssistantFold(words: Words, rules: Rules, deal_guide: DealGuide, heading: str,
                  status: TableStatus, open_rules: Callable[[], object]) -> ft.Control:
    """On a phone: the deal, the pot and how the cards go in a few lines, opened to the
    whole assistant with a tap, so the rows keep the screen."""
    seats = deal_guide.seats
    first = words.render(deal_guide.dealing[0]) if deal_guide.dealing else ""
    line = " · ".join(part for part in (
        words.t("ui.speaks_first", player=seats.forehand), first) if part)
    # What the fold holds is drawn only while it is open: closed, as it mostly is, a Save
    # does not redraw a dozen hidden lines of the assistant for every deal. The fold is
    # opened by a button of its own, which a screen reader names (Flutter's ExpansionTile
    # gave it none); a finger anywhere on the heading opens it too.
    opened, set_opened = ft.use_state(False)

    def turn() -> None:
        set_opened(not opened)

    # What does not change from deal to deal is the very same control, which the diff skips.
    icon = ft.use_memo(lambda: ft.Icon(ft.Icons.RECORD_VOICE_OVER, size=18), [])
    button = ft.use_memo(lambda: icon_button(
        ft.Icons.EXPAND_LESS if opened else ft.Icons.EXPAND_MORE,
        words.t("ui.assistant_close") if opened else words.t("ui.assistant_open"), turn),
        [opened, words.language])
    # The figures follow the heading, on a line of their own where it leaves no room, a
    # size below it: at its size the pot between two games took two lines of its own ("Pot
    # : 4 avec les mises de la partie" and "2"), four with the heading and the game. Each is
    # a sentence of its own to a screen reader, not merged into the tappable fold's words.
    title = ft.Row(spacing=12, run_spacing=0, wrap=True,
                   vertical_alignment=ft.CrossAxisAlignment.END, controls=[
        readout(label=heading, content=ft.Text(heading, size=17, weight=ft.FontWeight.BOLD)),
        *(readout(label=figure, content=ft.Text(figure, size=15)) for figure in status.figures),
    ])
    # The line under the heading wraps rather than end in "…" ("Jouer avec 52 ca…").
    fold = ft.Row(spacing=4, controls=[
        ft.Container(on_click=lambda _: turn(), expand=True,
                     padding=ft.Padding.symmetric(horizontal=4),
                     content=ft.Row(spacing=8, controls=[icon, ft.Column(
                         spacing=0, expand=True, controls=[title, ft.Text(line, size=13)])])),
        button])
    inside = [*([ft.Text(status.words, size=14)] if status.words else []),
              Assistant(words, rules, deal_guide, open_rules)] if opened else []
    return ft.Column(spacing=4, controls=[fold, *inside])
