"""What one session file may hold, counted before anything is read from it.

A hostile file is refused by its size before any check whose work grows faster than
the file: how deep it nests, how many deals, payments, joins and leaves it holds, how
many names a deal lists and how long a name is written. Each count is a length or one
pass over the document, so a file of a million players is refused as fast as it is
parsed. The limits are what an evening at one table can hold (FORMAT.md counts players
alone, 2 to 9: the rest are Scorekeeper's, said in the README):

- a deal lists at most ``SEATS`` names in each of its lists (nobody twice, and nobody who
  is not seated);
- ``DEALS``: a deal takes half a minute at the very fastest (five tricks, the cards
  gathered and dealt), so 100,000 is five weeks at the table without a break; the
  longest sessions the tests keep, 50,000 deals, fit twice;
- ``PAYMENTS``: money handed across the table, a few seconds each: 10,000 is one every
  four seconds for eleven hours;
- ``SEAT_CHANGES``: someone sitting down (``join``) or standing up (``leave``) between
  deals: 1,000 of each is one every forty seconds for eleven hours;
- ``WRITTEN``: a name is kept at most 100 characters (a session's or a group's; a
  player's 40), after trimming and NFC; ten times that leaves room for the spaces and
  decomposed letters trimming and NFC take away;
- ``ROSTER``: a roster file is a club's players, not an evening's: 10,000 is a hundred
  members a year for a century;
- ``LARGEST_FILE``: 64 MiB, the command line's own limit on what it reads (a session of
  50,000 deals, written as an export writes it, is 2 MB), here for the app's import too;
  a roster file is read within it as well;
- ``LARGEST_BACKUP``: 256 MiB, for the command line and the app alike. A club's evening
  is about 0.8 KB in a backup (50,000 sessions: 40 MB) and a million payments on its tabs
  are 120 MB, so a hundred thousand evenings and a million payments (200 MB together)
  fit. It is checked before a byte is parsed (a 500 MB file of empty objects took 7.8 GB
  to parse). A backup is still parsed whole: within the bound, such a file takes some 25
  times its size (a real backup 6 times), which only reading it a session at a time would
  bring down to a session's;
- ``DEPTH``: the format nests five deep (``deals``, a deal, ``join``, a join); fields
  a reader does not know may nest deeper, up to 32.
"""

from __future__ import annotations

from collections.abc import Iterable

from scorekeeper.core.errors import RuleError, refuse
from scorekeeper.core.text import quote

SEATS = 9  # FORMAT.md: players, 2 to 9
DEALS = 50_000
PAYMENTS = 10_000
SEAT_CHANGES = 1_000
WRITTEN = 1_000
ROSTER = 10_000
LARGEST_FILE = 64 * 1024 * 1024  # characters, before the JSON is parsed
LARGEST_BACKUP = 256 * 1024 * 1024  # bytes, before the JSON is parsed
DEPTH = 32

_ONE_NAME = ("name", "group", "first_dealer", "variant", "format", "played_on")
_DEAL_NAME = ("dealer", "widow", "general", "forfeit_to")
_DEAL_NAMES = ("pass", "fouls", "buy_down", "leave", "join")
_DEAL_LISTS = (*_DEAL_NAMES, "tricks")
_DEALER, _TRICKS = ("dealer",), ("tricks",)
_DEALER_AND_TRICKS = frozenset({"dealer", "tricks"})
_PAYMENT_FIELDS = ("payments", "paid_transfers")


def bound_text(text: str | bytes) -> None:
    """Refuse a file too large to be parsed at all (the app hands over what was picked)."""
    if len(text) > LARGEST_FILE:
        raise refuse("file.too_large", most=LARGEST_FILE // (1024 * 1024))


def bound_backup(data: bytes) -> None:
    """Refuse a backup too large to be parsed at all, however it reached us."""
    if len(data) > LARGEST_BACKUP:
        raise refuse("backup.too_large", most=LARGEST_BACKUP // (1024 * 1024))


def bound_session(document: object) -> None:
    """Refuse ``document`` (a parsed session file) if it holds more than an evening can;
    the rules check the rest, each check now linear in what is left."""
    _depth(document)
    if not isinstance(document, dict):
        return
    _written(document.get(field) for field in _ONE_NAME)
    players = document.get("players")
    if isinstance(players, list):
        # More than a table seats: make_table refuses it in the variant's own words.
        _written(players[:SEATS + 1])
    _count("deals", document.get("deals"), DEALS)
    for field in _PAYMENT_FIELDS:
        listed = document.get(field)
        _count(field, listed, PAYMENTS)
        if isinstance(listed, list):
            _written(value for item in listed if isinstance(item, dict)
                     for value in (item.get("from"), item.get("to"), item.get("amount")))
    deals = document.get("deals")
    if isinstance(deals, list):
        _deals(deals)


def bound_roster(document: object) -> None:
    """Refuse ``document`` (a parsed roster file) if it holds more players than a club, or
    nests or writes a name beyond what any roster does."""
    _depth(document)
    players = document.get("players") if isinstance(document, dict) else None
    if not isinstance(players, list):
        return
    if len(players) > ROSTER:
        raise refuse("roster.too_many", count=len(players), most=ROSTER)
    _written(player.get("name") for player in players if isinstance(player, dict))


def _deals(deals: list[object]) -> None:
    seat_changes = {"join": 0, "leave": 0}
    for number, deal in enumerate(deals, start=1):
        if not isinstance(deal, dict):
            continue
        try:
            _deal(deal)
        except RuleError as error:
            raise error.at(number) from None
        for field in seat_changes:
            listed = deal.get(field)
            if isinstance(listed, list):
                seat_changes[field] += len(listed)
    for field, count in seat_changes.items():
        if count > SEAT_CHANGES:
            raise refuse("file.too_many", field=field, count=count, most=SEAT_CHANGES)


def _deal(deal: dict[object, object]) -> None:
    # Most deals hold a dealer and the tricks alone: the same checks, in the same order,
    # of those two fields only (asking a 10,000-deal file for the eight fields its deals
    # do not hold was a tenth of reading it).
    plain = deal.keys() <= _DEALER_AND_TRICKS
    _written(deal.get(field) for field in (_DEALER if plain else _DEAL_NAME))
    for field in (_TRICKS if plain else _DEAL_LISTS):
        listed = deal.get(field)
        if isinstance(listed, list | dict) and len(listed) > SEATS:
            raise refuse("file.deal_names_too_many", field=field, count=len(listed),
                         most=SEATS)
        if isinstance(listed, dict):
            _written(listed)
        elif isinstance(listed, list):
            _written(item.get(key) if isinstance(item, dict) else item
                     for item in listed for key in ("name", "after"))


def _count(field: str, listed: object, most: int) -> None:
    if isinstance(listed, list | dict) and len(listed) > most:
        raise refuse("file.too_many", field=field, count=len(listed), most=most)


def _written(values: Iterable[object]) -> None:
    for value in values:
        if isinstance(value, str) and len(value) > WRITTEN:
            raise refuse("file.written_too_long", text=quote(value), most=WRITTEN)


def _depth(document: object) -> None:
    """One pass over every value, known fields or not, without recursion."""
    level: list[tuple[object, int]] = [(document, 1)]
    while level:
        node, depth = level.pop()
        children = (node.values() if isinstance(node, dict)
                    else node if isinstance(node, list) else ())
        for child in children:
            if isinstance(child, dict | list):
                if depth + 1 > DEPTH:
                    raise refuse("file.too_deep", most=DEPTH)
                level.append((child, depth + 1))
