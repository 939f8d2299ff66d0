"""Nowhere Yet's own tables, loaded once per process from the package's data folder."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from lifepath import Table, load_table, load_tables

PACKAGE = "lifepath.plugins.nowhere_yet"

NAMES = (
    "characteristics",
    "species",
    "traits",
    "skills",
    "education",
    "homeworld",
    "homeworlds",
    "titles",
    "mishaps",
    "injuries",
    "ageing",
    "medical",
    "retirement",
    "draft",
    "procedure",
    "names",
    "finishing",
)


@dataclass(frozen=True)
class Tables:
    """Every table of the ruleset except careers (which arrive through the careers hook)."""

    files: dict[str, Table]
    house_rules: Table
    careers: tuple[Table, ...]

    def __getitem__(self, name: str) -> Any:
        return self.files[name].data

    def all(self) -> list[Table]:
        return [*self.files.values(), self.house_rules]


@lru_cache(maxsize=1)
def tables() -> Tables:
    files = {name: load_table(PACKAGE, f"data/{name}.json") for name in NAMES}
    return Tables(files, load_table(PACKAGE, "data/house_rules.json"), tuple(load_tables(PACKAGE, "data/careers")))
