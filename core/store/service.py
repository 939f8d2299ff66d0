"""The campaign store: campaigns, their characters, and the transactions that change them.

Open one with :func:`open_store`. Every public method runs in its own transaction unless it is given a
``session`` from :meth:`Store.write_session` / :meth:`Store.read_session`, in which case it joins that
one and the caller commits (``lifepath import`` writes a whole file that way, or nothing).

Writes take the database's write lock up front (``BEGIN IMMEDIATE`` on SQLite; the campaign row, or the
draft's row for a draft's answers, is locked ``FOR UPDATE`` on PostgreSQL), so concurrent ``create
--campaign`` processes queue up instead of overwriting each other's changes to the campaign.

The store is put together from one part per job: :mod:`~lifepath.store.transactions` (the engine, the
sessions, the shared lookups), :mod:`~lifepath.store.campaigns`, :mod:`~lifepath.store.characters`
(saving and reading them), :mod:`~lifepath.store.edits` (changing them) and :mod:`~lifepath.store.drafts`
(the characters being made on the creation page of ``lifepath serve``); the checks on what a
referee types are in :mod:`~lifepath.store.values`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import exc

from lifepath.store.campaigns import CampaignMethods
from lifepath.store.characters import CharacterMethods
from lifepath.store.drafts import DraftMethods
from lifepath.store.edits import EditMethods
from lifepath.store.engine import StoreError, database_url, make_engine, translate
from lifepath.store.transactions import Warn
from lifepath.store.values import check_notes, check_status

if TYPE_CHECKING:
    from lifepath.host.registry import Registry


class Store(CampaignMethods, CharacterMethods, EditMethods, DraftMethods):
    """A campaign database. Use :func:`open_store` to get one; close it (or use ``with``) when done."""


def open_store(url: str | None = None, *, registry: Registry | None = None, warn: Warn | None = None) -> Store:
    """Open (creating or upgrading as needed) the campaign database named by ``url``.

    ``url`` is a SQLite file path, a ``sqlite:///`` or ``postgresql://`` URL, or None for
    ``LIFEPATH_DB`` or the default file in the user's data directory. Errors (a bad URL, a server that
    does not answer, a file that is not a database) are :class:`StoreError` with one clear paragraph.
    """
    from lifepath.store.migrate import upgrade

    target = database_url(url)
    engine = make_engine(target)
    try:
        upgrade(engine)
    except exc.SQLAlchemyError as e:
        engine.dispose()
        raise translate(e, target) from None
    except BaseException:
        engine.dispose()
        raise
    return Store(engine, target, registry=registry, warn=warn)


__all__ = ["Store", "StoreError", "Warn", "check_notes", "check_status", "open_store"]
