"""Money, numbers, dates and lists as each language writes them (Babel, CLDR data).

Two choices hold for every language, so that an amount reads, copies and searches one way:
- The minus sign is the ASCII hyphen-minus ``-`` (U+002D), never U+2212: it is what the app's
  scores (``+5``, ``-10``) and the ledger already print, what anyone types on any keyboard when
  searching a page or a chat, what a spreadsheet parses on paste, and what the browser tests type.
  Babel mostly emits it already; any U+2212 from the locale data is turned into it.
- The space inside an amount (``-28,00 kr``, ``1 234``) stays the no-break space (U+00A0) the
  locale gives, so a figure never breaks across two lines on a phone. A narrow no-break space
  (U+202F) becomes a plain no-break space: every font the app and the PDF use has that.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

from scorekeeper.core.table import Money
from scorekeeper.i18n.locales import locale

MINUS = "-"
_SPACES = str.maketrans({"\u2212": MINUS, "\u202f": "\u00a0"})
# CLDR's currency spacing, which Babel leaves out: a symbol made of letters keeps a space from
# the digits ("SEK 28.00", not "SEK28.00"); "€28.00" and "28,00 kr" are left as they are.
_LETTERS_THEN_DIGIT = re.compile(r"(?<=[^\W\d_])(?=\d)")
_DIGIT_THEN_LETTERS = re.compile(r"(?<=\d)(?=[^\W\d_])")
# The figure part of a CLDR pattern: "0.00" in "#,##0.00 ¤", "0.###" in "#,##0.###".
_FRACTION = re.compile(r"0(?:\.[0#]+)?")
_NOT_TYPED_IN_A_NUMBER = re.compile(r"[^\d\s.,'’+-]")


def _clean(figure: str) -> str:
    return figure.translate(_SPACES)


def _with_digits(pattern: str, digits: int) -> str:
    """A CLDR number pattern (``#,##0.00 ¤``) with exactly ``digits`` after the decimal sign:
    the currency's minor unit (ISO 4217, not CLDR's cash rounding), or the figure's own."""
    return _FRACTION.sub("0." + "0" * digits if digits else "0", pattern)


def money(minor: int, money: Money, language: str, *, sign: bool = False) -> str:
    """``minor`` (öre, cents) as the language writes an amount of the table's currency.

    ``money(-2800, Money(Decimal(1), "SEK"), "sv")`` is ``"-28,00 kr"``; ``"de"`` with EUR is
    ``"-28,00 €"``; ``"en"`` with SEK is ``"-SEK 28.00"``. A table without a currency gets the
    bare figure in the language's style (``"-28,00"``). Exact: the minor units become a Decimal
    with the currency's digits (``Money.digits``), never a float. ``sign=True`` writes a ``+``
    before a gain, as a settlement shows who is up (``"+9,50 kr"``).
    """
    from babel.numbers import format_currency, format_decimal

    amount = money.to_decimal(minor)
    where = locale(language)
    if money.currency:
        pattern = _with_digits(where.currency_formats["standard"].pattern, money.digits)
        figure = format_currency(amount, money.currency, format=pattern, locale=where,
                                 currency_digits=False)
        figure = _LETTERS_THEN_DIGIT.sub("\u00a0", _clean(figure))
        figure = _DIGIT_THEN_LETTERS.sub("\u00a0", figure)
    else:
        pattern = _with_digits(where.decimal_formats[None].pattern, money.digits)
        figure = _clean(format_decimal(amount, format=pattern, locale=where))
    if sign and minor > 0:
        figure = "+" + figure
    return figure


def number(value: int | Decimal, language: str) -> str:
    """A count, score or unit value as the language writes it: ``-1 234`` (sv), ``-1.234`` (de),
    ``-1,234`` (en). A Decimal keeps exactly the digits it has: ``Decimal("0.50")`` is ``0,50``
    in sv and ``0.50`` in en, never rounded and never through a float."""
    from babel.numbers import format_decimal

    if isinstance(value, Decimal) and not value.is_finite():
        return str(value)  # no table counts to infinity; say it plainly rather than fail
    where = locale(language)
    digits = max(0, -int(value.as_tuple().exponent)) if isinstance(value, Decimal) else 0
    pattern = _with_digits(where.decimal_formats[None].pattern, digits)
    return _clean(format_decimal(value, format=pattern, locale=where))


def parse_number(typed: str, language: str) -> Decimal | None:
    """A number as a person of ``language`` types it: ``0,50`` in sv, de and fr, ``0.50`` in
    en, with or without the thousands' grouping (``1 234,50``, ``1.234,50``, ``1,234.50``).
    None for anything else, including a grouping in the wrong place (``1,5`` in English), so
    a slip is refused in words rather than read as another number."""
    from babel.numbers import NumberFormatError, get_group_symbol, parse_decimal

    where = locale(language)
    cleaned = typed.strip().replace("\u2212", MINUS)
    group = get_group_symbol(locale=where)
    if group.isspace():
        # Swedish and French group with a no-break space, which nobody types: a space is one.
        cleaned = re.sub(r"\s", group, cleaned)
    if not cleaned or _NOT_TYPED_IN_A_NUMBER.search(cleaned):
        return None  # letters: "abc", but also "1e5" and "NaN", which no one means at a table
    try:
        return parse_decimal(cleaned, locale=where, strict=True)
    except (NumberFormatError, ValueError, ArithmeticError):
        return None


def date(day: datetime.date, language: str) -> str:
    """A day as the language writes it in a heading: ``21 nov. 2026`` (sv), ``21.11.2026`` (de),
    ``21 Nov 2026`` (en)."""
    from babel.dates import format_date

    return _clean(format_date(day, "medium", locale=locale(language)))


def join(items: list[str], language: str) -> str:
    """``a, b och c`` (sv), ``a, b und c`` (de), ``a, b and c`` (en); one item as it is."""
    from babel.lists import format_list

    return format_list(list(items), locale=locale(language)) if items else ""
