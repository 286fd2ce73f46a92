"""Players who come and go: a seat row for everyone who sat down during the session, so
the roster, statistics and the sessions list know them. The table the session began with
is the seats not ``joined``; where a joiner sits is in the deals (their ``join``).

A new column only: every seat stored before was at the table from the start.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("joined", sa.Boolean, nullable=False,
                                     server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("joined")
