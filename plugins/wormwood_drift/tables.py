"""Wormwood Drift's own tables, loaded once per process from the package's data folder."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from lifepath import Table
from lifepath.tables import TableSet

PACKAGE = "lifepath.plugins.wormwood_drift"

#: every data file but the house-rule declaration, by the name code uses for it
NAMES = (
    "attributes",
    "backgrounds",
    "formative_events",
    "paths",
    "skills",
    "muster_out",
    "creation",
    "scars",
    "names",
    "disciplines",
    "cyberware",
)


@dataclass(frozen=True)
class Tables(TableSet):
    """The ruleset's tables. Career Paths are read here and also registered through the careers hook."""

    def all(self) -> list[Table]:
        """Every table, for :meth:`lifepath.Ruleset.tables`."""
        return [*self.files.values(), self.house_rules]

    def attribute_names(self) -> list[str]:
        """The Attributes in sheet order."""
        return [str(a["name"]) for a in self["attributes"]["attributes"]]


@lru_cache(maxsize=1)
def tables() -> Tables:
    """Load every table (cached for the life of the process)."""
    return Tables.load(PACKAGE, NAMES)
