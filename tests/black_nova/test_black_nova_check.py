"""``check_build`` and ``lifepath check``: every kind of violation is found, named by its rule, never a traceback."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from lifepath.testing import create_character, make_registry

REGISTRY = make_registry("black_nova")
RULESET = REGISTRY.ruleset("black-nova")
BUILDS = Path(__file__).parent / "builds"

LEGAL: dict[str, Any] = {
    "ruleset": "black-nova",
    "name": "Ada Okonkwo",
    "attributes": {"Strength": 2, "Dexterity": 2, "Intelligence": 1},
    "perks": ["ESP"],
    "skills": {"Melee": 1, "Marksmanship": 2, "Piloting": 3, "Medicine": 1},
}


def check(build: Any) -> list[str]:
    return RULESET.check_build(build)


def changed(**parts: Any) -> dict[str, Any]:
    build = copy.deepcopy(LEGAL)
    build.update(parts)
    return build


def only(violations: list[str], rule: str) -> str:
    """The single violation, which must name ``rule``."""
    assert len(violations) == 1, violations
    assert violations[0].endswith(f"(rule: {rule})"), violations
    return violations[0]


# ------------------------------------------------------------------ legal builds


def test_legal_build_has_no_violations() -> None:
    assert check(LEGAL) == []


def test_esp_and_inscrutable_may_be_combined() -> None:
    """No printed rule forbids it; the house rule esp_and_inscrutable=exclusive narrows creation only."""
    build = changed(attributes={"Strength": 2, "Dexterity": 1, "Intelligence": 1}, perks=["ESP", "Inscrutable"])
    assert check(build) == []


def test_names_match_case_insensitively_and_perk_ids_work() -> None:
    build = changed(
        attributes={"strength": 2, "DEXTERITY": 2, "Intelligence": 1},
        perks=["esp"],
        skills={"melee": 1, "marksmanship": 2, "PILOTING": 3, "Medicine": 1},
    )
    assert check(build) == []
    assert check(changed(perks=["exceptional-luck"])) == []


def test_skills_left_out_have_rank_zero_and_ruleset_may_be_omitted() -> None:
    build = copy.deepcopy(LEGAL)
    del build["ruleset"]
    assert check(build) == []


# ------------------------------------------------------------------ one test per kind of violation


def test_overspent_attribute_points() -> None:
    build = changed(attributes={"Strength": 3, "Dexterity": 2, "Intelligence": 1})
    text = only(check(build), "only 6 attribute points")
    assert "7 attribute points are spent (attributes 6, perks 1)" in text


def test_perks_count_against_the_attribute_points() -> None:
    build = changed(perks=["ESP", "Flight"])
    text = only(check(build), "only 6 attribute points")
    assert "(attributes 5, perks 2)" in text


def test_underspent_attribute_points() -> None:
    text = only(check(changed(perks=[])), "all attribute points must be spent")
    assert "only 5 of the 6 attribute points are spent" in text


def test_overspent_skill_points() -> None:
    text = only(check(changed(skills={"Melee": 4, "Piloting": 4})), "only 7 skill points")
    assert "8 skill points are spent" in text


def test_underspent_skill_points() -> None:
    text = only(check(changed(skills={"Piloting": 3})), "all skill points must be spent")
    assert "only 3 of the 7 skill points are spent; 4 left over" in text


def test_attribute_above_its_maximum() -> None:
    build = changed(attributes={"Strength": 4, "Dexterity": 1, "Intelligence": 0})
    text = only(check(build), "attribute range 0-3")
    assert "attribute Strength 4 is above the maximum of 3" in text


def test_attribute_below_its_minimum() -> None:
    build = changed(attributes={"Strength": 3, "Dexterity": 2, "Intelligence": -1}, perks=["ESP"])
    text = only(check(build), "attribute range 0-3")
    assert "attribute Intelligence -1 is below the minimum of 0" in text


def test_skill_over_its_cap() -> None:
    text = only(check(changed(skills={"Piloting": 5, "Melee": 2})), "skill range 0-4")
    assert "skill Piloting 5 is above the cap of 4" in text


def test_unknown_skill() -> None:
    text = only(check(changed(skills={"Piloting": 4, "Diplomacy": 3})), "unknown skill")
    assert "there is no skill called 'Diplomacy'" in text


def test_unknown_attribute() -> None:
    build = changed(attributes={"Strength": 2, "Dexterity": 2, "Intelligence": 1, "Charisma": 1})
    assert "there is no attribute called 'Charisma'" in only(check(build), "unknown attribute")


def test_missing_attribute() -> None:
    build = changed(attributes={"Strength": 3, "Dexterity": 2}, perks=["ESP"])
    assert "attribute Intelligence is missing" in only(check(build), "every attribute has a rank")


def test_unknown_perk() -> None:
    text = only(check(changed(perks=["Telekinesis"])), "unknown perk")
    assert "there is no perk called 'Telekinesis'" in text


def test_the_omitted_perk_is_an_unknown_perk() -> None:
    """The source's "Universal attraction" perk is deliberately not shipped: a build naming it is refused."""
    violations = check(changed(perks=["Universal attraction"]))
    assert any(v.endswith("(rule: unknown perk)") and "Universal attraction" in v for v in violations), violations
    assert all("rule: unknown perk" in v for v in violations)
    from lifepath.plugins.black_nova.tables import tables

    assert all("attraction" not in p["id"] and "attraction" not in p["name"].lower() for p in tables().perks())


def test_duplicate_perk() -> None:
    build = changed(attributes={"Strength": 2, "Dexterity": 1, "Intelligence": 1}, perks=["ESP", "esp"])
    assert "perk ESP is taken more than once" in only(check(build), "each perk at most once")


@pytest.mark.parametrize(
    ("build", "fragment"),
    [
        ([1, 2, 3], "a build must be a JSON object, not a list"),
        (changed(attributes=["Strength", 2]), '"attributes" must be an object of attribute name to rank, not a list'),
        (changed(perks="ESP"), '"perks" must be a list of perk names, not text'),
        (changed(perks=[3]), "a perk must be named by text, not a number (3)"),
        (changed(skills={"Piloting": "3"}), "skill Piloting must be a whole number from 0 to 4, not text ('3')"),
        (
            changed(attributes={"Strength": True, "Dexterity": 2, "Intelligence": 2}),
            "attribute Strength must be a whole number from 0 to 3, not true/false",
        ),
        (changed(name=""), "the name must be non-empty text"),
        (changed(species="human"), "'species' is not part of a build"),
        (changed(ruleset="d6-pool"), "the build is for the ruleset 'd6-pool', not 'black-nova'"),
        ({k: v for k, v in LEGAL.items() if k != "skills"}, "the build has no skills"),
        (changed(attributes={"Strength": 2, "Strength ": 2, "Dexterity": 1, "Intelligence": 1}), "given twice"),
    ],
)
def test_malformed_shapes_are_violations_not_tracebacks(build: Any, fragment: str) -> None:
    violations = check(build)
    assert any(fragment in v and v.endswith("(rule: build shape)") for v in violations), violations


def test_every_violation_is_listed_at_once() -> None:
    build = json.loads((BUILDS / "illegal_many.json").read_text(encoding="utf-8"))
    rules = [v.rsplit("(rule: ", 1)[1].rstrip(")") for v in check(build)]
    assert rules == [
        "attribute range 0-3",
        "attribute range 0-3",
        "unknown attribute",
        "each perk at most once",
        "unknown perk",
        "skill range 0-4",
        "unknown skill",
        "only 6 attribute points",
    ]


def test_every_message_names_its_rule() -> None:
    for path in sorted(BUILDS.glob("illegal_*.json")):
        violations = check(json.loads(path.read_text(encoding="utf-8")))
        assert violations, path.name
        assert all("(rule: " in v for v in violations), violations


def test_an_auto_character_stores_a_build_check_accepts() -> None:
    character = create_character(REGISTRY, "black-nova", seed=5)
    build = character.sheet.extra["build"]
    assert list(build) == ["ruleset", "name", "attributes", "perks", "skills"]
    assert build["ruleset"] == "black-nova"
    assert check(build) == []


def test_example_files_follow_the_build_schema() -> None:
    import jsonschema

    schema_path = Path(str(__import__("importlib.resources").resources.files("lifepath.schemas")))
    schema = json.loads((schema_path / "black-nova.build.schema.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    for path in sorted(BUILDS.glob("legal*.json")):
        assert not list(validator.iter_errors(json.loads(path.read_text(encoding="utf-8")))), path.name
    bad = json.loads((BUILDS / "illegal_skill_cap.json").read_text(encoding="utf-8"))
    assert list(validator.iter_errors(bad))


# ------------------------------------------------------------------ the installed CLI


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    exe = str(Path(sys.executable).parent / "lifepath")
    return subprocess.run([exe, *args], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("name", sorted(p.name for p in BUILDS.glob("legal*.json")))
def test_cli_check_accepts_a_legal_file(name: str) -> None:
    result = cli("check", str(BUILDS / name))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().endswith("a legal Black Nova build")


@pytest.mark.parametrize(
    ("name", "rule", "fragment"),
    [
        ("illegal_attributes_overspent.json", "only 6 attribute points", "8 attribute points are spent"),
        ("illegal_attributes_underspent.json", "all attribute points must be spent", "only 3 of the 6"),
        ("illegal_skills_overspent.json", "only 7 skill points", "9 skill points are spent"),
        ("illegal_skills_underspent.json", "all skill points must be spent", "only 3 of the 7"),
        ("illegal_attribute_range.json", "attribute range 0-3", "attribute Strength 4 is above the maximum of 3"),
        ("illegal_skill_cap.json", "skill range 0-4", "skill Piloting 5 is above the cap of 4"),
        ("illegal_unknown_skill.json", "unknown skill", "'Diplomacy'"),
        ("illegal_unknown_perk.json", "unknown perk", "'Telekinesis'"),
        ("illegal_duplicate_perk.json", "each perk at most once", "Exceptional luck is taken more than once"),
        ("illegal_missing_attribute.json", "every attribute has a rank", "Intelligence is missing"),
        ("illegal_malformed.json", "build shape", '"perks" must be a list of perk names'),
        ("illegal_many.json", "unknown attribute", "'Charisma'"),
    ],
)
def test_cli_check_rejects_each_kind_of_violation(name: str, rule: str, fragment: str) -> None:
    result = cli("check", str(BUILDS / name))
    assert result.returncode == 1, (result.stdout, result.stderr)
    lines = [x for x in result.stderr.splitlines() if x.startswith("violation: ")]
    assert any(fragment in x and f"(rule: {rule})" in x for x in lines), result.stderr
    assert "Traceback" not in result.stderr
    assert f"{len(lines)} rule(s) broken" in result.stderr


def test_cli_check_accepts_an_auto_export(tmp_path: Path) -> None:
    out = tmp_path / "npc.json"
    made = cli("create", "--ruleset", "black-nova", "--auto", "--seed", "31", "--out", str(out))
    assert made.returncode == 0, made.stderr
    result = cli("check", str(out))
    assert result.returncode == 0, result.stderr
    assert "a legal Black Nova build" in result.stdout


def test_cli_check_rejects_a_tampered_export(tmp_path: Path) -> None:
    out = tmp_path / "npc.json"
    assert cli("create", "--ruleset", "black-nova", "--auto", "--seed", "31", "--out", str(out)).returncode == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    data["sheet"]["extra"]["build"]["skills"]["Science"] += 1
    out.write_text(json.dumps(data), encoding="utf-8")
    result = cli("check", str(out))
    assert result.returncode == 1
    assert "(rule: only 7 skill points)" in result.stderr


def test_cli_check_rejects_the_omitted_perk_as_unknown(tmp_path: Path) -> None:
    """docs/rulesets/black-nova.md promises this: the perk is not shipped, so `check` calls it unknown."""
    build = json.loads((BUILDS / "legal.json").read_text(encoding="utf-8"))
    build["perks"] = ["Universal attraction"]
    path = tmp_path / "omitted.json"
    path.write_text(json.dumps(build), encoding="utf-8")
    result = cli("check", str(path))
    assert result.returncode == 1, (result.stdout, result.stderr)
    lines = [x for x in result.stderr.splitlines() if x.startswith("violation: ")]
    assert lines == [
        "violation: there is no perk called 'Universal attraction'; the perks are Flight, ESP, "
        "Inscrutable, Exceptional luck (rule: unknown perk)"
    ]
