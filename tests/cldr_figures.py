"""Writes ``scorekeeper/i18n/cldr.py``: what the app needs of CLDR to write figures in its
languages, taken from Babel's copy of CLDR. The app then formats money, numbers, days and
lists from those few symbols and patterns alone (``scorekeeper/i18n/figures.py``), without
loading Babel's locale data at run time (about 5 MB of a served page, measured).

Run ``python -m tests.cldr_figures`` after upgrading Babel; ``tests/test_figures.py`` fails
while the module is not what this writes, and holds every figure to Babel's own.
"""

from __future__ import annotations

import pprint
from pathlib import Path

from babel import Locale, __version__

from scorekeeper.core.currencies import MINOR_DIGITS
from scorekeeper.i18n.locales import LOCALES

MODULE = Path(__file__).parents[1] / "scorekeeper" / "i18n" / "cldr.py"


def _sides(pattern: str) -> tuple[str, str]:
    """The text before and after the figure of a one-part CLDR pattern ("¤#,##0.00")."""
    start = min(pattern.index(c) for c in "#0")
    end = max(pattern.rindex(c) for c in "#0") + 1
    return pattern[:start], pattern[end:]


def figures_of(language: str) -> dict[str, object]:
    where = Locale.parse(LOCALES[language])
    symbols = where.number_symbols["latn"]
    currency = where.currency_formats["standard"]
    decimal = where.decimal_formats[None]
    # The app's figures rest on these holding for each language: grouping by threes, the
    # minus before the whole, no pattern of its own for a loss.
    assert currency.grouping == decimal.grouping == (3, 3), language
    assert ";" not in currency.pattern, language
    assert ";" not in decimal.pattern, language
    assert _sides(decimal.pattern) == ("", ""), language
    lists = where.list_patterns["standard"]
    name = where.get_language_name(where) or language
    return {
        "decimal": symbols["decimal"],
        "group": symbols["group"],
        "currency_sides": _sides(currency.pattern),
        "symbols": {code: where.currency_symbols.get(code, code)
                    for code in sorted(MINOR_DIGITS)
                    if where.currency_symbols.get(code, code) != code},
        "date": where.date_formats["medium"].pattern,
        "months": tuple(where.months["format"]["abbreviated"][m] for m in range(1, 13)),
        "lists": {part: lists[part] for part in ("start", "middle", "end", "2")},
        "name": name[:1].upper() + name[1:],
    }


def module_text() -> str:
    data = {language: figures_of(language) for language in sorted(LOCALES)}
    return (
        f'"""What the app needs of CLDR to write figures ({", ".join(sorted(LOCALES.values()))}'
        f'),\nfrom Babel {__version__}. Written by ``python -m tests.cldr_figures``; '
        'not edited by hand."""\n\n'
        f"FIGURES = {pprint.pformat(data, width=96, sort_dicts=True)}\n"
    )


if __name__ == "__main__":
    MODULE.write_text(module_text(), encoding="utf-8")
    print(f"wrote {MODULE}")
