"""Species: each one's creation-point total, Disadvantage limit and starting Traits, from species tables.

The ruleset's own table (``data/species.json``) is registered through ``lifepath_register_species`` like a
plugin's, so creation offers every registered species. ``lifepath check`` looks a build's species up in
the ruleset's own table first and asks the registry only for a species a plugin added.

The house rules ``creation_points`` and ``disadvantage_limit`` are written for a Human (80 and 10 as
printed); a species' own totals move by the same amount the house rule moves the Human one (a GM who
gives everyone 20 more points gives a 74-point species 94).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from . import RULESET_ID
from .names import key
from .tables import Book

KIND_NAMES = {"advantage": "Advantage", "disadvantage": "Disadvantage", "special_ability": "Special Ability"}


class Totals(NamedTuple):
    """What a character of one species may take from the pool under the house rules in force.

    A named tuple, compared in C: creation compares it with the totals the build was last priced under
    whenever it asks for the points left (:mod:`.pricing`), and a frozen dataclass's ``__eq__`` is a
    call of its own (some 1.5 k instructions each time)."""

    creation_points: int
    disadvantage_limit: int


def totals(book: Book, rules: Mapping[str, Any], species: Mapping[str, Any]) -> Totals:
    """The species' totals moved by as much as the house rules move the printed (Human) ones."""
    printed = book.printed_rules
    return Totals(
        creation_points=max(
            int(species["creation_points"]) + int(rules["creation_points"]) - int(printed["creation_points"]), 0
        ),
        disadvantage_limit=max(
            int(species["disadvantage_limit"]) + int(rules["disadvantage_limit"]) - int(printed["disadvantage_limit"]),
            0,
        ),
    )


def own(book: Book) -> list[Mapping[str, Any]]:
    """The ruleset's own species, in table order."""
    return list(book["species"]["species"])


def default(book: Book) -> Mapping[str, Any]:
    """The species a build that names none is (the one the printed pool is for: Human)."""
    found = match(own(book), str(book["pool"]["species"]))
    if found is None:  # the tables are validated, but pool.json and species.json must also agree
        raise LookupError(f"pool.json names the species {book['pool']['species']}, which species.json lacks")
    return found


def match(candidates: Iterable[Mapping[str, Any]], text: str) -> Mapping[str, Any] | None:
    """The species ``text`` names (its id, name or an alias, however spaced or cased), or ``None``."""
    wanted = key(text)
    for species in candidates:
        if wanted in {key(n) for n in (species["id"], species["name"], *species.get("aliases", ()))}:
            return species
    return None


def registered() -> list[Mapping[str, Any]]:
    """Every species registered for the ruleset (its own and plugins'), through the registry."""
    from lifepath.host.manager import get_registry

    return [c.data for c in get_registry().species(RULESET_ID).values()]


def lookup(book: Book, text: str) -> Mapping[str, Any] | None:
    """A build's species: the ruleset's own, else one a loaded plugin registered, else ``None``."""
    return match(own(book), text) or match(registered(), text)


def trait_names(species: Mapping[str, Any]) -> list[str]:
    return [str(t["name"]) for t in species.get("traits", [])]


def trait_label(species: Mapping[str, Any], trait: Mapping[str, Any]) -> str:
    """``"Spined Hide (Quillkin Special Ability, 1 rank)"``: how a species trait is listed among the traits."""
    value = int(trait["value"])
    amount = f"{value} rank{'s' if value != 1 else ''}" if trait["kind"] == "special_ability" else f"{value}"
    return f"{trait['name']} ({species['name']} {KIND_NAMES[trait['kind']]}, {amount})"


__all__ = [
    "KIND_NAMES",
    "Totals",
    "default",
    "lookup",
    "match",
    "own",
    "registered",
    "totals",
    "trait_label",
    "trait_names",
]
