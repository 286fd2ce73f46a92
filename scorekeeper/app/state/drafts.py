"""The half-entered deal of each session, and the question asked when another device
recorded the deal it was entered for: one hand is one deal."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.draft import DealDraft, device_id
from scorekeeper.core import Deal, changes, seating
from scorekeeper.session import StoreError

if TYPE_CHECKING:
    from collections.abc import Mapping

    from scorekeeper.app.state.said import Said
    from scorekeeper.session import OpenSession, Scorebook


@dataclass(frozen=True, slots=True)
class DealTaken:
    """Another device recorded (or took back) the deal this device's half-entered deal was
    entered for. Nothing is saved until the person answers: one hand is one deal."""

    session_id: int
    mine: int  # the deal the draft was entered for
    next: int  # the deal Save would record now
    by: str | None  # the device that recorded deal ``mine``, if it gave a name
    theirs: Mapping[str, tuple[int, int]] | None  # what deal ``mine`` did there (core.changes);
    # None: it was taken back


@ft.observable
@dataclass
class Drafts:
    book: Scorebook
    said: Said
    # Only the host keeps its drafts in the database; a guest's draft lives as long as its
    # page (the page lives on the host's server, and a guest's name for it would not
    # outlive a restart anyway).
    hosted: bool
    # Kept when the screen is left and when another device records a deal, until this
    # device saves it; and, on the host, in the database, so that it outlives the app.
    by_session: dict[int, DealDraft] = field(default_factory=dict)
    taken: DealTaken | None = None  # the question when another device overtook the draft

    @property
    def device(self) -> str | None:
        """The name this device keeps its drafts under in the database, if it keeps them."""
        return device_id() if self.hosted else None

    def of(self, session_id: int) -> DealDraft:
        return self.by_session.get(session_id) or DealDraft()

    def opened(self, session: OpenSession) -> None:
        """``session`` is on screen: its draft is the one kept for it, if any (with a word
        that it is back), from now on written to the database at every tap."""
        if session.id not in self.by_session:
            self.by_session[session.id] = self._kept(session)
        self.follow(session)

    def _kept(self, session: OpenSession) -> DealDraft:
        device = self.device
        if device is None:
            return DealDraft()
        try:
            kept = self.book.draft(session.id, device)
        except StoreError:
            kept = None  # cannot be read now: the form starts empty, the taps still count
        if kept is not None and kept != Deal():
            self.said.notice = self.said.t("ui.draft_back", number=session.state.deals + 1)
        # The dealer follows from the seats as the deal is saved, whatever was kept.
        entered = dataclasses.replace(kept, dealer=None) if kept is not None else None
        return DealDraft(entered, keep=lambda deal: self._keep(session.id, device, deal))

    def _keep(self, session_id: int, device: str, deal: Deal) -> None:
        """Write the draft (an empty one is dropped: saved, cleared or undone to nothing)."""
        try:
            if deal == Deal():
                self.book.drop_draft(session_id, device)
            else:
                self.book.keep_draft(session_id, deal, device)
        except StoreError:
            # The database is away for a moment: the draft is still on screen and the
            # next tap writes it again; only a kill right now would lose these taps.
            pass

    def follow(self, session: OpenSession) -> None:
        """The draft of ``session``, against the deal Save would record now. A blank draft
        follows the table. One entered for a deal that another device has since recorded
        is dropped if it is that same deal (and said so); otherwise, or if its deal was
        taken back, the person is asked before anything is saved."""
        draft = self.by_session.get(session.id)
        if draft is None:
            return
        next_deal = session.state.deals + 1
        if not draft.started or draft.for_deal in (0, next_deal):
            draft.enter_for(next_deal)
            if self.taken is not None and self.taken.session_id == session.id:
                self.taken = None
            return
        mine = draft.for_deal
        theirs, by, same = None, None, False
        if mine < next_deal:
            history = session.history
            step = history.steps[mine - 1]
            before = history.state_before(mine - 1)
            entered = draft.deal(list(seating(session.table, before).order),
                                 session.fields.tricks)
            same = dataclasses.replace(entered, dealer=None) == dataclasses.replace(
                step.deal, dealer=None)
            theirs = changes(session.table, step.entries)
            by = self.book.recorded_by(session.id, mine)
        if same:
            draft.begin(next_deal)
            self.taken = None
            self.said.notice = self.said.t("ui.deal_same_recorded", number=mine,
                                           device=by or self.said.t("ui.another_device"))
            return
        self.taken = DealTaken(session.id, mine, next_deal, by, theirs)

    def keep_mine(self) -> None:
        """Answered: the half-entered deal is the next deal."""
        taken = self.taken
        if taken is not None and (draft := self.by_session.get(taken.session_id)) is not None:
            draft.enter_for(taken.next)
        self.taken = None

    def discard_mine(self) -> None:
        """Answered: the half-entered deal was the one the other device recorded."""
        taken = self.taken
        if taken is not None and (draft := self.by_session.get(taken.session_id)) is not None:
            draft.begin(taken.next)
        self.taken = None
