"""The read-only commands' questions (:class:`lifepath.store.reads.Reads`) answered straight from an
up-to-date SQLite file with the standard library's ``sqlite3``: no SQLAlchemy, SQLModel or pydantic, which
cost a store command more than half a second before it read its first row.

It reads only what it can read exactly as the store does, and says :class:`NeedsStore` for the rest, so
that the caller opens the :class:`~lifepath.store.service.Store` and asks again
(:func:`lifepath.cli.db.read`): a file that is new, empty, at an older or newer schema revision or not
lifepath's (the store creates, upgrades or refuses it), a campaign or character that is not there (the store
says so, naming the ones there are), a campaign whose characters need a plugin that is gone (the store
warns, naming the characters), a roster filter the command line does not have, and any database error (the
store's message is the one paragraph every command gives). A URL, a PostgreSQL one included, always goes to
the store.

The schema comes from one place: the columns read are :data:`lifepath.store.reads.ROW_COLUMNS`, the fields
of :class:`~lifepath.store.reads.PlainRow` (tests check they are the ``character`` table's and
``CharacterRead``'s), and the file must be at :data:`lifepath.store.revision.HEAD`, read from
``alembic_version`` in the same read transaction as every row after it. The roster's filters and order are
those of :mod:`lifepath.store.roster` (a test compares every sort, order and filter the command line has
with the store's answers).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

from lifepath.store.location import SQLITE_BUSY_TIMEOUT, sqlite_file
from lifepath.store.reads import DATE_COLUMNS, ROW_COLUMNS, PlainRow, as_utc
from lifepath.store.revision import HEAD, VERSION_TABLE
from lifepath.store.roster import NULLABLE, NUMERIC, SQLITE_LOWER, python_lower

if TYPE_CHECKING:
    from lifepath.character import Character
    from lifepath.host.registry import Registry
    from lifepath.ruleset import Ruleset
    from lifepath.store.reads import RowView
    from lifepath.store.roster import RosterQuery

#: ids are signed 64-bit integers (SQLite cannot even compare a larger one)
_ID_RANGE = range(-(2**63), 2**63)
_SELECT_ROW = (
    "SELECT "
    + ", ".join(f'c."{name}"' for name in ROW_COLUMNS)
    + ', k."name" FROM "character" AS c JOIN "campaign" AS k ON k."id" = c."campaign_id"'
)


class NeedsStore(Exception):
    """The question needs the store itself (see the module's docstring): open it and ask again."""


class SqliteReader:
    """A read transaction on a SQLite campaign file at the newest schema revision. Get one with
    :meth:`open`; close it (or use ``with``) when done."""

    def __init__(self, connection: sqlite3.Connection, path: Path, *, registry: Registry | None = None) -> None:
        self.connection = connection
        self.path = path
        self._registry = registry
        self._campaign_ids: dict[str, int] = {}

    @classmethod
    def open(cls, spec: str | None, *, registry: Registry | None = None) -> SqliteReader | None:
        """A reader of the SQLite file ``spec`` names (``--db``; None for ``LIFEPATH_DB`` or the default
        file), or None when the store must open it: a URL, a file that does not exist or is empty, one
        that does not read, or one whose schema revision is not :data:`~lifepath.store.revision.HEAD`."""
        path = sqlite_file(spec)
        try:
            if path is None or not path.is_file() or path.stat().st_size == 0:
                return None
            # mode=rw: never create a file (the store does, with its schema)
            connection = sqlite3.connect(
                f"{path.as_uri()}?mode=rw", uri=True, timeout=SQLITE_BUSY_TIMEOUT, isolation_level=None
            )
        except (OSError, sqlite3.Error):
            return None
        try:
            # one read transaction for the revision and every row after it
            connection.execute("BEGIN")
            revisions = connection.execute(f'SELECT version_num FROM "{VERSION_TABLE}"').fetchall()
            if revisions != [(HEAD,)]:
                connection.close()
                return None
            connection.create_function(SQLITE_LOWER, 1, python_lower, deterministic=True)
        except sqlite3.Error:
            connection.close()
            return None
        return cls(connection, path, registry=registry)

    def close(self) -> None:
        """End the read transaction and close the file."""
        self.connection.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    @property
    def registry(self) -> Registry:
        """The plugins' registry (the process-wide one unless the reader was given one)."""
        if self._registry is None:
            from lifepath.host.manager import get_registry

            self._registry = get_registry()
        return self._registry

    # -- queries ----------------------------------------------------------------------------------

    def _all(self, sql: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        try:
            return self.connection.execute(sql, parameters).fetchall()
        except (sqlite3.Error, OverflowError):
            raise NeedsStore(sql) from None

    def _row(self, found: tuple[Any, ...]) -> PlainRow:
        values = dict(zip(ROW_COLUMNS, found, strict=False))
        try:
            for name in DATE_COLUMNS:
                values[name] = as_utc(_datetime(values[name]))
        except (TypeError, ValueError):
            raise NeedsStore("a date that does not read") from None
        values.update(campaign=found[len(ROW_COLUMNS)], edited=bool(values["edited"]), notes=values["notes"] or "")
        return PlainRow(**values)

    def _campaign_id(self, name: str) -> int:
        if name not in self._campaign_ids:
            found = self._all('SELECT "id" FROM "campaign" WHERE "name" = ?', (name,))
            if not found:
                raise NeedsStore("no such campaign")  # the store's message lists the campaigns there are
            self._campaign_ids[name] = int(found[0][0])
        return self._campaign_ids[name]

    # -- Reads ------------------------------------------------------------------------------------

    def campaign_ruleset(self, name: str) -> str:
        """The campaign's ruleset; :class:`NeedsStore` when there is no such campaign, or when its characters
        were made with a plugin that is not installed now (the store warns, naming the characters)."""
        from lifepath.store.content import installed_names, missing_plugin_names

        found = self._all('SELECT "id", "ruleset", "plugins", "content" FROM "campaign" WHERE "name" = ?', (name,))
        if not found:
            raise NeedsStore("no such campaign")
        campaign_id, ruleset, plugins, content = found[0]
        try:
            used = json.loads(plugins) if plugins else None
            folders = json.loads(content) if content else None
        except ValueError:
            raise NeedsStore("a campaign that does not read") from None
        if missing_plugin_names(used or [], folders or [], installed_names(self._registry)):
            raise NeedsStore("a plugin is missing")
        self._campaign_ids[name] = int(campaign_id)
        return str(ruleset)

    def roster_rows(self, campaign: str | None, query: RosterQuery) -> list[PlainRow]:
        """The first page of the roster (:func:`lifepath.store.roster.roster_page`'s rows) for the filters
        ``lifepath roster`` has (status, player, ruleset); :class:`NeedsStore` for the others."""
        campaign_id = self._campaign_id(campaign) if campaign is not None else None
        query.check()
        if query.q or query.species or query.career or query.age_min is not None or query.age_max is not None:
            raise NeedsStore("a filter of the roster page")
        if query.page != 1:
            raise NeedsStore("a later page")
        where: list[str] = []
        parameters: list[Any] = []
        if campaign_id is not None:
            where.append('c."campaign_id" = ?')
            parameters.append(campaign_id)
        if query.status:
            where.append('c."status" = ?')
            parameters.append(query.status.strip().lower())
        if query.player:
            where.append(f'{SQLITE_LOWER}(c."player") = ?')
            parameters.append(query.player.strip().lower())
        if query.ruleset:
            where.append('c."ruleset" = ?')
            parameters.append(query.ruleset)
        sql = _SELECT_ROW + (" WHERE " + " AND ".join(where) if where else "") + " ORDER BY " + _order(query)
        if query.per_page:
            sql += " LIMIT ?"
            parameters.append(query.per_page)
        return [self._row(found) for found in self._all(sql, parameters)]

    def fill(self, rows: Sequence[RowView], ruleset: Ruleset) -> None:
        """Give the rows their ruleset's own columns, read from their documents (500 ids a query)."""
        from lifepath.store.columns import fill_from

        ids = [row.id for row in rows]
        documents: dict[int, str] = {}
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            sql = f'SELECT "id", "document" FROM "character" WHERE "id" IN ({", ".join("?" * len(chunk))})'
            documents.update((int(i), str(d)) for i, d in self._all(sql, chunk))
        fill_from(documents, rows, ruleset)

    def newest_id(self) -> int:
        """The id of the character saved last; :class:`NeedsStore` when there is none."""
        found = self._all('SELECT max("id") FROM "character"')[0][0]
        if found is None:
            raise NeedsStore("no character yet")
        return int(found)

    def character(self, character_id: int) -> PlainRow:
        """The roster row of one character; :class:`NeedsStore` when there is no such id."""
        if character_id not in _ID_RANGE:
            raise NeedsStore("no such character")
        found = self._all(_SELECT_ROW + ' WHERE c."id" = ?', (character_id,))
        if not found:
            raise NeedsStore("no such character")
        return self._row(found[0])

    def _stored(self, character_id: int) -> str:
        if character_id not in _ID_RANGE:
            raise NeedsStore("no such character")
        found = self._all('SELECT "document" FROM "character" WHERE "id" = ?', (character_id,))
        if not found:
            raise NeedsStore("no such character")
        return str(found[0][0])

    def document(self, character_id: int) -> str:
        """The export text of one character (the bytes ``Character.to_json()`` wrote)."""
        from lifepath.store.documents import export_text

        return export_text(self._stored(character_id))

    def load(self, character_id: int) -> Character:
        """The stored character as a :class:`lifepath.Character`."""
        from lifepath.character import Character

        return Character.from_dict(json.loads(self._stored(character_id)))


def _datetime(value: object) -> datetime:
    if isinstance(value, datetime):
        return value
    if not isinstance(value, str):
        raise TypeError(value)
    return datetime.fromisoformat(value)


def _order(query: RosterQuery) -> str:
    """:func:`lifepath.store.roster.ordering` for SQLite: the key (case folded for text, unknowns last),
    then the id."""
    direction = "DESC" if query.order == "desc" else "ASC"
    if query.sort == "id":
        return f'c."id" {direction}'
    column = f'c."{query.sort}"'  # a key query.check() accepted: one of the roster's columns
    key = column if query.sort in NUMERIC else f"{SQLITE_LOWER}({column})"
    nulls = [f"{column} IS NULL"] if query.sort in NULLABLE else []
    return ", ".join([*nulls, f"{key} {direction}", 'c."id" ASC'])


__all__ = ["NeedsStore", "SqliteReader"]
