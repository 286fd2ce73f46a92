"""RULES of the product: a normal deal takes at most one tap per player plus one to save."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Ui, tricks_button


@pytest.mark.usefixtures("cabin")
def test_a_normal_four_player_deal_takes_one_tap_per_player_and_one_to_save(ui: Ui):
    ui.open("/session/1")
    ui.see("Save deal 7")
    before = ui.taps
    # Deal 7: Cilla deals a double pot; everyone goes in and each takes tricks.
    for player, tricks in {"Dag": 2, "Astrid": 1, "Bengt": 1, "Cilla": 1}.items():
        ui.tap(tricks_button(player, tricks))
    ui.tap("Save deal 7")
    ui.see("Save deal 8")
    assert ui.taps - before <= 4 + 1
    # And it was recorded as tapped: pot 5 + ante 5 = 10, a trick pays 2; Dag +4.
    ui.see("Dag: 22")


@pytest.mark.usefixtures("cabin")
def test_what_a_saved_deal_did_is_shown_where_save_was_tapped_and_save_stays_free(
        phone: Ui):
    phone.open("/session/1")
    phone.see("Save deal 7")
    for player, tricks in {"Dag": 2, "Astrid": 1, "Bengt": 1, "Cilla": 1}.items():
        phone.tap(tricks_button(player, tricks))
    phone.tap("Save deal 7")
    # Cilla's double pot: 5 + her ante 5 = 10, a trick pays 2; she paid the ante.
    phone.see("Deal 7 saved: Astrid +2 · Bengt +2 · Cilla -3 · Dag +4")
    assert phone.readouts("This deal:") == []  # nothing lies over the Save bar
    # A misdeal is two taps, the next at once: Save is not under anything.
    phone.tap("Misdeal")
    phone.tap("Save deal 8")
    phone.see("Deal 8 saved: Dag -5")  # the ante stays in the pot
    phone.tap(tricks_button("Astrid", 5))
    phone.see("This deal:")  # the next deal's own preview takes the line
    assert phone.readouts("Deal 8 saved:") == []
