"""Alembic runs here with the connection the store hands it (see database.migrate)."""

from alembic import context
from sqlmodel import SQLModel

import scorekeeper.store.models  # noqa: F401  (registers the tables)

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=SQLModel.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
context.run_migrations()
