"""Pay on the spot: players' payment details in the roster, and the transfers ticked paid.

Every detail is optional, so existing players simply have none; existing sessions have
no transfer ticked.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-21
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

DETAILS = ("swish", "iban", "holder", "qr_iban", "postcode", "town", "country")


def upgrade() -> None:
    with op.batch_alter_table("players") as players:
        for column in DETAILS:
            players.add_column(sa.Column(column, sa.String, nullable=True))
    op.create_table(
        "paid_transfers",
        sa.Column("session_id", sa.Integer, sa.ForeignKey("sessions.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("payer", sa.String, primary_key=True),
        sa.Column("payee", sa.String, primary_key=True),
        sa.Column("minor", sa.BigInteger, primary_key=True),
        sa.Column("paid_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("paid_transfers")
    with op.batch_alter_table("players") as players:
        for column in reversed(DETAILS):
            players.drop_column(column)
