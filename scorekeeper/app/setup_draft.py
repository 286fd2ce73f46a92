"""The table being set up on New session: the game, its house rules, the players in order,
the money as typed, and why Start was refused; kept while the screen is open."""

from __future__ import annotations

from dataclasses import dataclass, field

import flet as ft

from scorekeeper.core import (
    Card,
    Message,
    Money,
    RuleError,
    State,
    Table,
    make_money,
    make_table,
    options_of,
)
from scorekeeper.core.errors import refuse
from scorekeeper.core.table import refuse_if_seated
from scorekeeper.core.text import player_name, quote
from scorekeeper.i18n import number, parse_number, text


@ft.observable
@dataclass
class SetupDraft:
    name: str = ""
    group: str = ""  # the group whose tab the session counts in ("" none)
    group_picked: int = 0  # groups chosen from the chips: each one redraws the field
    variant: str = "english"
    options: dict[str, object] = field(default_factory=dict)
    players: list[str] = field(default_factory=list)
    new_name: str = ""
    names_typed: int = 0  # names added from the field: each one empties it
    money: bool = False
    currency: str = "SEK"
    unit: str = "1"
    first_dealer: str | None = None
    drawn: list[tuple[str, Card]] = field(default_factory=list)
    # Why the name just typed was not added (it stays in the field, to be fixed).
    name_refused: Message | None = None
    problem: str | None = None  # why Start was refused: gone as soon as the set-up changes
    unit_refused: str | None = None  # the same, on the unit's field, when it was the unit
    # Number options typed as something that is not a whole number, as typed: Start says so.
    unreadable: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # Observables hold their listeners weakly: the draft keeps this one itself.
        self._answer = lambda _draft, changed: self._forget_problem(changed)
        self.subscribe(self._answer)

    @classmethod
    def play_again(cls, name: str, table: Table, state: State, group: str | None,
                   language: str) -> SetupDraft:
        """The next evening of an earlier session: the same group, the players as they sat
        at its end, the game, its house rules and money; the deal moving on to whoever
        would have dealt next."""
        money = table.money
        return cls(
            name=name, group=group or "", variant=table.rules.variant,
            options={k: v for k, v in table.options.items() if k != "money"},
            players=list(state.seated), money=bool(money.currency),
            currency=money.currency or "SEK", unit=number(money.unit, language),
            first_dealer=state.dealer)

    def _forget_problem(self, changed: str | None) -> None:
        if changed not in (None, "problem", "drawn", "unit_refused") and self.problem is not None:
            self.problem = None
        if changed == "unit" and self.unit_refused is not None:
            self.unit_refused = None

    def add(self, name: str) -> bool:
        """Seat ``name`` if it is a name the rules take and nobody has it yet."""
        try:
            checked = player_name(name)
            refuse_if_seated(self.players, checked)
        except RuleError as error:
            self.name_refused = error.message
            return False
        self.players = [*self.players, checked]
        self.name_refused = None
        return True

    def add_typed(self, name: str) -> None:
        """Seat the name typed in the field; the field is emptied for the next one."""
        if self.add(name):
            self.new_name = ""
            self.names_typed += 1

    def pick_group(self, name: str) -> None:
        """Choose a group from the list (tapped again: none)."""
        self.group = "" if self.group == name else name
        self.group_picked += 1

    def remove(self, name: str) -> None:
        self.players = [p for p in self.players if p != name]
        if self.first_dealer == name:
            self.first_dealer = None

    def move(self, name: str, steps: int) -> None:
        order = list(self.players)
        seat = order.index(name)
        target = max(0, min(len(order) - 1, seat + steps))
        order.insert(target, order.pop(seat))
        self.players = order

    def choose_variant(self, variant: str) -> None:
        self.variant = variant
        self.options = {}

    def table(self, language: str) -> Table:
        """The table as set up (``RuleError`` if the rules refuse it), the money and the
        options as typed in ``language``."""
        if self.unreadable:  # the first option typed as no whole number
            name, typed = next(iter(self.unreadable.items()))
            label = next(o.label for o in options_of(self.variant) if o.name == name)
            raise refuse("setup.option_not_whole", option=text(label, language),
                         value=quote(typed))
        money = typed_money(self, language) if self.money else make_money()
        return make_table(self.variant, self.players, self.first_dealer, house_rules(self),
                          money)

    def refused(self, reason: str, error: Exception) -> None:
        """Start was refused for ``reason``: said below the form, and on the unit's field
        when the unit was what the rules refused."""
        self.problem = reason
        if isinstance(error, RuleError) and error.message.key.startswith("setup.unit_"):
            self.unit_refused = reason


def house_rules(draft: SetupDraft) -> dict[str, object]:
    """The options the table chose, with "play for money" where the game stakes it."""
    options = dict(draft.options)
    if draft.money and any(option.name == "money" for option in options_of(draft.variant)):
        options["money"] = True
    return options


def typed_money(draft: SetupDraft, language: str) -> Money:
    """The unit as the table typed it, in its language: "0,50" in Swedish, "0.50" in English."""
    unit = parse_number(draft.unit, language)
    if unit is None:
        raise refuse("setup.unit_not_a_number", unit=quote(draft.unit))
    return make_money(unit, draft.currency, typed=draft.unit)
