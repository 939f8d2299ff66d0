"""The Wormwood Drift tables: every file validates, and hand-typed cells match the rulebook.

Every expected value below was typed by hand from the seed rulebook (sections 1.2, 1.7, 2.2-2.5, 3.1,
4.1, 4.2, 5.3, 5.4, 6.1-6.3, 10.1), not read from the data files.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

from lifepath.testing import assert_tables_valid, make_registry

PACKAGE = "lifepath.plugins.wormwood_drift"


def load(name: str) -> Any:
    return json.loads((resources.files(PACKAGE) / "data" / name).read_text(encoding="utf-8"))


def test_every_table_validates() -> None:
    assert assert_tables_valid(PACKAGE) == 13


def test_every_file_names_a_wormwood_schema_or_the_house_rule_meta_schema() -> None:
    for entry in (resources.files(PACKAGE) / "data").iterdir():
        if entry.name.endswith(".json"):
            sid = json.loads(entry.read_text(encoding="utf-8"))["$schema"]
            own = sid.startswith("https://lifepath.example/schemas/wormwood-drift.")
            assert own or sid == "https://lifepath.example/schemas/house-rules.schema.json"


def test_schemas_are_strict_and_described() -> None:
    root = resources.files("lifepath.schemas")
    names = [e.name for e in root.iterdir() if e.name.startswith("wormwood-drift.")]
    assert len(names) == 13

    def walk(node: Any, where: str) -> None:
        if isinstance(node, dict):
            if node.get("type") == "object":
                assert node.get("additionalProperties") is False, where
                for key, prop in node.get("properties", {}).items():
                    assert "description" in prop, f"{where}/{key}"
            for key, value in node.items():
                walk(value, f"{where}/{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, f"{where}/{i}")

    for name in names:
        schema = json.loads((root / name).read_text(encoding="utf-8"))
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert schema["$id"] == f"https://lifepath.example/schemas/{name}"
        walk(schema, name)


def test_attributes() -> None:
    t = load("attributes.json")
    assert [a["name"] for a in t["attributes"]] == ["Might", "Agility", "Wits", "Presence"]
    assert (t["starting_value"], t["minimum"], t["maximum"], t["human_average"]) == (1, 0, 4, 2)


@pytest.mark.parametrize(
    ("name", "attribute", "skill", "gear", "scar"),
    [
        ("Colonial Stock", "Might", "Survival", "Worn tool-kit", "Distrusts corporate tech"),
        ("Void-Born", "Agility", "Pilot", "Personal void suit", "−1 Resolve under open sky"),
        ("Corporate Scion", "Presence", "Persuade", "Credit chip, false name", "Someone is always watching"),
        ("Hive-Descended", "Wits", "Engineer", "Neural interface jack", "Discomfort in true solitude"),
        ("Machine-Grafted", "Might", "Engineer", "Integral cyberlimb", "−1 Resolve near AI collapse"),
    ],
)
def test_backgrounds(name: str, attribute: str, skill: str, gear: str, scar: str) -> None:
    rows = {r["name"]: r for r in load("backgrounds.json")["backgrounds"]}
    assert len(rows) == 5
    row = rows[name]
    assert (row["attribute"], row["bonus"], row["skill"], row["gear"], row["scar"]) == (attribute, 1, skill, gear, scar)


@pytest.mark.parametrize(
    ("roll", "event", "skill", "scar"),
    [
        (1, "Survived a colony collapse", "Survival", "flinches at sudden silence"),
        (4, "Lost a sibling to the Drift", "Navigation", "won’t fly the same route twice"),
        (7, "Witnessed a First Contact go wrong", "Lore", "−1 Resolve around unknown xenoforms"),
        (9, "Studied under a mind-touched mystic", "Willpower", "hears things that aren’t there, rarely"),
        (10, "Escaped indenture through violence", "Melee", "can’t be touched without warning"),
    ],
)
def test_formative_events(roll: int, event: str, skill: str, scar: str) -> None:
    t = load("formative_events.json")
    assert t["dice"] == "d10"
    assert [e["roll"] for e in t["events"]] == list(range(1, 11))
    row = next(e for e in t["events"] if e["roll"] == roll)
    assert (row["event"], row["skill"], row["scar"]) == (event, skill, scar)


@pytest.mark.parametrize(
    ("name", "skills", "gear"),
    [
        ("Void Corps", ["Gun Combat", "Pilot", "Survival"], ["Sidearm", "Void suit"]),
        ("Merchant Marine", ["Pilot", "Persuade", "Engineer"], ["Trade goods", "Cargo manifest"]),
        ("Corporate Enforcer", ["Gun Combat", "Command", "Streetwise"], ["Armor", "Corporate credentials"]),
        ("Scavenger Crew", ["Engineer", "Survival", "Stealth"], ["Cutting torch", "Scrap detector"]),
        ("Colonial Militia", ["Gun Combat", "Command", "Medicine"], ["Rifle", "Field kit"]),
        ("Cult Initiate", ["Occultism", "Willpower", "Lore"], ["Ritual tools", "Forbidden text"]),
        ("Xenoarchaeologist", ["Lore", "Navigation", "Medicine"], ["Field scanner", "Sample kit"]),
    ],
)
def test_paths(name: str, skills: list[str], gear: list[str]) -> None:
    rows = {p["name"]: p for p in load("paths.json")["paths"]}
    assert len(rows) == 7
    assert rows[name]["skills"] == skills
    assert rows[name]["gear"] == gear


def test_eighteen_skills_and_cascades() -> None:
    t = load("skills.json")
    assert (t["minimum_rank"], t["maximum_rank"]) == (0, 3)
    assert t["narrow_bonus"] == {"Focused": 1, "Expert": 2}
    rows = {s["name"]: s for s in t["skills"]}
    assert len(rows) == 18
    assert rows["Gun Combat"]["cascades"] == ["Slug", "Energy", "Archaic"]
    assert rows["Lore"]["cascades"] == ["Xeno", "Occult", "Corporate", "Colonial"]
    assert rows["Pilot"]["cascades"] == ["Grav", "Void", "Void-Jump"]
    assert rows["Medicine"]["cascades"] == ["Trauma", "Xenobiology"]
    assert rows["Hacking"]["cascades"] == []
    assert (rows["Willpower"]["category"], rows["Willpower"]["attribute"]) == ("Occult", "Presence")
    assert (rows["Perception"]["category"], rows["Perception"]["attribute"]) == ("Physical", "Wits")
    cascading = sorted(n for n, s in rows.items() if s["cascades"])
    assert cascading == ["Engineer", "Gun Combat", "Lore", "Medicine", "Melee", "Pilot"]


def test_every_skill_named_by_a_table_is_one_of_the_eighteen() -> None:
    known = {s["name"] for s in load("skills.json")["skills"]}
    named = {b["skill"] for b in load("backgrounds.json")["backgrounds"]}
    named |= {e["skill"] for e in load("formative_events.json")["events"]}
    named |= {s for p in load("paths.json")["paths"] for s in p["skills"]}
    assert named <= known


def test_creation_constants_and_formulas() -> None:
    t = load("creation.json")
    assert t["credits_per_term"] == 1000
    assert t["term_years"] == 4
    assert t["skill_ranks_per_term"] == 2
    assert t["attribute_increase_per_term"] == 1
    assert t["hard_term_dice"] == "2D6"
    d = t["derived"]
    assert (d["resolve"]["base"], d["resolve"]["attributes"]) == (10, ["Wits", "Presence"])
    assert (d["stamina"]["base"], d["stamina"]["attributes"]) == (10, ["Might", "Agility"])
    assert (d["lifeblood"]["base"], d["lifeblood"]["attributes"]) == (5, ["Might"])
    assert (d["carrying"]["base"], d["carrying"]["attributes"]) == (4, ["Might"])
    assert (d["defense"]["base"], d["defense"]["attributes"]) == (8, ["Agility"])
    assert d["resolve"]["cyberware_cost"] == 1
    assert [d[k]["cyberware_cost"] for k in ("stamina", "lifeblood", "carrying", "defense")] == [0, 0, 0, 0]


@pytest.mark.parametrize(
    ("name", "tier1", "tier2", "tier3"),
    [
        ("Telepathy", "Surface read", "Send a thought", "Force a compulsion"),
        ("Precognition", "Flash of danger", "Short foresight", "Reroll fate itself"),
        ("Biokinesis", "Numb pain", "Accelerate healing", "Rewrite a wound"),
        ("Telekinesis", "Nudge an object", "Lift and throw", "Crush from a distance"),
        ("Void-Sight", "Sense a Ghost is wrong", "See through a Ghost’s disguise", "See what a horror actually is"),
        ("Astral Projection", "Brief out-of-body glimpse", "Travel a short distance", "Leave the body behind entirely"),
    ],
)
def test_disciplines(name: str, tier1: str, tier2: str, tier3: str) -> None:
    """Section 6.1's table, row by row."""
    rows = {d["name"]: d for d in load("disciplines.json")["disciplines"]}
    assert len(rows) == 6
    assert rows[name]["powers"] == [tier1, tier2, tier3]


def test_discipline_access_and_costs() -> None:
    """6.1: Occultism and Willpower of at least 1, Disciplines up to the Willpower rank; 2d6 + Presence +
    Occultism vs TN 8 / 11 / 14; 6.2: 1 Resolve per Tier attempted; 6.3: a Push costs 1 more and a Madness roll."""
    t = load("disciplines.json")
    assert {(r["skill"], r["minimum"]) for r in t["requires"]} == {("Occultism", 1), ("Willpower", 1)}
    assert t["limit"] == {"skill": "Willpower", "per_rank": 1}
    assert t["use"] == {"dice": "2D6", "attribute": "Presence", "skill": "Occultism"}
    assert [(x["tier"], x["tn"], x["resolve"]) for x in t["tiers"]] == [(1, 8, 1), (2, 11, 2), (3, 14, 3)]
    assert t["push"] == {"extra_resolve": 1, "madness_roll": True}


def test_every_cyberware_background_has_its_piece() -> None:
    """5.3: a fixed bonus to one Attribute-based task (the size and task are this project's reading)."""
    pieces = {p["item"]: p for p in load("cyberware.json")["pieces"]}
    marked = [b["gear"] for b in load("backgrounds.json")["backgrounds"] if b["cyberware"]]
    assert marked == ["Neural interface jack", "Integral cyberlimb"]
    assert set(marked) == set(pieces)
    skills = {s["name"]: s["attribute"] for s in load("skills.json")["skills"]}
    for piece in pieces.values():
        assert skills[piece["task"]] == piece["attribute"]
        assert piece["bonus"] == 1


def test_muster_out_table() -> None:
    t = load("muster_out.json")
    assert [b["id"] for b in t["benefits"]] == ["credits", "rank", "ship-share", "rival"]
    assert sorted(r["benefit"] for r in t["roll"]["rows"]) == sorted(b["id"] for b in t["benefits"])
    assert t["extra_credits"] == 1000
    assert any("no amount" in n for n in t["notes"])


def test_house_rules_declare_the_printed_defaults() -> None:
    registry = make_registry()
    props = registry.declaration("wormwood-drift")["properties"]
    assert props["max_terms"]["default"] == 3
    assert props["min_terms"]["default"] == 2
    assert props["hard_term_on"]["default"] == 2
    assert props["cyberware_resolve"]["default"] is True
    assert set(props) == {"max_terms", "min_terms", "hard_term_on", "cyberware_resolve"}


def test_paths_are_registered_as_careers() -> None:
    registry = make_registry()
    careers = registry.careers("wormwood-drift")
    assert sorted(c.name for c in careers.values()) == sorted(
        [
            "Void Corps",
            "Merchant Marine",
            "Corporate Enforcer",
            "Scavenger Crew",
            "Colonial Militia",
            "Cult Initiate",
            "Xenoarchaeologist",
        ]
    )
    assert not registry.warnings
