"""The root component: theme, language, routes, notices, and the room on the network."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, cast

import flet as ft

from scorekeeper.app import fonts
from scorekeeper.app.lan import LanRoom, is_local
from scorekeeper.app.model import AppModel
from scorekeeper.app.peer import peer_address
from scorekeeper.app.roles import GuardedScorebook, role_now
from scorekeeper.app.screen_list import SCREENS
from scorekeeper.app.screens.join import Join
from scorekeeper.app.state.room import Room
from scorekeeper.app.theme import theme
from scorekeeper.app.widgets import GoTo, error_line, notice_line, pinned
from scorekeeper.settings import load_settings

if TYPE_CHECKING:
    from scorekeeper.app.hearing import Hearing
    from scorekeeper.app.state.said import Said
    from scorekeeper.session import Scorebook

log = logging.getLogger("scorekeeper.app")
FALLBACKS_AFTER = 1.5  # seconds: a phone has drawn its first screen by then
NOTICE_SECONDS = 5  # how long a notice is said: read at arm's length, then out of the way
DIALOG_LEAVES = 3  # seconds: a dialog has left the screen by then, even a busy phone's


def opened_page(page: ft.Page, scorebook: Scorebook, lan: LanRoom | None) -> AppModel:
    """The page's model, with what its first screen shows already loaded: made before the
    first draw (screens only draw), once per page."""
    # The host is decided once, from the socket's peer: never from page.client_ip, which
    # a browser can overwrite (see peer.py).
    host = lan is None or is_local(peer_address(page))
    # Every command is checked against the role when it runs (see roles.py).
    room = Room(lan, "host" if host else "locked", page.session.id)
    guarded = cast("Scorebook", GuardedScorebook(
        scorebook, lambda: role_now(room.role, lan, room.viewer_key)))
    model = AppModel(guarded, load_settings(), room, screens=SCREENS)
    model.show(page.route or "/")
    model.nav.resized(page.width)

    def crashed(message: str) -> None:
        # Flet would send the traceback to the browser as a crashed session; it belongs in
        # the server's log only, and the person is told in one sentence.
        log.error("a handler failed on page %s:\n%s", page.session.id, message)
        model.said.notice = model.t("ui.unexpected")

    page.session.error = crashed  # type: ignore[method-assign]
    # What never changes is set once: the page is diffed (its themes field by field)
    # whenever one of its own properties is set, and App redraws at every change of the
    # model.
    page.on_route_change = model.on_route_change
    page.on_resize = lambda event: model.nav.resized(event.width)
    page.title = "Scorekeeper"
    page.theme = theme(dark=False)
    page.dark_theme = theme(dark=True)
    page.padding = 0
    return model


@ft.component
def App(app: AppModel, hearing: Hearing, *concerns: ft.Observable) -> ft.Control:
    """The root: it watches every concern of the page (``concerns``: Flet subscribes a
    component to the observables it is given) and draws the screen on show from its record,
    which hands the screen only what it shows (screen_list.py): a memoized screen whose
    values, small observables and commands are unchanged is skipped in this pass."""
    page = ft.context.page
    ft.on_mounted(hearing.subscribe)
    ft.on_unmounted(hearing.gone)
    # What the page shows, as its server is to hear of it: told after each draw that
    # changed it (a route, a session opened), and only then.
    on_screen = app.shown()
    ft.use_effect(lambda: hearing.shows(on_screen), [on_screen])
    # The fonts ship with the app: suits, emoji and every script a name may be in show
    # offline, with no CDN to fetch a fallback from. The first screen is drawn in the main
    # font alone: a browser loads every font it is given before it draws, and the
    # fallbacks weigh six times as much. They follow once the screen is up.
    fallbacks, set_fallbacks = ft.use_state(False)

    async def add_fallbacks() -> None:
        await asyncio.sleep(FALLBACKS_AFTER)
        set_fallbacks(True)

    ft.on_mounted(add_fallbacks)
    fonts_now = fonts.page_fonts(page.web, fallbacks)
    if page.fonts is not fonts_now:
        page.fonts = fonts_now
    mode = ft.ThemeMode.DARK if app.prefs.settings.dark else ft.ThemeMode.LIGHT
    if page.theme_mode != mode:
        page.theme_mode = mode

    said = app.said
    # A notice is said for NOTICE_SECONDS, then taken away; a new one starts its own time.
    fading = ft.use_ref(None)

    def fade_notice() -> None:
        if said.notice:
            fading.current = page.run_task(unsay, said, said.notice)

    def keep_notice() -> None:
        if fading.current is not None:
            fading.current.cancel()

    ft.use_effect(fade_notice, [said.notice], cleanup=keep_notice)
    # A dismissal that never comes (the page gone mid-way) leaves no notice unread.
    leaving = ft.use_ref(None)

    def wait_for_the_dialog() -> None:
        if said.dialog_leaving:
            leaving.current = page.run_task(dialog_gone_at_the_latest, said)

    def dialog_left() -> None:
        if leaving.current is not None:
            leaving.current.cancel()

    ft.use_effect(wait_for_the_dialog, [said.dialog_leaving], cleanup=dialog_left)
    # A notice is a line of the layout, never drawn over the screen. Flutter's snack bar lay
    # over the bottom of every screen for its five seconds, over Save too, and took the tap
    # that was meant for it (a floating one too: its margin is part of a Dismissible whose
    # gesture detector is opaque). Where a deal is entered, the Save bar says it above Save
    # (save_bar.noticed), where the person's next tap goes; under any other screen it has a
    # slot of its own, as the line below does, for the same reason: there it moves nothing
    # but what is pinned to the bottom, and takes room from a scrolling screen's bottom
    # rather than covering it.
    shown = said.shown_notice
    notice = None if app.entering_a_deal or not shown else pinned(notice_line(shown))
    # The line that says the club's database is away has a slot of its own under the
    # screen, always drawn (empty, it takes no room). A tap spanning the moment the line
    # comes or goes is lost by the browser when the control under the finger moves: above
    # the screen the line moved every control but the bottom's (a press on Players in the
    # bar atop the screen, lifted once the line was drawn, did nothing); under it, only
    # what is pinned to the bottom moves, and the screen is never built anew.
    lost = pinned(error_line(app.t("ui.database_lost"))) if said.database_lost else None
    return ft.SafeArea(expand=True, content=ft.Column(
        spacing=0, horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        controls=[ft.Container(key="screen", expand=True, content=route(app)),
                  ft.Container(key="notice", content=notice,
                               padding=ft.Padding.all(6) if notice else None),
                  ft.Container(key="lost", content=lost)]))


async def dialog_gone_at_the_latest(said: Said) -> None:
    """A dialog leaves the screen in a fraction of a second; the notice it held back is
    read out after DIALOG_LEAVES at the latest."""
    await asyncio.sleep(DIALOG_LEAVES)
    said.dialog_gone()


async def unsay(said: Said, notice: str) -> None:
    """Take ``notice`` away once it has been said long enough to be read at arm's length,
    unless another has been said since."""
    await asyncio.sleep(NOTICE_SECONDS)
    if said.notice == notice:
        said.notice = None


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
    """The screen for the place the route leads; a device on the network only sees the
    table."""
    if app.room.role == "locked":
        return Join(app.room, app.words, GoTo(app.show, app.nav.route))
    # Keyed by the session it shows: another session's screen (an address of another
    # table opened from one; for a guest, the host moving to another session) is drawn
    # anew, not from what the last one's draw kept (its table's seats, a question open).
    if app.room.guest:
        # The rules are the table's too: a guest's "why?" opens them.
        key = app.room.shared_session
        return SCREENS["rules" if app.nav.place.screen == "rules" else "table"].draw(app, key=key)
    return SCREENS[app.nav.place.screen].draw(app, key=app.nav.place.session_id)
