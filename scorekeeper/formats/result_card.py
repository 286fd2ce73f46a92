"""The result card: the evening on one picture for the group chat. What it says is worked
out here, in the reader's language; ``card_picture.py`` paints it. The same card comes
from the settle-up screen (shared or downloaded) and from ``scorekeeper export --format
png``; a group's tab has one too."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date

from scorekeeper.core import (
    N_,
    Money,
    Session,
    Transfer,
    close,
)
from scorekeeper.core.owed import Handover, PlanChange, owed_transfers, paid_between, plan_change
from scorekeeper.core.sittings import sittings
from scorekeeper.core.tab import Tab
from scorekeeper.formats.standings_table import standings_table
from scorekeeper.i18n import session_title, text
from scorekeeper.i18n.accounts import (
    amount,
    paid_of,
    payment_line,
    plan_change_line,
    transfer_line,
)
from scorekeeper.i18n.evening_words import tab_counted
from scorekeeper.i18n.figures import date_held


@dataclass(frozen=True, slots=True)
class Section:
    heading: str
    lines: tuple[str, ...]
    quiet: tuple[bool, ...] = ()  # per line: a detail under the line before it, drawn smaller


@dataclass(frozen=True, slots=True)
class Card:
    title: str
    subtitle: str
    columns: tuple[str, ...]  # the first is the player's name; the last, money
    rows: tuple[tuple[str, ...], ...]
    losses: tuple[bool, ...]  # per row: the money is a loss (drawn red)
    winners: str  # "Winners: Astrid and Dag" in countdown and count-up games, else ""
    notes: tuple[str, ...]  # a game not finished, who missed one; what the end of it did
    sections: tuple[Section, ...]
    sat: str = ""  # who sat when, under the title: "Erik from deal 4 · Dag until deal 6"
    places: tuple[str, ...] = ()  # per row: the player's place in the session's standings
    place_heading: str = ""


def session_card(name: str, session: Session, played_on: date,
                 payments: Sequence[Handover], language: str, *,
                 group: str | None = None, finished: bool = False) -> Card:
    """The session's result: titled with its name, group and date, who sat when, and
    whether it is finished; the standings (``standings_table``: each player's place, the
    figures it rests on, the money), who won, a game left unfinished and what the end of
    the session did with its amounts; who still pays whom (and what of it is paid); the
    money handed over."""
    table, state = session.table, session.state
    money, variant = table.money, table.rules.variant

    def t(key: str, **params: str | int) -> str:
        return text(key, language, **params)

    closing = close(table, state)
    standings = standings_table(table, state, closing, language, finished=finished)
    game = t(f"variant.{variant}")
    owed = owed_transfers(closing.money, payments, closing.pot_left)
    sections = [owed_section(owed, lambda transfer: max(0, paid_between(
        transfer.payer, transfer.payee, payments)), money, language,
        plan_change(closing.money, payments, closing.pot_left))]
    if payments:
        sections.append(Section(t("sheet.payments"), tuple(
            payment_line(given.payer, given.payee, given.minor, money, language)
            for given in payments)))
    called = session_title(name, variant, language)
    if group and called == game:
        called = group  # stored without a name: the group's evening
    elif group:
        called = f"{called} · {group}"
    state_mark = t("card.finished") if finished else t("card.not_finished")
    return Card(
        title=f"{called} · {date_held(played_on, language)}",
        subtitle=state_mark if called == game else f"{game} · {state_mark}",
        columns=standings.columns[1:],
        rows=tuple(row[1:] for row in standings.rows),
        losses=standings.losses,
        winners=standings.winners_line,
        notes=standings.notes + standings.closing,
        sections=tuple(sections),
        sat=sat_line(session, language),
        places=tuple(row[0] for row in standings.rows),
        place_heading=standings.columns[0],
    )


def sat_line(session: Session, language: str) -> str:
    """Who sat when, where someone did not sit for every deal (RULES.md, "Players who come
    and go"): "Erik from deal 4 · Dag until deal 6"."""
    last = len(session.steps)
    said = []
    for player, runs in sittings(session.steps).items():
        for first, until in runs:
            key = (N_("card.sat_between") if first > 1 and until < last
                   else N_("card.sat_from") if first > 1 else N_("card.sat_until"))
            said.append(text(key, language, player=player, first=first, last=until))
    return " · ".join(said)


def tab_card(group: str, money: Money, tab: Tab, own: Sequence[Handover], day: date,
             language: str) -> Card:
    """A group's running tab: each player's balance over its evenings, who pays whom to
    square it (with what of it is paid), and what was paid on the tab itself."""

    def t(key: str, **params: str | int) -> str:
        return text(key, language, **params)

    evenings = t("card.tab_counted", counted=tab_counted(tab, language))
    sections = [owed_section(tab.transfers, tab.paid_towards, money, language, tab.changed)]
    if own:
        sections.append(Section(t("sheet.payments"), tuple(
            payment_line(given.payer, given.payee, given.minor, money, language)
            for given in own)))
    return Card(
        title=group,
        subtitle=f"{evenings} · {date_held(day, language)}",
        # The balance alone: what was won and paid is on the tab's screen and its PDF; a
        # chat wants what each is owed or owes now.
        columns=(t("cli.col_player"), t("cli.col_balance")),
        rows=tuple((line.name, amount(line.balance, money, language, sign=True))
                   for line in tab.lines),
        losses=tuple(line.balance < 0 for line in tab.lines),
        winners="",
        notes=(),
        sections=tuple(sections),
    )


def owed_section(owed: Sequence[Transfer], paid_towards: Callable[[Transfer], int],
                 money: Money, language: str, changed: PlanChange | None = None) -> Section:
    """Who still pays whom, each transfer with what of it is paid already under it; first,
    what the last payment did to the plan, if more than take its amount off."""
    lines: list[str] = [plan_change_line(changed, money, language)] if changed else []
    quiet: list[bool] = [False] * len(lines)
    for transfer in owed:
        lines.append(transfer_line(transfer, money, language))
        quiet.append(False)
        if towards := paid_towards(transfer):
            lines.append(paid_of(towards, transfer, money, language))
            quiet.append(True)
    if not lines:
        return Section(text("sheet.transfers", language),
                       (text("cli.nothing_to_settle", language),))
    return Section(text("sheet.transfers", language), tuple(lines), tuple(quiet))
