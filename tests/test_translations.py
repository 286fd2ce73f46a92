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
from scorekeeper.i18n import LANGUAGES, render

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


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


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
    assert [k for k, v in LANGUAGES[language].items() if not v.strip()] == []


# --- every key the app emits is translated ----------------------------------------------


@pytest.mark.parametrize("language", CATALOGUES)
def test_every_key_the_core_can_emit_is_in_every_catalogue(language):
    assert sorted(core_keys() - set(LANGUAGES[language])) == []


@pytest.mark.parametrize("language", CATALOGUES)
def test_every_key_the_formats_cli_and_translation_layer_use_is_in_every_catalogue(language):
    namespaces = {key.split(".")[0] for key in LANGUAGES["en"]}
    roots = [p for p in (PACKAGE / "formats", PACKAGE / "cli.py", PACKAGE / "store",
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
            if v == LANGUAGES["en"][k] and placeholders(v) != {v.strip("{}")}
            and len(v) > 12]
    # A few short words may coincide; whole English sentences should not.
    assert len(same) <= len(LANGUAGES["en"]) // 20, same
