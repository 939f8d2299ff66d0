"""Alembic's environment for the campaign store.

:func:`lifepath.store.migrate.upgrade` hands over an open connection, already inside the transaction
(and, on SQLite, the write lock) the whole upgrade runs in; this script only runs the migrations on it.
"""

from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=None, render_as_batch=True, compare_type=True)
with context.begin_transaction():
    context.run_migrations()
