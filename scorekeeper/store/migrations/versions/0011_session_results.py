"""Each session keeps its standings as one JSON column beside them (``sessions.result``):
a group's tab and season table read one row per evening instead of a seat, a roster row
and a standing per player, which over a club's 5,000 evenings took seconds.

Sessions stored before get theirs from their seats and standings, once, at the upgrade.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-27
"""

import json
from itertools import groupby

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

sessions = sa.table("sessions", sa.column("id", sa.Integer), sa.column("result", sa.Text))
seats = sa.table("seats", sa.column("session_id", sa.Integer), sa.column("seat", sa.Integer),
                 sa.column("player_id", sa.Integer), sa.column("name", sa.String))
standings = sa.table("standings", sa.column("session_id", sa.Integer),
                     sa.column("player_id", sa.Integer), sa.column("minor", sa.BigInteger),
                     sa.column("flights", sa.Integer))


def upgrade() -> None:
    op.add_column("sessions", sa.Column("result", sa.Text, nullable=True))
    connection = op.get_bind()
    seated = connection.execute(
        sa.select(seats.c.session_id, seats.c.player_id, seats.c.name, standings.c.minor,
                  standings.c.flights)
        .join(standings, (standings.c.session_id == seats.c.session_id)
              & (standings.c.player_id == seats.c.player_id))
        .order_by(seats.c.session_id, seats.c.seat))
    results = [{"of_session": session_id,
                "result": json.dumps([[row.player_id, row.name, row.minor, row.flights]
                                      for row in rows], ensure_ascii=False)}
               for session_id, rows in groupby(seated, key=lambda row: row.session_id)]
    if results:
        connection.execute(sa.update(sessions)
                           .where(sessions.c.id == sa.bindparam("of_session"))
                           .values(result=sa.bindparam("result")), results)


def downgrade() -> None:
    # Not a batch (a copy of the table): dropping the old sessions table would cascade to
    # every seat, deal and entry. SQLite drops a column itself since 3.35.
    op.drop_column("sessions", "result")
