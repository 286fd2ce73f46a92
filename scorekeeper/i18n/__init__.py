"""One translation layer for the CLI, the app and the PDF: message keys in, sentences out.

Sentences come from the catalogues (``sv.py``, ``en.py``, ``de.py``); a message that counts
something picks its plural form (``plurals.py``); money, numbers, dates and lists are written the
language's way by ``figures.py`` (Babel, loaded on first use).
"""

from __future__ import annotations

from collections.abc import Mapping

from scorekeeper.core.errors import RuleError
from scorekeeper.core.messages import Message
from scorekeeper.i18n import de, en, sv
from scorekeeper.i18n.figures import date, join, money, number
from scorekeeper.i18n.plurals import COUNTED_BY, PHRASES, category

# A template, or for a message that counts, its forms by CLDR plural category.
Template = str | dict[str, str]

LANGUAGES: dict[str, dict[str, Template]] = {
    "en": en.MESSAGES, "sv": sv.MESSAGES, "de": de.MESSAGES,
}
DEFAULT_LANGUAGE = "en"

# What one unit of money is at each game's table (the hint under "Value of one unit"): the
# pot games ante 5 units a deal; the others stake 1 unit a game (RULES.md, each family's money).
UNIT_HINTS: dict[str, str] = {
    "english": "ui.unit_hint_pot", "denexa": "ui.unit_hint_pot", "rounce": "ui.unit_hint_pot",
    "pool": "ui.unit_hint_pot", "mattmar": "ui.unit_hint_mattmar",
    "counters": "ui.unit_hint_counters", "ramsen": "ui.unit_hint_ramsen",
}

# Lean on the re-exports so the screens import everything from ``scorekeeper.i18n``.
__all__ = [
    "COUNTED_BY", "DEFAULT_LANGUAGE", "LANGUAGES", "PHRASES", "UNIT_HINTS", "Template", "date",
    "describe", "join", "money", "number", "render", "template_for", "text",
]


def template_for(key: str, language: str, params: Mapping[str, object]) -> str:
    """The catalogue's template for ``key``; for a counting message, the form its count takes.
    English where a catalogue lacks the key; the key itself where every catalogue does."""
    catalogue = LANGUAGES.get(language, en.MESSAGES)
    if key in catalogue:
        found = catalogue[key]
    else:
        found, language = en.MESSAGES.get(key, key), DEFAULT_LANGUAGE
    if isinstance(found, str):
        return found
    form = category(params.get(COUNTED_BY.get(key, ""), None), language)
    return found.get(form) or found["other"]


def render(message: Message, language: str = DEFAULT_LANGUAGE) -> str:
    """The message in ``language``, each count in the form the language gives it."""
    params = dict(message.params)
    # The core names a game by its id ("english"); people call it by its name.
    variant = params.get("variant")
    if isinstance(variant, str) and f"variant.{variant}" in LANGUAGES[DEFAULT_LANGUAGE]:
        params["variant"] = text(f"variant.{variant}", language)
    for name, phrase in PHRASES.get(message.key, {}).items():
        if name in params:
            params[name] = text(phrase, language, count=params[name])
    return template_for(message.key, language, params).format(**params)


def text(key: str, language: str = DEFAULT_LANGUAGE, **params: str | int) -> str:
    return render(Message(key, params), language)


def describe(error: RuleError, language: str = DEFAULT_LANGUAGE) -> str:
    """One line naming the deal (if any) and the rule: ``deal 3: single pot - ...``."""
    message = render(error.message, language)
    if error.deal is None:
        return message
    return text("error.in_deal", language, number=error.deal, message=message)
