"""The roster on screen: who plays, their lifetime records and how each is paid."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.core import N_

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from scorekeeper.app.state.said import Said
    from scorekeeper.payments import PaymentDetails
    from scorekeeper.session import Lifetime, Scorebook


@ft.observable
@dataclass
class Roster:
    book: Scorebook
    said: Said
    names: list[str] = field(default_factory=list)
    groups: list[str] = field(default_factory=list)  # new session: every group's name
    lifetimes: dict[str, list[Lifetime]] = field(default_factory=dict)
    details: dict[str, PaymentDetails] = field(default_factory=dict)  # how each is paid

    def load(self, *, records: bool = False) -> None:
        """The names as stored now (a player added on another device too); ``records``:
        with everyone's lifetime statistics and payment details (the players screen)."""
        self.names = self.book.roster()
        self.groups = self.book.group_names()
        if records:
            self.lifetimes = self.book.lifetimes()
            self.details = self.book.payment_details(self.names)

    def add(self, name: str) -> bool:
        return self.said.attempt(lambda: self.book.add_player(name)) is not None

    def export_file(self) -> bytes:
        return self.book.roster_file()

    async def import_file(self, picked: bytes) -> list[str] | None:
        """Players and their details from another device's roster file: all or none (on a
        worker thread, as a session file is)."""
        language = self.said.language
        return await self.said.attempt_async(  # refused: nothing of the file was kept
            lambda: asyncio.to_thread(self.book.import_roster_file, picked, language),
            N_("ui.roster_import_refused"))

    def keep_details(self, name: str, typed: Mapping[str, str | None],
                     refused: Callable[[str, Exception], None]) -> bool:
        """``name``'s payment details as typed, checked and kept; refused, why goes to
        ``refused`` (said beside the fields) and nothing is kept."""
        def keep() -> str:
            from scorekeeper.payments.details import payment_details

            return self.book.set_payment_details(name, payment_details(**typed))

        if self.said.attempt(keep, shown_on=refused) is None:
            return False
        self.load(records=True)
        self.said.notice = self.said.t("ui.details_saved", player=name)
        return True
