"""The tables. Deals are the record; entries and standings are derived from them and
rebuilt whenever a past deal is edited. Money is integer minor units, never float."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlmodel import Field, SQLModel

from scorekeeper.core.payee import DETAIL_FIELDS


def now() -> datetime:
    return datetime.now(UTC)


def new_uid() -> str:
    """What identifies a session (or a payment on a tab) wherever it goes: another
    device, the club's database, a backup and back (revision 0012)."""
    return str(uuid.uuid4())


UID_LENGTH = 64  # the longest uid a file may bring; ours are 36 characters


IN_PLAY, FINISHED = "in_play", "finished"  # a session's status
PAYMENT, SCORE, SEAT = "payment", "score", "seat"  # an entry's kind
ENTRY_KINDS = frozenset({PAYMENT, SCORE, SEAT})


class PlayerRow(SQLModel, table=True):
    """The roster: one row per person, reused across sessions."""

    __tablename__ = "players"
    id: int | None = Field(default=None, primary_key=True)
    name: str
    name_key: str = Field(unique=True)  # the name trimmed and case-folded
    created_at: datetime = Field(default_factory=now)
    # How the player is paid (revision 0004), checked by scorekeeper.payments on entry:
    # a text column for each of core/payee.py's DETAIL_FIELDS, all optional. Kept with
    # the roster, never copied into a session.
    __annotations__.update(dict.fromkeys(DETAIL_FIELDS, "str | None"))
    locals().update(dict.fromkeys(DETAIL_FIELDS))


# The columns above that hold how a player is paid (PaymentDetails' fields, one column each).
DETAIL_COLUMNS = DETAIL_FIELDS


class GroupRow(SQLModel, table=True):
    """A group that plays many evenings and keeps a running tab (revision 0007)."""

    __tablename__ = "groups"
    id: int | None = Field(default=None, primary_key=True)
    name: str
    name_key: str = Field(unique=True)  # the name trimmed and case-folded
    currency: str | None = None  # fixed by the first session stored in the group
    version: int = Field(default=0, sa_column=Column(Integer, nullable=False,
                                                     server_default="0"))
    created_at: datetime = Field(default_factory=now)


class SessionRow(SQLModel, table=True):
    __tablename__ = "sessions"
    __table_args__ = (Index("ix_sessions_uid", "uid", unique=True),)
    id: int | None = Field(default=None, primary_key=True)
    name: str
    variant: str = Field(index=True)
    options: str = Field(default="{}", sa_column=Column(Text, nullable=False))  # JSON
    first_dealer: str
    currency: str | None = None
    unit: str = "1"  # the value of one unit, as exact decimal text
    status: str = Field(default=IN_PLAY, index=True)  # IN_PLAY | FINISHED
    version: int = 0  # bumped by every change: two devices cannot both record deal N
    deal_count: int = 0
    leaders: str = Field(default="[]", sa_column=Column(Text, nullable=False, default="[]"))
    created_at: datetime = Field(default_factory=now)
    updated_at: datetime = Field(default_factory=now, index=True)
    # Revision 0007: the group whose tab the session counts in, and the evening's date.
    group_id: int | None = Field(default=None, foreign_key="groups.id", index=True)
    played_on: date | None = None
    # Revision 0011: the standings as JSON, [roster id, name as seated, minor, flights] for
    # each player in order of their seats, written with them: a group's tab reads one
    # row per evening, not a seat and a standing per player (8.7 s over 5,000 evenings).
    result: str | None = Field(default=None, sa_column=Column(Text))
    # Revision 0015: each player's place in the session's standings as JSON, [place,
    # deals played, the figure the place rests on, finished games missed] in the order of
    # ``result`` (``change.kept_places``): a head to head, the home screen's list and a
    # group's evenings read them without a replay, and the tab does not decode them.
    places: str | None = Field(default=None, sa_column=Column(Text))
    # Revision 0017: each player's feats (core/feats.py) as JSON, [General Rams won, lost,
    # the most taken from the pot in one deal] in the order of ``result``
    # (``change.kept_feats``): a player's page and a group's records read them per session.
    feats: str | None = Field(default=None, sa_column=Column(Text))
    # Revision 0012: the session's uid, kept by its session file, a backup and a restore.
    uid: str | None = Field(default_factory=new_uid,
                            sa_column=Column(String(UID_LENGTH), default=new_uid))


class GroupRecordsRow(SQLModel, table=True):
    """A group's records folded so far (revision 0019; ``store.records_kept``): kept for
    the finished sessions ``mark`` names, worked out again when they are no longer those."""

    __tablename__ = "group_records"
    group_id: int = Field(foreign_key="groups.id", primary_key=True, ondelete="CASCADE")
    mark: str = Field(sa_column=Column(Text, nullable=False))
    fold: str = Field(sa_column=Column(Text, nullable=False))  # GroupFold.plain, as JSON


class SeatRow(SQLModel, table=True):
    """Who sits where: the order of play at the start, then everyone who joined later."""

    __tablename__ = "seats"
    session_id: int = Field(foreign_key="sessions.id", primary_key=True, ondelete="CASCADE")
    seat: int = Field(primary_key=True)
    player_id: int = Field(foreign_key="players.id", index=True)
    name: str  # as seated in this session
    # Revision 0009: sat down during the session; where, the deals' joins say.
    joined: bool = Field(default=False, sa_column=Column(Boolean, nullable=False,
                                                         server_default=false()))


class DealRow(SQLModel, table=True):
    """A deal as the table reported it (the FORMAT.md deal object, as JSON)."""

    __tablename__ = "deals"
    __table_args__ = (UniqueConstraint("session_id", "number"),)
    id: int | None = Field(default=None, primary_key=True)
    session_id: int = Field(foreign_key="sessions.id", ondelete="CASCADE")
    number: int
    record: str = Field(sa_column=Column(Text, nullable=False))
    # The state after this deal (JSON), kept for a session's newest deal, so recording
    # the next deal and opening the session need no replay. Revision 0002; rebuilt
    # when missing.
    state_after: str | None = Field(default=None, sa_column=Column(Text))
    recorded_at: datetime = Field(default_factory=now)
    # The device that recorded it, when it gave a name (revision 0008): a guest's phone.
    recorded_by: str | None = None


class EntryRow(SQLModel, table=True):
    """A ledger entry: a payment between accounts ("" is the pot), a score change, or a
    seat change (a player sat down or stood up)."""

    __tablename__ = "entries"
    __table_args__ = (Index("ix_entries_session_deal", "session_id", "deal_number"),)
    id: int | None = Field(default=None, primary_key=True)
    session_id: int = Field(foreign_key="sessions.id", ondelete="CASCADE")
    deal_number: int  # 0: the end-of-session pot rule
    position: int  # order within the deal
    kind: str  # payment | score | seat
    payer: str | None = None
    payee: str | None = None
    minor: int = Field(default=0, sa_column=Column(BigInteger, nullable=False, default=0))
    player: str | None = None
    points: int = 0
    reason_key: str
    reason_params: str = Field(sa_column=Column(Text, nullable=False))  # JSON


class StandingRow(SQLModel, table=True):
    """One player's totals in one session: what lifetime statistics add up."""

    __tablename__ = "standings"
    session_id: int = Field(foreign_key="sessions.id", primary_key=True, ondelete="CASCADE")
    player_id: int = Field(foreign_key="players.id", primary_key=True, index=True)
    deals_played: int = 0
    tricks: int = 0
    flights: int = 0
    minor: int = Field(default=0, sa_column=Column(BigInteger, nullable=False, default=0))
    games_won: int = 0  # the session's wins (core.wins): games, or a pot game's General Rams


class PaymentRow(SQLModel, table=True):
    """Money one player handed another (revision 0007): in a session, or on a group's tab
    (``session_id`` None). An amount, never a tick on a transfer: what is still owed is
    worked out from the money result and every payment, so none is ever forgotten."""

    __tablename__ = "payments"
    __table_args__ = (Index("ix_payments_uid", "uid", unique=True),)
    id: int | None = Field(default=None, primary_key=True)
    session_id: int | None = Field(default=None, foreign_key="sessions.id", index=True,
                                   ondelete="CASCADE")
    group_id: int | None = Field(default=None, foreign_key="groups.id", index=True,
                                 ondelete="CASCADE")
    payer: str
    payee: str
    minor: int = Field(sa_column=Column(BigInteger, nullable=False))
    paid_at: datetime = Field(default_factory=now)
    # Revision 0012: a payment on a tab travels in a backup by its uid (a session's
    # payments travel with their session).
    uid: str | None = Field(default_factory=new_uid,
                            sa_column=Column(String(UID_LENGTH), default=new_uid))


class DraftRow(SQLModel, table=True):
    """A deal half entered on one device, kept until that device saves it (revision 0005).

    One per session and device: two phones entering the same deal each keep their own taps,
    and neither overwrites the other's. The deal is the FORMAT.md deal object as JSON,
    unchecked: a draft is what was tapped so far, not a deal the rules have accepted."""

    __tablename__ = "drafts"
    session_id: int = Field(foreign_key="sessions.id", primary_key=True, ondelete="CASCADE")
    device: str = Field(primary_key=True)
    record: str = Field(sa_column=Column(Text, nullable=False))
    updated_at: datetime = Field(default_factory=now)
