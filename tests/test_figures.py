"""Money, numbers, dates and lists as each language writes them (scorekeeper/i18n/figures.py).

Every figure is worked out by hand from CLDR's patterns for sv_SE, de_DE and en_GB; NBSP is the
no-break space the locales put between a figure and its currency and between thousands.
"""

from __future__ import annotations

import datetime
import subprocess
import sys
from decimal import Decimal

import pytest

from scorekeeper.core.table import Money, make_money
from scorekeeper.i18n import date, join, money, number, parse_number

NBSP = "\u00a0"
SEK, EUR, CHF = (make_money("0.50", c) for c in ("SEK", "EUR", "CHF"))
JPY = make_money(10, "JPY")
NO_CURRENCY = make_money("0.50")
LANGUAGES = ("sv", "de", "en")


@pytest.mark.parametrize(("language", "table", "expected"), [
    ("sv", SEK, f"-28,00{NBSP}kr"),
    ("de", EUR, f"-28,00{NBSP}€"),
    ("en", EUR, "-€28.00"),
    ("en", SEK, f"-SEK{NBSP}28.00"),  # a code made of letters keeps a space from the digits
    ("de", SEK, f"-28,00{NBSP}SEK"),
    ("de", CHF, f"-28,00{NBSP}CHF"),  # de_DE for every German table, francs too
])
def test_a_loss_of_28_in_the_languages_own_style(language, table, expected):
    assert money(-2800, table, language) == expected


@pytest.mark.parametrize(("language", "expected"), [
    ("sv", "-28,00"), ("de", "-28,00"), ("en", "-28.00"),
])
def test_a_table_without_a_currency_shows_the_bare_figure(language, expected):
    assert money(-2800, NO_CURRENCY, language) == expected


@pytest.mark.parametrize(("language", "expected"), [
    ("sv", f"-2{NBSP}800{NBSP}JPY"), ("de", f"-2.800{NBSP}¥"), ("en", "-JP¥2,800"),
])
def test_a_currency_without_cents_shows_no_decimals(language, expected):
    assert money(-2800, JPY, language) == expected


@pytest.mark.parametrize(("language", "expected"), [
    ("sv", f"12{NBSP}345{NBSP}678{NBSP}901{NBSP}234{NBSP}567,89{NBSP}kr"),
    ("de", f"12.345.678.901.234.567,89{NBSP}SEK"),
    ("en", f"SEK{NBSP}12,345,678,901,234,567.89"),
])
def test_money_is_exact_beyond_what_a_float_can_hold(language, expected):
    # 2**53 is about 9.0e15: a float would already have lost the last öre here.
    assert money(1_234_567_890_123_456_789, SEK, language) == expected


def test_the_worked_example_settles_in_kronor():
    # RULES.md: A -13.50, B -6.00, C +9.50, D +10.00 at 0.50 a unit.
    figures = [money(minor, SEK, "sv", sign=True) for minor in (-1350, -600, 950, 1000)]
    assert figures == [f"-13,50{NBSP}kr", f"-6,00{NBSP}kr", f"+9,50{NBSP}kr", f"+10,00{NBSP}kr"]


def test_nothing_won_or_lost_has_no_sign():
    assert money(0, SEK, "sv", sign=True) == f"0,00{NBSP}kr"
    assert money(0, EUR, "en", sign=True) == "€0.00"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("table", [SEK, EUR, CHF, JPY, NO_CURRENCY, make_money(1, "GBP")])
def test_the_minus_is_the_hyphen_minus_in_every_language(language, table):
    loss = money(-123456, table, language)
    assert loss.startswith("-")
    assert "\u2212" not in loss
    assert "\u202f" not in loss
    assert number(-123456, language).startswith("-")


@pytest.mark.parametrize(("language", "expected"), [
    ("sv", f"-1{NBSP}234"), ("de", "-1.234"), ("en", "-1,234"),
])
def test_a_whole_number_in_the_languages_style(language, expected):
    assert number(-1234, language) == expected


@pytest.mark.parametrize(("language", "expected"), [
    ("sv", "0,50"), ("de", "0,50"), ("en", "0.50"),
])
def test_a_unit_value_keeps_exactly_its_digits(language, expected):
    assert number(Decimal("0.50"), language) == expected


@pytest.mark.parametrize(("language", "expected"), [
    ("sv", "21 nov. 2026"), ("de", "21.11.2026"), ("en", "21 Nov 2026"),
])
def test_a_day_in_the_languages_style(language, expected):
    assert date(datetime.date(2026, 11, 21), language) == expected


@pytest.mark.parametrize(("language", "expected"), [
    ("sv", "Astrid, Bengt och Cilla"), ("de", "Astrid, Bengt und Cilla"),
    ("en", "Astrid, Bengt and Cilla"),
])
def test_a_list_of_names_in_the_languages_style(language, expected):
    assert join(["Astrid", "Bengt", "Cilla"], language) == expected


def test_a_language_we_do_not_have_writes_english():
    assert money(-2800, EUR, "fi") == "-€28.00"


def test_money_takes_the_tables_digits_not_the_locales():
    # The table counts in its own minor unit (Money.digits); the locale never re-rounds it.
    assert money(-5, Money(Decimal(1), "SEK"), "sv") == f"-0,05{NBSP}kr"


def test_importing_the_translation_layer_does_not_load_babel():
    # The CLI and the app import scorekeeper.i18n at start-up; Babel loads on the first figure.
    probe = ("import sys, scorekeeper.i18n, scorekeeper.i18n.figures, scorekeeper.i18n.catalogues;"
             "print(sorted(m for m in sys.modules if m.split('.')[0] == 'babel'))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"


@pytest.mark.parametrize(("typed", "language", "number"), [
    ("0,50", "sv", "0.50"), ("0,50", "de", "0.50"), ("0,50", "fr", "0.50"),
    ("0.50", "en", "0.50"), ("1 234,50", "sv", "1234.50"), ("1 234,50", "fr", "1234.50"),
    ("1.234,50", "de", "1234.50"), ("1,234.50", "en", "1234.50"), (" 2 ", "en", "2"),
    ("-3", "sv", "-3"), ("\u22123", "de", "-3"),
])
def test_a_number_is_read_as_the_language_writes_it(typed, language, number):
    read = parse_number(typed, language)
    assert read == Decimal(number)
    assert str(read) == number  # the digits as typed: "0,50" keeps its zero


@pytest.mark.parametrize(("typed", "language"), [
    ("0,50", "en"),  # a thousands' comma in the wrong place: not fifty, not a half
    ("1.234,50", "en"), ("1,234.50", "de"), ("abc", "sv"), ("", "fr"), ("  ", "de"),
    ("1e5", "en"), ("NaN", "en"), ("Infinity", "sv"),
])
def test_what_is_no_number_in_the_language_is_none(typed, language):
    assert parse_number(typed, language) is None


def test_french_writes_money_with_a_decimal_comma_and_the_euro_after():
    assert money(-1350, EUR, "fr") == f"-13,50{NBSP}€"
    assert money(-123450, EUR, "fr") == f"-1{NBSP}234,50{NBSP}€"


def test_french_writes_the_day_before_the_month():
    assert date(datetime.date(2026, 11, 21), "fr") == "21 nov. 2026"
