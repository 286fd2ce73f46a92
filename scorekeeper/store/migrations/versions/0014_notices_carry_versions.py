"""A session's notice carries the version its commit made: "id:version" (revision 0010 said
the id alone). A server that already holds that version (it made the change itself) or has
the session open at an older one knows what to do without asking the store; in a club's
night every server hears every deal, and asking cost each server a query a deal. A
session removed is still told by its id alone (there is no version to hold), and a
group's tab by "group"; SQLite's servers keep watching the versions.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-29
"""

from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

CARRYING_THE_VERSION = """
CREATE OR REPLACE FUNCTION scorekeeper_notify() RETURNS trigger AS $$
BEGIN
    IF TG_TABLE_NAME <> 'sessions' THEN
        PERFORM pg_notify('scorekeeper', 'group');
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('scorekeeper', OLD.id::text);
    ELSE
        PERFORM pg_notify('scorekeeper', NEW.id::text || ':' || NEW.version::text);
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql
"""

# Revision 0010's function, as it was.
THE_ID_ALONE = """
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
    # The triggers of 0010 call the function by name: replacing it is the whole change.
    if op.get_bind().dialect.name == "postgresql":
        op.execute(CARRYING_THE_VERSION)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(THE_ID_ALONE)
