"""A club's servers hear a player added to the roster at once, as they hear a deal: on
PostgreSQL a new row of ``players`` notifies the channel with the payload "roster" (the
sessions' and groups' notices stay as 0010 made them). SQLite's servers count the roster
as they watch the versions.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-29
"""

from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

ROSTER_FUNCTION = """
CREATE OR REPLACE FUNCTION scorekeeper_notify_roster() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('scorekeeper', 'roster');
    RETURN NULL;
END
$$ LANGUAGE plpgsql
"""


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(ROSTER_FUNCTION)
    op.execute("CREATE TRIGGER players_notify AFTER INSERT OR UPDATE ON players "
               "FOR EACH ROW EXECUTE FUNCTION scorekeeper_notify_roster()")


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("DROP TRIGGER IF EXISTS players_notify ON players")
    op.execute("DROP FUNCTION IF EXISTS scorekeeper_notify_roster()")
