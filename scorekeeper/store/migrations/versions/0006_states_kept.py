"""Every session keeps its states and its leaders, so reading a session writes nothing.

Sessions stored before revision 0002 kept no state after their deals, and before the
state after every hundredth deal was kept, none of those; before revision 0003 no
leaders. Older Scorekeepers filled these in the first time such a session was read,
which made a read take the database's write lock. This data migration fills them in
once, at the upgrade: each such session is replayed by the rules of this version (the
same rules that recorded it: the rules are exact, and a replay is how every edit
recomputes a session).

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-24
"""

import json

import sqlalchemy as sa
from alembic import op

from scorekeeper.core import RuleError, Session, leaders
from scorekeeper.store.change import SNAPSHOT_EVERY
from scorekeeper.store.conversions import deal_of, table_of
from scorekeeper.store.snapshot import dump_state

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

sessions = sa.table("sessions", sa.column("id", sa.Integer), sa.column("variant", sa.String),
                    sa.column("options", sa.Text), sa.column("first_dealer", sa.String),
                    sa.column("currency", sa.String), sa.column("unit", sa.String),
                    sa.column("deal_count", sa.Integer), sa.column("leaders", sa.Text))
seats = sa.table("seats", sa.column("session_id", sa.Integer), sa.column("seat", sa.Integer),
                 sa.column("name", sa.String))
deals = sa.table("deals", sa.column("session_id", sa.Integer), sa.column("number", sa.Integer),
                 sa.column("record", sa.Text), sa.column("state_after", sa.Text))


def upgrade() -> None:
    connection = op.get_bind()
    for row in connection.execute(sa.select(sessions).where(sessions.c.deal_count > 0)).all():
        missing = set(range(SNAPSHOT_EVERY, row.deal_count + 1, SNAPSHOT_EVERY))
        missing.add(row.deal_count)
        kept = set(connection.scalars(
            sa.select(deals.c.number).where(deals.c.session_id == row.id,
                                            deals.c.state_after.is_not(None))))
        if not missing - kept and row.leaders != "[]":
            continue
        names = connection.scalars(sa.select(seats.c.name).where(seats.c.session_id == row.id)
                                   .order_by(seats.c.seat)).all()
        table = table_of(row, list(names))
        records = connection.scalars(sa.select(deals.c.record)
                                     .where(deals.c.session_id == row.id)
                                     .order_by(deals.c.number)).all()
        try:
            session = Session.replay(table, [deal_of(record) for record in records])
        except RuleError:  # never seen; such a session is still replayed whenever it is read
            continue
        for step in session.steps:
            if step.state.deals in missing - kept:
                connection.execute(sa.update(deals).where(
                    deals.c.session_id == row.id, deals.c.number == step.state.deals,
                ).values(state_after=dump_state(step.state)))
        connection.execute(sa.update(sessions).where(sessions.c.id == row.id).values(
            leaders=json.dumps(list(leaders(table, session.state)), ensure_ascii=False)))


def downgrade() -> None:
    """Nothing to undo: the states and leaders are what the older schema can hold too."""
