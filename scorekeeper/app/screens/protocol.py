"""The protocol of a Mattmar, counters or Ramsen session as it is kept on paper: each game's
finals and flights, the running sum of the finals, and who leads the session."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.routes import route_to
from scorekeeper.app.widgets import ScreenBar, back_to, panel, readout, screen
from scorekeeper.core import N_, Rules
from scorekeeper.i18n import join
from scorekeeper.i18n.evening_words import flights_count

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorekeeper.app.words import Words
    from scorekeeper.session import GameRow, OpenSession


@ft.memo
@ft.component
def Protocol(session: OpenSession, words: Words, go: Callable[[str], object]) -> ft.Control:
    players = session.state.everyone
    cards: list[ft.Control] = [GameCard(words, players, row, session.table.rules,
                                        session.finished) for row in session.games]
    if not cards:
        cards.append(ft.Text(words.t("ui.no_deals_yet")))
    leaders = session.winners or session.leaders
    if leaders:
        # Winners only once the session is over: with games to go, the best so far lead.
        over = session.over and bool(session.winners)
        key = N_("ui.protocol_winners") if over else N_("ui.protocol_leading")
        line = words.t(key, players=join(list(leaders), words.language))
        cards.append(readout(label=line, content=ft.Text(line, size=20,
                                                         weight=ft.FontWeight.BOLD)))
    title = words.t("ui.protocol_of", name=words.session_name(session.name,
                                                              session.table.rules.variant))
    back = back_to(words, route_to("table", session=session.id))
    return ft.Column(expand=True, spacing=0, controls=[
        ScreenBar(title, back, (), go), screen(*cards)])


@ft.memo
@ft.component
def GameCard(words: Words, everyone: tuple[str, ...], row: GameRow, rules: Rules,
             finished: bool = False) -> ft.Control:
    """A game's finals, in order of play: only its own players, one who gave it up at the
    score they left on; ``finished``: the session is, and a game not finished was left
    unfinished, not in play."""
    game = row.game
    players = [p for p in everyone if p in game.scores]
    finals = ", ".join(f"{p} {game.scores[p]}" for p in players)
    title = (words.t("ui.game_won", number=game.number, winners=", ".join(game.winners))
             if game.finished else words.t("ui.protocol_unfinished", number=game.number)
             if finished else words.t("ui.protocol_in_play", number=game.number))
    lines: list[ft.Control] = [readout(
        label=words.t("ui.protocol_game", number=game.number, scores=finals),
        content=ft.Row(wrap=True, spacing=14, controls=[
            ft.Column(spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                ft.Text(p, size=14),
                ft.Text(str(game.scores[p]), size=26, weight=ft.FontWeight.BOLD,
                        color=ft.Colors.PRIMARY if p in game.winners else None),
                ft.Text(flights_count(rules, game.flights[p], words.language), size=12),
                *([ft.Text(words.t("ui.gave_up"), size=12, color=ft.Colors.ERROR)]
                  if p in game.gave_up else []),
            ]) for p in players]))]
    if game.finished:
        sums = ", ".join(f"{p} {row.running[p]}" for p in players)
        line = words.t("ui.protocol_sum", number=game.number, scores=sums)
        lines.append(readout(label=line, content=ft.Text(line, size=15,
                                                         color=ft.Colors.ON_SURFACE_VARIANT)))
    return panel(title, *lines)
