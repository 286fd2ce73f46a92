"""The words: every message renders with the figures the code gives it, each count in its
language's form, and the games' own words in every language (the catalogues themselves:
test_catalogues.py)."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from scorekeeper.core import PRESETS
from scorekeeper.core.messages import Message
from scorekeeper.i18n import LANGUAGES, UNIT_HINTS, counted_phrases, render, text
from scorekeeper.i18n.catalogues import counting
from scorekeeper.i18n.composed import LIFETIME
from scorekeeper.i18n.evening_words import wins_said
from tests.test_catalogues import extracted, messages

CORE = Path(__file__).resolve().parent.parent / "scorekeeper" / "core"
CATALOGUES = LANGUAGES  # en, de, fr, sv
MARKERS = ("N_", "counts")


def placeholders(key: str, language: str = "en") -> set[str]:
    return {name for form in messages(language)[key][1]
            for _, name, _, _ in string.Formatter().parse(form) if name is not None}


def english(key: str) -> str:
    return messages("en")[key][1][0]


def core_calls() -> list[tuple[str, set[str], Path]]:
    """``msg(key, a=...)`` / ``refuse(key, a=...)`` in the core, the key written out (or
    marked), with no ``**``: the key and the parameters it is given."""
    calls = []
    for path in sorted(CORE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("msg", "refuse") and node.args
                    and all(k.arg is not None for k in node.keywords)):
                continue
            key = node.args[0]
            if (isinstance(key, ast.Call) and isinstance(key.func, ast.Name)
                    and key.func.id in MARKERS and key.args):
                key = key.args[0]
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                calls.append((key.value, {k.arg for k in node.keywords}, path))
    return calls


def test_the_scan_of_the_core_sees_its_calls():
    keys = {key for key, _, _ in core_calls()}
    assert {"ledger.flight", "ledger.points_tricks", "setup.unit_not_positive"} <= keys


@pytest.mark.parametrize("language", CATALOGUES)
def test_every_core_message_renders_with_the_figures_the_core_gives(language):
    missing = {key: sorted(placeholders(key, language) - given)
               for key, given, _ in core_calls() if placeholders(key, language) - given}
    assert missing == {}


def test_refusals_render_with_the_player_and_the_duty_figures():
    # check_passes turns must.X(params) into refused.X(player=..., params).
    for key in (k for k in extracted() if k.startswith("must.")):
        given = {"player"} | {name for k, names, _ in core_calls() if k == key for name in names}
        for language in CATALOGUES:
            refused = "refused." + key.removeprefix("must.")
            assert placeholders(refused, language) <= given, (language, key)


# --- the games' own words ----------------------------------------------------------------


def sample(key: str, language: str) -> str:
    """The message rendered with every placeholder filled, lower-cased."""
    fields = placeholders(key)
    params = dict.fromkeys(fields, 5) | {
        name: "Bengt" for name in fields
        if name in ("player", "declarer", "dealer", "to", "rh", "players", "offender", "forehand")
    }
    return render(Message(key, params), language).casefold()


@pytest.mark.parametrize("key", ["ledger.flight_points", "ledger.flight_points_capped"])
def test_swedish_flight_is_flyga(key):
    text = sample(key, "sv")
    assert "flög" in text or "flyger" in text, text


@pytest.mark.parametrize("key", sorted(k for k in messages("en") if "must knock" in english(k)))
def test_swedish_must_knock_is_knacka(key):
    assert "knacka" in sample(key, "sv")


def test_there_are_must_knock_messages():
    assert {"must.one_point", "refused.one_point"} <= {
        k for k in messages("en") if "must knock" in english(k)}


def test_german_hardopfel_is_hardopfel():
    assert "härdöpfel" in sample("ledger.hardopfel", "de")


@pytest.mark.parametrize("key", ["must.widow", "refused.widow"])
def test_swedish_widow_is_the_extra_hand(key):
    assert "extra hand" in sample(key, "sv")


@pytest.mark.parametrize("key", ["must.widow", "refused.widow", "remind.blinde_dealer_last"])
def test_german_widow_is_the_blinde(key):
    assert "blind" in sample(key, "de")


@pytest.mark.parametrize("key", ["must.general", "remind.general_rams",
                                 "ledger.general_won_pot", "ledger.general_lost_pot"])
def test_swedish_general_rams_is_generalrams(key):
    assert "generalrams" in sample(key, "sv")


# --- messages that count: one form per plural category ----------------------------------

COUNTS = (0, 1, 2, 5, 21)
NAMES = ("player", "declarer", "dealer", "to", "rh", "players", "offender", "forehand", "payer",
         "payee", "name", "game", "file", "variant", "leaders", "day", "money", "pot", "id")


def counted(key: str, count: int) -> dict[str, str | int]:
    """Every placeholder of ``key`` filled: names as names, the count as ``count``, other
    figures as 3 (so only the counting figure can decide the form)."""
    fields = placeholders(key)
    params: dict[str, str | int] = {
        name: ("Bengt" if name in NAMES else 3) for name in fields}
    params[counting()[key]] = count
    return params


@pytest.mark.parametrize("language", CATALOGUES)
@pytest.mark.parametrize("count", COUNTS)
def test_every_counting_message_renders_with_any_count(language, count):
    for key in counting():
        rendered = text(key, language, **counted(key, count))
        assert str(count) in rendered, (key, rendered)


# A count of 1 never takes the plural noun; 2, 5 and 21 never the singular one.
SINGULAR_READS_WRONG = {
    "en": r"(?<![\d.])1 (tricks|sessions|deals|stakes|more stakes|games|flights|ledger entries"
          r"|characters|decimals)\b",
    "sv": r"(?<![\d,])1 (sessioner|givar|gånger|ramsar|bokföringsrader|decimaler|insatser"
          r"|stick för många)\b",
    "de": r"(?<![\d,])1 (Stiche|Stichen|Sitzungen|Spiele|Partien|Buchungen|Einsätze"
          r"|weitere Einsätze|Nachkommastellen|weitere\))(?![a-zäöüß])",
    "fr": r"(?<![\d,])1 (plis|séances|donnes|parties|mises|écritures|caractères|décimales)\b",
}
PLURAL_READS_WRONG = {
    "en": r"\b(2|5|21) (trick|session|deal|stake|more stake|game|flight|ledger entry"
          r"|character|decimal)\b(?!s)",
    "sv": r"\b(2|5|21) (session|giv|gång|rams|bokföringsrad|decimal|insats|stick för mycket)"
          r"(?![a-zåäö])",
    "de": r"\b(2|5|21) (Stich|Sitzung|Spiel|Partie|Buchung|Einsatz|Nachkommastelle"
          r"|weiteres\))(?![a-zäöüß])",
    "fr": r"\b(2|5|21) (pli|séance|donne|partie|mise|écriture|caractère|décimale)"
          r"(?![a-zéè])",
}


@pytest.mark.parametrize("language", CATALOGUES)
def test_one_is_singular_and_more_are_plural_in_every_counting_message(language):
    wrong = []
    for key in counting():
        one = text(key, language, **counted(key, 1))
        if re.search(SINGULAR_READS_WRONG[language], one):
            wrong.append(one)
        for count in (2, 5, 21):
            more = text(key, language, **counted(key, count))
            if re.search(PLURAL_READS_WRONG[language], more):
                wrong.append(more)
    assert wrong == []


@pytest.mark.parametrize(("language", "one", "two"), [
    ("en", "1 trick too many", "2 tricks too many"),
    ("sv", "1 stick för mycket", "2 stick för många"),
    ("de", "1 Stich zu viel", "2 Stiche zu viel"),
    ("fr", "1 pli de trop", "2 plis de trop"),
])
def test_tricks_over_reads_right(language, one, two):
    assert text("ui.tricks_over", language, left=1) == one
    assert text("ui.tricks_over", language, left=2) == two


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "Bengt took 1 trick: -1"),
    ("sv", "Bengt tog 1 stick: -1"),
    ("de", "Bengt hat 1 Stich gemacht: -1"),
    ("fr", "Bengt a fait 1 pli\u00a0: -1"),
])
def test_the_ledger_says_one_trick(language, expected):
    assert render(Message("ledger.tricks", {"player": "Bengt", "tricks": 1, "points": -1}),
                  language) == expected


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "All games: 1 session, 4 deals played, 1 trick, 0 flights, 1 game won, money 5.00"),
    ("sv", "Alla spel: 1 session, 4 givar spelade, 1 stick, flög 0 gånger, 1 rams vunnen, "
           "pengar 5.00"),
    ("de", "Alle Spiele: 1 Sitzung, 4 Spiele mitgespielt, 1 Stich, 0-mal ohne Stich, "
           "1 Partie gewonnen, Geld 5.00"),
    ("fr", "Tous les jeux\u00a0: 1 séance, 4 donnes jouées, 1 pli, 0 fois sans pli, "
           "1 partie gagnée, argent 5.00"),
])
def test_a_lifetime_line_counts_each_figure_in_its_own_form(language, expected):
    line = text("cli.lifetime", language, game=text("cli.all_games", language), money="5.00",
                won=wins_said({"games": 1}, language),
                **counted_phrases(language, sessions=1, deals=4, tricks=1, flights=0))
    assert line == expected


@pytest.mark.parametrize("language", CATALOGUES)
def test_one_session_is_one_session(language):
    button = text("ui.show_all_sessions", language, count=1)
    assert button == {"en": "Show the 1 session", "sv": "Visa 1 session",
                      "de": "1 Sitzung zeigen", "fr": "Afficher 1 séance"}[language]


def test_a_count_that_is_not_a_number_takes_the_other_form_and_never_fails():
    assert text("ui.tricks_over", "en", left="some") == "some tricks too many"


# --- the words the table must be able to trust --------------------------------------------


def test_every_phrase_of_a_lifetime_line_is_a_counting_message():
    assert {key: counting().get(key) for key in LIFETIME.values()} == dict.fromkeys(
        LIFETIME.values(), "count")


def test_every_game_has_a_money_hint_in_every_language():
    assert sorted(UNIT_HINTS) == sorted(PRESETS)
    for key in set(UNIT_HINTS.values()):
        for language in CATALOGUES:
            assert text(key, language)


@pytest.mark.parametrize("language", CATALOGUES)
def test_the_mattmar_money_hint_is_one_stake_a_game_not_an_ante_of_five(language):
    hint = text(UNIT_HINTS["mattmar"], language)
    assert "5" not in hint
    assert hint.count("1") >= 3  # a stake a game, one more for a flight, one for a buy-down


@pytest.mark.parametrize("language", CATALOGUES)
def test_the_pot_games_money_hint_is_the_ante_of_five(language):
    assert "5" in text(UNIT_HINTS["english"], language)


@pytest.mark.parametrize("language", CATALOGUES)
def test_a_finished_session_has_its_own_result_heading(language):
    assert text("ui.results_final", language) != text("ui.results", language)


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "General Rams lost: play stopped after 2 tricks"),
    ("sv", "Generalramsen förlorad: spelet slutade efter 2 stick"),
    ("de", "General-Rams verloren: nach 2 Stichen abgebrochen"),
    ("fr", "Rams général perdu\u00a0: le jeu s'est arrêté après 2 plis"),
])
def test_a_lost_general_rams_says_where_play_stopped(language, expected):
    # RULES.md worked example, deal 4: A declared General Rams and lost trick 2 to C.
    assert text("ui.tricks_general_lost", language, played=2) == expected
