"""Issue 9: the New session and Home screens as a new user met them, each defect named
after what the user saw, and each action tapped with its effect checked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.e2e.conftest import CABIN, STILL_FRAMES, HeldSocket, Server, Ui

NAME = "Player's name"


def key_by_key(ui: Ui, label: str, text: str) -> None:
    """Typing as a person does: one key at a time, the screen answering each."""
    ui.focus(label)
    ui.type_keys(text, delay=150)


def sessions(server: Server) -> str:
    return server.cli("sessions").stdout


def test_the_session_name_typed_one_key_at_a_time_is_kept_whole(ui: Ui, server: Server):
    ui.open("/new")
    key_by_key(ui, "Name of the session (optional)", "Saturday")
    for player in ("Ann", "Bo", "Cid"):
        ui.add_player(player)
    ui.tap("Start the session")
    ui.see("Save deal 1")
    ui.see("Saturday")
    assert "Saturday" in sessions(server)


def test_enter_adds_a_player_and_the_field_keeps_the_focus_for_the_next(ui: Ui,
                                                                       server: Server):
    ui.open("/new")
    key_by_key(ui, NAME, "Ann")
    for added, name in (("Ann", "Bo"), ("Bo", "Cid")):
        ui.submit()
        ui.see(f"Remove {added}")  # and the field is empty again,
        ui.has_keyboard(NAME)  # ready for the next name
        ui.type_keys(name, delay=120)  # no tap on the field in between
    ui.submit()
    for name in ("Ann", "Bo", "Cid"):
        ui.see(f"Remove {name}")


def test_adding_a_player_keeps_the_keyboard_in_the_players_name_not_the_sessions(
        phone: Ui, server: Server):
    # The evening is named first, then the players added, on a phone. Each added name
    # empties the player's field; the keyboard went back to the session's name, its text
    # selected, and the screen scrolled up to it, away from the players. A tap where the
    # field had been landed on the house rule scrolling past: "carried over to the next
    # session" was chosen so, unseen (a browser test's session once started with it).
    ui = phone
    ui.open("/new")
    ui.type("Name of the session (optional)", "Friday")
    ui.type(NAME, "Ann")
    ui.tap("Add player")
    ui.see("Remove Ann")
    ui.next_frame(STILL_FRAMES)  # the screen has stopped moving
    assert ui.in_view("Add player"), "the screen scrolled away from the players"
    ui.has_keyboard(NAME)
    ui.type_keys("Bo", delay=120)  # no tap on the field in between
    ui.submit()  # Enter adds Bo
    ui.see("Remove Bo")
    ui.has_keyboard(NAME)
    ui.type_keys("Cid", delay=120)
    ui.submit()
    ui.see("Remove Cid")
    ui.tap("Start the session")
    ui.see("Save deal 1")
    stored = json.loads(server.cli("export", "1", "--format", "json").stdout)
    assert (stored["name"], stored["players"]) == ("Friday", ["Ann", "Bo", "Cid"])
    assert stored["options"].get("end_pot", "split") == "split"  # English Rams' own rule


def test_the_player_count_refusal_names_the_game_and_goes_once_players_are_added(
    ui: Ui, server: Server
):
    ui.open("/new")
    ui.tap("Start the session")
    ui.see("English Rams is for 3 to 6 players, not 0")
    ui.add_player("Astrid")
    ui.page.get_by_text("English Rams is for 3 to 6 players", exact=False).first.wait_for(
        state="detached")
    for player in ("Bengt", "Cilla", "Dag"):
        ui.add_player(player)
    ui.tap("Start the session")
    ui.see("Save deal 1")


def test_a_name_over_40_characters_is_refused_when_added_and_stays_to_be_fixed(
    ui: Ui, server: Server
):
    ui.open("/new")
    long = "Maximiliane Charlotte von Schwarzenberg-Ö"  # 41 characters
    ui.type(NAME, long)
    ui.tap("Add player")
    ui.see("is longer than 40 characters")
    assert ui.page.get_by_role("button", name=f"Remove {long}").count() == 0
    assert ui.page.get_by_role("textbox", name=NAME, exact=True).count() == 1


def test_a_name_seated_twice_is_refused_in_words_not_dropped_silently(ui: Ui, server: Server):
    ui.open("/new")
    ui.add_player("Åsa")
    ui.type(NAME, "åsa")
    ui.tap("Add player")
    ui.see("åsa is seated twice")


def test_an_empty_name_is_refused_in_words(ui: Ui, server: Server):
    ui.open("/new")
    ui.type(NAME, "   ")
    ui.tap("Add player")
    ui.see("Every player needs a name")


def test_the_mattmar_money_hint_speaks_of_stakes_not_an_ante(ui: Ui, server: Server):
    ui.open("/new")
    ui.tap("Game: Rams (Mattmar)")
    ui.toggle("Play for money")
    ui.see("each player pays 1 stake per game into the pot")


def test_the_players_order_can_be_changed_and_a_player_removed(ui: Ui, server: Server):
    ui.open("/new")
    for player in ("Ann", "Bo", "Cid", "Dag"):
        ui.add_player(player)
    ui.tap("Move Dag up")  # Ann, Bo, Dag, Cid
    ui.tap("Remove Bo")  # Ann, Dag, Cid
    ui.tap("Start the session")
    ui.see("Save deal 1")
    assert "Ann, Dag, Cid" in sessions(server)


def test_a_roster_chip_tapped_before_the_screen_caught_up_seats_the_player_it_named(
        ui: Ui, held: HeldSocket, server: Server):
    # The cabin's four are in the roster. Astrid is seated from her chip, and Bengt's chip is
    # tapped before the page has drawn the chips closing up: Bengt is seated, not Cilla,
    # whose chip moved into the place of Bengt's on the server's side.
    server.holds(CABIN)
    ui.open("/new")
    ui.see("Seat Dag")
    held.tap_ahead_of_the_screen("Seat Astrid", "Seat Bengt")
    ui.page.get_by_role("button", name="Remove Bengt", exact=True).wait_for()
    assert ui.readouts("Remove ") == ["Remove Astrid", "Remove Bengt"]
    assert ui.readouts("Seat ") == ["Seat Cilla", "Seat Dag"]


def test_importing_a_session_file_opens_its_table(ui: Ui, server: Server):
    ui.open("/")
    ui.pick_file("Import a session file", CABIN)
    ui.see("Save deal 7")
    ui.see("Astrid: -28")
    assert "Friday at the cabin" in sessions(server)


def test_a_broken_session_file_is_refused_on_the_home_screen_and_nothing_is_stored(
    ui: Ui, server: Server, tmp_path: Path
):
    broken = json.loads(CABIN.read_text(encoding="utf-8"))
    broken["deals"][0] = {"pass": ["Dag"], "tricks": {"Bengt": 2, "Cilla": 3}}  # single pot
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken), encoding="utf-8")
    ui.open("/")
    ui.pick_file("Import a session file", path)
    ui.see("The file was not imported: deal 1: single pot - everyone must play, "
           "but Dag passed")
    assert "Friday at the cabin" not in sessions(server)


@pytest.mark.usefixtures("cabin")
def test_a_session_on_the_home_screen_opens_its_table(ui: Ui):
    ui.open("/")
    ui.tap("Open Friday at the cabin")
    ui.see("Save deal 7")


def test_the_home_bar_opens_players_and_settings_and_back_returns_home(ui: Ui, server: Server):
    ui.open("/")
    ui.see("New session")
    ui.tap("Players")
    ui.see("No players yet")
    ui.tap("Back")
    ui.see("New session")
    ui.tap("Settings")
    ui.see("Language")
    ui.tap("Back")
    ui.see("Import a session file")


def test_a_name_typed_faster_than_the_screen_redraws_is_kept_whole_when_enter_adds_it(
    ui: Ui, server: Server
):
    # Each key reaches the app twice: as the field's text at once, and as a change the app
    # handles after what it is doing. A field redrawn from the app's copy in between lost
    # the last letters ("Cid" was seated as "Ci").
    ui.open("/new")
    name = "Maximiliane Charlotte"
    ui.focus(NAME)
    ui.type_keys(name, delay=0)
    ui.submit()
    ui.see(f"Remove {name}")


def start_in(phone: Ui, server: Server, language: str, unit: str) -> None:
    """New session in ``language``: four players, money in SEK, the unit typed as given."""
    from scorekeeper.i18n import text

    (server.data / "settings.json").write_text(json.dumps({"language": language}))
    phone.open("/new")
    for player in ("Astrid", "Bengt", "Cilla", "Dag"):
        phone.type(text("ui.player_name", language), player)
        phone.tap(text("ui.add_player", language))
    phone.toggle(text("ui.play_for_money", language))
    phone.type(text("ui.currency", language), "SEK")
    phone.type(text("ui.unit_value", language), unit)
    phone.tap(text("ui.start_session", language))


@pytest.mark.parametrize(("language", "unit"), [
    ("sv", "0,50"), ("de", "0,50"), ("fr", "0,50"), ("en", "0.50")])
def test_the_unit_is_typed_as_the_language_writes_it(phone: Ui, server: Server, language: str,
                                                     unit: str):
    from scorekeeper.i18n import text

    start_in(phone, server, language, unit)
    phone.see(text("ui.save_deal", language, number=1))
    stored = json.loads(server.cli("export", "1", "--format", "json").stdout)
    assert stored["money"] == {"currency": "SEK", "unit": "0.50"}


def test_a_unit_written_the_swedish_way_is_refused_in_english_in_words(phone: Ui,
                                                                       server: Server):
    # "0,50" in English reads as a thousands' comma in the wrong place: no number.
    start_in(phone, server, "en", "0,50")
    refusal = "The value of a unit, '0,50', is not a number"
    phone.see(refusal)
    assert "No sessions yet." in sessions(server)
    # Said beside Start, in view, and on the field itself.
    assert phone.in_view("Start the session")
    assert phone.page.get_by_text(refusal, exact=False).count() == 2


@pytest.mark.parametrize("language", ["de", "fr"])
def test_a_choice_in_many_words_wraps_on_a_phone_instead_of_being_cut(
        phone: Ui, server: Server, language: str):
    """Issue 26: "wird gleichmäßig unter allen Spielern aufgeteilt" was drawn as far as the
    phone's edge and cut there. Its words are wider than a 390 px phone's panel, so shown
    whole they take a second line."""
    from scorekeeper.i18n import text
    from scorekeeper.i18n.evening_words import label_and_value

    (server.data / "settings.json").write_text(json.dumps({"language": language}))
    phone.open("/new")
    label = label_and_value(text("option.end_pot", language), text("option.end_pot.split",
                                                                      language), language)
    phone.see(" ".join(label.split()))  # as a person reads it: a no-break space is a space
    box = phone.page.get_by_role("button", name=label, exact=True).first.bounding_box()
    assert box is not None
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= 390
    assert box["height"] >= 2 * 19  # two lines of 14 px type
    phone.shot(f"new-session-long-choice-phone-{language}")
