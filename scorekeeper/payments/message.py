"""The message a transfer carries: the game and the session, "Rams, Friday at the cabin"."""

from __future__ import annotations

from scorekeeper.i18n import text


def transfer_message(variant: str, session_name: str, language: str = "en") -> str:
    """The game's name in ``language`` and the session's name, comma-separated.

    Deterministic, and plain enough for every format: each format's builder folds it
    to the characters it allows and cuts it to its length (Swish 50, SEPA 140).
    """
    game = text(f"variant.{variant}", language)
    name = " ".join(session_name.split())
    return f"{game}, {name}" if name and name != variant else game
