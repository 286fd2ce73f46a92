"""The session on screen, and what the table asks of it. Each command is given the
version the screen drew (``seen``): a device that saw an older one is refused, and says so
with a Reload. Every refusal becomes words in one place (``Said.attempt``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.state.worked_out import (
    LEDGER_FIRST,
    Showing,
    WorksOut,
    a_table,
    the_hosts_table,
)
from scorekeeper.session import StoreError

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorekeeper.app.state.drafts import Drafts
    from scorekeeper.app.state.room import Room
    from scorekeeper.app.state.said import Said
    from scorekeeper.core import Deal, Step
    from scorekeeper.session import Export, OpenSession, Scorebook

# Every ledger card costs the server and the browser about 7 ms to build and send (opening
# the ledger of a 10,000-deal session on a phone: 361 ms with 30 cards, 223 ms with 10), so
# the ledger opens with a screenful (LEDGER_FIRST) and each "show earlier" adds thirty.
LEDGER_EARLIER = 30


@ft.observable
@dataclass
class SessionShown:
    book: Scorebook
    said: Said
    drafts: Drafts
    room: Room
    session: OpenSession | None = None
    works_out: WorksOut = the_hosts_table  # what the screen showing it shows of it
    ledger_shown: int = LEDGER_FIRST  # the newest deals the ledger shows
    # While this page's own command runs (on a worker thread), news of a change is kept
    # and heard once the command's result is shown: heard at once, the page would show the
    # new version before its own command had cleared the form (and ask about its own deal
    # as if another device had saved it), then again with the command's result.
    _commanding: bool = field(default=False, repr=False, init=False)
    _heard_meanwhile: int | None = field(default=None, repr=False, init=False)

    # --- reading ---
    def open(self, session_id: int, works_out: WorksOut) -> None:
        """``session_id`` as stored now, with what its screen shows (``works_out``) worked
        out."""
        self.works_out = works_out
        try:
            session = self._ready(self.book.open(session_id))
        except StoreError as error:
            self.session, self.said.problem = None, self.said.refusal(error)
            return
        self.session = session
        self.drafts.opened(session)
        self.room.opened(session_id)

    def heard(self, session_id: int) -> None:
        """The scorebook says ``session_id`` changed (here or on another device)."""
        if self._commanding:
            self._heard_meanwhile = session_id
            return
        shown = self.session
        if shown is None or shown.id != session_id:
            return
        latest = self.book.latest(session_id) or self._reopened(session_id)
        if latest is None or latest.version == shown.version:
            return
        try:
            self.session = self._ready(latest)
            self.drafts.follow(self.session)
        except StoreError:  # the database is away for a moment: the next change tells again
            return

    def reload(self) -> None:
        """After a refusal for a stale version: the session as stored now, the draft kept."""
        if self.session is not None:
            self.open(self.session.id, self.works_out)
        self.said.clear()

    def show_earlier(self) -> None:
        """The ledger's next thirty deals back, worked out before they are shown."""
        if self.session is not None:
            self.session.ledger_page(self.ledger_shown + LEDGER_EARLIER)
        self.ledger_shown += LEDGER_EARLIER

    # --- what the table asks ---
    def record(self, seen: OpenSession, deal: Deal, checked: Step | None = None,
               then: Callable[[Step], None] | None = None) -> Step | None:
        """Record ``deal`` as the next deal; its step, or None if refused. ``checked``: the
        step the table's check gave for it against ``seen`` (the rules run once a Save);
        ``then``: what follows from the step on this page (the form cleared), done before
        the new version is shown, so that the page draws both at once: shown first, a
        page under load drew the new scores with the old taps, then again."""
        recorded: list[Step] = []

        def record_it() -> OpenSession:
            opened, step = self.book.record(seen.id, deal, seen.version,
                                            drafted_on=self.drafts.device,
                                            by=self.room.device_name, checked=checked)
            recorded.append(step)
            if then is not None:
                then(step)
            return opened

        return recorded[0] if self._run(record_it) else None

    def edit(self, seen: OpenSession, index: int, deal: Deal) -> bool:
        return self._run(lambda: self.book.edit(seen.id, index, deal, seen.version),
                         self.said.t("ui.edited", number=index + 1))

    def undo(self, seen: OpenSession) -> bool:
        """Take the last deal back, and give it back in the form to be fixed and saved."""
        undone, deal = seen.state.deals, seen.newest_deal
        taken_back = self._run(lambda: self.book.undo(seen.id, seen.version),
                               self.said.t("ui.undone_back", number=undone))
        if taken_back and deal is not None:
            self.drafts.of(seen.id).take(deal, undone)  # the dealer follows from the seats
        return taken_back

    def delete(self, seen: OpenSession, index: int) -> bool:
        return self._run(lambda: self.book.delete(seen.id, index, seen.version),
                         self.said.t("ui.deleted", number=index + 1))

    def finish(self, seen: OpenSession) -> bool:
        return self._run(lambda: self.book.finish(seen.id, seen.version),
                         self.said.t("ui.finished_notice"))

    def pay(self, seen: OpenSession, payer: str, payee: str, minor: int, notice: str) -> bool:
        return self._run(lambda: self.book.pay(seen.id, payer, payee, minor, seen.version),
                         notice)

    def take_back_payment(self, seen: OpenSession, payment_id: int, notice: str) -> bool:
        return self._run(lambda: self.book.take_back_payment(seen.id, payment_id,
                                                             seen.version), notice)

    def move_to_group(self, seen: OpenSession, group: str | None, notice: str) -> bool:
        return self._run(lambda: self.book.move_to_group(seen.id, group, seen.version),
                         notice)

    def export(self, seen: OpenSession, kind: Export) -> bytes | None:
        """The stored session as a file, if it is still the version on screen: the file a
        stale screen shows is not handed on."""
        exported = self.said.attempt(lambda: self.book.export(seen.id, kind,
                                                              self.said.language, seen.version))
        return exported[1] if exported is not None else None

    # --- inside ---
    def _run(self, command: Callable[[], OpenSession], notice: str | None = None) -> bool:
        """Carry out a scorebook command; on refusal say why and change nothing here."""
        self._commanding = True
        try:
            session = self.said.attempt(lambda: self._ready(command()))
        finally:
            self._commanding = False
        if session is not None:
            self.session = session
            self.said.notice = notice
        heard, self._heard_meanwhile = self._heard_meanwhile, None
        if heard is not None:  # a change this command made is no news; another's is
            self.heard(heard)
        return session is not None

    def _ready(self, session: OpenSession) -> OpenSession:
        # A guest's page only ever shows the table, without Undo: only the host's has it.
        works_out = self.works_out if self.room.role == "host" else a_table
        works_out(session, Showing(self.said.language, self.ledger_shown))
        return session

    def _reopened(self, session_id: int) -> OpenSession | None:
        try:
            return self.book.open(session_id)
        except StoreError:
            return None
