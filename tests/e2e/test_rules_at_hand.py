"""Issue 27 in a browser at phone size: a refusal's "why?" and a ledger entry's open the
rules at the paragraph they applied; Back returns to where the why was tapped, with the
half-entered deal still there.
The evening is RULES.md's worked example (session 1)."""

from __future__ import annotations

from tests.e2e.conftest import Server, Ui, pass_on_a_single_pot

SINGLE_POT = ("Single pot: when the pot was empty before the dealer's ante, everyone must "
              "play; nobody may pass.")


def test_a_refusals_why_opens_the_rule_it_quotes(phone: Ui, cabin: Server):
    refusal = pass_on_a_single_pot(phone)
    phone.tap(f"Why: {refusal}")
    phone.see("Rules: Friday at the cabin")
    phone.see("The rule applied")
    phone.read(SINGLE_POT)  # the rule the refusal quotes: single pot, everyone must play
    phone.tap("Back")
    phone.see(refusal)  # the deal as it was entered, still refused


def test_a_ledger_entrys_why_opens_the_rule_that_made_it(phone: Ui, cabin: Server):
    phone.open("/session/1/ledger")
    # Deal 6 of the worked example: Astrid fouled with 2 tricks.
    phone.tap("Why: Astrid fouled: no share for 2 tricks, pays 5 into the pot")
    phone.see("The rule applied")
    phone.read("A foul (a revoke, not heading a trick, playing out of turn, exposing a card, "
               "the wrong number of cards): the offender gets no share for their tricks and "
               "pays 5 into the pot.")
    phone.tap("Back")  # back where the why was tapped: the ledger, not the table
    phone.see("Ledger: Friday at the cabin")
    phone.see("Why: Astrid fouled: no share for 2 tricks, pays 5 into the pot")


def test_the_assistant_opens_every_rule_of_the_game(phone: Ui, cabin: Server):
    phone.open("/session/1")
    phone.see("Save deal 7")
    # The fold's own button opens the whole assistant, and says it closes it again.
    assert not phone.readouts("All the rules of English Rams")
    phone.tap("Open the deal assistant")
    phone.read("Deal assistant")  # the whole assistant's panel, under its title
    phone.tap("Close the deal assistant")
    phone.see("Open the deal assistant")
    assert not phone.readouts("All the rules of English Rams")
    phone.tap("Open the deal assistant")
    phone.tap("All the rules of English Rams")
    phone.see("Rules: Friday at the cabin")
    phone.read(SINGLE_POT)
    phone.see("Decision")  # RULES.md's decisions are marked
    phone.read("The pot at the end of the session: split equally among all players")
