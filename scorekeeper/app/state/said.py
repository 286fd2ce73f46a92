"""What the app says to the person: a notice shown once, why the last thing asked was
refused, and whether the club's database is away."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

import flet as ft

from scorekeeper.app.roles import NotAllowedError
from scorekeeper.core import RuleError
from scorekeeper.i18n import describe, sentence, shown, text
from scorekeeper.i18n import refusal as refusal_text
from scorekeeper.i18n.figures import figures_held
from scorekeeper.session import ConflictError, StoreError

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from scorekeeper.app.state.prefs import Prefs

Done = TypeVar("Done")  # what a scorebook command gives back


def refusal(error: RuleError | StoreError, language: str, *, alone: bool = True) -> str:
    """Why the rules or the store refused, in ``language``: ``alone``, a sentence of its own
    (begun with a capital); otherwise as it goes into another ("Nothing was imported: …")."""
    if isinstance(error, RuleError):
        return shown(error, language) if alone else describe(error, language)
    said = refusal_text(error.message, language)
    return sentence(said, error.message.key, language) if alone else said


@dataclass(frozen=True, slots=True)
class Notice:
    """A notice as a screen shows it: its words, and whether a screen reader is handed
    them yet (Said.dialog_leaving)."""

    words: str
    read_out: bool = True


@ft.observable
@dataclass
class Said:
    prefs: Prefs  # the language it is said in
    notice: str | None = None  # a short message, said for a few seconds (shell.App)
    problem: str | None = None  # why the last thing asked was refused (shown on the screen)
    stale: bool = False  # refused because another device changed the session: offer Reload
    database_lost: bool = False  # the club's database server is away: said on every screen
    # A dialog's command was tapped and the dialog is still leaving the screen: its notice
    # is shown at once but handed to the screen reader once the dialog has gone. Flutter's
    # web engine hands a live region's words to the open dialog, and when the dialog left
    # in the same frame they went with it, never read out ("Deal 5 deleted", said as the
    # Delete dialog closed on a busy machine).
    dialog_leaving: bool = False

    @property
    def shown_notice(self) -> Notice | None:
        """The notice as a screen shows it now."""
        return Notice(self.notice, read_out=not self.dialog_leaving) if self.notice else None

    def leaving_dialog(self) -> None:
        self.dialog_leaving = True

    def dialog_gone(self) -> None:
        self.dialog_leaving = False

    @property
    def language(self) -> str:
        return self.prefs.language

    def t(self, key: str, **params: str | int) -> str:
        return figures_held(text(key, self.language, **params))

    def refusal(self, error: RuleError | StoreError) -> str:
        return refusal(error, self.language)

    def attempt(self, command: Callable[[], Done], said_as: str | None = None, *,
                shown_on: Callable[[str, Exception], None] | None = None) -> Done | None:
        """What a scorebook command gives, or None when it was refused, and why is said:
        the one place a refusal becomes words on the screen (``said_as``: the message the
        reason goes into, "Nothing was imported: {reason}"; ``shown_on``: where the screen
        shows it, if not where every screen shows a problem)."""
        try:
            done = command()
        except (RuleError, StoreError, NotAllowedError) as error:
            return self._refused(error, said_as, shown_on)
        self.clear()
        return done

    async def attempt_async(self, command: Callable[[], Awaitable[Done]],
                            said_as: str | None = None) -> Done | None:
        """``attempt`` for a command that is awaited (one run on a worker thread)."""
        try:
            done = await command()
        except (RuleError, StoreError, NotAllowedError) as error:
            return self._refused(error, said_as)
        self.clear()
        return done

    def _refused(self, error: RuleError | StoreError | NotAllowedError,
                 said_as: str | None,
                 shown_on: Callable[[str, Exception], None] | None = None) -> None:
        if isinstance(error, NotAllowedError):  # a forged event: the role is checked again
            reason = self.t("ui.not_allowed")
        else:
            reason = (self.t(said_as, reason=refusal(error, self.language, alone=False))
                      if said_as else self.refusal(error))
            self.stale = isinstance(error, ConflictError)
        if shown_on is None:
            self.problem = reason
        else:
            shown_on(reason, error)

    def clear(self) -> None:
        self.problem, self.stale = None, False
