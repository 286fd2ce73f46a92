"""Paying a transfer whole or in part: the same two buttons and the same field on the
settle-up screen and on a group's tab."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.widgets import Entry, action
from scorekeeper.core import Money, RuleError
from scorekeeper.core.owed import amount_of
from scorekeeper.i18n import describe, parse_number
from scorekeeper.i18n.accounts import amount

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorekeeper.app.words import Words


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
            set_refused(describe(error, lang))
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
