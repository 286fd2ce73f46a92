"""The scorebook's roster: who plays, their lifetime records, and how each is paid (the
details a settle-up's payment codes are drawn from)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from scorekeeper.core.text import name_key
from scorekeeper.session import files
from scorekeeper.session.listeners import Listeners
from scorekeeper.session.news import ROSTER
from scorekeeper.store import roster
from scorekeeper.store.sessions import SessionStore
from scorekeeper.store.statistics import Lifetime, lifetimes

if TYPE_CHECKING:  # loaded when details are read or kept, never when the app starts
    from scorekeeper.payments import PaymentDetails


class RosterKeeping:
    """The roster's part of the ``Scorebook``."""

    def __init__(self, store: SessionStore, listeners: Listeners,
                 details_changed: Callable[[list[str]], None]) -> None:
        """``details_changed``: the open sessions seating one of these players are to show
        their new payment details (the scorebook's)."""
        self.store, self._listeners, self._details_changed = store, listeners, details_changed

    def roster(self) -> list[str]:
        return self.store.roster()

    def lifetime(self, player: str) -> list[Lifetime]:
        """One player's record per game, then over all games; empty if never seated."""
        return lifetimes(self.store.engine, player).get(name_key(player), [])

    def lifetimes(self) -> dict[str, list[Lifetime]]:
        """Every player's lifetime statistics, by name as kept in the roster."""
        by_key = lifetimes(self.store.engine)
        return {name: by_key.get(name_key(name), []) for name in self.roster()}

    def add_player(self, name: str) -> str:
        kept = self.store.add_player(name)
        self._listeners.announce(ROSTER)
        return kept

    def payment_details(self, names: Iterable[str]) -> dict[str, PaymentDetails]:
        """The payment details the roster keeps for each of ``names`` that has any."""
        from scorekeeper.payments.details import PaymentDetails

        found = roster.payment_details(self.store.engine, names)
        return {name: PaymentDetails(**fields) for name, fields in found.items()
                if any(fields.values())}

    def set_payment_details(self, name: str, details: PaymentDetails) -> str:
        """Keep ``details`` (checked by ``payments.payment_details``) for ``name``, adding
        the player to the roster if new; returns the name as kept. Open sessions seating
        the player show the new details from now on (a detail is no change of a session)."""
        kept = roster.set_payment_details(self.store.engine, name, dataclasses.asdict(details))
        self._details_changed([kept])
        return kept

    def import_roster(self, players: Mapping[str, PaymentDetails]) -> list[str]:
        """A roster file's players (checked by ``formats.roster_file.load_roster``), all
        kept or none; returns the names as kept."""
        kept = roster.import_roster(self.store.engine, {
            name: dataclasses.asdict(details) for name, details in players.items()})
        self._details_changed(kept)
        return kept

    def import_roster_file(self, source: bytes | str, language: str) -> list[str]:
        """A roster file's players, each checked first, then all kept or none."""
        return self.import_roster(files.read_roster(source, language))

    def roster_file(self) -> bytes:
        """The roster and everyone's payment details, as a file another device imports."""
        names = self.roster()
        return files.roster_file(names, self.payment_details(names))
