"""The result card: the evening as one picture for the group chat, shown as it will be
sent, and shared (on a phone) or downloaded (in a browser) with one tap."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.routes import route_to
from scorekeeper.app.sharing import hand_on, shares
from scorekeeper.app.widgets import action, missing, refused, screen, screen_bar

if TYPE_CHECKING:
    from scorekeeper.app.model import AppModel

SHOWN_WIDTH = 540  # logical pixels: the card's 1080 at a phone's pixel ratio of two


@ft.component
def ResultCard(app: AppModel) -> ft.Control:
    session = app.table.session
    if session is None:
        return missing(app)
    lang = app.prefs.settings.language
    name = app.words.session_name(session.name, session.table.rules.variant)
    # Painted when the screen opened (the model's _ready). A redraw caught between one
    # session and the next (the route changing) has none, and draws none.
    picture = session.result_card_made(lang)

    async def send() -> None:
        # The stored session as it is now: the card a stale screen shows is not sent.
        picture = app.table.export(session, "png")
        if picture is None:
            return
        await hand_on(app.said, picture, session.file_name("png"))

    sending = (action(app.t("card.share"), ft.Icons.SHARE, send, filled=True) if shares()
               else action(app.t("card.download"), ft.Icons.DOWNLOAD, send, filled=True))
    return ft.Column(expand=True, spacing=0, controls=[
        screen_bar(app.words, app.go, app.t("card.title_of", name=name),
                   route_to("settle", session=session.id)),
        screen(
            *refused(app.said, app.words, app.table.reload),
            sending,
            *([ft.Semantics(label=app.t("card.picture_of", name=name), image=True,
                            container=True, exclude_semantics=True, content=ft.Container(
                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                content=ft.Image(src=picture, width=SHOWN_WIDTH, fit=ft.BoxFit.CONTAIN,
                                 gapless_playback=True)))] if picture else []),
        ),
    ])
