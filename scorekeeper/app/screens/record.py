"""Correcting a past deal, reached from the ledger: the deal as recorded, in the same rows
as a new one; saving it recomputes everything after it."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.draft import DealDraft
from scorekeeper.app.entry import DealEntry
from scorekeeper.app.routes import route_to
from scorekeeper.app.widgets import screen_bar

if TYPE_CHECKING:
    from scorekeeper.app.entry.deal_entry import EntryPage, EntryTaps
    from scorekeeper.session import OpenSession


@ft.memo
@ft.component
def CorrectDeal(session: OpenSession, index: int, page: EntryPage, taps: EntryTaps
                ) -> ft.Control:
    """Deal ``index`` (0-based, one the session has: its record says when it is missing)."""
    back = route_to("ledger", session=session.id)
    return ft.Column(expand=True, spacing=0, controls=[
        screen_bar(page.words, taps.go, page.words.t("ui.edit_deal", number=index + 1), back),
        ft.Container(expand=True, padding=ft.Padding.all(8), alignment=ft.Alignment.TOP_CENTER,
                     content=Correction(session, index, back, page, taps,
                                        key=f"{session.id}:{session.version}:{index}")),
    ])


@ft.memo
@ft.component
def Correction(session: OpenSession, index: int, back: str, page: EntryPage, taps: EntryTaps
               ) -> ft.Control:
    """Deal ``index`` as it was recorded, to be changed and saved again."""
    draft, _ = ft.use_state(lambda: DealDraft(replace(session.deals[index], dealer=None)))
    done = ft.use_callback(lambda: taps.go(back), [back])
    return ft.Container(width=900, content=DealEntry(session, draft, page, taps, index,
                                                     on_saved=done))
