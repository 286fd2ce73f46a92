"""The message a transfer carries: the game and the session, "Rams, Friday at the cabin";
on a group's tab, the tab and the group, "Running tab, Friday group"."""

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


def tab_message(group: str, language: str = "en") -> str:
    """A transfer of a group's running tab: "Running tab, Friday group" in ``language``
    (never empty, whatever script the group's name is in: each format spells it)."""
    return text("payments.tab_message", language, group=" ".join(group.split()))
