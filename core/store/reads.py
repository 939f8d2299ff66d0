"""What the read-only commands (``roster``, ``show``, ``sheet ID``) ask of a campaign database, answered
either by the :class:`~lifepath.store.service.Store` or, for an up-to-date SQLite file, straight from the
file with the standard library's ``sqlite3`` (:class:`lifepath.store.sqlite_reads.SqliteReader`), which
imports neither SQLAlchemy nor SQLModel nor pydantic.

* :class:`RowView`: the attributes of a roster row that a command reads; the store's
  :class:`~lifepath.store.models.CharacterRead` has them, and so has :class:`PlainRow`, the row the
  SQLite reader makes (the same fields in the same order: a test compares them);
* :class:`Reads`: the questions; :class:`StoreReads` asks them of a store, ``SqliteReader`` of a file.

Nothing here imports SQLAlchemy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from lifepath.character import Character
    from lifepath.host.registry import Registry
    from lifepath.ruleset import Ruleset
    from lifepath.store.roster import RosterQuery
    from lifepath.store.service import Store


class RowView(Protocol):
    """A roster row as the commands read it (a :class:`~lifepath.store.models.CharacterRead` or a
    :class:`PlainRow`)."""

    id: int
    name: str
    player: str | None
    status: str
    campaign: str
    ruleset: str
    species: str
    careers: str
    terms: int
    age: int | None
    profile: str
    edited: bool
    notes: str
    extra: dict[str, Any]

    def roster_dict(self) -> dict[str, Any]: ...


@dataclass(slots=True)
class PlainRow:
    """A roster row read without the ORM: :class:`~lifepath.store.models.CharacterRead`'s fields, in its
    order (``roster --json`` prints them in it), as plain attributes."""

    name: str
    player: str | None
    status: str
    id: int
    campaign_id: int
    campaign: str
    ruleset: str
    rules_sha256: str
    seed: int
    species: str
    careers: str
    terms: int
    age: int | None
    profile: str
    edited: bool
    notes: str
    created_at: datetime
    updated_at: datetime
    #: the values of its ruleset's own roster columns, when a roster shows them (lifepath.store.columns.fill)
    extra: dict[str, Any] = field(default_factory=dict)

    def roster_dict(self) -> dict[str, Any]:
        """The row as plain JSON-ready data (dates as ISO 8601 text), as ``CharacterRead.roster_dict``."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["extra"] = dict(self.extra)
        data["created_at"] = self.created_at.isoformat()
        data["updated_at"] = self.updated_at.isoformat()
        return data


#: :class:`PlainRow`'s fields that are not columns of the ``character`` table: the campaign's name (joined)
#: and the ruleset's own columns (read from the document)
NOT_COLUMNS = frozenset({"campaign", "extra"})
#: the ``character`` columns a roster row holds (every column but the document and its hash), in
#: :class:`PlainRow`'s order
ROW_COLUMNS: tuple[str, ...] = tuple(f.name for f in fields(PlainRow) if f.name not in NOT_COLUMNS)
#: the columns stored as UTC timestamps (:class:`~lifepath.store.models.UTCDateTime`)
DATE_COLUMNS = frozenset({"created_at", "updated_at"})


def as_utc(value: datetime) -> datetime:
    """A stored timestamp, timezone-aware in UTC (SQLite keeps them as naive UTC text)."""
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Reads(Protocol):
    """The questions the read-only commands ask of a campaign database."""

    @property
    def registry(self) -> Registry:
        """The plugins' registry the output is drawn with."""
        ...

    def campaign_ruleset(self, name: str) -> str:
        """The ruleset of the campaign called ``name`` (warning about plugins its characters need that are
        gone, as :meth:`~lifepath.store.service.Store.campaign` does)."""
        ...

    def roster_rows(self, campaign: str | None, query: RosterQuery) -> Sequence[RowView]:
        """The rows of the first page of ``query`` (:meth:`~lifepath.store.service.Store.roster`)."""
        ...

    def fill(self, rows: Sequence[RowView], ruleset: Ruleset) -> None:
        """Give the rows the values of the ruleset's own columns (:func:`lifepath.store.columns.fill`)."""
        ...

    def newest_id(self) -> int:
        """The id of the character saved last (``show last``)."""
        ...

    def character(self, character_id: int) -> RowView:
        """The roster row of one character."""
        ...

    def document(self, character_id: int) -> str:
        """The export text of one character (``show --json``)."""
        ...

    def load(self, character_id: int) -> Character:
        """The stored character."""
        ...


class StoreReads:
    """:class:`Reads` answered by an open :class:`~lifepath.store.service.Store`."""

    def __init__(self, store: Store) -> None:
        self.store = store

    @property
    def registry(self) -> Registry:
        return self.store.registry

    def campaign_ruleset(self, name: str) -> str:
        return self.store.campaign(name).ruleset

    def roster_rows(self, campaign: str | None, query: RosterQuery) -> Sequence[RowView]:
        return self.store.roster(campaign, query).rows

    def fill(self, rows: Sequence[RowView], ruleset: Ruleset) -> None:
        from lifepath.store.columns import fill

        with self.store.read_session() as session:
            fill(session, rows, ruleset)

    def newest_id(self) -> int:
        return self.store.newest_id()

    def character(self, character_id: int) -> RowView:
        return self.store.character(character_id)

    def document(self, character_id: int) -> str:
        return self.store.document(character_id)

    def load(self, character_id: int) -> Character:
        return self.store.load(character_id)


__all__ = ["DATE_COLUMNS", "NOT_COLUMNS", "ROW_COLUMNS", "PlainRow", "Reads", "RowView", "StoreReads", "as_utc"]
