"""The campaign store: campaigns and their characters in SQLite or PostgreSQL.

Importing this package is cheap: it does not import SQLAlchemy. :func:`open_store` does, so only the
commands that need the store pay for it.

* :mod:`lifepath.store.models`: the tables and their create, update and read models;
* :mod:`lifepath.store.engine`: which database, connection settings, and error messages;
* :mod:`lifepath.store.migrate` and :mod:`lifepath.store.migrations`: the Alembic schema revisions;
* :mod:`lifepath.store.service`: the :class:`~lifepath.store.service.Store` itself;
* :mod:`lifepath.store.exchange`: exporting and importing characters and whole campaigns;
* :mod:`lifepath.store.content`: a campaign's data-only content folders (checked, loaded, named).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lifepath.host.registry import Registry
    from lifepath.store.service import Store, Warn

#: the roster statuses (the same tuple as lifepath.store.models.STATUSES, without importing it)
STATUSES: tuple[str, ...] = ("active", "retired", "dead", "npc")


def open_store(url: str | None = None, *, registry: Registry | None = None, warn: Warn | None = None) -> Store:
    """Open the campaign database (see :func:`lifepath.store.service.open_store`)."""
    from lifepath.store.service import open_store as _open

    return _open(url, registry=registry, warn=warn)


__all__ = ["STATUSES", "open_store"]
