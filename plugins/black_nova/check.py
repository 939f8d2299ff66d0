"""Checking a hand-made or exported Black Nova build: every rule it breaks, each message naming the rule.

A build is ``{"ruleset": "black-nova", "name": ..., "attributes": {...}, "perks": [...], "skills": {...}}``.
Names of attributes, perks and skills match case-insensitively; a skill left out has rank 0. The checks
are the printed rules (the house rules only narrow what creation offers, so anything creation makes under
them is legal here too). Nothing here raises: a malformed build is one more violation.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from . import RULESET_ID
from .tables import Pool, Tables

KEYS = ("$schema", "ruleset", "name", "attributes", "perks", "skills")

SHAPE = "build shape"
UNKNOWN_ATTRIBUTE = "unknown attribute"
MISSING_ATTRIBUTE = "every attribute has a rank"
UNKNOWN_PERK = "unknown perk"
DUPLICATE_PERK = "each perk at most once"
UNKNOWN_SKILL = "unknown skill"
ATTRIBUTES_UNDERSPENT = "all attribute points must be spent"
SKILLS_UNDERSPENT = "all skill points must be spent"


def attribute_range(pool: Pool) -> str:
    return f"attribute range {pool.minimum}-{pool.maximum}"


def skill_range(pool: Pool) -> str:
    return f"skill range {pool.minimum}-{pool.maximum}"


def attribute_limit(pool: Pool) -> str:
    return f"only {pool.points} attribute points"


def skill_limit(pool: Pool) -> str:
    return f"only {pool.points} skill points"


def _kind(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "text", bool: "true/false", type(None): "null"}.get(
        type(value), "a number"
    )


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _fold(names: Iterable[str]) -> dict[str, str]:
    return {n.lower(): n for n in names}


class BuildChecker:
    """Collects the violations of one build."""

    def __init__(self, t: Tables) -> None:
        self.t = t
        self.attr_pool = t.attribute_pool()
        self.skill_pool = t.skill_pool()
        self.violations: list[str] = []
        #: pools with something that could not be priced (an unknown name, a rank that is not a number)
        self.unpriced: set[str] = set()

    def fail(self, text: str, rule: str) -> None:
        self.violations.append(f"{text} (rule: {rule})")

    # -- the whole build ----------------------------------------------------------------------------

    def check(self, build: Any) -> list[str]:
        if not isinstance(build, Mapping):
            self.fail(f"a build must be a JSON object, not {_kind(build)}", SHAPE)
            return self.violations
        for key in build:
            if key not in KEYS:
                self.fail(f"'{key}' is not part of a build; the keys are {', '.join(KEYS[1:])}", SHAPE)
        if "ruleset" in build and build["ruleset"] != RULESET_ID:
            self.fail(f"the build is for the ruleset {build['ruleset']!r}, not {RULESET_ID!r}", SHAPE)
        if "name" in build and not (isinstance(build["name"], str) and build["name"].strip()):
            self.fail("the name must be non-empty text", SHAPE)
        attributes = self.attributes(build.get("attributes"), "attributes" in build)
        perk_points = self.perks(build.get("perks", []))
        skill_points = self.skills(build.get("skills"), "skills" in build)
        self.spent(
            sum(attributes.values()) * self.attr_pool.cost_per_rank + perk_points,
            self.attr_pool,
            "attribute",
            attribute_limit(self.attr_pool),
            ATTRIBUTES_UNDERSPENT,
            f" (attributes {sum(attributes.values())}, perks {perk_points})",
        )
        self.spent(skill_points, self.skill_pool, "skill", skill_limit(self.skill_pool), SKILLS_UNDERSPENT, "")
        return self.violations

    # -- parts ------------------------------------------------------------------------------------

    def ranks(
        self,
        value: Any,
        present: bool,
        what: str,
        known: list[str],
        unknown_rule: str,
        pool: Pool,
        range_rule: str,
        cap_word: str,
    ) -> dict[str, int]:
        """Check an object of name -> rank; return the usable ranks (negative ones count as 0)."""
        if not present:
            self.fail(f'the build has no {what}s; give "{what}s" as an object of {what} name to rank', SHAPE)
            self.unpriced.add(what)
            return {}
        if not isinstance(value, Mapping):
            self.fail(f'"{what}s" must be an object of {what} name to rank, not {_kind(value)}', SHAPE)
            self.unpriced.add(what)
            return {}
        folded = _fold(known)
        out: dict[str, int] = {}
        for key, rank in value.items():
            name = folded.get(str(key).strip().lower())
            if name is None:
                self.fail(f"there is no {what} called '{key}'; the {what}s are {', '.join(known)}", unknown_rule)
                self.unpriced.add(what)
                continue
            if name in out:
                self.fail(f"{what} {name} is given twice", SHAPE)
                continue
            if not _is_int(rank):
                self.fail(
                    f"{what} {name} must be a whole number from {pool.minimum} to {pool.maximum}, "
                    f"not {_kind(rank)} ({rank!r})",
                    SHAPE,
                )
                self.unpriced.add(what)
                out[name] = 0
                continue
            if rank > pool.maximum:
                self.fail(f"{what} {name} {rank} is above the {cap_word} of {pool.maximum}", range_rule)
            elif rank < pool.minimum:
                self.fail(f"{what} {name} {rank} is below the minimum of {pool.minimum}", range_rule)
            out[name] = max(rank, 0)
        return out

    def attributes(self, value: Any, present: bool) -> dict[str, int]:
        """Check the attribute ranks (all must be given); return the usable ones."""
        names = self.t.attribute_names()
        out = self.ranks(
            value,
            present,
            "attribute",
            names,
            UNKNOWN_ATTRIBUTE,
            self.attr_pool,
            attribute_range(self.attr_pool),
            "maximum",
        )
        if present and isinstance(value, Mapping):
            for name in names:
                if name not in out:
                    self.fail(
                        f"attribute {name} is missing; give it a rank from {self.attr_pool.minimum} "
                        f"to {self.attr_pool.maximum}",
                        MISSING_ATTRIBUTE,
                    )
        return out

    def skills(self, value: Any, present: bool) -> int:
        """Check the skill ranks; return the skill points they cost."""
        out = self.ranks(
            value,
            present,
            "skill",
            list(self.t.skill_attributes()),
            UNKNOWN_SKILL,
            self.skill_pool,
            skill_range(self.skill_pool),
            "cap",
        )
        return sum(out.values()) * self.skill_pool.cost_per_rank

    def perks(self, value: Any) -> int:
        """Check the perk list; return the attribute points the known perks cost."""
        if not isinstance(value, list):
            self.fail(f'"perks" must be a list of perk names, not {_kind(value)}', SHAPE)
            self.unpriced.add("attribute")
            return 0
        known = self.t.perk_names()
        folded = _fold(known)
        folded.update({p["id"]: p["name"] for p in self.t.perks()})
        seen: dict[str, int] = {}
        cost = 0
        for item in value:
            if not isinstance(item, str):
                self.fail(f"a perk must be named by text, not {_kind(item)} ({item!r})", SHAPE)
                self.unpriced.add("attribute")
                continue
            name = folded.get(item.strip().lower())
            if name is None:
                self.fail(f"there is no perk called '{item}'; the perks are {', '.join(known)}", UNKNOWN_PERK)
                self.unpriced.add("attribute")
                continue
            seen[name] = seen.get(name, 0) + 1
            if seen[name] == self.t.perk_max_each() + 1:
                self.fail(f"perk {name} is taken more than {self._times(self.t.perk_max_each())}", DUPLICATE_PERK)
            cost += self.t.perk_cost(name)
        return cost

    @staticmethod
    def _times(n: int) -> str:
        return "once" if n == 1 else f"{n} times"

    def spent(self, spent: int, pool: Pool, what: str, limit_rule: str, under_rule: str, detail: str) -> None:
        """Over-spending is always reported; under-spending only when every item of the pool could be priced
        (an unknown perk or skill is already a violation, and its points cannot be counted)."""
        if spent > pool.points:
            self.fail(f"{spent} {what} points are spent{detail}, more than the {pool.points} there are", limit_rule)
        elif spent < pool.points and pool.all_must_be_spent and what not in self.unpriced:
            self.fail(
                f"only {spent} of the {pool.points} {what} points are spent{detail}; {pool.points - spent} left over",
                under_rule,
            )


def check_build(t: Tables, build: Any) -> list[str]:
    """Every rule ``build`` breaks; an empty list for a legal build."""
    return BuildChecker(t).check(build)
