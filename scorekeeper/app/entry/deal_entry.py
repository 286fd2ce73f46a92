"""Entering a deal (or correcting one): a row per player, the rarer events, Save.

Tricks start at 0 and the last player's follow from the others', so a normal deal is a
tap per player but one, and Save. The rules check the draft as it changes (once per
change of the draft or the session's version): a refusal shows on the row it concerns
and beside Save, which never leaves the screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.entry.assistant import AssistantFold, TableStatus
from scorekeeper.app.entry.check import check, ending_text, summary, tricks_left
from scorekeeper.app.entry.extras import Chooser, Extras, ExtraTaps, extras_view
from scorekeeper.app.entry.keys import KeyLegend, keyboard
from scorekeeper.app.entry.rows import PlayerRow, RowTaps, row_view
from scorekeeper.app.entry.save_bar import SaveBar, SaveTaps, TakenBar, save_bar_view, taken_view
from scorekeeper.app.entry.seats import SeatChanges, SeatPanel, WaitingChanges
from scorekeeper.app.routes import route_to
from scorekeeper.app.widgets import GoTo
from scorekeeper.core import N_, Bidding, changes, duties, games_ended, guide
from scorekeeper.core.offers import may_buy_down
from scorekeeper.core.seat_changes import dealt_in
from scorekeeper.session.standing_view import figures_at

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorekeeper.app.draft import DealDraft
    from scorekeeper.app.entry.save_bar import SaidNow
    from scorekeeper.app.state.drafts import DealTaken
    from scorekeeper.app.words import Words
    from scorekeeper.core import Deal, DealGuide, State, Step
    from scorekeeper.session import OpenSession


@dataclass(frozen=True, slots=True)
class EntryPage:
    """What of the page the entry shows beside its session and its draft, read by the
    screen's record: compared by value, so a root's pass that changed none of it leaves the
    entry as it is."""

    words: Words
    wide: bool  # a desktop's window: the keys, the row the digits go to, the panel beside
    said: SaidNow  # the notice, and why the last thing asked was refused
    taken: DealTaken | None  # another device recorded the deal the draft was entered for
    roster: tuple[str, ...]  # the names offered to sit down


@dataclass(frozen=True, slots=True)
class EntryTaps:
    """What the entry's taps do: the page's commands, bound methods handed by the screen's
    record, equal from one draw to the next (so no memoized part is drawn again for new
    ones)."""

    record: Callable[..., Step | None]  # SessionShown.record: the next deal
    edit: Callable[[OpenSession, int, Deal], bool]  # SessionShown.edit: a deal corrected
    reload: Callable[[], object]  # the session as stored now, after a stale refusal
    go: Callable[[str], object]
    discard_mine: Callable[[], object]  # answers to a deal another device recorded
    keep_mine: Callable[[], object]


@ft.memo
@ft.component
def DealEntry(session: OpenSession, draft: DealDraft, page: EntryPage, taps: EntryTaps,
              index: int | None = None, on_saved: Callable[[], object] | None = None,
              on_undo: Callable[[], object] | None = None,
              status: TableStatus | None = None) -> ft.Control:
    """The rows and the extras (scrolling if they must), and Save below them, always in view.
    ``index``: correcting that deal (0-based) instead of entering the next one; ``status``:
    the pot and the game, on a phone (a desktop shows them beside the entry)."""
    words = page.words
    table = session.table
    before = session.state_before(index) if index is not None else session.state
    # The table the deal is dealt by: after the joins and leaves waiting for it.
    waiting = draft.seat_changes
    # The seats and their words, the rows' and the assistant's alike: the next deal's as
    # the table beside the rows has them (``OpenSession.next_deal``).
    def dealt() -> tuple[State, DealGuide]:
        if index is None:
            return session.next_deal(waiting)
        at = dealt_in(table, before, waiting)
        return at, guide(table, at)

    at_table, deal_guide = ft.use_memo(dealt, [waiting, session.version, index])
    seats = deal_guide.seats
    playing = list(seats.order)
    deal = draft.deal(playing, session.fields.tricks)
    language = words.language
    verdict = ft.use_memo(lambda: check(table, before, deal, language),
                          [deal, session.version, index, language])
    number = before.deals + 1
    # The rows show where everyone stood as this deal was dealt: the table now for the
    # next deal, the state before it for a deal being corrected.
    figures = ft.use_memo(lambda: session.figures if index is None else figures_at(
        table, before, session.plays_for_money), [session.version, index])
    entered = draft.entered
    duty = duties(table, at_table, Bidding.of(entered, seats.order))
    buying = may_buy_down(table, before, deal)
    filled = draft.filled_in(playing, session.fields.tricks)  # whose tricks follow

    def save_now() -> None:
        if verdict.refusal is not None:
            return
        if index is None and draft.for_deal != number:
            # Another device recorded this deal after the tap was made: the question is on
            # screen (or on its way), and nothing is saved until it is answered. (Asked of
            # the draft, not of ``page.taken``: a question left open on another session's
            # table must not stop this one's Save.)
            return
        if index is not None:
            if taps.edit(session, index, deal) and on_saved is not None:
                on_saved()
            return
        def cleared(step: Step) -> None:
            said = summary(words, table, changes(table, step.entries),
                           N_("ui.deal_saved"), number=number)
            ended = games_ended(before, step)
            if ended:
                said += "\n" + ending_text(words, table, ended)
            draft.saved(number + 1, said)

        taps.record(session, deal, verdict.step, then=cleared)

    # Save and the keys hold one callback for good (a memoized SaveBar is not redrawn for a
    # new one); it saves what this draw shows.
    latest = ft.use_ref(lambda: save_now)  # a callable is a factory: it hands save_now over
    latest.current = save_now
    save = ft.use_callback(lambda: latest.current(), [])
    clear = ft.use_callback(lambda: draft.clear(), [draft])
    keyed = page.wide  # on a desktop a whole deal can be keyed in, a correction too

    def listen() -> None:
        ft.context.page.on_keyboard_event = (
            keyboard(draft, playing, session.fields.tricks, save) if keyed else None)

    def stop_listening() -> None:
        ft.context.page.on_keyboard_event = None

    ft.use_effect(listen, [draft, tuple(playing), session.fields.tricks, keyed],
                  cleanup=stop_listening)

    # The rows keep the places the players keep at the table, from deal to deal: the
    # dealer, the forehand and the right hand are marked on them as the deal goes round.
    # (Turned each deal to speaking order, three rows moved at every Save: measured, a
    # quarter of the browser's work after the reply.) The keys still go in speaking order.
    rows = [
        PlayerRow(row_view(words, session, draft, player, deal_guide, duty.get(player),
                           verdict.refusal if verdict.player == player and not verdict.unfinished
                           else None,
                           filled=deal.tricks_of(player) if filled == player else None,
                           may_buy_down=player in buying, figures=figures,
                           marked=page.wide and draft.cursor == playing.index(player)),
                  # Keyed by player: a row that comes or goes (a join, a leave, the
                  # dealer of six sitting out) moves no other row's taps.
                  RowTaps(draft, player), key=player)
        for player in at_table.seated if player in playing
    ]
    heading = words.t("ui.deal_by", number=number, dealer=seats.dealer)
    # A phone has no room beside the rows for the assistant: it is folded above them with
    # the deal's heading and the pot, for the table as it now sits.
    top = ([AssistantFold(words, table.rules, deal_guide, heading, status,
                          GoTo(taps.go, route_to("rules", session=session.id)))]
           if status is not None
           else [ft.Text(heading, size=20, weight=ft.FontWeight.BOLD)])
    sitting_out = ([ft.Text(words.t("ui.sitting_out", players=", ".join(seats.sitting_out)))]
                   if seats.sitting_out else [])
    # Between deals the table can change; a deal being corrected keeps the table it had.
    changing, set_changing = ft.use_state("")  # "", "join" or "leave": its panel is open
    close_change = ft.use_callback(lambda: set_changing(""), [])
    # The setter is a new function at every draw: the chips are handed one held for good,
    # so that a Save does not draw them again.
    open_change = ft.use_callback(lambda change: set_changing(change), [])
    comings = [SeatChanges(words, open_change)] if index is None else []
    extras, extra_taps = extras_view(words, session.fields, draft, playing), ExtraTaps(draft)
    # The changes of the table waiting for this deal, which Save records with it, come first
    # under the deal's heading, in view: above Save they took the rows' room, and the end of
    # the rows (Someone joins, Someone leaves) was cut under them on a phone.
    waiting_changes = ([WaitingChanges(words, draft)]
                       if index is None and (entered.joins or entered.leaves) else [])
    seat_panel = ([SeatPanel(words, session, draft, before, at_table.seated, seats.dealer,
                             changing, close_change, page.roster,
                             GoTo(taps.go, route_to("settle", session=session.id)))]
                  if changing and index is None else [])
    # The change being made takes the rows' place on a phone, whose screen has no room for
    # both: above Save it covered the rows' end, or a player's row. A desktop has the room.
    in_place = bool(seat_panel) and not page.wide
    listed = ([*top, *waiting_changes, *seat_panel] if in_place else
              [*top, *sitting_out, *waiting_changes, *rows, Extras(extras, extra_taps), *comings])
    # An open question ("Who took the widow?", "Who sits down?") sits above Save, in view:
    # at the end of the rows a phone would hide it below the fold.
    questions = [*([Chooser(extras, extra_taps)] if extras.choosing else []),
                 *([] if in_place else seat_panel)]
    taken = page.taken
    # Keyed, so that a question opening above the bar (a widow, a join) leaves the bar and
    # its Save as they are: diffed by position, the bar was drawn anew against the question.
    save_bar = (TakenBar(taken_view(words, page.said.notice, session, taken), taps.discard_mine,
                         taps.keep_mine, key="taken")
                if taken is not None and taken.session_id == session.id else
                SaveBar(save_bar_view(
                    words, page.said, session,
                    tricks_left(words, draft, deal, session.fields.tricks),
                    verdict, number, may_undo=on_undo is not None,
                    just_saved=draft.just_saved if draft.for_deal == number
                    and not draft.started else None, may_clear=draft.started),
                    SaveTaps(save, on_undo, clear, taps.reload, taps.go), key="save_bar"))
    return ft.Column(
        expand=True, spacing=4,
        controls=[
            ft.Column(expand=True, spacing=3, scroll=ft.ScrollMode.AUTO, controls=listed),
            *questions,
            *([KeyLegend(words.t("ui.keys_legend"))] if keyed else []),
            save_bar,
        ],
    )
