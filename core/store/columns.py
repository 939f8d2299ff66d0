"""The roster's columns, listed once: the terminal roster, the roster page and the static site are drawn
from :data:`COLUMNS` and, for a campaign's roster, its ruleset's own (:func:`columns_for`); :data:`COLUMNS`
names the keys a roster sorts by (``--sort``, the page's header links). The CSV keeps the spreadsheet
layout docs/formats.md gives (one column per characteristic, and a ruleset's own ``csv_columns``).

Each :class:`Column` is a key (the sort key, and the name in the terminal header, JSON and CSV), the page's
header and the cell: the value a roster row shows (the row is a :class:`~lifepath.store.reads.RowView`: the
store's :class:`~lifepath.store.models.CharacterRead`, or the plain row the read-only commands read from a
SQLite file). Every shared cell is a column the store copies out of the character's document
(``Ruleset.roster_fields``), so sorting and filtering stay in the database. A ruleset's own columns
(``Ruleset.roster_columns``, :class:`lifepath.sheets.RosterColumn`) are read from the documents of the rows
shown (:func:`fill`, or :func:`fill_from` with the documents read already), so they are shown but not sorted by.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlmodel import Session

    from lifepath.host.registry import Registry
    from lifepath.ruleset import Ruleset
    from lifepath.store.reads import RowView


@dataclass(frozen=True, slots=True)
class Column:
    """One roster column: its key, the page's header, its cell, whether it holds numbers, and whether a
    roster sorts by it (the shared columns: a ruleset's own are read from the documents shown)."""

    key: str
    header: str
    cell: Callable[[RowView], Any]
    numeric: bool = False
    sortable: bool = True


def _blank_if_none(key: str) -> Callable[[RowView], Any]:
    def cell(row: RowView) -> Any:
        value = getattr(row, key)
        return "" if value is None else value

    return cell


COLUMNS: tuple[Column, ...] = (
    Column("id", "Id", attrgetter("id"), numeric=True),
    Column("name", "Name", attrgetter("name")),
    Column("player", "Player", _blank_if_none("player")),
    Column("species", "Species", attrgetter("species")),
    Column("careers", "Careers", attrgetter("careers")),
    Column("terms", "Terms", attrgetter("terms"), numeric=True),
    Column("age", "Age", _blank_if_none("age"), numeric=True),
    Column("profile", "Profile", attrgetter("profile")),
    Column("status", "Status", attrgetter("status")),
)

#: the keys a roster sorts by, in the columns' order
KEYS: tuple[str, ...] = tuple(column.key for column in COLUMNS)


def _extra(key: str) -> Callable[[RowView], Any]:
    def cell(row: RowView) -> Any:
        value = row.extra.get(key)
        return "" if value is None else value

    return cell


def columns_for(ruleset: Ruleset | None) -> tuple[Column, ...]:
    """The columns of a roster of ``ruleset``'s characters: :data:`COLUMNS`, then the ruleset's own (none
    for a roster of several rulesets, ``None``, or of one lifepath cannot load)."""
    if ruleset is None:
        return COLUMNS
    own = tuple(
        Column(c.key, c.header, _extra(c.key), numeric=c.numeric, sortable=False) for c in ruleset.roster_columns()
    )
    return COLUMNS + own


def ruleset_of(registry: Registry, ruleset_id: str) -> Ruleset | None:
    """The ruleset a roster of ``ruleset_id``'s characters draws its own columns from; ``None`` when it
    is not installed (the roster still shows the shared columns)."""
    from lifepath.errors import UnknownName

    try:
        return registry.ruleset(ruleset_id)
    except UnknownName:
        return None


def fill(session: Session, rows: Sequence[RowView], ruleset: Ruleset | None) -> None:
    """Give each row the values of ``ruleset``'s own columns (``row.extra``), read from the rows'
    documents in one query; nothing to read when the ruleset has none."""
    if ruleset is None or not ruleset.roster_columns() or not rows:
        return
    from lifepath.store.roster import stored_documents

    fill_from(stored_documents(session, [row.id for row in rows]), rows, ruleset)


def fill_from(documents: Mapping[int, str], rows: Sequence[RowView], ruleset: Ruleset) -> None:
    """:func:`fill` with the rows' stored documents read already (by id; a row without one is left as it is)."""
    own = ruleset.roster_columns()
    if not own:
        return
    from lifepath.character import Character

    for row in rows:
        document = documents.get(row.id)
        if document is None or row.ruleset != ruleset.id:
            continue
        character = Character.from_dict(json.loads(document))
        row.extra = {c.key: c.value(character) for c in own}


__all__ = ["COLUMNS", "KEYS", "Column", "columns_for", "fill", "fill_from", "ruleset_of"]
