"""A player's record and a group's records said in a language (core/records.py): places,
a game's win rate and streaks in its own word for a flight, a rival's head to head, an
evening's money, General Rams; each line one sentence, as a screen reader reads it."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from scorekeeper.core import PRESETS, counts
from scorekeeper.core.group_records import Holders, Pairing
from scorekeeper.core.head_to_head import HeadToHead, SessionPlaces, ahead_of
from scorekeeper.core.records import GamePlaces, MoneyEvening, Places, Streak
from scorekeeper.core.table import Money, stored_money
from scorekeeper.i18n import join, number, text
from scorekeeper.i18n.accounts import amount
from scorekeeper.i18n.evening_words import FLIGHT_WORDS, evening_name
from scorekeeper.i18n.figures import date_held


def average_place(places: Places, language: str) -> str:
    """The mean place to one decimal, half up: 9/5 is "1.8", 5/3 "1.7"."""
    if places.average is None:
        return "–"
    mean = Decimal(places.average.numerator) / Decimal(places.average.denominator)
    return number(mean.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP), language)


def places_line(places: Places, language: str) -> str:
    """"5 evenings, first 2 times (40 %), average place 1.8"."""
    return text(counts("record.places", "evenings"), language, evenings=places.evenings,
                first=places.first, percent=places.first_percent,
                average=average_place(places, language))


def game_name(variant: str, language: str) -> str:
    return text(f"variant.{variant}", language)


def game_line(game: GamePlaces, language: str) -> str:
    """"English Rams: first in 2 of 4 (50 %), average place 1.8": the game's win rate."""
    return text(counts("record.game", "evenings"), language,
                game=game_name(game.variant, language), first=game.places.first,
                evenings=game.places.evenings, percent=game.places.first_percent,
                average=average_place(game.places, language))


def money_streak_line(streak: Streak, language: str) -> str:
    """"In the money: 2 evenings in a row at most, 0 now"."""
    return text(counts("record.in_the_money", "longest"), language, longest=streak.longest,
                now=streak.now)


def unflown_line(variant: str, streak: Streak, language: str) -> str:
    """"Without a flight: …", in Ramsen "Without a Härdöpfel: …"."""
    word = FLIGHT_WORDS[PRESETS[variant].flight_word].unflown
    return text(word, language, longest=streak.longest, now=streak.now)


def _money(currency: str) -> Money:
    return stored_money("1", currency)


def signed(minor: int, currency: str, language: str) -> str:
    return amount(minor, _money(currency), language, sign=True)


def rival_line(found: HeadToHead, language: str) -> str:
    """"Bengt: 4 evenings together, ahead in 1, level in 1, behind in 2, +SEK 0.00": the
    first of the two players is the page's."""
    me, rival = found.players
    money = [signed(between.minor[me], between.currency, language) for between in found.money]
    said = text(counts("record.rival", "evenings"), language, rival=rival,
                evenings=len(found.sessions), ahead=found.ahead[me], level=found.level,
                behind=found.ahead[rival])
    return text("record.with_money", language, line=said,
                money=join(money, language)) if money else said


def evening_said(session: SessionPlaces, language: str) -> str:
    """"Evening 3, 7 Mar 2025"."""
    return text("record.evening", language,
                evening=evening_name(session.name, session.session_id, language),
                day=date_held(session.played_on, language))


def best_line(found: MoneyEvening, language: str) -> str:
    return text("record.best", language, amount=signed(found.minor, found.currency, language),
                evening=evening_said(found.evening, language))


def worst_line(found: MoneyEvening, language: str) -> str:
    return text("record.worst", language, amount=signed(found.minor, found.currency, language),
                evening=evening_said(found.evening, language))


def taken_line(found: MoneyEvening, language: str) -> str:
    return text("record.most_taken", language,
                amount=amount(found.minor, _money(found.currency), language),
                evening=evening_said(found.evening, language))


def generals_line(won: int, lost: int, language: str) -> str:
    """"General Rams: 1 won, 1 lost"."""
    return text("record.generals", language, won=won, lost=lost)


def versus_totals(found: HeadToHead, language: str) -> str:
    """"Astrid ahead in 1, Bengt in 2": the two side by side, in order."""
    first, second = found.players
    return text("record.versus_ahead", language, first=first, second=second,
                first_ahead=found.ahead[first], second_ahead=found.ahead[second])


def versus_money(found: HeadToHead, language: str) -> list[str]:
    """Per currency: "Astrid +SEK 0.00, Bengt +SEK 12.00"."""
    first, second = found.players
    return [text("record.versus_money", language, first=first, second=second,
                 first_money=signed(between.minor[first], between.currency, language),
                 second_money=signed(between.minor[second], between.currency, language))
            for between in found.money]


def shared_line(found: HeadToHead, session: SessionPlaces, language: str) -> str:
    """One session the two shared: "Evening 3, 7 Mar 2025: Astrid 3rd, Bengt 1st, Bengt
    ahead, Astrid -SEK 7.00, Bengt +SEK 9.00"."""
    first, second = found.players
    places = text("record.shared_places", language, first=first, second=second,
                  first_place=session.places[first], second_place=session.places[second])
    higher = ahead_of(session, first, second)
    who = (text("record.level", language) if higher is None else
           text("record.ahead", language, player=higher))
    parts = [places, who]
    if session.currency:
        parts.append(text("record.versus_money", language, first=first, second=second,
                          first_money=signed(session.money[first], session.currency,
                                             language),
                          second_money=signed(session.money[second], session.currency,
                                              language)))
    return text("record.shared", language, evening=evening_said(session, language),
                line=" · ".join(parts))


def group_best_line(found: MoneyEvening, language: str) -> str:
    return text("record.group_best", language, player=found.player,
                amount=signed(found.minor, found.currency, language),
                evening=evening_said(found.evening, language))


def group_taken_line(found: MoneyEvening, language: str) -> str:
    return text("record.group_most_taken", language, player=found.player,
                amount=amount(found.minor, _money(found.currency), language),
                evening=evening_said(found.evening, language))


def group_streak_line(found: Holders, language: str) -> str:
    return text(counts("record.group_streak", "count"), language,
                players=join(list(found.players), language), count=found.count)


def group_generals_line(found: Holders, language: str) -> str:
    return text(counts("record.group_generals", "count"), language,
                players=join(list(found.players), language), count=found.count)


def pairing_line(pair: Pairing, language: str) -> str:
    """"Bengt against Astrid: ahead in 2, level in 1, behind in 1"."""
    return text("record.pairing", language, first=pair.first, second=pair.second,
                ahead=pair.ahead, level=pair.level, behind=pair.behind)


__all__ = ["best_line", "evening_said", "game_line", "game_name", "generals_line",
           "group_best_line", "group_generals_line", "group_streak_line", "group_taken_line",
           "money_streak_line", "pairing_line", "places_line", "rival_line", "shared_line",
           "taken_line", "unflown_line", "versus_money", "versus_totals", "worst_line"]
