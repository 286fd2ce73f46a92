"""French puts its typographic spaces before : ; ? and ! (issue 63: "Jeu: …" beside
"Groupe : …", "Qui donne en premier ?: Anne"): a no-break space before a colon, a narrow
no-break space before the other three, in every message of the French catalogue and in
what the screens put together of a label and its value."""

from __future__ import annotations

import re

import pytest

from scorekeeper.i18n import text
from scorekeeper.i18n.evening_words import label_and_value
from tests.test_catalogues import catalogue

NBSP, NNBSP = "\N{NO-BREAK SPACE}", "\N{NARROW NO-BREAK SPACE}"
BEFORE = {":": NBSP, ";": NNBSP, "?": NNBSP, "!": NNBSP}
# What is not French punctuation but a character quoted or a part of an address: a colon
# of a URL ("sqlite:///"), of a placeholder's format ("{points:+d}"), a mark between
# quotes ("après « ? »"), or one of the characters a uid may hold (". _ : -").
NOT_PUNCTUATION = re.compile(r"\{[^{}]*\}|[a-z]+://+|«\s.\s»|\. _ : -|\"[a-z]+\": ")


def marks(said: str) -> list[tuple[int, str]]:
    """Each : ; ? ! of ``said`` that is French punctuation, with where it stands."""
    hidden = NOT_PUNCTUATION.sub(lambda m: "x" * len(m.group()), said)
    return [(at, mark) for at, mark in enumerate(hidden) if mark in BEFORE]


def fixed(said: str) -> str:
    """``said`` with the space French puts before each mark (the catalogue was put right
    so, and this test holds it)."""
    out = list(said)
    for at, mark in reversed(marks(said)):
        if at and out[at - 1] in (" ", NBSP, NNBSP):
            out[at - 1] = BEFORE[mark]
        elif at:
            out.insert(at, BEFORE[mark])
    return "".join(out)


def test_every_french_message_spaces_its_colons_semicolons_and_question_marks():
    wrong = []
    for message in catalogue("fr"):
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        wrong += [(message.id, said) for said in forms if fixed(said) != said]
    assert wrong == []


def test_a_label_and_its_value_are_put_together_as_the_language_writes_them():
    assert label_and_value("Jeu", "Rams anglais", "fr") == f"Jeu{NBSP}: Rams anglais"
    assert label_and_value("Game", "English Rams", "en") == "Game: English Rams"
    question = text("ui.choose_first_dealer", "fr")
    assert question == f"Qui donne en premier{NNBSP}?"
    # A question is answered, not labelled: no colon after its question mark.
    assert label_and_value(question, "Anne", "fr") == f"Qui donne en premier{NNBSP}? Anne"
    assert label_and_value("Who deals first?", "Anne", "en") == "Who deals first? Anne"


@pytest.mark.parametrize(("said", "right"), [
    ("Groupe : Vendredi", f"Groupe{NBSP}: Vendredi"),
    ("Jeu: Rams", f"Jeu{NBSP}: Rams"),
    (f"Pourquoi{NBSP}?", f"Pourquoi{NNBSP}?"),
    ("écrivez sqlite:///chemin", "écrivez sqlite:///chemin"),
    ("{points:+d} points ; fin", f"{{points:+d}} points{NNBSP}; fin"),
])
def test_the_rule_as_it_is_applied(said, right):
    assert fixed(said) == right
