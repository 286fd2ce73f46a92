"""Which Babel locale speaks for each language, loaded only when a figure is first formatted.

One locale per language, whatever the table's currency, so a language always reads the same:
- ``sv`` -> ``sv_SE``: ``-1 234,50 kr``, ``21 nov. 2026``.
- ``de`` -> ``de_DE``: ``-1.234,50 €``; a Swiss table playing in francs reads ``-1.234,50 CHF``
  (de_CH's ``CHF-1’234.50`` would make German read two ways).
- ``en`` -> ``en_GB``: ``-€1,234.50``, ``-SEK 28.00``, ``21 Nov 2026``: day before month, as
  the European tables that play Rams write it (en_US would give ``Nov 21, 2026``).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel import Locale

LOCALES: dict[str, str] = {"sv": "sv_SE", "de": "de_DE", "en": "en_GB"}
FALLBACK = "en"


@cache
def locale(language: str) -> Locale:
    """The Babel locale for ``language`` (English for one we do not have).

    Babel is imported here, not at the top: the CLI and the app import the translation layer
    at start-up, and most of their messages need no locale at all.
    """
    from babel import Locale

    return Locale.parse(LOCALES.get(language, LOCALES[FALLBACK]))
