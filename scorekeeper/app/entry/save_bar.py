"""Save, always in view below the rows, with what is still missing or wrong, or what
saving does; and Undo beside it. What the app says after a command (a notice) is said here
too, on its own line above Save: the next thing the person does after Undo, a save or a
draft brought back is fix and Save, and the bar grows upwards from Save, which stays where
the finger goes. (Flutter's snack bar lay over Save for its five seconds and took the tap,
margin and all: its Dismissible's gesture detector is opaque.) The shell says a notice
under any other screen."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.entry.check import Check, ending_text, summary
from scorekeeper.app.entry.rows import TARGET
from scorekeeper.app.routes import route_to
from scorekeeper.app.widgets import action, labelled, notice_line, pinned, readout
from scorekeeper.core import N_

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorekeeper.app.state.drafts import DealTaken
    from scorekeeper.app.state.said import Notice, Said
    from scorekeeper.app.words import Words
    from scorekeeper.session import OpenSession

# Save's words on one line beside Undo and Clear, in every language: at 20 px with its
# tick, "Enregistrer la donne 7" broke in two in a phone's 230 px.
SAVE_STYLE = ft.ButtonStyle(text_style=ft.TextStyle(size=18),
                            padding=ft.Padding.symmetric(horizontal=14))


@dataclass(frozen=True, slots=True)
class Line:
    """A line above Save: what is missing or wrong, what saving does, what was saved."""

    text: str
    size: int = 15
    bold: bool = False  # said louder: tricks left, a game the deal ends
    primary: bool = False  # in the theme's colour: a game ended


@dataclass(frozen=True, slots=True)
class SaidNow:
    """What the app says now, as the bar shows it: read from ``Said`` by the screen's
    record, compared by value (a part handed ``Said`` itself would redraw on its own at
    every change of it, before the root's pass and again in it)."""

    notice: Notice | None  # what the app says after a command, for a few seconds
    problem: str | None  # why the last thing asked was refused
    stale: bool  # refused because another device changed the session: offer Reload

    @classmethod
    def of(cls, said: Said) -> SaidNow:
        return cls(said.shown_notice, said.problem, said.stale)


@dataclass(frozen=True, slots=True)
class SaveBarView:
    """Everything the Save bar shows, worked out by the entry: drawn again only when it
    changed (compared by value)."""

    notice: Notice | None  # what the app says after a command, for a few seconds
    lines: tuple[Line, ...]
    problem: str | None  # refused: the bar turns the error's colour, with "why?" if a rule
    why: tuple[str, str] | None  # the "why?" button's label and words, and its route
    why_route: str | None
    reload: str | None  # the Reload button's words, when a change was refused as stale
    undo: str | None  # the Undo button's label, when there is a deal to undo
    clear: str | None  # the Clear button's label, when the form holds something
    save: str  # "Save deal 7"
    may_save: bool


@dataclass(frozen=True, slots=True)
class SaveTaps:
    """What the bar's buttons do; equal from one draw to the next (held callbacks, bound
    methods), so the bar is not drawn again for new ones."""

    save: Callable[[], None]
    undo: Callable[[], object] | None
    clear: Callable[[], object] | None
    reload: Callable[[], object]
    go: Callable[[str], object]


def save_bar_view(words: Words, said: SaidNow, session: OpenSession, left: str | None,
                  verdict: Check, number: int, *, may_undo: bool, just_saved: str | None,
                  may_clear: bool) -> SaveBarView:
    """``left``: how many tricks are still to give, while only tricks are missing;
    ``just_saved``: what the deal saved a moment ago did, until the next tap."""
    lines: list[Line] = []
    problem = said.problem or (None if verdict.unfinished else verdict.refusal)
    why = why_route = None
    if problem:
        lines.append(Line(problem))
        rule = verdict.rule if problem == verdict.refusal else None
        if rule is not None:
            why = (words.t("rules.why_of", reason=problem), words.t("rules.why"))
            why_route = route_to("rules", session=session.id, rule=rule)
    elif verdict.moves is not None:
        lines.append(Line(summary(words, session.table, verdict.moves)))
        if verdict.endings:  # said before Save: this deal ends a game, and who takes what
            lines.append(Line(words.t("ui.deal_ends_game", result=ending_text(
                words, session.table, verdict.endings)), 16, bold=True, primary=True))
    elif just_saved:
        saved, _, ended = just_saved.partition("\n")
        lines.append(Line(saved))
        if ended:  # the game it ended, on the table until the next tap
            lines.append(Line(ended, 18, bold=True, primary=True))
    elif left:
        lines.append(Line(left, 16, bold=True))
    deals = session.state.deals
    return SaveBarView(
        said.notice, tuple(lines), problem, why, why_route,
        reload=words.t("ui.reload") if said.stale else None,
        undo=words.t("ui.undo", number=deals) if may_undo and deals else None,
        clear=words.t("ui.clear_deal", number=number) if may_clear else None,
        save=words.t("ui.save_deal", number=number), may_save=verdict.refusal is None)


@ft.memo
@ft.component
def SaveBar(bar: SaveBarView, taps: SaveTaps) -> ft.Control:
    """Below the rows, always in view: what is still missing or wrong, what saving does, Save."""
    lines: list[ft.Control] = [
        ft.Text(line.text, size=line.size, weight=ft.FontWeight.BOLD if line.bold else None,
                color=(ft.Colors.ON_ERROR_CONTAINER if bar.problem else
                       ft.Colors.PRIMARY if line.primary else None))
        for line in bar.lines] or [ft.Container()]
    if bar.why is not None and bar.why_route is not None:
        route, (label, words) = bar.why_route, bar.why
        lines[0] = ft.Row(spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            ft.Container(expand=True, content=lines[0]),
            labelled(label, ft.TextButton(words, icon=ft.Icons.HELP_OUTLINE,
                                          on_click=lambda _: taps.go(route)))])
    if bar.reload is not None:
        lines.append(action(bar.reload, ft.Icons.REFRESH, taps.reload))
    if bar.notice:
        lines.insert(0, notice_line(bar.notice))
    # Keyed, so that Save keeps its control (and a finger's press on it) as Clear, a notice
    # or a game's end comes and goes beside it: diffed by position, Save was sent anew.
    buttons: list[ft.Control] = []
    if bar.undo is not None and taps.undo is not None:
        buttons.append(labelled(bar.undo, ft.IconButton(
            ft.Icons.UNDO, on_click=taps.undo, width=TARGET, height=TARGET + 8), key="undo"))
    if bar.clear is not None and taps.clear is not None:
        buttons.append(labelled(bar.clear, ft.IconButton(
            ft.Icons.BACKSPACE_OUTLINED, on_click=taps.clear, width=TARGET,
            height=TARGET + 8), key="clear"))
    buttons.append(ft.FilledButton(
        bar.save, key="save", height=52, expand=True,
        disabled=not bar.may_save, on_click=taps.save, style=SAVE_STYLE))
    return pinned(ft.Container(
        padding=ft.Padding.symmetric(horizontal=10, vertical=6),
        border_radius=ft.BorderRadius.all(14),
        bgcolor=ft.Colors.ERROR_CONTAINER if bar.problem else ft.Colors.SURFACE_CONTAINER,
        content=ft.Column(spacing=4, controls=[*lines, ft.Row(buttons, spacing=8, key="buttons")]),
    ))


@dataclass(frozen=True, slots=True)
class TakenView:
    """In place of Save: another device recorded (or took back) the deal this one was
    being entered for. What happened there, and the two answers' words."""

    said: str
    discard: str
    keep: str
    notice: Notice | None  # what the app says after a command, for a few seconds


def taken_view(words: Words, notice: Notice | None, session: OpenSession, taken: DealTaken
               ) -> TakenView:
    device = taken.by or words.t("ui.another_device")
    if taken.theirs is None:
        said = words.t("ui.deal_taken_back", number=taken.next, mine=taken.mine, device=device)
    else:
        said = summary(words, session.table, dict(taken.theirs), N_("ui.deal_taken"),
                       number=taken.mine, device=device)
    return TakenView(said, words.t("ui.discard_mine"),
                     words.t("ui.mine_is_next", number=taken.next), notice)


@ft.memo
@ft.component
def TakenBar(taken: TakenView, discard: Callable[[], object], keep: Callable[[], object]
             ) -> ft.Control:
    """Nothing is saved before the person answers: one hand is one deal."""
    return pinned(ft.Container(
        padding=ft.Padding.symmetric(horizontal=10, vertical=8),
        border_radius=ft.BorderRadius.all(14),
        bgcolor=ft.Colors.TERTIARY_CONTAINER,
        content=ft.Column(spacing=6, controls=[
            *([notice_line(taken.notice)] if taken.notice else []),
            readout(label=taken.said, content=ft.Text(taken.said, size=15)),
            ft.Row(spacing=8, wrap=True, controls=[
                ft.OutlinedButton(taken.discard, icon=ft.Icons.DELETE_OUTLINE, height=48,
                                  on_click=lambda _: discard()),
                ft.FilledButton(taken.keep, icon=ft.Icons.ARROW_FORWARD, height=48,
                                on_click=lambda _: keep()),
            ]),
        ]),
    ))
