"""Who sits at the table, in which order, playing what, for how much."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation

from scorekeeper.core.currencies import currency_code, minor_digits
from scorekeeper.core.errors import RuleError, refuse
from scorekeeper.core.messages import counts
from scorekeeper.core.presets import PRESETS, Rules, options_for, rules_for
from scorekeeper.core.text import name_key, player_name, quote

MAX_UNIT = Decimal(1_000_000)  # more than a million a counter is not a card table
FINER_THAN_MINOR = counts("setup.unit_finer_than_minor", "digits")


@dataclass(frozen=True, slots=True)
class Money:
    """What one unit (counter, chip, stake) is worth, in the currency's minor unit."""

    unit: Decimal = Decimal(1)
    currency: str | None = None
    # Worked out once: every deal pays in minor units (a replay of 10,000 deals asks 10,000 times).
    minor_per_unit: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "minor_per_unit", int(self.unit.scaleb(self.digits)))

    @property
    def digits(self) -> int:
        return minor_digits(self.currency)

    def to_decimal(self, minor: int) -> Decimal:
        return Decimal(minor).scaleb(-self.digits)

    def format(self, minor: int) -> str:
        """``-1350`` öre is ``"-13.50"``: exact, in the currency's minor unit."""
        return f"{self.to_decimal(minor):.{self.digits}f}"

    def units(self, minor: int) -> int | Decimal:
        """``minor`` in units: whole units as an int. A pot shared by tied winners is split
        in minor units (RULES.md), which can leave a fraction of a unit, kept exact."""
        whole, rest = divmod(minor, self.minor_per_unit)
        return whole if not rest else Decimal(minor) / Decimal(self.minor_per_unit)


def make_money(unit: str | Decimal | int = 1, currency: object = None, *,
               typed: str | None = None) -> Money:
    """What a unit is worth in an ISO 4217 currency ("sek" is SEK), checked: more than
    nothing, at most MAX_UNIT, and no finer than the currency's minor unit (1 öre, 1 yen).
    A refusal quotes ``typed``, the unit as the person wrote it ("0,001"), if given.

    Only the decimal exponent is looked at before any arithmetic, so a unit like
    "1e-1000100" is refused in words rather than underflowing to nothing."""
    code = currency_code(currency)
    digits = minor_digits(code)
    shown = unit if typed is None else typed
    try:
        value = unit if isinstance(unit, Decimal) else Decimal(str(unit).strip())
    except (InvalidOperation, ValueError):
        raise refuse("setup.unit_not_a_number", unit=quote(shown)) from None
    if not value.is_finite() or value <= 0:
        raise refuse("setup.unit_not_positive", unit=quote(shown))
    if value.adjusted() >= MAX_UNIT.adjusted() + 1 or value > MAX_UNIT:
        raise refuse("setup.unit_too_large", unit=quote(shown), most=str(MAX_UNIT))
    if value.adjusted() < -digits:
        raise refuse(FINER_THAN_MINOR, unit=quote(shown), digits=digits)
    exponent = value.as_tuple().exponent
    assert isinstance(exponent, int)  # a finite number
    if exponent < -digits:  # "0.500": exact only when the extra digits are zeros
        whole = value.quantize(Decimal(1).scaleb(-digits))
        if whole != value:
            raise refuse(FINER_THAN_MINOR, unit=quote(shown), digits=digits)
        value = whole
    return Money(value, code)


def stored_money(unit: str, currency: str | None) -> Money:
    """Money as the store keeps it. A currency stored by a Scorekeeper from before codes
    were checked ("kr") is kept as written, counting in hundredths, so that its sessions
    still open; the unit is checked as ``make_money`` checks it."""
    try:
        return make_money(unit, currency)
    except RuleError as error:
        if error.message.key != "setup.currency_unknown":
            raise
    checked = make_money(unit, None)
    return Money(checked.unit, currency)


@dataclass(frozen=True, slots=True)
class Table:
    rules: Rules
    players: tuple[str, ...]  # in order of play
    first_dealer: str
    money: Money
    options: Mapping[str, object] = field(default_factory=dict)  # the house rules as chosen
    # Each player under their trimmed, NFC, case-folded name: how a typed name is found.
    by_key: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_key", {name_key(p): p for p in self.players})

    def resolve(self, name: object) -> str | None:
        """The player at the start a typed name means (trimmed, any case, any
        normalisation); who sits at a later deal is the state's (``State.seated``)."""
        if not isinstance(name, str):
            return None
        return self.by_key.get(name_key(name))


def make_table(
    variant: str,
    players: Sequence[str],
    first_dealer: str | None = None,
    options: Mapping[str, object] | None = None,
    money: Money | None = None,
) -> Table:
    """A checked table: known variant and options, 2 to 9 unique names (NFC, checked by
    ``core.text.player_name``), a seated first dealer."""
    return _table(variant, players, first_dealer, options, money, player_name)


def stored_table(variant: str, players: Sequence[str], first_dealer: str | None = None,
                 options: Mapping[str, object] | None = None, money: Money | None = None
                 ) -> Table:
    """A table as the store keeps it. A session stored by a Scorekeeper from before names
    were checked may seat a name that is not NFC or holds a control character; its deals,
    states and entries are written with that very name, so the table keeps it as it is
    rather than lock the session away. Everything else is checked as ``make_table`` does."""
    try:
        checked = make_table(variant, players, first_dealer, options, money)
    except RuleError as error:
        if not error.message.key.startswith(("text.name_", "setup.empty_name")):
            raise
    else:
        if checked.players == tuple(players):
            return checked
    return _table(variant, players, first_dealer, options, money, str)


def refuse_if_seated(players: Sequence[str], name: str) -> None:
    """Refuse ``name`` if one of ``players`` has it already, in any case or normalisation:
    two players one name would make every deal ambiguous."""
    if name_key(name) in {name_key(player) for player in players}:
        raise refuse("setup.duplicate_player", player=quote(name))


def _table(
    variant: str,
    players: Sequence[str],
    first_dealer: str | None,
    options: Mapping[str, object] | None,
    money: Money | None,
    named: Callable[[str], str],
) -> Table:
    """The table, its names as ``named`` keeps them. Counted before any name is read, and
    every check after that is one pass: a file naming a million players is refused as
    soon as it is parsed."""
    # Refused here rather than in rules_for, so that a long or hostile value is quoted short.
    if not isinstance(variant, str) or variant not in PRESETS:
        raise refuse("setup.unknown_variant", variant=quote(variant))
    for option in options or {}:
        if option not in options_for(variant):
            raise refuse("setup.option_not_for_variant", option=quote(option), variant=variant)
    rules = rules_for(variant, options)
    if not rules.min_players <= len(players) <= rules.max_players:
        raise refuse(
            "setup.player_count", variant=variant, count=len(players),
            low=rules.min_players, high=rules.max_players,
        )
    names = tuple(named(name) for name in players)
    seen: set[str] = set()
    for name in names:
        key = name_key(name)
        if key in seen:
            raise refuse("setup.duplicate_player", player=quote(name))
        seen.add(key)
    table = Table(rules, names, names[0], money or Money(), dict(options or {}))
    if first_dealer is not None:
        dealer = table.resolve(first_dealer)
        if dealer is None:
            raise refuse("setup.unknown_first_dealer", player=quote(first_dealer))
        table = replace(table, first_dealer=dealer)
    return table
