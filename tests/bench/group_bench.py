"""A group's running tab and season table, and two players' head to head, over a club's
5,000 evenings."""

from __future__ import annotations

import json
import os
import random
from datetime import date, timedelta
from pathlib import Path

from sqlalchemy import Connection, Engine, text

from scorekeeper.core import Session, close, fewest_transfers, make_money, make_table
from scorekeeper.core.owed import Handover
from scorekeeper.formats.session_file import Evening
from scorekeeper.platform import collect_seldom
from scorekeeper.session.records_keeping import keep_records
from scorekeeper.session.scorebook import Scorebook
from scorekeeper.store.database import connect
from scorekeeper.store.sessions import SessionStore
from tests.bench.data import deals
from tests.bench.rows import Row
from tests.bench.timing import median_ms, median_wall_and_cpu_ms

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
    nothing. The group's records are then kept as the copies' finishes would have kept
    them, each folded into them as it finished (``session.records_keeping``)."""
    rng = random.Random(28)
    for number in range(IMPORTED):
        session, said = evening(number, rng)
        book.import_session(f"Evening {number + 1}", session, evening=said)
    with book.store.engine.begin() as connection:
        for copy in range(1, EVENINGS // IMPORTED):
            _copy_evenings(connection, copy)
    keep_records(book.groups, GROUP)
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


def tab_and_season(folder: Path) -> list[Row]:
    """The tab and the season table, then a head to head, over the same club."""
    book = Scorebook(SessionStore(connect(f"sqlite:///{folder / 'group.db'}")))
    club_evenings(book)
    # Collected as a Scorekeeper process is, set where it starts: what is loaded by then
    # (here: the modules and the club's making) never walked again.
    collect_seldom()
    sessions, stored_deals, payments = _counted(book.store.engine)

    def open_group() -> None:  # what the group screen reads and draws
        shown = book.group(GROUP)
        shown.season(shown.seasons()[0])

    ms = median_ms(open_group, runs=9)
    rows = [Row("a group's tab and season table", f"{sessions:,} finished evenings of 4 "
                f"from a pool of {len(POOL)} ({stored_deals:,} deals, {payments:,} "
                f"payments, {TAB_PAYMENTS} of them on the tab), SQLite; the tab, then the "
                "latest season's table", "≤ 100 ms", f"{ms:.1f} ms", ms <= 100),
            head_to_head(book, sessions), player_page(book, sessions),
            group_records(book, sessions)]
    book.store.engine.dispose()
    return rows


def head_to_head(book: Scorebook, sessions: int) -> Row:
    """`scorekeeper versus Astrid Bengt --json` once the scorebook is open: the finished
    sessions both sat in read with their places, counted, and written as FORMAT.md says."""
    from scorekeeper.cli.versus import versus_report

    shared = len(book.versus(POOL[0], POOL[1]).sessions)

    def versus() -> None:
        json.dumps(versus_report(book.versus(POOL[0], POOL[1])))

    ms, cpu = median_wall_and_cpu_ms(versus, runs=9)
    return Row("head to head (`versus`)", f"{sessions:,} finished evenings of 4 from a pool "
               f"of {len(POOL)}, SQLite; {POOL[0]} against {POOL[1]}, who sat together "
               f"on {shared:,} of them: the sessions, who was ahead, the money",
               "≤ 100 ms", f"{ms:.1f} ms ({cpu:.1f} CPU-ms{_load()})", ms <= 100)


def player_page(book: Scorebook, sessions: int) -> Row:
    """What a player's page shows, read and worked out as its route loads it: the
    finished sessions the player sat in with everyone's places, money, flights and feats,
    then the record (places, games, a head to head against each rival, evenings, feats)."""
    record = book.player_record(POOL[0])
    ms, cpu = median_wall_and_cpu_ms(lambda: book.player_record(POOL[0]), runs=9)
    return Row("a player's page's figures", f"{sessions:,} finished evenings of 4 from a pool "
               f"of {len(POOL)}, SQLite; {POOL[0]}, who played {record.places.evenings:,} of "
               f"them: places, the win rate and streaks per game, head to head against each "
               f"of {len(record.rivals)} rivals, best and worst evening, General Rams, the "
               "biggest pot", "≤ 100 ms", f"{ms:.1f} ms ({cpu:.1f} CPU-ms{_load()})",
               ms <= 100)


def group_records(book: Scorebook, sessions: int) -> Row:
    """The group screen's records and who beats whom, worked out as the screen opens on a
    server that has not yet worked them out (and then kept: read again while the group's
    finished sessions stay as they are, the row's second figure)."""
    from scorekeeper.core.group_records import group_records as worked_out
    from scorekeeper.session.head_to_head import KeptRecords
    from scorekeeper.store.statistics import played_evenings

    beats = len(book.group_records(GROUP).beats)
    ms, cpu = median_wall_and_cpu_ms(lambda: KeptRecords().of(book.groups, GROUP), runs=9)
    kept_ms = median_ms(lambda: book.group_records(GROUP), runs=9)
    every_ms, every_cpu = median_wall_and_cpu_ms(  # what a server does while none is kept
        lambda: worked_out(played_evenings(book.store.engine, group=GROUP)), runs=5)
    return Row("a group's records and who beats whom", f"{sessions:,} finished evenings of 4 "
               f"from a pool of {len(POOL)}, SQLite: the best evening, the biggest pot, the "
               f"longest streak, the most General Rams, and {beats} pairs' ahead, level and "
               "behind, worked out on a server that has not yet: read as the group's "
               "finishes kept them", "≤ 100 ms",
               f"{ms:.1f} ms ({cpu:.1f} CPU-ms{_load()}; kept in the server, unchanged: "
               f"{kept_ms:.1f} ms; from every evening, as while the group's finishes have "
               f"kept none: {every_ms:.0f} ms, {every_cpu:.0f} CPU-ms)", ms <= 100)


def _load() -> str:
    return f", load average {os.getloadavg()[0]:.1f}"
