"""Nowhere Yet's own tables, loaded once per process from the package's data folder."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from lifepath import load_tables
from lifepath.tables import TableSet

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
class Tables(TableSet):
    """Every table of the ruleset except careers (which arrive through the careers hook)."""


@lru_cache(maxsize=1)
def tables() -> Tables:
    return Tables.load(PACKAGE, NAMES, extra=tuple(load_tables(PACKAGE, "data/careers")))
