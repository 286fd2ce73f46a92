"""A character no shipped font draws, spelled in Latin letters: the PDF and the result
card print a name in any script, and a box or a gap would make it someone else."""

from __future__ import annotations

import unicodedata


def spelled(character: str) -> str:
    """``character`` in Latin letters ("अ" is "a"); a box for a sign that has none (a
    private-use one), nothing for a mark that only changes its letter (a virama)."""
    from anyascii import anyascii  # needed only for scripts no shipped font draws

    mark = unicodedata.category(character)[0] == "M"
    return anyascii(character) or ("" if mark else "\u25a1")
