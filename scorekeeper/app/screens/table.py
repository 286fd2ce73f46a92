"""The table: everyone's score, the pot, the dealer, and the deal assistant."""

from __future__ import annotations

import contextlib
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.entry import DealEntry
from scorekeeper.app.entry.assistant import Assistant, TableStatus
from scorekeeper.app.routes import route_to
from scorekeeper.app.widgets import (
    GoTo,
    Link,
    action,
    bullet,
    confirmation,
    panel,
    readout,
    screen_bar,
)
from scorekeeper.core import N_, Deal, events, score_text
from scorekeeper.core.standings import FLIGHTS, HARDOPFEL
from scorekeeper.i18n import render
from scorekeeper.i18n.accounts import pot_line as pot_words
from scorekeeper.i18n.accounts import pot_share_words
from scorekeeper.i18n.evening_words import flights_count
from scorekeeper.i18n.placings import place_figure, places_line

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorekeeper.app.draft import DealDraft
    from scorekeeper.app.entry.deal_entry import EntryPage, EntryTaps
    from scorekeeper.app.state.said import Said
    from scorekeeper.app.words import Words
    from scorekeeper.core import DealGuide, Placing
    from scorekeeper.session import OpenSession

# One wakelock per page, made the first time a table is opened on it.
WAKELOCKS: weakref.WeakKeyDictionary[ft.Page, ft.Wakelock] = weakref.WeakKeyDictionary()


@dataclass(frozen=True, slots=True)
class TableView:
    """What of the page the table shows beside its session, read by the table's record
    (screen_list.py): compared by value, so a root's pass that changed none of it, nor the
    session, nor the entry's page, leaves the table as it is."""

    host: bool  # the host's page (a guest's has no way back, no links, no Undo)
    playing: bool  # the deal entry, Save and all (AppModel.entering_a_deal)
    watching: bool  # opened read-only from the club's evening (AppModel.watching)
    awake: bool  # the screen stays on (the settings' keep_awake)
    room: Link | None  # the room in a phone's bar, for the host of a room on the network


@dataclass(frozen=True, slots=True)
class TableTaps:
    """What the table's taps do, handed by its record: bound methods, equal from one draw
    to the next."""

    entry: EntryTaps
    undo: Callable[[OpenSession], object]  # SessionShown.undo: the last deal taken back
    # The draft of a session (Drafts.of), looked up rather than handed: a part handed the
    # draft hears every tap on it, which only the rows and the entry are to hear.
    draft_of: Callable[[int], DealDraft]
    said: Said  # the undo dialog's notice is read out once it has left (confirmation)


@ft.memo
@ft.component
def TableScreen(session: OpenSession, view: TableView, page: EntryPage, taps: TableTaps,
                room: ft.Control | None = None) -> ft.Control:
    """On a phone one column: the rows (score, duty, tricks) and Save fit one screen for up
    to five players; on a desktop the table (scores, pot, assistant) beside the entry.
    ``room``: the room beside a desktop's table, for its host, drawn by the record."""
    words, wide, go = page.words, page.wide, taps.entry.go
    confirm_undo, set_confirm_undo = ft.use_state(False)
    awake = view.awake
    ft.use_effect(lambda: keep_awake(awake), [awake], cleanup=lambda: keep_awake(False))
    draft = taps.draft_of(session.id)

    def undo() -> None:
        set_confirm_undo(False)
        taps.undo(session)

    ft.use_dialog(undo_dialog(words, taps.said, session, draft.started, undo,
                              lambda: set_confirm_undo(False))
                  if confirm_undo else None)

    def at(screen: str) -> str:
        return route_to(screen, session=session.id)

    links = [
        Link(ft.Icons.RECEIPT_LONG, words.t("ui.ledger"), at("ledger")),
        *([Link(ft.Icons.TABLE_CHART, words.t("ui.protocol"), at("protocol"))]
          if session.games else []),
        Link(ft.Icons.SHOW_CHART, words.t("ui.charts"), at("charts")),
        Link(ft.Icons.PAYMENTS, words.t("ui.settle"), at("settle")),
        # A desktop's bar has room for the rules too; a phone opens them from the assistant.
        *([Link(ft.Icons.MENU_BOOK, words.t("rules.open_of",
                                            variant=session.table.rules.variant),
                at("rules"))] if wide else []),
    ]
    may_undo = (view.host and not view.watching and not session.finished
                and session.state.deals > 0)
    ask_undo = ft.use_callback(lambda: set_confirm_undo(True), [])
    # The scores are on a phone's rows: the pot and the game go in the fold above them.
    entry = (DealEntry(session, draft, page, taps.entry,
                       on_undo=ask_undo if may_undo else None,
                       status=None if wide else table_status(words, session))
             if view.playing else None)
    # A desktop has room for the room beside the table; a phone opens it from the bar.
    beside = [room] if room is not None else []
    if view.room is not None:
        links.append(view.room)
    # A phone entering a deal shows the table in its rows and fold: the table's side is
    # not drawn, nor made at each Save to be thrown away.
    table_side = [TableSide(words, session, draft, GoTo(go, at("rules")))
                  ] if wide or entry is None else []
    if view.watching:
        table_side.insert(0, bullet(words.t("ui.watching"), icon=ft.Icons.VISIBILITY, size=16))
        links = []
    if entry is None and may_undo:
        table_side.append(action(words.t("ui.undo", number=session.state.deals), ft.Icons.UNDO,
                                 ask_undo))
    if wide:
        body: ft.Control = ft.Row(
            expand=True, spacing=16, vertical_alignment=ft.CrossAxisAlignment.START,
            controls=[
                ft.Column(table_side, expand=5, spacing=12, scroll=ft.ScrollMode.AUTO),
                *([ft.Container(entry, expand=6)] if entry is not None else []),
            ])
    elif entry is not None:
        # Kept in a column of its own: the entry as the body itself left a guest's page
        # spinning for ever when its connection came back (Flet's client, re-drawing the
        # whole page at the reconnection; test_a_guest_whose_connection_drops_…).
        body = ft.Column(expand=True, spacing=6, controls=[entry])
    else:
        body = ft.Column(table_side, expand=True, spacing=12, scroll=ft.ScrollMode.AUTO)
    return ft.Column(
        expand=True,
        spacing=0,
        controls=[
            screen_bar(words, go, words.session_name(session.name, session.table.rules.variant),
                       route_to("tonight", group=session.group)
                       if view.watching and session.group else "/",
                       links if view.host else [], host=view.host),
            ft.Container(expand=True, alignment=ft.Alignment.TOP_CENTER,
                         padding=ft.Padding.all(10 if wide else 6),
                         content=ft.Column(expand=True, spacing=6, width=1400,
                                           controls=[*beside, body])),
        ],
    )


def keep_awake(awake: bool) -> None:
    """The screen stays on while a table is open (a phone going dark mid-evening hides the
    scores), unless the settings say not to; off again when the table is left."""
    page = ft.context.page
    wakelock = WAKELOCKS.get(page)
    if wakelock is None:
        wakelock = WAKELOCKS[page] = ft.Wakelock()
    page.run_task(_hold, wakelock, awake)


async def _hold(wakelock: ft.Wakelock, awake: bool) -> None:
    # A browser may refuse (a page in the background, no permission): the screen sleeps.
    with contextlib.suppress(RuntimeError):
        await (wakelock.enable() if awake else wakelock.disable())


def undo_dialog(words: Words, said: Said, session: OpenSession, started: bool,
                undo: Callable[[], None], cancel: Callable[[], None]) -> ft.AlertDialog:
    """"Undo deal 7: Cilla dealt; tricks: Dag 2, …?", and what becomes of the form
    (``started``: the draft holds a deal being entered)."""
    deal = session.newest_deal or Deal()
    what = "; ".join([words.t("ui.undo_dealt", dealer=deal.dealer or ""),
                      *(render(event, words.language) for event in events(deal))])
    text = words.t("ui.undo_back_text")
    if started:
        text += " " + words.t("ui.undo_replaces", number=session.state.deals + 1)
    return confirmation(said, words,
                        words.t("ui.undo_deal_title", number=session.state.deals, what=what),
                        text, words.t("ui.undo_confirm"), undo, cancel)


def pot_kind(words: Words, session: OpenSession) -> str:
    """What the next deal of a pot game is: a single pot (everyone plays), a double one."""
    kind = {True: N_("ui.single_pot"), False: N_("ui.double_pot"), None: N_("ui.pot_kind_none")}
    return words.t(kind[session.guide.single_pot], ante=session.table.rules.five_tricks,
                 share=session.guide.trick_share or 0)


def pot_line(words: Words, session: OpenSession) -> str:
    """The pot as the next deal will have it (``i18n.accounts.pot_line``: as settle-up says it)."""
    return pot_words(session.guide, words.language, over=session.over)


def game_in_play(words: Words, session: OpenSession) -> str:
    """Which game of a countdown or count-up session is in play: "Game 2 of 6"."""
    games, game = session.table.rules.games, session.guide.game or 1
    return (words.t("ui.game_number", number=game, games=games) if games
            else words.t("ui.game_number_open", number=game))


def table_status(words: Words, session: OpenSession) -> TableStatus:
    """The pot and what the next deal is (single or double, the game), for a phone's fold."""
    rules = session.table.rules
    pot = pot_line(words, session)
    if not rules.family_rules.in_games:
        figures = [pot]
        next_deal = pot_kind(words, session)
    else:
        figures = [game_in_play(words, session)]
        figures += [pot] if rules.money else []
        next_deal = ""
    if session.plays_for_money and session.pot_shares:
        # The money on the rows is the result if the session ends now: say the pot is in it.
        next_deal = " · ".join(w for w in (next_deal, words.t(
            "ui.money_includes_pot", rule=words.t(f"option.end_pot.{rules.end_pot}"))) if w)
    return TableStatus(tuple(figures), next_deal)


@ft.component
def TableSide(words: Words, session: OpenSession, draft: DealDraft,
              open_rules: Callable[[], object]) -> ft.Control:
    """The scores, the pot and the assistant for the table the next deal is dealt at, the
    joins and leaves waiting in ``draft`` made: the dealer and the seat words the rows
    beside them say (the desktop's assistant read the table before them)."""
    _, deal_guide = session.next_deal(draft.seat_changes)
    return ft.Column(spacing=12, controls=[
        Scoreboard(words, session, deal_guide), PotPanel(words, session),
        *([Assistant(words, session.table.rules, deal_guide, open_rules)]
          if not session.over else [])])


@ft.memo
@ft.component
def Scoreboard(words: Words, session: OpenSession, deal_guide: DealGuide) -> ft.Control:
    table, state = session.table, session.state
    scores = session.scores
    money = session.closing.money if session.plays_for_money else {}
    seats = deal_guide.seats
    live = not session.over  # a finished night has no next deal: no dealer, no duties
    # A finished night shows each player's place and the figure it rests on, as its card
    # does: in a game of games, not the scores of a last game begun and left unfinished.
    placed = {placing.player: placing for placing in session.standings} if session.finished \
        else {}
    cards = []
    for player in state.everyone:
        tags = []
        placing = placed.get(player)
        if placing is not None:
            tags.append(_tag(f"{placing.place}.", ft.Colors.PRIMARY, ft.Colors.ON_PRIMARY))
        if player in state.away:
            tags.append(_tag(words.t("ui.left_table"), ft.Colors.OUTLINE, ft.Colors.SURFACE))
        if live and player == seats.dealer:
            tags.append(_tag(words.t("ui.dealer"), ft.Colors.PRIMARY, ft.Colors.ON_PRIMARY))
        if live and player in seats.sitting_out:
            tags.append(_tag(words.t("ui.sits_out"), ft.Colors.OUTLINE, ft.Colors.SURFACE))
        if live and player in deal_guide.must_play:
            tags.append(_tag(words.t("ui.must_play"), ft.Colors.TERTIARY, ft.Colors.ON_TERTIARY))
        figure, label = score_text(table, scores[player]), words.t(
            "ui.score_of", player=player, score=scores[player])
        if placing is not None:
            figure = place_figure(table, placing, scores[player], words.language)
            label = places_line((placing,), table.money, words.language)
        flights = flights_count(table.rules, flown(state.flights[player], placing),
                                words.language)
        lines = [ft.Text(flights, size=15)]
        if money:
            amount = words.money(money[player], table.money)
            lines.append(ft.Text(amount, size=15, weight=ft.FontWeight.W_500))
            share = pot_share_words(money[player], session.pot_shares.get(player, 0),
                                    table.money, words.language)
            if share:
                lines.append(ft.Text(share, size=12, color=ft.Colors.ON_SURFACE_VARIANT))
        # Marked: first place once the night is over, else the next deal's dealer.
        marked = placing.place == 1 if placing is not None else player == seats.dealer
        cards.append(ft.Container(
            width=170,
            padding=ft.Padding.all(12),
            border_radius=ft.BorderRadius.all(16),
            bgcolor=ft.Colors.PRIMARY_CONTAINER if marked else ft.Colors.SURFACE_CONTAINER_HIGH,
            content=ft.Column(
                spacing=2,
                controls=[
                    ft.Text(player, size=20, weight=ft.FontWeight.BOLD, no_wrap=True),
                    ft.Row(tags, spacing=4, wrap=True),
                    readout(label=label, content=ft.Text(figure, size=44,
                                                         weight=ft.FontWeight.BOLD)),
                    *lines,
                ],
            ),
        ))
    return ft.Row(cards, wrap=True, spacing=10, run_spacing=10)


def flown(flights: int, placing: Placing | None) -> int:
    """A player's flights as the card says them: a finished session's place counts those
    of its finished games (a game begun and left counts for nothing), else every deal's."""
    counted = [figure.value for figure in placing.tie_breaks
               if figure.key in (FLIGHTS, HARDOPFEL)] if placing is not None else []
    return counted[0] if counted and counted[0] is not None else flights


def _tag(label: str, bgcolor: str, color: str) -> ft.Control:
    return ft.Container(
        padding=ft.Padding.symmetric(horizontal=8, vertical=2),
        border_radius=ft.BorderRadius.all(8),
        bgcolor=bgcolor,
        content=ft.Text(label, size=12, color=color, weight=ft.FontWeight.BOLD),
    )


@ft.memo
@ft.component
def PotPanel(words: Words, session: OpenSession) -> ft.Control:
    rules, deal_guide = session.table.rules, session.guide
    lines: list[ft.Control] = []
    if session.finished:
        # The pot was dealt with at the end (split, carried, refunded): no pot stands, and
        # no next deal is coming.
        lines.append(readout(label=words.t("ui.session_finished"), content=ft.Text(
            words.t("ui.session_finished"), size=22, weight=ft.FontWeight.BOLD)))
        lines.append(ft.Text(words.t("ui.end_pot_done", rule=words.t(
            f"option.end_pot.{rules.end_pot}")), size=16))
        return panel(words.t(f"variant.{rules.variant}"), *lines)
    if not rules.family_rules.in_games:
        pot = pot_line(words, session)
        lines.append(readout(label=pot, content=ft.Text(pot, size=28,
                                                        weight=ft.FontWeight.BOLD)))
        lines.append(ft.Text(pot_kind(words, session), size=16))
    else:
        lines.append(ft.Text(game_in_play(words, session), size=20, weight=ft.FontWeight.BOLD))
        if rules.money:
            lines.append(ft.Text(pot_line(words, session), size=16))
        for record in session.state.games:
            if record.finished:
                lines.append(bullet(words.t("ui.game_won", number=record.number,
                                          winners=", ".join(record.winners)),
                                    icon=ft.Icons.EMOJI_EVENTS))
    if deal_guide.session_over:
        lines.append(bullet(words.t("ui.session_over"), icon=ft.Icons.FLAG))
    return panel(words.t(f"variant.{rules.variant}"), *lines)
