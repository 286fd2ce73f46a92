"""Lines of the evening said in each language's own grammar: every count through the
catalogue's plural forms ("1 kväll", "2 kvällar"), money received said as received (not
"paid -4.00"), a game's own word for a flight (Ramsen: Härdöpfel), and who must play.
Shared by the screens, the command line and the exports."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.core import PRESETS, Message, Money, Rules, counts
from scorekeeper.core.messages import N_
from scorekeeper.core.tab import SeasonLine, TabLine
from scorekeeper.i18n import render, session_title, text
from scorekeeper.i18n.accounts import amount


@dataclass(frozen=True, slots=True)
class FlightWords:
    """Every place a flight is counted, in one game's word (the preset says which)."""

    heading: str  # a column: "Flights"
    count: str  # under a player: "2 flights"
    chart: str  # a chart's legend: "Flights"
    tricks_chart: str  # a chart's title: "Tricks and flights"


FLIGHT_WORDS = {
    "flight": FlightWords(N_("cli.col_flights"), counts("ui.flights", "count"),
                          N_("ui.chart_flights"), N_("ui.chart_tricks_flights")),
    "hardopfel": FlightWords(N_("cli.col_hardopfel"), counts("ui.hardopfel", "count"),
                             N_("ui.chart_hardopfel"), N_("ui.chart_tricks_hardopfel")),
}


def evening_name(name: str, number: int, language: str) -> str:
    """An evening as a group's list names it: by the name it was given, or (stored without
    one) by its game and number, "English Rams no. 17", which no other evening has."""
    if name not in PRESETS:
        return name
    return text("evening.numbered", language, name=session_title(name, name, language),
                number=number)


def flights_heading(rules: Rules, language: str) -> str:
    """"Flights", or for Ramsen "Härdöpfel": the column that counts them."""
    return text(FLIGHT_WORDS[rules.flight_word].heading, language)


def flights_count(rules: Rules, count: int, language: str) -> str:
    """"2 flights", or for Ramsen "2 Härdöpfel"."""
    return text(FLIGHT_WORDS[rules.flight_word].count, language, count=count)


def flights_chart(rules: Rules, language: str) -> tuple[str, str]:
    """The chart's legend and title: ("Flights", "Tricks and flights") in the game's word."""
    words = FLIGHT_WORDS[rules.flight_word]
    return text(words.chart, language), text(words.tricks_chart, language)


@dataclass(frozen=True, slots=True)
class TurnWords:
    """What the screens say of the way the turn goes (the preset's ``turn``)."""

    rh: str  # who sits just before the dealer in the order of play
    order_hint: str  # how to list the players when setting up a table


TURN_WORDS = {
    # To the left (clockwise): the player before the dealer sits on the dealer's right.
    "left": TurnWords(N_("ui.rh_is"), N_("ui.order_hint")),
    # To the right (Jass): the player before the dealer sits on the dealer's left.
    "right": TurnWords(N_("ui.last_before_dealer_left"), N_("ui.order_hint_right")),
}


def rh_line(rules: Rules, player: str, language: str) -> str:
    """Who speaks just before the dealer, and on which side of the dealer they sit."""
    return text(TURN_WORDS[rules.turn].rh, language, player=player)


def order_hint(rules: Rules, language: str) -> str:
    """How to list the players at set-up: in the order the turn goes, as the game has it."""
    return text(TURN_WORDS[rules.turn].order_hint, language)


def season_line(line: SeasonLine, money: Money, language: str) -> str:
    """"Astrid: 1 kväll, 1 vunnen, 12,50 kr, 1 flygning, 12,50 kr per kväll"."""
    return text(
        "season.line", language, player=line.name,
        evenings=text(counts("season.evenings", "count"), language, count=line.evenings),
        won=text(counts("season.won", "count"), language, count=line.evenings_won),
        money=amount(line.money, money, language),
        flights=text(counts("season.flights", "count"), language, count=line.flights),
        per_evening=amount(line.per_evening, money, language))


def paid_words(paid: int, money: Money, language: str) -> str:
    """What a player paid out less what they received, said the way it went: "paid 4.00",
    or "received 4.00" (never "paid -4.00")."""
    if paid < 0:
        return text("tab.received", language, amount=amount(-paid, money, language))
    return text("tab.paid", language, amount=amount(paid, money, language))


def tab_line(line: TabLine, money: Money, language: str) -> str:
    """"Astrid: balance -8.50 (won -13.50, received 5.00)"."""
    return text("tab.line", language, player=line.name,
                balance=amount(line.balance, money, language),
                won=amount(line.won, money, language), paid=paid_words(line.paid, money, language))


def won_and_paid(line: TabLine, money: Money, language: str) -> str:
    """"won -13.50 · received 5.00", under a player's balance."""
    return text("tab.won_paid", language, won=amount(line.won, money, language),
                paid=paid_words(line.paid, money, language))


def must_play_line(player: str, reason: Message, language: str) -> str:
    """"Astrid: on 1 point: must knock (play)", the colon as the language spaces it."""
    return text("assist.must_play_of", language, player=player, duty=render(reason, language))


__all__ = [
    "FLIGHT_WORDS",
    "TURN_WORDS",
    "evening_name",
    "flights_chart",
    "flights_count",
    "flights_heading",
    "must_play_line",
    "order_hint",
    "paid_words",
    "rh_line",
    "season_line",
    "tab_line",
    "won_and_paid",
]
