"""The root component: theme, language, routes, notices, and the room on the network."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorekeeper.app import fonts
from scorekeeper.app.lan import LanRoom, is_local
from scorekeeper.app.model import LAN_CHANGED, AppModel
from scorekeeper.app.screens.home import Home
from scorekeeper.app.screens.join import Join
from scorekeeper.app.screens.ledger import Ledger
from scorekeeper.app.screens.new_session import NewSession
from scorekeeper.app.screens.players import Players
from scorekeeper.app.screens.record import CorrectDeal
from scorekeeper.app.screens.settings import SettingsScreen
from scorekeeper.app.screens.settle import SettleUp
from scorekeeper.app.screens.table import TableScreen
from scorekeeper.app.theme import theme
from scorekeeper.session import Scorebook
from scorekeeper.settings import load_settings


@ft.component
def App(scorebook: Scorebook, lan: LanRoom | None) -> ft.Control:
    page = ft.context.page

    def start() -> AppModel:
        model = AppModel(
            scorebook=scorebook, settings=load_settings(), lan=lan,
            role="host" if lan is None or is_local(page.client_ip) else "locked",
            viewer_key=page.session.id if page.session else "",
        )
        model.show(page.route or "/")
        model.resized(page.width)
        return model

    app, _ = ft.use_state(start)
    page.on_route_change = app.on_route_change
    page.on_resize = lambda event: app.resized(event.width)
    page.title = "Scorekeeper"
    # The fonts ship with the app: suits, emoji and every script a name may be in show
    # offline, with no CDN to fetch a fallback from.
    page.fonts = fonts.page_fonts(page.web)
    page.theme = theme(dark=False)
    page.dark_theme = theme(dark=True)
    page.theme_mode = ft.ThemeMode.DARK if app.settings.dark else ft.ThemeMode.LIGHT
    page.padding = 0

    async def hear(session_id: int | None) -> None:
        app.heard(session_id)

    async def room_changed() -> None:
        app.room_changed()

    def on_change(session_id: int | None) -> None:
        # Heard outside this page's context (another page's thread, the watcher);
        # run_task brings it back into it, so the redraw reaches this page.
        page.run_task(hear, session_id)

    def on_message(topic: str) -> None:
        if topic == LAN_CHANGED:
            page.run_task(room_changed)

    stop_hearing: list[Callable[[], None]] = []

    def subscribe() -> None:
        stop_hearing.append(scorebook.subscribe(on_change))
        page.pubsub.subscribe(on_message)

    def unsubscribe() -> None:
        for stop in stop_hearing:
            stop()
        page.pubsub.unsubscribe()
        if app.lan is not None:
            app.lan.leave(app.viewer_key)

    ft.on_mounted(subscribe)
    ft.on_unmounted(unsubscribe)

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
        case ["session", number, "settle"] if number.isdigit():
            return SettleUp(app)
        case _:
            return Home(app)
