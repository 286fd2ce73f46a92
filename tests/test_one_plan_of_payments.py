"""One plan of payments everywhere (RULES.md, "Settlement" and "Groups and the running
tab"; README's decision: the plan along which payments went stands). The evening is
tests/evening.py's, every figure worked by hand there and here.

After deal 6 (units A -5, B 14, C 2, D -17, E -9; pot 15, 3 to each of the five were the
evening to end) the money is A -1.00, B +8.50, C +2.50, D -7.00, E -3.00, and the plan:
the largest debt pays the largest credit first, so Dag pays Bengt 7.00; Erik pays Cilla
2.50 and Bengt 0.50; Astrid pays Bengt 1.00. Dag hands Bengt 4.00 along it, then goes.

At the end (after deal 8) the pot's 5 go one to each of the four at the table and the
odd one to Astrid, the forehand of the next deal (Erik's): units A 11, B 25, C -1, D -17,
E -18; money A +5.50, B +12.50, C -0.50, D -8.50, E -9.00. No group of them sums to zero:
four transfers. Still owed with Dag's 4.00: A +5.50, B +8.50, C -0.50, D -4.50, E -9.00.
Planned afresh from the money (Erik's 9.00 to Bengt first, then Dag's to Astrid) the plan
would turn Dag to Astrid; it stands instead: Dag pays Bengt 4.50 (paid 4.00 of 8.50),
and the rest settles as without payments: Erik pays Astrid 5.50 and Bengt 3.50, Cilla
pays Bengt 0.50. Once money has changed hands the list is by payer in order of play.
"""

from __future__ import annotations

from datetime import date

from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.core import Transfer, close
from scorekeeper.core.owed import Handover, owed_transfers, paid_between
from scorekeeper.core.tab import SessionResult, running_tab
from scorekeeper.formats.replay import replay_report, result_at
from scorekeeper.formats.result_card import session_card
from scorekeeper.session import Scorebook
from scorekeeper.session.files import read_session
from scorekeeper.store.database import connect
from scorekeeper.store.sessions import SessionStore
from tests.evening import (
    AFTER_DAG_WENT,
    DAG_PAYS_BENGT,
    UNTIL_DAG_GOES,
    A,
    B,
    C,
    D,
    E,
    evening,
    whole_evening,
)

THE_PLAN = [Transfer(C, B, 50), Transfer(D, B, 450), Transfer(E, A, 550), Transfer(E, B, 350)]


def test_the_evening_comes_to_the_figures_worked_by_hand():
    after_six = evening()
    assert close(after_six.table, after_six.state).money == {
        A: -100, B: 850, C: 250, D: -700, E: -300}
    whole = whole_evening()
    assert whole.state.away == frozenset({D})
    assert close(whole.table, whole.state).money == {A: 550, B: 1250, C: -50, D: -850, E: -900}


def test_the_plan_before_a_payment_has_dag_pay_bengt():
    after_six = evening()
    assert close(after_six.table, after_six.state).transfers == (
        Transfer(D, B, 700), Transfer(E, C, 250), Transfer(E, B, 50), Transfer(A, B, 100))


def test_a_payment_along_the_plan_keeps_its_transfer_when_a_later_deal_changes_the_money():
    whole = whole_evening()
    money = close(whole.table, whole.state).money
    # Without the payment Dag would pay Astrid (the largest credit left after Erik's).
    assert Transfer(D, A, 550) in owed_transfers(money, ())
    assert owed_transfers(money, [DAG_PAYS_BENGT]) == THE_PLAN
    # "Dag pays Bengt 4.50, paid 4.00 of 8.50"
    assert paid_between(D, B, [DAG_PAYS_BENGT]) + 450 == 850


def test_a_payment_is_kept_along_its_transfer_only_while_the_fewest_still_settle():
    # A -6.00, B -4.00, C +5.00, D +5.00. A hands C 1.00: A -5, B -4, C +4, D +5 split into
    # {A, D} and {B, C}: two transfers. Keeping A→C (4.00) would take three, so it goes.
    money = {"A": -600, "B": -400, "C": 500, "D": 500}
    assert owed_transfers(money, [Handover("A", "C", 100)]) == [
        Transfer("A", "D", 500), Transfer("B", "C", 400)]


def test_the_tab_of_the_finished_evening_has_the_sessions_plan():
    whole = whole_evening()
    money = close(whole.table, whole.state).money
    flights = dict(whole.state.flights)
    tab = running_tab([SessionResult(date(2026, 11, 28), whole.state.everyone, money, flights,
                                     (DAG_PAYS_BENGT,))])
    assert list(tab.transfers) == THE_PLAN
    assert tab.paid_towards(Transfer(D, B, 450)) == 400


def test_the_exported_result_and_show_have_the_sessions_plan():
    report = replay_report(whole_evening(), [DAG_PAYS_BENGT])
    assert report["transfers"] == [
        {"from": C, "to": B, "amount": "0.50"}, {"from": D, "to": B, "amount": "4.50"},
        {"from": E, "to": A, "amount": "5.50"}, {"from": E, "to": B, "amount": "3.50"}]


def test_the_result_card_has_the_sessions_plan_with_what_is_paid():
    card = session_card("Fredag", whole_evening(), date(2026, 11, 28), [DAG_PAYS_BENGT], "en")
    owed = [line.replace("\N{NO-BREAK SPACE}", " ") for line in card.sections[0].lines]
    assert owed == ["Cilla pays Bengt SEK 0.50", "Dag pays Bengt SEK 4.50",
                    "paid SEK 4.00 of SEK 8.50", "Erik pays Astrid SEK 5.50",
                    "Erik pays Bengt SEK 3.50"]


def test_settle_up_tab_export_and_show_agree_for_a_stored_finished_evening(tmp_path):
    # Through the scorebook as the app does it: six deals, Dag pays Bengt 4.00 from the
    # leave panel's settle-up, his leave goes with deal 7, then deal 8 and Finish.
    engine = connect(f"sqlite:///{tmp_path / 'scorekeeper.db'}")
    try:
        book = Scorebook(SessionStore(engine))
        table = evening(()).table
        session = book.create("Fredag", table, group="Fredagsgänget")
        for number, deal in enumerate(UNTIL_DAG_GOES + AFTER_DAG_WENT, start=1):
            if number == 7:
                session = book.pay(session.id, D, B, 400, session.version)
            session, _ = book.record(session.id, deal, session.version)
        session = book.finish(session.id, session.version)
        assert list(session.transfers) == THE_PLAN
        assert session.paid_towards(Transfer(D, B, 450)) == 400
        assert list(book.group("Fredagsgänget").tab.transfers) == THE_PLAN
        # The exported file, read back and replayed (``replay``), and ``show``:
        _, exported = book.export(session.id, "json", "en")
        read = read_session(exported.decode("utf-8"))
        for report in (replay_report(read.session, read.evening.payments),
                       result_at(session.table, session.state, session.handovers)):
            assert [(t["from"], t["to"], t["amount"]) for t in report["transfers"]] == [
                (C, B, "0.50"), (D, B, "4.50"), (E, A, "5.50"), (E, B, "3.50")]
        # What ``show`` prints of the stored session and ``replay`` of the exported file:
        # the plan, and under Dag's transfer what of it is paid, as the settle-up says it.
        (tmp_path / "fredag.json").write_bytes(exported)
        for command in (["--db", f"sqlite:///{tmp_path / 'scorekeeper.db'}", "show", "1"],
                        ["replay", str(tmp_path / "fredag.json")]):
            printed = CliRunner().invoke(main, command)
            assert printed.exit_code == 0, printed.output
            assert printed.output.split("Who pays whom:\n")[1].splitlines() == [
                "  Cilla → Bengt  0.50", "  Dag → Bengt  4.50",
                "    paid SEK\N{NO-BREAK SPACE}4.00 of SEK\N{NO-BREAK SPACE}8.50",
                "  Erik → Astrid  5.50", "  Erik → Bengt  3.50"]
    finally:
        engine.dispose()
