"""FORMAT.md: `join` and `leave` in a deal, and replay's `players` with `seated`.

The contract tests outside the project use, run as a person runs it: a session file with
Erik sitting down after deal 2 and Dag going home after deal 4 (RULES.md, "Players who come
and go"), its figures worked out by hand in tests/test_players_come_and_go.py, here with
the names of the worked example (A Astrid, B Bengt, C Cilla, D Dag).
"""

from __future__ import annotations

import json

from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.formats.session_file import dump_session, load_session
from tests.conftest import run_cli_here

EVENING = {
    "format": "scorekeeper/1",
    "name": "Friday, Erik late and Dag early",
    "variant": "english",
    "players": ["Astrid", "Bengt", "Cilla", "Dag"],
    "money": {"currency": "SEK", "unit": "0.50"},
    "deals": [
        {"tricks": {"Bengt": 2, "Cilla": 3, "Dag": 0, "Astrid": 0}},
        {"pass": ["Cilla"], "tricks": {"Dag": 1, "Astrid": 4, "Bengt": 0}},
        {"join": [{"name": "Erik", "after": "Bengt"}], "dealer": "Erik",
         "tricks": {"Cilla": 2, "Dag": 0, "Astrid": 1, "Bengt": 2, "Erik": 0}},
        {"pass": ["Dag", "Cilla"], "tricks": {"Astrid": 3, "Erik": 2, "Bengt": 0}},
        {"leave": ["Dag"], "dealer": "Astrid",
         "tricks": {"Bengt": 1, "Erik": 1, "Cilla": 3, "Astrid": 0}},
    ],
    "payments": [{"from": "Dag", "to": "Cilla", "amount": "3.50"}],
}


def test_replay_reports_who_took_part_in_order_and_who_is_seated_now(tmp_path):
    path = tmp_path / "friday.json"
    path.write_text(json.dumps(EVENING), encoding="utf-8")
    result = run_cli_here(f"sqlite:///{tmp_path / 'unused.db'}", "replay", str(path), "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    # units: A 3, B -7, C 8, D -7, E -2, pot 5; the pot split among the four seated at the
    # end, E (forehand of the next deal) taking the odd unit: A 4, B -6, C 9, D -7, E 0
    assert [(p["name"], p["seated"], p["units"], p["money"], p["paid"])
            for p in report["players"]] == [
        ("Astrid", True, 3, "2.00", "0.00"),
        ("Bengt", True, -7, "-3.00", "0.00"),
        ("Cilla", True, 8, "4.50", "-3.50"),
        ("Dag", False, -7, "-3.50", "3.50"),
        ("Erik", True, -2, "0.00", "0.00"),
    ]
    assert report["pot"] == 5
    assert report["deals"] == 5
    # Dag paid before going home: left to settle, A +2.00, B -3.00, C +1.00
    owed = {(t["from"], t["to"]): t["amount"] for t in report["transfers"]}
    assert owed == {("Bengt", "Astrid"): "2.00", ("Bengt", "Cilla"): "1.00"}


def test_an_export_keeps_the_joins_and_leaves_and_reads_back_the_same(tmp_path):
    original = load_session(json.dumps(EVENING))
    session = original.replay()
    dumped = dump_session(original.name, session, original.evening)
    assert dumped["deals"][2]["join"] == [{"name": "Erik", "after": "Bengt"}]
    assert dumped["deals"][4]["leave"] == ["Dag"]
    again = load_session(json.dumps(dumped)).replay()
    assert again.state == session.state


def refused(tmp_path, document: dict) -> str:
    path = tmp_path / "night.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path), "--json"])
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    return lines[0]


def test_a_join_during_a_game_is_refused_naming_the_deal(tmp_path):
    document = {
        "variant": "mattmar", "players": ["Astrid", "Bengt", "Cilla"],
        "deals": [
            {"tricks": {"Bengt": 3, "Cilla": 2, "Astrid": 0}},
            {"join": [{"name": "Erik", "after": "Astrid"}],
             "tricks": {"Cilla": 3, "Astrid": 2, "Bengt": 0}},
        ],
    }
    assert refused(tmp_path, document) == "deal 2: Erik can join when the next game begins"


def test_a_table_a_leave_makes_too_small_is_refused_naming_the_deal(tmp_path):
    document = {**EVENING, "players": ["Astrid", "Bengt", "Cilla"], "payments": [],
                "deals": [{"leave": ["cilla"], "tricks": {"Bengt": 5}}]}
    assert refused(tmp_path, document) == (
        "deal 1: 2 players would be seated; English Rams is for 3 to 6 players")


def test_a_join_that_is_not_a_name_and_a_seat_is_refused(tmp_path):
    document = {**EVENING, "deals": [{"join": ["Erik"], "tricks": {"Bengt": 5}}]}
    assert refused(tmp_path, document).startswith("deal 1: join must be a list of players")


def test_a_payment_from_a_joiner_is_a_payment_of_the_session(tmp_path):
    document = {**EVENING, "payments": [{"from": "erik", "to": "Astrid", "amount": "1.00"}]}
    path = tmp_path / "friday.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.stderr
    paid = {p["name"]: p["paid"] for p in json.loads(result.stdout)["players"]}
    assert (paid["Erik"], paid["Astrid"]) == ("1.00", "-1.00")


# --- The store: a joiner is a player of the session like the others -----------------------


def test_a_joiner_is_in_the_roster_and_the_statistics_and_gone_when_the_join_is(book):
    from scorekeeper.core import Deal, Join, make_money, make_table

    table = make_table("english", ["Astrid", "Bengt", "Cilla"], money=make_money("1", "SEK"))
    session = book.create("Friday", table)
    session, _ = book.record(session.id, Deal(tricks={"Bengt": 2, "Cilla": 3, "Astrid": 0}),
                             session.version)
    # Erik sits down after Cilla for deal 2 (Bengt's), and takes all five tricks: pot 10,
    # a trick pays 2 (+10); Astrid, Bengt, Cilla fly.
    joined = Deal(joins=(Join("Erik", "Cilla"),),
                  tricks={"Cilla": 0, "Erik": 5, "Astrid": 0, "Bengt": 0})
    session, _ = book.record(session.id, joined, session.version)
    assert "Erik" in book.roster()
    erik = {life.variant: life for life in book.lifetimes()["Erik"]}["english"]
    assert (erik.sessions, erik.deals_played, erik.tricks, erik.flights) == (1, 1, 5, 0)
    assert [s.players for s in book.summaries()] == [("Astrid", "Bengt", "Cilla", "Erik")]

    # Deal 2 deleted: Erik never sat down in this session after all.
    session = book.delete(session.id, 1, session.version)
    assert session.state.everyone == ("Astrid", "Bengt", "Cilla")
    assert [s.players for s in book.summaries()] == [("Astrid", "Bengt", "Cilla")]
    assert "english" not in {life.variant for life in book.lifetimes().get("Erik", [])}
    assert book.open(session.id).table.players == ("Astrid", "Bengt", "Cilla")


def test_charts_ledger_and_sheet_show_a_gap_not_a_zero_while_someone_was_away(book):
    from scorekeeper.formats.protocol import protocol

    opened = book.import_file(json.dumps(EVENING))
    lines = {line.player: line.segments for line in opened.chart}
    # Erik sat down for deal 3: his line begins there, no figure before it (as the ledger,
    # the protocol and the sheet show none); Dag stood up before deal 5 on -7.
    # (units after each deal, worked out in tests/test_players_come_and_go.py)
    assert lines["Erik"] == (((3, -10), (4, -4), (5, -2)),)
    assert lines["Dag"] == (((0, 0), (1, -5), (2, -2), (3, -7), (4, -7)),)
    assert [row.seated for row in opened.ledger][1:3] == [
        ("Astrid", "Bengt", "Cilla", "Dag"), ("Astrid", "Bengt", "Erik", "Cilla", "Dag")]
    rows = list(protocol(opened.history))
    assert [row.figure("Erik") for row in rows] == ["", "", "-10", "-4", "-2"]
    assert [row.figure("Dag") for row in rows] == ["-5", "-2", "-7", "-7", ""]


def test_the_score_sheet_says_who_sat_down_and_who_stood_up_with_their_deal(tmp_path):
    from datetime import date

    from scorekeeper.formats.exports import export
    from tests.test_fonts import sheet_text

    evening = load_session(json.dumps(EVENING))
    sheet = sheet_text(export("pdf", evening.name, evening.replay(), "sv", date(2026, 11, 27)),
                       tmp_path)
    deal_3 = next(line for line in sheet.splitlines() if line.split()[:2] == ["3", "Erik"])
    assert deal_3.split()[-6:] == ["4", "-4", "7", "-7", "-10", "10"]  # A B C D E, pot
    assert "Erik sätter sig efter Bengt" in sheet
    deal_5 = next(line for line in sheet.splitlines() if line.split()[:2] == ["5", "Astrid"])
    assert deal_5.split()[-5:] == ["3", "-7", "8", "-2", "5"]  # Dag away: no figure
    assert "Dag går" in sheet


def test_a_joiner_at_a_new_games_start_has_no_figure_before_the_deal_they_sat_down_for():
    from scorekeeper.core import Deal, Join
    from scorekeeper.session.ledger_view import chart_lines, ledger_deal
    from tests.conftest import session_of

    # Mattmar from 5, A B C. Deal 1 (A deals): B 3 (2), C 2 (3), A flies (10). Deal 2 (B
    # deals): C 3 (0) ends game 1, A 2 (8), B flies (7). Deal 3, game 2 from 5: D sits down
    # after A; C deals, order A D B C: A 2 (3), D 3 (2), B and C fly (10).
    session = session_of("mattmar", ("A", "B", "C"), [
        Deal(tricks={"B": 3, "C": 2, "A": 0}),
        Deal(tricks={"C": 3, "A": 2, "B": 0}),
        Deal(joins=(Join("D", "A"),), tricks={"A": 2, "D": 3, "B": 0, "C": 0}),
    ], options={"start": 5})
    ledger = [ledger_deal(session.table, step) for step in session.steps]
    lines = {line.player: line.segments
             for line in chart_lines(session.table, session.state.everyone, ledger, session)}
    assert lines["A"] == (((0, 5), (1, 10), (2, 8)), ((2, 5), (3, 3)))
    assert lines["D"] == (((3, 2),),)  # not from game 2's start at deal 2: he was not there
