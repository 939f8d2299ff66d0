"""The roster query: filters, sort and paging done by the database, the one query behind ``lifepath roster``,
the roster page of ``lifepath serve`` and the roster pages of ``export --format site``.

:class:`RosterQuery` says what to show; :meth:`lifepath.store.service.Store.roster` answers with a
:class:`RosterPage`: the rows of one page (documents left out), how many characters match, how many the
campaign has, and the page count. A page costs two ``COUNT`` queries, one query for the ids of the page
(``ORDER BY ... LIMIT ... OFFSET``, on indexed columns; revision 0008 adds the indexes) and one for those
rows: it never reads every row.

The rules, the same on SQLite and PostgreSQL:

* ``q`` is a case-insensitive substring of the name, ``career`` of the careers column; the text is matched
  as text (``LIKE`` with ``%``, ``_`` and the escape character escaped), never as a pattern;
* ``species`` and ``status`` match exactly, ``player`` exactly but case-insensitively, ``ruleset`` exactly;
* ``age_min``/``age_max`` are inclusive bounds; a character of unknown age matches neither;
* text sorts case-insensitively, by code point after folding case (``COLLATE "C"`` on PostgreSQL, so the
  server's locale does not reorder it), unknown ages and players last in either order, ties by id.

Case is folded with Python's ``str.lower`` on SQLite (a function registered on the connection: SQLite's own
``lower()`` folds only A-Z) and with ``lower()`` on PostgreSQL, which agree on the letters names use.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lifepath.errors import LifepathError
from lifepath.store.columns import KEYS

if TYPE_CHECKING:
    from sqlalchemy import ColumnElement, Table
    from sqlmodel import Session

    from lifepath.store.models import CharacterRead

#: the keys a roster sorts by: its columns' (lifepath.store.columns)
SORTS: tuple[str, ...] = KEYS
#: the largest page the roster page of ``lifepath serve`` shows (``per_page``)
PER_PAGE_MAX = 500
#: the page size of the roster page
PER_PAGE = 50
#: the sort keys that sort as numbers (the others as text, case folded)
NUMERIC = frozenset({"id", "terms", "age"})
#: the sort keys a row may have no value for (sorted last in either order)
NULLABLE = frozenset({"age", "player"})
#: the SQLite function that folds case as Python does (registered on the connection before a query)
SQLITE_LOWER = "lifepath_lower"
#: a value SQLite hands a function it calls
SqliteValue = str | bytes | int | float | None


@dataclass(frozen=True)
class RosterQuery:
    """What a roster shows: filters (empty: any), the sort key and order, and the page (``per_page`` None:
    every matching row on one page)."""

    q: str = ""
    species: str = ""
    career: str = ""
    status: str = ""
    player: str = ""
    ruleset: str = ""
    age_min: int | None = None
    age_max: int | None = None
    sort: str = "id"
    order: str = "asc"
    page: int = 1
    per_page: int | None = PER_PAGE

    def check(self) -> None:
        """A :class:`LifepathError` for a sort key, order or page that is not one."""
        if self.sort not in SORTS:
            raise LifepathError(
                f"'{self.sort}' is not a roster column to sort by", hint=f"use one of {', '.join(SORTS)}"
            )
        if self.order not in ("asc", "desc"):
            raise LifepathError(f"'{self.order}' is not a sort order", hint="use asc or desc")
        if self.page < 1:
            raise LifepathError(f"there is no roster page {self.page}", hint="pages are numbered from 1")
        if self.per_page is not None and self.per_page < 1:
            raise LifepathError(f"a roster page of {self.per_page} rows is no page", hint="ask for 1 row or more")

    @property
    def filtered(self) -> bool:
        """Whether any filter is set (else every row of the campaign matches)."""
        return bool(
            self.q
            or self.species
            or self.career
            or self.status
            or self.player
            or self.ruleset
            or self.age_min is not None
            or self.age_max is not None
        )


@dataclass(frozen=True)
class RosterPage:
    """One page of a roster: its rows, how many match the filters, how many there are in all (in the
    campaign, or every campaign), the page number (clamped to the last page) and the number of pages
    (at least 1)."""

    rows: list[CharacterRead]
    matched: int
    total: int
    page: int
    pages: int
    per_page: int | None = None
    #: the number, from 1, of the page's first row in the matching rows (0 when nothing matches)
    first: int = field(default=0)

    @property
    def last(self) -> int:
        """The number of the page's last row (0 when nothing matches)."""
        return self.first + len(self.rows) - 1 if self.rows else 0


@dataclass(frozen=True)
class Pager:
    """The previous and next links of a roster page ("" where there is none), for the template."""

    page: int
    pages: int
    previous: str
    next: str


def pager(found: RosterPage, link: Callable[[int], str]) -> Pager:
    """The links around ``found``, made by ``link(page_number)`` (a query string, or a file name)."""
    return Pager(
        found.page,
        found.pages,
        link(found.page - 1) if found.page > 1 else "",
        link(found.page + 1) if found.page < found.pages else "",
    )


def python_lower(value: SqliteValue) -> SqliteValue:
    """Text with its case folded as Python folds it (:data:`SQLITE_LOWER` on SQLite); other values as they are."""
    return value.lower() if isinstance(value, str) else value


def prepare(session: Session) -> None:
    """Register :data:`SQLITE_LOWER` on the session's SQLite connection (nothing on PostgreSQL)."""
    conn = session.connection()
    if conn.dialect.name == "sqlite":
        raw: Any = conn.connection.dbapi_connection
        raw.create_function(SQLITE_LOWER, 1, python_lower, deterministic=True)


def _fold(session: Session, column: Any) -> ColumnElement[Any]:
    from sqlalchemy import func

    if session.connection().dialect.name == "sqlite":
        return getattr(func, SQLITE_LOWER)(column)  # type: ignore[no-any-return]
    return func.lower(column)


def _table() -> Table:
    from lifepath.store.models import CharacterRow

    return CharacterRow.__table__  # type: ignore[attr-defined,no-any-return]


def conditions(session: Session, campaign_id: int | None, query: RosterQuery) -> list[ColumnElement[bool]]:
    """The WHERE clauses of ``query`` (``campaign_id`` None: every campaign)."""
    c = _table().c
    where: list[ColumnElement[bool]] = []
    if campaign_id is not None:
        where.append(c.campaign_id == campaign_id)
    if query.q:
        where.append(_fold(session, c.name).contains(query.q.lower(), autoescape=True))
    if query.career:
        where.append(_fold(session, c.careers).contains(query.career.lower(), autoescape=True))
    if query.species:
        where.append(c.species == query.species)
    if query.status:
        where.append(c.status == query.status.strip().lower())  # one that is not a status matches nothing
    if query.player:
        where.append(_fold(session, c.player) == query.player.strip().lower())
    if query.ruleset:
        where.append(c.ruleset == query.ruleset)
    if query.age_min is not None:
        where.append(c.age >= query.age_min)
    if query.age_max is not None:
        where.append(c.age <= query.age_max)
    return where


def ordering(session: Session, query: RosterQuery) -> list[Any]:
    """The ORDER BY of ``query``: the key (case folded for text, unknowns last), then the id."""
    c = _table().c
    desc = query.order == "desc"
    if query.sort == "id":
        return [c.id.desc() if desc else c.id.asc()]
    column = c[query.sort]
    key: Any = column
    if query.sort not in NUMERIC:
        key = _fold(session, column)
        if session.connection().dialect.name == "postgresql":
            key = key.collate("C")
    nulls = [column.is_(None)] if query.sort in NULLABLE else []
    return [*nulls, key.desc() if desc else key.asc(), c.id.asc()]


def _count(session: Session, where: Sequence[ColumnElement[bool]]) -> int:
    from sqlalchemy import func, select

    return int(session.execute(select(func.count()).select_from(_table()).where(*where)).scalar_one())


def roster_page(session: Session, campaign_id: int | None, query: RosterQuery) -> RosterPage:
    """One page of the roster (see the module's docstring); ``query`` is checked first."""
    from sqlalchemy import select

    query.check()
    prepare(session)
    everything = conditions(session, campaign_id, RosterQuery())
    total = _count(session, everything)
    where = conditions(session, campaign_id, query)
    matched = _count(session, where) if query.filtered else total
    pages = max(1, math.ceil(matched / query.per_page)) if query.per_page else 1
    page = min(query.page, pages)
    ids_query = select(_table().c.id).where(*where).order_by(*ordering(session, query))
    if query.per_page:
        ids_query = ids_query.limit(query.per_page).offset((page - 1) * query.per_page)
    ids = [int(i) for i in session.execute(ids_query).scalars()]
    rows = rows_by_id(session, ids)
    first = (page - 1) * (query.per_page or 0) + 1 if rows else 0
    return RosterPage(rows, matched, total, page, pages, query.per_page, first)


def rows_by_id(session: Session, ids: Sequence[int]) -> list[CharacterRead]:
    """The roster rows (no documents) of ``ids``, in that order; read in chunks of 500 ids with SQLAlchemy
    Core (the columns' types still apply: dates come back in UTC), no ORM objects built."""
    from sqlalchemy import select

    from lifepath.store.models import CampaignRow, CharacterRead

    table = _table()
    campaign = CampaignRow.__table__  # type: ignore[attr-defined]
    columns = [c for c in table.c if c.name != "document"]
    found: dict[int, CharacterRead] = {}
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        query = (
            select(*columns, campaign.c.name.label("campaign_name"))
            .join(campaign, campaign.c.id == table.c.campaign_id)
            .where(table.c.id.in_(chunk))
        )
        for row in session.execute(query).mappings():
            values = {c.name: row[c.name] for c in columns}
            values.update(campaign=row["campaign_name"], edited=bool(values["edited"]), notes=values["notes"] or "")
            read = CharacterRead(**values)
            found[read.id] = read
    return [found[i] for i in ids if i in found]


def stored_document(session: Session, character_id: int) -> str | None:
    """The stored (compact) JSON document of one character, None if there is no such id: for
    ``json.loads``, which reads the same data as from the export text, without re-indenting it first."""
    from sqlalchemy import select

    c = _table().c
    found = session.execute(select(c.document).where(c.id == character_id)).scalar()
    return None if found is None else str(found)


def stored_documents(session: Session, ids: Sequence[int]) -> dict[int, str]:
    """The stored documents of ``ids`` by id (ids with no character left out), read in chunks of 500."""
    from sqlalchemy import select

    c = _table().c
    found: dict[int, str] = {}
    for start in range(0, len(ids), 500):
        query = select(c.id, c.document).where(c.id.in_(ids[start : start + 500]))
        found.update((int(i), str(d)) for i, d in session.execute(query))
    return found


#: ``character`` rows from which SQLite's planner statistics are worth having (see :func:`refresh_statistics`)
STATISTICS_FROM = 1000


def refresh_statistics(session: Session) -> bool:
    """On SQLite, ``ANALYZE character`` when the table has at least :data:`STATISTICS_FROM` rows and twice
    as many as when its statistics were last gathered (none yet counts as 0); nothing on PostgreSQL, whose
    autovacuum does it. Called after a batch of new characters (``generate``, ``import``): the planner then
    knows a species matches fewer rows than an age bound. Doubling keeps the total cost a small multiple of
    one ``ANALYZE`` (which reads only the indexes since revision 0009: ~0.1 s for 10,000 rows).
    Whether it ran."""
    from sqlalchemy import text

    conn = session.connection()
    if conn.dialect.name != "sqlite":
        return False
    rows = _count(session, [])
    if rows < STATISTICS_FROM:
        return False
    known = 0
    if conn.execute(text("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'")).first() is not None:
        stat = conn.execute(
            text("SELECT stat FROM sqlite_stat1 WHERE tbl = 'character' AND idx = 'ix_character_campaign_id'")
        ).scalar()
        known = int(str(stat).split()[0]) if stat else 0
    if rows < 2 * known:
        return False
    conn.execute(text('ANALYZE "character"'))
    return True


def species_choices(session: Session, campaign_id: int) -> list[str]:
    """The species the campaign's characters have (a DISTINCT on an index), sorted."""
    from sqlalchemy import select

    c = _table().c
    query = select(c.species).where(c.campaign_id == campaign_id, c.species != "").distinct()
    return sorted(str(s) for s in session.execute(query).scalars())


def ids_of(session: Session, campaign_id: int) -> list[int]:
    """Every character id of the campaign, in order (from the campaign index, no row read)."""
    from sqlalchemy import select

    c = _table().c
    return [int(i) for i in session.execute(select(c.id).where(c.campaign_id == campaign_id).order_by(c.id)).scalars()]


def with_documents(session: Session, campaign_id: int, batch: int = 200) -> Iterator[tuple[CharacterRead, str]]:
    """Each character of the campaign with its stored JSON document (for ``json.loads``), by id, read
    ``batch`` rows at a time (keyset paging on the id), so memory holds one batch whatever the campaign's size."""
    from sqlalchemy import select

    c = _table().c
    after = 0
    while True:
        query = select(c.id, c.document).where(c.campaign_id == campaign_id, c.id > after).order_by(c.id).limit(batch)
        found = session.execute(query).all()
        if not found:
            return
        rows = {r.id: r for r in rows_by_id(session, [int(i) for i, _ in found])}
        for cid, document in found:
            if int(cid) in rows:  # not deleted meanwhile
                yield rows[int(cid)], str(document)
        after = int(found[-1][0])


__all__ = [
    "NULLABLE",
    "NUMERIC",
    "PER_PAGE",
    "PER_PAGE_MAX",
    "SORTS",
    "SQLITE_LOWER",
    "Pager",
    "RosterPage",
    "RosterQuery",
    "SqliteValue",
    "ids_of",
    "pager",
    "python_lower",
    "refresh_statistics",
    "roster_page",
    "rows_by_id",
    "species_choices",
    "stored_document",
    "with_documents",
]
