"""Each session keeps every player's feats (core/feats.py) beside their places: General
Rams won and lost, and the most taken from the pot in one deal (``sessions.feats``), which
a player's page and a group's records read one row per session; the state kept after the
newest deal now counts them too, so that the next deal goes on from them.

Sessions stored before get theirs once, at the upgrade, by replaying their deals (a state
kept before did not count them; revision 0016 counted the General Rams won of pot games
only), and the newest deal's state is kept anew.

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-08
"""

import json

import sqlalchemy as sa
from alembic import op

from scorekeeper.core import RuleError, Session
from scorekeeper.store.change import kept_feats
from scorekeeper.store.conversions import deal_of, table_of
from scorekeeper.store.snapshot import dump_state

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None

sessions = sa.table("sessions", sa.column("id", sa.Integer), sa.column("variant", sa.String),
                    sa.column("options", sa.Text), sa.column("first_dealer", sa.String),
                    sa.column("currency", sa.String), sa.column("unit", sa.String),
                    sa.column("deal_count", sa.Integer), sa.column("result", sa.Text),
                    sa.column("feats", sa.Text))
seats = sa.table("seats", sa.column("session_id", sa.Integer), sa.column("seat", sa.Integer),
                 sa.column("name", sa.String), sa.column("joined", sa.Boolean))
deals = sa.table("deals", sa.column("session_id", sa.Integer), sa.column("number", sa.Integer),
                 sa.column("record", sa.Text), sa.column("state_after", sa.Text))


def upgrade() -> None:
    op.add_column("sessions", sa.Column("feats", sa.Text, nullable=True))
    connection = op.get_bind()
    for row in connection.execute(sa.select(sessions)
                                  .where(sessions.c.result.is_not(None))).all():
        seated = connection.execute(
            sa.select(seats.c.name, seats.c.joined)
            .where(seats.c.session_id == row.id).order_by(seats.c.seat)).all()
        table = table_of(row, [seat.name for seat in seated if not seat.joined])
        records = connection.scalars(sa.select(deals.c.record)
                                     .where(deals.c.session_id == row.id)
                                     .order_by(deals.c.number)).all()
        try:
            state = Session.replay(table, [deal_of(record) for record in records]).state
        except RuleError:  # never seen; such a session is kept without feats
            continue
        ids = {kept[1]: kept[0] for kept in json.loads(row.result)}  # the result's order
        connection.execute(sa.update(sessions).where(sessions.c.id == row.id)
                           .values(feats=kept_feats(ids, state)))
        if row.deal_count:
            connection.execute(sa.update(deals).where(
                deals.c.session_id == row.id, deals.c.number == row.deal_count,
                deals.c.state_after.is_not(None)).values(state_after=dump_state(state)))


def downgrade() -> None:
    op.drop_column("sessions", "feats")  # the states keep their feats: older code ignores them
