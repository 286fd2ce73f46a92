"""Enter a deal (or correct a past one): one tap per player, one to save.

Tricks start at 0, so the normal deal is a tap on each player's tricks and a tap on
Save. Passes sit on every row; the rarer events (widow, General Rams, fouls,
conceding, misdeal, buy-down, ramina) are one tap away. Nothing illegal can be
saved: the core checks the draft as it changes and says why in words.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import flet as ft

from scorekeeper.app.draft import DealDraft
from scorekeeper.app.model import AppModel
from scorekeeper.app.widgets import (
    Missing,
    ScreenBar,
    action,
    error_line,
    labelled,
    panel,
    readout,
    screen,
)
from scorekeeper.core import (
    Deal,
    DealFields,
    Family,
    RuleError,
    Rules,
    State,
    Step,
    Table,
    record,
    seating,
)
from scorekeeper.core.fields import TRICKS
from scorekeeper.formats.protocol import changes
from scorekeeper.i18n import describe
from scorekeeper.session import OpenSession


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
def CorrectDeal(app: AppModel, index: int) -> ft.Control:
    """The screen for correcting a past deal, reached from the ledger."""
    session = app.session
    if session is None or not 0 <= index < session.state.deals:
        return Missing(app)
    back = f"/session/{session.id}/ledger"
    return ft.Column(expand=True, spacing=0, controls=[
        ScreenBar(app, app.t("ui.edit_deal", number=index + 1), back),
        screen(Correction(app, session, index, key=f"{session.id}:{session.version}:{index}")),
    ])


@ft.component
def Correction(app: AppModel, session: OpenSession, index: int) -> ft.Control:
    """Deal ``index`` as it was recorded, to be changed and saved again."""
    draft, _ = ft.use_state(lambda: DealDraft.of(replace(session.deals[index], dealer=None)))
    return DealEntry(app, session, draft, index)


@ft.component
def DealEntry(app: AppModel, session: OpenSession, draft: DealDraft, index: int | None = None
              ) -> ft.Control:
    """The deal being entered (or deal ``index`` corrected): a row per player, the
    extras, Save. A new deal's draft lives in the model, so it outlives this screen."""
    table = session.table
    before = session.state_before(index) if index is not None else session.state
    seats = seating(table, before)
    deal = draft.deal()
    verdict = check(table, before, deal, app.settings.language)
    number = before.deals + 1

    def save() -> None:
        if index is not None:
            if app.run(lambda: app.scorebook.edit(session.id, index, deal, session.version),
                       app.t("ui.edited", number=number)):
                app.go(f"/session/{session.id}/ledger")
            return
        recorded: list[Step] = []

        def record_it() -> OpenSession:
            opened, step = app.scorebook.record(session.id, deal, session.version)
            recorded.append(step)
            return opened

        if app.run(record_it):
            app.notice = _summary(app, table, changes(table, recorded[0].entries))
            draft.clear()

    rows = [PlayerRow(app, table.rules, draft, player, seats.dealer, seats.forehand, seats.rh)
            for player in seats.order]
    return ft.Column(
        spacing=10,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        controls=[
            ft.Text(app.t("ui.deal_by", number=number, dealer=seats.dealer), size=22,
                    weight=ft.FontWeight.BOLD),
            *([ft.Text(app.t("ui.sitting_out", players=", ".join(seats.sitting_out)))]
              if seats.sitting_out else []),
            *rows,
            TricksLeft(app, draft, deal, session.fields.tricks),
            Extras(app, session.fields, draft, list(seats.order)),
            error_line(app.problem or (None if verdict.unfinished else verdict.refusal)),
            *([action(app.t("ui.reload"), ft.Icons.REFRESH, app.reload)] if app.stale else []),
            Preview(app, table, verdict),
            ft.FilledButton(
                app.t("ui.save_deal", number=number), icon=ft.Icons.CHECK, height=56,
                disabled=verdict.refusal is not None, on_click=save,
                style=ft.ButtonStyle(text_style=ft.TextStyle(size=20))),
        ],
    )


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
    for count in range(TRICKS + 1):
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
def TricksLeft(app: AppModel, draft: DealDraft, deal: Deal, tricks: int) -> ft.Control:
    if draft.misdeal or draft.conceded:
        return ft.Container()
    left = tricks - sum(deal.tricks.values())
    key = "ui.tricks_left" if left > 0 else ("ui.tricks_all" if left == 0 else "ui.tricks_over")
    line = app.t(key, left=abs(left))
    return readout(label=line, content=ft.Text(line, size=18, weight=ft.FontWeight.BOLD))


@ft.component
def Extras(app: AppModel, fields: DealFields, draft: DealDraft, players: list[str]
           ) -> ft.Control:
    """The rarer events this variant has, each one tap away."""
    choosers = [name for name, offered in (("widow", fields.widow), ("general", fields.general),
                                          ("fouls", fields.fouls), ("forfeit_to", fields.fouls),
                                          ("buy_down", fields.buy_down)) if offered]
    chips: list[ft.Control] = []
    for name in choosers:
        label = app.t(f"ui.extra_{name}")
        chips.append(labelled(label, ft.Chip(
            label=ft.Text(label), selected=draft.choosing == name,
            leading=ft.Icon(ft.Icons.PERSON_ADD_ALT),
            on_select=lambda _, n=name: setattr(draft, "choosing",
                                                None if draft.choosing == n else n))))
    toggles = [name for name, offered in (("conceded", fields.conceded),
                                          ("misdeal", fields.misdeal),
                                          ("interrupted", fields.interrupted)) if offered]
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
