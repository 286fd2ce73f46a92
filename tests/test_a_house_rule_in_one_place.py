"""A house rule is one line in core/presets.py's OPTIONS (README, "Where a new thing is
added"): its figure reaches the rules text, the assistant's reminders and the ledger as
a message parameter, in every language, with no other file changed.

Here the line is added by the test: English Rams with a dummy number option that prices
"five tricks" at 7 units instead of 5 (the ante, a flight, a concession, and a foul unless
a house rule prices it apart: ``Rules.foul_costs``). Its label is a key the catalogues
already have, since the test adds no words.
"""

from __future__ import annotations

import re

import pytest

from scorekeeper.core import Deal, Session, guide, make_table, presets
from scorekeeper.core.presets import Option
from scorekeeper.core.rulebook import house_rules, rulebook
from scorekeeper.formats.session_file import dump_session, parse_session
from scorekeeper.i18n import LANGUAGES, render

DUMMY = Option("five", "number", "five_tricks", "option.games", low=1, high=20)
# And Mattmar's flight priced at 3 points instead of 5.
FLIGHT = Option("flight", "number", "flight_points", "option.games", low=1, high=20)
PLAYERS = ("A", "B", "C", "D")


@pytest.fixture(autouse=True)
def english_with_the_dummy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(presets.OPTIONS, "english", (*presets.OPTIONS["english"], DUMMY))
    monkeypatch.setitem(presets.OPTIONS, "mattmar", (*presets.OPTIONS["mattmar"], FLIGHT))


def figures(said: str) -> list[str]:
    return re.findall(r"\d+", said)


def seven_units() -> Session:
    return Session.replay(make_table("english", list(PLAYERS), "A", {"five": 7}), ())


def test_the_table_chooses_it_and_the_session_file_keeps_it():
    session = seven_units()
    assert session.table.rules.five_tricks == 7
    kept = parse_session(dump_session("Friday", session))
    assert kept.table.rules.five_tricks == 7
    assert [(rule.option, rule.value, rule.chosen) for rule in house_rules(kept.table.rules)
            if rule.option == "five"] == [("five", 7, True)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_text_says_its_figure(language: str):
    said = {p.anchor: render(p.says, language)
            for chapter in rulebook(seven_units().table.rules) for p in chapter.paragraphs}
    # The ante, a flight and the RH's concession each move "five tricks": 7.
    for anchor in ("ante", "flight", "rh"):
        assert "7" in figures(said[anchor]), (anchor, said[anchor])
        assert "5" not in figures(said[anchor]), (anchor, said[anchor])
    assert figures(said["foul"]) == [str(seven_units().table.rules.foul_costs)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_assistant_says_its_figure(language: str):
    session = seven_units()
    shown = guide(session.table, session.state)
    assert shown.pot_in_play == 7  # the dealer's ante in an empty pot
    fouls = next(m for m in shown.reminders if m.key == "remind.fouls")
    assert figures(render(fouls, language)) == [str(session.table.rules.foul_costs)]
    # After a deal everyone played the pot is not empty: the double pot, the RH pays 7.
    after = session.record(Deal(tricks={"B": 2, "C": 2, "D": 1, "A": 0}))
    double = next(m for m in guide(after.table, after.state).reminders
                  if m.key == "remind.double_pot")
    assert "7" in figures(render(double, language))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_ledger_says_its_figure(language: str):
    # A deals and antes 7; B takes 4 tricks, C 1, D none and fouls, A plays and takes none.
    # A trick takes 7 // 5 = 1; D's flight pays 7, A's flight 7, D's foul what a foul costs.
    session = seven_units().record(
        Deal(tricks={"B": 4, "C": 1, "D": 0, "A": 0}, fouls=("D",)))
    said = {entry.reason.key: render(entry.reason, language)
            for entry in session.steps[-1].entries}
    assert figures(said["ledger.ante_single"])[-1:] == ["7"]
    assert "7" in figures(said["ledger.flight"])
    assert str(session.table.rules.foul_costs) in figures(said["ledger.foul"])


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_countdowns_figure_reaches_the_rules_text_and_the_ledger(language: str):
    session = Session.replay(make_table("mattmar", ["A", "B", "C"], "A", {"flight": 3}), ())
    said = {p.anchor: render(p.says, language)
            for chapter in rulebook(session.table.rules) for p in chapter.paragraphs}
    # Plus 3, never above 10: a player on 8 who flies lands on 10 (8 + 3 = 11).
    assert figures(said["flight"])[:3] == ["3", "10", "8"]
    # A deals; B takes 3 tricks, C 2, A none: A flies from 10, capped at 10 (+0), the
    # entry says the rule's +3 and what the cap left of it.
    played = session.record(Deal(tricks={"B": 3, "C": 2, "A": 0}))
    (flight,) = [entry.reason for entry in played.steps[-1].entries
                 if entry.reason.key == "ledger.flight_points_capped"]
    assert figures(render(flight, language)) == ["3", "10", "0"]


# The figures a rule text may still write out: the game's own, which no Rules field
# holds: a countdown's goal 0, Mattmar's 1 and 2 points, a stake of 1, a pool trick's 1,
# cards dealt 3 then 2, the Mattmar dealer's 6. Five tricks, a flight's points, the
# cap, the floor, the ante: parameters, every one.
FIXED = {"0", "1", "2", "3", "6"}
RULE_TEXTS = ("rule.", "remind.", "ledger.", "dealing.", "must.", "refused.", "duty.")


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_rules_figure_is_written_into_a_translation(language: str):
    from tests.test_catalogues import messages

    written = {key: set(figures(re.sub(r"\{[^}]*\}", "", form)))
               for key, (_, forms) in messages(language).items()
               if key.startswith(RULE_TEXTS) for form in forms}
    assert {key: found - FIXED for key, found in written.items() if found - FIXED} == {}
