"""The files Scorekeeper ships inside its package, in scorekeeper/assets: the fonts, the icon.

They are found through ``importlib.resources``, so an ordinary install (a wheel), an
editable one and an app built with ``flet build`` all find them. Flet and fpdf2 both
want real files, which every one of those has: the package is never run from a zip.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def assets_dir() -> Path:
    """The folder holding ``fonts/`` and ``icon.png``: Flet's ``assets_dir``. Only data:
    whatever is in it, a browser may fetch."""
    root = resources.files("scorekeeper") / "assets"
    if not isinstance(root, Path):  # e.g. imported from a zip: no file to hand to fpdf2
        raise RuntimeError(f"scorekeeper's assets are not files on disk: {root}")
    return root


def font_file(name: str) -> Path:
    """One of the bundled fonts (``fonts/README.md`` says which and under what licence)."""
    return assets_dir() / "fonts" / name
