"""A hostile file stalls nothing by its size (issue: "no hostile file can stall the app"):
a session file's counts are checked before any work that grows faster than the file
(formats/bounds.py says each limit and why), and every check after that is linear.

Before: 10,000 players were refused after 17 s (every name compared with every name
before it), 100,000 never; 100,000 payments were imported in 39 s, one statement each;
a tab or an evening of many players asked the exact settle-up 2^n sums."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.core import Deal, Join, RuleError, Session, fewest_transfers, make_table
from scorekeeper.core.seat_changes import MOST_PEOPLE
from scorekeeper.formats.bounds import (
    DEPTH,
    LARGEST_FILE,
    PAYMENTS,
    ROSTER,
    SEAT_CHANGES,
    SEATS,
    WRITTEN,
)
from scorekeeper.formats.roster_file import load_roster
from scorekeeper.formats.session_file import load_session
from scorekeeper.i18n import describe
from scorekeeper.store.database import connect
from tests.conftest import database_counts, run_cli

# Generous: the refusal takes a twentieth of a second in-process (as tests/fuzzing.py holds
# each case to a bound many times its need); the quadratic check took 17 s.
SECONDS = 5.0
HAND = {"Ann": 2, "Bo": 2, "Cid": 1}


def session_file(folder: Path, **fields: object) -> Path:
    document = {"format": "scorekeeper/1", "name": "A night", "variant": "english",
                "players": ["Ann", "Bo", "Cid", "Dag"], "first_dealer": "Ann",
                "money": {"currency": "SEK", "unit": "1"},
                "deals": [{"tricks": HAND}], **fields}
    path = folder / "night.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def refused(path: Path) -> str:
    """The one line ``replay`` refuses the file with, exit status 2."""
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 2, (result.output, result.exception)
    (line,) = result.stderr.splitlines()
    return line


def players(count: int) -> list[str]:
    return [f"Player {number}" for number in range(count)]


def test_a_file_naming_10000_players_is_refused_before_its_names_are_compared(tmp_path):
    path = session_file(tmp_path, variant="pool", players=players(10_000))
    started = time.monotonic()
    assert refused(path) == "Pool Rams is for 2 to 9 players, not 10000"
    assert time.monotonic() - started < SECONDS


def test_a_file_naming_100000_players_is_refused_by_replay_and_import(tmp_path):
    # A 1 MB file; before, neither command had finished after hours. Run as a person runs
    # it, stopped (and failed) if it takes more than a minute.
    path = session_file(tmp_path, variant="pool", players=players(100_000))
    url = f"sqlite:///{tmp_path / 'club.db'}"
    for command in ("replay", "import"):
        done = run_cli(url, command, str(path), timeout=60)
        assert (done.returncode, done.stderr.strip()) == (
            2, "Pool Rams is for 2 to 9 players, not 100000")


def test_a_session_of_100000_payments_is_refused_by_its_count_and_stores_nothing(tmp_path):
    path = session_file(tmp_path, payments=[{"from": "Ann", "to": "Bo", "amount": "1.00"}]
                        * 100_000)
    url = f"sqlite:///{tmp_path / 'club.db'}"
    engine = connect(url)
    before = database_counts(engine)
    result = CliRunner().invoke(main, ["--db", url, "import", str(path)])
    assert (result.exit_code, result.stderr) == (
        2, f"payments holds 100000; a session holds at most {PAYMENTS}\n")
    assert database_counts(engine) == before
    engine.dispose()


def test_a_session_of_as_many_payments_as_an_evening_holds_is_imported_whole(tmp_path):
    path = session_file(tmp_path, payments=[{"from": "Ann", "to": "Bo", "amount": "1.00"}]
                        * PAYMENTS)
    url = f"sqlite:///{tmp_path / 'club.db'}"
    result = CliRunner().invoke(main, ["--db", url, "import", str(path)])
    assert result.exit_code == 0, result.output
    engine = connect(url)
    assert database_counts(engine)["payments"] == PAYMENTS
    engine.dispose()


@pytest.mark.parametrize("field", ["join", "leave"])
def test_more_seat_changes_than_an_evening_holds_are_refused_by_their_count(tmp_path, field):
    change: object = ([{"name": "Erik", "after": "Ann"}] if field == "join" else ["Dag"])
    deals = [{"misdeal": True, field: change} for _ in range(SEAT_CHANGES + 1)]
    assert refused(session_file(tmp_path, deals=deals)) == (
        f"{field} holds {SEAT_CHANGES + 1}; a session holds at most {SEAT_CHANGES}")


@pytest.mark.parametrize("field", ["pass", "fouls", "leave", "tricks"])
def test_a_deal_naming_more_players_than_a_table_seats_is_refused_by_the_count(tmp_path,
                                                                             field):
    names = players(50_000)
    listed: object = dict.fromkeys(names, 0) if field == "tricks" else names
    assert refused(session_file(tmp_path, deals=[{field: listed}])) == (
        f"deal 1: {field} names 50000 players; a table seats at most {SEATS}")


def test_a_name_written_longer_than_any_name_is_kept_is_refused_quoted_short(tmp_path):
    long = "Ann" + " " * 100_000  # trimmed, it would be a name
    assert refused(session_file(tmp_path, deals=[{"tricks": HAND, "dealer": long}])) == (
        f"deal 1: '{long[:20]}…' is longer than {WRITTEN} characters")


def test_a_file_nesting_deeper_than_the_format_and_its_extras_is_refused(tmp_path):
    deep: object = 1
    for _ in range(DEPTH):
        deep = {"x": deep}
    assert refused(session_file(tmp_path, note=deep)) == (
        f"this file nests deeper than {DEPTH} levels")


def test_a_field_the_reader_does_not_know_may_nest_and_run_long(tmp_path):
    # FORMAT.md: readers ignore unknown fields, whatever they hold (short of DEPTH).
    path = session_file(tmp_path, note={"x": [{"y": "z" * 100_000}]})
    assert load_session(path.read_text(encoding="utf-8")).name == "A night"


def test_no_more_than_30_different_players_take_part_in_one_session():
    # Every state keeps an account for everyone who took part: bounded, a replay's work
    # grows with the deals alone. Joiners one after another, each taking the last one's
    # seat, until the thirty-first.
    table = make_table("pool", ["Ann", "Bo"])
    deals = [Deal(misdeal=True, joins=(Join("J0", "Ann"),))]
    deals += [Deal(misdeal=True, leaves=(f"J{n - 1}",), joins=(Join(f"J{n}", "Ann"),))
              for n in range(1, MOST_PEOPLE - 2)]
    session = Session.replay(table, deals)
    assert len(session.state.everyone) == MOST_PEOPLE
    with pytest.raises(RuleError) as error:
        session.record(Deal(misdeal=True, joins=(Join("One too many", "Ann"),)))
    assert describe(error.value) == (
        f"deal {MOST_PEOPLE - 1}: One too many cannot join: at most {MOST_PEOPLE} different "
        "players take part in one session")
    # One who left comes back: no one new.
    assert session.record(Deal(misdeal=True, joins=(Join("J0", "Bo"),))).state.deals == (
        MOST_PEOPLE - 1)


def test_forty_players_owing_each_other_in_pairs_settle_in_twenty_transfers():
    # A group's tab of forty: the exact search would sum 2^40 subsets. Each pair that owes
    # the same settles between themselves, which no fewer transfers can beat.
    balances = {f"P{n:02}": (100 if n % 2 else -100) * (n // 2 + 1) for n in range(40)}
    transfers = fewest_transfers(balances)
    assert [(t.payer, t.payee, t.minor) for t in transfers] == [
        (f"P{n:02}", f"P{n + 1:02}", 100 * (n // 2 + 1)) for n in range(0, 40, 2)]


def test_forty_players_owing_unevenly_are_settled_exactly_in_one_transfer_fewer():
    amounts = [37 * n - 20 * (n % 3) for n in range(1, 40)]
    balances = {f"P{n:02}": a for n, a in enumerate(amounts)} | {"P39": -sum(amounts)}
    transfers = fewest_transfers(balances)
    settled = dict(balances)
    for t in transfers:
        settled[t.payer] += t.minor
        settled[t.payee] -= t.minor
    assert set(settled.values()) == {0}
    assert len(transfers) <= len(balances) - 1


def test_a_roster_of_more_players_than_a_club_has_is_refused_by_its_count(tmp_path):
    path = tmp_path / "roster.json"
    path.write_text(json.dumps({"format": "scorekeeper-roster/1", "players": [
        {"name": name} for name in players(ROSTER + 1)]}), encoding="utf-8")
    url = f"sqlite:///{tmp_path / 'club.db'}"
    engine = connect(url)
    before = database_counts(engine)
    result = CliRunner().invoke(main, ["--db", url, "players", "--import", str(path)])
    assert (result.exit_code, result.stderr) == (
        2, f"the roster holds {ROSTER + 1} players; a roster file holds at most {ROSTER}\n")
    assert database_counts(engine) == before
    engine.dispose()


@pytest.mark.parametrize("load", [load_session, load_roster], ids=["session", "roster"])
def test_a_file_larger_than_any_session_or_roster_is_refused_before_it_is_parsed(load):
    # What the app's import buttons hand over: the picked file's contents, any size.
    padded = "{" + " " * LARGEST_FILE + "}"
    with pytest.raises(RuleError) as error:
        load(padded)
    assert describe(error.value) == (
        "the file is larger than 64 MB: no session or roster is that large")
