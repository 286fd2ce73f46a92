"""The rarer events of a deal, each one tap away: a chooser ("Widow…": whose?) or a
toggle ("Misdeal"); the open question sits above Save, in view."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.widgets import labelled

if TYPE_CHECKING:
    from scorekeeper.app.draft import DealDraft
    from scorekeeper.app.model import AppModel
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


def extras_view(app: AppModel, fields: DealFields, draft: DealDraft,
                players: list[str]) -> ExtrasView:
    choosers = [name for name, offered in (("widow", fields.widow), ("general", fields.general),
                                          ("fouls", fields.fouls), ("forfeit_to", fields.fouls))
                if offered]
    toggles = [name for name, offered in (("conceded", fields.conceded),
                                          ("misdeal", fields.misdeal),
                                          ("interrupted", fields.interrupted)) if offered]
    # A chooser's chip is marked while its question is open and once it is answered: a
    # foul set and put away still shows on the chip.
    chips = [ExtraChip(name, app.t(f"ui.extra_{name}"),
                       draft.choosing == name or bool(getattr(draft.entered, name)), True)
             for name in choosers]
    chips += [ExtraChip(name, app.t(f"ui.extra_{name}"), getattr(draft.entered, name), False)
              for name in toggles]
    name = draft.choosing
    if not name:
        return ExtrasView(tuple(chips), None, "", ())
    picks = tuple(
        (player, app.t(f"ui.pick_{name}", player=player),
         player in getattr(draft.entered, name) if name == "fouls"
         else getattr(draft.entered, name) == player)
        for player in players)
    return ExtrasView(tuple(chips), name, app.t(f"ui.choose_{name}"), picks,
                      app.t("ui.question_done"))


@dataclass(frozen=True, slots=True)
class ExtraTaps:
    """What the extras' chips do to the draft; equal for the same draft (see RowTaps)."""

    draft: DealDraft

    def tap(self, chip: ExtraChip) -> None:
        draft = self.draft
        if chip.chooser:
            draft.ask(None if draft.choosing == chip.name else chip.name)
        else:
            draft.toggle(chip.name)

    def put_away(self) -> None:
        """The open question closed, as it stands (fouls are answered one tap at a time)."""
        self.draft.ask(None)

    def pick(self, name: str, player: str) -> None:
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
            on_select=lambda _, c=chip: taps.tap(c)),
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
                                        on_select=lambda _, p=player: taps.pick(name, p)),
                         selected=chosen)
                for player, label, chosen in view.picks]),
        ]),
    )
