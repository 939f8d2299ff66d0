"""The roster's columns, listed once: the terminal roster, the roster page and the static site are drawn
from :data:`COLUMNS`, and it names the keys a roster sorts by (``--sort``, the page's header links). The
CSV keeps the spreadsheet layout docs/formats.md gives (one column per characteristic).

Each :class:`Column` is a key (the sort key, and the name in the terminal header, JSON and CSV), the page's
header and the cell: the value a roster row shows (the row is a
:class:`~lifepath.store.models.CharacterRead`). Every cell is a column the store copies out of the
character's document (``Ruleset.roster_fields``), so sorting and filtering stay in the database.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lifepath.store.models import CharacterRead


@dataclass(frozen=True, slots=True)
class Column:
    """One roster column: its key, the page's header, its cell, and whether it holds numbers."""

    key: str
    header: str
    cell: Callable[[CharacterRead], Any]
    numeric: bool = False


def _blank_if_none(key: str) -> Callable[[CharacterRead], Any]:
    def cell(row: CharacterRead) -> Any:
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

__all__ = ["COLUMNS", "KEYS", "Column"]
