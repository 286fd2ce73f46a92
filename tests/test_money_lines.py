"""Issue 63, words a table misreads: every money line says something true, with its amount
and its unit, in every language.

- A player's money figure is what they have won or lost if the session ends now, the pot
  shared out by the end-of-session rule (RULES.md); the share it holds is said of it as
  "of which" only where the money holds it: "0,00 € dont 1,50 € du pot" and "−4,00 kr
  varav 1,00 kr ur potten" said a zero and a loss held the share.
- The end-of-session pot rule's lines give the money they move ("Erik får 3 av det som låg
  kvar i potten" gave no unit; i18n.placings.closing_line, main's since the standings).
- What the pot holds is said alike on the table and at settle-up (Ramsen's settle-up said
  "Der Pott ist leer" under the table's "Pott: 3 mit den Einsätzen der Partie 2").
"""

from __future__ import annotations

import pytest

from scorekeeper.core import Deal, close, guide, make_money
from scorekeeper.i18n.accounts import pot_line, pot_share_words
from scorekeeper.i18n.placings import closing_line
from tests.conftest import session_of, worked_example

SEK, EUR = make_money("1", "SEK"), make_money("1", "EUR")


def spaced(said: str | None) -> str | None:
    """As a person reads it: a no-break space is a space."""
    return None if said is None else said.replace("\N{NO-BREAK SPACE}", " ")


@pytest.mark.parametrize(("language", "money", "gain", "zero", "loss"), [
    ("sv", SEK, "varav 0,50 kr ur potten", "inkl. 1,50 kr ur potten",
     "inkl. 1,00 kr ur potten"),
    ("de", EUR, "davon 0,50 € aus dem Pott",
     "inkl. 1,50 € aus dem Pott", "inkl. 1,00 € aus dem Pott"),
    ("fr", EUR, "dont 0,50 € du pot", "1,50 € du pot compris",
     "1,00 € du pot compris"),
    ("en", SEK, "incl. SEK 0.50 from the pot",
     "incl. SEK 1.50 from the pot",
     "incl. SEK 1.00 from the pot"),
])
def test_a_money_figure_holds_its_pot_share_of_which_only_if_it_is_a_gain_that_large(
        language, money, gain, zero, loss):
    # +9.50 holding 0.50 of the pot; 0.00 holding 1.50 (-1.50 before the pot); -4.00
    # holding 1.00 (-5.00 before it).
    assert spaced(pot_share_words(950, 50, money, language)) == gain
    assert spaced(pot_share_words(0, 150, money, language)) == zero
    assert spaced(pot_share_words(-400, 100, money, language)) == loss
    assert pot_share_words(-400, 0, money, language) is None  # no share: nothing to say


def test_the_end_of_session_split_says_the_money_each_gets():
    # RULES.md's worked example: the 5 left in the pot go 1 each, the odd one to Dag, the
    # forehand of the next deal: Dag 2 units, the others 1, at SEK 0.50 a unit. Said with
    # the money by i18n.placings.closing_line on settle-up, the result card and the sheet.
    session = worked_example()
    closing = close(session.table, session.state)
    money = session.table.money
    assert [spaced(closing_line(entry, money, "sv")) for entry in closing.entries] == [
        "Dag får 1,00 kr av det som låg kvar i potten",
        "Astrid får 0,50 kr av det som låg kvar i potten",
        "Bengt får 0,50 kr av det som låg kvar i potten",
        "Cilla får 0,50 kr av det som låg kvar i potten"]


def test_ramsen_between_games_the_pot_is_said_alike_on_the_table_and_at_settle_up():
    # Game 1 to 5 won by B (B 3 + 2, C 2 + 2, A 0 + 1): the 3 stakes went to B. Game 2 has
    # not begun: the pot is empty until its first deal books everyone's stake, 3.
    session = session_of("ramsen", "ABC", [Deal(tricks={"B": 3, "C": 2, "A": 0}),
                                           Deal(tricks={"B": 2, "C": 2, "A": 1})],
                         options={"target": 5, "money": True})
    table, state = session.table, session.state
    assert state.between_games
    assert state.pot == 0
    assert close(table, state).entries == ()  # nothing for the end-of-session rule to share
    # Settle-up says what the table's header says.
    assert pot_line(guide(table, state), "de") == (
        "Pott: 3 mit den Einsätzen der Partie 2")
    # Once no deal is to come, it is the pot as it is.
    assert pot_line(guide(table, state), "de", over=True) == "Pott: 0"
