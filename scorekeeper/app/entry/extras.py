"""The rarer events of a deal, each one tap away: a chooser ("Widow…": whose?) or a
toggle ("Misdeal"); the open question sits above Save, in view."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.widgets import labelled

if TYPE_CHECKING:
    from scorekeeper.app.draft import DealDraft
    from scorekeeper.app.words import Words
    from scorekeeper.core import DealFields


@dataclass(frozen=True, slots=True)
class ExtraChip:
    """One of the rarer events: a chooser ("Widow…": whose?) or a toggle ("Misdeal")."""

    name: str  # the draft's field
    label: str
    selected: bool
    chooser: bool


@dataclass(frozen=True, slots=True)
class ExtrasView:
    """The extras as drawn: equal views are not drawn again (at every tap on a row)."""

    chips: tuple[ExtraChip, ...]
    choosing: str | None  # the chooser that is open
    question: str  # "Who took the widow?"
    picks: tuple[tuple[str, str, bool], ...]  # per player: name, label, chosen
    done: str = ""  # what puts the question away, answered or not ("Done")


def shown(draft: DealDraft, name: str) -> bool:
    """Whether the chip ``name`` is drawn selected: its question open, or answered (a foul
    set and put away still shows on the chip), or its toggle on."""
    return draft.choosing == name or bool(getattr(draft.entered, name))


def picked(draft: DealDraft, name: str, player: str) -> bool:
    """Whether ``player`` is drawn chosen in the question ``name`` (and it is open)."""
    if draft.choosing != name:
        return False
    chosen = getattr(draft.entered, name)
    return player in chosen if name == "fouls" else chosen == player


def extras_view(words: Words, fields: DealFields, draft: DealDraft,
                players: list[str]) -> ExtrasView:
    choosers = [name for name, offered in (("widow", fields.widow), ("general", fields.general),
                                          ("fouls", fields.fouls), ("forfeit_to", fields.fouls))
                if offered]
    toggles = [name for name, offered in (("conceded", fields.conceded),
                                          ("misdeal", fields.misdeal),
                                          ("interrupted", fields.interrupted)) if offered]
    chips = [ExtraChip(name, words.t(f"ui.extra_{name}"), shown(draft, name), True)
             for name in choosers]
    chips += [ExtraChip(name, words.t(f"ui.extra_{name}"), shown(draft, name), False)
              for name in toggles]
    name = draft.choosing
    if not name:
        return ExtrasView(tuple(chips), None, "", ())
    picks = tuple((player, words.t(f"ui.pick_{name}", player=player), picked(draft, name, player))
                  for player in players)
    return ExtrasView(tuple(chips), name, words.t(f"ui.choose_{name}"), picks,
                      words.t("ui.question_done"))


@dataclass(frozen=True, slots=True)
class ExtraTaps:
    """What the extras' chips do to the draft; equal for the same draft (see RowTaps)."""

    draft: DealDraft

    def tap(self, chip: ExtraChip, selected: bool) -> None:
        """``selected``: the chip as the tap left it on the screen it was made on. A tap
        on a chip since drawn anew finds the draft as it asks and changes nothing: Enter
        on a focused chip saves the deal and taps the chip too, and a question of the deal
        saved stays closed rather than open, switched on, into the next."""
        draft = self.draft
        if selected == shown(draft, chip.name):
            return
        if chip.chooser:
            draft.ask(None if draft.choosing == chip.name else chip.name)
        else:
            draft.toggle(chip.name)

    def put_away(self) -> None:
        """The open question closed, as it stands (fouls are answered one tap at a time)."""
        self.draft.ask(None)

    def pick(self, name: str, player: str, selected: bool) -> None:
        """``selected`` as for ``tap``: a pick made on the question of a deal since saved
        changes nothing."""
        if selected == picked(self.draft, name, player):
            return
        if name == "fouls":  # fouls are many; every other chooser names one player
            self.draft.toggle_in(name, player)
        else:
            self.draft.choose(name, player)


@ft.memo
@ft.component
def Extras(view: ExtrasView, taps: ExtraTaps) -> ft.Control:
    """The rarer events this variant has, each one tap away."""
    return ft.Row(wrap=True, spacing=6, controls=[
        labelled(chip.label, ft.Chip(
            label=ft.Text(chip.label), selected=chip.selected,
            leading=ft.Icon(ft.Icons.PERSON_ADD_ALT) if chip.chooser else None,
            on_select=lambda e, c=chip: taps.tap(c, bool(e.control.selected))),
            selected=chip.selected)
        for chip in view.chips
    ])


@ft.memo
@ft.component
def Chooser(view: ExtrasView, taps: ExtraTaps) -> ft.Control:
    """The open question and a chip per player: "Who took the widow?" Astrid, Bengt…"""
    name = view.choosing
    assert name is not None
    return ft.Container(
        padding=ft.Padding.symmetric(horizontal=10, vertical=6),
        border_radius=ft.BorderRadius.all(14),
        bgcolor=ft.Colors.SECONDARY_CONTAINER,
        content=ft.Column(spacing=4, controls=[
            ft.Row(alignment=ft.MainAxisAlignment.SPACE_BETWEEN, controls=[
                ft.Text(view.question, size=15, expand=True),
                ft.TextButton(view.done, icon=ft.Icons.CHECK, on_click=lambda: taps.put_away()),
            ]),
            ft.Row(wrap=True, spacing=6, controls=[
                labelled(label, ft.Chip(label=ft.Text(player), selected=chosen,
                                        on_select=lambda e, p=player: taps.pick(
                                            name, p, bool(e.control.selected))),
                         selected=chosen)
                for player, label, chosen in view.picks]),
        ]),
    )
