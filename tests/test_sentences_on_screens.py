"""A sentence shown to a person begins with a capital in every language (issue 63: the
Save bar said "giv 3: …"), while the command line's one line keeps the shape FORMAT.md
fixes for ``replay``: ``deal 3: single pot - everyone must play, but Cilla passed``."""

from __future__ import annotations

import string

import pytest

from scorekeeper.core import Deal, Message, RuleError
from scorekeeper.i18n import LANGUAGES, describe, shown, template_for
from tests.conftest import session_of
from tests.test_catalogues import catalogue

# The refusals: what the rules, a file, a payment or the store say they will not take.
REFUSALS = ("deal.", "refused.", "payment.", "payments.", "setup.", "file.", "store.",
            "tab.", "group.", "name.", "text.")


def filled(template: str) -> dict[str, object]:
    """A value for every placeholder of ``template``: a count where it is formatted as one."""
    return {name: 3 if spec and spec[-1] == "d" else "x"
            for _, name, spec, _ in string.Formatter().parse(template) if name}


def refusal_keys(language: str) -> list[str]:
    return sorted(m.id for m in catalogue(language)
                  if isinstance(m.id, str) and m.id.startswith(REFUSALS))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refusal_on_a_screen_begins_with_a_capital_in_every_language(language):
    keys = refusal_keys(language)
    assert len(keys) > 100
    for key in keys:
        template = template_for(key, language, {})
        error = RuleError(Message(key, filled(template)))
        said = shown(error.at(3), language)  # "Deal 3: …", "Giv 3: …"
        assert first_letter(said).isupper(), (key, said)
        said = shown(error, language)
        # One that begins with what it repeats writes it as the table wrote it.
        assert first_letter(said).isupper() or first_letter(template) == "{", (key, said)


def first_letter(said: str) -> str:
    """The first letter, past any quote; "{" for a placeholder."""
    return next((letter for letter in said if letter.isalpha() or letter == "{"), "")


def test_the_command_line_keeps_formats_line_and_the_screen_says_it_as_a_sentence():
    session = session_of("english", ("Astrid", "Bengt", "Cilla"))
    with pytest.raises(RuleError) as caught:
        session.record(Deal(passed=("Cilla",), tricks={"Astrid": 5}))
    assert describe(caught.value, "en") == (
        "deal 1: single pot - everyone must play, but Cilla passed")
    assert shown(caught.value, "en") == (
        "Deal 1: single pot - everyone must play, but Cilla passed")
    assert shown(caught.value, "sv").startswith("Giv 1: ")


def test_a_refusal_that_begins_with_a_name_writes_it_as_the_table_did():
    error = RuleError(Message("deal.join_seated", {"player": "åsa"}))
    assert shown(error, "en") == "åsa is already seated"
