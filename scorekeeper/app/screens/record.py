"""Correcting a past deal, reached from the ledger: the deal as recorded, in the same rows
as a new one; saving it recomputes everything after it."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.draft import DealDraft
from scorekeeper.app.entry import DealEntry
from scorekeeper.app.routes import route_to
from scorekeeper.app.widgets import missing, screen_bar

if TYPE_CHECKING:
    from scorekeeper.app.model import AppModel
    from scorekeeper.session import OpenSession


@ft.memo
@ft.component
def CorrectDeal(app: AppModel, index: int) -> ft.Control:
    session = app.table.session
    if session is None or not 0 <= index < session.state.deals:
        return missing(app)
    back = route_to("ledger", session=session.id)
    return ft.Column(expand=True, spacing=0, controls=[
        screen_bar(app.words, app.go, app.t("ui.edit_deal", number=index + 1), back),
        ft.Container(expand=True, padding=ft.Padding.all(8), alignment=ft.Alignment.TOP_CENTER,
                     content=Correction(app, session, index, back,
                                        key=f"{session.id}:{session.version}:{index}")),
    ])


@ft.memo
@ft.component
def Correction(app: AppModel, session: OpenSession, index: int, back: str) -> ft.Control:
    """Deal ``index`` as it was recorded, to be changed and saved again."""
    draft, _ = ft.use_state(lambda: DealDraft(replace(session.deals[index], dealer=None)))
    done = ft.use_callback(lambda: app.go(back), [back])
    return ft.Container(width=900, content=DealEntry(app, session, draft, index, on_saved=done))
