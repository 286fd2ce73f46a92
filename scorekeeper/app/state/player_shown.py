"""A player's page on screen: their record, with the group and year the route chose, and
the two side by side when a rival is tapped. Read when the route is loaded, never while a
screen draws."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import flet as ft

if TYPE_CHECKING:
    from scorekeeper.app.routes import Place
    from scorekeeper.app.state.said import Said
    from scorekeeper.core.head_to_head import HeadToHead
    from scorekeeper.core.records import PlayerRecord
    from scorekeeper.session import Scorebook

SHARED_FIRST = 20  # the newest sessions two players shared that their page lists at first


@ft.observable
@dataclass
class PlayerShown:
    book: Scorebook
    said: Said
    record: PlayerRecord | None = None  # the player's page: None until read, or refused
    versus: HeadToHead | None = None  # the player and a rival side by side
    every_session: bool = False  # the side by side lists every session, not the newest

    def open(self, place: Place) -> None:
        """The record of the player ``place`` names, over its group and year."""
        assert place.player is not None  # routes.py gives a player's page its player
        player = place.player
        self.record = self.said.attempt(
            lambda: self.book.player_record(player, place.group, place.year))

    def open_versus(self, place: Place) -> None:
        """The player and the rival ``place`` names, side by side: ``scorekeeper versus``'s
        figures, over the same group and year."""
        assert place.player is not None  # as routes.py parses
        assert place.rival is not None
        player, rival = place.player, place.rival
        shown = self.versus
        if shown is None or shown.players != (player, rival):
            self.every_session = False
        self.versus = self.said.attempt(
            lambda: self.book.versus(player, rival, place.group, place.year))

    def show_every_session(self) -> None:
        self.every_session = True
