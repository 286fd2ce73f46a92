"""The rules at hand (issue 27): each variant's book says its own rules, a house rule
changes the paragraph that says it, RULES.md's decisions are marked as such, and every
refusal and ledger entry leads to the paragraph it applied."""

from __future__ import annotations

import ast
import functools
import itertools

import pytest

from scorekeeper.core import Deal, Message, Session, msg
from scorekeeper.core.presets import PRESETS, options_for, options_of, rules_for
from scorekeeper.core.rulebook import BROADER, house_rules, rule_for, rulebook
from scorekeeper.formats.session_file import load_session
from scorekeeper.i18n import LANGUAGES, knows, render
from scorekeeper.i18n.composed import REFUSALS
from tests.conftest import EXAMPLE_FILE, REPO, refusal, session_of


def paragraphs(rules):  # type: ignore[no-untyped-def]
    return {p.anchor: p for chapter in rulebook(rules) for p in chapter.paragraphs}


def words(rules, anchor: str, language: str = "en") -> str:  # type: ignore[no-untyped-def]
    return render(paragraphs(rules)[anchor].says, language)


def test_a_single_pot_is_in_the_books_of_the_games_that_have_one():
    assert "single_pot" in paragraphs(PRESETS["english"])
    assert "single_pot" not in paragraphs(PRESETS["rounce"])  # passing is always allowed
    assert "Anyone may pass" in words(PRESETS["rounce"], "double_pot")


def test_the_pool_trick_pays_one_and_has_no_rounding():
    assert words(PRESETS["pool"], "trick_share") == (
        "Each trick pays 1 from the pot to the player who took it.")
    assert "share_rounding" not in paragraphs(PRESETS["pool"])


def test_only_english_has_fouls_the_jack_and_the_dealer_sitting_out_at_six():
    english = paragraphs(PRESETS["english"])
    assert {"foul", "forfeit", "first_dealer", "sits_out"} <= english.keys()
    assert words(PRESETS["english"], "sits_out") == (
        "With 6 players the dealer deals and antes but sits the deal out.")
    assert not {"foul", "forfeit", "first_dealer", "sits_out"} & paragraphs(
        PRESETS["denexa"]).keys()


def test_a_house_rule_changes_the_paragraph_that_says_it():
    assert words(rules_for("mattmar", {"games": 4}), "session_games") == "A session is 4 games."
    assert words(rules_for("english", {"end_pot": "carry"}), "end_pot").startswith(
        "House rule: what is left in the pot")
    assert "ramina" not in paragraphs(PRESETS["mattmar"])
    assert "ramina" in paragraphs(rules_for("mattmar", {"ramina": True}))
    assert words(rules_for("ramsen", {"target": 15}), "game_end") == (
        "The first to reach 15 points after a deal wins the game.")


def test_money_rules_are_there_only_when_the_table_plays_for_money():
    assert "stake" not in paragraphs(PRESETS["mattmar"])
    money = paragraphs(rules_for("mattmar", {"money": True}))
    assert {"stake", "buy_down", "buy_down_when"} <= money.keys()
    assert render(money["buy_down"].says) == (
        "A player whose flight left them at 10 may buy down to 8 points for 1 stake.")
    last_in = rules_for("counters", {"money": True, "counters_end": "last_in_loses"})
    assert words(last_in, "stake") == "Played for money: the loser pays every other player 1 stake."


@pytest.mark.parametrize(("variant", "anchor"), [
    ("english", "end_pot"),  # the pot split at the end of the session
    ("english", "misdeal"),  # the ante stays in the pot
    ("english", "forfeit"),  # forfeited shares stay in the pot
    ("english", "share_rounding"),  # a share rounded down
    ("mattmar", "game_tie"),  # fewer flights, then shared
    ("ramsen", "game_tie"),  # highest score, then fewer Härdöpfel, then shared
    ("english", "between_deals"),  # players who come and go
    ("english", "deal_passes"),
])
def test_each_decision_of_rules_md_is_marked_as_one(variant: str, anchor: str):
    assert paragraphs(PRESETS[variant])[anchor].decision


def test_the_rules_of_the_sources_are_not_marked_as_decisions():
    book = paragraphs(PRESETS["english"])
    for anchor in ("single_pot", "double_pot", "rh", "dealer_one_in", "ante", "trick_share",
                   "flight", "general_won", "general_lost", "foul"):
        assert not book[anchor].decision, anchor


def test_the_unfinished_games_pot_and_the_buy_down_are_decisions():
    mattmar = paragraphs(rules_for("mattmar", {"money": True}))
    assert mattmar["end_pot"].decision
    assert mattmar["buy_down_when"].decision


@pytest.mark.parametrize("variant", sorted(PRESETS))
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_paragraph_is_written_in_every_language(variant: str, language: str):
    rules = rules_for(variant, {"money": True} if variant in ("mattmar", "counters", "ramsen")
                      else None)
    for chapter in rulebook(rules):
        assert knows(chapter.title.key, language)
        for paragraph in chapter.paragraphs:
            assert knows(paragraph.says.key, language), paragraph.anchor
            assert render(paragraph.says, language)  # every figure it names is given


# The refusals of a deal the table can see, and the games that can refuse them.
REFUSED_IN = {
    "refused.single_pot": "english", "refused.rh_or_concede": "english",
    "refused.rh_one_in": "english", "refused.rh_concede": "english",
    "refused.dealer_one_in": "english", "refused.general": "english",
    "refused.widow": "english", "refused.one_point": "mattmar",
    "refused.two_points": "mattmar", "refused.dealer_takes_all": "mattmar",
    "refused.two_play": "counters",
}


def test_every_refusal_of_who_must_play_has_a_game_that_refuses_it():
    assert set(REFUSED_IN) == {key for key in REFUSALS if key.startswith("refused.")}


# The modules of the core that refuse a deal or write a ledger entry.
RULE_MODULES = [REPO / "scorekeeper" / "core" / name for name in (
    "checks.py", "closing.py", "engine.py", "passing.py", "seat_changes.py")] + sorted(
    (REPO / "scorekeeper" / "core" / "families").glob("*.py"))


def _keys(node: ast.expr) -> list[str]:
    """The message keys an expression names: "deal.x", N_("ledger.x"), counts(...), or
    either side of a choice between them."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _keys(node.body) + _keys(node.orelse)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id in ("N_", "counts")):
        return _keys(node.args[0])
    return []


@functools.cache
def named() -> dict[str, frozenset[str]]:
    """Each refusal's and ledger entry's key, and the paragraphs the core names where it
    raises or writes it: ``refuse(key, paragraph=...)``, or a key chosen at run time with
    its paragraph beside it (``N_("ledger.ante"), "ante"``)."""
    found: dict[str, set[str]] = {}
    for module in RULE_MODULES:
        tree = ast.parse(module.read_text(encoding="utf-8"))
        # A paragraph chosen at run time between anchors: ``paragraph = "a" if ... else "b"``.
        chosen = {target.id: set(_keys(node.value)) for node in ast.walk(tree)
                  if isinstance(node, ast.Assign) for target in node.targets
                  if isinstance(target, ast.Name) and target.id == "paragraph"}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("msg", "refuse"):
                for word in node.keywords:
                    anchors = (set(_keys(word.value)) or chosen.get(getattr(word.value, "id", ""))
                               if word.arg == "paragraph" else None)
                    for key in _keys(node.args[0]) if anchors else ():
                        found.setdefault(key, set()).update(anchors or ())
            side = (node.elts if isinstance(node, ast.Tuple) else node.args
                    if isinstance(node, ast.Call) else node.args.defaults
                    if isinstance(node, ast.FunctionDef) else [])
            for key_of, paragraph in itertools.pairwise(side):
                if isinstance(key_of, ast.Call) and isinstance(paragraph, ast.Constant):
                    for key in _keys(key_of):
                        found.setdefault(key, set()).add(paragraph.value)
    return {key: frozenset(anchors) for key, anchors in found.items()}


def said(key: str) -> list[Message]:
    """The refusal or entry ``key`` with each paragraph the core names for it (a pass
    refused carries its rule's ``must.`` paragraph; a floor or cap, its entry's)."""
    base = key.replace("refused.", "must.").removesuffix("_floor").removesuffix("_capped")
    return [msg(key, paragraph=p) for p in named().get(key, named().get(base, frozenset()))]


@pytest.mark.parametrize(("key", "variant"), sorted(REFUSED_IN.items()))
def test_every_refusal_of_who_must_play_opens_the_rule_it_applied(key: str, variant: str):
    assert said(key)
    for refused in said(key):
        assert rule_for(PRESETS[variant], refused) in paragraphs(PRESETS[variant])


def test_a_single_pot_refusal_opens_the_single_pot_paragraph():
    refused = refusal(session_of("english", ("A", "B", "C", "D")),
                      Deal(passed=("C",), tricks={"B": 2, "D": 3}))
    assert refused.message.key == "refused.single_pot"
    assert rule_for(PRESETS["english"], refused.message) == "single_pot"
    assert words(PRESETS["english"], "single_pot") == (
        "Single pot: when the pot was empty before the dealer's ante, everyone must play; "
        "nobody may pass.")


def test_a_pot_games_join_opens_the_rule_of_changes_between_deals():
    (joined,) = said("ledger.joined")
    assert rule_for(PRESETS["english"], joined) == "between_deals"
    assert rule_for(PRESETS["mattmar"], joined) == "join"


def test_a_key_of_no_rule_has_no_why():
    assert said("deal.unknown_player") == []
    assert rule_for(PRESETS["english"], msg("deal.unknown_player")) is None
    (looed,) = said("ledger.hardopfel")
    assert rule_for(PRESETS["english"], looed) == "flight"  # looed, in english
    (single,) = said("refused.single_pot")
    assert rule_for(PRESETS["rounce"], single) is None  # rounce has none


def test_a_paragraph_named_by_the_core_is_one_some_book_has():
    games = [rules_for(v, {"money": True} if "money" in options_for(v) else None)
             for v in PRESETS] + [rules_for("mattmar", {"ramina": True}),
                                  rules_for("counters", {"money": True,
                                                         "counters_end": "last_in_loses"})]
    anchors = {anchor for rules in games for anchor in paragraphs(rules)}
    assert {p for ps in named().values() for p in ps} - anchors - set(BROADER) == set()


def replayed(path) -> Session:  # type: ignore[no-untyped-def]
    return load_session(path.read_text(encoding="utf-8")).replay()


@pytest.mark.parametrize("example", ["friday-at-the-cabin", "mattmar-saturday"])
def test_every_ledger_entry_of_an_evening_has_its_rule(example: str):
    from scorekeeper.core import close

    session = replayed(EXAMPLE_FILE.with_name(f"{example}.json"))
    closing = close(session.table, session.state)
    for entry in (*session.entries, *closing.entries):
        assert rule_for(session.table.rules, entry.reason), entry.reason.key


def test_the_house_rules_say_which_the_table_chose():
    # Every option the preset takes (core/presets.py's OPTIONS), in its order: the two the
    # table chose with their values, the others as Mattmar plays them.
    said = house_rules(rules_for("mattmar", {"games": 4, "money": True}))
    assert [rule.option for rule in said] == [o.name for o in options_of("mattmar")]
    chosen = {rule.option: (rule.value, rule.chosen) for rule in said}
    assert chosen["games"] == (4, True)
    assert chosen["money"] == (True, True)
    assert {name: value for name, (value, picked) in chosen.items() if not picked} == {
        o.name: o.default(PRESETS["mattmar"]) for o in options_of("mattmar")
        if o.name not in ("games", "money")}
    assert [rule.label for rule in said] == [o.label for o in options_of("mattmar")]
    assert [(r.option, r.chosen) for r in house_rules(PRESETS["english"])] == [
        (o.name, False) for o in options_of("english")]


# Refusals of a slip in entering, not of a rule of the game: no paragraph to open.
SLIPS = {"deal.unknown_player", "deal.listed_twice", "deal.tricks_not_active",
         "deal.too_much_money"}


def keys_of(kind: str) -> set[str]:
    """Every message of ``kind`` ("deal." refusals, "ledger." entries) the English
    catalogue has words for."""
    from babel.messages.pofile import read_po

    with (REPO / "scorekeeper" / "locale" / "en" / "LC_MESSAGES" / "messages.po").open(
            "rb") as po:
        keys = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(po) if m.id}
    return {key for key in keys if key.startswith(kind)}


def test_every_refusal_of_a_deal_opens_its_rule_in_a_game_that_has_it_but_slips():
    games = [rules_for(v, {"money": True} if "money" in options_for(v) else None)
             for v in PRESETS] + [rules_for("mattmar", {"ramina": True})]
    without = {key for key in keys_of("deal.") - SLIPS
               if not any(rule_for(rules, one) for rules in games for one in said(key))}
    assert without == set()


def test_every_ledger_entry_opens_its_rule_in_a_game_that_has_it():
    entries = keys_of("ledger.") - {"ledger.pot_account"}  # the pot's name, no entry
    games = [rules_for(v, {"money": True} if "money" in options_for(v) else None)
             for v in PRESETS] + [rules_for("counters", {"money": True,
                                                         "counters_end": "last_in_loses"})]
    without = {key for key in entries
               if not any(rule_for(rules, one) for rules in games for one in said(key))}
    assert without == set()
