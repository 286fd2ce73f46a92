"""Someone joins, someone leaves: the table changed between deals, before the next is dealt.

A change belongs to the deal it first applies to (RULES.md, "Players who come and go"), so
it is part of the deal being entered: the rows, the dealer and the assistant follow it at
once, and Save records it with the deal. Until then it can be taken back with a tap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.inputs import Entry, choices
from scorekeeper.app.widgets import action, error_line, labelled, panel
from scorekeeper.core import Deal, Join, RuleError, State, Table
from scorekeeper.core.leaving import Leaving, leaving
from scorekeeper.core.seat_changes import seat_changes
from scorekeeper.core.text import name_key
from scorekeeper.i18n import shown
from scorekeeper.i18n.evening_words import leaving_line

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorekeeper.app.draft import DealDraft
    from scorekeeper.app.words import Words
    from scorekeeper.session import OpenSession


def refused(table: Table, before: State, changes: Deal, language: str) -> str | None:
    """Why the table cannot change so, in words; None when it can."""
    try:
        seat_changes(table, before, changes)
    except RuleError as error:
        return shown(error, language)
    return None


@ft.memo
@ft.component
def SeatChanges(words: Words, open_change: Callable[[str], None]) -> ft.Control:
    """The two ways to change the table: "join" or "leave" opens its panel."""
    return ft.Row(wrap=True, spacing=6, run_spacing=4, controls=[
        labelled(label, ft.Chip(label=ft.Text(label), leading=ft.Icon(icon),
                                on_click=lambda _, c=change: open_change(c)))
        for change, label, icon in (
            ("join", words.t("ui.someone_joins"), ft.Icons.PERSON_ADD),
            ("leave", words.t("ui.someone_leaves"), ft.Icons.PERSON_REMOVE))])


@ft.component
def WaitingChanges(words: Words, draft: DealDraft) -> ft.Control:
    """The changes waiting for this deal, each taken back with a tap: above Save, in view,
    as Save records them. (At the end of the rows, a phone's five rows in German or French
    left them under Save, to be scrolled to.)"""
    return ft.Row(wrap=True, spacing=6, run_spacing=4, controls=[
        *(waiting_change(words, draft, join.name, "joins",
                         words.t("ui.joins_after", player=join.name, after=join.after))
          for join in draft.entered.joins),
        *(waiting_change(words, draft, player, "leaves", words.t("ui.leaves", player=player))
          for player in draft.entered.leaves),
    ])


def waiting_change(words: Words, draft: DealDraft, player: str, change: str, said: str
                   ) -> ft.Control:
    """One change waiting for the deal (``change``: "joins" or "leaves"), as ``said``
    ("Erik joins after Cilla ✕"). A tap on it or on its ✕ takes it back: the chip is the
    "Take back" button a screen reader announces. Keyed by the change: a tap landing as
    the chips close up after another was taken back reaches the change its chip showed,
    never the one that moved into its place."""
    def back(_: ft.Event[ft.Chip]) -> None:
        draft.take_back_change(player)

    icon = ft.Icons.PERSON_ADD if change == "joins" else ft.Icons.PERSON_REMOVE
    return labelled(words.t("ui.take_back_change", player=player), ft.Chip(
        label=ft.Text(said), leading=ft.Icon(icon), delete_icon=ft.Icon(ft.Icons.CLOSE),
        on_click=back, on_delete=back), key=f"{change}-{name_key(player)}")


@ft.component
def SeatPanel(words: Words, session: OpenSession, draft: DealDraft, before: State,
              seated: tuple[str, ...], dealer: str, change: str, close: Callable[[], None],
              roster: tuple[str, ...], settle_up: Callable[[], None]) -> ft.Control:
    """The change being made, above Save and in view (at the end of the rows a phone would
    hide it below the fold): who sits down (``roster``: the names offered) and where, or
    who stands up (``settle_up``: opens settle-up, for one who leaves owing)."""
    if change == "join":
        return JoinPanel(words, session, draft, before, seated, dealer, close, roster)
    return LeavePanel(words, session, draft, before, seated, close, settle_up)


@ft.component
def JoinPanel(words: Words, session: OpenSession, draft: DealDraft, before: State,
              seated: tuple[str, ...], dealer: str, close: Callable[[], None],
              roster: tuple[str, ...]) -> ft.Control:
    """Who sits down (from the roster or a new name) and after whom: the table's order."""
    typed = ft.use_ref(lambda: {"name": ""})
    after, set_after = ft.use_state(dealer)
    problem, set_problem = ft.use_state(None)
    field_key, set_field_key = ft.use_state(0)
    language = words.language
    at_table = {name_key(p) for p in seated}
    from_roster = [name for name in roster if name_key(name) not in at_table]

    def sit_down(name: str) -> None:
        join = Join(name, after if after in seated else dealer)
        changes = Deal(leaves=draft.entered.leaves, joins=(*draft.entered.joins, join))
        why = refused(session.table, before, changes, language)
        if why is not None:
            set_problem(why)  # said in words; the table is as it was
            return
        draft.sit_down(join)
        close()

    def pick(name: str) -> None:
        typed.current["name"] = name
        set_field_key(field_key + 1)  # the field shows the name picked

    return panel(
        words.t("ui.someone_joins"),
        Entry(words.t("ui.joiner_name"), typed.current["name"],
              lambda text: typed.current.__setitem__("name", text),
              on_enter=lambda text: sit_down(text), key=f"joiner-{field_key}", width=260),
        *([ft.Row(wrap=True, spacing=6, controls=[
            labelled(words.t("ui.seat_player", player=name), ft.Chip(
                label=ft.Text(name), leading=ft.Icon(ft.Icons.PERSON),
                on_click=lambda _, n=name: pick(n)))
            for name in from_roster])] if from_roster else []),
        choices(words.t("ui.sits_after"), [(p, p) for p in seated], after, set_after,
                language),
        error_line(problem),
        ft.Row(wrap=True, spacing=8, controls=[
            action(words.t("ui.sit_down"), ft.Icons.CHECK,
                   lambda: sit_down(typed.current["name"]), filled=True),
            action(words.t("ui.cancel"), ft.Icons.CLOSE, close),
        ]),
    )


def leave_panel_words(session: OpenSession, before: State, entered: Deal, leaver: str,
                      language: str) -> tuple[Leaving | None, str | None]:
    """What the leave panel says of ``leaver`` going home before the next deal (dealt from
    ``before``, with the changes ``entered`` already waiting): what they owe
    (``core.leaving.leaving``) and, where there is anything to say, why it is not their
    row's figure, in the sentence settle-up and ``show`` say (``leaving_line``)."""
    if not session.plays_for_money:
        return None, None
    left = leaving(session.table, before, leaver, session.handovers,
                   also_leaving=entered.leaves, joining=entered.joins)
    if left is None or not (left.owed or left.given_up or left.paid):
        return left, None
    return left, leaving_line(left, session.table.money, language)


@ft.component
def LeavePanel(words: Words, session: OpenSession, draft: DealDraft, before: State,
               seated: tuple[str, ...], close: Callable[[], None],
               settle_up: Callable[[], None]) -> ft.Control:
    """Who stands up; one who leaves with money owed is offered to settle up first."""
    leaver, set_leaver = ft.use_state(None)
    problem, set_problem = ft.use_state(None)
    language = words.language

    def settle_first() -> None:
        """The leave waits with the deal (as Leaves would make it), and settle-up opens
        with what the leaver owes once gone."""
        if stand_up():
            settle_up()

    def stand_up() -> bool:
        if leaver is None:
            return False
        if any(join.name == leaver for join in draft.entered.joins):
            draft.stand_up(leaver)  # sat down for this deal only: the join is taken back
            close()
            return True
        changes = Deal(leaves=(*draft.entered.leaves, leaver), joins=draft.entered.joins)
        why = refused(session.table, before, changes, language)
        if why is not None:
            set_problem(why)
            return False
        draft.stand_up(leaver)
        close()
        return True

    left, said = (leave_panel_words(session, before, draft.entered, leaver, language)
                  if leaver is not None else (None, None))
    settle = []
    if left is not None and said is not None:
        settle = [ft.Text(said, size=16)]
        if left.owed:
            settle.append(action(words.t("ui.settle_now"), ft.Icons.PAYMENTS, settle_first))
    return panel(
        words.t("ui.someone_leaves"),
        choices(words.t("ui.who_leaves"), [(p, p) for p in seated], leaver,
                lambda p: (set_leaver(p), set_problem(None)), language),
        *settle,
        error_line(problem),
        ft.Row(wrap=True, spacing=8, controls=[
            action(words.t("ui.stands_up"), ft.Icons.CHECK, stand_up, filled=True,
                   disabled=leaver is None),
            action(words.t("ui.cancel"), ft.Icons.CLOSE, close),
        ]),
    )
