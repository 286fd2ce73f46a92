"""Settle up: what everyone won or lost, the end-of-session pot rule, who still pays whom,
and for each transfer a code the payer scans to pay it on the spot, and the money handed
over, whole or in part (RULES.md: a payment is money moved, never forgotten)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.inputs import Entry
from scorekeeper.app.paying import PayCard, plan_moved
from scorekeeper.app.routes import route_to
from scorekeeper.app.widgets import (
    GoTo,
    action,
    bullet,
    confirmation,
    icon_button,
    panel,
    readout,
    refused,
    screen,
    screen_bar,
)
from scorekeeper.core import Closing, Deal, Money, Transfer
from scorekeeper.core.leaving import Leaving, going
from scorekeeper.i18n import join
from scorekeeper.i18n.accounts import account_name, amount, payment_line, pot_line
from scorekeeper.i18n.evening_words import leaving_line
from scorekeeper.i18n.placings import closing_line
from scorekeeper.session import SESSION_EXPORTS

if TYPE_CHECKING:  # the payments package loads when settle-up is first shown
    from collections.abc import Awaitable, Callable, Mapping, Sequence

    from scorekeeper.app.state.said import Said
    from scorekeeper.app.words import Words
    from scorekeeper.payments import Offer
    from scorekeeper.session import Export, OpenSession

    # How a payment is recorded: the session, payer, payee, minor units, what is said.
    Paying = Callable[[OpenSession, str, str, int, str], bool]

@dataclass(frozen=True, slots=True)
class Settling:
    """What settle-up shows: the session's end as it stands or, while a leave waits with
    the next deal, as it stands once the leavers have gone (core/leaving.py, ``going``)."""

    closing: Closing
    owed: Mapping[str, int]  # what each still pays (-) or gets (+), payments counted
    offers: Sequence[tuple[Transfer, Offer | None]]  # the transfers of the list, in order
    leaving: Sequence[tuple[Leaving, Sequence[Transfer]]] = ()  # each leaver's, and why


def settling(session: OpenSession, waiting: Deal, language: str) -> Settling:
    """The settle-up of ``session`` with the changes ``waiting`` for its next deal."""
    gone = (None if session.over else
            going(session.table, session.state, session.handovers, waiting.leaves,
                  waiting.joins))
    if gone is None:
        return Settling(session.closing, session.owed, session.offers(language))
    # The codes are drawn for the session's own plan: the plan once they have gone has none.
    return Settling(gone.closing, gone.owed, [(t, None) for t in gone.others], gone.leavers)


@dataclass(frozen=True, slots=True)
class Settles:
    """What settle-up asks of the session on show: its commands (SessionShown's, bound, so
    equal from one draw to the next). What only the host does is None on a device that
    watches: the part that asks it is not drawn."""

    reload: Callable[[], None]  # after a refusal for a stale version
    export: Callable[[OpenSession, Export], bytes | None]
    finish: Callable[[OpenSession], object] | None = None
    pay: Paying | None = None
    take_back: Callable[[OpenSession, int, str], object] | None = None
    move_to_group: Callable[[OpenSession, str | None, str], object] | None = None


@ft.memo
@ft.component
def SettleUp(session: OpenSession, waiting: Deal, asks: Settles, said: Said, words: Words,
             go: Callable[[str], object]) -> ft.Control:
    """``waiting``: the seat changes waiting with the next deal (its draft's); ``said``:
    why the last thing asked was refused, and where the notices go."""
    table = session.table
    confirm, set_confirm = ft.use_state(False)
    money = table.money
    lang = words.language
    settled = settling(session, waiting, lang)
    closing = settled.closing

    def as_text() -> str:
        from scorekeeper.payments import transfer_text

        details = session.payment_details
        lines = [f"{session.name} – {words.t(f'variant.{table.rules.variant}')}"]
        lines += [words.t("ui.money_of", player=p, amount=amount(closing.money[p], money, lang))
                  for p in session.state.everyone]
        lines += ["", words.t("sheet.transfers") + ":"]
        plan = [t for _, theirs in settled.leaving for t in theirs]
        plan += [t for t, _ in settled.offers]
        lines += [transfer_text(t, money, details.get(t.payee), lang, session.paid_towards(t))
                  for t in plan]
        if not plan:
            lines.append(words.t("cli.nothing_to_settle"))
        return "\n".join(lines)

    async def copy() -> None:
        await ft.Clipboard().set(as_text())
        said.notice = words.t("ui.copied")

    def saver(kind: Export) -> Callable[[], Awaitable[None]]:
        async def save_it() -> None:
            await save(kind)
        return save_it

    async def save(kind: Export) -> None:
        body = asks.export(session, kind)
        if body is None:
            return
        await ft.FilePicker().save_file(file_name=session.file_name(kind), src_bytes=body)
        said.notice = words.t("ui.exported", file=session.file_name(kind))

    def finish() -> None:
        set_confirm(False)
        if asks.finish is not None:  # asked only where Finish is offered: the host's
            asks.finish(session)

    ft.use_dialog(
        confirmation(said, words, words.t("ui.finish_title"), words.t("ui.finish_text"),
                     words.t("ui.finish_confirm"), finish, lambda: set_confirm(False))
        if confirm
        else None
    )

    results: list[ft.Control] = []
    for player in session.state.everyone:
        results.append(ft.Row(alignment=ft.MainAxisAlignment.SPACE_BETWEEN, controls=[
            ft.Text(player, size=20, weight=ft.FontWeight.BOLD),
            readout(label=words.t("ui.money_of", player=player,
                                  amount=amount(closing.money[player], money, lang)),
                    content=ft.Text(amount(closing.money[player], money, lang),
                                    size=22, weight=ft.FontWeight.BOLD)),
        ]))
        if session.handovers:  # once money has moved: what is left of it, player by player
            results.append(ft.Text(still_owed(words, player, settled.owed[player], money),
                                   size=15, color=ft.Colors.ON_SURFACE_VARIANT))
    rule = [bullet(closing_line(entry, money, lang), icon=ft.Icons.SAVINGS)
            for entry in closing.entries]
    if closing.pot_left:
        rule.append(bullet(words.t("sheet.pot_left",
                                   amount=amount(closing.pot_left, money, lang)),
                           icon=ft.Icons.SAVINGS))
    if not rule:  # nothing to share out: what the pot holds, as the table's header says it
        rule.append(ft.Text(pot_line(session.guide, lang, over=session.over)))
    pictures = session.code_pictures(lang)
    transfers = [PayCard(words, money, transfer, session.paid_towards(transfer), offer,
                         pictures, paying(words, session, transfer, asks.pay))
                 for transfer, offer in settled.offers
                 ] or [ft.Text(words.t("cli.nothing_to_settle"))]
    if session.plan_change is not None and not settled.leaving:  # once, above the plan it moved
        transfers.insert(0, plan_moved(words, session.plan_change, money))
    leaving = leaving_panels(words, session, settled, asks.pay)
    handed = payments_made(words, session, asks.take_back)
    exports = ft.Row(wrap=True, spacing=10, controls=[
        action(words.t("card.open"), ft.Icons.IMAGE,
               GoTo(go, route_to("card", session=session.id)), filled=True),
        action(words.t("ui.copy_text"), ft.Icons.COPY, copy),
        *(action(words.t(made.label), getattr(ft.Icons, made.icon.upper()), saver(made.key))
          for made in SESSION_EXPORTS.offered().values()),
    ])
    finish_row: list[ft.Control] = []
    if session.finished:
        finish_row.append(bullet(words.t("ui.session_finished"), icon=ft.Icons.LOCK))
    elif asks.finish is not None:
        finish_row.append(action(words.t("ui.finish_session"), ft.Icons.LOCK,
                                 lambda: set_confirm(True)))
    return ft.Column(expand=True, spacing=0, controls=[
        screen_bar(words, go, words.t("ui.settle_of", name=words.session_name(
            session.name, session.table.rules.variant)), route_to("table", session=session.id)),
        screen(
            *refused(said, words, asks.reload),
            panel(results_title(words, session, settled), *results),
            panel(words.t("ui.end_pot_rule",
                          rule=words.t(f"option.end_pot.{table.rules.end_pot}")), *rule),
            *leaving,
            panel(words.t("sheet.transfers"), *transfers),
            *([panel(words.t("sheet.payments"), *handed)] if handed else []),
            *([GroupChoice(words, session, asks.move_to_group)]
              if asks.move_to_group is not None else []),
            exports,
            *finish_row,
        ),
    ])


def results_title(words: Words, session: OpenSession, settled: Settling) -> str:
    """"Result if the session ends now", or once the leavers waiting have gone."""
    if session.finished:
        return words.t("ui.results_final")
    if settled.leaving:
        return words.t("ui.results_once_gone",
                       players=join([left.leaver for left, _ in settled.leaving],
                                    words.language))
    return words.t("ui.results")


def still_owed(words: Words, player: str, owed: int, money: Money) -> str:
    """What is left for ``player`` after every payment: to pay, to receive, or nothing."""
    lang = words.language
    if owed < 0:
        return words.t("ui.still_to_pay", player=player, amount=amount(-owed, money, lang))
    if owed > 0:
        return words.t("ui.still_to_get", player=player, amount=amount(owed, money, lang))
    return words.t("ui.all_square", player=player)


def leaving_panels(words: Words, session: OpenSession, settled: Settling, pay: Paying | None
                   ) -> list[ft.Control]:
    """For each player whose leave waits with the next deal ("Settle up now" on the leave
    panel): what they pay or get once gone and why (the leave panel's sentence), and the
    transfers that settle it, to be paid before they go home (``pay``: the table's, None
    on a device that only watches)."""
    return [panel(words.t("ui.before_leaving", player=left.leaver),
                  bullet(leaving_line(left, session.table.money, words.language),
                         icon=ft.Icons.INFO_OUTLINE),
                  *([PayCard(words, session.table.money, transfer,
                             session.paid_towards(transfer), None, {},
                             paying(words, session, transfer, pay))
                     for transfer in theirs]
                    or [ft.Text(words.t("ui.leaver_settled", player=left.leaver))]))
            for left, theirs in settled.leaving]


def paying(words: Words, session: OpenSession, transfer: Transfer, pay: Paying | None
           ) -> Callable[[int], bool] | None:
    """How the card of ``transfer`` records an amount paid along it (``pay``: the table's;
    None on a device that only watches), and what is said once it is."""
    if pay is None:
        return None
    money, lang = session.table.money, words.language
    payer, payee = account_name(transfer.payer, lang), account_name(transfer.payee, lang)

    def paid(minor: int) -> bool:
        return pay(session, transfer.payer, transfer.payee, minor,
                   payment_line(payer, payee, minor, money, lang))

    return paid


@ft.component
def GroupChoice(words: Words, session: OpenSession,
                move_to_group: Callable[[OpenSession, str | None, str], object]) -> ft.Control:
    """The group whose running tab counts the session: changed here, or none."""
    typed = ft.use_ref(session.group or "")  # what the field holds (see PayButtons)
    where = (words.t("ui.counts_in_group", group=session.group) if session.group
             else words.t("ui.in_no_group"))

    def move(group: str | None) -> None:
        notice = words.t("ui.counts_in_group", group=group) if group else words.t("ui.in_no_group")
        move_to_group(session, group, notice)

    controls: list[ft.Control] = [
        bullet(where, icon=ft.Icons.GROUPS),
        ft.Row(wrap=True, spacing=10, controls=[
            Entry(words.t("ui.group_name"), typed.current,
                  lambda text: setattr(typed, "current", text), width=220,
                  on_enter=lambda text: move(text.strip() or None)),
            action(words.t("ui.count_in_group"), ft.Icons.GROUPS,
                   lambda: move(typed.current.strip() or None)),
        ]),
    ]
    if session.group:
        controls.append(action(words.t("ui.leave_group"), ft.Icons.GROUP_OFF,
                               lambda: move(None)))
    return panel(words.t("ui.group_panel"), *controls)


def payments_made(words: Words, session: OpenSession,
                  take_back: Callable[[OpenSession, int, str], object] | None = None,
                  ) -> list[ft.Control]:
    """The money handed over, one line each ("Astrid paid Dag SEK 5.00"), in the order
    it was paid; with ``take_back``, each can be taken back (paid by mistake), its line
    keyed by the payment: a Take back landing as the lines close up after another reaches
    the payment its line showed, never the one that moved into its place."""
    money, lang = session.table.money, words.language
    lines: list[ft.Control] = []
    for payment in session.payments_made:
        given = payment.handover
        said = payment_line(account_name(given.payer, lang), account_name(given.payee, lang),
                            given.minor, money, lang)
        line = bullet(said, icon=ft.Icons.CHECK_CIRCLE)
        if take_back is not None:
            line = ft.Row(spacing=4, key=f"payment-{payment.id}", controls=[
                ft.Container(expand=True, content=line),
                icon_button(ft.Icons.UNDO, words.t("ui.take_back_payment", payment=said),
                            lambda payment_id=payment.id, said=said: take_back(
                                session, payment_id,
                                words.t("ui.payment_taken_back", payment=said)))])
        lines.append(line)
    return lines
