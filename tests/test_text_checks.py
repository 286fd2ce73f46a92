"""Every text that enters (scorekeeper/core/text.py), checked one way: names and session
names in Unicode NFC, trimmed, of bounded length, with no control characters, no bidi
overrides or isolates, no lone surrogates, no NUL; currencies are ISO 4217 codes; the
value of a unit is checked by its exponent before any arithmetic. A refusal quotes at
most a short, printable prefix of what it refuses."""

from __future__ import annotations

import json
import unicodedata
from decimal import Decimal

import pytest

from scorekeeper.core import Deal, RuleError, Session, make_money, make_table
from scorekeeper.core.currencies import MINOR_DIGITS, currency_code
from scorekeeper.core.text import (
    MAX_NAME,
    MAX_SESSION_NAME,
    QUOTED,
    name_key,
    player_name,
    printable,
    quote,
    session_name,
)
from scorekeeper.formats.session_file import load_session
from scorekeeper.i18n import LANGUAGES, describe
from tests.conftest import EXAMPLE_FILE

COMPOSED = "\u00c5sa"  # Å as one letter
DECOMPOSED = "A\u030asa"  # A, then the combining ring above
assert COMPOSED != DECOMPOSED
assert unicodedata.normalize("NFC", DECOMPOSED) == COMPOSED

# What a terminal, a spreadsheet or a database would act on, each inside a name.
HOSTILE_CHARACTERS = {
    "nul": "\x00",
    "bell": "\x07",
    "escape": "\x1b[2J",
    "carriage-return": "\r",
    "line-feed": "\n",
    "delete": "\x7f",
    "c1-control": "\x9b",
    "lone-surrogate": "\ud800",
    "right-to-left-override": "\u202e",
    "left-to-right-embedding": "\u202a",
    "right-to-left-isolate": "\u2067",
    "pop-directional-isolate": "\u2069",
    "right-to-left-mark": "\u200f",
    "arabic-letter-mark": "\u061c",
    "line-separator": "\u2028",
    "byte-order-mark": "\ufeff",
}


def refused(call, *args) -> RuleError:  # type: ignore[no-untyped-def]
    with pytest.raises(RuleError) as caught:
        call(*args)
    return caught.value


def one_line_in_every_language(error: RuleError) -> list[str]:
    lines = [describe(error, language) for language in LANGUAGES]
    for line in lines:
        assert line == printable(line)
        assert "\n" not in line
        assert line.encode("utf-8")  # no lone surrogate: writable as UTF-8
    return lines


# --- names --------------------------------------------------------------------------------


def test_a_name_is_kept_in_nfc_and_trimmed():
    assert player_name(f"  {DECOMPOSED} ") == COMPOSED


def test_a_decomposed_name_in_a_deal_finds_the_seated_player():
    table = make_table("english", [COMPOSED, "Bengt", "Cilla"], COMPOSED)
    session = Session.replay(table, [Deal(tricks={DECOMPOSED: 3, "Bengt": 2, "Cilla": 0})])
    assert session.deals[0].tricks == {COMPOSED: 3, "Bengt": 2, "Cilla": 0}
    assert table.resolve(DECOMPOSED.upper()) == COMPOSED


def test_a_decomposed_name_at_the_table_is_seated_composed():
    table = make_table("english", [DECOMPOSED, "Bengt", "Cilla"], COMPOSED)
    assert table.players == (COMPOSED, "Bengt", "Cilla")
    assert table.first_dealer == COMPOSED


def test_two_seats_differing_only_in_normalisation_are_one_player_seated_twice():
    error = refused(make_table, "english", [COMPOSED, "Bengt", DECOMPOSED])
    assert error.message.key == "setup.duplicate_player"


def test_a_session_file_with_the_name_decomposed_in_its_deals_replays():
    document = json.loads(EXAMPLE_FILE.read_text(encoding="utf-8"))
    document["players"][0] = COMPOSED
    document["first_dealer"] = DECOMPOSED
    text = json.dumps(document, ensure_ascii=False).replace('"Astrid"', f'"{DECOMPOSED}"')
    replayed = load_session(text).replay()
    assert replayed.table.players[0] == COMPOSED
    assert COMPOSED in replayed.state.balances


def test_names_compare_after_nfc_and_case_folding():
    assert name_key(f" {DECOMPOSED.upper()} ") == name_key(COMPOSED) == "åsa"
    assert name_key("Straße") == name_key("STRASSE")


@pytest.mark.parametrize("case", sorted(HOSTILE_CHARACTERS))
def test_a_name_with_a_control_bidi_or_surrogate_character_is_refused(case):
    name = f"Åsa{HOSTILE_CHARACTERS[case]}Öberg"
    error = refused(make_table, "english", [name, "Bengt", "Cilla"])
    assert error.message.key == "text.name_forbidden"
    shown = error.message.params["player"]
    assert shown.startswith("Åsa?")
    assert shown.endswith("Öberg")
    one_line_in_every_language(error)


def test_joiners_inside_an_emoji_are_part_of_a_name():
    family = "Dag \U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert player_name(family) == family


def test_a_long_name_is_refused_quoting_only_its_first_characters():
    name = "Å" * (MAX_NAME + 1)
    error = refused(player_name, name)
    assert error.message.key == "text.name_too_long"
    assert error.message.params["player"] == "Å" * QUOTED + "…"


def test_a_ten_megabyte_name_is_refused_in_a_short_line():
    error = refused(make_table, "english", ["x" * 10_000_000, "Bengt", "Cilla"])
    assert all(len(line) < 200 for line in one_line_in_every_language(error))


def test_an_unknown_name_in_a_deal_is_quoted_short():
    table = make_table("english", ["Astrid", "Bengt", "Cilla"])
    error = refused(Session.replay, table, [Deal(tricks={"\x1b[2J" + "z" * 5000: 5})])
    assert error.message.key == "deal.unknown_player"
    assert error.message.params["player"] == "?[2J" + "z" * (QUOTED - 4) + "…"


def test_an_unknown_option_or_game_is_quoted_short():
    error = refused(make_table, "english", ["A", "B", "C"], None, {"o" * 100_000: 1})
    assert error.message.params["option"] == "o" * QUOTED + "…"
    error = refused(make_table, "w\x1bhist" * 1000, ["A", "B", "C"])
    assert error.message.params["variant"] == ("w?hist" * 4)[:QUOTED] + "…"


# --- the session's name -----------------------------------------------------------------


def test_a_session_name_is_kept_in_nfc_and_trimmed():
    assert session_name(f"  Friday with {DECOMPOSED}  ") == f"Friday with {COMPOSED}"
    assert session_name(None) == ""


@pytest.mark.parametrize("case", sorted(HOSTILE_CHARACTERS))
def test_a_session_name_with_a_control_bidi_or_surrogate_character_is_refused(case):
    error = refused(session_name, f"Friday{HOSTILE_CHARACTERS[case]}at the cabin")
    assert error.message.key == "text.session_name_forbidden"
    assert error.message.params["name"].startswith("Friday?")
    one_line_in_every_language(error)


def test_a_long_session_name_is_refused():
    error = refused(session_name, "x" * (MAX_SESSION_NAME + 1))
    assert error.message.key == "text.session_name_too_long"
    assert session_name("x" * MAX_SESSION_NAME) == "x" * MAX_SESSION_NAME


@pytest.mark.parametrize("case", ["nul", "lone-surrogate", "escape", "carriage-return"])
def test_a_session_file_whose_name_holds_a_hostile_character_is_refused(case):
    document = json.loads(EXAMPLE_FILE.read_text(encoding="utf-8"))
    document["name"] = f"Friday{HOSTILE_CHARACTERS[case]}at the cabin"
    error = refused(load_session, json.dumps(document))  # \ud800 travels as JSON's escape
    assert error.message.key == "text.session_name_forbidden"


# --- currencies and units ---------------------------------------------------------------


@pytest.mark.parametrize(("code", "digits"), [("SEK", 2), ("EUR", 2), ("JPY", 0), ("ISK", 0),
                                              ("KWD", 3), ("BHD", 3), ("TND", 3), ("CLF", 4)])
def test_a_currency_counts_in_its_iso_4217_minor_unit(code, digits):
    assert MINOR_DIGITS[code] == digits
    assert make_money("1", code).digits == digits


def test_a_lower_case_currency_code_is_accepted_in_capitals():
    assert currency_code(" sek ") == "SEK"
    assert make_money("0.50", "eur").currency == "EUR"


@pytest.mark.parametrize("currency", ["=CMD|' /C CALC'!A0", "kr", "SEKK", "XAU", "ÅÄÖ", "S\x00K",
                                      "\ud800SE", "€", "+46", "x" * 10_000_000])
def test_anything_but_an_iso_4217_code_is_refused(currency):
    error = refused(make_money, "1", currency)
    assert error.message.key == "setup.currency_unknown"
    assert all(len(line) < 200 for line in one_line_in_every_language(error))


def test_a_table_without_a_currency_counts_in_hundredths():
    money = make_money("0.50", None)
    assert (money.currency, money.minor_per_unit) == (None, 50)
    assert make_money("1", "  ").currency is None


def test_a_kuwaiti_dinar_unit_counts_fils():
    money = make_money("0.125", "KWD")
    assert money.minor_per_unit == 125
    assert money.format(-1375) == "-1.375"


@pytest.mark.parametrize(("unit", "key"), [
    ("1e-1000100", "setup.unit_finer_than_minor"),
    ("1e1000000", "setup.unit_too_large"),
    ("-1e-1000100", "setup.unit_not_positive"),
    ("0.001", "setup.unit_finer_than_minor"),
    ("1000000.01", "setup.unit_too_large"),
    ("NaN", "setup.unit_not_positive"),
    ("Infinity", "setup.unit_not_positive"),
])
def test_a_unit_out_of_bounds_is_refused_in_words(unit, key):
    error = refused(make_money, unit, "SEK")
    assert error.message.key == key


def test_a_unit_underflow_in_a_session_file_is_refused_on_replay_and_import():
    document = json.loads(EXAMPLE_FILE.read_text(encoding="utf-8"))
    document["money"] = {"currency": "SEK", "unit": 1e-300}  # a JSON number, read as Decimal
    text = json.dumps(document).replace("1e-300", "1e-1000100")
    error = refused(load_session, text)
    assert error.message.key == "setup.unit_finer_than_minor"


def test_trailing_zeros_beyond_the_minor_unit_are_the_same_unit():
    assert make_money("0.500", "SEK").unit == Decimal("0.50")
    assert make_money("0.5", "SEK").minor_per_unit == 50
    assert str(make_money("0.50", "SEK").unit) == "0.50"


def test_a_quote_of_a_long_value_is_short_and_printable():
    assert quote("=CMD|' /C CALC'!A0\x1b[2J" * 1000) == "=CMD|' /C CALC'!A0?[…"
    assert quote("Astrid") == "Astrid"


def test_a_currency_stored_before_codes_were_checked_still_opens():
    from scorekeeper.core.table import stored_money

    money = stored_money("0.50", "kr")
    assert (money.currency, money.minor_per_unit) == ("kr", 50)
    assert stored_money("0.50", "SEK") == make_money("0.50", "SEK")
    assert refused(stored_money, "1e-1000100", "kr").message.key == "setup.unit_finer_than_minor"


def test_a_name_seated_before_names_were_checked_is_kept_as_stored():
    from scorekeeper.core.table import stored_table

    for old in ("Ben\x07gt", "Be\u0301ngt", " Bengt "):
        table = stored_table("english", ["Astrid", old, "Cilla"], "Astrid")
        assert table.players == ("Astrid", old, "Cilla")
        assert table.resolve(old) == old
    # A name that was fine all along is the checked table's, and the rest is still checked.
    fine = ["Astrid", "Bengt", "Cilla"]
    assert stored_table("english", fine) == make_table("english", fine)
    assert refused(stored_table, "whist", fine).message.key == "setup.unknown_variant"
    assert refused(stored_table, "english", [*fine, " astrid"]).message.key == \
        "setup.duplicate_player"
