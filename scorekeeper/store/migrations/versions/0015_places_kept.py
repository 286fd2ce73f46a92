"""Each session keeps, beside its standings (``sessions.result``, revision 0011), every
player's place in the session's standings (RULES.md, "Standings of a session, and who
beats whom"), the deals they played, the figure the place rests on and the finished games
they missed (``sessions.places``): a head to head, a list of sessions and a group's
evenings read one row per session instead of replaying it. A column of its own: a group's
tab decodes every evening's ``result``, and decoding the places with it over a club's
5,000 evenings took three times as long.

Sessions stored before get theirs once, at the upgrade, from the state kept after their
newest deal (every session has one since revision 0006), by the rules of this version.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-06
"""

import json

import sqlalchemy as sa
from alembic import op

from scorekeeper.core import RuleError, Session, close, initial_state, session_standings
from scorekeeper.store.change import kept_places
from scorekeeper.store.conversions import deal_of, table_of
from scorekeeper.store.snapshot import load_state

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None

sessions = sa.table("sessions", sa.column("id", sa.Integer), sa.column("variant", sa.String),
                    sa.column("options", sa.Text), sa.column("first_dealer", sa.String),
                    sa.column("currency", sa.String), sa.column("unit", sa.String),
                    sa.column("deal_count", sa.Integer), sa.column("result", sa.Text),
                    sa.column("places", sa.Text))
seats = sa.table("seats", sa.column("session_id", sa.Integer), sa.column("seat", sa.Integer),
                 sa.column("name", sa.String), sa.column("joined", sa.Boolean))
deals = sa.table("deals", sa.column("session_id", sa.Integer), sa.column("number", sa.Integer),
                 sa.column("record", sa.Text), sa.column("state_after", sa.Text))


def upgrade() -> None:
    op.add_column("sessions", sa.Column("places", sa.Text, nullable=True))
    connection = op.get_bind()
    for row in connection.execute(sa.select(sessions)
                                  .where(sessions.c.result.is_not(None))).all():
        seated = connection.execute(
            sa.select(seats.c.name, seats.c.joined)
            .where(seats.c.session_id == row.id).order_by(seats.c.seat)).all()
        table = table_of(row, [seat.name for seat in seated if not seat.joined])
        kept = connection.scalar(sa.select(deals.c.state_after).where(
            deals.c.session_id == row.id, deals.c.number == row.deal_count))
        if not row.deal_count:
            state = initial_state(table)
        elif kept is not None:
            state = load_state(kept)
        else:  # never seen since revision 0006; a replay is what an edit does too
            records = connection.scalars(sa.select(deals.c.record)
                                         .where(deals.c.session_id == row.id)
                                         .order_by(deals.c.number)).all()
            try:
                state = Session.replay(table, [deal_of(record) for record in records]).state
            except RuleError:  # never seen; such a session is kept without places
                continue
        closing = close(table, state)
        # in the order the row's result keeps its players
        ids = {kept[1]: kept[0] for kept in json.loads(row.result)}
        connection.execute(sa.update(sessions).where(sessions.c.id == row.id).values(
            places=kept_places(ids, state, session_standings(table, state, closing))))


def downgrade() -> None:
    # Not a batch (a copy of the table): dropping the old sessions table would cascade to
    # every seat, deal and entry. SQLite drops a column itself since 3.35.
    op.drop_column("sessions", "places")
