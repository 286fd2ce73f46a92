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

from scorekeeper.core.currencies import MINOR_DIGITS
from scorekeeper.core.table import Money, make_money
from scorekeeper.i18n import date, join, money, number, parse_number
from scorekeeper.i18n.figures import figures_held

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


def test_writing_figures_and_words_does_not_load_babel():
    # Babel's locale data would cost a served page about 5 MB: the app writes its figures from
    # the few symbols and patterns kept in scorekeeper/i18n/cldr.py, and reads its catalogues
    # with Python's gettext.
    probe = ("import sys, datetime; from decimal import Decimal;"
             "from scorekeeper.i18n import money, number, date, join, parse_number, own_name, text;"
             "from scorekeeper.core.table import make_money;"
             "[(money(-2800, make_money('0.50', 'SEK'), l), number(Decimal('0.50'), l),"
             " date(datetime.date(2026, 11, 21), l), join(['a', 'b', 'c'], l),"
             " parse_number('1 234,50', l), own_name(l), text('ui.show_all_sessions', l, count=2))"
             " for l in ('sv', 'de', 'en', 'fr')];"
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



@pytest.mark.parametrize(("said", "shown"), [
    # Issue 63: a row's duty broke as "måste spela eller betala" / "5".
    ("måste spela eller betala 5", f"måste spela eller betala{NBSP}5"),
    ("Pot : 4 avec les mises de la partie 2", f"Pot :{NBSP}4 avec les mises de la partie{NBSP}2"),
    # An amount's sign and currency go with its digits, and it with the word before it.
    (f"Astrid pays Dag -SEK{NBSP}3.50", f"Astrid pays Dag{NBSP}-SEK{NBSP}3.50"),
    ("Dag owes €5.00", f"Dag owes{NBSP}€5.00"),
    (f"Dag ska betala 7,50{NBSP}kr", f"Dag ska betala{NBSP}7,50{NBSP}kr"),
    # A figure that starts the line or a list's item, or words without one, are as they were.
    ("Astrid +9 · 3. Cilla", f"Astrid{NBSP}+9 · 3. Cilla"),
    ("Bengt: 2 Abende, 1 Flug", f"Bengt:{NBSP}2 Abende, 1 Flug"),
    ("2 stick kvar att fördela", "2 stick kvar att fördela"),
    ("Someone joins", "Someone joins"),
])
def test_a_figure_on_a_screen_keeps_the_word_before_it(said, shown):
    assert figures_held(said) == shown

def test_french_writes_money_with_a_decimal_comma_and_the_euro_after():
    assert money(-1350, EUR, "fr") == f"-13,50{NBSP}€"
    assert money(-123450, EUR, "fr") == f"-1{NBSP}234,50{NBSP}€"


def test_french_writes_the_day_before_the_month():
    assert date(datetime.date(2026, 11, 21), "fr") == "21 nov. 2026"


# --- every figure as CLDR writes it: held to Babel's own formatting of CLDR's data ---

LOCALE_OF = {"sv": "sv_SE", "de": "de_DE", "en": "en_GB", "fr": "fr_FR"}
AMOUNTS = (-123456789, -2800, -5, 0, 5, 950, 100000, 123456)


def babels_money(minor: int, table: Money, language: str) -> str:
    """What Babel writes for the amount, with the app's two choices (the hyphen-minus, the
    no-break space) and CLDR's currency spacing applied as figures.py documents them."""
    import re

    from babel import Locale
    from babel.numbers import format_currency

    where = Locale.parse(LOCALE_OF[language])
    digits = table.digits
    pattern = re.sub(r"0(?:\.[0#]+)?", "0." + "0" * digits if digits else "0",
                     where.currency_formats["standard"].pattern)
    figure = format_currency(table.to_decimal(minor), table.currency, format=pattern,
                             locale=where, currency_digits=False)
    figure = figure.translate(str.maketrans({"\u2212": "-", "\u202f": NBSP}))
    figure = re.sub(r"(?<=[^\W\d_])(?=\d)", NBSP, figure)
    return re.sub(r"(?<=\d)(?=[^\W\d_])", NBSP, figure)


@pytest.mark.parametrize("language", sorted(LOCALE_OF))
def test_every_currency_is_written_as_cldr_writes_it(language):
    for code, digits in sorted(MINOR_DIGITS.items()):
        table = Money(Decimal(1).scaleb(-digits), code)
        for minor in AMOUNTS:
            assert money(minor, table, language) == babels_money(minor, table, language), (
                code, minor)


@pytest.mark.parametrize("language", sorted(LOCALE_OF))
def test_every_number_is_written_as_cldr_writes_it(language):
    from babel import Locale
    from babel.numbers import format_decimal

    where = Locale.parse(LOCALE_OF[language])
    for value in (0, 7, -7, 999, 1000, -1234, 1234567, Decimal("0.50"), Decimal("-1234.5"),
                  Decimal("1234567.125"), Decimal("10")):
        digits = max(0, -int(value.as_tuple().exponent)) if isinstance(value, Decimal) else 0
        expected = format_decimal(value, format="#,##0." + "0" * digits if digits else "#,##0",
                                  locale=where)
        assert number(value, language) == expected.replace("\u2212", "-").replace(
            "\u202f", NBSP), value


@pytest.mark.parametrize("language", sorted(LOCALE_OF))
def test_every_month_and_day_is_written_as_cldr_writes_it(language):
    from babel import Locale
    from babel.dates import format_date

    where = Locale.parse(LOCALE_OF[language])
    for month in range(1, 13):
        for day_of_month in (1, 9, 21, 30 if month != 2 else 28):
            day = datetime.date(2026, month, day_of_month)
            assert date(day, language) == format_date(day, "medium", locale=where).replace(
                "\u202f", NBSP), day


@pytest.mark.parametrize("language", sorted(LOCALE_OF))
def test_every_list_is_joined_as_cldr_joins_it(language):
    from babel import Locale
    from babel.lists import format_list

    names = ["Astrid", "Bengt", "Cilla", "Dag", "Erik"]
    for count in range(1, 6):
        assert join(names[:count], language) == format_list(
            names[:count], locale=Locale.parse(LOCALE_OF[language]))


def test_the_cldr_the_app_keeps_is_what_babel_has_now():
    from tests.cldr_figures import MODULE, module_text

    assert MODULE.read_text(encoding="utf-8") == module_text(), (
        "run python -m tests.cldr_figures")


@pytest.mark.parametrize(("typed", "language", "number"), [
    ("-1 234,50", "sv", "-1234.50"),  # a loss typed with the grouping, as it is written
    ("1 234 567", "fr", "1234567"), ("12.345.678,9", "de", "12345678.9"),
    ("1,234,567.10", "en", "1234567.10"),
])
def test_a_grouped_number_is_read_whole(typed, language, number):
    assert parse_number(typed, language) == Decimal(number)


@pytest.mark.parametrize(("typed", "language"), [
    ("1 23,50", "sv"), ("12.34", "de"), ("1,2345", "en"), ("1,234,56", "en"),
])
def test_a_grouping_out_of_place_is_no_number(typed, language):
    assert parse_number(typed, language) is None
