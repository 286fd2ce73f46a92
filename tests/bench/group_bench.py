"""A group's running tab and season table over a club's 5,000 evenings."""

from __future__ import annotations

import random
from datetime import date, timedelta
from pathlib import Path

from sqlalchemy import Connection, Engine, text

from scorekeeper.core import Session, close, fewest_transfers, make_money, make_table
from scorekeeper.core.owed import Handover
from scorekeeper.formats.session_file import Evening
from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.database import connect
from scorekeeper.store.sessions import SessionStore
from tests.bench.data import deals
from tests.bench.rows import Row
from tests.bench.timing import median_ms

GROUP = "Thursday club"
POOL = ["Astrid", "Bengt", "Cilla", "Dag", "Eva", "Frans", "Greta", "Hugo", "Ines", "Jon"]
FIRST_EVENING = date(2013, 1, 1)
EVENINGS, IMPORTED, DEALS_EACH, TAB_PAYMENTS = 5_000, 250, 12, 40
# The rows copied from the imported evenings, with the column renumbered in each copy;
# the tables' own ids are left out and numbered afresh.
COPIED_UID = "uid || '-' || :offset"  # a uid names one session (or payment): a copy's own
COPIED = {"seats": "session_id", "standings": "session_id", "deals": "session_id",
          "entries": "session_id", "payments": "session_id"}


def evening(number: int, rng: random.Random) -> tuple[Session, Evening]:
    """Four of the pool's ten at an English table, a dozen deals, finished; every third
    evening the loser hands the winner what the first transfer says."""
    table = make_table("english", rng.sample(POOL, 4), options={},
                       money=make_money("0.50", "SEK"))
    session = Session.replay(table, deals(table, DEALS_EACH, seed=number))
    transfers = fewest_transfers(close(table, session.state).money)
    paid = tuple(Handover(t.payer, t.payee, t.minor) for t in transfers[:1] if number % 3 == 0)
    return session, Evening(paid, GROUP, FIRST_EVENING + timedelta(days=number), True)


def club_evenings(book: Scorebook) -> None:
    """IMPORTED evenings stored as the app stores a session file, then copied in SQL
    (seats, standings, deals, entries and payments too) to EVENINGS, each copy played
    IMPORTED days later than the one before: an import costs about 25 ms, a copy
    nothing."""
    rng = random.Random(28)
    for number in range(IMPORTED):
        session, said = evening(number, rng)
        book.import_session(f"Evening {number + 1}", session, evening=said)
    with book.store.engine.begin() as connection:
        for copy in range(1, EVENINGS // IMPORTED):
            _copy_evenings(connection, copy)
    _pay_on_tab(book, rng)


def _columns(connection: Connection, table: str) -> list[str]:
    return [row[1] for row in connection.exec_driver_sql(f"PRAGMA table_info({table})")]


def _copy_evenings(connection: Connection, copy: int) -> None:
    shift = {"offset": copy * IMPORTED, "days": f"+{copy * IMPORTED} days"}
    names = _columns(connection, "sessions")
    chosen = [{"id": "id + :offset", "played_on": "date(played_on, :days)",
               "name": "'Evening ' || (id + :offset)", "uid": COPIED_UID}.get(name, name)
              for name in names]
    connection.execute(text(f"INSERT INTO sessions ({', '.join(names)}) SELECT "
                            f"{', '.join(chosen)} FROM sessions WHERE id <= {IMPORTED}"), shift)
    for table, renumbered in COPIED.items():
        names = [name for name in _columns(connection, table) if name != "id"]
        chosen = [f"{name} + :offset" if name == renumbered else COPIED_UID if name == "uid"
                  else name for name in names]
        connection.execute(text(
            f"INSERT INTO {table} ({', '.join(names)}) SELECT {', '.join(chosen)} "
            f"FROM {table} WHERE {renumbered} <= {IMPORTED}"), shift)


def _pay_on_tab(book: Scorebook, rng: random.Random) -> None:
    """Payments on the tab itself, one change of the group each, as the tab screen pays."""
    with book.store.engine.connect() as connection:
        version = connection.execute(text("SELECT version FROM groups")).scalar_one()
    for _ in range(TAB_PAYMENTS):
        payer, payee = rng.sample(POOL, 2)
        with book.groups.change(GROUP, version) as change:
            change.pay(Handover(payer, payee, rng.randint(1, 40) * 50))
        version += 1


def _counted(engine: Engine) -> tuple[int, int, int]:
    with engine.connect() as connection:
        return tuple(connection.exec_driver_sql(  # type: ignore[return-value]
            "SELECT (SELECT count(*) FROM sessions), (SELECT count(*) FROM deals), "
            "(SELECT count(*) FROM payments)").one())


def tab_and_season(folder: Path) -> Row:
    book = Scorebook(SessionStore(connect(f"sqlite:///{folder / 'group.db'}")))
    club_evenings(book)
    sessions, stored_deals, payments = _counted(book.store.engine)

    def open_group() -> None:  # what the group screen reads and draws
        shown = book.group(GROUP)
        shown.season(shown.seasons()[0])

    ms = median_ms(open_group, runs=9)
    book.store.engine.dispose()
    return Row("a group's tab and season table", f"{sessions:,} finished evenings of 4 from "
               f"a pool of {len(POOL)} ({stored_deals:,} deals, {payments:,} payments, "
               f"{TAB_PAYMENTS} of them on the tab), SQLite; the tab, then the latest "
               "season's table", "≤ 100 ms", f"{ms:.1f} ms", ms <= 100)
