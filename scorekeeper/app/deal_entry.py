"""Entering a deal (or correcting one): a row per player, the rarer events, Save.

As on paper, a row is a player: their score, what the rules ask of them now ("must
play", "may pass"), the tricks they took. Tricks start at 0 and the last player's
follow from the others', so a normal deal is a tap per player but one, and Save. The
core checks the draft as it changes: a refusal shows on the row it concerns and
beside Save, which never leaves the screen.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.draft import DealDraft
from scorekeeper.app.model import AppModel
from scorekeeper.app.widgets import action, labelled, readout
from scorekeeper.core import (
    Bidding,
    Deal,
    DealFields,
    Family,
    Message,
    RuleError,
    Seating,
    State,
    Step,
    Table,
    changes,
    duties,
    record,
    score_text,
    seating,
)
from scorekeeper.core.offers import may_buy_down
from scorekeeper.i18n import describe
from scorekeeper.i18n.accounts import amount

if TYPE_CHECKING:
    from scorekeeper.session import OpenSession

TARGET = 48  # px: the smallest a finger hits reliably (and WCAG's target size)

# The short words a row shows for a duty; the whole reason is what a screen reader reads.
DUTY_TAGS = {"must.rh_or_concede": "ui.duty_play_or_concede", "must.rh_concede": "ui.duty_concede"}


@dataclass(frozen=True, slots=True)
class Check:
    """What the core says of the draft: the refusal, or what saving it would do."""

    refusal: str | None
    player: str | None  # the player the refusal is about, if it names one
    moves: dict[str, tuple[int, int]] | None
    unfinished: bool = False  # only tricks are missing: "tricks left" says so already


def check(table: Table, state: State, deal: Deal, language: str) -> Check:
    try:
        step = record(table, state, deal)
    except RuleError as error:
        missing = error.message.key == "deal.tricks_total" and sum(deal.tricks.values()) < 5
        player = error.message.params.get("player")
        return Check(describe(error, language), str(player) if player else None, None, missing)
    return Check(None, None, changes(table, step.entries))


@ft.memo
@ft.component
def DealEntry(app: AppModel, session: OpenSession, draft: DealDraft, index: int | None = None,
              on_saved: Callable[[], object] | None = None,
              on_undo: Callable[[], object] | None = None) -> ft.Control:
    """The rows and the extras (scrolling if they must), and Save below them, always in view.
    ``index``: correcting that deal (0-based) instead of entering the next one."""
    table = session.table
    before = session.state_before(index) if index is not None else session.state
    seats = seating(table, before)
    playing = list(seats.order)
    deal = draft.deal(playing, session.fields.tricks)
    verdict = check(table, before, deal, app.settings.language)
    number = before.deals + 1
    duty = duties(table, before, Bidding({p: p not in draft.passed for p in seats.order},
                                         draft.general, draft.widow))
    buying = may_buy_down(table, before, deal)
    filled = draft.filled_in(playing, session.fields.tricks)  # whose tricks follow
    # What the deal just saved did, shown where Save was tapped until the next tap (a snack
    # bar would cover Save on a phone); (the deal's number, the line).
    saved, set_saved = ft.use_state(lambda: (0, ""))

    def save() -> None:
        if verdict.refusal is not None:
            return
        if index is not None:
            if app.run(lambda: app.scorebook.edit(session.id, index, deal, session.version),
                       app.t("ui.edited", number=number)) and on_saved is not None:
                on_saved()
            return
        recorded: list[Step] = []

        def record_it() -> OpenSession:
            opened, step = app.scorebook.record(session.id, deal, session.version,
                                                drafted_on=app.draft_device)
            recorded.append(step)
            return opened

        if app.run(record_it):
            set_saved((number, summary(app, table, changes(table, recorded[0].entries),
                                       "ui.deal_saved", number=number)))
            draft.saved()

    if index is None and app.wide:
        # On a desktop the whole deal can be keyed in (the legend says how).
        ft.context.page.on_keyboard_event = keyboard(draft, playing, session.fields.tricks, save)

    rows = [
        PlayerRow(row_view(app, session, draft, player, seats, duty.get(player),
                           verdict.refusal if verdict.player == player and not verdict.unfinished
                           else None,
                           filled=deal.tricks_of(player) if filled == player else None,
                           may_buy_down=player in buying,
                           marked=app.wide and draft.cursor == seat),
                  # Keyed by player: the rows turn with the deal, and a row moved is not
                  # redrawn as another player's
                  RowTaps(draft, player), key=player)
        for seat, player in enumerate(seats.order)
    ]
    heading = ft.Text(app.t("ui.deal_by", number=number, dealer=seats.dealer), size=20,
                      weight=ft.FontWeight.BOLD)
    sitting_out = ([ft.Text(app.t("ui.sitting_out", players=", ".join(seats.sitting_out)))]
                   if seats.sitting_out else [])
    extras, extra_taps = extras_view(app, session.fields, draft, playing), ExtraTaps(draft)
    return ft.Column(
        expand=True, spacing=6,
        controls=[
            ft.Column(
                expand=True, spacing=6, scroll=ft.ScrollMode.AUTO,
                controls=[heading, *sitting_out, *rows, Extras(extras, extra_taps)],
            ),
            # An open question ("Who took the widow?") sits above Save, in view: at the
            # end of the rows a phone would hide it below the fold.
            *([Chooser(extras, extra_taps)] if extras.choosing else []),
            *([KeyLegend(app)] if index is None and app.wide else []),
            SaveBar(app, session, tricks_left(app, draft, deal, session.fields.tricks), verdict,
                    number, save, on_undo,
                    just_saved=saved[1] if saved[0] == before.deals and not draft.started
                    else None),
        ],
    )


def summary(app: AppModel, table: Table, moves: dict[str, tuple[int, int]],
            key: str = "ui.deal_result", **params: str | int) -> str:
    """``This deal: Astrid -10 · Bengt +2 · …``: what a deal does to each player, in their
    measure (``key`` says it of a deal saved)."""
    per_unit = table.money.minor_per_unit
    parts = []
    for player, (minor, points) in moves.items():
        change = minor // per_unit if table.rules.family is Family.POT else points
        if change or minor:
            parts.append(f"{player} {change:+d}")
    return app.t(key, changes=" · ".join(parts) or "±0", **params)


SAVE_STYLE = ft.ButtonStyle(text_style=ft.TextStyle(size=20))


@ft.memo
@ft.component
def SaveBar(app: AppModel, session: OpenSession, left: str | None, verdict: Check, number: int,
            save: Callable[[], None], on_undo: Callable[[], object] | None,
            just_saved: str | None = None) -> ft.Control:
    """Below the rows, always in view: what is still missing or wrong, what saving does, Save.
    ``left``: how many tricks are still to give, while only tricks are missing;
    ``just_saved``: what the deal saved a moment ago did, until the next tap."""
    lines: list[ft.Control] = []
    problem = app.problem or (None if verdict.unfinished else verdict.refusal)
    if problem:
        lines.append(readout(label=problem, content=ft.Text(
            problem, size=15, color=ft.Colors.ON_ERROR_CONTAINER)))
    elif verdict.moves is not None:
        lines.append(ft.Text(summary(app, session.table, verdict.moves), size=15))
    elif just_saved:
        lines.append(readout(label=just_saved, content=ft.Text(just_saved, size=15)))
    else:
        lines.append(readout(label=left, content=ft.Text(left, size=16,
                                                         weight=ft.FontWeight.BOLD))
                     if left else ft.Container())
    if app.stale:
        lines.append(action(app.t("ui.reload"), ft.Icons.REFRESH, app.reload))
    buttons: list[ft.Control] = []
    if on_undo is not None and session.state.deals:
        buttons.append(labelled(app.t("ui.undo", number=session.state.deals), ft.IconButton(
            ft.Icons.UNDO, on_click=on_undo, width=TARGET + 8, height=TARGET + 8)))
    buttons.append(ft.FilledButton(
        app.t("ui.save_deal", number=number), icon=ft.Icons.CHECK, height=56, expand=True,
        disabled=verdict.refusal is not None, on_click=save,
        style=SAVE_STYLE))
    return ft.Container(
        padding=ft.Padding.symmetric(horizontal=10, vertical=8),
        border_radius=ft.BorderRadius.all(14),
        bgcolor=ft.Colors.ERROR_CONTAINER if problem else ft.Colors.SURFACE_CONTAINER,
        content=ft.Column(spacing=6, controls=[*lines, ft.Row(buttons, spacing=8)]),
    )


@dataclass(frozen=True, slots=True)
class RowView:
    """What one player's row shows, all of it worked out before drawing: a row whose view
    is unchanged is not drawn again (most of them, at a tap on one row's tricks)."""

    player: str
    about: str  # "dealer · RH · must play"
    score: str
    score_label: str  # what a screen reader reads: "Astrid: 12"
    money: str | None
    passed: bool
    pass_text: str
    pass_label: str
    counts: tuple[tuple[str, bool, bool], ...]  # per count: label, selected, follows; none
    buy_down: tuple[str, str, bool] | None  # label, chip text, bought (if it may buy down)
    refusal: str | None
    background: str
    marked: bool  # the row the keyboard's digits go to


@dataclass(frozen=True, slots=True)
class RowTaps:
    """What a row's buttons do to the draft. Equal for the same draft and player, so a
    redrawn entry hands an unchanged row the same taps and the row is skipped."""

    draft: DealDraft
    player: str

    def tricks(self, count: int) -> None:
        self.draft.set_tricks(self.player, count)

    def toggle_pass(self) -> None:
        self.draft.toggle_pass(self.player)

    def toggle_buy_down(self) -> None:
        self.draft.toggle_in("buy_down", self.player)


def row_view(app: AppModel, session: OpenSession, draft: DealDraft, player: str,
             seats: Seating, duty: Message | None, refusal: str | None, *,
             filled: int | None, may_buy_down: bool, marked: bool) -> RowView:
    passed = player in draft.passed
    taken = draft.tricks.get(player)
    rules = session.table.rules
    tags = []
    if player == seats.dealer:
        tags.append(app.t("ui.dealer").lower())
    if player == seats.forehand:
        tags.append(app.t("ui.forehand"))
    if player == seats.rh:
        tags.append(app.t("ui.rh"))
    marks = [app.t(f"ui.mark_{name}") for name in ("widow", "general", "forfeit_to")
             if getattr(draft, name) == player]
    marks += [app.t(f"ui.mark_{name}") for name in ("fouls", "buy_down")
              if player in getattr(draft, name)]
    duty_line = _duty_tag(app, duty, passed, rules.five_tricks)
    score = session.scores[player]
    counts: list[tuple[str, bool, bool]] = []
    if not (passed or draft.misdeal or draft.conceded):
        for count in range(session.fields.tricks + 1):
            # ``filled``: the count that follows from the others' tricks, if this row's does.
            chosen = taken == count or (taken is None and filled is None and count == 0)
            follows = filled is not None and count == filled
            counts.append((app.t("ui.tricks_button", player=player, count=count),
                           chosen or follows, follows))
    buy_down = None
    if may_buy_down:
        buy_down = (app.t("ui.pick_buy_down", player=player), app.t("ui.extra_buy_down"),
                    player in draft.buy_down)
    return RowView(
        player=player,
        about=" · ".join([*tags, *marks, *([duty_line] if duty_line else [])]),
        score=score_text(session.table, score),
        score_label=app.t("ui.score_of", player=player, score=score),
        money=(amount(session.closing.money[player], session.table.money,
                      app.settings.language) if session.plays_for_money else None),
        passed=passed,
        pass_text=app.t("ui.passes" if passed else "ui.pass"),
        pass_label=app.t("ui.pass_button", player=player),
        counts=tuple(counts),
        buy_down=buy_down,
        refusal=refusal,
        background=(ft.Colors.SURFACE_CONTAINER_HIGHEST if passed
                    else ft.Colors.PRIMARY_CONTAINER if player == seats.dealer
                    else ft.Colors.SURFACE_CONTAINER_HIGH),
        marked=marked,
    )


# The looks a row's buttons take, made once: the page's diff skips an unchanged look
# (the very same object) without comparing it field by field.
@functools.cache
def count_style(selected: bool, follows: bool) -> ft.ButtonStyle:
    return ft.ButtonStyle(
        bgcolor=ft.Colors.PRIMARY if selected else None,
        color=ft.Colors.ON_PRIMARY if selected else ft.Colors.ON_SURFACE,
        side=ft.BorderSide(2 if follows else 1, ft.Colors.OUTLINE),
        text_style=ft.TextStyle(size=18, weight=ft.FontWeight.BOLD),
        padding=ft.Padding.all(0),
    )


@functools.cache
def pass_style(passed: bool) -> ft.ButtonStyle:
    return ft.ButtonStyle(
        bgcolor=ft.Colors.SECONDARY_CONTAINER if passed else None,
        color=ft.Colors.ON_SECONDARY_CONTAINER if passed else ft.Colors.ON_SURFACE,
        side=ft.BorderSide(1, ft.Colors.OUTLINE))


ROW_PADDING = ft.Padding.symmetric(horizontal=8, vertical=6)
ROW_CORNERS = ft.BorderRadius.all(12)
MARKED = ft.Border.all(2, ft.Colors.PRIMARY)


@ft.memo
@ft.component
def PlayerRow(row: RowView, taps: RowTaps) -> ft.Control:
    counts = [CountButton(label, count, selected, follows, taps)
              for count, (label, selected, follows) in enumerate(row.counts)]
    if row.buy_down is not None:
        label, chip, bought = row.buy_down
        counts.append(labelled(label, ft.Chip(label=ft.Text(chip), selected=bought,
                                              on_select=lambda: taps.toggle_buy_down()),
                               selected=bought))
    header = ft.Row(
        spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER,
        controls=[
            ft.Column(spacing=0, expand=True, controls=[
                ft.Text(row.player, size=18, weight=ft.FontWeight.BOLD, no_wrap=True),
                ft.Text(row.about, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            ]),
            readout(label=row.score_label,
                    content=ft.Column(spacing=0, horizontal_alignment=ft.CrossAxisAlignment.END,
                                      controls=[
                        ft.Text(row.score, size=24, weight=ft.FontWeight.BOLD),
                        *([ft.Text(row.money, size=12)] if row.money else []),
                    ])),
            # One kind of button whatever its state: a tap is never lost to a swapped widget.
            labelled(row.pass_label, ft.OutlinedButton(
                row.pass_text, height=TARGET, icon=ft.Icons.CHECK if row.passed else None,
                style=pass_style(row.passed), on_click=lambda: taps.toggle_pass()),
                selected=row.passed),
        ],
    )
    body: list[ft.Control] = [header]
    if row.counts:
        body.append(ft.Row(counts, spacing=2, wrap=True))
    if row.refusal:
        body.append(readout(label=row.refusal, content=ft.Text(row.refusal, size=14,
                                                                color=ft.Colors.ERROR)))
    return ft.Container(
        padding=ROW_PADDING, border_radius=ROW_CORNERS, border=MARKED if row.marked else None,
        bgcolor=row.background, content=ft.Column(spacing=4, controls=body),
    )


@ft.memo
@ft.component
def CountButton(label: str, count: int, selected: bool, follows: bool, taps: RowTaps
                ) -> ft.Control:
    """One trick count. A component of its own: when a deal is saved, only the counts
    whose look changed are drawn again, not all six of every row."""
    return labelled(label, ft.OutlinedButton(
        str(count), width=TARGET, height=TARGET, style=count_style(selected, follows),
        on_click=lambda: taps.tricks(count)), selected=selected)


def _duty_tag(app: AppModel, duty: Message | None, passed: bool, five: int) -> str | None:
    """"must play", "may pass", "must play or pay 5": what the rules ask of this row now."""
    if passed:
        return None
    if duty is None:
        return app.t("ui.duty_may_pass")
    return app.t(DUTY_TAGS.get(duty.key, "ui.duty_must_play"), five=five)


def tricks_left(app: AppModel, draft: DealDraft, deal: Deal, tricks: int) -> str | None:
    """"3 tricks left", "all 5 tricks given", …: nothing when no tricks are played."""
    if draft.misdeal or draft.conceded:
        return None
    given = sum(deal.tricks.values())
    left = tricks - given
    if draft.general is not None and 0 < given < tricks:
        return app.t("ui.tricks_general_lost", played=given)
    key = "ui.tricks_left" if left > 0 else "ui.tricks_all" if left == 0 else "ui.tricks_over"
    return app.t(key, left=abs(left))


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


def extras_view(app: AppModel, fields: DealFields, draft: DealDraft,
                players: list[str]) -> ExtrasView:
    choosers = [name for name, offered in (("widow", fields.widow), ("general", fields.general),
                                          ("fouls", fields.fouls), ("forfeit_to", fields.fouls))
                if offered]
    toggles = [name for name, offered in (("conceded", fields.conceded),
                                          ("misdeal", fields.misdeal),
                                          ("interrupted", fields.interrupted)) if offered]
    chips = [ExtraChip(name, app.t(f"ui.extra_{name}"), draft.choosing == name, True)
             for name in choosers]
    chips += [ExtraChip(name, app.t(f"ui.extra_{name}"), getattr(draft, name), False)
              for name in toggles]
    name = draft.choosing
    if not name:
        return ExtrasView(tuple(chips), None, "", ())
    picks = tuple(
        (player, app.t(f"ui.pick_{name}", player=player),
         player in getattr(draft, name) if name == "fouls" else getattr(draft, name) == player)
        for player in players)
    return ExtrasView(tuple(chips), name, app.t(f"ui.choose_{name}"), picks)


@dataclass(frozen=True, slots=True)
class ExtraTaps:
    """What the extras' chips do to the draft; equal for the same draft (see RowTaps)."""

    draft: DealDraft

    def tap(self, chip: ExtraChip) -> None:
        draft = self.draft
        if chip.chooser:
            draft.choosing = None if draft.choosing == chip.name else chip.name
        else:
            setattr(draft, chip.name, not getattr(draft, chip.name))

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
            selected=None if chip.chooser else chip.selected)
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
            ft.Text(view.question, size=15),
            ft.Row(wrap=True, spacing=6, controls=[
                labelled(label, ft.Chip(label=ft.Text(player), selected=chosen,
                                        on_select=lambda _, p=player: taps.pick(name, p)),
                         selected=chosen)
                for player, label, chosen in view.picks]),
        ]),
    )


def keyboard(draft: DealDraft, order: list[str], tricks: int, save: Callable[[], None]
             ) -> Callable[[ft.KeyboardEvent], None]:
    """A whole deal from the keyboard: a digit gives the marked player that many tricks and
    moves on, P passes, the arrows move the mark, Enter saves."""

    def key(event: ft.KeyboardEvent) -> None:
        pressed = event.key
        cursor = min(draft.cursor, len(order) - 1)
        if pressed.isdigit() and int(pressed) <= tricks:
            draft.set_tricks(order[cursor], int(pressed))
            draft.cursor = (cursor + 1) % len(order)
        elif pressed.upper() == "P":
            draft.toggle_pass(order[cursor])
            draft.cursor = (cursor + 1) % len(order)
        elif pressed == "Arrow Down":
            draft.cursor = (cursor + 1) % len(order)
        elif pressed == "Arrow Up":
            draft.cursor = (cursor - 1) % len(order)
        elif pressed in ("Enter", "Numpad Enter"):
            save()

    return key


@ft.memo
@ft.component
def KeyLegend(app: AppModel) -> ft.Control:
    line = app.t("ui.keys_legend")
    return readout(label=line, content=ft.Row(spacing=6, controls=[
        ft.Icon(ft.Icons.KEYBOARD, size=18, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Text(line, size=13, color=ft.Colors.ON_SURFACE_VARIANT, expand=True)]))
