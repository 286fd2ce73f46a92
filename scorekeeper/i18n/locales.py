"""Which CLDR locale speaks for each language.

One locale per language, whatever the table's currency, so a language always reads the same:
- ``sv`` -> ``sv_SE``: ``-1 234,50 kr``, ``21 nov. 2026``.
- ``de`` -> ``de_DE``: ``-1.234,50 €``; a Swiss table playing in francs reads ``-1.234,50 CHF``
  (de_CH's ``CHF-1’234.50`` would make German read two ways).
- ``fr`` -> ``fr_FR``: ``-13,50 €``, ``21 nov. 2026``.
- ``en`` -> ``en_GB``: ``-€1,234.50``, ``-SEK 28.00``, ``21 Nov 2026``: day before month, as
  the European tables that play Rams write it (en_US would give ``Nov 21, 2026``).

What the app needs of each (its symbols, patterns, month names and own name) is kept in
``cldr.py``, taken from Babel's copy of CLDR by ``tests/cldr_figures.py``.
"""

from __future__ import annotations

LOCALES: dict[str, str] = {"sv": "sv_SE", "de": "de_DE", "en": "en_GB", "fr": "fr_FR"}
FALLBACK = "en"


def own_name(language: str) -> str:
    """A language as it names itself, for the language setting: "Svenska", "Français"."""
    from scorekeeper.i18n.cldr import FIGURES

    return str(FIGURES[language]["name"]) if language in FIGURES else language
