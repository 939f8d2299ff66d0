"""Foundry VTT (twodsix) actors: golden files, every actor valid against the schema, escaped HTML, and
rulesets without a Cepheus sheet refusing in one paragraph."""

from __future__ import annotations

import html
import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from lifepath import Character
from lifepath.formats.foundry import actor, to_json
from lifepath.plugins.nowhere_yet.render import display_name
from lifepath.testing import create_character, make_registry

REGISTRY = make_registry()
NY = REGISTRY.ruleset("nowhere-yet")
SCHEMA = json.loads(resources.files("lifepath.schemas").joinpath("foundry.twodsix-traveller.schema.json").read_text())
VALIDATOR = Draft202012Validator(SCHEMA)
CASCADES = {"Animals", "Gun Combat", "Gunnery", "Melee Combat", "Sciences", "Vehicle", "Aircraft", "Watercraft"}
SHORT = {"Str": "strength", "Dex": "dexterity", "End": "endurance", "Int": "intelligence", "Edu": "education"}


def document(character: Character) -> dict[str, Any]:
    return actor(NY.foundry_actor(character))


def made(seed: int) -> Character:
    return create_character(REGISTRY, "nowhere-yet", seed)


def skills_of(doc: dict[str, Any]) -> dict[str, int]:
    return {i["name"]: i["system"]["value"] for i in doc["items"] if i["type"] == "skills"}


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("seed", [7, 12])
def test_actors_are_golden(seed: int, fmt) -> None:
    fmt.golden(f"foundry-seed-{seed}.json", to_json(document(made(seed))))


@pytest.mark.parametrize("seed", range(30))
def test_every_actor_is_valid_and_says_what_the_sheet_says(seed: int) -> None:
    character = made(seed)
    sheet = character.sheet
    doc = document(character)
    errors = sorted(VALIDATOR.iter_errors(doc), key=lambda e: list(e.absolute_path))
    assert not errors, [f"/{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors]
    system = doc["system"]
    assert doc["name"] == system["name"] == display_name(character)
    for ours, theirs in SHORT.items():
        assert system["characteristics"][theirs]["value"] == sheet.characteristics[ours]
    assert system["characteristics"]["socialStanding"]["value"] == sheet.characteristics["Soc"]
    assert system["age"]["value"] == sheet.age
    assert system["financeValues"]["cash"] == sheet.credits == int(system["finances"]["cash"])
    assert system["financeValues"]["debt"] == sheet.total_debt == int(system["finances"]["debt"])
    assert system["financeValues"]["pension"] == sheet.extra.get("pension", 0)
    assert system["homeWorld"] == sheet.extra["homeworld"]["name"]
    skills = skills_of(doc)
    assert skills.pop("Untrained") == -3 + sheet.skills.get("Jack o' Trades", 0)
    assert set(skills) >= {n for n in sheet.skills if "(" not in n and n not in CASCADES and "Jack" not in n}
    traits = [i["name"] for i in doc["items"] if i["type"] == "trait"]
    assert traits[: len(sheet.traits)] == sheet.traits
    terms = re.findall(r"<p>Term \d+: ", system["bio"])
    assert len(terms) == sheet.total_terms


def test_skills_use_the_group_speciality_spelling() -> None:
    names = {name for seed in range(30) for name in skills_of(document(made(seed)))}
    specialised = [n for n in names if "(" in n]
    assert specialised and all(re.fullmatch(r"[A-Z][\w' -]+ \([A-Z][\w' -]+\)", n) for n in specialised)


def test_every_text_in_the_bio_is_escaped() -> None:
    character = made(7)
    hostile = '<script>alert("x")</script> & <b>'
    character.history.append({"type": "note", "text": hostile})
    character.sheet.extra["goal"] = "<img src=x onerror=alert(1)>"
    doc = document(character)
    bio = doc["system"]["bio"]
    assert "<script>" not in bio and "<img" not in bio
    assert html.escape(hostile[:1].upper() + hostile[1:]) in bio
    assert html.escape("<img src=x onerror=alert(1)>") in bio
    assert not list(VALIDATOR.iter_errors(doc))


def test_a_campaign_goes_to_one_file_per_actor(run_cli, run_in_process, tmp_path: Path) -> None:
    assert run_in_process("campaign", "new", "Spinward").returncode == 0  # set-up, in-process
    assert run_in_process("generate", "--count", "3", "--seed", "7", "--campaign", "Spinward").returncode == 0
    renamed = run_in_process("rename", "2", 'Zoë "Ace" <Okonkwo>')
    assert renamed.returncode == 0, renamed.stderr
    one = run_cli("export", "2", "--format", "foundry")
    assert one.returncode == 0, one.stderr
    doc = json.loads(one.stdout)
    assert doc["name"].endswith('Zoë "Ace" <Okonkwo>')
    assert not list(VALIDATOR.iter_errors(doc))
    done = run_cli("export", "--campaign", "Spinward", "--format", "foundry", "--out", "actors")
    assert done.returncode == 0, done.stderr
    files = sorted((tmp_path / "actors").iterdir())
    assert [f.name.split("-")[0] for f in files] == ["1", "2", "3"]
    docs = [json.loads(f.read_text(encoding="utf-8")) for f in files]
    assert all(not list(VALIDATOR.iter_errors(d)) for d in docs)
    assert docs[1] == doc


def test_a_campaign_needs_a_folder(run_cli, run_in_process, tmp_path: Path) -> None:
    assert run_in_process("campaign", "new", "Spinward").returncode == 0  # set-up, in-process
    assert run_in_process("generate", "--count", "1", "--seed", "7", "--campaign", "Spinward").returncode == 0
    done = run_cli("export", "--campaign", "Spinward", "--format", "foundry")
    assert done.returncode == 2 and done.stdout == ""
    assert "--out FOLDER" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("ruleset", ["wormwood-drift", "d6-pool", "black-nova"])
def test_rulesets_without_a_cepheus_sheet_refuse_and_write_nothing(
    run_cli, run_in_process, tmp_path: Path, ruleset: str
) -> None:
    assert run_in_process("campaign", "new", "Other", "--ruleset", ruleset).returncode == 0  # set-up, in-process
    assert run_in_process("generate", "--count", "2", "--seed", "7", "--campaign", "Other").returncode == 0
    for args in (["export", "1"], ["export", "--campaign", "Other", "--out", "actors"]):
        done = run_cli(*args, "--format", "foundry")
        assert done.returncode == 2, done.stderr
        assert done.stdout == "" and "Traceback" not in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1
        assert "Foundry VTT (twodsix) actor" in done.stderr and "refuses" in done.stderr
    assert not (tmp_path / "actors").exists()


def test_an_unknown_export_format_is_one_message(run_cli) -> None:
    done = run_cli("export", "1", "--format", "roll20")
    assert done.returncode == 2
    assert "'roll20' is not a format `lifepath export` writes" in done.stderr and "foundry" in done.stderr


def test_psionic_strength_is_0_unless_the_sheet_has_it() -> None:
    character = made(7)
    assert document(character)["system"]["characteristics"]["psionicStrength"]["value"] == 0
    character.sheet.characteristics["Psi"] = 8
    doc = document(character)
    psi = doc["system"]["characteristics"]["psionicStrength"]
    assert psi["value"] == 8 and psi["shortLabel"] == "PSI"
    assert not list(VALIDATOR.iter_errors(doc))
