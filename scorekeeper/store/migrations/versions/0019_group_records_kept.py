"""Each group keeps its records folded (``core.group_records.GroupFold``, as plain ids and
numbers) with the mark of the finished sessions they were folded from: a finished session
adds itself to its group's fold when it finishes, and a server that has not yet worked
out a group's records reads the fold instead of every evening (over a club's 5,000
evenings, reading them all costs a hundred CPU-ms and more).

Each group's records are folded once, at the upgrade, from its evenings as they are kept
(revisions 0015 and 0017). A group without a fold (one with a damaged evening), or whose
finished sessions changed since, has its records worked out from its evenings, and kept
again at its next finish.

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-03
"""

import sqlalchemy as sa
from alembic import op

from scorekeeper.core.group_records import folded
from scorekeeper.store import records_kept
from scorekeeper.store.errors import DamagedSessionError

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "group_records",
        sa.Column("group_id", sa.Integer, sa.ForeignKey("groups.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("mark", sa.Text, nullable=False),
        sa.Column("fold", sa.Text, nullable=False),
    )
    connection = op.get_bind()
    ids = records_kept.player_ids(connection)
    for (group_id,) in connection.execute(sa.text("SELECT id FROM groups")).all():
        try:
            fold = folded(records_kept.group_evenings(connection, group_id))
        except DamagedSessionError:  # opening that evening names it; the records wait
            continue
        records_kept.keep(connection, group_id, records_kept.group_mark(connection, group_id),
                          fold.plain(ids.__getitem__))


def downgrade() -> None:
    op.drop_table("group_records")
