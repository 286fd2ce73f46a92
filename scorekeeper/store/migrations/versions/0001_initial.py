"""The first schema: roster, sessions, seats, deals, ledger entries, standings.

Revision ID: 0001
Revises:
Create Date: 2026-11-21
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String, nullable=False),
        sa.Column("name_key", sa.String, nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String, nullable=False),
        sa.Column("variant", sa.String, nullable=False, index=True),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("first_dealer", sa.String, nullable=False),
        sa.Column("currency", sa.String, nullable=True),
        sa.Column("unit", sa.String, nullable=False),
        sa.Column("status", sa.String, nullable=False, index=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("deal_count", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False, index=True),
    )
    op.create_table(
        "seats",
        sa.Column("session_id", sa.Integer, sa.ForeignKey("sessions.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False,
                  index=True),
        sa.Column("name", sa.String, nullable=False),
    )
    op.create_table(
        "deals",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("session_id", sa.Integer, sa.ForeignKey("sessions.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("session_id", "number"),
    )
    op.create_table(
        "entries",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("session_id", sa.Integer, sa.ForeignKey("sessions.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("deal_number", sa.Integer, nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("kind", sa.String, nullable=False),
        sa.Column("payer", sa.String, nullable=True),
        sa.Column("payee", sa.String, nullable=True),
        sa.Column("minor", sa.BigInteger, nullable=False),
        sa.Column("player", sa.String, nullable=True),
        sa.Column("points", sa.Integer, nullable=False),
        sa.Column("reason_key", sa.String, nullable=False),
        sa.Column("reason_params", sa.Text, nullable=False),
    )
    op.create_index("ix_entries_session_deal", "entries", ["session_id", "deal_number"])
    op.create_table(
        "standings",
        sa.Column("session_id", sa.Integer, sa.ForeignKey("sessions.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), primary_key=True,
                  index=True),
        sa.Column("deals_played", sa.Integer, nullable=False),
        sa.Column("tricks", sa.Integer, nullable=False),
        sa.Column("flights", sa.Integer, nullable=False),
        sa.Column("minor", sa.BigInteger, nullable=False),
        sa.Column("games_won", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    for table in ("standings", "entries", "deals", "seats", "sessions", "players"):
        op.drop_table(table)
