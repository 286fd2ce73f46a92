"""The compiled gettext catalogues (``scorekeeper/locale/<language>/LC_MESSAGES/messages.mo``).

A message's id is its key (``ledger.tricks``); English is a catalogue like the others, the
source the translators work from. A message that counts something has a plural id naming the
parameter that picks its form (``msgid_plural "tricks"``), so the catalogue itself says which
figure counts; the form is chosen by the catalogue's ``Plural-Forms`` (CLDR's rule, written by
``pybabel init``). Catalogues are read as package resources, so they load from a wheel, a zip or
a phone package alike.
"""

from __future__ import annotations

import gettext
import io
import struct
from decimal import Decimal, InvalidOperation
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable

DOMAIN = "messages"
SOURCE_LANGUAGE = "en"


def _mo_file(language: str) -> Traversable:
    return resources.files("scorekeeper") / "locale" / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


def _compiled(language: str) -> bytes | None:
    found = _mo_file(language)
    return found.read_bytes() if found.is_file() else None


@cache
def languages() -> tuple[str, ...]:
    """Every language with a compiled catalogue, English first: ``("en", "de", "fr", "sv")``."""
    folder = resources.files("scorekeeper") / "locale"
    found = sorted(entry.name for entry in folder.iterdir()
                   if entry.is_dir() and _mo_file(entry.name).is_file())
    return tuple(sorted(found, key=lambda language: language != SOURCE_LANGUAGE))


@cache
def own_words(language: str) -> gettext.GNUTranslations | None:
    """``language``'s catalogue alone (None for a language without one)."""
    compiled = _compiled(language)
    return gettext.GNUTranslations(io.BytesIO(compiled)) if compiled is not None else None


@cache
def catalogue(language: str) -> gettext.NullTranslations:
    """The words of ``language``; a message it lacks is said in English, and one that English
    lacks too is shown as its key. A language without a catalogue speaks English."""
    english = own_words(SOURCE_LANGUAGE) or gettext.NullTranslations()
    compiled = _compiled(language) if language != SOURCE_LANGUAGE else None
    if compiled is None:
        return english
    words = gettext.GNUTranslations(io.BytesIO(compiled))
    words.add_fallback(english)
    return words


@cache
def counting() -> dict[str, str]:
    """Each counting message's key and the parameter that counts, from the English catalogue's
    plural ids (``{"ledger.tricks": "tricks", ...}``)."""
    return dict(id_.split("\0", 1) for id_ in _message_ids(_compiled(SOURCE_LANGUAGE) or b"")
                if "\0" in id_)


def _message_ids(compiled: bytes) -> list[str]:
    """Every message id a compiled catalogue holds; a plural one as ``"key\0plural"``.
    (Python's gettext keeps only the first of the two; GNU's format is fixed: a magic
    number, a revision, the count, and where the table of ids starts.)"""
    if len(compiled) < 20:
        return []
    order = "<" if compiled[:4] == b"\xde\x12\x04\x95" else ">"
    count, table = struct.unpack(f"{order}2I", compiled[8:16])
    ids = []
    for number in range(count):
        length, start = struct.unpack(f"{order}2I", compiled[table + 8 * number:
                                                             table + 8 * number + 8])
        ids.append(compiled[start:start + length].decode("utf-8"))
    return ids


def plural_count(value: object) -> int:
    """The whole number a plural form is chosen by. A fraction, or something that is no number,
    takes the form of 2, which is "other" (the plural) in every language here."""
    if isinstance(value, bool):
        return 2
    if isinstance(value, int):
        return value
    try:
        figure = Decimal(str(value).strip())
    except InvalidOperation:
        return 2
    if figure.is_finite() and figure == figure.to_integral_value():
        return int(figure)
    return 2
