"""Keep the state after every deal, so recording, opening and undoing need no replay.

Sessions from revision 0001 get their states filled in the first time they are
opened (the store replays them once).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-21
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("deals") as deals:
        deals.add_column(sa.Column("state_after", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("deals") as deals:
        deals.drop_column("state_after")
