"""A new session in a minute: the game and its house rules, the players in order, the
money, and the first dealer (chosen, or drawn with a virtual deck for all to see)."""

from __future__ import annotations

import asyncio
import random
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.inputs import Entry, choices, switch
from scorekeeper.app.setup_draft import SetupDraft
from scorekeeper.app.widgets import (
    error_line,
    icon_button,
    labelled,
    panel,
    pinned,
    readout,
    screen,
    screen_bar,
)
from scorekeeper.core import (
    PRESETS,
    Option,
    options_of,
)
from scorekeeper.core.draw import draw_first_dealer
from scorekeeper.i18n import UNIT_HINTS, parse_number, render, sentence
from scorekeeper.i18n import number as number_text
from scorekeeper.i18n.evening_words import label_and_value, order_hint

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from scorekeeper.app.words import Words
    from scorekeeper.session import OpenSession


@ft.memo
@ft.component
def NewSession(names: list[str], groups: list[str], problem: str | None, words: Words,
               go: Callable[[str], object], start: Callable[[SetupDraft], object],
               again: OpenSession | None = None) -> ft.Control:
    """``names`` and ``groups``: the roster's players and every group's name, as loaded
    (``problem``: why they could not be read); ``start``: the session set up, stored and
    opened; ``again``: set up as that earlier session, so its group's next evening is a
    tap."""
    draft, _ = ft.use_state(lambda: SetupDraft() if again is None else SetupDraft.play_again(
        "" if again.name == again.table.rules.variant else again.name, again.table,
        again.state, again.group, words.language))

    async def draw() -> None:
        if len(draft.players) < 2:
            draft.problem = words.t("ui.draw_needs_players")
            return
        result = draw_first_dealer(PRESETS[draft.variant], draft.players, random.Random())
        draft.drawn = []
        draft.first_dealer = None
        for turn in result.turns:  # turned one at a time, as at the table
            draft.drawn = [*draft.drawn, turn]
            await asyncio.sleep(0.35)
        draft.first_dealer = result.dealer

    start_label = words.t("ui.start_session")
    # Played again: what is set up is said first; the panels below change any of it.
    as_before = [] if again is None else [panel(
        words.t("ui.again_title", name=words.session_name(again.name, again.table.rules.variant)),
        ft.Text(words.t("ui.again_summary", game=words.t(f"variant.{draft.variant}"),
                        players=", ".join(draft.players),
                        dealer=draft.first_dealer or ""), size=16),
    )]
    # Start and why it was refused stay below the form, always in view: a refusal that
    # appeared above Start pushed Start off a phone's screen.
    footer = ft.Container(
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        content=ft.Column(spacing=6, width=956, controls=[
            error_line(draft.problem),
            ft.FilledButton(start_label, icon=ft.Icons.PLAY_ARROW, height=56,
                            on_click=lambda: start(draft)),
        ]))
    return ft.Column(expand=True, spacing=0, controls=[
        screen_bar(words, go, words.t("ui.new_session")),
        screen(
            *as_before,
            error_line(problem),  # the roster could not be read (the club's server away)
            Entry(words.t("ui.session_name"), draft.name,
                  lambda text: setattr(draft, "name", text)),
            GroupPanel(words, draft, groups),
            GamePanel(words, draft),
            PlayersPanel(words, draft, names),
            MoneyPanel(words, draft),
            DealerPanel(words, draft, draw),
        ),
        ft.Row([pinned(footer)], alignment=ft.MainAxisAlignment.CENTER),
    ])


@ft.memo
@ft.component
def GroupPanel(words: Words, draft: SetupDraft, groups: list[str]) -> ft.Control:
    """The group whose running tab the session counts in: typed (a new one) or chosen."""
    chosen = draft.group.strip().casefold()
    return panel(
        words.t("ui.group_optional"),
        Entry(words.t("ui.group_name"), draft.group, lambda text: setattr(draft, "group", text),
              key=f"group-{draft.group_picked}"),
        ft.Row(wrap=True, spacing=8, controls=[
            labelled(words.t("ui.pick_group", group=name), ft.Chip(
                label=ft.Text(name), selected=name.casefold() == chosen,
                on_select=lambda _, n=name: draft.pick_group(n)))
            for name in groups]),
    )


@ft.memo
@ft.component
def GamePanel(words: Words, draft: SetupDraft) -> ft.Control:
    controls: list[ft.Control] = [
        choices(words.t("ui.game"), [(v, words.t(f"variant.{v}")) for v in PRESETS], draft.variant,
                draft.choose_variant, words.language),
        ft.Text(words.t(f"summary.{draft.variant}"), size=15),
    ]
    # Playing for money has its own panel; every other house rule is built from the core's.
    for option in options_of(draft.variant):
        if option.name != "money":
            controls.append(OptionField(words, draft, option))
    return panel(words.t("ui.game_and_rules"), *controls)


@ft.memo
@ft.component
def OptionField(words: Words, draft: SetupDraft, option: Option) -> ft.Control:
    label = words.t(option.label)
    value = draft.options.get(option.name)
    default = option.default(PRESETS[draft.variant])

    def set_option(new: object) -> None:
        draft.options = {**draft.options, option.name: new}

    if option.kind == "flag":
        return switch(label, bool(value), set_option)
    if option.kind == "choice":
        return choices(label, [(k, words.t(f"{option.label}.{k}")) for k in option.choices],
                       str(value or default), set_option, words.language)

    def set_number(raw: str) -> None:
        # Kept as typed: the core refuses a number out of range at Start, in words, and Start
        # says so of one that is no whole number ("abc", "2,5"); empty is the game's default.
        number = parse_number(raw, words.language)
        others = {k: v for k, v in draft.options.items() if k != option.name}
        unreadable = {k: v for k, v in draft.unreadable.items() if k != option.name}
        if number is not None and number == number.to_integral_value():
            draft.options, draft.unreadable = {**others, option.name: int(number)}, unreadable
        elif raw.strip():
            draft.options, draft.unreadable = others, {**unreadable, option.name: raw}
        else:
            draft.options, draft.unreadable = others, unreadable

    # The game's own figure is shown until the table types another: a blank field said
    # nothing of what it would be.
    shown = value if value is not None else default
    return Entry(label, "" if shown is None else number_text(shown, words.language),
                 set_number, width=200, keyboard_type=ft.KeyboardType.NUMBER)


@ft.memo
@ft.component
def PlayersPanel(words: Words, draft: SetupDraft, roster: list[str]) -> ft.Control:
    # Each chip is keyed by its player: a seated player's chip goes, and the chips after it
    # move up. Unkeyed, the chip that was Bengt's would become Cilla's in place, and a tap
    # on Bengt's as it changed seated Cilla.
    seated = {p.casefold() for p in draft.players}
    known = [labelled(words.t("ui.seat_player", player=name), ft.Chip(
        label=ft.Text(name), leading=ft.Icon(ft.Icons.PERSON_ADD),
        on_click=lambda _, n=name: draft.add(n)), key=f"roster-{name}")
        for name in roster if name.casefold() not in seated]
    order = []
    for seat, name in enumerate(draft.players, start=1):
        order.append(ft.Row(spacing=4, key=f"seat-{name}", controls=[
            ft.Text(f"{seat}.", size=18, width=30),
            ft.Text(name, size=18, weight=ft.FontWeight.BOLD, expand=True),
            icon_button(ft.Icons.ARROW_UPWARD, words.t("ui.move_up", player=name),
                        lambda n=name: draft.move(n, -1)),
            icon_button(ft.Icons.ARROW_DOWNWARD, words.t("ui.move_down", player=name),
                        lambda n=name: draft.move(n, 1)),
            icon_button(ft.Icons.CLOSE, words.t("ui.remove_player", player=name),
                        lambda n=name: draft.remove(n)),
        ]))
    add_label = words.t("ui.add_player")

    # Enter or Add adds the name, and the field, emptied, keeps the keyboard for the next.
    # The rows are keyed, so the one added above the field is drawn as a new row and the
    # field stays the field it was (unkeyed, the rows below it were redrawn one down and
    # the field made anew, which took its keyboard away).
    field = Entry(words.t("ui.player_name"), "", lambda text: setattr(draft, "new_name", text),
                  emptied=draft.names_typed, width=260,
                  error=sentence(render(draft.name_refused, words.language),
                                 draft.name_refused.key, words.language)
                  if draft.name_refused else None,
                  on_enter=draft.add_typed)
    return panel(
        words.t("ui.players_in_order"),
        ft.Text(order_hint(PRESETS[draft.variant], words.language), size=14),
        *order,
        ft.Row(wrap=True, key="new-name", controls=[
            field,
            ft.FilledTonalButton(add_label, icon=ft.Icons.ADD,
                                 on_click=lambda: draft.add_typed(draft.new_name)),
        ]),
        *([ft.Text(words.t("ui.from_roster"), size=14), ft.Row(known, wrap=True)] if known else []),
    )


@ft.memo
@ft.component
def MoneyPanel(words: Words, draft: SetupDraft) -> ft.Control:
    fields: list[ft.Control] = [
        switch(words.t("ui.play_for_money"), draft.money,
               lambda on: setattr(draft, "money", on)),
    ]
    if draft.money:
        fields.append(ft.Row(wrap=True, controls=[
            Entry(words.t("ui.currency"), draft.currency,
                  lambda text: setattr(draft, "currency", text), width=140),
            Entry(words.t("ui.unit_value"), draft.unit,
                  lambda text: setattr(draft, "unit", text), width=200,
                  error=draft.unit_refused),
        ]))
        fields.append(ft.Text(words.t(UNIT_HINTS[draft.variant]), size=14))
    return panel(words.t("ui.money"), *fields)


@ft.memo
@ft.component
def DealerPanel(words: Words, draft: SetupDraft,
                draw: Callable[[], Awaitable[None]]) -> ft.Control:
    draw_label = words.t("ui.draw_dealer")
    cards = [ft.Container(
        padding=ft.Padding.symmetric(horizontal=10, vertical=6),
        border_radius=ft.BorderRadius.all(8),
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
        content=ft.Text(label_and_value(player, str(card), words.language), size=16,
                        color=ft.Colors.RED if card.suit in "♥♦" else None),
    ) for player, card in draft.drawn]
    dealer = draft.first_dealer or (draft.players[0] if draft.players else "–")
    return panel(
        words.t("ui.first_dealer"),
        choices(words.t("ui.choose_first_dealer"), [(p, p) for p in draft.players], dealer,
                lambda p: setattr(draft, "first_dealer", p), words.language),
        ft.Row([ft.OutlinedButton(draw_label, icon=ft.Icons.STYLE, on_click=draw)]),
        ft.Row(cards, wrap=True, spacing=6),
        readout(label=words.t("ui.dealer_is", player=dealer),
                     content=ft.Text(words.t("ui.dealer_is", player=dealer), size=18,
                                     weight=ft.FontWeight.BOLD)),
    )
