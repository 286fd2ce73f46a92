"""One translation layer for the CLI, the app and the PDF: message keys in, sentences out."""

from __future__ import annotations

from scorekeeper.core.errors import RuleError
from scorekeeper.core.messages import Message
from scorekeeper.i18n import de, en, sv

LANGUAGES: dict[str, dict[str, str]] = {"en": en.MESSAGES, "sv": sv.MESSAGES, "de": de.MESSAGES}
DEFAULT_LANGUAGE = "en"


def render(message: Message, language: str = DEFAULT_LANGUAGE) -> str:
    """The message in ``language``; English where a catalogue lacks the key."""
    catalogue = LANGUAGES.get(language, en.MESSAGES)
    template = catalogue.get(message.key) or en.MESSAGES.get(message.key, message.key)
    return template.format(**message.params)


def text(key: str, language: str = DEFAULT_LANGUAGE, **params: str | int) -> str:
    return render(Message(key, params), language)


def describe(error: RuleError, language: str = DEFAULT_LANGUAGE) -> str:
    """One line naming the deal (if any) and the rule: ``deal 3: single pot - ...``."""
    message = render(error.message, language)
    if error.deal is None:
        return message
    return text("error.in_deal", language, number=error.deal, message=message)
