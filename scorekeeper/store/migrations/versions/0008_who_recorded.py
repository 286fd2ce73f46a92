"""Each deal says which device recorded it, when that device gave a name (a guest's
phone): another device whose half-entered deal it overtook is told where it came from.

A new column only: deals recorded before say nothing.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("deals", sa.Column("recorded_by", sa.String, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("deals") as batch:
        batch.drop_column("recorded_by")
