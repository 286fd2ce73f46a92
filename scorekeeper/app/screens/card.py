"""The result card: the evening as one picture for the group chat, shown as it will be
sent, and shared (on a phone) or downloaded (in a browser) with one tap."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.routes import route_to
from scorekeeper.app.sharing import hand_on, shares
from scorekeeper.app.widgets import action, refused, screen, screen_bar

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorekeeper.app.state.said import Said
    from scorekeeper.app.words import Words
    from scorekeeper.session import Export, OpenSession

SHOWN_WIDTH = 540  # logical pixels: the card's 1080 at a phone's pixel ratio of two


@ft.memo
@ft.component
def ResultCard(session: OpenSession, export: Callable[[OpenSession, Export], bytes | None],
               reload: Callable[[], None], said: Said, words: Words,
               go: Callable[[str], object]) -> ft.Control:
    """``export``: the stored session as a file, if it is still the version drawn;
    ``said``: why the last thing asked was refused (``reload`` after a stale one), and
    where a picture saved is said."""
    name = words.session_name(session.name, session.table.rules.variant)
    # Painted when the screen opened (the model's _ready). A redraw caught between one
    # session and the next (the route changing) has none, and draws none.
    picture = session.result_card_made(words.language)

    async def send() -> None:
        # The stored session as it is now: the card a stale screen shows is not sent.
        picture = export(session, "png")
        if picture is None:
            return
        await hand_on(said, picture, session.file_name("png"))

    sending = (action(words.t("card.share"), ft.Icons.SHARE, send, filled=True) if shares()
               else action(words.t("card.download"), ft.Icons.DOWNLOAD, send, filled=True))
    return ft.Column(expand=True, spacing=0, controls=[
        screen_bar(words, go, words.t("card.title_of", name=name),
                   route_to("settle", session=session.id)),
        screen(
            *refused(said, words, reload),
            sending,
            *([ft.Semantics(label=words.t("card.picture_of", name=name), image=True,
                            container=True, exclude_semantics=True, content=ft.Container(
                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                content=ft.Image(src=picture, width=SHOWN_WIDTH, fit=ft.BoxFit.CONTAIN,
                                 gapless_playback=True)))] if picture else []),
        ),
    ])
