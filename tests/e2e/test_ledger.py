"""Issue 12: the ledger shows each entry with its direction, every player's running total
and the pot after every deal, and can show one player alone. Figures: RULES.md's worked
example (Astrid, Bengt, Cilla, Dag are A, B, C, D)."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Ui


@pytest.mark.usefixtures("cabin")
def test_the_ledger_shows_running_totals_and_the_pot_after_every_deal(ui: Ui):
    ui.open("/session/1/ledger")
    # RULES.md, the worked example's table: after each deal, A B C D and the pot.
    ui.read("After deal 1: Astrid -10 · Bengt +2 · Cilla +3 · Dag -5 · pot 10")
    ui.read("After deal 2: Astrid +2 · Bengt -8 · Cilla +3 · Dag -2 · pot 5")
    ui.read("After deal 3: Astrid -3 · Bengt -13 · Cilla -7 · Dag +23 · pot 0")
    ui.read("After deal 4: Astrid -23 · Bengt -8 · Cilla -2 · Dag +23 · pot 10")
    ui.read("After deal 5: Astrid -23 · Bengt -8 · Cilla -2 · Dag +18 · pot 15")
    ui.read("After deal 6: Astrid -28 · Bengt -13 · Cilla +18 · Dag +18 · pot 5")


@pytest.mark.usefixtures("cabin")
def test_an_entry_says_who_paid_whom(ui: Ui):
    ui.open("/session/1/ledger")
    # Deal 5: Dag, the RH, conceded and paid Astrid, the dealer, 5 (2.50 SEK at 0.50).
    ui.see("Dag → Astrid 5 (SEK 2.50)")


@pytest.mark.usefixtures("cabin")
def test_the_ledger_shows_one_player_alone_with_signed_amounts(ui: Ui):
    ui.open("/session/1/ledger")
    ui.tap("Show: Astrid")
    ui.read("After deal 6: Astrid -28 · pot 5")
    ui.read("After deal 5: Astrid -23 · pot 15")
    ui.see("+5 (SEK 2.50)")  # deal 5: Dag's concession, received
    ui.page.get_by_text("Bengt -13", exact=False).first.wait_for(state="detached")
