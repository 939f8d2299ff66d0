"""The campaign database a command opens: ``--db URL``, ``LIFEPATH_DB``, or the default file."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lifepath.store.service import Store


def open_db(db: str | None) -> Store:
    """The store named by ``--db`` / ``LIFEPATH_DB`` (or the default one)."""
    from lifepath.store import open_store

    return open_store(db)
