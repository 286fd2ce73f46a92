"""Pot games count the General Rams each player declared and won: a state keeps them
(``generals_won``), and a pot session's standing counts them as its wins, as a game of
Mattmar's counts its games won (``core.wins``; the lifetime statistics said "0 ramsar
vunna" of the one who won one). A pot session stored before kept states without them and
standings with none: each pot session with a General Rams among its deals is replayed
once, at the upgrade, by the rules of this version (exact, as every edit's replay is),
its kept states written again and its standings' wins set. A session without one needs
nothing: a state kept without the count reads as none won.

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

from scorekeeper.core import RuleError, Session
from scorekeeper.core.presets import PRESETS
from scorekeeper.store.conversions import deal_of, table_of
from scorekeeper.store.snapshot import dump_state

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None

sessions = sa.table("sessions", sa.column("id", sa.Integer), sa.column("variant", sa.String),
                    sa.column("options", sa.Text), sa.column("first_dealer", sa.String),
                    sa.column("currency", sa.String), sa.column("unit", sa.String),
                    sa.column("deal_count", sa.Integer))
seats = sa.table("seats", sa.column("session_id", sa.Integer), sa.column("seat", sa.Integer),
                 sa.column("player_id", sa.Integer), sa.column("name", sa.String),
                 sa.column("joined", sa.Boolean))
deals = sa.table("deals", sa.column("session_id", sa.Integer), sa.column("number", sa.Integer),
                 sa.column("record", sa.Text), sa.column("state_after", sa.Text))
standings = sa.table("standings", sa.column("session_id", sa.Integer),
                     sa.column("player_id", sa.Integer), sa.column("games_won", sa.Integer))

POT_GAMES = tuple(variant for variant, rules in PRESETS.items()
                  if not rules.family_rules.in_games)


def upgrade() -> None:
    connection = op.get_bind()
    for row in connection.execute(sa.select(sessions).where(
            sessions.c.variant.in_(POT_GAMES), sessions.c.deal_count > 0)).all():
        records = connection.scalars(sa.select(deals.c.record)
                                     .where(deals.c.session_id == row.id)
                                     .order_by(deals.c.number)).all()
        made = [deal_of(record) for record in records]
        if not any(deal.general is not None for deal in made):
            continue
        seated = connection.execute(sa.select(seats.c.name, seats.c.player_id, seats.c.joined)
                                    .where(seats.c.session_id == row.id)
                                    .order_by(seats.c.seat)).all()
        table = table_of(row, [name for name, _, joined in seated if not joined])
        try:
            session = Session.replay(table, made)
        except RuleError:  # never seen; such a session counts what it counted before
            continue
        kept = set(connection.scalars(
            sa.select(deals.c.number).where(deals.c.session_id == row.id,
                                            deals.c.state_after.is_not(None))))
        for step in session.steps:
            if step.state.deals in kept:
                newest = step.state.deals == row.deal_count
                connection.execute(sa.update(deals).where(
                    deals.c.session_id == row.id, deals.c.number == step.state.deals,
                ).values(state_after=dump_state(step.state, every_game=newest)))
        won = session.state.generals_won
        for name, player_id, _ in seated:
            connection.execute(sa.update(standings).where(
                standings.c.session_id == row.id, standings.c.player_id == player_id,
            ).values(games_won=won.get(name, 0)))


def downgrade() -> None:
    """Nothing to undo: an older Scorekeeper reads the states and standings as they are."""
