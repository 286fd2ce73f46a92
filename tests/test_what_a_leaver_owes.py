"""RULES.md, "Players who come and go": what a player going home owes, with the payments
made (the figure the leave panel offers to settle before they go). Figures by hand; the
English evening is tests/evening.py's."""

from __future__ import annotations

from scorekeeper.core import Deal, Transfer, close
from scorekeeper.core.leaving import going, leaving, plan_on_leaving, who_left
from scorekeeper.core.owed import Handover
from scorekeeper.i18n.evening_words import leaving_line
from tests.conftest import session_of
from tests.evening import DAG_PAYS_BENGT, A, B, C, D, E, evening, whole_evening


def plain(said: str) -> str:
    """As a person reads it: money's no-break spaces read as spaces."""
    return said.replace("\N{NO-BREAK SPACE}", " ").replace("\N{NARROW NO-BREAK SPACE}", " ")


def owed(*args, **kwargs):  # type: ignore[no-untyped-def]
    """What ``leaving`` says the leaver owes, or None where the leave cannot be made."""
    left = leaving(*args, **kwargs)
    return None if left is None else left.owed


def test_a_pot_game_leaver_gives_up_the_pot_so_owes_his_net_units():
    session = evening()
    # After deal 6 Dag is at -17 units and the pot holds 15. Were the evening to end now,
    # the pot would go 3 to each of the five: Dag -14 units, SEK 7.00 to pay. Leaving,
    # he keeps his -17 and gives up his claim on the pot: SEK 8.50.
    assert close(session.table, session.state).money[D] == -700
    assert owed(session.table, session.state, D) == -850


def test_a_leaver_owes_what_is_left_after_his_payments():
    session = evening()
    # Dag handed Bengt 4.00 on the spot: 8.50 - 4.00 = 4.50 still to pay (not 7.00 - 4.00).
    assert owed(session.table, session.state, D, [DAG_PAYS_BENGT]) == -450


def test_settling_before_leaving_follows_the_plan_as_it_stands_once_he_has_gone():
    session = evening()
    # Dag gone after deal 6, the pot (15) would go to the four at the table: 3 each, and
    # the 3 left one each from the forehand of deal 7 (Bengt deals, order C E A B): Cilla,
    # Erik, Astrid. Units A -5 + 4 = -1, B 14 + 3 = 17, C 2 + 4 = 6, D -17, E -9 + 4 = -5:
    # money A -0.50, B +8.50, C +3.00, D -8.50, E -2.50. {B, D} and {A, C, E} each sum
    # to zero, Astrid's group listed first: Erik pays Cilla 2.50, Astrid Cilla 0.50; Dag
    # pays Bengt 8.50.
    assert plan_on_leaving(session.table, session.state, D) == [
        Transfer(E, C, 250), Transfer(A, C, 50), Transfer(D, B, 850)]
    # With his 4.00 handed over, 4.50 of that transfer is left: paid whole, he owes nothing.
    plan = plan_on_leaving(session.table, session.state, D, [DAG_PAYS_BENGT])
    assert Transfer(D, B, 450) in plan
    assert owed(session.table, session.state, D,
                           [DAG_PAYS_BENGT, Handover(D, B, 450)]) == 0


def test_a_leaver_paid_whole_owes_nothing_and_a_payment_to_him_counts_against_it():
    session = evening()
    assert owed(session.table, session.state, D, [Handover(D, B, 850)]) == 0
    # Erik (-9 units: SEK 4.50) received 1.00 from Bengt: he owes 5.50.
    assert owed(session.table, session.state, E, [Handover(B, E, 100)]) == -550


def test_the_other_changes_waiting_for_the_deal_go_first():
    session = evening()
    # Erik leaves too, first: Dag's figure is his own, 8.50, whoever else stands up.
    assert owed(session.table, session.state, D, also_leaving=(E,)) == -850


def test_a_leave_the_table_cannot_take_has_no_figure():
    session = session_of("english", ("A", "B", "C"), [Deal(tricks={"B": 2, "C": 3, "A": 0})])
    # English needs three at the table: nobody of three can go, so nothing is offered.
    assert owed(session.table, session.state, "B") is None


def test_a_mattmar_player_leaving_during_a_game_owes_the_stake_left_in_its_pot():
    # Mattmar for stakes, unit 1, A B C. Dealer A, order B C A: B 3 (7), C 2 (8), A flies:
    # stakes 1 each and A's flight 1 (pot 4). Ended now, the unfinished game's pot goes
    # back to those who paid it: C's money 0. C leaving gives the game up and the stake
    # stays in the pot: C owes 1.00.
    session = session_of("mattmar", ("A", "B", "C"), [Deal(tricks={"B": 3, "C": 2, "A": 0})],
                         options={"money": True})
    assert close(session.table, session.state).money["C"] == 0
    assert owed(session.table, session.state, "C") == -100


def test_a_player_giving_up_a_last_in_game_owes_every_other_player_a_stake():
    # Counters, last in loses, for stakes of 1. Dealer A, order B C A: B 2 (8), C 3 (7),
    # A flies (15). A going home loses game 1 and pays B and C a stake each: 2.00.
    session = session_of("counters", ("A", "B", "C"), [Deal(tricks={"B": 2, "C": 3, "A": 0})],
                         options={"counters_end": "last_in_loses", "money": True})
    assert owed(session.table, session.state, "A") == -200


def test_a_leave_between_games_gives_nothing_up():
    # Mattmar from 5 for stakes of 1. Game 1 stakes 1 each (pot 3). Dealer A, order B C A:
    # B 1 (4), C 2 (3), A 2 (3). Dealer B, order C A B: C 3 (0), A 2 (1), B flies (9) and
    # pays 1 (pot 4). C has reached 0 and wins game 1 and its pot: A -1, B -2, C -1 + 4 = +3.
    session = session_of("mattmar", ("A", "B", "C"), [
        Deal(tricks={"B": 1, "C": 2, "A": 2}),
        Deal(tricks={"C": 3, "A": 2, "B": 0}),
    ], options={"start": 5, "money": True})
    assert session.state.games[-1].finished
    assert close(session.table, session.state).money == {"A": -100, "B": -200, "C": 300}
    # Between games the pot is empty and no game is given up: B owes his money, 2.00.
    assert owed(session.table, session.state, "B") == -200


def test_what_a_leaver_owes_is_his_row_less_the_pot_share_he_gives_up_plus_what_he_paid():
    # After deal 6 Dag's row says SEK -7.00 (-17 units and 3 of the pot's 15, were the
    # evening to end now). Leaving he gives up the 3 units, SEK 1.50: -8.50; with the 4.00
    # he handed Bengt, 4.50 left to pay.
    left = leaving(evening().table, evening().state, D, [DAG_PAYS_BENGT])
    assert (left.at_table, left.given_up, left.seated, left.paid, left.owed) == (
        -700, 150, -850, 400, -450)
    assert left.gives_up == "pot"


def test_the_one_sentence_says_the_leavers_figure_and_the_rows_figure():
    session = evening()
    money = session.table.money
    left = leaving(session.table, session.state, D)
    assert plain(leaving_line(left, money, "sv")) == (
        "Dag ska betala 8,50 kr när hen går: -7,00 kr om sessionen slutade med Dag kvar vid "
        "bordet, utan 1,50 kr ur potten, som den som går avstår")
    paid_part = leaving(session.table, session.state, D, [DAG_PAYS_BENGT])
    assert plain(leaving_line(paid_part, money, "en")) == (
        "Dag pays SEK 4.50 on leaving: -SEK 7.00 were the session to end with Dag seated, "
        "less SEK 1.50 of the pot, which a leaver gives up, and SEK 4.00 paid already")
    square = leaving(session.table, session.state, D, [Handover(D, B, 850)])
    assert plain(leaving_line(square, money, "de")).startswith("Dag ist beim Gehen quitt: ")


def test_a_mattmar_leavers_sentence_names_the_stake_left_in_the_games_pot():
    # As above: C's row says 0.00 (the unfinished game's pot would go back); leaving, his
    # stake of 1.00 stays in game 1's pot.
    session = session_of("mattmar", ("A", "B", "C"), [Deal(tricks={"B": 3, "C": 2, "A": 0})],
                         options={"money": True})
    left = leaving(session.table, session.state, "C")
    assert (left.at_table, left.given_up, left.gives_up, left.game) == (0, 100, "stakes", 1)
    assert plain(leaving_line(left, session.table.money, "en")) == (
        "C pays 1.00 on leaving: 0.00 were the session to end with C seated, less 1.00 of "
        "stakes, which stay in the pot of game 1")


def test_while_dag_waits_to_leave_his_debt_is_one_transfer():
    # Settling up with Dag's leave waiting: the plan once he has gone (worked above: Erik
    # pays Cilla 2.50, Astrid Cilla 0.50; Dag pays Bengt 8.50). Dag's transfer is his
    # panel's alone: not "Dag pays Bengt 7.00" as well, as if he stayed.
    session = evening()
    gone = going(session.table, session.state, (), (D,))
    assert [(left.leaver, theirs) for left, theirs in gone.leavers] == [
        (D, (Transfer(D, B, 850),))]
    assert gone.others == (Transfer(E, C, 250), Transfer(A, C, 50))
    assert gone.owed[D] == gone.leavers[0][0].owed == -850
    everything = [t for _, theirs in gone.leavers for t in theirs] + list(gone.others)
    assert [t for t in everything if D in (t.payer, t.payee)] == [Transfer(D, B, 850)]


def test_show_says_what_a_player_who_went_home_owed_as_the_leave_panel_did():
    # The whole evening: Dag left with deal 7, having handed Bengt 4.00. What he owes is
    # what the leave panel said (8.50 - 4.00), and what the settle-up still asks of him.
    session = whole_evening()
    [(number, left)] = who_left(session, [DAG_PAYS_BENGT])
    assert (number, left.leaver, left.at_table, left.given_up, left.owed) == (
        7, D, -700, 150, -450)
    assert close(session.table, session.state).money[D] + 400 == left.owed
