"""Every text that enters Scorekeeper, checked the same way: names, the session name.

A name is kept in Unicode NFC ("Åsa" typed as one letter or as A plus a combining
ring is the same player, FORMAT.md) and trimmed. It may not hold what a terminal,
a spreadsheet or a database would read as something other than letters: control
characters (escape codes, CR/LF, NUL), bidi overrides and isolates (which make a
name read backwards on screen), lone surrogates (not text at all, and unwritable as
UTF-8). A refusal quotes only a short, printable prefix of the value.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from scorekeeper.core.errors import refuse
from scorekeeper.core.messages import N_

MAX_NAME = 40  # a name that fits on a phone's score column
MAX_SESSION_NAME = 100  # a line on the home screen and the top of a score sheet
QUOTED = 20  # how much of a refused value a message repeats

# Format characters a name may keep: the joiners inside emoji and some scripts' words.
_JOINERS = frozenset("\u200c\u200d")
# Categories never allowed: controls, format characters (bidi overrides and isolates,
# marks, the byte-order mark...), lone surrogates, line and paragraph separators.
_FORBIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def forbidden(char: str) -> bool:
    """True for a character no name may hold (see the module's docstring)."""
    return char not in _JOINERS and unicodedata.category(char) in _FORBIDDEN_CATEGORIES


def quote(value: object, longest: int = QUOTED) -> str:
    """A refused value as a message may show it: at most ``longest`` characters, every
    character a terminal would act on shown as '?', and '…' when cut short."""
    text = value if isinstance(value, str) else str(value)
    shown = printable(text[:longest])
    return shown + "…" if len(text) > longest else shown


def _normal(text: str) -> str:
    # A lone surrogate survives normalisation, and is caught by ``forbidden`` afterwards.
    return unicodedata.normalize("NFC", text).strip()


# A club's evenings name the same few players thousands of times over (a restore of
# 10,000 evenings asked for 320,000 keys of ten names): each worked out once, within a bound.
NAMES_KEPT = 4096


def player_name(text: object) -> str:
    """A player's name as kept: NFC, trimmed, 1 to MAX_NAME characters of printable text."""
    if not isinstance(text, str) or not text.strip():
        raise refuse("setup.empty_name")
    return _player_name(text)


@lru_cache(maxsize=NAMES_KEPT)
def _player_name(text: str) -> str:
    name = _normal(text)
    if len(name) > MAX_NAME:
        raise refuse("text.name_too_long", player=quote(name), longest=MAX_NAME)
    if any(forbidden(c) for c in name):
        raise refuse("text.name_forbidden", player=quote(name))
    return name


def session_name(text: object) -> str:
    """A session's name as kept: NFC, trimmed, at most MAX_SESSION_NAME printable characters
    ("" when none was given: the store then names the session after its game)."""
    if text is None:
        return ""
    if not isinstance(text, str):
        raise refuse("text.session_name_not_text")
    return _title(text, N_("text.session_name_too_long"), N_("text.session_name_forbidden"))


def group_name(text: object) -> str:
    """A group's name as kept: NFC, trimmed, 1 to MAX_SESSION_NAME printable characters."""
    if not isinstance(text, str) or not text.strip():
        raise refuse("text.group_name_empty")
    return _title(text, N_("text.group_name_too_long"), N_("text.group_name_forbidden"))


def _title(text: str, too_long: str, not_printable: str) -> str:
    """A session's or a group's name: at most MAX_SESSION_NAME printable characters."""
    name = _normal(text)
    if len(name) > MAX_SESSION_NAME:
        raise refuse(too_long, name=quote(name), longest=MAX_SESSION_NAME)
    if any(forbidden(c) for c in name):
        raise refuse(not_printable, name=quote(name))
    return name


@lru_cache(maxsize=NAMES_KEPT)
def name_key(text: str) -> str:
    """How two names are compared: trimmed, NFC, case-folded ("ÅSA" is "åsa" is "Åsa").

    Case-folding can undo a composition, so the key is normalised once more after it."""
    return unicodedata.normalize("NFC", _normal(text).casefold())


def printable(text: str) -> str:
    """Text stored before names were checked, safe to print on a terminal line: every
    control, bidi or separator character shown as '?'."""
    return "".join("?" if forbidden(c) else c for c in text)


# What a spreadsheet reads as the start of a formula (OWASP, "CSV injection"): a text cell
# beginning so is written with a quote before it, in every CSV Scorekeeper writes.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
