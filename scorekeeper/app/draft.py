"""The deal being entered, tap by tap: kept per session until it is saved.

Every change is handed to a keeper (the model writes it to the database), so a deal
half entered on a phone survives the app being sent away or killed.
"""

from __future__ import annotations

import threading
import uuid
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.core import Deal, Join
from scorekeeper.core.fields import TRICKS
from scorekeeper.platform import owned_data_dir
from scorekeeper.settings import settings_path

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence

DEVICE_FILE = "device"  # beside settings.json: this installation's name for its drafts
# What a tap can change; `choosing` (which chooser is open) is no part of the deal.
DEAL_FIELDS = ("tricks", "passed", "widow", "general", "fouls", "forfeit_to", "buy_down",
               "conceded", "misdeal", "interrupted", "leaves", "joins")


# Compared by identity: two blank drafts of two sessions are still two drafts, and a
# row's taps (RowTaps) must go to the draft on screen, never to an equal one before it.
@ft.observable
@dataclass(eq=False)
class DealDraft:
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
    # Who stands up and who sits down before this deal (RULES.md: a change belongs to the
    # first deal it applies to): the table the rows show is the table after them.
    leaves: list[str] = field(default_factory=list)
    joins: list[Join] = field(default_factory=list)
    choosing: str | None = None  # which player-chooser is open (widow, general, ...)
    cursor: int = 0  # keyboard entry: the row (in speaking order) the digits go to
    # The deal it is entered for: once started, it stays that deal's, whatever another
    # device records meanwhile (the model asks before it becomes another deal).
    for_deal: int = 0
    # What the deal saved from it did ("Deal 61 saved: Astrid +5"), said where Save was
    # tapped (a snack bar would cover Save on a phone) until the next deal is started.
    just_saved: str = ""

    @classmethod
    def of(cls, deal: Deal) -> DealDraft:
        return cls(dict(deal.tricks), list(deal.passed), deal.widow, deal.general,
                   list(deal.fouls), deal.forfeit_to, list(deal.buy_down), deal.conceded,
                   deal.misdeal, deal.interrupted, list(deal.leaves), list(deal.joins))

    @property
    def started(self) -> bool:
        """Anything tapped at all: worth keeping, and worth a word when it moves on."""
        return self.deal() != Deal()

    def deal(self, playing: Sequence[str] = (), tricks: int = TRICKS) -> Deal:
        """The deal as entered. ``playing``: who takes part, in speaking order; when all
        of them but one have their tricks, the last one took what is left (so a deal of
        four players is three taps and Save, as on paper)."""
        taken = {p: n for p, n in self.tricks.items() if p not in self.passed}
        last = self.filled_in(playing, tricks)
        if last is not None:
            taken[last] = tricks - sum(taken.values())
        return Deal(passed=tuple(self.passed), widow=self.widow, general=self.general,
                    tricks={p: n for p, n in taken.items() if n}, fouls=tuple(self.fouls),
                    forfeit_to=self.forfeit_to, buy_down=tuple(self.buy_down),
                    conceded=self.conceded, misdeal=self.misdeal,
                    interrupted=self.interrupted, leaves=tuple(self.leaves),
                    joins=tuple(self.joins))

    @property
    def seat_changes(self) -> Deal:
        """Only who stands up and who sits down: the table the deal is played by."""
        return Deal(leaves=tuple(self.leaves), joins=tuple(self.joins))

    def filled_in(self, playing: Sequence[str], tricks: int = TRICKS) -> str | None:
        """The one player whose tricks follow from the others', if there is one. Not in a
        General Rams: play stops at the declarer's first lost trick, so the tricks left
        were never played."""
        if self.misdeal or self.conceded or self.interrupted or self.general is not None:
            return None
        active = [p for p in playing if p not in self.passed]
        open_rows = [p for p in active if p not in self.tricks]
        given = sum(self.tricks.get(p, 0) for p in active)
        if len(active) > 1 and len(open_rows) == 1 and given <= tricks:
            return open_rows[0]
        return None

    def clear(self) -> None:
        with self._at_once():
            self._clear_fields()

    def _clear_fields(self) -> None:
        self.tricks, self.passed, self.fouls, self.buy_down = {}, [], [], []
        self.leaves, self.joins = [], []
        self.widow = self.general = self.forfeit_to = self.choosing = None
        self.conceded = self.misdeal = self.interrupted = False
        self.cursor = 0

    def begin(self, number: int) -> None:
        """Cleared, and entered from now on for deal ``number``."""
        self.clear()
        self.for_deal = number
        self.just_saved = ""

    def saved(self, next_deal: int, said: str) -> None:
        """Cleared because its deal was recorded, ready for ``next_deal``, with ``said``:
        what that deal did. The store dropped the kept copy in the same transaction, so
        there is nothing left to write.

        Unheard: the session's new version redraws the entry, rows and all, in one pass.
        Heard on its own, the entry would be drawn a pass earlier with the old scores, then
        again (measured: twice the diffing of a Save)."""
        self._kept = Deal()
        with self._at_once(heard=False):
            self._clear_fields()
            self.for_deal, self.just_saved = next_deal, said

    def take(self, deal: Deal, for_deal: int = 0) -> None:
        """Hold ``deal`` in place of what was entered: an undone deal (``for_deal``: its
        number), a kept draft (0: the next deal, as the model finds it)."""
        taken = DealDraft.of(deal)
        with self._at_once():
            for name in DEAL_FIELDS:
                setattr(self, name, getattr(taken, name))
            self.choosing = None
        self.for_deal = for_deal

    # --- keeping it ---
    # (Attributes starting with "_" are not observed: setting them redraws nothing.)

    _quiet = False  # within _at_once: nobody hears of a change until it is whole

    def keep_with(self, keep: Callable[[Deal], None]) -> None:
        """Hand ``keep`` the deal whenever a tap changes it; once for a clear or a take."""
        self._kept = self.deal()
        self._lock = threading.Lock()
        self._keep = keep

    def _notify(self, field: str | None) -> None:
        # The keeper writes before the screen hears of the change (its listeners sit in a
        # weak set, in no order): a tap the screen shows is kept, so killing the app
        # right after it loses nothing that was shown.
        if self._quiet:
            return
        self._changed()
        ft.Observable._notify(self, field)

    def _changed(self) -> None:
        keep = getattr(self, "_keep", None)
        if keep is None:
            return
        # Handlers may run on several threads: the deal is read under the lock, so the
        # last one written is always the latest, never an older tap overtaking a newer one.
        with self._lock:
            deal = self.deal()
            if deal != self._kept:
                self._kept = deal
                keep(deal)

    @contextmanager
    def _at_once(self, *, heard: bool = True) -> Iterator[None]:
        """Several fields changed as one: kept once, not half-changed on the way; told to
        nobody when not ``heard``."""
        self._quiet = True
        try:
            yield
        finally:
            self._quiet = False
            if heard:
                self.notify()

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
            self.buy_down = [p for p in self.buy_down if p != player]

    def toggle_in(self, name: str, player: str) -> None:
        chosen: list[str] = getattr(self, name)
        setattr(self, name, [p for p in chosen if p != player] if player in chosen
                else [*chosen, player])

    def sit_down(self, join: Join) -> None:
        self.joins = [*self.joins, join]

    def stand_up(self, player: str) -> None:
        """``player`` leaves; a player who sat down for this very deal just does not."""
        if any(join.name == player for join in self.joins):
            self.joins = [join for join in self.joins if join.name != player]
        else:
            self.leaves = [*self.leaves, player]
        self._forget(player)

    def take_back_change(self, player: str) -> None:
        """The join or leave of ``player`` taken back before the deal is saved."""
        self.joins = [join for join in self.joins if join.name != player]
        self.leaves = [p for p in self.leaves if p != player]
        self._forget(player)

    def _forget(self, player: str) -> None:
        """Nothing entered stays for a player no longer at the table as it now sits."""
        self.tricks = {p: n for p, n in self.tricks.items() if p != player}
        for name in ("passed", "fouls", "buy_down"):
            if player in getattr(self, name):
                setattr(self, name, [p for p in getattr(self, name) if p != player])
        for name in ("widow", "general", "forfeit_to"):
            if getattr(self, name) == player:
                setattr(self, name, None)

    def choose(self, name: str, player: str) -> None:
        """``player`` answers a one-player question (took the widow, declared, …; the one
        chosen, tapped again, is taken back). Answered, the question is put away and
        gives the rows their room."""
        setattr(self, name, None if getattr(self, name) == player else player)
        self.choosing = None


@cache
def device_id() -> str:
    """This installation's name for its drafts: made once, kept beside the settings.

    Two devices on one club database (or two servers) have different names, so neither's
    half-entered deal overwrites the other's. Where the file cannot be kept, "" (drafts
    are then kept per session)."""
    path = settings_path().with_name(DEVICE_FILE)
    try:
        kept = path.read_text(encoding="ascii").strip()
        if kept:
            return kept
    except (OSError, ValueError):
        pass
    made = uuid.uuid4().hex
    try:
        owned_data_dir()  # the settings' folder, its owner's alone
        with path.open("x", encoding="ascii") as out:  # "x": two processes, one name
            out.write(made)
        return made
    except FileExistsError:
        return path.read_text(encoding="ascii").strip()
    except OSError:
        return ""
