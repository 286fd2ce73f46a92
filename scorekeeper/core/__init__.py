"""The rules of the Rams family as pure functions over plain data.

No Flet and no database in here: deals in, entries out, balances derived. The
store persists what this computes; the views show it.
"""

from scorekeeper.core.assistant import DealGuide, duties, guide
from scorekeeper.core.closing import END_OF_SESSION, Closing, close
from scorekeeper.core.deal import Deal, Join, deal_of_record, deal_record
from scorekeeper.core.draw import Card, Draw, draw_first_dealer
from scorekeeper.core.engine import Step, record
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import changes, events
from scorekeeper.core.fields import DealFields, deal_fields
from scorekeeper.core.ledger import POT, Entry, Payment, ScoreChange, SeatChange, balances_of
from scorekeeper.core.messages import N_, Message, counts, msg
from scorekeeper.core.passing import Bidding
from scorekeeper.core.presets import (
    PRESETS,
    Family,
    Option,
    Rules,
    options_for,
    options_of,
    rules_for,
)
from scorekeeper.core.seating import Seating, seating
from scorekeeper.core.session import Session
from scorekeeper.core.settle import Transfer, fewest_transfers
from scorekeeper.core.standings import (
    GameEnd,
    games_ended,
    games_won,
    leaders,
    score_text,
    session_winners,
    standing,
)
from scorekeeper.core.state import GameRecord, Games, State, initial_state
from scorekeeper.core.table import Money, Table, make_money, make_table

__all__ = [
    "END_OF_SESSION",
    "N_",
    "POT",
    "PRESETS",
    "Bidding",
    "Card",
    "Closing",
    "Deal",
    "DealFields",
    "DealGuide",
    "Draw",
    "Entry",
    "Family",
    "GameEnd",
    "GameRecord",
    "Games",
    "Join",
    "Message",
    "Money",
    "Option",
    "Payment",
    "RuleError",
    "Rules",
    "ScoreChange",
    "SeatChange",
    "Seating",
    "Session",
    "State",
    "Step",
    "Table",
    "Transfer",
    "balances_of",
    "changes",
    "close",
    "counts",
    "deal_fields",
    "deal_of_record",
    "deal_record",
    "draw_first_dealer",
    "duties",
    "events",
    "fewest_transfers",
    "games_ended",
    "games_won",
    "guide",
    "initial_state",
    "leaders",
    "make_money",
    "make_table",
    "msg",
    "options_for",
    "options_of",
    "record",
    "rules_for",
    "score_text",
    "seating",
    "session_winners",
    "standing",
]
