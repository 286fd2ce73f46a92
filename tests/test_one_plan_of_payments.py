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
from decimal import Decimal

from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.core import Money, Transfer, close
from scorekeeper.core.owed import Handover, PlanChange, owed_transfers, paid_between, plan_change
from scorekeeper.core.tab import SessionResult, running_tab
from scorekeeper.formats.replay import replay_report, result_at
from scorekeeper.formats.result_card import session_card, tab_card
from scorekeeper.i18n.accounts import plan_change_line
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


# Issue 63's tab (SEK): won Astrid -5.00, Bengt -7.50, Dag +8.00, Erik +4.50. No two of
# them sum to zero: three transfers, Bengt pays Dag 7.50, Astrid pays Erik 4.50 and Dag
# 0.50. Bengt hands Dag 5.00 along his: "paid 5.00 of 7.50", 2.50 left, the plan stands.
# Then Astrid hands Erik 2.00 of her 4.50: still owed A -3.00, B -2.50, D +3.00, E +2.50,
# which {A, D} and {B, E} settle in two transfers, where the plan less her 2.00 took three
# (A→E 2.50, A→D 0.50, B→D 2.50): one transfer fewer, Astrid now pays Dag 3.00 and Bengt
# now pays Erik 2.50.
WON = {"Astrid": -500, "Bengt": -750, "Dag": 800, "Erik": 450}
BENGT_PAID_DAG = Handover("Bengt", "Dag", 500)
ASTRID_PAID_ERIK = Handover("Astrid", "Erik", 200)
SEK = Money(Decimal(1), "SEK")


def test_a_payment_along_the_plan_leaves_the_rest_of_the_plan_as_it_was_and_says_nothing():
    assert owed_transfers(WON, [BENGT_PAID_DAG]) == [
        Transfer("Astrid", "Erik", 450), Transfer("Astrid", "Dag", 50),
        Transfer("Bengt", "Dag", 250)]
    assert plan_change(WON, [BENGT_PAID_DAG]) is None


def test_a_payment_that_leaves_a_transfer_fewer_says_who_now_pays_whom():
    paid = [BENGT_PAID_DAG, ASTRID_PAID_ERIK]
    assert owed_transfers(WON, paid) == [Transfer("Astrid", "Dag", 300),
                                         Transfer("Bengt", "Erik", 250)]
    assert plan_change(WON, paid) == PlanChange(
        1, (Transfer("Astrid", "Dag", 300), Transfer("Bengt", "Erik", 250)))


def test_the_plan_changed_is_said_in_every_language():
    change = plan_change(WON, [BENGT_PAID_DAG, ASTRID_PAID_ERIK])
    assert change is not None
    said = {lang: plan_change_line(change, SEK, lang).replace("\N{NO-BREAK SPACE}", " ")
            for lang in ("en", "sv", "de", "fr")}
    assert said == {
        "en": "That payment leaves 1 transfer fewer: Astrid now pays Dag SEK 3.00 and "
              "Bengt now pays Erik SEK 2.50",
        "sv": "Den betalningen ger 1 överföring färre: Astrid betalar nu Dag 3,00 kr och "
              "Bengt betalar nu Erik 2,50 kr",
        "de": "Diese Zahlung erspart 1 Überweisung: Astrid zahlt jetzt Dag 3,00 SEK und "
              "Bengt zahlt jetzt Erik 2,50 SEK",
        "fr": "Ce paiement laisse 1 virement de moins : Astrid paie maintenant 3,00 SEK à "
              "Dag et Bengt paie maintenant 2,50 SEK à Erik",
    }


def test_a_payment_along_the_plan_in_part_or_whole_that_moves_nothing_else_says_nothing():
    # Astrid hands Erik 1.50 or 4.00 of her 4.50, or Dag his 0.50: each takes its amount
    # off its own transfer and the rest of the plan stands.
    for paid in (Handover("Astrid", "Erik", 150), Handover("Astrid", "Erik", 400),
                 Handover("Astrid", "Dag", 50)):
        assert plan_change(WON, [BENGT_PAID_DAG, paid]) is None


def test_a_part_that_keeps_as_many_transfers_but_moves_them_says_what_the_plan_is_now():
    # Astrid -2.50, Bengt +1.00, Cilla -3.50, Dag +5.00: the largest debt pays the largest
    # credit, Cilla pays Dag 3.50, Astrid Dag 1.50 and Bengt 1.00. Astrid hands Dag 0.50:
    # still owed A -2.00, B +1.00, C -3.50, D +4.50, no group of them square: three
    # transfers. Her transfer to Dag stands with what is left of her debt, 2.00; Cilla pays
    # the rest, Dag 2.50 and Bengt 1.00. As many transfers as before, all three moved.
    money = {"Astrid": -250, "Bengt": 100, "Cilla": -350, "Dag": 500}
    assert owed_transfers(money, ()) == [Transfer("Cilla", "Dag", 350),
                                         Transfer("Astrid", "Dag", 150),
                                         Transfer("Astrid", "Bengt", 100)]
    change = plan_change(money, [Handover("Astrid", "Dag", 50)])
    assert change == PlanChange(0, (Transfer("Astrid", "Dag", 200), Transfer("Cilla", "Dag", 250),
                                    Transfer("Cilla", "Bengt", 100)))
    assert plan_change_line(change, SEK, "en").replace("\N{NO-BREAK SPACE}", " ") == (
        "That payment changes the plan: Astrid now pays Dag SEK 2.00, Cilla now pays Dag "
        "SEK 2.50 and Cilla now pays Bengt SEK 1.00")


def test_a_payment_along_no_transfer_of_the_plan_or_beyond_it_is_not_explained():
    # Dag hands Erik 1.00, which no transfer asked of him; Astrid hands Dag 3.00 where the
    # plan had 0.50. The plan moves, but which plan the table saw then is not known: a deal
    # since may have moved it (the evening's Dag paid Bengt 4.00 of 7.00 at deal 6; the
    # plan of the evening's end, without it, has him pay Bengt 3.00).
    for paid in (Handover("Dag", "Erik", 100), Handover("Astrid", "Dag", 300)):
        assert plan_change(WON, [BENGT_PAID_DAG, paid]) is None
    whole = whole_evening()
    closing = close(whole.table, whole.state)
    assert Transfer(D, B, 300) in owed_transfers(closing.money, ())
    assert plan_change(closing.money, [DAG_PAYS_BENGT]) is None


def test_the_tab_says_how_its_last_payment_moved_its_plan_on_its_card():
    results = [SessionResult(date(2026, 12, 2), tuple(WON), WON, dict.fromkeys(WON, 0),
                             (BENGT_PAID_DAG,))]
    tab = running_tab(results, [ASTRID_PAID_ERIK])
    assert tab.changed == PlanChange(
        1, (Transfer("Astrid", "Dag", 300), Transfer("Bengt", "Erik", 250)))
    # A session's own payment is not the tab's to explain: only a payment on the tab.
    assert running_tab(results).changed is None
    card = tab_card("Fredagsgänget", SEK, tab, [ASTRID_PAID_ERIK], date(2026, 12, 3), "en")
    owed = [line.replace("\N{NO-BREAK SPACE}", " ") for line in card.sections[0].lines]
    assert owed[0] == ("That payment leaves 1 transfer fewer: Astrid now pays Dag SEK 3.00 "
                       "and Bengt now pays Erik SEK 2.50")
    assert owed[1:] == ["Astrid pays Dag SEK 3.00", "Bengt pays Erik SEK 2.50"]
