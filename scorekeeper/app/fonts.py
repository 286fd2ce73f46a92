"""The fonts the app draws with, shipped in the package (scorekeeper/assets/fonts).

Flutter's own fallback fetches Noto fonts from a CDN; served with no CDN (a cabin with no
network), it has none, and suits, emoji and names in other scripts come out as empty
boxes. So the page loads these fonts itself and every text style falls back through them:

    page.fonts = page_fonts(page.web)
    page.theme = theme(color_scheme_seed=FELT)        # and page.dark_theme likewise

The assets folder the app must serve (``ft.run(..., assets_dir=...)``) is ``ASSETS``.
"""

from __future__ import annotations

import functools
from typing import Any

import flet as ft

from scorekeeper.resources import assets_dir

ASSETS = assets_dir()
FAMILY = "DejaVu Sans"  # Latin, Greek, Cyrillic, Hebrew, Arabic, ♠♥♦♣, → and ×
# Tried in this order for what DejaVu lacks (fonts/README.md says what each covers).
FALLBACK = ["Noto Sans Thai", "Symbola Emoji", "Droid Sans Fallback"]
# Family -> file, relative to ASSETS: the form ``page.fonts`` takes in a browser.
FONTS: dict[str, str] = {
    FAMILY: "fonts/DejaVuSans.ttf",
    "Noto Sans Thai": "fonts/NotoSansThai-Regular.ttf",
    "Symbola Emoji": "fonts/SymbolaEmoji.ttf",
    "Droid Sans Fallback": "fonts/DroidSansFallback.ttf",
}
# Every style of Material's type scale: ft.Theme has no fallback of its own, its styles do.
STYLES = ("display", "headline", "title", "body", "label")
SIZES = ("large", "medium", "small")


@functools.cache  # the same dict on every redraw: the page's diff skips it
def page_fonts(web: bool, fallbacks: bool = True) -> dict[str, str]:
    """``page.fonts``: paths the browser fetches from ASSETS on the web; on a desktop window
    or a built app the files themselves (a built app looks up relative paths in its own
    top-level assets folder, which holds only the icon). Without ``fallbacks``, the main
    family alone: the fallbacks weigh six times as much, and the browser loads every
    font it is given before it draws the page."""
    chosen = {family: path for family, path in FONTS.items() if fallbacks or family == FAMILY}
    if web:
        return chosen
    return {family: str(ASSETS / path) for family, path in chosen.items()}


def text_theme(color: str | None = None) -> ft.TextTheme:
    """Every text style in FAMILY, falling back through FALLBACK, in ``color``. A style
    given here replaces the theme's own, colour included: without one, text is black,
    on a dark theme too."""
    style = ft.TextStyle(font_family=FAMILY, font_family_fallback=list(FALLBACK), color=color)
    return ft.TextTheme(**{f"{kind}_{size}": style for kind in STYLES for size in SIZES})


def theme(text_color: str | None = None, **settings: Any) -> ft.Theme:
    """``ft.Theme(**settings)`` drawn in the bundled fonts, text in ``text_color``."""
    return ft.Theme(font_family=FAMILY, text_theme=text_theme(text_color), **settings)


@functools.cache
def _bold_advances() -> tuple[dict[int, int], int]:
    """DejaVu Sans Bold's advance per character, and its units per em (read once)."""
    from fontTools.ttLib import TTFont  # the app's dependency, for this alone: loaded late

    font = TTFont(str(ASSETS / "fonts" / "DejaVuSans-Bold.ttf"), lazy=True)
    advances = font["hmtx"]
    return ({code: advances[glyph][0] for code, glyph in font.getBestCmap().items()},
            font["head"].unitsPerEm)


def widest_drawn(text: str, size: float) -> float:
    """How wide ``text`` is drawn on one line at ``size`` px at the most: in DejaVu Sans
    Bold (the browser's bold of FAMILY is no wider), without kerning, a character it lacks
    an em wide. What a column must hold for its words never to run into the next's."""
    advances, em = _bold_advances()
    return sum(advances.get(ord(character), em) for character in text) * size / em
