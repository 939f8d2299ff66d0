"""The D6 creation pool's arithmetic and tables against the source (Character Generation 3.0).

Expected values are typed by hand from the source's text and worked examples, not read from the data.
"""

from __future__ import annotations

import importlib.resources
import json

import pytest

from lifepath import LifepathError
from lifepath.engine.dice import parse
from lifepath.plugins.d6_pool.codes import dice_of, to_code, to_pips
from lifepath.plugins.d6_pool.derived import averaged_dice, derive, move, strength_damage, toughness
from lifepath.plugins.d6_pool.tables import book
from lifepath.testing import assert_tables_valid


def load(name: str) -> dict:
    path = importlib.resources.files("lifepath.plugins.d6_pool") / "data" / name
    return json.loads(path.read_text(encoding="utf-8"))


def pips(code: str) -> int:
    return to_pips(code, 3)


# ------------------------------------------------------------------ die codes


@pytest.mark.parametrize(
    ("code", "expected"), [("1D", 3), ("2D+1", 7), ("2D+2", 8), ("3D", 9), ("3D+1", 10), ("4D", 12)]
)
def test_die_code_to_pips(code: str, expected: int) -> None:
    assert pips(code) == expected
    assert to_code(expected, 3) == code


def test_die_code_reads_loosely_and_refuses_too_many_pips() -> None:
    assert pips(" 3d + 1 ") == 10
    with pytest.raises(LifepathError, match="3 pips make a die"):
        pips("2D+3")
    with pytest.raises(LifepathError, match="not a die code"):
        pips("three dice")


def test_core_parser_agrees_on_die_codes() -> None:
    dice = parse("3D+1")
    assert (dice.count, dice.sides, dice.modifier) == (3, 6, 1)
    assert pips("3D+1") == dice.count * 3 + dice.modifier


def test_dice_of_drops_pips() -> None:
    assert dice_of(pips("3D+2"), 3) == 3
    assert dice_of(pips("2D"), 3) == 2


# ------------------------------------------------------------------ the source's worked examples


def test_worked_example_extranormal() -> None:
    # 2D Presence + 3D+1 Intellect = 5D+1; drop the +1; 5 / 2 rounded down = 2D
    assert averaged_dice(pips("2D"), pips("3D+1"), 3) == 2


def test_worked_example_willpower() -> None:
    # 2D+2 Perception + 3D+1 Presence = 6D (two and one pip make a die); 6 / 2 = 3D
    assert averaged_dice(pips("2D+2"), pips("3D+1"), 3) == 3


def test_worked_examples_through_derive() -> None:
    values = {
        "Agility": 9,
        "Stamina": 9,
        "Strength": 9,
        "Intellect": pips("3D+1"),
        "Perception": pips("2D+2"),
        "Presence": pips("3D+1"),
    }
    derived = derive(book(), values)
    assert derived.willpower == 3
    values["Presence"] = pips("2D")
    assert derive(book(), values).extranormal == 2


@pytest.mark.parametrize(("strength", "expected"), [("1D", 4), ("2D", 8), ("2D+2", 8), ("3D", 12), ("4D", 16)])
def test_toughness_is_strength_die_code_times_four(strength: str, expected: int) -> None:
    assert toughness(pips(strength), 3, 4) == expected


@pytest.mark.parametrize(
    ("strength", "stamina", "expected"),
    [("2D", "2D+2", 5), ("3D", "1D", 6), ("1D", "3D", 6), ("2D+2", "2D+2", 5), ("4D", "2D", 6), ("1D", "3D+1", 6)],
)
def test_move_is_five_or_six_with_3d_strength_or_stamina(strength: str, stamina: str, expected: int) -> None:
    values = {"Strength": pips(strength), "Stamina": pips(stamina)}
    assert move(values, ["Strength", "Stamina"], 3, 5, 6, 3) == expected


@pytest.mark.parametrize(
    ("strength", "expected"), [("1D", 1), ("2D", 1), ("2D+2", 1), ("3D", 2), ("3D+2", 2), ("4D", 2), ("5D", 3)]
)
def test_strength_damage_drops_pips_halves_and_rounds_up(strength: str, expected: int) -> None:
    assert strength_damage(pips(strength), 3, 2) == expected


def test_funds_start_at_3d() -> None:
    values = dict.fromkeys(book().attributes, 3)
    assert derive(book(), values).funds == "3D"


# ------------------------------------------------------------------ tables


def test_tables_validate() -> None:
    assert assert_tables_valid("lifepath.plugins.d6_pool") == 9


def test_attributes_as_printed() -> None:
    data = load("attributes.json")
    names = ["Agility", "Stamina", "Strength", "Intellect", "Perception", "Presence"]
    assert [a["name"] for a in data["attributes"]] == names
    assert [a["group"] for a in data["attributes"]] == ["physical"] * 3 + ["mental"] * 3
    assert data["pips_per_die"] == 3
    derived = data["derived"]
    assert derived["willpower"]["from"] == ["Perception", "Presence"]
    assert derived["extranormal"]["from"] == ["Presence", "Intellect"]
    assert (derived["toughness"]["attribute"], derived["toughness"]["multiplier"]) == ("Strength", 4)
    assert (derived["move"]["base"], derived["move"]["improved"], derived["move"]["threshold_dice"]) == (5, 6, 3)
    assert sorted(derived["move"]["attributes"]) == ["Stamina", "Strength"]
    assert derived["strength_damage"]["divisor"] == 2
    assert derived["funds"]["die_code"] == "3D"


def test_classes_as_printed() -> None:
    classes = {c["name"]: c["primary"] for c in load("classes.json")["classes"]}
    assert classes == {
        "Rogue": "Agility",
        "Warrior": "Strength",
        "Scout": "Stamina",
        "Scholar": "Intellect",
        "Adept": "Perception",
        "Leader": "Presence",
    }


def test_pool_costs_and_limits_as_printed() -> None:
    pool = load("pool.json")
    assert pool["costs"]["attribute_die"] == 4
    assert pool["costs"]["skill_rank"] == 1
    assert pool["costs"]["specialisation_ranks_per_point"] == 3
    assert pool["attribute_limits"] == {"minimum_dice": 1, "primary_maximum_dice": 4, "other_maximum_dice": 3}
    assert pool["rank_caps"] == {"class_skill": 3, "other_skill": 2}
    assert pool["species"] == "Human"
    rules = load("house_rules.json")["properties"]
    assert rules["creation_points"]["default"] == 80
    assert rules["disadvantage_limit"]["default"] == 10


def test_example_lists() -> None:
    skills = load("skills.json")
    assert 15 <= len(skills["skills"]) <= 20
    assert "replace" in skills["description"]
    names = {c["name"] for c in load("classes.json")["classes"]}
    attributes = {a["name"] for a in load("attributes.json")["attributes"]}
    for skill in skills["skills"]:
        assert skill["attribute"] in attributes
        assert set(skill["class_skill_for"]) <= names
        assert skill["specialisations"]
    for cls in names:
        assert any(cls in s["class_skill_for"] for s in skills["skills"]), cls
    traits = load("traits.json")
    ambidextrous = next(a for a in traits["special_abilities"] if a["name"] == "Ambidextrous")
    assert ambidextrous["max_ranks"] == 1  # "does not lend itself to being taken more than once"
    assert load("names.json")["concepts"] == ["Gruff Bounty Hunter", "Demon Worshiper", "Kind Wizard", "Street Cop"]
