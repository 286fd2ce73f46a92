"""Payments are money moved, and sessions may belong to a group with a running tab.

A tick on a settle-up transfer was keyed by the transfer (payer, payee, amount), so a
later deal that changed the settle-up made the tick match nothing: the money that had
changed hands was forgotten. Each tick becomes what it always meant, a payment of that
amount from the payer to the payee, kept in the order the ticks were made.

Groups are new (RULES.md, "Groups and the running tab"): a session may belong to one,
and a payment may be recorded on a group's tab instead of in a session. Every session
gets the evening it was played on: for those stored before, the day they were created.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

ticks = sa.table("paid_transfers", sa.column("session_id", sa.Integer),
                 sa.column("payer", sa.String), sa.column("payee", sa.String),
                 sa.column("minor", sa.BigInteger), sa.column("paid_at", sa.DateTime))
sessions = sa.table("sessions", sa.column("id", sa.Integer),
                    sa.column("created_at", sa.DateTime), sa.column("played_on", sa.Date))


def upgrade() -> None:
    op.create_table(
        "groups",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String, nullable=False),
        sa.Column("name_key", sa.String, nullable=False, unique=True),
        sa.Column("currency", sa.String, nullable=True),  # fixed by its first session
        sa.Column("version", sa.Integer, nullable=False, server_default="0"),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    # Columns added in place, never by SQLite's "batch" copy of the table: dropping the old
    # sessions table would cascade to every seat, deal and entry (foreign keys are on).
    # SQLite cannot add a constraint to a table in place, so there the group is a plain
    # column; nothing ever deletes a group.
    sqlite = op.get_bind().dialect.name == "sqlite"
    group = (sa.Column("group_id", sa.Integer, nullable=True) if sqlite else
             sa.Column("group_id", sa.Integer, sa.ForeignKey("groups.id"), nullable=True))
    op.add_column("sessions", group)
    op.add_column("sessions", sa.Column("played_on", sa.Date, nullable=True))
    op.create_index("ix_sessions_group_id", "sessions", ["group_id"])
    payments = op.create_table(
        "payments",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("session_id", sa.Integer, sa.ForeignKey("sessions.id", ondelete="CASCADE"),
                  nullable=True, index=True),
        sa.Column("group_id", sa.Integer, sa.ForeignKey("groups.id", ondelete="CASCADE"),
                  nullable=True, index=True),
        sa.Column("payer", sa.String, nullable=False),
        sa.Column("payee", sa.String, nullable=False),
        sa.Column("minor", sa.BigInteger, nullable=False),
        sa.Column("paid_at", sa.DateTime(timezone=True), nullable=False),
    )
    connection = op.get_bind()
    for row in connection.execute(sa.select(sessions.c.id, sessions.c.created_at)).all():
        connection.execute(sessions.update().where(sessions.c.id == row.id)
                           .values(played_on=row.created_at.date()))
    kept = connection.execute(sa.select(ticks).order_by(ticks.c.paid_at, ticks.c.session_id,
                                                        ticks.c.payer, ticks.c.payee)).all()
    if kept:
        connection.execute(sa.insert(payments), [
            {"session_id": tick.session_id, "payer": tick.payer, "payee": tick.payee,
             "minor": tick.minor, "paid_at": tick.paid_at} for tick in kept])
    op.drop_table("paid_transfers")


def downgrade() -> None:
    op.create_table(
        "paid_transfers",
        sa.Column("session_id", sa.Integer, sa.ForeignKey("sessions.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("payer", sa.String, primary_key=True),
        sa.Column("payee", sa.String, primary_key=True),
        sa.Column("minor", sa.BigInteger, primary_key=True),
        sa.Column("paid_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.drop_table("payments")
    op.drop_index("ix_sessions_group_id", "sessions")
    op.drop_column("sessions", "played_on")
    op.drop_column("sessions", "group_id")
    op.drop_table("groups")
