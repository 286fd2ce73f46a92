"""The rules of the Rams family as pure functions over plain data.

No Flet and no database in here: deals in, entries out, balances derived. The
store persists what this computes; the views show it.
"""

from scorekeeper.core.assistant import DealGuide, guide
from scorekeeper.core.closing import END_OF_SESSION, Closing, close
from scorekeeper.core.deal import Deal, Join, deal_of_record, deal_record
from scorekeeper.core.draw import Card, Draw, draw_first_dealer
from scorekeeper.core.engine import Step, record
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import changes, events
from scorekeeper.core.fields import DealFields, deal_fields
from scorekeeper.core.ledger import POT, Entry, Payment, ScoreChange, SeatChange, balances_of
from scorekeeper.core.messages import N_, Message, counts, msg
from scorekeeper.core.passing import Bidding, duties
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
    Figure,
    GameEnd,
    Placing,
    SessionPlacings,
    first_figure,
    games_ended,
    games_won,
    leaders,
    placed_first,
    placed_winners,
    score_text,
    session_standings,
    session_winners,
    shared_places,
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
    "Figure",
    "GameEnd",
    "GameRecord",
    "Games",
    "Join",
    "Message",
    "Money",
    "Option",
    "Payment",
    "Placing",
    "RuleError",
    "Rules",
    "ScoreChange",
    "SeatChange",
    "Seating",
    "Session",
    "SessionPlacings",
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
    "first_figure",
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
    "placed_first",
    "placed_winners",
    "record",
    "rules_for",
    "score_text",
    "seating",
    "session_standings",
    "session_winners",
    "shared_places",
    "standing",
]
