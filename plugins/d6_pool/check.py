"""``check_build``: every rule a hand-made (or exported) build breaks, each message naming its rule.

The build file's shape is checked first against ``d6-pool.build.schema.json``; a build of the wrong
shape gets only its shape violations (the rules cannot be read from it). A build of the right shape is
then checked against every rule of the creation pool, and every violation is listed.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from lifepath.engine.houserules import resolve
from lifepath.errors import HouseRuleError
from lifepath.tables import parse_table

from . import species
from .build import BUILD_SCHEMA, Build, Ledger, ledger
from .codes import DieCodeError, to_code, to_pips
from .derived import has_extranormal
from .names import find, normalise
from .tables import Book, spec_key, split_spec_key

if TYPE_CHECKING:
    from lifepath.validation import Validator


@lru_cache(maxsize=1)
def _validator() -> Validator:
    from lifepath.validation import Validator

    return Validator()


def _listing(names: list[str]) -> str:
    return ", ".join(names)


def _at(build: Any, pointer: str) -> Any:
    node = build
    for part in pointer.split("/")[1:]:
        part = part.replace("~1", "/").replace("~0", "~")
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def shape_violations(build: Any) -> list[str]:
    """Problems with the file's shape (not JSON object, wrong types, unknown keys), as violations."""
    if not isinstance(build, dict):
        kind = type(build).__name__ if build is not None else "null"
        return [f"a build must be a JSON object, not {kind} (rule: build file shape)"]
    table = parse_table("build", json.dumps(build, indent=2, ensure_ascii=False))
    out = []
    for error in _validator().errors(table, BUILD_SCHEMA):
        pointer = error.pointer or ""
        parts = pointer.split("/")
        if len(parts) == 3 and parts[1] == "attributes":
            value = json.dumps(_at(build, pointer), ensure_ascii=False)
            out.append(f"attribute {parts[2]}: {value} is not a die code such as 3D or 2D+1 (rule: die codes)")
        else:
            out.append(f"at {pointer or 'the top level'}: {error.message} (rule: build file shape)")
    return out


class _Checker:
    """One check of one build of the right shape; collects violations in the order of the rules."""

    def __init__(self, book: Book, data: Mapping[str, Any]) -> None:
        self.book = book
        self.data = data
        self.out: list[str] = []

    def add(self, text: str) -> None:
        self.out.append(text)

    def run(self) -> list[str]:
        rules = self.house_rules()
        kind = self.build_species()
        allowance = species.totals(self.book, rules, kind)
        cls = self.base_class()
        build = Build(
            cls=cls or "",
            attributes=self.attributes(cls),
            skills=self.skills(cls),
            specialisations=self.specialisations(cls),
            advantages=self.pointed("advantages", "Advantage", self.book.advantages),
            disadvantages=self.pointed("disadvantages", "Disadvantage", self.book.disadvantages),
            special_abilities=self.abilities(),
        )
        self.species_traits(build, kind)
        if cls is not None:
            self.extranormal(build, rules)
        self.disadvantage_limit(build, allowance, kind)
        self.pool(ledger(self.book, build, rules, 0, allowance), rules)
        return self.out

    # -- house rules and class -----------------------------------------------------------------------

    def house_rules(self) -> dict[str, Any]:
        """The house rules the build names, each checked on its own; a bad one is reported and its
        printed default used."""
        declaration = self.book.house_rules.data
        good: dict[str, Any] = {}
        for name, value in self.data.get("house_rules", {}).items():
            try:
                resolve(declaration, {name: value})
            except HouseRuleError as exc:
                fallback = "the printed rule is used instead" if name in declaration["properties"] else "it is ignored"
                self.add(f"{exc.message} ({exc.hint}); {fallback} (rule: house rules)")
                continue
            good[name] = value
        return resolve(declaration, good)

    def build_species(self) -> Mapping[str, Any]:
        """The build's species (Human when it names none); an unknown one is reported and Human used."""
        written = self.data.get("species")
        if written is None:
            return species.default(self.book)
        found = species.lookup(self.book, str(written))
        if found is not None:
            return found
        known = [str(s["name"]) for s in species.own(self.book)]
        known += [str(s["name"]) for s in species.registered() if str(s["name"]) not in known]
        self.add(
            f"unknown species '{normalise(str(written))}'; the species are {_listing(known)}, so the "
            "Human pool and Disadvantage limit are used (rule: species)"
        )
        return species.default(self.book)

    def base_class(self) -> str | None:
        name = normalise(str(self.data["class"]))
        found = find(self.book.classes, name)
        if found is not None:
            return found
        self.add(
            f"unknown class '{name}'; the classes are {_listing(list(self.book.classes))}, so attribute maxima and "
            "class skills cannot be checked (rule: base class)"
        )
        return None

    # -- attributes ----------------------------------------------------------------------------------

    def attributes(self, cls: str | None) -> dict[str, int]:
        book, per = self.book, self.book.per_die
        given: Mapping[str, str] = self.data["attributes"]
        values: dict[str, int] = {}
        seen: Counter[str] = Counter()
        for written, code in given.items():
            name = find(book.attributes, written)
            if name is None:
                self.add(
                    f"unknown attribute '{normalise(written)}'; the attributes are {_listing(list(book.attributes))} "
                    "(rule: the six attributes)"
                )
                continue
            seen[name] += 1
            try:
                values[name] = to_pips(code, per)
            except DieCodeError as exc:
                self.add(f"attribute {name}: {exc.message}; {exc.hint} (rule: die codes)")
        for name, count in seen.items():
            if count > 1:
                self.add(f"attribute {name} is listed {count} times; list it once (rule: the six attributes)")
        lowest = to_code(book.attribute_min_pips, per)
        for name in book.attributes:
            if name not in seen:
                self.add(
                    f"attribute {name} is missing; every attribute must be at least {lowest} (rule: attribute minimum)"
                )
                continue
            if name not in values:
                continue
            pips = values[name]
            if pips < book.attribute_min_pips:
                self.add(
                    f"attribute {name} {to_code(pips, per)} is below the minimum of {lowest} (rule: attribute minimum)"
                )
            if cls is not None:
                top = book.attribute_max_pips(cls, name)
                if pips > top:
                    if book.classes[cls]["primary"] == name:
                        self.add(
                            f"attribute {name} {to_code(pips, per)} is above the class maximum of {to_code(top, per)} "
                            f"for the {cls}'s primary attribute (rule: class attribute maximum)"
                        )
                    else:
                        self.add(
                            f"attribute {name} {to_code(pips, per)} is above the maximum of {to_code(top, per)} for an "
                            f"attribute that is not the {cls}'s primary ({book.classes[cls]['primary']}) "
                            "(rule: non-class attribute maximum)"
                        )
        total = sum(values.values())
        if total % per:
            extra = total % per
            self.add(
                f"the attributes hold {total} pips ({to_code(total, per)}), which is not a whole number of dice: "
                f"attribute dice are bought whole and only split into pips afterwards, so add {per - extra} pip(s) "
                f"or remove {extra} (rule: whole attribute dice)"
            )
        return values

    # -- skills and specialisations ------------------------------------------------------------------

    def _cap(self, cls: str | None, skill: str, ranks: int, what: str) -> None:
        if cls is None:
            return
        cap = self.book.rank_cap(cls, skill)
        if ranks > cap:
            if self.book.is_class_skill(cls, skill):
                self.add(
                    f"{what} +{ranks} is above the maximum of +{cap} for a {cls} class skill "
                    "(rule: class skill maximum)"
                )
            else:
                self.add(
                    f"{what} +{ranks} is above the maximum of +{cap} for a skill that is not a {cls} class skill "
                    "(rule: non-class skill maximum)"
                )

    def _ranked(self, entries: list[tuple[str, int, str] | str], what: str, cls: str | None) -> dict[str, int]:
        """Ranks by listed name, from entries in file order: ``(name, ranks, its skill)``, or the violation
        of an entry whose name is not listed.

        However many spellings a name was written in, it is one entry: its ranks are added up and the
        rank cap applies to the total; listing it more than once is a violation of its own. Each name's
        violations come at its first spelling, so they read in the order of the file.
        """
        totals: dict[str, int] = {}
        count: Counter[str] = Counter()
        for entry in entries:
            if isinstance(entry, tuple):
                name, ranks, _skill = entry
                totals[name] = totals.get(name, 0) + ranks
                count[name] += 1
        done: set[str] = set()
        for entry in entries:
            if isinstance(entry, str):
                self.add(entry)
                continue
            name, _ranks, skill = entry
            if name in done:
                continue
            done.add(name)
            if count[name] > 1:
                self.add(
                    f"{what} {name} is listed {count[name]} times under different spellings; list it once "
                    f"(rule: each {what} once)"
                )
            self._cap(cls, skill, totals[name], f"{what} {name}")
        return totals

    def skills(self, cls: str | None) -> dict[str, int]:
        entries: list[tuple[str, int, str] | str] = []
        for written, ranks in self.data.get("skills", {}).items():
            name = find(self.book.skills, written)
            if name is None:
                entries.append(
                    f"unknown skill '{normalise(written)}'; the skills are "
                    f"{_listing(list(self.book.skills))} (rule: skill list)"
                )
            else:
                entries.append((name, int(ranks), name))
        return self._ranked(entries, "skill", cls)

    def specialisations(self, cls: str | None) -> dict[str, int]:
        entries: list[tuple[str, int, str] | str] = []
        for written, ranks in self.data.get("specialisations", {}).items():
            skill_text, spec_text = split_spec_key(normalise(written))
            skill = find(self.book.skills, skill_text)
            if skill is None:
                entries.append(
                    f"specialisation '{normalise(written)}' belongs to unknown skill '{skill_text}' (rule: skill list)"
                )
                continue
            known = self.book.skills[skill]["specialisations"]
            spec = find(known, spec_text)
            if spec is None:
                entries.append(
                    f"unknown specialisation '{skill}: {spec_text}'; {skill} has "
                    f"{_listing(known) or 'no specialisations'} (rule: skill list)"
                )
                continue
            entries.append((spec_key(skill, spec), int(ranks), skill))
        return self._ranked(entries, "specialisation", cls)

    # -- traits --------------------------------------------------------------------------------------

    def _once(self, items: list[tuple[str, int]], kind: str, amount: str) -> None:
        for name, count in Counter(n for n, _ in items).items():
            if count > 1:
                self.add(
                    f"{kind} {name} is listed {count} times; list it once, with the {amount} wanted "
                    "(rule: each trait once)"
                )

    def pointed(self, key: str, kind: str, known: Mapping[str, Mapping[str, Any]]) -> list[tuple[str, int]]:
        out: list[tuple[str, int]] = []
        for item in self.data.get(key, []):
            written, points = normalise(str(item["name"])), int(item["points"])
            name = find(known, written)
            if name is None:
                self.add(f"unknown {kind} '{written}'; the {kind}s are {_listing(list(known))} (rule: trait lists)")
                continue
            allowed = [int(p) for p in known[name]["points"]]
            if points not in allowed:
                self.add(
                    f"{kind} {name} at {points} point(s): it may be taken only at "
                    f"{_listing([str(p) for p in allowed])} point(s) (rule: trait point values)"
                )
            out.append((name, points))
        self._once(out, kind, "points")
        return out

    def abilities(self) -> list[tuple[str, int]]:
        known = self.book.special_abilities
        out: list[tuple[str, int]] = []
        for item in self.data.get("special_abilities", []):
            written, ranks = normalise(str(item["name"])), int(item["ranks"])
            name = find(known, written)
            if name is None:
                self.add(
                    f"unknown Special Ability '{written}'; the Special Abilities are {_listing(list(known))} "
                    "(rule: trait lists)"
                )
                continue
            top = int(known[name]["max_ranks"])
            if ranks > top:
                self.add(
                    f"Special Ability {name} at {ranks} ranks: it may have at most {top} rank(s) at creation "
                    "(rule: special ability ranks)"
                )
            out.append((name, ranks))
        self._once(out, "Special Ability", "ranks")
        return out

    # -- the pool ------------------------------------------------------------------------------------

    def species_traits(self, build: Build, kind: Mapping[str, Any]) -> None:
        """A Trait the species starts with comes free; it cannot also be bought."""
        own = set(species.trait_names(kind))
        for name in [n for n, _ in build.advantages + build.disadvantages + build.special_abilities if n in own]:
            self.add(
                f"{name} is a Trait every {kind['name']} starts with; it cannot also be bought (rule: species traits)"
            )

    def extranormal(self, build: Build, rules: Mapping[str, Any]) -> None:
        """A named Extranormal type needs Presence or Intellect at the house rule's minimum (0 as printed)."""
        minimum = int(rules["extranormal_minimum"])
        named = self.data.get("extranormal_type")
        if (
            named
            and set(self.book.attributes) <= set(build.attributes)
            and not has_extranormal(self.book, build.attributes, minimum)
        ):
            entry = self.book.derived["extranormal"]
            self.add(
                f"the build names an {entry['name']} type ({normalise(str(named))}), but neither "
                f"{' nor '.join(entry['from'])} reaches the {minimum}D the house rule extranormal_minimum asks "
                "for; leave extranormal_type out (rule: extranormal minimum)"
            )

    def disadvantage_limit(self, build: Build, allowance: species.Totals, kind: Mapping[str, Any]) -> None:
        total = sum(p for _, p in build.disadvantages)
        limit = allowance.disadvantage_limit
        if total > limit:
            self.add(
                f"Disadvantages total {total} points, above the limit of {limit} for a {kind['name']}; only {limit} "
                "count towards the pool (rule: disadvantage limit)"
            )

    def pool(self, spent: Ledger, rules: Mapping[str, Any]) -> None:
        breakdown = (
            f"attributes {spent.attributes}, skills {spent.skills}, specialisations {spent.specialisations}, "
            f"Advantages {spent.advantages}, Special Abilities {spent.special_abilities}"
        )
        pool = (
            f"{spent.pool} ({spent.creation_points} creation points + {spent.disadvantage_points} from Disadvantages)"
        )
        if spent.left < 0:
            self.add(
                f"the build spends {spent.spent} points ({breakdown}) but its pool is {pool} (rule: creation pool)"
            )
        elif spent.left > 0 and rules.get("unspent_points") == "violation":
            self.add(
                f"the build leaves {spent.left} of its {pool} points unspent, and the house rule unspent_points is "
                "violation (rule: spend the whole pool)"
            )


def check_build(book: Book, build: Any) -> list[str]:
    """Every violation of ``build``; empty when it is a legal build."""
    shape = shape_violations(build)
    if shape:
        return shape
    return _Checker(book, build).run()
