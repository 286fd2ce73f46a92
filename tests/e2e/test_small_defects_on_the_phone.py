"""Issue 26's smaller defects, each as a person meets it on a phone (390x844)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from scorekeeper.app.routes import route_to
from tests.e2e.conftest import Server, Ui
from tests.e2e.test_table_at_a_glance import three_then_the_cabin
from tests.test_standings_everywhere import SAMEDI

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
# Is ``text`` anywhere on the page, as written (in this case; a no-break space is a space)?
SHOWN = """text => [...document.querySelectorAll('flt-semantics')].some(node =>
    (node.getAttribute('aria-label') || node.innerText || '').replace(/\\s+/g, ' ')
        .includes(text))"""


def test_a_players_money_leaves_out_evenings_played_without_money(phone: Ui, server: Server,
                                                                  tmp_path: Path):
    friday = json.loads((EXAMPLES / "friday-at-the-cabin.json").read_text(encoding="utf-8"))
    for_nothing = {**friday, "name": "Saturday, for nothing"}
    del for_nothing["money"]
    free = tmp_path / "for-nothing.json"
    free.write_text(json.dumps(for_nothing), encoding="utf-8")
    server.holds(EXAMPLES / "friday-at-the-cabin.json", free)
    phone.open("/players")
    # Astrid lost SEK 13.50 at the cabin (RULES.md's worked example), going in 5 deals of
    # 6; the evening played for nothing adds a session and its deals, and no "0.00".
    phone.see("2 sessions · 10 deals played")
    phone.see("money -SEK 13.50")
    assert not phone.page.evaluate(SHOWN, "13.50, 0.00")


def test_the_dealer_is_named_as_german_writes_a_noun(phone: Ui, server: Server):
    (server.data / "settings.json").write_text(json.dumps({"language": "de"}))
    server.holds(EXAMPLES / "friday-at-the-cabin.json")
    phone.open("/session/1")
    # Deal 7 is Cilla's: her row says "Spielgeber", capitalised, never "spielgeber".
    phone.see("Spielgeber")
    assert not phone.page.evaluate(SHOWN, "spielgeber")


def test_a_foul_set_and_put_away_still_shows_on_its_chip_and_a_concede_ends_the_duties(
        phone: Ui, server: Server):
    server.holds(EXAMPLES / "friday-at-the-cabin.json")
    phone.open("/session/1")
    assert not phone.chosen("Foul")
    phone.tap("Foul")
    phone.tap("Astrid fouled")
    phone.tap("Foul")  # the question is put away, the foul set
    assert phone.chosen("Foul")
    phone.tap("Foul")
    phone.tap("Astrid fouled")  # taken back
    phone.tap("Done")
    # Deal 7, Cilla deals a double pot: the 5 in it and her ante, as the fold says, as
    # Mattmar's counts the stakes of a game about to begin. Dag and Astrid pass, so Bengt,
    # her right hand, must play or concede, and Cilla, with one in before her, must play.
    phone.read("Pot: 10 with the ante")
    phone.tap("Dag passes")
    phone.tap("Astrid passes")
    phone.read("RH · must play or pay 5")
    phone.read("dealer · must play")
    # Bengt concedes: he pays Cilla 5 and the deal ends there (RULES.md). Nobody plays:
    # the dealer's row says what she gets, not a duty that no longer holds.
    phone.tap("RH conceded")
    phone.read("RH · concedes: pays Cilla 5")
    phone.read("dealer · gets 5 from Bengt")
    assert phone.readouts("dealer · must play") == []
    phone.read("This deal: Bengt -5")
    phone.shot("table-rh-conceded-phone-light")


def test_the_pot_of_a_game_not_begun_holds_the_stakes_its_first_deal_books(
        phone: Ui, server: Server, tmp_path: Path):
    saturday = json.loads((EXAMPLES / "mattmar-saturday.json").read_text(encoding="utf-8"))
    saturday["deals"] = []
    fresh = tmp_path / "saturday.json"
    fresh.write_text(json.dumps(saturday), encoding="utf-8")
    server.holds(fresh)
    phone.open("/session/1")
    # Ann, Bo and Cid each stake 1 SEK as game 1 begins: the pot the deal is played for is 3.
    phone.read("Pot: 3 with the stakes of game 1")
    # Ann deals; Bo and Cid pass: Ann takes the five tricks without play, 10 - 5 = 5
    # (RULES.md, mattmar): her row says so and lights her 5, as the preview counts it.
    phone.tap("Bo passes")
    phone.tap("Cid passes")
    phone.read("dealer · takes 5 tricks without play")
    assert phone.readouts("dealer · must play") == []
    assert phone.chosen("Ann 5 tricks")
    phone.see("This deal: Ann -5")
    phone.shot("table-mattmar-all-passed-phone-light")


def test_an_unnamed_session_is_called_by_its_game_in_the_language_now_chosen(
        phone: Ui, server: Server):
    phone.start_session(["Astrid", "Bengt", "Cilla"], "SEK", "1")
    phone.read("English Rams")  # begun in English, no name given: the game's name
    phone.open("/settings")
    phone.tap("Language: Svenska")
    phone.see("Inställningar")
    phone.open("/")
    phone.see("Rams (engelsk)")  # home's list, in Swedish now
    phone.open("/session/1")
    phone.read("Rams (engelsk)")  # the table's title
    assert not phone.page.evaluate(SHOWN, "English Rams")


def test_an_open_question_is_put_away_with_done_and_the_foul_chips_show_again(
        phone: Ui, server: Server):
    """Issue 49: "Who fouled?" stayed open over Foul and Forfeit, with nothing to close it.
    Done puts it away as it stands: Astrid's foul, tapped, is kept."""
    server.holds(EXAMPLES / "friday-at-the-cabin.json")
    phone.open("/session/1")
    phone.see("Save deal 7")
    phone.tap("Foul")
    phone.read("Who fouled?")
    phone.tap("Astrid fouled")
    phone.tap("Done")
    phone.page.get_by_text("Who fouled?", exact=True).wait_for(state="detached")
    phone.see("Forfeit to")
    phone.see("foul")  # Astrid's row is marked: the foul stays with the deal


def test_a_finished_night_looks_finished_on_its_table_and_at_home(phone: Ui, server: Server,
                                                                   tmp_path: Path):
    """Issue 49: a finished session said "Pot: 10", "Next deal: double pot…" and showed a
    DEALER badge, though its pot was split; home said "leading" of a night that was over.
    The cabin's evening finished: Cilla and Dag on +18, Dag first by the pot's rest."""
    finished = tmp_path / "finished.json"
    finished.write_text(json.dumps({**json.loads((EXAMPLES / "friday-at-the-cabin.json")
                                                 .read_text(encoding="utf-8")),
                                    "finished": True}), encoding="utf-8")
    server.holds(finished)
    phone.open("/session/1")
    phone.read("This session is finished.")
    phone.read("No deal is to come. The pot at the end: split equally among all players")
    # each card says the place and the figure it rests on, first place marked as first
    assert phone.readouts("1. ") == ["1. Dag +SEK 10.00"]
    assert phone.readouts("2. ") == ["2. Cilla +SEK 9.50"]
    phone.shot("table-finished-phone")
    assert not phone.page.evaluate(SHOWN, "Pot:")
    assert not phone.page.evaluate(SHOWN, "DEALER")
    assert not phone.page.evaluate(SHOWN, "Next deal")
    phone.open("/")
    # the places, not "won by Cilla, Dag": on +18 both, Dag ends 10.00 to Cilla's 9.50;
    # played on 2026-11-20, written as English writes a date everywhere (the card too)
    phone.see("20 Nov 2026 · 6 deals · finished")
    phone.see("1. Dag +SEK 10.00 · 2. Cilla +SEK 9.50 · 3. Bengt -SEK 6.00 · 4. Astrid -SEK 13.50")
    assert not phone.page.evaluate(SHOWN, "leading")


def test_a_finished_mattmar_night_shows_each_place_not_its_unfinished_games_scores(
        phone: Ui, server: Server, tmp_path: Path):
    """Issue 63, "a winner shown with the worst score", on the table: the French Mattmar
    evening finished with its third game begun (Anne 8, Bruno 8, Chloé 9, Denis 10 in it).
    The cards showed those scores, Denis's 10 the worst beside his win; they show the
    standings (tests/test_standings_everywhere.py works them out): Denis first on 0 points
    over the finished games, Anne, Bruno and Chloé second on 20."""
    samedi = tmp_path / "samedi.json"
    tonight = {**SAMEDI, "group": "Samedi soir", "played_on": date.today().isoformat()}
    samedi.write_text(json.dumps(tonight, ensure_ascii=False), encoding="utf-8")
    server.holds(samedi)
    phone.open("/session/1")
    phone.read("This session is finished.")
    assert phone.readouts("1. ") == ["1. Denis 0 points"]
    assert phone.readouts("2. ") == ["2. Anne 20 points", "2. Bruno 20 points",
                                     "2. Chloé 20 points"]
    # and each one's flights in the finished games, as the card counts them: Denis flew
    # once, in the game left unfinished, which counts for nothing
    phone.see("4 flights")
    assert not phone.page.evaluate(SHOWN, "1 flight")
    phone.shot("table-finished-mattmar-phone")
    assert not phone.page.evaluate(SHOWN, "Denis: 10")
    # The group's tables tonight show it as its card does, Denis first with his €18.00.
    phone.go(route_to("tonight", group="Samedi soir"))
    phone.read("Tonight: Samedi soir")
    places = [*phone.readouts("1. "), *phone.readouts("2. ")]
    assert places == ["1. Denis 0 points · €18.00", *(f"2. {player} 20 points · -€6.00"
                                                      for player in ("Anne", "Bruno", "Chloé"))]
    phone.shot("tonight-finished-mattmar-phone")


def test_the_browsers_back_from_one_table_to_another_shows_that_tables_own_players(
        phone: Ui, server: Server, tmp_path: Path):
    """A table of three (Astrid, Bengt, Cilla, no deal yet) and the cabin's four, both
    kept at version 1: the cabin's table reached straight from the three's (its address
    opened in the same tab, here told as the browser's Back tells it) showed the three's
    rows, from what the three's table had worked out for its version: Dag had none, and
    Astrid dealt deal 7."""
    three_then_the_cabin(server, tmp_path)
    phone.open("/session/1")
    phone.see("Save deal 1")
    phone.go("/session/2")
    phone.see("Deal 7: Cilla deals")
    for player in ("Astrid", "Bengt", "Cilla", "Dag"):
        assert phone.in_view(f"{player} passes"), player
