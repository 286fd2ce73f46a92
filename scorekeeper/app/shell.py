"""The root component: theme, language, routes, notices, and the room on the network."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, cast

import flet as ft

from scorekeeper.app import fonts
from scorekeeper.app.lan import LanRoom, Viewer, is_local
from scorekeeper.app.model import LAN_CHANGED, AppModel
from scorekeeper.app.peer import peer_address
from scorekeeper.app.roles import GuardedScorebook, role_now
from scorekeeper.app.screens.home import Home
from scorekeeper.app.screens.join import Join
from scorekeeper.app.screens.ledger import Ledger
from scorekeeper.app.screens.new_session import NewSession
from scorekeeper.app.screens.players import Players
from scorekeeper.app.screens.protocol import Protocol
from scorekeeper.app.screens.record import CorrectDeal
from scorekeeper.app.screens.settings import SettingsScreen
from scorekeeper.app.screens.settle import SettleUp
from scorekeeper.app.screens.table import TableScreen
from scorekeeper.app.theme import theme
from scorekeeper.settings import load_settings

if TYPE_CHECKING:
    from scorekeeper.session import Scorebook

log = logging.getLogger("scorekeeper.app")
FALLBACKS_AFTER = 1.5  # seconds: a phone has drawn its first screen by then


def page_gone(page: ft.Page) -> bool:
    """The browser has closed the page (or lost it): nothing sent to it would arrive."""
    try:
        return page.session.connection is None
    except RuntimeError:  # "An attempt to fetch destroyed session."
        return True


@ft.component
def App(scorebook: Scorebook, lan: LanRoom | None) -> ft.Control:
    page = ft.context.page

    def start() -> AppModel:
        # The host is decided once, from the socket's peer: never from page.client_ip,
        # which a browser can overwrite (see peer.py).
        host = lan is None or is_local(peer_address(page))
        model = AppModel(
            scorebook=scorebook, settings=load_settings(), lan=lan,
            role="host" if host else "locked", viewer_key=page.session.id,
        )
        # Every command is checked against the role when it runs (see roles.py).
        model.scorebook = cast("Scorebook", GuardedScorebook(
            scorebook, lambda: role_now(model.role, lan, model.viewer_key)))
        model.show(page.route or "/")
        page.session.error = crashed  # type: ignore[method-assign]
        model.resized(page.width)
        return model

    def crashed(message: str) -> None:
        # Flet would send the traceback to the browser as a crashed session; it belongs
        # in the server's log only, and the person is told in one sentence.
        log.error("a handler failed on page %s:\n%s", page.session.id, message)
        app.notice = app.t("ui.unexpected")

    app, _ = ft.use_state(start)
    page.on_route_change = app.on_route_change
    page.on_resize = lambda event: app.resized(event.width)
    page.title = "Scorekeeper"
    # The fonts ship with the app: suits, emoji and every script a name may be in show
    # offline, with no CDN to fetch a fallback from. The first screen is drawn in the main
    # font alone: a browser loads every font it is given before it draws, and the
    # fallbacks weigh six times as much. They follow once the screen is up.
    fallbacks, set_fallbacks = ft.use_state(False)

    async def add_fallbacks() -> None:
        await asyncio.sleep(FALLBACKS_AFTER)
        set_fallbacks(True)

    ft.on_mounted(add_fallbacks)
    page.fonts = fonts.page_fonts(page.web, fallbacks)
    page.theme = theme(dark=False)
    page.dark_theme = theme(dark=True)
    page.theme_mode = ft.ThemeMode.DARK if app.settings.dark else ft.ThemeMode.LIGHT
    page.padding = 0

    async def hear(session_id: int | None) -> None:
        app.heard(session_id)

    async def room_changed() -> None:
        app.room_changed()

    async def quietly(step: Callable[[], Awaitable[None]]) -> None:
        """A redraw for a page that may have gone meanwhile: if it has, drop it quietly."""
        try:
            await step()
        except Exception:
            if not page_gone(page):
                raise
            log.debug("dropped an update for a page that has gone")

    def deliver(step: Callable[[], Awaitable[None]]) -> None:
        # Heard outside this page's context (another page's thread, the watcher);
        # run_task brings it back into it, so the redraw reaches this page.
        if page_gone(page):
            unsubscribe()
            return
        try:
            # run_task sets the context's page to this one; on a copy of the context, so
            # the page whose command caused the change keeps its own (or its redraw is
            # sent to this page instead).
            contextvars.copy_context().run(page.run_task, quietly, step)
        except Exception:  # the connection went between the check and the call
            if not page_gone(page):
                raise
            unsubscribe()

    def on_change(session_id: int | None) -> None:
        deliver(lambda: hear(session_id))

    def on_message(topic: str) -> None:
        if topic == LAN_CHANGED:
            deliver(room_changed)

    stop_hearing: list[Callable[[], None]] = []
    kept: list[Viewer] = []  # a guest whose connection dropped, while it may come back

    def subscribe() -> None:
        if stop_hearing:
            return
        stop_hearing.append(scorebook.subscribe(on_change))
        page.pubsub.subscribe(on_message)

    def unsubscribe() -> None:
        while stop_hearing:
            stop_hearing.pop()()
        with contextlib.suppress(RuntimeError):  # a destroyed session took them along
            page.pubsub.unsubscribe()

    def gone(_: object = None) -> None:
        """The page closed or lost its connection: stop hearing, leave the host's list."""
        unsubscribe()
        if app.lan is not None and app.viewer_key in app.lan.viewers:
            kept[:] = [app.lan.viewers[app.viewer_key]]
            app.lan.leave(app.viewer_key)
            page.pubsub.send_all(LAN_CHANGED)

    def back(_: object = None) -> None:
        """The same page reconnected (a phone woke up): hear again, and rejoin."""
        subscribe()
        if app.lan is not None and kept and app.role in ("viewer", "scorer"):
            app.lan.viewers.setdefault(app.viewer_key, kept.pop())
            page.pubsub.send_all(LAN_CHANGED)
        app.show(app.route)

    page.on_disconnect = gone
    page.on_connect = back
    ft.on_mounted(subscribe)
    ft.on_unmounted(gone)

    def show_notice() -> None:
        if app.notice:
            page.show_dialog(ft.SnackBar(ft.Text(app.notice, size=16),
                                         duration=ft.Duration(seconds=5)))
            app.notice = None

    ft.on_updated(show_notice, [app.notice])
    return ft.SafeArea(expand=True, content=route(app))


@ft.component
def Unopened(error: Exception) -> ft.Control:
    """The database could not be opened: say why, in every language (no settings yet)."""
    from scorekeeper.i18n import LANGUAGES, render, text
    from scorekeeper.session import StoreError
    from scorekeeper.session.where import DatabaseTooNewError

    if isinstance(error, DatabaseTooNewError):
        lines = [text("store.too_new", lang, revision=error.revision) for lang in LANGUAGES]
    elif isinstance(error, StoreError):
        lines = [render(error.message, lang) for lang in LANGUAGES]
    else:
        lines = [str(error)]
    return ft.SafeArea(content=ft.Column([
        ft.Text("Scorekeeper", size=28, weight=ft.FontWeight.BOLD),
        *(ft.Text(line, size=18) for line in lines),
    ]))


def route(app: AppModel) -> ft.Control:
    """The screen for the current route; a device on the network only sees the table."""
    if app.role == "locked":
        return Join(app)
    if app.role in ("viewer", "scorer"):
        return TableScreen(app)
    parts = [part for part in app.route.split("?")[0].split("/") if part]
    match parts:
        case ["new"]:
            return NewSession(app)
        case ["players"]:
            return Players(app)
        case ["settings"]:
            return SettingsScreen(app)
        case ["session", number] if number.isdigit():
            return TableScreen(app)
        case ["session", number, "edit", deal] if number.isdigit() and deal.isdigit():
            return CorrectDeal(app, int(deal))
        case ["session", number, "ledger"] if number.isdigit():
            return Ledger(app)
        case ["session", number, "charts"] if number.isdigit():
            # flet-charts is loaded only when a chart is asked for: the table stays lean.
            from scorekeeper.app.screens.charts import Charts

            return Charts(app)
        case ["session", number, "protocol"] if number.isdigit():
            return Protocol(app)
        case ["session", number, "settle"] if number.isdigit():
            return SettleUp(app)
        case _:
            return Home(app)
