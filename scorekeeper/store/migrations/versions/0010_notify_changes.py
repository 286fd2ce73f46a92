"""A club's servers hear each other at once: on PostgreSQL, every change of a session or
a group (a deal, a payment, a seat change, a finish; a payment on a tab) notifies the
channel ``scorekeeper`` from inside its own transaction, so the notice goes out when, and
only when, the change is committed. SQLite has no notifications: its servers keep
watching the versions.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-26
"""

from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

# The payload says what changed: a session's id, or "group" for a group's tab.
FUNCTION = """
CREATE OR REPLACE FUNCTION scorekeeper_notify() RETURNS trigger AS $$
BEGIN
    IF TG_TABLE_NAME = 'sessions' THEN
        PERFORM pg_notify('scorekeeper', COALESCE(NEW.id, OLD.id)::text);
    ELSE
        PERFORM pg_notify('scorekeeper', 'group');
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql
"""


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(FUNCTION)
    for table in ("sessions", "groups"):
        op.execute(f"CREATE TRIGGER {table}_notify AFTER INSERT OR UPDATE OR DELETE ON "
                   f"{table} FOR EACH ROW EXECUTE FUNCTION scorekeeper_notify()")


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table in ("sessions", "groups"):
        op.execute(f"DROP TRIGGER IF EXISTS {table}_notify ON {table}")
    op.execute("DROP FUNCTION IF EXISTS scorekeeper_notify()")
