"""RULES.md: a player who takes the widow must play; at most one player takes it a deal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.e2e.conftest import Server, Ui, tricks_button


@pytest.mark.usefixtures("cabin")
def test_who_took_the_widow_must_play_and_the_deal_says_who_took_it(phone: Ui, server: Server,
                                                                    tmp_path: Path):
    phone.open("/session/1")
    phone.see("Save deal 7")
    # Deal 7, Cilla deals a double pot: anyone may pass, but who takes the widow must play.
    phone.tap("Widow")
    phone.see("Who took the widow?")
    # On a phone the question shows above Save, every answer tappable without a scroll.
    assert all(phone.in_view(f"{player} took the widow")
               for player in ("Dag", "Astrid", "Bengt", "Cilla"))
    phone.shot("widow-chooser-phone-light")
    phone.tap("Dag took the widow")
    phone.see("forehand · widow · must play")
    assert phone.readouts("Who took the widow?") == []  # answered, put away
    # Only one hand lies there: Bengt took it, not Dag.
    phone.tap("Widow")
    phone.tap("Bengt took the widow")
    phone.see("RH · widow · must play")
    phone.see("forehand · may pass")
    assert phone.readouts("forehand · widow") == []
    phone.shot("widow-taken-phone-light")
    phone.tap("Bengt passes")
    phone.shot("widow-taker-passed-phone-light")
    phone.see("Bengt took the widow and must play, but passed")
    phone.tap("Bengt passes")  # he plays after all: the refusal is gone
    for player, tricks in {"Dag": 2, "Astrid": 1, "Bengt": 1, "Cilla": 1}.items():
        phone.tap(tricks_button(player, tricks))
    assert phone.readouts("Bengt took the widow and must play") == []
    phone.tap("Save deal 7")
    # The widow moves no money: 5 + Cilla's ante 5 = 10, a trick pays 2.
    phone.see("Deal 7 saved: Astrid +2 · Bengt +2 · Cilla -3 · Dag +4")
    phone.page.get_by_role("button", name="Ledger").click()
    phone.see("Bengt took the widow")
    phone.shot("widow-in-the-ledger-phone-light")

    exported = tmp_path / "session.json"
    assert server.cli("export", "1", "--format", "json", "-o", str(exported)).returncode == 0
    assert json.loads(exported.read_text())["deals"][6]["widow"] == "Bengt"
