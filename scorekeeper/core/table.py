"""Who sits at the table, in which order, playing what, for how much."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation

from scorekeeper.core.errors import refuse
from scorekeeper.core.presets import Rules, rules_for

MAX_UNIT = Decimal(1_000_000)  # more than a million a counter is not a card table

# Digits after the decimal point of the currencies a table is likely to use;
# anything else counts in hundredths, as most currencies do.
_MINOR_DIGITS = {"JPY": 0, "ISK": 0, "KRW": 0, "CLP": 0, "HUF": 2}


@dataclass(frozen=True, slots=True)
class Money:
    """What one unit (counter, chip, stake) is worth, in the currency's minor unit."""

    unit: Decimal = Decimal(1)
    currency: str | None = None

    @property
    def digits(self) -> int:
        return _MINOR_DIGITS.get(self.currency or "", 2)

    @property
    def minor_per_unit(self) -> int:
        return int(self.unit.scaleb(self.digits))

    def to_decimal(self, minor: int) -> Decimal:
        return Decimal(minor).scaleb(-self.digits)

    def format(self, minor: int) -> str:
        """``-1350`` öre is ``"-13.50"``: exact, in the currency's minor unit."""
        return f"{self.to_decimal(minor):.{self.digits}f}"


def make_money(unit: str | Decimal | int = 1, currency: str | None = None) -> Money:
    try:
        value = Decimal(str(unit).strip())
    except InvalidOperation:
        raise refuse("setup.unit_not_a_number", unit=str(unit)) from None
    money = Money(value, (currency or "").strip().upper() or None)
    if not value.is_finite() or value <= 0:
        raise refuse("setup.unit_not_positive", unit=str(unit))
    if value > MAX_UNIT:
        raise refuse("setup.unit_too_large", unit=str(unit), most=str(MAX_UNIT))
    if value.scaleb(money.digits) != money.minor_per_unit:
        raise refuse("setup.unit_finer_than_minor", unit=str(unit), digits=money.digits)
    return money


MAX_NAME = 40  # a name that fits on a phone's score column


@dataclass(frozen=True, slots=True)
class Table:
    rules: Rules
    players: tuple[str, ...]  # in order of play
    first_dealer: str
    money: Money
    options: Mapping[str, object] = field(default_factory=dict)  # the house rules as chosen
    # Each player under their trimmed, case-folded name: how a typed name is found.
    by_key: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)
    seated: frozenset[str] = field(default=frozenset(), compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_key", {p.casefold(): p for p in self.players})
        object.__setattr__(self, "seated", frozenset(self.players))

    def after(self, player: str, steps: int = 1) -> str:
        seat = self.players.index(player)
        return self.players[(seat + steps) % len(self.players)]

    def resolve(self, name: object) -> str | None:
        """The seated player a typed name means (trimmed, any case), or None."""
        if not isinstance(name, str):
            return None
        return self.by_key.get(name.strip().casefold())


def make_table(
    variant: str,
    players: Sequence[str],
    first_dealer: str | None = None,
    options: Mapping[str, object] | None = None,
    money: Money | None = None,
) -> Table:
    """A checked table: known variant and options, 2 to 9 unique names, a seated first dealer."""
    rules = rules_for(variant, options)
    names = tuple(name.strip() if isinstance(name, str) else "" for name in players)
    if any(not name for name in names):
        raise refuse("setup.empty_name")
    for name in names:
        if len(name) > MAX_NAME or not name.isprintable():
            shown = "".join(c if c.isprintable() else "?" for c in name[:MAX_NAME])
            raise refuse("setup.name_unusable", player=shown, longest=MAX_NAME)
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise refuse("setup.duplicate_player", player=name)
        seen.add(name.casefold())
    if not rules.min_players <= len(names) <= rules.max_players:
        raise refuse(
            "setup.player_count", variant=variant, count=len(names),
            low=rules.min_players, high=rules.max_players,
        )
    table = Table(rules, names, names[0], money or Money(), dict(options or {}))
    if first_dealer is not None:
        dealer = table.resolve(first_dealer)
        if dealer is None:
            raise refuse("setup.unknown_first_dealer", player=str(first_dealer))
        table = replace(table, first_dealer=dealer)
    return table
