"""The campaign database a command opens: ``--db URL``, ``LIFEPATH_DB``, or the default file.

:func:`open_db` opens the store (SQLAlchemy, SQLModel, and Alembic when the schema needs creating or
upgrading). :func:`read` is for the read-only commands (``roster``, ``show``, ``sheet ID``): it answers
from an up-to-date SQLite file with the standard library when it can, and from the store otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from lifepath.store.reads import Reads
    from lifepath.store.service import Store

T = TypeVar("T")


def open_db(db: str | None) -> Store:
    """The store named by ``--db`` / ``LIFEPATH_DB`` (or the default one)."""
    from lifepath.store import open_store

    return open_store(db)


def read(db: str | None, use: Callable[[Reads], T]) -> T:
    """``use(reads)`` on the database ``--db`` / ``LIFEPATH_DB`` names.

    An up-to-date SQLite file is read with the standard library's sqlite3 (no SQLAlchemy, SQLModel or
    pydantic: :class:`lifepath.store.sqlite_reads.SqliteReader`). Whatever that reader cannot answer (a
    URL, a PostgreSQL one included; a new, old or foreign file; an unknown campaign or id; a missing
    plugin) is asked again of the store, which creates, upgrades, warns or explains as every store command
    does. So ``use`` may be called twice: it only reads, and prints nothing (it returns what to print).
    """
    from lifepath.store.sqlite_reads import NeedsStore, SqliteReader

    reader = SqliteReader.open(db)
    if reader is not None:
        with reader:
            try:
                return use(reader)
            except NeedsStore:
                pass
    from lifepath.store.reads import StoreReads

    with open_db(db) as store:
        return use(StoreReads(store))
