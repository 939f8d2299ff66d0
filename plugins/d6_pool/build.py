"""A build (what was bought from the creation pool) and its ledger (what it cost).

The same :class:`Build` is what creation stores in ``sheet.extra["build"]`` and what ``lifepath check``
reads, and the same :func:`ledger` prices it for both, so the points left during creation and the
points a check counts cannot disagree.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from functools import partial
from operator import itemgetter, lt
from typing import Any, NamedTuple

from . import RULESET_ID
from .codes import to_code
from .species import Totals
from .tables import Book

BUILD_SCHEMA = "https://lifepath.example/schemas/d6-pool.build.schema.json"


@dataclass
class Build:
    """Everything bought: attributes in pips, ranks, and traits as ``(name, points or ranks)`` pairs."""

    cls: str
    attributes: dict[str, int]
    skills: dict[str, int] = field(default_factory=dict)
    specialisations: dict[str, int] = field(default_factory=dict)
    advantages: list[tuple[str, int]] = field(default_factory=list)
    disadvantages: list[tuple[str, int]] = field(default_factory=list)
    special_abilities: list[tuple[str, int]] = field(default_factory=list)
    name: str = ""
    concept: str = ""
    house_rules: dict[str, Any] = field(default_factory=dict)
    #: the species' name (empty: the default species, Human)
    species: str = ""
    #: what the character's Extranormal is (Magic, Psionics...); empty until named
    extranormal_type: str = ""

    def copy(self) -> Build:
        """A copy whose ranks, attributes and trait lists can change without changing this one."""
        return replace(
            self,
            attributes=dict(self.attributes),
            skills=dict(self.skills),
            specialisations=dict(self.specialisations),
            advantages=list(self.advantages),
            disadvantages=list(self.disadvantages),
            special_abilities=list(self.special_abilities),
            house_rules=dict(self.house_rules),
        )

    def to_dict(self, book: Book) -> dict[str, Any]:
        """The build file shape (``d6-pool.build.schema.json``), in table order, zero ranks left out."""
        skill_order = list(book.skills)
        spec_order = list(book.specialisations)

        def order(names: list[str], key: str) -> tuple[int, str]:
            return (names.index(key) if key in names else len(names), key)

        out: dict[str, Any] = {"ruleset": RULESET_ID}
        if self.name:
            out["name"] = self.name
        if self.concept:
            out["concept"] = self.concept
        if self.species:
            out["species"] = self.species
        out["class"] = self.cls
        if self.extranormal_type:
            out["extranormal_type"] = self.extranormal_type
        per = book.per_die
        out["attributes"] = {a: to_code(self.attributes[a], per) for a in book.attributes if a in self.attributes}
        out["skills"] = {k: v for k, v in sorted(self.skills.items(), key=lambda kv: order(skill_order, kv[0])) if v}
        out["specialisations"] = {
            k: v for k, v in sorted(self.specialisations.items(), key=lambda kv: order(spec_order, kv[0])) if v
        }
        out["advantages"] = [{"name": n, "points": p} for n, p in self.advantages]
        out["disadvantages"] = [{"name": n, "points": p} for n, p in self.disadvantages]
        out["special_abilities"] = [{"name": n, "ranks": r} for n, r in self.special_abilities]
        if self.house_rules:
            out["house_rules"] = dict(sorted(self.house_rules.items()))
        return out


def ability_cost(book: Book, rules: Mapping[str, Any], name: str, ranks: int) -> int:
    """Points for ``ranks`` ranks of a Special Ability: every rank at the listed cost (uncommon), or the
    first at the listed cost and the rest at the flat extra-rank price (common)."""
    ability = book.special_abilities.get(name)
    if ability is None or ranks <= 0:
        return 0
    cost = int(ability["cost"])
    if rules.get("special_ability_ranks") == "common":
        return cost + (ranks - 1) * book.costs["common_ability_extra_rank"]
    return cost * ranks


def next_rank_cost(book: Book, rules: Mapping[str, Any], name: str, ranks: int) -> int:
    """What one more rank of a Special Ability costs, given ``ranks`` already bought."""
    return ability_cost(book, rules, name, ranks + 1) - ability_cost(book, rules, name, ranks)


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


class Ledger(NamedTuple):
    """What a build spent from its pool, by kind, and the pool itself.

    A named tuple rather than a frozen dataclass: creation prices the build again at every purchase, and
    a frozen dataclass's ``__init__`` costs some 11.8 k instructions where a named tuple's costs 3.9 k."""

    creation_points: int
    disadvantage_points: int
    attributes: int
    skills: int
    specialisations: int
    advantages: int
    special_abilities: int

    @property
    def pool(self) -> int:
        """Creation points plus the Disadvantage points that count (up to the limit)."""
        return self.creation_points + self.disadvantage_points

    @property
    def spent(self) -> int:
        return self.attributes + self.skills + self.specialisations + self.advantages + self.special_abilities

    @property
    def left(self) -> int:
        return self.pool - self.spent

    def to_dict(self) -> dict[str, int]:
        return {
            "creation_points": self.creation_points,
            "from_disadvantages": self.disadvantage_points,
            "pool": self.pool,
            "attributes": self.attributes,
            "skills": self.skills,
            "specialisations": self.specialisations,
            "advantages": self.advantages,
            "special_abilities": self.special_abilities,
            "spent": self.spent,
            "left": self.left,
        }


def ledger(
    book: Book, build: Build, rules: Mapping[str, Any], unplaced_pips: int = 0, allowance: Totals | None = None
) -> Ledger:
    """Price a build under the house rules in force, with the creation points and Disadvantage limit of
    ``allowance`` (the build's species' totals; by default the house rules' own, a Human's).

    Attribute dice are bought whole, so the pips are rounded up to dice; specialisation ranks are bought
    in groups, and a part group costs a whole point. Disadvantages count up to the limit (more is a
    violation of its own, reported by the check). ``unplaced_pips`` are pips of a die already bought
    and being split, not yet on any attribute. Each part is priced by a function of its own, which
    creation also asks for one part alone (:meth:`.state.Creation.ledger`).
    """
    if allowance is None:
        allowance = Totals(int(rules["creation_points"]), int(rules["disadvantage_limit"]))
    return Ledger(
        creation_points=allowance.creation_points,
        disadvantage_points=disadvantage_points(build.disadvantages, allowance),
        attributes=attribute_points(book, build.attributes, unplaced_pips),
        skills=skill_points(book, build.skills),
        specialisations=specialisation_points(book, build.specialisations),
        advantages=advantage_points(build.advantages),
        special_abilities=ability_points(book, rules, build.special_abilities),
    )


def disadvantage_points(disadvantages: list[tuple[str, int]], allowance: Totals) -> int:
    """The Disadvantages' points that count towards the pool: up to the species' limit."""
    counted: int = min(sum(map(_points, disadvantages)), allowance.disadvantage_limit)
    return counted


def attribute_points(book: Book, attributes: Mapping[str, int], unplaced_pips: int = 0) -> int:
    """What the attributes cost: their pips (and a split die's pips not yet placed) in whole dice."""
    pips = positive_sum(attributes.values()) + unplaced_pips
    return ceil_div(pips, book.per_die) * book.costs["attribute_die"]


def skill_points(book: Book, skills: Mapping[str, int]) -> int:
    """What the skill ranks cost."""
    return positive_sum(skills.values()) * book.costs["skill_rank"]


def specialisation_points(book: Book, specialisations: Mapping[str, int]) -> int:
    """What the specialisation ranks cost: a point for each group of ranks, a part group in full."""
    return ceil_div(positive_sum(specialisations.values()), book.costs["specialisation_ranks_per_point"])


def advantage_points(advantages: list[tuple[str, int]]) -> int:
    """What the Advantages cost."""
    return sum(map(_points, advantages))


def ability_points(book: Book, rules: Mapping[str, Any], abilities: list[tuple[str, int]]) -> int:
    """What the Special Abilities' ranks cost."""
    return sum(ability_cost(book, rules, n, r) for n, r in abilities)


#: a trait's points (or ranks) from its ``(name, points)`` pair
_points = itemgetter(1)

#: whether a number is above zero
_positive = partial(lt, 0)


def positive_sum(counts: Collection[int]) -> int:
    """The sum of ``counts``, a negative one counting as none: ``sum(max(v, 0) for v in counts)`` added up
    in C (some 2.5 k instructions for ten counts against 20 k), since creation prices a part of the build
    again at every purchase. Only a hand-made build has a negative count, and only then are they
    filtered."""
    if not counts or min(counts) >= 0:
        return sum(counts)
    return sum(filter(_positive, counts))
