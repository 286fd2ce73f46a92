"""What each payment format lets a name or a message contain.

A payment code must survive the payer's bank: a character a format does not allow is
folded to its nearest allowed form (ü to ue, é to e), a letter or digit of another
script spelled in Latin ones (anyascii: "Σοφία" is "Sofia", "王" is "Wang"), and a sign
dropped; never sent as is. A name is never lost to the folding: the EPC's name line may
not be empty. The folding is deterministic, so the same session always gives the same code.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping

from anyascii import anyascii

# Swish (Swish payment message rules): at most 50 characters, the letters a-ö and A-Ö
# (the Swedish alphabet), the digits, space and : ; . , ? ! ( ) "
SWISH_MESSAGE_MAX = 50
SWISH_ALLOWED = frozenset(
    "abcdefghijklmnopqrstuvwxyzåäöABCDEFGHIJKLMNOPQRSTUVWXYZÅÄÖ0123456789 :;.,?!()\""
)

# SEPA (the EPC's basic Latin character set, which every bank in SEPA must accept):
# a-z A-Z 0-9 / - ? : ( ) . , ' + and space.
SEPA_ALLOWED = frozenset(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-?:().,'+ "
)

# The QR-bill (Swiss Payment Standards, "Latin character set"): Basic Latin, Latin-1
# Supplement and Latin Extended-A printable characters, plus Ș ș Ț ț and €.
_QRBILL_EXTRA = frozenset("ȘșȚț€")

# Letters the German and Nordic tables write, spelled out the way their banks do.
_SPELLED = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss",
            "æ": "ae", "Æ": "Ae", "ø": "oe", "Ø": "Oe",
            "–": "-", "—": "-", "’": "'", "‘": "'", "“": "\"", "”": "\"", "&": "+"}


def _fold(text: str, allowed: Callable[[str], bool], spelled: Mapping[str, str]) -> str:
    out = []
    for char in unicodedata.normalize("NFC", text):
        if allowed(char):
            out.append(char)
        elif char in spelled:
            out.append("".join(c for c in spelled[char] if allowed(c)))
        else:  # é -> e, ç -> c: the letter without its accent, if that is allowed
            base = unicodedata.normalize("NFKD", char)[:1]
            out.append(base if allowed(base) else _latin(char, allowed))
    return " ".join("".join(out).split())


def _latin(char: str, allowed: Callable[[str], bool]) -> str:
    """A letter or digit of any script in the Latin letters the format allows ("ł" is
    "l", "Ж" is "Zh"); a sign, a space."""
    if unicodedata.category(char)[0] not in "LN":
        return " "
    return "".join(c for c in anyascii(char) if allowed(c)) or " "


def swish_text(text: str) -> str:
    """A Swish message: Swedish letters kept, others folded; at most 50 characters."""
    spelled = {"ü": "u", "Ü": "U", "ß": "ss", "æ": "ä", "Æ": "Ä", "ø": "ö", "Ø": "Ö",
               "’": "", "'": "", "-": " ", "–": " ", "&": " och "}
    return _cut(_fold(text, SWISH_ALLOWED.__contains__, spelled), SWISH_MESSAGE_MAX)


def sepa_text(text: str, most: int) -> str:
    """A name or message in the SEPA basic Latin set, at most ``most`` characters."""
    return _cut(_fold(text, SEPA_ALLOWED.__contains__, _SPELLED), most)


def qrbill_allowed(char: str) -> bool:
    point = ord(char)
    return (0x20 <= point <= 0x7E or 0xA0 <= point <= 0x17F) or char in _QRBILL_EXTRA


def qrbill_text(text: str, most: int) -> str:
    """A name or message in the QR-bill's Latin character set, at most ``most`` characters."""
    return _cut(_fold(text, qrbill_allowed, {}), most)


def _cut(text: str, most: int) -> str:
    """At most ``most`` characters, cut at a word where one is near, never mid-space."""
    if len(text) <= most:
        return text
    cut = text[:most]
    if text[most] == " ":  # the cut falls between two words already
        return cut.rstrip(" ,;:")
    space = cut.rfind(" ")
    return (cut[:space] if space > most // 2 else cut).rstrip(" ,;:")
