"""Paying a transfer: its card (who pays whom, what is paid of it, the codes the payer
scans), and paying it whole or in part: the same card, buttons and field on a session's
settle-up and on a group's tab."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.inputs import Entry
from scorekeeper.app.widgets import action, bullet, readout
from scorekeeper.core import Money, RuleError, Transfer
from scorekeeper.core.owed import amount_of
from scorekeeper.i18n import parse_number, render, shown
from scorekeeper.i18n.accounts import (
    account_name,
    amount,
    paid_of,
    plan_change_line,
    transfer_line,
)

if TYPE_CHECKING:  # the payments package loads when settle-up is first shown
    from collections.abc import Callable, Mapping

    from scorekeeper.app.words import Words
    from scorekeeper.core.owed import PlanChange
    from scorekeeper.payments import Offer, PaymentCode

CODE_SIDE = 264  # logical pixels: a phone camera reads it from an arm's length


@ft.component
def PayButtons(words: Words, payer: str, payee: str, minor: int, money: Money,
               pay: Callable[[int], bool]) -> ft.Control:
    """"Astrid paid Dag in full (SEK 10.00)", and "Astrid paid Dag a part", which opens a
    field for the amount as the table's language writes it ("2,50" in Swedish). ``pay``
    records an amount in minor units and says whether it was taken."""
    lang = words.language
    part, set_part = ft.use_state(False)  # the field for a part is open
    # What the field holds, kept as each key arrives: Save reads it, not the text of the
    # last drawing (a tap right after typing came before the redraw and paid "").
    typed = ft.use_ref("")
    refused, set_refused = ft.use_state("")  # why the amount typed is no payment

    def paid(minor: int) -> None:
        if pay(minor):
            set_part(False)
            typed.current = ""
            set_refused("")

    def pay_part(text: str) -> None:
        try:
            minor = amount_of(parse_number(text, lang) or text, money, typed=text)
        except RuleError as error:
            # Said on the field itself, where the eyes are, not at the top of the screen.
            set_refused(shown(error, lang))
            return
        paid(minor)

    whole = words.t("ui.paid_whole", payer=payer, payee=payee, amount=amount(minor, money, lang))
    controls: list[ft.Control] = [ft.Row(wrap=True, spacing=10, controls=[
        action(whole, ft.Icons.CHECK, lambda: paid(minor), filled=True),
        action(words.t("ui.paid_part", payer=payer, payee=payee), ft.Icons.EDIT,
               lambda: set_part(not part)),
    ])]
    if part:
        controls.append(ft.Row(wrap=True, spacing=10, controls=[
            Entry(words.t("ui.part_amount", payer=payer, payee=payee), typed.current,
                  lambda text: setattr(typed, "current", text),
                  on_enter=pay_part, width=220, keyboard_type=ft.KeyboardType.NUMBER,
                  error=refused or None),
            action(words.t("ui.save_payment"), ft.Icons.SAVE, lambda: pay_part(typed.current)),
        ]))
    return ft.Column(spacing=8, controls=controls)


def PayCard(words: Words, money: Money, transfer: Transfer, towards: int, offer: Offer | None,
            pictures: Mapping[PaymentCode, bytes], pay: Callable[[int], bool] | None
            ) -> ft.Control:
    """One transfer still owed, of a session's settle-up or a group's tab: who pays whom,
    what of it is paid already (``towards``), its codes (``offer``, drawn as ``pictures``)
    or why there are none, the exact amount and the message the payment carries; "Paid"
    for the whole of it, or a part typed in (``pay`` records an amount in minor units;
    None on a device that only watches)."""
    lang = words.language
    line = transfer_line(transfer, money, lang)
    payer, payee = account_name(transfer.payer, lang), account_name(transfer.payee, lang)
    controls: list[ft.Control] = [
        readout(label=line, content=ft.Text(line, size=20, weight=ft.FontWeight.BOLD)),
    ]
    if towards:
        controls.append(bullet(paid_of(towards, transfer, money, lang),
                               icon=ft.Icons.CHECK_CIRCLE, color=ft.Colors.PRIMARY))
    if offer is not None and offer.codes:
        controls.append(ft.Row(wrap=True, spacing=16, controls=[
            PaymentCodeView(words, code, pictures[code], payer, payee,
                            amount(transfer.minor, money, lang))
            for code in offer.codes]))
        controls += [
            ft.Text(words.t("ui.pay_amount", amount=amount(transfer.minor, money, lang)),
                    size=16),
            ft.Text(words.t("ui.pay_message", message=offer.message), size=14),
        ]
    elif offer is not None and offer.reason is not None:
        controls.append(bullet(render(offer.reason, lang), icon=ft.Icons.INFO_OUTLINE, size=14))
    if pay is not None:
        controls.append(PayButtons(words, payer, payee, transfer.minor, money, pay))
    return ft.Container(
        padding=ft.Padding.all(10), border_radius=ft.BorderRadius.all(12),
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        content=ft.Column(spacing=8, controls=controls),
    )


def plan_moved(words: Words, change: PlanChange, money: Money) -> ft.Control:
    """"That payment leaves one transfer fewer: Astrid now pays Dag SEK 3.00", above the
    transfers of a session's settle-up or a group's tab."""
    return bullet(plan_change_line(change, money, words.language), icon=ft.Icons.SWAP_HORIZ,
                  color=ft.Colors.PRIMARY)


def PaymentCodeView(words: Words, code: PaymentCode, picture_png: bytes, payer: str,
                    payee: str, sum_: str) -> ft.Control:
    """The code, black on white whatever the theme (a camera needs the contrast), with
    its scheme named below; read out as "Payment code, Swish: Astrid pays Dag SEK 10.00"."""
    scheme = words.t(f"payments.scheme_{code.scheme}")
    picture = ft.Container(
        bgcolor=ft.Colors.WHITE, border_radius=ft.BorderRadius.all(6),
        content=ft.Image(src=picture_png, width=CODE_SIDE, height=CODE_SIDE,
                         filter_quality=ft.FilterQuality.NONE, gapless_playback=True),
    )
    return ft.Column(spacing=4, horizontal_alignment=ft.CrossAxisAlignment.CENTER, controls=[
        ft.Semantics(label=words.t("ui.pay_code", scheme=scheme, payer=payer, payee=payee,
                                 amount=sum_),
                     image=True, container=True, exclude_semantics=True, content=picture),
        ft.Text(scheme, size=14, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_SURFACE),
    ])
