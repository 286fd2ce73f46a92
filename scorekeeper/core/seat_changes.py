"""Players who come and go between deals (RULES.md, "Players who come and go").

The changes a deal carries take effect before it is dealt: the leaves first (and any
game they end is settled), then the joins, in the order listed. The deal itself is
then played by the new table.
"""

from __future__ import annotations

from dataclasses import replace

from scorekeeper.core.book import Book
from scorekeeper.core.deal import Deal, Join
from scorekeeper.core.errors import RuleError, refuse
from scorekeeper.core.families.games import last_in_pays, pay_out_pot
from scorekeeper.core.ledger import Entry
from scorekeeper.core.messages import N_, msg
from scorekeeper.core.seating import dealer_after
from scorekeeper.core.state import GameRecord, State
from scorekeeper.core.table import Table
from scorekeeper.core.text import name_key, player_name, quote

# Different players in one session, those at the start and every joiner: the nine seats
# filled over three times in one evening. Every state of the session keeps an account
# for each (a replay's time and memory grow with deals times players: 50,000 deals with
# 30 players, 7 s and 370 MB; with 1,000, a minute and 6.5 GB).
MOST_PEOPLE = 30


def seat_changes(table: Table, state: State, deal: Deal) -> tuple[State, Deal, list[Entry]]:
    """The state the deal is dealt in, the deal with every name as seated, and the
    entries the changes made. A deal without changes comes back as it is."""
    if not deal.leaves and not deal.joins:
        return state, deal, []
    table_now = _TableNow(table, state)
    leaves = tuple(table_now.leave(name) for name in deal.leaves)
    joins = tuple(table_now.join(join) for join in deal.joins)
    seated = table_now.seated()
    rules = table.rules
    if not rules.min_players <= len(seated) <= rules.max_players:
        raise refuse("deal.player_count", paragraph="players", variant=rules.variant,
                     count=len(seated),
                     low=rules.min_players, high=rules.max_players)
    after = table_now.state()
    after = after.evolve(dealer=dealer_after(table, after, after.last_dealer))
    return after, replace(deal, leaves=leaves, joins=joins), table_now.book.entries


class _TableNow:
    """The table as the changes of one deal leave it, one change at a time.

    Mutable on purpose and private to one deal, like the ``Book`` it writes on."""

    def __init__(self, table: Table, state: State) -> None:
        self.table = table
        self.before = state
        self.book = Book(table, state)
        self.ring = list(state.ring)
        self.away = set(state.away)
        self.everyone = list(state.everyone)
        self.games = state.games
        self.out = state.out
        self.must_play = state.must_play

    def seated(self) -> list[str]:
        return [p for p in self.ring if p not in self.away]

    def state(self) -> State:
        return self.book.posted(
            self.before,
            ring=tuple(self.ring),
            away=frozenset(self.away),
            everyone=tuple(self.everyone),
            games=self.games,
            out=self.out,
            must_play=frozenset(p for p in self.must_play if p not in self.away),
        )

    @property
    def game(self) -> GameRecord | None:
        """The game in play, if one is (never in pot games)."""
        if not self.games or self.games[-1].finished:
            return None
        return self.games[-1]

    def leave(self, name: str) -> str:
        seated = {name_key(p): p for p in self.seated()}
        player = seated.get(name_key(name))
        if player is None:
            raise refuse("deal.leave_not_seated", paragraph="between_deals", player=quote(name))
        self.away.add(player)
        game = self.game
        if game is None or player in self.out:
            # Between games (or out of this one already): nothing is given up.
            self.book.note(player, msg("ledger.left", paragraph="leave", player=player))
        else:
            self._give_up(game, player)
        return player

    def _give_up(self, game: GameRecord, player: str) -> None:
        """A leave during a game: no further part in it, and the stakes stay in its pot."""
        book = self.book
        staked = book.pot_paid.pop(player, 0)
        book.note(player, msg(N_("ledger.gave_up_stake") if staked else N_("ledger.gave_up"),
                              paragraph="leave", player=player, game=game.number))
        game = replace(game, gave_up=(*game.gave_up, player))
        rules = self.table.rules
        in_order = [p for p in self.everyone if p in game.scores]
        if rules.game_end == "last_in_loses":
            # Giving up a last-in game is losing it: it ends at once.
            if rules.money:
                last_in_pays(book, [player], in_order)
            winners = tuple(p for p in in_order if p != player)
            game = replace(game, finished=True, winners=winners, losers=(player,))
            self.out = frozenset()
        else:
            left = [p for p in in_order if game.played_to_the_end(p)]
            if len(left) == 1:
                book.note(left[0], msg("ledger.last_one_wins", paragraph="leave", player=left[0],
                                       game=game.number))
                if rules.money:
                    pay_out_pot(book, left)
                game = replace(game, finished=True, winners=tuple(left))
        self.games = self.games.with_game(game)

    def join(self, join: Join) -> Join:
        known = {name_key(p): p for p in self.everyone}
        player = known.get(name_key(join.name))
        if player is not None and player not in self.away:
            raise refuse("deal.join_seated", paragraph="between_deals", player=player)
        seated = {name_key(p): p for p in self.seated()}
        after = seated.get(name_key(join.after))
        if after is None:
            raise refuse("deal.join_after_not_seated", paragraph="between_deals",
                         player=quote(join.name),
                         after=quote(join.after))
        if player is None:
            player = player_name(join.name)
            if len(self.everyone) >= MOST_PEOPLE:
                raise refuse("deal.too_many_people", paragraph="between_deals",
                             player=quote(player), most=MOST_PEOPLE)
            self.everyone.append(player)
            self.book.open_account(player, self.table.rules.start)
        if self.table.rules.family_rules.in_games and self.game is not None:
            raise refuse("deal.join_mid_game", paragraph="join", player=player)
        if player in self.ring:
            self.ring.remove(player)
        self.ring.insert(self.ring.index(after) + 1, player)
        self.away.discard(player)
        self.book.note(player, msg("ledger.joined", paragraph="join", player=player, after=after))
        return Join(player, after)


def dealt_in(table: Table, state: State, deal: Deal) -> State:
    """The state ``deal`` is dealt in: after its seat changes, or before them when they
    break a rule (recording the deal says which)."""
    try:
        return seat_changes(table, state, deal)[0]
    except RuleError:
        return state
