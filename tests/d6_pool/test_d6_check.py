"""``check_build``: the shipped legal build passes, and each kind of violation is reported with its rule."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from lifepath.plugins.d6_pool.build import Build, ledger
from lifepath.plugins.d6_pool.tables import book
from lifepath.testing import make_registry

HERE = Path(__file__).parent
REGISTRY = make_registry()
RULESET = REGISTRY.ruleset("d6-pool")


def legal() -> dict[str, Any]:
    return json.loads((HERE / "build_legal.json").read_text(encoding="utf-8"))


def check(build: Any) -> list[str]:
    return RULESET.check_build(build)


def only(build: Any, rule: str) -> str:
    """The build breaks exactly one rule, this one; return its message."""
    found = check(build)
    assert len(found) == 1, found
    assert found[0].endswith(f"(rule: {rule})"), found
    return found[0]


def test_legal_file_passes() -> None:
    assert check(legal()) == []


def test_legal_file_spends_the_whole_pool() -> None:
    data = legal()
    spent = ledger(
        book(),
        Build(
            cls=data["class"],
            attributes={
                a: {"4D": 12, "3D": 9, "2D+2": 8, "2D+1": 7, "2D": 6}[c] for a, c in data["attributes"].items()
            },
            skills=data["skills"],
            specialisations=data["specialisations"],
            advantages=[(t["name"], t["points"]) for t in data["advantages"]],
            disadvantages=[(t["name"], t["points"]) for t in data["disadvantages"]],
            special_abilities=[(t["name"], t["ranks"]) for t in data["special_abilities"]],
        ),
        book().house_rule_defaults(),
    )
    # 16 dice (64) + 13 skill ranks + 3 specialisation ranks (1) + Contacts 2 + Ambidextrous 2 = 82 = 80 + 2
    by_kind = (spent.attributes, spent.skills, spent.specialisations, spent.advantages, spent.special_abilities)
    assert by_kind == (64, 13, 1, 2, 2)
    assert (spent.pool, spent.spent, spent.left) == (82, 82, 0)


def test_illegal_file_lists_every_violation() -> None:
    found = check(json.loads((HERE / "build_illegal.json").read_text(encoding="utf-8")))
    rules = [v.rsplit("(rule: ", 1)[1].rstrip(")") for v in found]
    assert rules == [
        "the six attributes",
        "non-class attribute maximum",
        "class attribute maximum",
        "attribute minimum",
        "whole attribute dice",
        "non-class skill maximum",
        "skill list",
        "skill list",
        "class skill maximum",
        "trait point values",
        "trait lists",
        "special ability ranks",
        "each trait once",
        "disadvantage limit",
        "creation pool",
    ]
    assert "attribute Strength 4D+1 is above the class maximum of 4D" in found[2]


# ------------------------------------------------------------------ one test per kind of violation


def test_unspent_points_are_legal_by_default() -> None:
    build = legal()
    build["skills"]["Brawling"] = 0
    assert check(build) == []


def test_over_spent_pool() -> None:
    build = legal()
    build["skills"]["Command"] = 2
    message = only(build, "creation pool")
    assert "spends 84 points" in message and "pool is 82 (80 creation points + 2 from Disadvantages)" in message


def test_part_group_of_specialisations_costs_a_whole_point() -> None:
    build = legal()
    build["specialisations"]["Stealth: Wilderness"] = 1  # a fourth rank: a second group, one more point
    assert "spends 83 points" in only(build, "creation pool")


def test_disadvantages_add_to_the_pool_up_to_the_limit() -> None:
    build = legal()
    build["skills"]["Command"] = 2
    build["disadvantages"].append({"name": "Debt", "points": 2})
    assert check(build) == []


def test_disadvantage_limit() -> None:
    build = legal()
    build["disadvantages"] += [
        {"name": "Enemy", "points": 3},
        {"name": "Debt", "points": 3},
        {"name": "Infamy", "points": 2},
        {"name": "Code of Honour", "points": 1},
    ]
    assert "Disadvantages total 11 points, above the limit of 10" in only(build, "disadvantage limit")


def test_attribute_below_minimum() -> None:
    build = legal()
    build["attributes"].update({"Presence": "0D", "Stamina": "3D", "Strength": "3D", "Intellect": "3D"})
    assert "attribute Presence 0D is below the minimum of 1D" in only(build, "attribute minimum")


def test_missing_attribute() -> None:
    build = legal()
    del build["attributes"]["Strength"]
    build["attributes"].update({"Stamina": "3D", "Intellect": "3D", "Presence": "3D"})
    assert "attribute Strength is missing" in only(build, "attribute minimum")


def test_class_attribute_maximum() -> None:
    build = legal()
    build["attributes"]["Agility"] = "5D"
    build["attributes"]["Perception"] = "2D"
    assert "attribute Agility 5D is above the class maximum of 4D" in only(build, "class attribute maximum")


def test_non_class_attribute_maximum() -> None:
    build = legal()
    build["class"] = "Adept"  # Agility 4D is no longer the primary attribute
    build["skills"] = {"Search": 3, "Insight": 3, "Tracking": 3, "Scholarship": 2, "Medicine": 2}
    build["specialisations"] = {"Search: Traps": 3}
    message = only(build, "non-class attribute maximum")
    assert "attribute Agility 4D is above the maximum of 3D" in message and "Adept's primary (Perception)" in message


def test_pips_must_make_whole_dice() -> None:
    build = legal()
    build["attributes"]["Presence"] = "1D+2"
    message = only(build, "whole attribute dice")
    assert "47 pips (15D+2)" in message and "add 1 pip(s) or remove 2" in message


def test_pips_split_from_whole_dice_are_legal() -> None:
    build = legal()
    build["attributes"]["Presence"] = "2D+1"
    build["attributes"]["Stamina"] = "2D+2"
    build["attributes"]["Perception"] = "2D+1"  # 48 pips still: two pips moved from Perception
    assert check(build) == []


def test_class_skill_maximum() -> None:
    build = legal()
    build["skills"]["Stealth"] = 4
    build["skills"]["Brawling"] = 0
    assert "skill Stealth +4 is above the maximum of +3 for a Rogue class skill" in only(build, "class skill maximum")


def test_class_skill_maximum_applies_to_specialisations() -> None:
    build = legal()
    build["specialisations"]["Stealth: Urban"] = 4
    build["skills"]["Brawling"] = 0
    build["skills"]["Marksmanship"] = 0
    assert "specialisation Stealth: Urban +4" in only(build, "class skill maximum")


def test_non_class_skill_maximum() -> None:
    build = legal()
    build["skills"]["Marksmanship"] = 3
    build["skills"]["Climbing"] = 0
    assert "skill Marksmanship +3 is above the maximum of +2" in only(build, "non-class skill maximum")


def test_unknown_skill() -> None:
    build = legal()
    build["skills"]["Piloting"] = 1
    build["skills"]["Brawling"] = 0
    assert "unknown skill 'Piloting'" in only(build, "skill list")


def test_unknown_specialisation() -> None:
    build = legal()
    build["specialisations"]["Stealth: Rooftops"] = 1
    build["specialisations"]["Stealth: Urban"] = 1
    assert "unknown specialisation 'Stealth: Rooftops'" in only(build, "skill list")


def test_unknown_class() -> None:
    build = legal()
    build["class"] = "Paladin"
    assert "unknown class 'Paladin'" in only(build, "base class")


def test_unknown_attribute() -> None:
    build = legal()
    build["attributes"]["Luck"] = "1D"
    build["attributes"]["Agility"] = "3D"
    assert "unknown attribute 'Luck'" in only(build, "the six attributes")


@pytest.mark.parametrize(
    ("key", "item", "kind"),
    [
        ("advantages", {"name": "Luck", "points": 1}, "Advantage"),
        ("disadvantages", {"name": "Cursed", "points": 1}, "Disadvantage"),
        ("special_abilities", {"name": "Flight", "ranks": 1}, "Special Ability"),
    ],
)
def test_unknown_traits(key: str, item: dict[str, Any], kind: str) -> None:
    build = legal()
    build[key].append(item)
    assert f"unknown {kind} '{item['name']}'" in only(build, "trait lists")


def test_trait_point_values() -> None:
    build = legal()
    build["advantages"] = [{"name": "Local Knowledge", "points": 2}]
    assert "Advantage Local Knowledge at 2 point(s): it may be taken only at 1" in only(build, "trait point values")


def test_special_ability_ranks() -> None:
    build = legal()
    build["special_abilities"] = [{"name": "Ambidextrous", "ranks": 2}]
    build["advantages"] = []
    assert "at most 1 rank(s)" in only(build, "special ability ranks")


def test_each_trait_once() -> None:
    build = legal()
    build["advantages"] = [{"name": "Contacts", "points": 1}, {"name": "Contacts", "points": 1}]
    assert "Advantage Contacts is listed 2 times" in only(build, "each trait once")


def test_die_code_form() -> None:
    build = legal()
    build["attributes"]["Strength"] = "1D+3"
    assert "write it as 2D" in only(build, "die codes")
    build["attributes"]["Strength"] = "two dice"
    assert '"two dice" is not a die code' in only(build, "die codes")


def test_house_rule_unspent_points_violation() -> None:
    build = legal()
    build["skills"]["Brawling"] = 0
    build["house_rules"] = {"unspent_points": "violation"}
    assert "leaves 1 of its 82" in only(build, "spend the whole pool")


def test_house_rule_creation_points_from_the_build() -> None:
    build = legal()
    build["skills"]["Command"] = 2
    build["house_rules"] = {"creation_points": 82}
    assert check(build) == []


def test_bad_house_rule_values() -> None:
    build = legal()
    build["house_rules"] = {"creation_points": 5}
    assert "out of range for house rule 'creation_points'" in only(build, "house rules")
    build["house_rules"] = {"starting_age": 20}
    assert "no house rule called 'starting_age'" in only(build, "house rules")


def test_special_ability_ranks_house_rule_prices_extra_ranks() -> None:
    build = legal()
    build["special_abilities"].append({"name": "Combat Sense", "ranks": 3})  # 6 points uncommon, 4 common
    build["skills"]["Persuasion"] = 0
    build["skills"]["Search"] = 0
    assert "spends 84 points" in only(build, "creation pool")  # 82 - 4 + 6
    build["house_rules"] = {"special_ability_ranks": "uncommon"}
    assert "spends 84 points" in only(build, "creation pool")
    build["house_rules"] = {"special_ability_ranks": "common"}
    assert check(build) == []  # 82 - 4 + 4


# ------------------------------------------------------------------ malformed builds: messages, not tracebacks


@pytest.mark.parametrize("bad", [None, [], "a build", 3])
def test_not_an_object(bad: Any) -> None:
    assert "a build must be a JSON object" in only(bad, "build file shape")


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda b: b.pop("class"), "'class' is a required property"),
        (lambda b: b.__setitem__("attributes", ["3D"]), "at /attributes"),
        (lambda b: b["skills"].__setitem__("Stealth", "three"), "at /skills/Stealth"),
        (lambda b: b["skills"].__setitem__("Stealth", -1), "expected a minimum of 0"),
        (lambda b: b.__setitem__("advantages", ["Contacts"]), "at /advantages/0"),
        (lambda b: b.__setitem__("specialisations", {"Urban": 1}), "at /specialisations"),
        (lambda b: b.__setitem__("ruleset", "black-nova"), "at /ruleset"),
        (lambda b: b.__setitem__("colour", "red"), "at /colour: the field 'colour' is not one this table has"),
    ],
)
def test_wrong_shape(change: Any, expected: str) -> None:
    build = copy.deepcopy(legal())
    change(build)
    found = check(build)
    assert found and all(v.endswith("(rule: build file shape)") for v in found), found
    assert any(expected in v for v in found), found
