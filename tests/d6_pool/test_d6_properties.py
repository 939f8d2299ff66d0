"""Property tests: for many seeds (and house rules), every --auto character is a legal build."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from lifepath import LifepathError
from lifepath.plugins.d6_pool import species
from lifepath.plugins.d6_pool.codes import to_pips
from lifepath.plugins.d6_pool.derived import derive, has_extranormal
from lifepath.plugins.d6_pool.tables import book
from lifepath.testing import create_character, make_registry

REGISTRY = make_registry()
RULESET = REGISTRY.ruleset("d6-pool")
BOOK = book()


def assert_legal(seed: int, rules: list[str]) -> None:
    c = create_character(REGISTRY, "d6-pool", seed, rules=rules)
    sheet = c.sheet
    build = sheet.extra["build"]
    points = sheet.extra["points"]
    # check_build finds nothing, and the pool is not over-spent
    assert RULESET.check_build(build) == [], (seed, rules)
    assert points["spent"] <= points["pool"]
    assert points["left"] == points["pool"] - points["spent"] >= 0
    # the species' own totals, moved as far as the house rules move the Human ones
    kind = species.match(species.own(BOOK), sheet.species)
    assert kind is not None and build.get("species", "Human") == sheet.species == kind["name"]
    rules_in_force = c.provenance["house_rules"]
    moved = rules_in_force["creation_points"] - 80
    assert points["creation_points"] == max(kind["creation_points"] + moved, 0)
    assert points["from_disadvantages"] <= kind["disadvantage_limit"] + rules_in_force["disadvantage_limit"] - 10
    # the species' Traits are on the sheet, with their notes, and none of them was bought
    own = [t["name"] for t in kind["traits"]]
    assert [t.split(" (")[0] for t in sheet.traits[: len(own)]] == own
    assert list(sheet.extra.get("trait_notes", {})) == own
    bought = [t["name"] for k in ("advantages", "disadvantages", "special_abilities") for t in build[k]]
    assert not set(own) & set(bought)
    # the sheet agrees with the build
    assert list(sheet.characteristics) == list(BOOK.attributes)
    assert {a: to_pips(code, 3) for a, code in build["attributes"].items()} == sheet.characteristics
    assert sheet.skills == build["skills"]
    assert sheet.extra["specialisations"] == build["specialisations"]
    derived = dict(derive(BOOK, sheet.characteristics).as_sheet(BOOK))
    if not has_extranormal(BOOK, sheet.characteristics, int(rules_in_force["extranormal_minimum"])):
        derived["Extranormal"] = "none"  # below the house rule's minimum there are no Extranormal dice
    assert sheet.extra["derived"] == derived
    # every attribute between 1D and its class maximum; whole dice bought
    cls = build["class"]
    for name, pips in sheet.characteristics.items():
        assert 3 <= pips <= BOOK.attribute_max_pips(cls, name)
    assert sum(sheet.characteristics.values()) % 3 == 0
    # the pool is spent sensibly: nothing legal was left to buy with what remains
    assert points["left"] < 4 or all(
        pips == BOOK.attribute_max_pips(cls, name) for name, pips in sheet.characteristics.items()
    )
    assert RULESET.render(c).endswith("\n")


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**31 - 1))
def test_every_auto_build_is_legal(seed: int) -> None:
    assert_legal(seed, [])


DECLARATION = REGISTRY.declaration("d6-pool")


def rule_values(name: str) -> st.SearchStrategy[Any]:
    """Every allowed value of one declared house rule (integers from the minimum to well past any pool a
    build can spend), so a rule added to the declaration is covered without changing this test."""
    rule = DECLARATION["properties"][name]
    if "enum" in rule:
        return st.sampled_from(rule["enum"])
    if rule["type"] == "integer":
        low = int(rule.get("minimum", 0))
        return st.integers(low, int(rule.get("maximum", low + 240)))
    raise AssertionError(f"no strategy for the house rule {name}: {rule}")


def most_any_build_spends(cls: str, ranks: str) -> int:
    """The most a build of ``cls`` can spend, from the tables alone: every attribute, rank, Advantage and
    Special Ability at its maximum (every smaller total is reachable too: skill ranks cost 1 point).
    ``ranks`` is the house rule special_ability_ranks (common: ranks after the first at a flat price)."""
    costs, caps = BOOK.costs, BOOK.rank_caps[cls]

    def ability(t: dict[str, Any]) -> int:
        if ranks == "common":
            return int(t["cost"]) + (int(t["max_ranks"]) - 1) * costs["common_ability_extra_rank"]
        return int(t["cost"]) * int(t["max_ranks"])

    dice = sum(BOOK.attribute_max_pips(cls, a) for a in BOOK.attributes) // BOOK.per_die
    spec_ranks = sum(caps[skill] for skill in BOOK.specialisations.values())
    return (
        dice * costs["attribute_die"]
        + sum(caps.values()) * costs["skill_rank"]
        + -(-spec_ranks // costs["specialisation_ranks_per_point"])
        + sum(max(t["points"]) for t in BOOK.advantages.values())
        + sum(ability(t) for t in BOOK.special_abilities.values())
    )


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**31 - 1), st.fixed_dictionaries({n: rule_values(n) for n in DECLARATION["properties"]}))
def test_every_auto_build_passes_check_under_every_house_rule(seed: int, values: dict[str, Any]) -> None:
    """Issue 15, bug 7: a policy never makes a build ``check`` refuses. Where no build can spend a pool
    that must be spent whole, creation says so (exit 2 at the CLI) instead of making one."""
    rules = [f"{name}={value}" for name, value in sorted(values.items())]
    try:
        assert_legal(seed, rules)
    except LifepathError as exc:
        assert values["unspent_points"] == "violation", exc
        assert "asks for the whole creation pool" in exc.message and "creation_points" in (exc.hint or "")
        spendable = max(most_any_build_spends(c, values["special_ability_ranks"]) for c in BOOK.classes)
        assert values["creation_points"] > spendable, (values, spendable)
