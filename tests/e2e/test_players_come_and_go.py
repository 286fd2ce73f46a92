"""Players who come and go, at phone size (390x844), through the app in a real browser.

RULES.md, "Players who come and go". Every figure is worked out by hand here (and the same
evening, rule by rule, in tests/test_players_come_and_go.py).
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.e2e.conftest import CABIN, HeldSocket, Server, Ui, in_english

PLAYERS = ["Astrid", "Bengt", "Cilla", "Dag"]


def sit_down(ui: Ui, name: str, after: str | None = None) -> None:
    """Someone joins: the name typed, the seat chosen (``None``: the one offered)."""
    ui.tap("Someone joins")
    ui.type("Who sits down", name)
    if after is not None:
        ui.tap(f"Sits after: {after}")
    ui.tap("Sit down")


def stand_up(ui: Ui, name: str) -> None:
    ui.tap("Someone leaves")
    ui.tap(f"Who leaves: {name}")
    ui.tap("Leaves")


def test_an_english_evening_where_erik_joins_after_deal_2_and_dag_leaves_after_deal_4(
        phone: Ui, server: Server, tmp_path):
    ui = phone
    ui.start_session(PLAYERS, "SEK", "0.50", name="Friday")
    # RULES.md's worked example, deals 1 and 2: A -10 +12 = 2, B 2 - 10 = -8, C 3, D -2
    ui.record(1, {"Bengt": 2, "Cilla": 3})
    ui.record(2, {"Dag": 1, "Astrid": 4}, passes=("Cilla",))

    # Erik arrives and sits down after Bengt, who dealt deal 2: Erik deals deal 3.
    sit_down(ui, "Erik", after="Bengt")
    ui.see("Erik sits down after Bengt")
    ui.read("Deal 3: Erik deals")
    ui.shot("table-erik-joins-phone-light")
    # Erik antes (pot 10, a trick pays 2): Cilla +4, Astrid +2, Bengt +4; Dag and Erik fly.
    ui.record(3, {"Cilla": 2, "Astrid": 1, "Bengt": 2, "Dag": 0})
    assert ui.scores(["Astrid", "Bengt", "Erik", "Cilla", "Dag"]) == {
        "Astrid": 4, "Bengt": -4, "Erik": -10, "Cilla": 7, "Dag": -7}
    # Cilla deals (pot 15, a trick pays 3): Dag and Cilla pass; Astrid +9, Erik +6, Bengt flies
    ui.record(4, {"Astrid": 3, "Erik": 2}, passes=("Dag", "Cilla"))

    # Dag goes home. Leaving, he keeps his -7 units and gives up his claim on the pot
    # (RULES.md, "Pot games"): SEK 3.50 to pay, not the 3.00 his money would be with his
    # share of the pot (1 of 5), and he is offered to settle up first.
    ui.tap("Someone leaves")
    ui.tap("Who leaves: Dag")
    ui.read(f"Dag pays {in_english('3.50', 'SEK')} on leaving: {in_english('-3.00', 'SEK')} "
            f"were the session to end with Dag seated, less {in_english('0.50', 'SEK')} of "
            "the pot, which a leaver gives up")
    ui.shot("table-dag-leaves-phone-light")
    ui.tap("Settle up now")
    # Settle-up opens with what Dag pays once gone: his -7 units, SEK 3.50, all of it to
    # Astrid, who is owed the most (13 units after deal 4, SEK 6.50 before her pot share).
    ui.see("Before Dag leaves")
    ui.read(f"Dag pays Astrid {in_english('3.50', 'SEK')}")
    ui.shot("settle-before-dag-leaves-phone-light")
    ui.page.get_by_role("button", name="Back", exact=True).click()
    ui.see("Save deal 5")
    ui.see("Dag leaves")  # the leave waits with the deal: he is not picked again
    # Cilla dealt last and Dag, after her, has gone: Astrid deals deal 5.
    ui.read("Deal 5: Astrid deals")
    # A desktop's assistant and scores, beside the rows, follow the leave as the rows do:
    # they read the table before it, dealt by Dag, Astrid on his left speaking first.
    ui.page.set_viewport_size({"width": 1280, "height": 900})
    ui.see("Keys: 0–5 tricks for the marked player", timeout=20_000)
    ui.read("The turn goes to the left (clockwise): Bengt, on Astrid's left, speaks first")
    ui.read("Cilla is the dealer's right hand (RH)")
    assert ui.readouts("Deal 5: Dag deals") == []
    assert ui.readouts("The turn goes to the left (clockwise): Astrid, on Dag's left") == []
    ui.shot("table-dag-leaves-desktop-light")
    ui.page.set_viewport_size({"width": 390, "height": 844})
    ui.page.wait_for_function(  # laid out for the phone again: no keys on a phone
        """() => ![...document.querySelectorAll('flt-semantics')].some(node =>
            (node.innerText || '').startsWith('Keys: 0'))""", timeout=20_000)
    ui.picture()  # and still: a tap on a row still moving to its phone place is lost
    ui.record(5, {"Bengt": 1, "Erik": 1, "Cilla": 3})

    # Units: Astrid 3, Bengt -7, Erik -2, Cilla 8, Dag -7; pot 5. Ended now, the pot goes to
    # the four at the table, the odd unit to Erik (forehand of the next deal, Bengt's):
    # money Astrid +2.00, Bengt -3.00, Cilla +4.50, Dag -3.50, Erik 0.00.
    replayed = server.replay(1, tmp_path)
    assert [(p["name"], p["seated"], p["units"], p["money"]) for p in replayed["players"]] == [
        ("Astrid", True, 3, "2.00"), ("Bengt", True, -7, "-3.00"), ("Cilla", True, 8, "4.50"),
        ("Dag", False, -7, "-3.50"), ("Erik", True, -2, "0.00")]
    ui.settles_as(replayed, "SEK")
    ui.shot("settle-after-dag-left-phone-light")

    # The ledger says who sat down and who stood up, with the deal they belong to.
    ui.tap("Back")
    ui.see("Save deal 6")
    ui.tap("Ledger")
    ui.see("Erik joined after Bengt")
    ui.see("Dag left")


def test_a_mattmar_evening_where_a_player_gives_up_mid_game_and_a_join_waits(
        phone: Ui, server: Server, tmp_path):
    ui = phone
    ui.start_session(["Ann", "Bo", "Cid"], "SEK", "1", game="Rams (Mattmar)")
    # Game 1, every player stakes 1 (pot 3). Ann deals: Bo 3 (7), Cid 2 (8), Ann flies
    # (10, capped) and stakes 1 more (pot 4).
    ui.record(1, {"Bo": 3, "Cid": 2})

    # Erik arrives mid-game: refused in words, and the table is as it was.
    sit_down(ui, "Erik")
    ui.read("Erik can join when the next game begins")
    ui.shot("table-join-refused-phone-light")
    ui.tap("Cancel")
    assert not ui.page.get_by_text("Erik sits down after", exact=False).count()

    # Cid goes home: gives up game 1, his stake stays in the pot. Bo deals: Ann 3 (7), Bo 2 (5)
    stand_up(ui, "Cid")
    ui.read("Deal 2: Bo deals")
    ui.record(2, {"Ann": 3})
    assert ui.scores(["Ann", "Bo"]) == {"Ann": 7, "Bo": 5}
    # Ann deals: Bo takes 5 (0) and wins game 1 and its pot (5); Ann flies to 10, stakes 1.
    ui.record(3, {"Bo": 5})
    ui.see("Game 2 of 6")  # (a phone announcing who won a game is issue 26)
    replayed = server.replay(1, tmp_path)
    assert [(p["name"], p["seated"], p["money"]) for p in replayed["players"]] == [
        ("Ann", True, "-3.00"), ("Bo", True, "4.00"), ("Cid", False, "-1.00")]
    assert replayed["games"][0]["gave_up"] == ["Cid"]

    # Game 2 begins: now Erik may sit down. Bo deals it, and a joiner is offered the seat
    # after the dealer (the next to speak) unless the table says another.
    ui.tap("Someone joins")
    ui.type("Who sits down", "Erik")
    assert ui.chosen("Sits after: Bo")
    ui.tap("Sit down")
    ui.see("Erik sits down after Bo")
    ui.page.get_by_role("button", name="Ledger").click()
    ui.see("Cid left: gives up game 1; the stake stays in the pot")


def test_play_again_sets_up_the_next_evening_in_two_taps(phone: Ui, server: Server, tmp_path):
    ui = phone
    ui.open("/")
    ui.tap("New session")
    ui.type("Name of the session (optional)", "Friday")
    ui.type("Name of the group", "Friday group")
    for player in PLAYERS:
        ui.add_player(player)
    ui.toggle("Play for money")
    ui.type("Currency", "SEK")
    ui.type("Value of one unit", "0.50")
    ui.tap("Start the session")
    ui.see("Save deal 1")
    ui.record(1, {"Bengt": 2, "Cilla": 3})
    # Erik sits down after Cilla for deal 2 (Bengt's); Dag goes home.
    sit_down(ui, "Erik", after="Cilla")
    stand_up(ui, "Dag")
    ui.record(2, {"Cilla": 1, "Erik": 2, "Astrid": 2})
    ui.page.get_by_role("button", name="Back", exact=True).click()

    # Next Friday: from home to the first deal's rows in two taps. The same group, the
    # players as they sat at the end (Erik after Cilla, Dag gone), the same game and money;
    # Bengt dealt last, so Cilla deals first.
    before = ui.taps
    ui.tap("Play again: Friday")
    ui.read("English Rams · Astrid, Bengt, Cilla, Erik · Cilla deals first")
    ui.shot("play-again-phone-light")
    ui.tap("Start the session")
    ui.read("Deal 1: Cilla deals")
    assert ui.taps - before == 2
    ui.record(1, {"Erik": 5})  # one tap (the others took none) and Save
    assert ui.taps - before == 4
    exported = json.loads(server.cli("export", "2").stdout)
    assert exported["players"] == ["Astrid", "Bengt", "Cilla", "Erik"]
    assert (exported["group"], exported["variant"], exported["money"], exported["first_dealer"]) \
        == ("Friday group", "english", {"currency": "SEK", "unit": "0.50"}, "Cilla")


def test_a_change_taken_back_before_the_screen_caught_up_is_the_one_tapped(
        ui: Ui, held: HeldSocket, server: Server):
    # Before deal 7 of the cabin's evening: Erik and Fia sit down, Dag leaves: three changes
    # waiting, each with its Take back. Erik's is taken back, and Fia's tapped before the
    # page has drawn the chips closing up. Fia's join goes; Dag still leaves.
    server.holds(CABIN)
    ui.open("/session/1")
    ui.see("Save deal 7")
    sit_down(ui, "Erik")
    sit_down(ui, "Fia")
    stand_up(ui, "Dag")
    ui.see("Take back: Dag")
    held.tap_ahead_of_the_screen("Take back: Erik", "Take back: Fia")
    ui.see("Dag leaves")
    ui.page.get_by_role("button", name="Take back: Dag", exact=True).wait_for()
    assert ui.readouts("Take back: ") == ["Take back: Dag"]


def test_a_player_imported_after_the_server_started_is_offered_to_sit_down(
        phone: Ui, server: Server, tmp_path: Path):
    """The roster follows the database: Erik, brought in by ``players --import`` while the
    table is open, is offered as a chip on the table's join panel (the watcher hears the
    roster change as it hears a deal), and seated with one tap."""
    server.holds(CABIN)
    phone.open("/session/1")
    phone.see("Save deal 7")
    roster = tmp_path / "roster.json"
    roster.write_text('{"format": "scorekeeper-roster/1", "players": [{"name": "Erik"}]}',
                      encoding="utf-8")
    assert server.cli("players", "--import", str(roster)).returncode == 0
    phone.tap("Someone joins")
    phone.tap("Seat Erik")
    phone.tap("Sit down")
    phone.see("Erik sits down after Cilla")  # Cilla deals deal 7: Erik deals deal 8
