"""Money, numbers, dates and lists as each language writes them, by CLDR's symbols and
patterns for the language (``cldr.py``, taken from Babel's copy of CLDR; Babel itself is not
loaded: its locale data would cost a served page about 5 MB).

Two choices hold for every language, so that an amount reads, copies and searches one way:
- The minus sign is the ASCII hyphen-minus ``-`` (U+002D), never U+2212: it is what the app's
  scores (``+5``, ``-10``) and the ledger already print, what anyone types on any keyboard when
  searching a page or a chat, what a spreadsheet parses on paste, and what the browser tests type.
  The U+2212 of the locale data (Swedish) is turned into it.
- The space inside an amount (``-28,00 kr``, ``1 234``) stays the no-break space (U+00A0) the
  locale gives, so a figure never breaks across two lines on a phone. A narrow no-break space
  (U+202F) becomes a plain no-break space: every font the app and the PDF use has that.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal, InvalidOperation

from scorekeeper.core.table import Money
from scorekeeper.i18n.cldr import FIGURES
from scorekeeper.i18n.locales import FALLBACK

MINUS = "-"
_SPACES = str.maketrans({"\u2212": MINUS, "\u202f": "\u00a0"})
# CLDR's currency spacing, which Babel leaves out: a symbol made of letters keeps a space from
# the digits ("SEK 28.00", not "SEK28.00"); "€28.00" and "28,00 kr" are left as they are.
_LETTERS_THEN_DIGIT = re.compile(r"(?<=[^\W\d_])(?=\d)")
_DIGIT_THEN_LETTERS = re.compile(r"(?<=\d)(?=[^\W\d_])")
# Digits are ASCII (Python's \d and Decimal take any script's, and full-width ones), and a
# plus is no way any language writes an amount.
_NOT_TYPED_IN_A_NUMBER = re.compile(r"[^0-9\s.,'’-]")
# The space before a figure (an amount's sign and currency taken with it: "-SEK 3.50",
# "€5.00"), where it follows a word, not what ends a list's item ("Dag +2 · 3. Cilla",
# "2 Abende, 1 Flug").
_BEFORE_A_FIGURE = re.compile(r"(?<=[^\s·•|;,]) (?=[-+]?(?:[A-Z]{3}\u00a0|[€$£])?\d)")
# A day's pattern: a run of one letter (d, dd, MM, MMM, y), a quoted literal, or anything else.
_DATE_FIELD = re.compile(r"d+|M+|y+|'[^']*'|[^dMy']+")


def _figures(language: str) -> dict:  # type: ignore[type-arg]
    return FIGURES.get(language, FIGURES[FALLBACK])


def _clean(figure: str) -> str:
    return figure.translate(_SPACES)


def _digits(value: Decimal, digits: int, language: str) -> str:
    """``abs(value)`` with exactly ``digits`` after the decimal sign, grouped by threes."""
    figures = _figures(language)
    whole, _, fraction = f"{abs(value):.{digits}f}".partition(".")
    groups = []
    while len(whole) > 3:
        whole, group = whole[:-3], whole[-3:]
        groups.insert(0, group)
    grouped = figures["group"].join([whole, *groups])
    return grouped + (figures["decimal"] + fraction if fraction else "")


def money(minor: int, money: Money, language: str, *, sign: bool = False) -> str:
    """``minor`` (öre, cents) as the language writes an amount of the table's currency.

    ``money(-2800, Money(Decimal(1), "SEK"), "sv")`` is ``"-28,00 kr"``; ``"de"`` with EUR is
    ``"-28,00 €"``; ``"en"`` with SEK is ``"-SEK 28.00"``. A table without a currency gets the
    bare figure in the language's style (``"-28,00"``). Exact: the minor units become a Decimal
    with the currency's digits (``Money.digits``), never a float. ``sign=True`` writes a ``+``
    before a gain, as a settlement shows who is up (``"+9,50 kr"``).
    """
    amount = money.to_decimal(minor)
    figures = _figures(language)
    figure = _digits(amount, money.digits, language)
    if money.currency:
        symbol = figures["symbols"].get(money.currency, money.currency)
        before, after = figures["currency_sides"]
        figure = before.replace("¤", symbol) + figure + after.replace("¤", symbol)
        figure = _LETTERS_THEN_DIGIT.sub("\u00a0", figure)
        figure = _DIGIT_THEN_LETTERS.sub("\u00a0", figure)
    if amount < 0:
        figure = MINUS + figure
    elif sign and minor > 0:
        figure = "+" + figure
    return _clean(figure)


def number(value: int | Decimal, language: str) -> str:
    """A count, score or unit value as the language writes it: ``-1 234`` (sv), ``-1.234`` (de),
    ``-1,234`` (en). A Decimal keeps exactly the digits it has: ``Decimal("0.50")`` is ``0,50``
    in sv and ``0.50`` in en, never rounded and never through a float."""
    if isinstance(value, Decimal) and not value.is_finite():
        return str(value)  # no table counts to infinity; say it plainly rather than fail
    digits = max(0, -int(value.as_tuple().exponent)) if isinstance(value, Decimal) else 0
    figure = _clean(_digits(Decimal(value), digits, language))
    return MINUS + figure if value < 0 else figure


def parse_number(typed: str, language: str) -> Decimal | None:
    """A number as a person of ``language`` types it: ``0,50`` in sv, de and fr, ``0.50`` in
    en, with or without the thousands' grouping (``1 234,50``, ``1.234,50``, ``1,234.50``).
    None for anything else, including a grouping in the wrong place (``1,5`` in English), so
    a slip is refused in words rather than read as another number."""
    figures = _figures(language)
    group, point = _clean(figures["group"]), figures["decimal"]
    cleaned = typed.strip().replace("\u2212", MINUS)
    if group.isspace():
        # Swedish and French group with a no-break space, which nobody types: a space is one.
        cleaned = re.sub(r"\s", group, cleaned)
    if not cleaned or _NOT_TYPED_IN_A_NUMBER.search(cleaned):
        return None  # letters: "abc", but also "1e5" and "NaN", which no one means at a table
    whole, marked, fraction = cleaned.removeprefix(MINUS).partition(point)
    if marked and not (whole[-1:].isdigit() and fraction[:1].isdigit()):
        return None  # "5." and ".5": a point with no digit on one side is a slip, not money
    try:
        read = Decimal(cleaned.replace(group, "").replace(point, "."))
    except InvalidOperation:
        return None
    if group in cleaned and _trimmed(cleaned, point) != _trimmed(number(read, language), point):
        return None  # grouped, but not where the language groups: a slip, not a number
    return read


def _trimmed(figure: str, point: str) -> str:
    """``figure`` without the zeros that end its fraction (and its decimal sign, if only they
    followed it): how a grouped number is compared with the language's own writing."""
    whole, _, fraction = figure.partition(point)
    fraction = fraction.rstrip("0")
    return f"{whole}{point}{fraction}" if fraction else whole


def date(day: datetime.date, language: str) -> str:
    """A day as the language writes it in a heading: ``21 nov. 2026`` (sv), ``21.11.2026`` (de),
    ``21 Nov 2026`` (en)."""
    figures = _figures(language)
    parts = []
    for field in _DATE_FIELD.findall(figures["date"]):
        letter, width = field[0], len(field)
        if letter == "d":
            parts.append(f"{day.day:0{width}d}")
        elif letter == "M":
            parts.append(figures["months"][day.month - 1] if width >= 3
                         else f"{day.month:0{width}d}")
        elif letter == "y":
            parts.append(f"{day.year % 100:02d}" if width == 2 else f"{day.year:0{width}d}")
        else:
            parts.append(field.strip("'") if field.startswith("'") else field)
    return _clean("".join(parts))


def date_held(day: datetime.date, language: str) -> str:
    """``date`` as one piece: a line that wraps never breaks inside it (a card's heading
    read "Soirée Mattmar · 3" over "déc. 2026")."""
    return date(day, language).replace(" ", "\u00a0")


def join(items: list[str], language: str) -> str:
    """``a, b och c`` (sv), ``a, b und c`` (de), ``a, b and c`` (en); one item as it is."""
    lists = _figures(language)["lists"]
    if len(items) < 2:
        return items[0] if items else ""
    if len(items) == 2:
        return lists["2"].format(*items)
    joined = lists["start"].format(items[0], items[1])
    for item in items[2:-1]:
        joined = lists["middle"].format(joined, item)
    return lists["end"].format(joined, items[-1])


def figures_held(said: str) -> str:
    """``said`` as a screen lays it out: each figure held to the word before it by a no-break
    space, so that a line broken there never leaves the figure alone at the start of the
    next ("måste spela eller betala / 5", "les mises de la partie / 2")."""
    return _BEFORE_A_FIGURE.sub("\u00a0", said)
