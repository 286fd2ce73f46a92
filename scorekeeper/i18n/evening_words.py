"""Lines of the evening said in each language's own grammar: every count through the
catalogue's plural forms ("1 kväll", "2 kvällar"), money received said as received (not
"paid -4.00"), a game's own word for a flight (Ramsen: Härdöpfel), and who must play.
Shared by the screens, the command line and the exports."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scorekeeper.core import PRESETS, Message, Money, Rules, counts
from scorekeeper.core.leaving import Leaving
from scorekeeper.core.messages import N_
from scorekeeper.core.seating import TURN_WORDS
from scorekeeper.core.tab import SeasonLine, Tab, TabLine
from scorekeeper.i18n import join, render, session_title, text
from scorekeeper.i18n.accounts import amount


@dataclass(frozen=True, slots=True)
class FlightWords:
    """Every place a flight is counted, in one game's word (the preset says which)."""

    heading: str  # a column: "Flights"
    count: str  # under a player: "2 flights"
    chart: str  # a chart's legend: "Flights"
    tricks_chart: str  # a chart's title: "Tricks and flights"
    unflown: str  # a player's page: "Without a flight: 3 evenings in a row at most, 1 now"


FLIGHT_WORDS = {
    "flight": FlightWords(N_("cli.col_flights"), counts("ui.flights", "count"),
                          N_("ui.chart_flights"), N_("ui.chart_tricks_flights"),
                          counts("record.unflown", "longest")),
    "hardopfel": FlightWords(N_("cli.col_hardopfel"), counts("ui.hardopfel", "count"),
                             N_("ui.chart_hardopfel"), N_("ui.chart_tricks_hardopfel"),
                             counts("record.unflown_hardopfel", "longest")),
}


# What a player's lifetime counts as won, in each family's own word (store.statistics'
# kinds): the games of Mattmar, counters and Ramsen; a pot game's General Rams.
WIN_WORDS = {"games": counts("count.games_won", "count"),
             "general_rams": counts("count.general_rams_won", "count")}


def wins_said(won: Mapping[str, int], language: str) -> str:
    """"1 game won", "1 General Rams won", over all games both: never a count of games
    for a player who played none (an English Rams night's "0 ramsar vunna")."""
    return join([text(WIN_WORDS[kind], language, count=won[kind])
                 for kind in WIN_WORDS if kind in won], language)


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


def order_hint(rules: Rules, language: str) -> str:
    """How to list the players at set-up: in the order the turn goes, as the game has it."""
    return text(TURN_WORDS[rules.turn].order_hint, language)


def season_line(line: SeasonLine, money: Money, language: str) -> str:
    """"1. Astrid: 1 kväll, 1 vunnen, 12,50 kr, 1 flygning, 12,50 kr per kväll"."""
    return text(
        "season.line", language, player=text("season.placed", language, place=line.place,
                                             player=line.name),
        evenings=text(counts("season.evenings", "count"), language, count=line.evenings),
        won=text(counts("season.won", "count"), language, count=line.evenings_won),
        money=amount(line.money, money, language),
        flights=text(counts("season.flights", "count"), language, count=line.flights),
        per_evening=amount(line.per_evening, money, language))


def tab_counted(tab: Tab, language: str) -> str:
    """What a tab counts, each figure in its own word: "2 finished evenings", or where an
    evening (a date) had more than one session, "3 finished sessions over 2 evenings"."""
    if tab.sessions == tab.evenings:  # one session an evening: the sessions are evenings
        return text(counts("tab.finished_evenings", "count"), language, count=tab.evenings)
    return text("tab.sessions_over_evenings", language,
                sessions=text(counts("tab.finished_sessions", "count"), language,
                              count=tab.sessions),
                evenings=text(counts("season.evenings", "count"), language,
                              count=tab.evenings))


def _the_way_it_went(minor: int, money: Money, language: str, up: str, down: str) -> str:
    """``minor`` said by the word for the way it went (``up``, else ``down``), its amount
    always positive: never "paid -4.00" or "won -13.50"."""
    key = down if minor < 0 else up
    return text(key, language, amount=amount(abs(minor), money, language))


def paid_words(paid: int, money: Money, language: str) -> str:
    """What a player paid out less what they received: "paid 4.00", or "received 4.00"."""
    return _the_way_it_went(paid, money, language, N_("tab.paid"), N_("tab.received"))


def won_words(won: int, money: Money, language: str) -> str:
    """What a player's sessions brought them: "won 13.50", or "lost 13.50"."""
    return _the_way_it_went(won, money, language, N_("tab.won"), N_("tab.lost"))


def tab_line(line: TabLine, money: Money, language: str) -> str:
    """"Astrid: balance -8.50 (lost 13.50, received 5.00)"."""
    return text("tab.line", language, player=line.name,
                balance=amount(line.balance, money, language),
                won=won_words(line.won, money, language),
                paid=paid_words(line.paid, money, language))


def won_and_paid(line: TabLine, money: Money, language: str) -> str:
    """"lost 13.50 · received 5.00", under a player's balance."""
    return text("tab.won_paid", language, won=won_words(line.won, money, language),
                paid=paid_words(line.paid, money, language))


# What leaving gives up of the money the table shows, said of its amount and its game.
GIVEN_UP = {"pot": N_("leave.less_pot"), "stakes": N_("leave.less_stakes"),
            "game_lost": N_("leave.less_game_lost")}


def leaving_line(left: Leaving, money: Money, language: str) -> str:
    """The one sentence of what a leaver owes and why it is not the figure on their row:
    "Bengt pays SEK 3.50 on leaving: -SEK 6.50 were the session to end with Bengt seated,
    less SEK 1.00 of the pot, which a leaver gives up, and SEK 4.00 paid already" (the
    leave panel, settle-up, ``show``)."""
    def said(minor: int) -> str:
        return amount(minor, money, language)

    parts = [text("leave.as_it_stands", language, amount=said(left.at_table),
                  player=left.leaver)]
    if left.given_up:
        parts.append(text(GIVEN_UP[left.gives_up], language, amount=said(abs(left.given_up)),
                          game=left.game or 0))
    if left.paid:
        parts.append(text(N_("leave.paid") if left.paid > 0 else N_("leave.received"),
                          language, amount=said(abs(left.paid))))
    key = (N_("leave.pays") if left.owed < 0 else N_("leave.gets") if left.owed > 0
           else N_("leave.square"))
    return text(key, language, player=left.leaver, amount=said(abs(left.owed)),
                why=", ".join(parts))


def label_and_value(label: str, value: str, language: str) -> str:
    """A label and what it holds, as the language spaces a colon ("Jeu\u00a0: Rams anglais");
    a question and its answer without one ("Who deals first? Anne")."""
    if label.rstrip().endswith("?"):
        return text("ui.question_answer", language, question=label, answer=value)
    return text("ui.label_value", language, label=label, value=value)


def must_play_line(player: str, reason: Message, language: str) -> str:
    """"Astrid: on 1 point: must knock (play)", the colon as the language spaces it."""
    return text("assist.must_play_of", language, player=player, duty=render(reason, language))


__all__ = [
    "FLIGHT_WORDS",
    "WIN_WORDS",
    "evening_name",
    "flights_chart",
    "flights_count",
    "flights_heading",
    "label_and_value",
    "leaving_line",
    "must_play_line",
    "order_hint",
    "paid_words",
    "season_line",
    "tab_counted",
    "tab_line",
    "wins_said",
    "won_and_paid",
]
