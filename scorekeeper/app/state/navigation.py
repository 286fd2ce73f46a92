"""Where the page is: the route, parsed, and the size of the window."""

from __future__ import annotations

from dataclasses import dataclass, field

import flet as ft

from scorekeeper.app.routes import Place, place_of

WIDE = 1000  # px: from here on the table and the entry sit side by side


@ft.observable
@dataclass
class Navigation:
    route: str = "/"
    place: Place = field(default_factory=lambda: Place("home"))  # the route, parsed
    wide: bool = False  # a desktop-sized window: the table beside the entry
    rules_from: str | None = None  # the screen whose "why?" opened the rules: Back goes there
    # The routes this app sent the browser whose change has not come back from it yet.
    # Private (no redraw at a change): only ``pushed`` and ``came_back`` use it.
    _pushed: list[str] = field(default_factory=list, repr=False)

    def pushed(self, route: str) -> None:
        """This app sent the browser to ``route``: it will tell it back a moment later."""
        self._pushed.append(route)
        ft.context.page.run_task(ft.context.page.push_route, route)

    def came_back(self, route: str) -> bool:
        """Is ``route`` one this app sent the browser, coming back? The browser tells every
        route the app sends it, a moment later: a tap on Players right after Back came back
        as "/" after Players was shown, and took the person home again. A route the browser
        was sent but did not tell (it was there already) is dropped with the first later
        one that comes back."""
        if route in self._pushed:
            del self._pushed[:self._pushed.index(route) + 1]
            return True
        return False

    def moved_to(self, route: str) -> Place:
        """Now at ``route``; returns where it leads."""
        place = place_of(route)
        if place.screen == "rules" and self.place.screen != "rules":
            same_session = self.place.session_id == place.session_id
            self.rules_from = self.route if same_session else None
        self.route, self.place = route, place
        return place

    def resized(self, width: float | None) -> None:
        wide = (width or 0) >= WIDE
        if wide != self.wide:
            self.wide = wide
