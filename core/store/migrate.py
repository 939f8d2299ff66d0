"""Creating and upgrading the store's schema with Alembic, configured in code (no ``alembic.ini``).

:func:`upgrade` is called whenever a store is opened. When the database is already at the newest
revision it only reads ``alembic_version``. Otherwise it takes the write lock (``BEGIN IMMEDIATE`` on
SQLite, a transaction-scoped advisory lock on PostgreSQL), checks again, and runs every missing
revision inside that one transaction, so several processes opening a new database at once create the
schema exactly once, and a failed upgrade leaves the database as it was.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING

from sqlalchemy import Connection, Engine, inspect, text

from lifepath.store.engine import WRITE_OPTION, StoreError, describe

# the newest revision (a test checks it is Alembic's head, so opening an up-to-date database need not import
# Alembic at all) and Alembic's table; plain constants, which the SQLite reader checks too
from lifepath.store.revision import HEAD, VERSION_TABLE

if TYPE_CHECKING:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

#: an arbitrary constant naming the advisory lock PostgreSQL upgrades hold
_PG_LOCK = 0x6C69666570617468  # "lifepath"


def alembic_config(connection: Connection | None = None) -> Config:
    """An Alembic configuration pointing at :mod:`lifepath.store.migrations`."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(resources.files("lifepath.store.migrations")))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


@lru_cache(maxsize=1)
def _script() -> ScriptDirectory:
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config())


def head() -> str:
    """The newest revision among the migration scripts (the same as :data:`HEAD`)."""
    rev = _script().get_current_head()
    assert rev is not None
    return rev


def known(revision: str) -> bool:
    """Whether ``revision`` is one of this version's migration scripts."""
    return revision == HEAD or any(s.revision == revision for s in _script().walk_revisions())


def current(connection: Connection) -> str | None:
    """The revision the database is at (None for an empty database), read without Alembic."""
    if not inspect(connection).has_table(VERSION_TABLE):
        return None
    rows = connection.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).scalars().all()
    if len(rows) > 1:
        raise StoreError(
            f"the campaign database has several schema revisions at once ({', '.join(sorted(rows))})",
            hint="it was not made by lifepath, or was changed by hand",
        )
    return str(rows[0]) if rows else None


def upgrade(engine: Engine, target: str = "head") -> None:
    """Bring the database to ``target`` (the newest revision by default), creating it if empty."""
    wanted = HEAD if target == "head" else target
    with engine.connect() as conn:
        # one list of tables for both questions: asked apart, another process's schema could be committed
        # between them (no revision yet, then its tables), and a new league database looks like a stranger's
        tables = inspect(conn).get_table_names()
        found = current(conn) if VERSION_TABLE in tables else None
        if found is None:
            from lifepath.store.engine import refuse_foreign

            refuse_foreign(describe(engine.url), [t for t in tables if t != VERSION_TABLE])
        conn.rollback()
    _refuse_newer(engine, found)
    if found == wanted:
        return
    with engine.connect().execution_options(**{WRITE_OPTION: True}) as conn, conn.begin():
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PG_LOCK})
        found = current(conn)
        _refuse_newer(engine, found)
        if found != wanted:
            from alembic import command

            command.upgrade(alembic_config(conn), target)


def _refuse_newer(engine: Engine, found: str | None) -> None:
    if found is not None and not known(found):
        raise StoreError(
            f"the campaign database {describe(engine.url)} was made by a newer version of lifepath "
            f"(schema revision {found}; this version knows up to {HEAD})",
            hint="upgrade lifepath to open it",
        )


__all__ = ["HEAD", "VERSION_TABLE", "alembic_config", "current", "head", "known", "upgrade"]
