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


# Ramsen (Jass) in German, as the source is written: Hans, Ida and Jonas in order of play,
# Hans deals first, a stake of CHF 1.
RAMSEN = {"format": "scorekeeper/1", "name": "Jass am Freitag", "variant": "ramsen",
          "options": {"money": True}, "players": ["Hans", "Ida", "Jonas"],
          "first_dealer": "Hans", "money": {"currency": "CHF", "unit": "1"}, "deals": []}


def test_ramsens_seats_as_the_source_turns_and_its_blinde_closes_with_the_save(
        phone: Ui, server: Server, tmp_path: Path):
    (tmp_path / "jass.json").write_text(json.dumps(RAMSEN), encoding="utf-8")
    server.holds(tmp_path / "jass.json")
    (server.data / "settings.json").write_text(json.dumps({"language": "de"}))
    phone.open("/session/1")
    phone.see("Spiel 1 speichern")
    # The Jass source plays to the right: "Der rechts vom Spielgeber sitzende Spieler
    # beginnt". Ida, after Hans in order of play, sits on his right and begins; Jonas,
    # just before him, sits on his left: his row says so, as the assistant does.
    phone.read("links vom Spielgeber · darf passen")
    assert phone.readouts("rechts vom Spielgeber") == []
    phone.read("Vorhand · darf passen")
    phone.tap("Spielhilfe öffnen")
    phone.read("Jonas ist vor dem Spielgeber als Letzter dran und sitzt links vom Spielgeber")
    phone.read("Es geht nach rechts (gegen den Uhrzeigersinn): Ida, rechts von Hans, beginnt")
    phone.shot("table-ramsen-assistant-phone-de")
    phone.tap("Spielhilfe schließen")

    # At a desktop's keyboard (1280x900): Ida takes the Blinde, the question is opened
    # again to look, and the deal is keyed in and saved with Enter while the Blinde's chip
    # has the focus (Enter taps it too). The question belonged to deal 1: it is closed
    # with its Save, not open and switched on over deal 2.
    phone.page.set_viewport_size({"width": 1280, "height": 900})
    phone.see("Tasten: 0–5 Stiche für den markierten Spieler", timeout=20_000)
    phone.tap("Blinder")
    phone.tap("Ida hat den Blinden genommen")
    phone.read("Vorhand · Blinder · muss spielen")
    phone.tap("Blinder")
    phone.see("Wer hat den Blinden genommen?")
    for key in ("3", "2", "0"):  # in speaking order: Ida 3, Jonas 2, Hans a Härdöpfel
        phone.press(key)
    phone.press("Enter")
    phone.see("Spiel 1 gespeichert: Hans -1 · Ida +3 · Jonas +2")
    assert phone.readouts("Wer hat den Blinden genommen?") == []
    assert not phone.chosen("Blinder")
    phone.read("Vorhand · darf passen")  # Jonas begins deal 2, no Blinde taken
    phone.shot("table-ramsen-desktop-de")
    # The rules at hand say the seats as the rows and the assistant do.
    phone.go("/session/1/rules")
    phone.see("Der Spieler direkt vor dem Spielgeber sitzt links vom Spielgeber.")
    phone.shot("rules-ramsen-desktop-de")
