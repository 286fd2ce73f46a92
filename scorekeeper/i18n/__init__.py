"""One translation layer for the CLI, the app and the PDF: message keys in, sentences out.

Sentences come from the gettext catalogues in ``scorekeeper/locale`` (``catalogues.py``; how a
translator updates them: README, "Translations"); money, numbers, dates and lists are written
the language's way by ``figures.py`` (Babel, loaded on first use).
"""

from __future__ import annotations

from collections.abc import Mapping

from scorekeeper.core.errors import RuleError
from scorekeeper.core.messages import Message
from scorekeeper.core.text import quote
from scorekeeper.i18n.catalogues import (
    catalogue,
    counting,
    languages,
    own_words,
    plural_count,
)
from scorekeeper.i18n.composed import LIFETIME, UNIT_HINTS, VARIANTS
from scorekeeper.i18n.figures import date, join, money, number, parse_number
from scorekeeper.i18n.locales import own_name

LANGUAGES: tuple[str, ...] = languages()
DEFAULT_LANGUAGE = "en"

__all__ = [
    "DEFAULT_LANGUAGE", "LANGUAGES", "UNIT_HINTS", "counted_phrases", "date", "describe",
    "join", "knows", "money", "number", "own_name", "parse_number", "refusal", "render",
    "sentence", "session_title", "shown", "template_for", "text",
]


def template_for(key: str, language: str, params: Mapping[str, object]) -> str:
    """The catalogue's template for ``key``; for a counting message, the form its count takes."""
    words = catalogue(language)
    figure = counting().get(key)
    if figure is None:
        return words.gettext(key)
    return words.ngettext(key, figure, plural_count(params.get(figure)))


def knows(key: str, language: str) -> bool:
    """Whether ``language``'s own catalogue has a sentence for ``key`` (not English's)."""
    words = own_words(language)
    return words is not None and words.gettext(key) != key


def render(message: Message, language: str = DEFAULT_LANGUAGE) -> str:
    """The message in ``language``, each count in the form the language gives it."""
    params = dict(message.params)
    # The core names a game by its id ("english"); people call it by its name.
    variant = params.get("variant")
    if isinstance(variant, str) and variant in VARIANTS:
        params["variant"] = text(VARIANTS[variant][0], language)
    return template_for(message.key, language, params).format(**params)


def text(key: str, language: str = DEFAULT_LANGUAGE, **params: str | int) -> str:
    return render(Message(key, params), language)


def counted_phrases(language: str, phrases: Mapping[str, str] = LIFETIME,
                    **counts: int) -> dict[str, str]:
    """A line that counts several things at once (a lifetime's five, a backup's four)
    cannot take one plural form for all of them: each figure becomes its own counted
    phrase ("3 sessions"), ``phrases`` naming the counted message of each."""
    return {name: text(phrases[name], language, count=count) for name, count in counts.items()}


def session_title(name: str, variant: str, language: str = DEFAULT_LANGUAGE) -> str:
    """A session's name as shown: one stored without a name (under its variant's key) is
    called by its game, in the reader's language, whatever language it was begun in."""
    return text(f"variant.{variant}", language) if name == variant else name


# The parameters of a refusal that repeat what a person typed or a file held. Whichever
# code raised it, a refusal quotes at most QUOTED characters of each (README: a name of
# 10,000 characters given to `pay --from` is said in 20, not echoed to the line's end).
_REPEATED = frozenset({"player", "group", "name", "payer", "payee", "after", "dealer", "text",
                       "amount", "unit", "option", "format", "date"})


def refusal(message: Message, language: str = DEFAULT_LANGUAGE) -> str:
    """A refusal (of the rules or the store) in ``language``: ``render``, with everything
    it repeats of the input quoted short (``core.text.quote``; quoting twice changes
    nothing)."""
    params = {name: quote(value) if name in _REPEATED and isinstance(value, str) else value
              for name, value in message.params.items()}
    return render(Message(message.key, params), language)


def describe(error: RuleError, language: str = DEFAULT_LANGUAGE) -> str:
    """One line naming the deal (if any) and the rule: ``deal 3: single pot - ...``, as the
    command line writes it (FORMAT.md); a screen says it as a sentence (``shown``)."""
    message = refusal(error.message, language)
    if error.part is not None:
        return text("error.in_part", language, part=error.part, message=message)
    if error.deal is None:
        return message
    return text("error.in_deal", language, number=error.deal, message=message)


def shown(error: RuleError, language: str = DEFAULT_LANGUAGE) -> str:
    """A refusal as a screen shows it: ``describe``'s line begun with a capital, as a
    sentence shown to a person is in every language ("Giv 3: …", "Single pot - …")."""
    key = ("error.in_part" if error.part is not None else
           "error.in_deal" if error.deal is not None else error.message.key)
    return sentence(describe(error, language), key, language)


def sentence(said: str, key: str, language: str = DEFAULT_LANGUAGE) -> str:
    """``said``, the message ``key`` in ``language``, begun with a capital; unless it begins
    with what it repeats (a player's name is written as the table wrote it)."""
    template = template_for(key, language, {})
    if _first_letter(template) == "{":
        return said
    first = next((at for at, letter in enumerate(said) if letter.isalpha()), None)
    return said if first is None else said[:first] + said[first].upper() + said[first + 1:]


def _first_letter(said: str) -> str:
    """The first letter of ``said``, past any quote or bracket ("{" for a placeholder)."""
    return next((letter for letter in said if letter.isalpha() or letter == "{"), "")
