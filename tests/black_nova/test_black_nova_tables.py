"""Black Nova's tables: they validate, they match the seed document, and one perk of the source is not shipped.

The expected values below were typed in by hand from the seed document (The Black Nova Ruleset 2.0,
Character generation), not derived from the data files.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from lifepath.engine.dice import parse
from lifepath.testing import assert_tables_valid, make_registry

PACKAGE = "lifepath.plugins.black_nova"
DATA = resources.files(PACKAGE).joinpath("data")
SCHEMAS = Path(str(resources.files("lifepath.schemas")))


def load(name: str) -> Any:
    return json.loads(DATA.joinpath(name).read_text(encoding="utf-8"))


def test_every_table_validates() -> None:
    assert assert_tables_valid(PACKAGE) == 10


def test_the_ruleset_registers_as_a_point_build() -> None:
    rs = make_registry("black_nova").ruleset("Black Nova")
    assert (rs.id, rs.kind, rs.version) == ("black-nova", "point-build", "1.1.0")
    assert {t.source.rsplit("/", 1)[-1] for t in rs.tables()} == {
        "attributes.json",
        "perks.json",
        "skills.json",
        "derived.json",
        "rolls.json",
        "names.json",
        "procedure.json",
        "gear.json",
        "house_rules.json",
    }


def test_every_data_file_names_a_black_nova_schema_that_exists() -> None:
    for entry in DATA.iterdir():
        if not entry.name.endswith(".json") or entry.name == "house_rules.json":
            continue
        data = json.loads(entry.read_text(encoding="utf-8"))
        thing = entry.name.removesuffix(".json")
        expected = f"https://lifepath.example/schemas/black-nova.{thing}.schema.json"
        assert data["$schema"] == expected
        schema = json.loads((SCHEMAS / f"black-nova.{thing}.schema.json").read_text(encoding="utf-8"))
        assert schema["$id"] == expected
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert schema["additionalProperties"] is False


def test_attributes_from_the_seed() -> None:
    a = load("attributes.json")
    # "Each attribute can have a rank from zero to three, each rank costs an attribute point.
    #  You have six attribute points to spend."
    assert (a["minimum"], a["maximum"], a["cost_per_rank"], a["points"]) == (0, 3, 1, 6)
    assert [x["name"] for x in a["attributes"]] == ["Strength", "Dexterity", "Intelligence"]
    assert a["all_must_be_spent"] is True


def test_skills_from_the_seed() -> None:
    s = load("skills.json")
    # "You have 7 points to distribute to skills and each skill can have from zero to four ranks."
    assert (s["minimum"], s["maximum"], s["cost_per_rank"], s["points"]) == (0, 4, 1, 7)
    assert {x["name"]: x["attribute"] for x in s["skills"]} == {
        "Melee": "Strength",
        "Gunnery": "Dexterity",
        "Marksmanship": "Dexterity",
        "Piloting": "Dexterity",
        "Medicine": "Intelligence",
        "Engineering and robotics": "Intelligence",
        "Science": "Intelligence",
    }
    assert s["all_must_be_spent"] is True


def test_perks_from_the_seed() -> None:
    p = load("perks.json")
    # "Each one costs an attribute point."
    assert [(x["name"], x["cost"]) for x in p["perks"]] == [
        ("Flight", 1),
        ("ESP", 1),
        ("Inscrutable", 1),
        ("Exceptional luck", 1),
    ]
    assert p["max_each"] == 1


def test_derived_values_from_the_seed() -> None:
    d = load("derived.json")
    # "You have hitpoints equal to 3+strength."
    assert (d["hit_points"]["base"], d["hit_points"]["attribute"], d["hit_points"]["per_rank"]) == (3, "Strength", 1)
    # "three items by default, four if you have 2 or more ranks of strength"
    assert d["inventory"]["base"] == 3
    assert d["inventory"]["steps"] == [{"minimum": 2, "value": 4}]
    # "If you have three ranks of strength your melee attack does twice as much damage"
    assert d["melee_damage"]["base"] == 1
    assert d["melee_damage"]["steps"] == [{"minimum": 3, "value": 2}]


def test_rolls_from_the_seed() -> None:
    r = load("rolls.json")
    # "You roll 1d8 and add ... the relevant skill and the attribute related to that skill"
    assert r["die"] == "1D8"
    assert parse(r["die"]).notation.upper() == "1D8"
    # "a natural roll of 8 is a critical success and a natural roll of 1 is a critical failure ...
    #  if the total bonus to your roll is 7 then you are immune to critical failures"
    assert (r["critical_success"], r["critical_failure"], r["no_critical_failure_bonus"]) == (8, 1, 7)


def test_house_rules_declaration() -> None:
    h = load("house_rules.json")
    assert h["$schema"] == "https://lifepath.example/schemas/house-rules.schema.json"
    assert h["properties"]["perks"]["default"] is True
    assert h["properties"]["esp_and_inscrutable"]["default"] == "allowed"
    assert h["properties"]["standard_issue"]["default"] is True
    assert load("perks.json")["house_rule_exclusions"] == {"esp_and_inscrutable": ["esp", "inscrutable"]}


def test_standard_issue_from_the_seed() -> None:
    g = load("gear.json")
    # "BNI standard issue: p10 Vigilante laser pistol:(strength 1) ... Robot interface laptop ... Medical kit ...
    #  Tech kit ... Scanner"
    assert [x["name"] for x in g["standard_issue"]] == [
        "p10 Vigilante laser pistol",
        "Robot interface laptop",
        "Medical kit",
        "Tech kit",
        "Scanner",
    ]
    assert [x.get("strength") for x in g["standard_issue"]] == [1, None, None, None, None]
    # the third-party and alien armaments are not issued
    names = " ".join(x["name"] for x in g["standard_issue"]).lower()
    for other in ("torrid", "particle", "coil", "p2 handgun", "lightning"):
        assert other not in names


def test_build_schema_agrees_with_the_data() -> None:
    schema = json.loads((SCHEMAS / "black-nova.build.schema.json").read_text(encoding="utf-8"))
    props = schema["properties"]
    a, s, p = load("attributes.json"), load("skills.json"), load("perks.json")
    assert list(props["attributes"]["properties"]) == [x["name"] for x in a["attributes"]]
    for spec in props["attributes"]["properties"].values():
        assert (spec["minimum"], spec["maximum"]) == (a["minimum"], a["maximum"])
    assert list(props["skills"]["properties"]) == [x["name"] for x in s["skills"]]
    for spec in props["skills"]["properties"].values():
        assert (spec["minimum"], spec["maximum"]) == (s["minimum"], s["maximum"])
    assert props["perks"]["items"]["enum"] == [x["name"] for x in p["perks"]]


# ------------------------------------------------------------------ the perk that is not shipped


def test_no_perk_of_the_omitted_kind_is_shipped() -> None:
    for perk in load("perks.json")["perks"]:
        assert "attraction" not in perk["id"].lower()
        assert "attraction" not in perk["name"].lower()


def test_the_omission_is_noted_neutrally() -> None:
    description = load("perks.json")["description"]
    assert "deliberately omitted" in description
    assert "sexual violence" in description


@pytest.mark.parametrize("folder", ["data", "schemas"])
def test_no_shipped_file_mentions_the_omitted_perk(folder: str) -> None:
    root = DATA if folder == "data" else resources.files("lifepath.schemas")
    names = [e for e in root.iterdir() if e.name.endswith(".json") and (folder == "data" or "black-nova" in e.name)]
    assert names
    for entry in names:
        text = entry.read_text(encoding="utf-8").lower()
        for word in ("attraction", "rape", "vore"):
            assert word not in text, f"{entry.name} mentions {word!r}"


def test_no_option_names_collide() -> None:
    """Decision answers are attribute, perk and skill names; none may be two things at once."""
    names = [x["name"] for x in load("attributes.json")["attributes"]]
    names += [x["name"] for x in load("perks.json")["perks"]]
    assert len(set(names)) == len(names)
