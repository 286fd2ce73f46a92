"""The roster: every player ever seated, once whatever the case of their name, with the
payment details the player gave (kept here, not with a session), as plain fields: the
session layer checks them (scorekeeper.payments) before they reach the store."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from sqlalchemy import Connection, Engine, select
from sqlalchemy.orm import Session as Db

from scorekeeper.core import RuleError
from scorekeeper.core.text import name_key, player_name
from scorekeeper.store.database import reading
from scorekeeper.store.failures import StoreError, storage_failures
from scorekeeper.store.models import DETAIL_COLUMNS, PlayerRow, now
from scorekeeper.store.statements import upsert

# A player's payment details: each of DETAIL_COLUMNS, None where not given.
Details = Mapping[str, str | None]


def roster(engine: Engine) -> list[str]:
    with storage_failures(engine), Db(reading(engine)) as db:
        return list(db.scalars(select(PlayerRow.name).order_by(PlayerRow.name)))


def add_player(engine: Engine, name: str) -> str:
    """Add a name to the roster (once, whatever its case); the name as kept."""
    with storage_failures(engine), Db(engine) as db, db.begin():
        return player_row(db, name).name


def player_row(db: Db, name: str) -> PlayerRow:
    """The roster's row for ``name``, added if new."""
    player = db.get(PlayerRow, roster_id(db.connection(), name))
    assert player is not None
    return player


def roster_id(connection: Connection, name: str) -> int:
    """The id of the roster's row for ``name``, added if new. Two devices (or two imports)
    adding the same new player at once both succeed: the insert yields to the row already
    there (ON CONFLICT DO NOTHING on the name's key), and both then read that row."""
    try:
        name = player_name(name)
    except RuleError as error:
        raise StoreError(error.message) from None
    key = name_key(name)
    insert_or_not = upsert(connection.dialect.name)
    connection.execute(insert_or_not(PlayerRow)
                       .values(name=name, name_key=key, created_at=now())
                       .on_conflict_do_nothing(index_elements=["name_key"]))
    return int(connection.scalars(select(PlayerRow.id).where(PlayerRow.name_key == key)).one())


def set_payment_details(engine: Engine, name: str, details: Details) -> str:
    """Keep ``details`` (already checked) for ``name``, adding the name to the roster if
    it is new; the name as kept. Empty details clear them."""
    with storage_failures(engine), Db(engine) as db, db.begin():
        player = player_row(db, name)
        _keep(player, details)
        return player.name


def import_roster(engine: Engine, players: Mapping[str, Details]) -> list[str]:
    """A roster file's players (already checked) in one transaction: all of them are
    kept, or none. A player listed without details is added, and details kept here for
    them stay. The names as kept."""
    with storage_failures(engine), Db(engine) as db, db.begin():
        kept = []
        for name, details in players.items():
            player = player_row(db, name)
            if any(details.values()):
                _keep(player, details)
            kept.append(player.name)
        return kept


def _keep(player: PlayerRow, details: Details) -> None:
    for column in DETAIL_COLUMNS:
        setattr(player, column, details.get(column))


def payment_details(engine: Engine, names: Iterable[str]) -> dict[str, Details]:
    """The details of each of ``names`` found in the roster (any case), keyed as asked."""
    asked = {name_key(name): name for name in names}
    if not asked:
        return {}
    with storage_failures(engine), Db(reading(engine)) as db:
        rows = db.scalars(select(PlayerRow).where(PlayerRow.name_key.in_(asked)))
        return {asked[row.name_key]: {column: getattr(row, column) for column in DETAIL_COLUMNS}
                for row in rows}
