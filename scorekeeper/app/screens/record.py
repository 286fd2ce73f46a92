"""Enter a deal (or correct a past one): one tap per player, one to save.

Tricks start at 0, so the normal deal is a tap on each player's tricks and a tap on
Save. Passes sit on every row; the rarer events (widow, General Rams, fouls,
conceding, misdeal, buy-down, ramina) are one tap away. Nothing illegal can be
saved: the core checks the draft as it changes and says why in words.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import flet as ft

from scorekeeper.app.model import AppModel
from scorekeeper.app.widgets import ScreenBar, error_line, labelled, panel, readout, screen
from scorekeeper.core import Deal, Family, RuleError, Rules, State, Table, record, seating
from scorekeeper.formats.protocol import changes
from scorekeeper.i18n import describe, render
from scorekeeper.store.sessions import StoredSession, StoreError

TRICKS = range(6)


@ft.observable
@dataclass
class DealDraft:
    """The deal as tapped in so far."""

    tricks: dict[str, int] = field(default_factory=dict)
    passed: list[str] = field(default_factory=list)
    widow: str | None = None
    general: str | None = None
    fouls: list[str] = field(default_factory=list)
    forfeit_to: str | None = None
    buy_down: list[str] = field(default_factory=list)
    conceded: bool = False
    misdeal: bool = False
    interrupted: bool = False
    choosing: str | None = None  # which player-chooser is open (widow, general, ...)

    @classmethod
    def of(cls, deal: Deal) -> DealDraft:
        return cls(dict(deal.tricks), list(deal.passed), deal.widow, deal.general,
                   list(deal.fouls), deal.forfeit_to, list(deal.buy_down), deal.conceded,
                   deal.misdeal, deal.interrupted)

    def deal(self) -> Deal:
        tricks = {p: n for p, n in self.tricks.items() if p not in self.passed}
        return Deal(passed=tuple(self.passed), widow=self.widow, general=self.general,
                    tricks=tricks, fouls=tuple(self.fouls), forfeit_to=self.forfeit_to,
                    buy_down=tuple(self.buy_down), conceded=self.conceded,
                    misdeal=self.misdeal, interrupted=self.interrupted)

    def set_tricks(self, player: str, count: int) -> None:
        self.tricks = {**self.tricks, player: count}
        if player in self.passed:
            self.passed = [p for p in self.passed if p != player]

    def toggle_pass(self, player: str) -> None:
        if player in self.passed:
            self.passed = [p for p in self.passed if p != player]
        else:
            self.passed = [*self.passed, player]
            self.tricks = {p: n for p, n in self.tricks.items() if p != player}

    def toggle_in(self, name: str, player: str) -> None:
        chosen: list[str] = getattr(self, name)
        setattr(self, name, [p for p in chosen if p != player] if player in chosen
                else [*chosen, player])

    def choose(self, name: str, player: str) -> None:
        setattr(self, name, None if getattr(self, name) == player else player)


@dataclass(frozen=True, slots=True)
class Check:
    """What the core says of the draft: the refusal, or what saving it would do."""

    refusal: str | None
    moves: dict[str, tuple[int, int]] | None
    unfinished: bool = False  # only tricks are missing: "tricks left" says so already


def check(table: Table, state: State, deal: Deal, language: str) -> Check:
    try:
        step = record(table, state, deal)
    except RuleError as error:
        missing = error.message.key == "deal.tricks_total" and sum(deal.tricks.values()) < 5
        return Check(describe(error, language), None, missing)
    return Check(None, changes(table, step.entries))


@ft.component
def CorrectDeal(app: AppModel, session_id: int, index: int) -> ft.Control:
    """The screen for correcting a past deal, reached from the ledger."""
    stored = app.open(session_id)
    back = f"/session/{session_id}/ledger"
    return ft.Column(expand=True, spacing=0, controls=[
        ScreenBar(app, app.t("ui.edit_deal", number=index + 1), back),
        screen(DealEntry(app, stored, index)),
    ])


@ft.component
def DealEntry(app: AppModel, stored: StoredSession, index: int | None,
              key: str | None = None) -> ft.Control:
    """The deal being entered (or corrected): a row per player, the extras, Save."""
    session_id = stored.id
    table = stored.table
    editing = index is not None
    start, _ = ft.use_state(lambda: _starting_point(app, stored, index))
    before, original = start
    draft, _ = ft.use_state(lambda: DealDraft.of(original) if original else DealDraft())
    failure, set_failure = ft.use_state(None)
    seats = seating(table, before)
    deal = draft.deal()
    verdict = check(table, before, deal, app.settings.language)
    number = before.deals + 1

    def save() -> None:
        try:
            version = app.store.get(session_id).version
            if editing:
                assert index is not None
                saved = app.store.edit(session_id, index, deal, version)
                notice = app.t("ui.edited", number=number)
            else:
                saved, step = app.store.record(session_id, deal, version)
                notice = _summary(app, table, changes(table, step.entries))
        except RuleError as error:
            set_failure(describe(error, app.settings.language))
            return
        except StoreError as error:
            set_failure(render(error.message, app.settings.language))
            return
        app.changed(saved, notice)
        if editing:
            app.go(f"/session/{session_id}/ledger")

    rows = [PlayerRow(app, table.rules, draft, player, seats.dealer, seats.forehand, seats.rh)
            for player in seats.order]
    save_label = app.t("ui.save_deal", number=number)
    return ft.Column(
        spacing=10,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        controls=[
            ft.Text(app.t("ui.deal_by", number=number, dealer=seats.dealer), size=22,
                    weight=ft.FontWeight.BOLD),
            *([ft.Text(app.t("ui.sitting_out", players=", ".join(seats.sitting_out)))]
              if seats.sitting_out else []),
            *rows,
            TricksLeft(app, draft, deal),
            Extras(app, table.rules, draft, list(seats.order)),
            error_line(failure or (None if verdict.unfinished else verdict.refusal)),
            Preview(app, table, verdict),
            ft.FilledButton(
                save_label, icon=ft.Icons.CHECK, height=56,
                disabled=verdict.refusal is not None, on_click=save,
                style=ft.ButtonStyle(text_style=ft.TextStyle(size=20))),
        ],
    )


def _starting_point(app: AppModel, stored: StoredSession, index: int | None
                    ) -> tuple[State, Deal | None]:
    """The state the deal starts from, and (correcting deal ``index``) the deal as it was."""
    if index is None:
        return stored.state, None
    _, session = app.store.replayed(stored.id)  # one read of the deals serves both
    return session.state_before(index), replace(session.deals[index], dealer=None)


@ft.component
def PlayerRow(app: AppModel, rules: Rules, draft: DealDraft, player: str, dealer: str,
              forehand: str, rh: str) -> ft.Control:
    passed = player in draft.passed
    taken = draft.tricks.get(player, 0)
    role = []
    if player == dealer:
        role.append(app.t("ui.dealer"))
    if player == forehand:
        role.append(app.t("ui.forehand"))
    if player == rh:
        role.append(app.t("ui.rh"))
    marks = [app.t(f"ui.mark_{name}") for name in ("widow", "general", "forfeit_to")
             if getattr(draft, name) == player]
    marks += [app.t(f"ui.mark_{name}") for name in ("fouls", "buy_down")
              if player in getattr(draft, name)]
    buttons = []
    for count in TRICKS:
        chosen = not passed and taken == count
        label = app.t("ui.tricks_button", player=player, count=count)
        # One kind of button whatever its state: a tap is never lost to a swapped widget.
        buttons.append(labelled(label, ft.OutlinedButton(
            str(count), width=46, height=46,
            style=ft.ButtonStyle(
                bgcolor=ft.Colors.PRIMARY if chosen else None,
                color=ft.Colors.ON_PRIMARY if chosen else None,
                text_style=ft.TextStyle(size=18, weight=ft.FontWeight.BOLD),
                padding=ft.Padding.all(0),
            ),
            on_click=lambda _, n=count: draft.set_tricks(player, n)), selected=chosen))
    pass_label = app.t("ui.pass_button", player=player)
    return ft.Container(
        padding=ft.Padding.all(10),
        border_radius=ft.BorderRadius.all(14),
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH if not passed else ft.Colors.SURFACE_DIM,
        content=ft.Column(spacing=6, controls=[
            ft.Row(
                alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                controls=[
                    ft.Column(spacing=0, controls=[
                        ft.Text(player, size=20, weight=ft.FontWeight.BOLD),
                        ft.Text(" · ".join(role + marks), size=13),
                    ]),
                    labelled(pass_label, ft.Chip(
                        label=ft.Text(app.t("ui.passes" if passed else "ui.pass")),
                        selected=passed, on_select=lambda: draft.toggle_pass(player)),
                        selected=passed),
                ],
            ),
            ft.Row(buttons, spacing=4, wrap=True, visible=not passed and not draft.misdeal
                   and not draft.conceded),
        ]),
    )


@ft.component
def TricksLeft(app: AppModel, draft: DealDraft, deal: Deal) -> ft.Control:
    if draft.misdeal or draft.conceded:
        return ft.Container()
    given = sum(deal.tricks.values())
    left = 5 - given
    key = "ui.tricks_left" if left > 0 else ("ui.tricks_all" if left == 0 else "ui.tricks_over")
    line = app.t(key, left=abs(left))
    return readout(label=line, content=ft.Text(line, size=18, weight=ft.FontWeight.BOLD))


@ft.component
def Extras(app: AppModel, rules: Rules, draft: DealDraft, players: list[str]) -> ft.Control:
    """The rarer events, each one tap away."""
    choosers = []
    if rules.widow != "none":
        choosers.append("widow")
    if rules.general_rams:
        choosers.append("general")
    if rules.fouls:
        choosers += ["fouls", "forfeit_to"]
    if rules.buy_down and rules.money:
        choosers.append("buy_down")
    chips: list[ft.Control] = []
    for name in choosers:
        label = app.t(f"ui.extra_{name}")
        chips.append(labelled(label, ft.Chip(
            label=ft.Text(label), selected=draft.choosing == name,
            leading=ft.Icon(ft.Icons.PERSON_ADD_ALT),
            on_select=lambda _, n=name: setattr(draft, "choosing",
                                                None if draft.choosing == n else n))))
    toggles = ["misdeal"]
    if rules.family is Family.POT:
        toggles.insert(0, "conceded")
    if rules.ramina:
        toggles.append("interrupted")
    for name in toggles:
        label = app.t(f"ui.extra_{name}")
        chips.append(labelled(label, ft.Chip(
            label=ft.Text(label), selected=getattr(draft, name),
            on_select=lambda _, n=name: setattr(draft, n, not getattr(draft, n))),
            selected=getattr(draft, name)))
    controls: list[ft.Control] = [ft.Row(chips, wrap=True, spacing=8)]
    if draft.choosing:
        name = draft.choosing
        many = name in ("fouls", "buy_down")
        picks = []
        for player in players:
            chosen = player in getattr(draft, name) if many else getattr(draft, name) == player
            label = app.t(f"ui.pick_{name}", player=player)
            picks.append(labelled(label, ft.Chip(
                label=ft.Text(player), selected=chosen,
                on_select=lambda _, p=player: (draft.toggle_in(name, p) if many
                                               else draft.choose(name, p))),
                selected=chosen))
        controls.append(ft.Text(app.t(f"ui.choose_{name}"), size=15))
        controls.append(ft.Row(picks, wrap=True, spacing=8))
    return panel(app.t("ui.extras"), *controls)


@ft.component
def Preview(app: AppModel, table: Table, verdict: Check) -> ft.Control:
    if verdict.moves is None:
        return ft.Container()
    return ft.Text(_summary(app, table, verdict.moves), size=16)


def _summary(app: AppModel, table: Table, moves: dict[str, tuple[int, int]]) -> str:
    """``Astrid −10 · Bengt +2 · …``: what a deal does to each player, in their measure."""
    per_unit = table.money.minor_per_unit
    parts = []
    for player, (minor, points) in moves.items():
        amount = minor // per_unit if table.rules.family is Family.POT else points
        if amount or minor:
            parts.append(f"{player} {amount:+d}")
    return app.t("ui.deal_result", changes=" · ".join(parts) or "±0")
