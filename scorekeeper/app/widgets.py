"""Small pieces every screen uses: labelled taps, the screen bar, panels, figures."""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.i18n.figures import figures_held

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from scorekeeper.app.state.said import Notice, Said
    from scorekeeper.app.words import Words


def handler(on_click: Callable[[], object]) -> Callable[..., object]:
    """A tap's handler as Flet must get it. An async one is given as it is: Flet awaits it
    only then (wrapped in a lambda, its coroutine is never awaited and the tap does
    nothing). A plain one is called without the event, so a lambda's default arguments
    (``lambda n=name: ...``) keep their values."""
    return on_click if inspect.iscoroutinefunction(on_click) else (lambda: on_click())


def labelled(label: str, control: ft.Control, *, selected: bool | None = None,
             key: str | None = None) -> ft.Control:
    """A control a screen reader (and a browser test) finds by ``label``; ``key`` for one
    of a list that changes under the finger (see ``PlayersPanel``)."""
    return ft.Semantics(label=label, button=True, selected=selected, content=control, key=key)


def icon_button(icon: ft.IconData, label: str, on_click: Callable[[], object]) -> ft.Control:
    """An icon that says what it does (the label doubles as a tooltip's words would)."""
    return labelled(label, ft.IconButton(icon, on_click=handler(on_click)))


# What the tests know the top of a screen's pinned bottom by (Semantics.identifier: no
# screen reader says it; a browser shows it as the node's flt-semantics-identifier).
PINNED = "pinned"


def pinned(content: ft.Control) -> ft.Control:
    """What stays at the bottom of a screen while the list above it scrolls (Save, Start,
    what the app says): a list that runs on under it is scrolled to, not covered; anything
    else that ends a list (a panel, a chip) covers what the list holds there. Its top is
    marked by a line of its own laid over it, which takes no room: a node around it would
    take its words into its own (Flutter merges what a semantics container holds)."""
    return ft.Stack(controls=[content, ft.Container(
        left=0, right=0, top=0, height=1,
        content=ft.Semantics(container=True, identifier=PINNED, content=ft.Container()))])


def readout(*, label: str, content: ft.Control) -> ft.Control:
    """A figure read out as one sentence ("Astrid: -28"), not as loose pieces."""
    return ft.Semantics(label=label, container=True, exclude_semantics=True, content=content)


def said_line(line: str, size: int = 15, *, bold: bool = False) -> ft.Control:
    """A line of figures, read out whole ("Astrid: 12 evenings together, ahead in 3…"),
    each figure kept on the line of the word before it ("Club evening 1, …")."""
    line = figures_held(line)
    return readout(label=line, content=ft.Text(
        line, size=size, weight=ft.FontWeight.BOLD if bold else None))


@dataclass(frozen=True, slots=True)
class GoTo:
    """A tap that opens ``route``: equal for the same route, so a memoized part handed one
    is not drawn again for a new one."""

    go: Callable[[str], object]
    route: str

    def __call__(self) -> None:
        self.go(self.route)


@dataclass(frozen=True, slots=True)
class Link:
    """An icon in the screen bar that opens another screen."""

    icon: ft.IconData
    label: str
    route: str


def screen_bar(words: Words, go: Callable[[str], object], title: str, back: str | None = "/",
               links: Sequence[Link] = (), *, host: bool = True) -> ft.Control:
    """The bar atop a screen: back (for the host: a guest's page has nowhere to go back
    to), the title, the links. Its words are looked up here, so the bar is drawn again
    only when they change, not at every tap."""
    back_link = back_to(words, back) if back is not None and host else None
    return ScreenBar(title, back_link, tuple(links), go)


def back_to(words: Words, route: str) -> Link:
    """The screen bar's way back, to ``route``."""
    return Link(ft.Icons.ARROW_BACK, words.t("ui.back"), route)


@ft.memo
@ft.component
def ScreenBar(title: str, back: Link | None, links: tuple[Link, ...],
              go: Callable[[str], object]) -> ft.Control:
    def button(link: Link) -> ft.Control:
        return icon_button(link.icon, link.label, lambda: go(link.route))

    return ft.AppBar(
        leading=button(back) if back is not None else None,
        # Two lines before it is cut: a phone's bar holds four links beside the title.
        title=ft.Text(title, size=18, weight=ft.FontWeight.BOLD, max_lines=2,
                      overflow=ft.TextOverflow.ELLIPSIS),
        center_title=False, title_spacing=4,
        bgcolor=ft.Colors.SURFACE_CONTAINER,
        actions=[button(link) for link in links],
    )


def panel(title: str, *controls: ft.Control, bgcolor: str | None = None) -> ft.Control:
    return ft.Container(
        padding=ft.Padding.all(14),
        border_radius=ft.BorderRadius.all(14),
        bgcolor=bgcolor or ft.Colors.SURFACE_CONTAINER_LOW,
        content=ft.Column(
            spacing=6,
            controls=[ft.Text(title, size=15, weight=ft.FontWeight.BOLD), *controls],
        ),
    )


def bullet(line: str, *, icon: ft.IconData = ft.Icons.CHEVRON_RIGHT, size: int = 15,
           color: str | None = None) -> ft.Control:
    return ft.Row(
        spacing=6,
        vertical_alignment=ft.CrossAxisAlignment.START,
        controls=[ft.Icon(icon, size=18, color=color),
                  ft.Text(line, size=size, color=color, expand=True)],
    )


def action(label: str, icon: ft.IconData, on_click: Callable[[], object], *,
           filled: bool = False, disabled: bool = False) -> ft.Control:
    button = ft.FilledButton if filled else ft.OutlinedButton
    return button(label, icon=icon, on_click=handler(on_click), disabled=disabled)


def confirmation(said: Said, words: Words, title: str, text: str, confirm: str,
                 on_confirm: Callable[[], object], on_cancel: Callable[[], object]
                 ) -> ft.AlertDialog:
    """"Are you sure?" for what cannot be taken back with one tap. What the command says
    is read out once the dialog has left the screen (Said.dialog_leaving)."""

    def leaving(command: Callable[[], object]) -> Callable[..., object]:
        if inspect.iscoroutinefunction(command):
            async def answered() -> None:
                said.leaving_dialog()
                await command()
            return answered

        def answered_now() -> None:
            said.leaving_dialog()
            command()
        return answered_now

    return ft.AlertDialog(
        modal=True,
        title=ft.Text(title),
        content=ft.Text(text),
        actions=[
            ft.TextButton(confirm, on_click=leaving(on_confirm)),
            ft.TextButton(words.t("ui.cancel"), on_click=leaving(on_cancel)),
        ],
        on_dismiss=lambda _: said.dialog_gone(),
    )


def refused(said: Said, words: Words, reload: Callable[[], None]) -> list[ft.Control]:
    """Why the last thing asked was refused, and Reload when another device changed what
    the screen shows meanwhile."""
    return [error_line(said.problem),
            *([action(words.t("ui.reload"), ft.Icons.REFRESH, reload)] if said.stale
              else [])]


def notice_line(notice: Notice) -> ft.Control:
    """What the app says after a command ("Deal 7 undone: it is back in the form"), for a
    few seconds: a line in the screen's own layout, never drawn over it (see shell.App),
    read out by a screen reader as it comes (a live region) or, said by a dialog's button,
    once the dialog has left the screen."""
    return ft.Semantics(
        label=notice.words, live_region=notice.read_out, container=True,
        exclude_semantics=True,
        content=ft.Container(
            padding=ft.Padding.symmetric(horizontal=12, vertical=8),
            border_radius=ft.BorderRadius.all(10),
            bgcolor=ft.Colors.INVERSE_SURFACE,
            content=ft.Row(spacing=8, controls=[
                ft.Icon(ft.Icons.INFO_OUTLINE, size=20, color=ft.Colors.ON_INVERSE_SURFACE),
                ft.Text(notice.words, size=16, color=ft.Colors.ON_INVERSE_SURFACE,
                        expand=True),
            ]),
        ),
    )


def error_line(message: str | None) -> ft.Control:
    return ft.Container(
        visible=bool(message),
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        border_radius=ft.BorderRadius.all(10),
        bgcolor=ft.Colors.ERROR_CONTAINER,
        content=ft.Text(message or "", color=ft.Colors.ON_ERROR_CONTAINER, size=15),
    )


def screen(*controls: ft.Control) -> ft.Control:
    """The body of a screen: padded, scrolling, readable on a phone and a desktop."""
    return _framed(ft.Column(controls=list(controls), spacing=12, scroll=ft.ScrollMode.AUTO,
                             expand=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH))


def long_screen(*controls: ft.Control, beyond: int) -> ft.Control:
    """``screen`` for a long list: the client lays out only what is on screen and ``beyond``
    pixels past it, the rest as it scrolls."""
    return _framed(ft.ListView(controls=list(controls), spacing=12, expand=True,
                               cache_extent=beyond))


def _framed(body: ft.Control) -> ft.Control:
    return ft.Container(
        expand=True,
        alignment=ft.Alignment.TOP_CENTER,
        content=ft.Container(width=980, padding=ft.Padding.all(12), content=body),
    )


@ft.memo
@ft.component
def Missing(problem: str | None, words: Words, go: Callable[[str], object],
            host: bool = True) -> ft.Control:
    """A session that is not there (removed, or a mistyped address): say so (or why it
    could not be read: ``problem``), offer home; a guest's page has no way back."""
    back = back_to(words, "/") if host else None
    return ft.Column(expand=True, spacing=0, controls=[
        ScreenBar("Scorekeeper", back, (), go),
        screen(error_line(problem or words.t("ui.no_such_session")),
               action(words.t("ui.home"), ft.Icons.HOME, lambda: go("/"))),
    ])
