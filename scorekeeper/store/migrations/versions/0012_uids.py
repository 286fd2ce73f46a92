"""Every session gets a uid that travels with it (its session file, a backup, a restore),
and so does every payment: one on a group's tab travels in a backup on its own, and a
restore knows it by its uid when it meets it again (FORMAT.md, "Everything in one file").

Sessions and payments stored before get theirs here, once. The column stays nullable: a
NOT NULL would need a copy of the table on SQLite, and dropping the old sessions table
would cascade to every seat, deal and entry (see 0011); new rows always get one.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-28
"""

import uuid

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

TABLES = ("sessions", "payments")


def upgrade() -> None:
    connection = op.get_bind()
    for name in TABLES:
        op.add_column(name, sa.Column("uid", sa.String(64), nullable=True))
        rows = sa.table(name, sa.column("id", sa.Integer), sa.column("uid", sa.String))
        given = [{"of_row": row_id, "new_uid": str(uuid.uuid4())}
                 for row_id in connection.scalars(sa.select(rows.c.id))]
        if given:
            connection.execute(sa.update(rows).where(rows.c.id == sa.bindparam("of_row"))
                               .values(uid=sa.bindparam("new_uid")), given)
        op.create_index(f"ix_{name}_uid", name, ["uid"], unique=True)


def downgrade() -> None:
    for name in TABLES:
        op.drop_index(f"ix_{name}_uid", table_name=name)
        op.drop_column(name, "uid")
