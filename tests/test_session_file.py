"""FORMAT.md: the session file read and written, every broken input refused in one line."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.core import RuleError
from scorekeeper.formats.replay import replay_report
from scorekeeper.formats.session_file import dump_session, load_session
from scorekeeper.i18n import describe, text

EXAMPLE = Path(__file__).parent / "examples" / "friday-at-the-cabin.json"


def example() -> dict:
    return json.loads(EXAMPLE.read_text(encoding="utf-8"))


def load(document: object):
    return load_session(json.dumps(document, ensure_ascii=False))


def refusal(source: object) -> RuleError:
    """The error a broken file (text or document) is refused with, read and replayed."""
    text = source if isinstance(source, str) else json.dumps(source, ensure_ascii=False)
    with pytest.raises(RuleError) as caught:
        load_session(text).replay()
    return caught.value


def one_line(error: RuleError, language: str = "en") -> str:
    line = describe(error, language)
    assert line
    assert "\n" not in line
    assert line == line.strip()
    return line


# --- round trip -----------------------------------------------------------------------------


def test_round_trip_of_the_example_replays_to_the_same_state():
    original = load_session(EXAMPLE.read_text(encoding="utf-8"))
    session = original.replay()
    dumped = dump_session(original.name, session)
    again = load_session(json.dumps(dumped, ensure_ascii=False))
    assert again.name == "Friday at the cabin"
    assert again.table == original.table
    replayed = again.replay()
    assert replayed.state == session.state
    assert replayed.deals == session.deals
    assert replay_report(replayed) == replay_report(session)
    # Dumping the re-read session gives the same document again.
    assert dump_session(again.name, replayed) == dumped


def test_dumped_file_keeps_the_format_fields():
    original = load_session(EXAMPLE.read_text(encoding="utf-8"))
    dumped = dump_session(original.name, original.replay())
    assert dumped["format"] == "scorekeeper/1"
    assert dumped["variant"] == "english"
    assert dumped["players"] == ["Astrid", "Bengt", "Cilla", "Dag"]
    assert dumped["first_dealer"] == "Astrid"
    assert dumped["money"] == {"currency": "SEK", "unit": "0.50"}
    assert [deal["dealer"] for deal in dumped["deals"]] == [
        "Astrid", "Bengt", "Cilla", "Dag", "Astrid", "Bengt",
    ]


def test_unknown_fields_are_ignored():
    document = example()
    document["app"] = {"version": "9.9", "theme": "dark"}
    document["money"]["symbol"] = "kr"
    document["deals"][0]["note"] = "first deal of the evening"
    document["deals"][4]["comment"] = ["Dag", "paid", 5]
    assert load(document).replay().state == load(example()).replay().state


def test_names_in_deals_match_case_insensitively_after_trimming():
    document = example()
    spelled = {"Astrid": " astrid", "Bengt": "BENGT", "Cilla": "cilla ", "Dag": "dAG"}

    def respell(value):
        if isinstance(value, str):
            return spelled.get(value, value)
        if isinstance(value, list):
            return [respell(v) for v in value]
        if isinstance(value, dict):
            return {respell(k): respell(v) for k, v in value.items()}
        return value

    document["deals"] = respell(document["deals"])
    document["first_dealer"] = "ASTRID"
    session = load(document).replay()
    reference = load(example()).replay()
    assert session.state == reference.state
    assert session.deals == reference.deals  # recorded with the names as seated


# --- options ----------------------------------------------------------------------------------


def mattmar(options: dict, deals: list) -> dict:
    return {"format": "scorekeeper/1", "variant": "mattmar", "options": options,
            "players": ["Astrid", "Bengt"], "deals": deals}


def test_option_start_and_games_are_applied():
    # Start on 3, one game: Astrid deals, Bengt 3 (0), Astrid 2 (1): the game and session end.
    played = [{"tricks": {"Bengt": 3, "Astrid": 2}}]
    session_file = load(mattmar({"start": 3, "games": 1}, played))
    assert session_file.table.rules.start == 3
    assert session_file.table.rules.games == 1
    session = session_file.replay()
    assert dict(session.state.scores) == {"Astrid": 1, "Bengt": 0}
    assert session.state.games[-1].winners == ("Bengt",)
    error = refusal(mattmar({"start": 3, "games": 1}, [*played, {"tricks": {"Astrid": 5}}]))
    assert error.deal == 2
    assert error.message.key == "deal.session_over"


def test_option_ramina_is_applied():
    # Start on 3: Bengt reaches 0 after three tricks and play stops there.
    interrupted = [{"interrupted": True, "tricks": {"Bengt": 3}}]
    session_file = load(mattmar({"start": 3, "ramina": True}, interrupted))
    assert session_file.table.rules.ramina is True
    session = session_file.replay()
    # An interrupted deal has no flights: Astrid took none and stays on 3.
    assert dict(session.state.scores) == {"Astrid": 3, "Bengt": 0}
    assert dict(session.state.flights) == {"Astrid": 0, "Bengt": 0}
    assert session.state.games[-1].winners == ("Bengt",)
    # Without ramina there is no interrupted deal.
    error = refusal(mattmar({"start": 3}, interrupted))
    assert error.message.key == "deal.no_interrupted"
    # With ramina nobody plays on below 0.
    error = refusal(mattmar({"start": 3, "ramina": True}, [{"tricks": {"Bengt": 4, "Astrid": 1}}]))
    assert error.message.key == "deal.ramina_below_zero"
    one_line(error)


def test_option_end_pot_is_applied():
    document = example()
    document["options"] = {"end_pot": "carry"}
    report = replay_report(load(document).replay())
    # Nothing is split: the 5 units (2.50) stay as the pot.
    assert [p["money"] for p in report["players"]] == ["-14.00", "-6.50", "9.00", "9.00"]


# --- broken input: refused, one clear line --------------------------------------------------


def with_changes(**fields) -> dict:
    document = example()
    document.update(fields)
    return document


def test_not_json_is_refused():
    error = refusal("{not json")
    assert error.message.key == "file.not_json"
    assert error.deal is None
    assert "JSON" in one_line(error)


@pytest.mark.parametrize("text", ["[1, 2]", '"a session"', "42", "null"])
def test_not_an_object_is_refused(text):
    error = refusal(text)
    assert error.message.key == "file.not_an_object"
    one_line(error)


def test_unknown_variant_is_refused():
    error = refusal(with_changes(variant="whist"))
    assert error.message.key == "setup.unknown_variant"
    assert "whist" in one_line(error)


@pytest.mark.parametrize("count", [1, 10])
def test_one_or_ten_players_are_refused(count):
    names = ["Astrid", "Bengt", "Cilla", "Dag", "Erik", "Frida", "Gösta", "Hanna", "Ivar", "Jon"]
    document = with_changes(variant="rounce", players=names[:count], deals=[])
    error = refusal(document)
    assert error.message.key == "setup.player_count"
    assert str(count) in one_line(error)


def test_duplicate_names_case_insensitive_after_trimming_are_refused():
    document = with_changes(players=["Åsa", "Bengt", " åsa "], first_dealer="Bengt", deals=[])
    error = refusal(document)
    assert error.message.key == "setup.duplicate_player"
    assert "åsa" in one_line(error).casefold()


def test_unknown_first_dealer_is_refused():
    error = refusal(with_changes(first_dealer="Erik"))
    assert error.message.key == "setup.unknown_first_dealer"
    assert "Erik" in one_line(error)


def test_deal_with_a_dealer_the_rotation_does_not_expect_is_refused():
    document = example()
    document["deals"][1]["dealer"] = "Astrid"  # deal 2 is Bengt's
    error = refusal(document)
    assert error.deal == 2
    assert error.message.key == "deal.wrong_dealer"
    line = one_line(error)
    assert "2" in line
    assert "Astrid" in line
    assert "Bengt" in line


def test_the_expected_dealer_is_accepted():
    document = example()
    document["deals"][1]["dealer"] = " bengt "
    assert load(document).replay().state == load(example()).replay().state


@pytest.mark.parametrize("tricks", [2.5, "2", True, None, [2]])
def test_tricks_not_a_whole_number_are_refused(tricks):
    document = example()
    document["deals"][0]["tricks"]["Bengt"] = tricks
    error = refusal(document)
    assert error.deal == 1
    assert error.message.key == "deal.tricks_range"
    assert "Bengt" in one_line(error)


@pytest.mark.parametrize(("variant", "option"), [("english", "games"), ("english", "ramina"),
                                                  ("ramsen", "cap"), ("pool", "target")])
def test_option_not_for_the_variant_is_refused(variant, option):
    error = refusal(with_changes(variant=variant, options={option: 3}, deals=[]))
    assert error.message.key == "setup.option_not_for_variant"
    line = one_line(error)
    assert option in line
    assert text(f"variant.{variant}") in line  # the game as people call it ("English Rams")


@pytest.mark.parametrize(
    ("unit", "key"),
    [
        ("abc", "setup.unit_not_a_number"),
        ("0", "setup.unit_not_positive"),
        ("-1", "setup.unit_not_positive"),
        ("0.001", "setup.unit_finer_than_minor"),
    ],
)
def test_bad_unit_is_refused(unit, key):
    error = refusal(with_changes(money={"currency": "SEK", "unit": unit}))
    assert error.message.key == key
    assert unit in one_line(error)


# --- the command line -----------------------------------------------------------------------


def replay(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", "replay", *args],
        capture_output=True, text=True, check=False, encoding="utf-8",
    )


def wrong_dealer() -> dict:
    document = example()
    document["deals"][1]["dealer"] = "Astrid"
    return document


BROKEN = {
    "wrong_dealer": wrong_dealer(),
    "unknown_variant": with_changes(variant="whist"),
    "duplicate": with_changes(players=["Åsa", "Bengt", " åsa "], first_dealer="Bengt", deals=[]),
    "bad_unit": with_changes(money={"currency": "SEK", "unit": "0.001"}),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_cli_replay_json_of_a_broken_file_exits_2_with_one_line(tmp_path, case):
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(BROKEN[case], ensure_ascii=False), encoding="utf-8")
    result = replay(str(path), "--json")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [describe(refusal(BROKEN[case]), "en")]


def test_cli_replay_of_text_that_is_not_json_exits_2_with_one_line(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    result = replay(str(path), "--json")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [describe(refusal("{not json"), "en")]


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_cli_replay_lang_sv_gives_the_swedish_line(tmp_path, case):
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(BROKEN[case], ensure_ascii=False), encoding="utf-8")
    result = replay(str(path), "--json", "--lang", "sv")
    assert result.returncode == 2
    assert result.stdout == ""
    error = refusal(BROKEN[case])
    swedish = one_line(error, "sv")
    assert result.stderr.splitlines() == [swedish]
    assert swedish != describe(error, "en")  # translated, not the English fallback


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_cli_lang_sv_before_the_command_gives_the_swedish_line(tmp_path, case):
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(BROKEN[case], ensure_ascii=False), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--lang", "sv", "replay", str(path), "--json"],
        capture_output=True, text=True, check=False, encoding="utf-8",
    )
    assert result.returncode == 2
    assert result.stdout == ""
    error = refusal(BROKEN[case])
    assert result.stderr.splitlines() == [one_line(error, "sv")]
    assert one_line(error, "sv") != describe(error, "en")


def test_cli_replay_of_a_good_file_still_works_after_a_round_trip(tmp_path):
    original = load_session(EXAMPLE.read_text(encoding="utf-8"))
    path = tmp_path / "again.json"
    path.write_text(json.dumps(dump_session(original.name, original.replay()),
                               ensure_ascii=False), encoding="utf-8")
    result = replay(str(path), "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == replay_report(original.replay())


def test_example_file_is_unchanged_by_these_tests():
    assert copy.deepcopy(example()) == json.loads(EXAMPLE.read_text(encoding="utf-8"))
