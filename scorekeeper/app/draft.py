"""The deal being entered, tap by tap: kept per session until it is saved.

The draft holds a ``Deal`` (what was tapped) and what only the screen needs (which chooser
is open, the keyboard's row, the deal it is entered for). Each tap is a command that hands
the changed deal to its keeper (the model writes it to the database) before the screen
hears of it, so a deal half entered on a phone survives the app being sent away or killed.
"""

from __future__ import annotations

import dataclasses
import threading
import uuid
from functools import cache
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.core import Deal, Join
from scorekeeper.core.fields import TRICKS
from scorekeeper.platform import owned_data_dir
from scorekeeper.settings import settings_path

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

DEVICE_FILE = "device"  # beside settings.json: this installation's name for its drafts
ONE_PLAYER = ("widow", "general", "forfeit_to")  # the questions one player answers
MANY_PLAYERS = ("passed", "fouls", "buy_down")  # the marks several players may carry


# Compared by identity (Flet's observables are): two blank drafts of two sessions are still
# two drafts, and a row's taps (RowTaps) must go to the draft on screen, never to an equal
# one before it. Every field is private and changed only by the commands below, each of
# which tells the screen once (``notify``) when it is whole.
@ft.observable
class DealDraft:
    def __init__(self, entered: Deal | None = None, *, for_deal: int = 0,
                 keep: Callable[[Deal], None] | None = None) -> None:
        # What was tapped, as tapped: a row given 0 tricks is in ``tricks`` (it is no
        # longer the row whose tricks follow), though the deal saved leaves zeros out.
        self._entered = entered or Deal()
        self._keep = keep
        self._lock = threading.RLock()
        self._choosing: str | None = None
        self._cursor = 0
        self._for_deal = for_deal
        self._just_saved = ""

    @property
    def entered(self) -> Deal:
        return self._entered

    @property
    def choosing(self) -> str | None:
        """Which player-chooser is open (widow, general, ...), if one is."""
        return self._choosing

    @property
    def cursor(self) -> int:
        """Keyboard entry: the row (in speaking order) the digits go to."""
        return self._cursor

    @property
    def for_deal(self) -> int:
        """The deal it is entered for: once started, it stays that deal's, whatever another
        device records meanwhile (the model asks before it becomes another deal)."""
        return self._for_deal

    @property
    def just_saved(self) -> str:
        """What the deal saved from it did ("Deal 61 saved: Astrid +5"), said where Save
        was tapped (a snack bar would cover Save on a phone) until the next deal starts."""
        return self._just_saved

    @property
    def started(self) -> bool:
        """Anything tapped at all: worth keeping, and worth a word when it moves on."""
        return self.deal() != Deal()

    def deal(self, playing: Sequence[str] = (), tricks: int = TRICKS) -> Deal:
        """The deal as entered. ``playing``: who takes part, in speaking order; when all
        of them but one have their tricks, the last one took what is left (so a deal of
        four players is three taps and Save, as on paper)."""
        entered = self._entered
        taken = {p: n for p, n in entered.tricks.items() if p not in entered.passed}
        last = self.filled_in(playing, tricks)
        if last is not None:
            taken[last] = tricks - sum(taken.values())
        return dataclasses.replace(entered, tricks={p: n for p, n in taken.items() if n})

    @property
    def seat_changes(self) -> Deal:
        """Only who stands up and who sits down: the table the deal is played by."""
        return Deal(leaves=self._entered.leaves, joins=self._entered.joins)

    def filled_in(self, playing: Sequence[str], tricks: int = TRICKS) -> str | None:
        """The one player whose tricks follow from the others', if there is one. Not in a
        General Rams: play stops at the declarer's first lost trick, so the tricks left
        were never played."""
        entered = self._entered
        if (entered.misdeal or entered.conceded or entered.interrupted
                or entered.general is not None):
            return None
        active = [p for p in playing if p not in entered.passed]
        open_rows = [p for p in active if p not in entered.tricks]
        given = sum(entered.tricks.get(p, 0) for p in active)
        if len(active) > 1 and len(open_rows) == 1 and given <= tricks:
            return open_rows[0]
        return None

    def ask(self, question: str | None) -> None:
        """Open the chooser ``question`` (widow, general, fouls, ...); None puts it away."""
        self._choosing = question
        self.notify()

    def move_to(self, row: int) -> None:
        self._cursor = row
        self.notify()

    def enter_for(self, number: int) -> None:
        """From now on entered for deal ``number`` (the one Save would record)."""
        self._for_deal = number
        self.notify()

    def clear(self) -> None:
        self._choosing, self._cursor = None, 0
        self._enter(lambda _: Deal())

    def begin(self, number: int) -> None:
        """Cleared, and entered from now on for deal ``number``."""
        self._for_deal, self._just_saved = number, ""
        self.clear()

    def saved(self, next_deal: int, said: str) -> None:
        """Cleared because its deal was recorded, ready for ``next_deal``, with ``said``:
        what that deal did. The store dropped the kept copy in the same transaction, so
        there is nothing left to write.

        Unheard: the session's new version redraws the entry, rows and all, in one pass.
        Heard on its own, the entry would be drawn a pass earlier with the old scores, then
        again (measured: twice the diffing of a Save)."""
        with self._lock:
            self._entered = Deal()
        self._choosing, self._cursor = None, 0
        self._for_deal, self._just_saved = next_deal, said

    def take(self, deal: Deal, for_deal: int = 0) -> None:
        """Hold ``deal`` in place of what was entered: an undone deal (``for_deal``: its
        number), a kept draft (0: the next deal, as the model finds it)."""
        self._choosing, self._for_deal = None, for_deal
        self._enter(lambda _: dataclasses.replace(deal, dealer=None))

    def set_tricks(self, player: str, count: int) -> None:
        self._enter(lambda d: dataclasses.replace(
            d, tricks={**d.tricks, player: count},
            passed=tuple(p for p in d.passed if p != player)))

    def toggle_pass(self, player: str) -> None:
        if player in self._entered.passed:
            self._enter(lambda d: dataclasses.replace(
                d, passed=tuple(p for p in d.passed if p != player)))
        else:
            self._enter(lambda d: dataclasses.replace(
                d, passed=(*d.passed, player),
                tricks={p: n for p, n in d.tricks.items() if p != player},
                buy_down=tuple(p for p in d.buy_down if p != player)))

    def toggle_in(self, name: str, player: str) -> None:
        """``player`` marked in ``name`` (fouls, buy_down), or no longer."""
        def toggled(d: Deal) -> Deal:
            chosen: tuple[str, ...] = getattr(d, name)
            return dataclasses.replace(d, **{name: tuple(p for p in chosen if p != player)
                                             if player in chosen else (*chosen, player)})

        self._enter(toggled)

    def toggle(self, flag: str) -> None:
        """The deal conceded, misdealt or interrupted, or no longer."""
        self._enter(lambda d: dataclasses.replace(d, **{flag: not getattr(d, flag)}))

    def choose(self, name: str, player: str) -> None:
        """``player`` answers a one-player question (took the widow, declared, …; the one
        chosen, tapped again, is taken back). Answered, the question is put away and
        gives the rows their room."""
        self._choosing = None
        self._enter(lambda d: dataclasses.replace(
            d, **{name: None if getattr(d, name) == player else player}))

    def sit_down(self, join: Join) -> None:
        self._enter(lambda d: dataclasses.replace(d, joins=(*d.joins, join)))

    def stand_up(self, player: str) -> None:
        """``player`` leaves; a player who sat down for this very deal just does not."""
        def stood_up(d: Deal) -> Deal:
            if any(join.name == player for join in d.joins):
                d = dataclasses.replace(d, joins=tuple(j for j in d.joins if j.name != player))
            else:
                d = dataclasses.replace(d, leaves=(*d.leaves, player))
            return _forget(d, player)

        self._enter(stood_up)

    def take_back_change(self, player: str) -> None:
        """The join or leave of ``player`` taken back before the deal is saved."""
        self._enter(lambda d: _forget(dataclasses.replace(
            d, joins=tuple(j for j in d.joins if j.name != player),
            leaves=tuple(p for p in d.leaves if p != player)), player))

    def _enter(self, change: Callable[[Deal], Deal]) -> None:
        """``change`` made to the deal entered. The keeper writes before the screen hears
        (a tap the screen shows is kept, so killing the app right after it loses nothing
        that was shown); it is handed the deal only when the deal Save would record
        changed. Handlers may run on several threads: under the lock, the deal written
        last is always the latest, never an older tap overtaking a newer one."""
        with self._lock:
            before = self.deal()
            self._entered = change(self._entered)
            after = self.deal()
            if after != before and self._keep is not None:
                self._keep(after)
        self.notify()


def _forget(deal: Deal, player: str) -> Deal:
    """Nothing entered stays for a player no longer at the table as it now sits."""
    return dataclasses.replace(
        deal, tricks={p: n for p, n in deal.tricks.items() if p != player},
        **{name: tuple(p for p in getattr(deal, name) if p != player)
           for name in MANY_PLAYERS},
        **{name: None for name in ONE_PLAYER if getattr(deal, name) == player})


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
