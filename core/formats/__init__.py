"""Characters in the formats other tools read: Foundry VTT actors, "1001 characters" text, CSV.

Each format is one module: :mod:`lifepath.formats.foundry` (twodsix actor JSON),
:mod:`lifepath.formats.thousand` (the "1001 characters" text block), :mod:`lifepath.formats.table` (CSV).
What a ruleset's sheet means in each format is the ruleset's business (``Ruleset.foundry_actor``,
``Ruleset.text_1001``, ``Ruleset.csv_columns``/``csv_fields``/``csv_skills``); these modules only lay it out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lifepath.errors import LifepathError

if TYPE_CHECKING:
    from lifepath.ruleset import Ruleset

#: what `lifepath export --format` accepts besides the plain JSON export
EXPORT_FORMATS = ("json", "foundry", "1001")


class UnsupportedFormat(LifepathError):
    """A ruleset whose characters have no meaningful form in a format (e.g. the D6 pool as a twodsix actor)."""


def unsupported(ruleset: Ruleset, fmt: str, what: str) -> UnsupportedFormat:
    return UnsupportedFormat(
        f"{ruleset.name} characters cannot be written as {what}: the format is built on the Cepheus Engine "
        f"sheet (a six-characteristic UPP, terms and credits) and {ruleset.name} has no such sheet to map, "
        "so lifepath refuses rather than write a half-empty character",
        hint="write them as JSON (`lifepath export`, `lifepath generate --format jsonl`) or CSV "
        f"(`lifepath roster CAMPAIGN --format csv`, `lifepath generate --format csv`) instead of --format {fmt}",
    )


#: format -> (the Ruleset method that writes it, what it is called in messages)
_METHODS = {
    "foundry": ("foundry_actor", "a Foundry VTT (twodsix) actor"),
    "1001": ("text_1001", 'a "1001 characters" text block'),
}


def require(ruleset: Ruleset, fmt: str) -> None:
    """Refuse ``fmt`` before any work starts when ``ruleset`` has no mapping for it (formats with no
    ruleset method, such as JSON and CSV, every ruleset has)."""
    from lifepath.ruleset import Ruleset as Base

    if fmt not in _METHODS:
        return
    method, what = _METHODS[fmt]
    if getattr(type(ruleset), method) is getattr(Base, method):
        raise unsupported(ruleset, fmt, what)
