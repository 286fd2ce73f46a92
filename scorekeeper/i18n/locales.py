"""Which Babel locale speaks for each language, loaded only when a figure is first formatted.

One locale per language, whatever the table's currency, so a language always reads the same:
- ``sv`` -> ``sv_SE``: ``-1 234,50 kr``, ``21 nov. 2026``.
- ``de`` -> ``de_DE``: ``-1.234,50 €``; a Swiss table playing in francs reads ``-1.234,50 CHF``
  (de_CH's ``CHF-1’234.50`` would make German read two ways).
- ``fr`` -> ``fr_FR``: ``-13,50 €``, ``21 nov. 2026``.
- ``en`` -> ``en_GB``: ``-€1,234.50``, ``-SEK 28.00``, ``21 Nov 2026``: day before month, as
  the European tables that play Rams write it (en_US would give ``Nov 21, 2026``).
"""

from __future__ import annotations

import os
import pickle
import tempfile
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel import Locale

LOCALES: dict[str, str] = {"sv": "sv_SE", "de": "de_DE", "en": "en_GB", "fr": "fr_FR"}
FALLBACK = "en"


@cache
def locale(language: str) -> Locale:
    """The Babel locale for ``language`` (English for one we do not have).

    Babel is imported here, not at the top: the CLI and the app import the translation layer
    at start-up, and most of their messages need no locale at all.
    """
    unpack_babel_data_if_zipped()
    from babel import Locale

    return Locale.parse(LOCALES.get(language, LOCALES[FALLBACK]))


# The locales the languages reach (their own, their parents, and CLDR's root).
NEEDED = ("root", "sv", "de", "en", "fr")


@cache
def unpack_babel_data_if_zipped() -> None:
    """Babel reads its CLDR data with open(); a built phone app may keep site-packages in a
    zip, where that fails. Then the data the languages need is unpacked once into a
    folder of its own and Babel pointed at it."""
    import babel
    import babel.core
    import babel.localedata

    if os.path.isdir(babel.localedata._dirname):
        return  # an ordinary install: nothing to do
    package = resources.files(babel)
    folder = os.path.join(tempfile.gettempdir(), f"scorekeeper-babel-{babel.__version__}")
    os.makedirs(folder, exist_ok=True)
    for data in (package / "locale-data").iterdir():
        stem = data.name.removesuffix(".dat")
        if stem.split("_")[0] in NEEDED and not os.path.exists(os.path.join(folder, data.name)):
            with open(os.path.join(folder, data.name), "wb") as out:
                out.write(data.read_bytes())
    babel.localedata._dirname = folder
    # global.dat is found next to babel/core.py only; it is Babel's own pickled data.
    babel.core._global_data = pickle.loads((package / "global.dat").read_bytes())


def own_name(language: str) -> str:
    """A language as it names itself, for the language setting: "Svenska", "Français"."""
    name = locale(language).get_language_name(locale(language)) or language
    return name[:1].upper() + name[1:]
