"""A server hears of what its pages show, not of every table: each change is told, as
revision 0014 told it, on the channel ``scorekeeper`` (which a page listing the sessions
listens to) and also on a channel of its own session (``scorekeeper_s<id>``), of the
group it is in (``scorekeeper_g<id>``: its tables tonight, its tab) and of the roster
(``scorekeeper_roster``). A session moved out of a group, or removed, is told on that
group's channel by its id alone. In a league's night each server listens to the tables
its pages show, and a deal no longer reaches the servers that show none of them.

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-02
"""

from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None

# The channels' names are built from the rows' integer ids alone.
TOLD_WHERE_SHOWN = """
CREATE OR REPLACE FUNCTION scorekeeper_notify() RETURNS trigger AS $$
DECLARE
    told text;
BEGIN
    IF TG_TABLE_NAME <> 'sessions' THEN
        PERFORM pg_notify('scorekeeper', 'group');
        PERFORM pg_notify('scorekeeper_g' || COALESCE(NEW.id, OLD.id)::text, 'group');
        RETURN NULL;
    END IF;
    IF TG_OP = 'DELETE' THEN
        told := OLD.id::text;
    ELSE
        told := NEW.id::text || ':' || NEW.version::text;
    END IF;
    PERFORM pg_notify('scorekeeper', told);
    PERFORM pg_notify('scorekeeper_s' || COALESCE(NEW.id, OLD.id)::text, told);
    IF TG_OP <> 'DELETE' AND NEW.group_id IS NOT NULL THEN
        PERFORM pg_notify('scorekeeper_g' || NEW.group_id::text, told);
    END IF;
    IF TG_OP = 'DELETE' AND OLD.group_id IS NOT NULL
       OR TG_OP = 'UPDATE' AND OLD.group_id IS DISTINCT FROM NEW.group_id
                           AND OLD.group_id IS NOT NULL THEN
        PERFORM pg_notify('scorekeeper_g' || OLD.group_id::text, OLD.id::text);
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql
"""

ROSTER_TOLD_APART = """
CREATE OR REPLACE FUNCTION scorekeeper_notify_roster() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('scorekeeper', 'roster');
    PERFORM pg_notify('scorekeeper_roster', 'roster');
    RETURN NULL;
END
$$ LANGUAGE plpgsql
"""

# Revisions 0014's and 0013's functions, as they were.
ON_ONE_CHANNEL = """
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

ROSTER_ON_ONE_CHANNEL = """
CREATE OR REPLACE FUNCTION scorekeeper_notify_roster() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('scorekeeper', 'roster');
    RETURN NULL;
END
$$ LANGUAGE plpgsql
"""


def upgrade() -> None:
    # The triggers of 0010 and 0013 call the functions by name: replacing them is the
    # whole change.
    if op.get_bind().dialect.name == "postgresql":
        op.execute(TOLD_WHERE_SHOWN)
        op.execute(ROSTER_TOLD_APART)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(ON_ONE_CHANNEL)
        op.execute(ROSTER_ON_ONE_CHANNEL)
