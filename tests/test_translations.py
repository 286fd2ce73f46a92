"""The catalogues (scorekeeper/i18n): complete, consistent, and in the games' own words.

The keys the app can emit are found by reading its sources, not by listing them here,
so a new message without a translation fails this file.
"""

from __future__ import annotations

import ast
import dataclasses
import re
import string
from functools import cache
from pathlib import Path

import pytest

from scorekeeper.core import PRESETS
from scorekeeper.core.fields import DealFields
from scorekeeper.core.messages import Message
from scorekeeper.i18n import COUNTED_BY, LANGUAGES, PHRASES, UNIT_HINTS, render, text
from scorekeeper.i18n.plurals import categories

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
CORE = PACKAGE / "core"
KEY = re.compile(r"^[a-z]+\.[a-z_]+[a-z]$")
CATALOGUES = sorted(LANGUAGES)  # en, sv, de


def sources(*roots: Path) -> list[Path]:
    return sorted(p for root in roots for p in ([root] if root.is_file() else root.rglob("*.py")))


def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def literal_keys(*roots: Path) -> set[str]:
    """Every string constant shaped like a message key (``ledger.flight``)."""
    return {
        node.value
        for path in sources(*roots)
        for node in ast.walk(tree(path))
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and KEY.match(node.value)
    }


def suffixed_keys(path: Path) -> set[str]:
    """Keys built as ``key + "_capped"`` / ``key + "_floor"`` inside a helper: the suffix on
    every key the module passes to that helper (by position or name) or that is its default."""
    module = tree(path)
    functions = {f.name: f for f in ast.walk(module) if isinstance(f, ast.FunctionDef)}
    found: set[str] = set()
    for function in functions.values():
        params = [a.arg for a in function.args.args]
        defaults = dict(zip(params[len(params) - len(function.args.defaults):],
                            function.args.defaults, strict=True))
        for node in ast.walk(function):
            if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add)
                    and isinstance(node.left, ast.Name) and node.left.id in params):
                continue
            # key + "_floor", or key + ("_capped" if capped else "")
            suffixes = {c.value for c in ast.walk(node.right)
                        if isinstance(c, ast.Constant) and isinstance(c.value, str) and c.value}
            if not suffixes:
                continue
            param = node.left.id
            index = params.index(param)
            bases = set()
            if isinstance(defaults.get(param), ast.Constant):
                bases.add(defaults[param].value)
            for call in ast.walk(module):
                if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                        and call.func.id == function.name):
                    continue
                given = [k.value for k in call.keywords if k.arg == param]
                if index < len(call.args):
                    given.append(call.args[index])
                bases.update(g.value for g in given
                             if isinstance(g, ast.Constant) and isinstance(g.value, str))
            found.update(base + suffix for base in bases if KEY.match(base)
                         for suffix in suffixes)
    return found


def unsupported_fields() -> set[str]:
    """The fields ``check_fields`` refuses as ``deal.no_<field>``: the optional deal fields."""
    return {f.name for f in dataclasses.fields(DealFields)} - {"misdeal", "tricks"}


@cache
def core_keys() -> frozenset[str]:
    keys = literal_keys(CORE)
    must = {k for k in keys if k.startswith("must.")}
    keys |= {"refused." + k.removeprefix("must.") for k in must}
    keys |= suffixed_keys(CORE / "families" / "countdown.py")
    keys |= {f"deal.no_{field}" for field in unsupported_fields()}
    return frozenset(keys)


def forms(value: str | dict[str, str]) -> list[str]:
    """A message's templates: the one it has, or one per plural form."""
    return [value] if isinstance(value, str) else list(value.values())


def placeholders(value: str | dict[str, str]) -> set[str]:
    return {name for template in forms(value)
            for _, name, _, _ in string.Formatter().parse(template) if name is not None}


# --- the key scan itself sees what it should ----------------------------------------------


def test_the_key_scan_finds_the_dynamic_families():
    keys = core_keys()
    assert {"must.single_pot", "refused.single_pot", "must.one_point", "refused.one_point"} <= keys
    assert {"ledger.flight_points_capped", "ledger.general_others_plus_capped",
            "ledger.general_lost_points_capped"} <= keys
    assert {"ledger.tricks_floor", "ledger.general_won_points_floor"} <= keys
    assert {"deal.no_widow", "deal.no_general", "deal.no_fouls", "deal.no_buy_down",
            "deal.no_conceded", "deal.no_interrupted"} <= keys
    assert "error.in_deal" in literal_keys(PACKAGE / "i18n" / "__init__.py")


# --- the catalogues agree ----------------------------------------------------------------


@pytest.mark.parametrize("language", [lang for lang in CATALOGUES if lang != "en"])
def test_every_catalogue_has_exactly_the_same_keys(language):
    english, other = set(LANGUAGES["en"]), set(LANGUAGES[language])
    assert sorted(english - other) == [], f"missing in {language}"
    assert sorted(other - english) == [], f"only in {language}"


@pytest.mark.parametrize("language", [lang for lang in CATALOGUES if lang != "en"])
def test_every_key_has_the_same_placeholders_in_every_catalogue(language):
    differ = {
        key: (sorted(placeholders(template)), sorted(placeholders(LANGUAGES[language][key])))
        for key, template in LANGUAGES["en"].items()
        if key in LANGUAGES[language]
        and placeholders(template) != placeholders(LANGUAGES[language][key])
    }
    assert differ == {}


@pytest.mark.parametrize("language", CATALOGUES)
def test_no_message_is_left_empty(language):
    assert [k for k, v in LANGUAGES[language].items()
            if not forms(v) or not all(f.strip() for f in forms(v))] == []


# --- every key the app emits is translated ----------------------------------------------


@pytest.mark.parametrize("language", CATALOGUES)
def test_every_key_the_core_can_emit_is_in_every_catalogue(language):
    assert sorted(core_keys() - set(LANGUAGES[language])) == []


@pytest.mark.parametrize("language", CATALOGUES)
def test_every_key_the_formats_cli_and_translation_layer_use_is_in_every_catalogue(language):
    namespaces = {key.split(".")[0] for key in LANGUAGES["en"]}
    roots = [p for p in (PACKAGE / "formats", PACKAGE / "cli", PACKAGE / "store",
                         PACKAGE / "i18n" / "__init__.py") if p.exists()]
    used = {k for k in literal_keys(*roots) if k.split(".")[0] in namespaces}
    used |= {f"cli.col_{c}" for c in ("player", "score", "units", "flights", "money")}
    if "f'variant.{" in "".join(ast.unparse(tree(p)) for p in sources(*roots)):
        used |= {f"variant.{variant}" for variant in PRESETS}
    assert sorted(used - set(LANGUAGES[language])) == []


def core_calls() -> list[tuple[str, set[str], Path]]:
    """``msg("key", a=...)`` / ``refuse("key", a=...)`` with a literal key and no ``**``."""
    calls = []
    for path in sources(CORE):
        for node in ast.walk(tree(path)):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("msg", "refuse") and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and all(k.arg is not None for k in node.keywords)):
                calls.append((node.args[0].value, {k.arg for k in node.keywords}, path))
    return calls


@pytest.mark.parametrize("language", CATALOGUES)
def test_every_core_message_renders_with_the_figures_the_core_gives(language):
    missing = {
        key: sorted(placeholders(LANGUAGES[language][key]) - given)
        for key, given, _ in core_calls()
        if key in LANGUAGES[language] and placeholders(LANGUAGES[language][key]) - given
    }
    assert missing == {}


def test_refusals_render_with_the_player_and_the_duty_figures():
    # check_passes turns must.X(params) into refused.X(player=..., params).
    for key in (k for k in core_keys() if k.startswith("must.")):
        given = {"player"} | {name for k, names, _ in core_calls() if k == key for name in names}
        for language in CATALOGUES:
            refused = LANGUAGES[language]["refused." + key.removeprefix("must.")]
            assert placeholders(refused) <= given, (language, key)


# --- the games' own words ----------------------------------------------------------------


def sample(key: str, language: str) -> str:
    """The message rendered with every placeholder filled, lower-cased."""
    fields = placeholders(LANGUAGES["en"][key])
    params = dict.fromkeys(fields, 5) | {
        name: "Bengt" for name in fields
        if name in ("player", "declarer", "dealer", "to", "rh", "players", "offender", "forehand")
    }
    return render(Message(key, params), language).casefold()


@pytest.mark.parametrize("key", ["ledger.flight_points", "ledger.flight_points_capped"])
def test_swedish_flight_is_flyga(key):
    text = sample(key, "sv")
    assert "flög" in text or "flyger" in text, text


@pytest.mark.parametrize("key", sorted(k for k, v in LANGUAGES["en"].items()
                                       if "must knock" in v))
def test_swedish_must_knock_is_knacka(key):
    assert "knacka" in sample(key, "sv")


def test_there_are_must_knock_messages():
    assert {"must.one_point", "refused.one_point"} <= {
        k for k, v in LANGUAGES["en"].items() if "must knock" in v
    }


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


@pytest.mark.parametrize("language", [lang for lang in CATALOGUES if lang != "en"])
def test_translations_are_not_english_copies(language):
    same = [k for k, v in LANGUAGES[language].items()
            if v == LANGUAGES["en"][k] and placeholders(v) != {forms(v)[0].strip("{}")}
            and len(forms(v)[0]) > 12]
    # A few short words may coincide; whole English sentences should not.
    assert len(same) <= len(LANGUAGES["en"]) // 20, same


# --- messages that count: one form per plural category ----------------------------------

COUNTS = (0, 1, 2, 5, 21)
NAMES = ("player", "declarer", "dealer", "to", "rh", "players", "offender", "forehand", "payer",
         "payee", "name", "game", "file", "variant", "leaders", "day", "money", "pot", "id")


def counted(key: str, count: int) -> dict[str, str | int]:
    """Every placeholder of ``key`` filled: names as names, the count as ``count``, other
    figures as 3 (so only the counting figure can decide the form)."""
    fields = placeholders(LANGUAGES["en"][key])
    params: dict[str, str | int] = {
        name: ("Bengt" if name in NAMES else 3) for name in fields}
    if key in COUNTED_BY:
        params[COUNTED_BY[key]] = count
    for name in PHRASES.get(key, {}):
        params[name] = count
    return params


@pytest.mark.parametrize("language", CATALOGUES)
def test_the_counting_messages_are_exactly_those_the_plural_table_names(language):
    plural = {k for k, v in LANGUAGES[language].items() if isinstance(v, dict)}
    assert sorted(plural ^ set(COUNTED_BY)) == []


@pytest.mark.parametrize("language", CATALOGUES)
def test_every_counting_message_has_every_plural_form_of_its_language_and_no_other(language):
    wrong = {k: sorted(v) for k, v in LANGUAGES[language].items()
             if isinstance(v, dict) and set(v) != categories(language)}
    assert wrong == {}
    assert categories(language) == {"one", "other"}  # sv, en and de: 1 and everything else


@pytest.mark.parametrize("language", CATALOGUES)
def test_every_plural_form_has_the_same_placeholders_and_shows_the_count(language):
    wrong = {}
    for key, value in LANGUAGES[language].items():
        if isinstance(value, dict):
            each = [placeholders(form) for form in value.values()]
            if any(p != each[0] for p in each) or COUNTED_BY[key] not in each[0]:
                wrong[key] = each
    assert wrong == {}


def test_the_phrases_a_sentence_is_built_from_are_counting_messages_of_its_placeholders():
    for key, phrases in PHRASES.items():
        for name, phrase in phrases.items():
            assert COUNTED_BY[phrase] == "count", phrase
            for language in CATALOGUES:
                assert name in placeholders(LANGUAGES[language][key]), (language, key, name)


@pytest.mark.parametrize("language", CATALOGUES)
@pytest.mark.parametrize("count", COUNTS)
def test_every_counting_message_renders_with_any_count(language, count):
    for key in [*COUNTED_BY, *PHRASES]:
        rendered = text(key, language, **counted(key, count))
        assert str(count) in rendered, (key, rendered)


# A count of 1 never takes the plural noun; 2, 5 and 21 never the singular one.
SINGULAR_READS_WRONG = {
    "en": r"(?<![\d.])1 (tricks|sessions|deals|stakes|more stakes|games|flights|ledger entries"
          r"|characters|decimals)\b",
    "sv": r"(?<![\d,])1 (sessioner|givar|gånger|ramsar|bokföringsrader|decimaler|insatser"
          r"|stick för många)\b",
    "de": r"(?<![\d,])1 (Stiche|Stichen|Sitzungen|Spiele|Partien|Buchungen|Einsätze"
          r"|weitere Einsätze|Nachkommastellen|weitere\))",
}
PLURAL_READS_WRONG = {
    "en": r"\b(2|5|21) (trick|session|deal|stake|more stake|game|flight|ledger entry"
          r"|character|decimal)\b(?!s)",
    "sv": r"\b(2|5|21) (session|giv|gång|rams|bokföringsrad|decimal|insats|stick för mycket)"
          r"(?![a-zåäö])",
    "de": r"\b(2|5|21) (Stich|Sitzung|Spiel|Partie|Buchung|Einsatz|Nachkommastelle"
          r"|weiteres\))(?![a-zäöüß])",
}


@pytest.mark.parametrize("language", CATALOGUES)
def test_one_is_singular_and_more_are_plural_in_every_counting_message(language):
    wrong = []
    for key in [*COUNTED_BY, *PHRASES]:
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
])
def test_tricks_over_reads_right(language, one, two):
    assert text("ui.tricks_over", language, left=1) == one
    assert text("ui.tricks_over", language, left=2) == two


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "Bengt took 1 trick: -1"),
    ("sv", "Bengt tog 1 stick: -1"),
    ("de", "Bengt hat 1 Stich gemacht: -1"),
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
])
def test_a_lifetime_line_counts_each_figure_in_its_own_form(language, expected):
    line = text("cli.lifetime", language, game=text("cli.all_games", language), sessions=1,
                deals=4, tricks=1, flights=0, won=1, money="5.00")
    assert line == expected


@pytest.mark.parametrize("language", CATALOGUES)
def test_one_session_is_one_session(language):
    button = text("ui.show_all_sessions", language, count=1)
    assert button == {"en": "Show the 1 session", "sv": "Visa 1 session",
                      "de": "1 Sitzung zeigen"}[language]


def test_a_count_that_is_not_a_number_takes_the_other_form_and_never_fails():
    assert text("ui.tricks_over", "en", left="some") == "some tricks too many"


def test_a_key_missing_in_a_language_falls_back_to_english_forms(monkeypatch):
    monkeypatch.delitem(LANGUAGES["sv"], "ui.tricks_over")
    assert text("ui.tricks_over", "sv", left=1) == "1 trick too many"


# --- the words the table must be able to trust --------------------------------------------


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
    ("en", "Rarer events: Buy down and Misdeal"),
    ("sv", "Ovanligare händelser: Köpa sig ner och Felgiv"),
    ("de", "Seltenere Ereignisse: Herunterkaufen und Vergeben"),
])
def test_the_extras_heading_names_what_is_offered(language, expected):
    from scorekeeper.i18n import join

    offered = [text(f"ui.extra_{name}", language) for name in ("buy_down", "misdeal")]
    assert text("ui.extras_offered", language, extras=join(offered, language)) == expected


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "General Rams lost: play stopped after 2 tricks"),
    ("sv", "Generalramsen förlorad: spelet slutade efter 2 stick"),
    ("de", "General-Rams verloren: nach 2 Stichen abgebrochen"),
])
def test_a_lost_general_rams_says_where_play_stopped(language, expected):
    # RULES.md worked example, deal 4: A declared General Rams and lost trick 2 to C.
    assert text("ui.tricks_general_lost", language, played=2) == expected
