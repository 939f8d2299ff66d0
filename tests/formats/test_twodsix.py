"""Our exports read the way twodsix (Foundry VTT) reads them, over 560 seeded Nowhere Yet characters:
every career and species, and Agents of every rank they reach (Special Agent holds the macro's "Age").

The facts (twodsix's CE skill names, its DataModel fields, its macro's parsing rules) are test data in
``twodsix/``; the reading is ``twodsix_reader.py``. Characters are made in-process, each read as "1001"
text by the macro's rules and checked as a Foundry actor against the DataModels.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from importlib import resources

import pytest
from jsonschema import Draft202012Validator

from lifepath import Character
from lifepath.formats.foundry import actor, item_id
from lifepath.formats.thousand import HIGH, JOINER, KNOWN_AS, OTHER_SKILLS
from lifepath.plugins.nowhere_yet import vtt
from lifepath.plugins.nowhere_yet.render import ORDER
from lifepath.testing import create_character, make_registry

from .twodsix_reader import CE_SKILLS, FIELDS, actor_problems, paste, untrained_items

REGISTRY = make_registry()
NY = REGISTRY.ruleset("nowhere-yet")
PACKAGE = "lifepath.plugins.nowhere_yet"
NY_SKILLS = json.loads(resources.files(PACKAGE).joinpath("data/skills.json").read_text(encoding="utf-8"))["skills"]
CAREERS = sorted(p.name[: -len(".json")] for p in resources.files(PACKAGE).joinpath("data/careers").iterdir())
SPECIES = ["human-male", "human-female", "avian", "insectan", "merfolk", "reptilian"]
#: the spellings twodsix's CE compendium has where Nowhere Yet's differ (tests/formats/twodsix/ce_skills.json)
SPELLING = {"Sciences (": "Science (", "(Shotgun)": "(Shotguns)", "Jack o' Trades": "Jack of All Trades"}


@cache
def crowd() -> list[Character]:
    """560 characters: every career with every species, 200 Agents of seven terms, 60 plain seeds."""
    out = [
        create_character(REGISTRY, "nowhere-yet", s, options={"career": CAREERS[s % 24], "species": SPECIES[s % 6]})
        for s in range(300)
    ]
    agent = {"career": "agent", "terms": 7}
    out += [create_character(REGISTRY, "nowhere-yet", 1000 + s, options=agent) for s in range(200)]
    out += [create_character(REGISTRY, "nowhere-yet", 5000 + s) for s in range(60)]
    return out


def _spell(name: str) -> str:
    for ours, theirs in SPELLING.items():
        name = name.replace(ours, theirs)
    return name


def _cascade(group: str) -> list[str]:
    """Every twodsix speciality of a bare Nowhere Yet cascade (Vehicle holds Aircraft and Watercraft)."""
    entry = next(s for s in NY_SKILLS if s["name"] == group)
    out = []
    for speciality in entry["cascade"]:
        if any(s["name"] == speciality and s.get("cascade") for s in NY_SKILLS):
            out += _cascade(speciality)
        else:
            out += [n for n in CE_SKILLS if n == _spell(f"{group} ({speciality})")]
    return out


def expected(character: Character) -> tuple[dict[str, int], dict[str, int]]:
    """(twodsix skills, skills twodsix lacks) as the sheet says, derived from Nowhere Yet's skill list and
    twodsix's CE names (not from the mapping table under test)."""
    native: dict[str, int] = {}
    other: dict[str, int] = {}
    for name, level in character.sheet.skills.items():
        spelled = _spell(name)
        if spelled in CE_SKILLS:
            native[spelled] = max(level, native.get(spelled, level))
        elif level == 0 and _cascade_or_none(name):
            for speciality in _cascade(name):
                native[speciality] = max(0, native.get(speciality, 0))
        else:
            other[spelled] = level
    return native, other


def _cascade_or_none(name: str) -> bool:
    return any(s["name"] == name and s.get("cascade") for s in NY_SKILLS)


def _other_line(bio: list[str]) -> dict[str, int]:
    line = next((b for b in bio if b.startswith(OTHER_SKILLS)), None)
    if line is None:
        return {}
    parts = [p.rpartition("-") for p in line[len(OTHER_SKILLS) :].split(", ")]
    return {name: int(level) for name, _, level in parts}


def _high_line(bio: list[str]) -> dict[str, int]:
    line = next((b for b in bio if b.startswith(HIGH)), None)
    if line is None:
        return {}
    return {name: int(value) for name, _, value in (p.rpartition(" ") for p in line[len(HIGH) :].split(", "))}


def test_the_crowd_covers_every_career_species_and_agent_rank() -> None:
    characters = crowd()
    careers = {c.name for ch in characters for c in ch.sheet.careers}
    assert len(careers) == len(CAREERS)
    assert {ch.sheet.species for ch in characters} == set(SPECIES)
    ranks = {c.rank for ch in characters for c in ch.sheet.careers if c.name == "Agent"}
    assert set(range(6)) <= ranks
    assert any(KNOWN_AS in NY.text_1001(ch, 1) for ch in characters)


def test_the_macro_reads_every_field_and_skill_as_the_sheet_says() -> None:
    for number, character in enumerate(crowd(), start=1):
        sheet = character.sheet
        text = NY.text_1001(character, number)
        pasted = paste(text)
        where = f"seed {character.provenance['seed']}: {text.splitlines()[0]}"
        assert pasted.unknown == [], where
        honorific, rest = vtt.name_parts(character)
        name = rest if "Age" in honorific else f"{honorific} {rest}".strip()
        assert pasted.name.replace(JOINER, "") == name, where
        assert pasted.age == sheet.age, where
        assert pasted.gender == vtt.gender(character), where
        assert pasted.species == vtt.species_word(str(NY.foundry_actor(character).species)), where
        six = FIELDS["macro"]["upp_order"][:6]
        high = _high_line(pasted.bio)
        read = [high.get(c, pasted.characteristics[k]) for k, c in zip(six, ORDER, strict=True)]
        assert read == [sheet.characteristics[c] for c in ORDER], where
        assert all(sheet.characteristics[c] > 16 for c in high), where
        assert pasted.funds == sheet.credits - sheet.total_debt, where
        native, other = expected(character)
        assert pasted.skills == native, where
        assert _other_line(pasted.bio) == other, where


def test_every_actor_is_one_twodsix_keeps_as_it_is() -> None:
    for character in crowd():
        doc = actor(NY.foundry_actor(character))
        assert actor_problems(doc) == [], character.provenance["seed"]
        native, other = expected(character)
        skills = {i["name"]: i["system"]["value"] for i in doc["items"] if i["type"] == "skills"}
        (untrained,) = untrained_items(doc)
        del skills[untrained["name"]]
        joat = other.pop("Jack of All Trades", None)
        assert untrained["system"]["value"] == -3 + (joat or 0)
        assert skills == {**native, **other}
        custom = {i["name"] for i in doc["items"] if i.get("flags", {}).get("lifepath", {}).get("custom")}
        assert custom == set(other)
        gear = Counter({i["name"]: i["system"]["quantity"] for i in doc["items"] if "quantity" in i["system"]})
        benefits = sheet_items(character)
        gear.update({i["name"]: 1 for i in doc["items"] if i["type"] == "trait" and i["name"] in benefits})
        assert +gear == benefits


def sheet_items(character: Character) -> Counter[str]:
    items = Counter(character.sheet.equipment)
    if character.sheet.extra.get("ship_shares"):
        items["Ship Shares"] += int(character.sheet.extra["ship_shares"])
    return items


def test_ids_are_stable_and_differ_between_characters() -> None:
    one, two = crowd()[0], crowd()[1]
    first, again = actor(NY.foundry_actor(one)), actor(NY.foundry_actor(one))
    assert [i["_id"] for i in first["items"]] == [i["_id"] for i in again["items"]]
    assert first["system"]["untrainedSkill"] != actor(NY.foundry_actor(two))["system"]["untrainedSkill"]
    assert item_id("nowhere-yet:7", "skill:Admin") == item_id("nowhere-yet:7", "skill:Admin")


def test_the_mapping_table_is_valid_and_names_only_twodsix_skills() -> None:
    schema = json.loads(resources.files("lifepath.schemas").joinpath("nowhere-yet.twodsix.schema.json").read_text())
    table = vtt.mapping()
    assert not list(Draft202012Validator(schema).iter_errors(table))
    assert set(table["twodsix_skills"]) == CE_SKILLS
    targets = {*table["renamed"].values(), *(n for names in table["cascades"].values() for n in names)}
    assert targets <= CE_SKILLS
    assert table["renamed"]["Sciences (Life Sciences)"] == "Science (Life Sciences)"
    assert table["renamed"]["Gun Combat (Shotgun)"] == "Gun Combat (Shotguns)"


def test_a_skill_twodsix_lacks_is_a_custom_item_with_a_note() -> None:
    character = crowd()[0]
    character = Character.from_dict(character.to_dict())
    character.sheet.skills["Xenoharmonics"] = 2
    doc = actor(NY.foundry_actor(character))
    (item,) = [i for i in doc["items"] if i["name"] == "Xenoharmonics"]
    assert item["flags"]["lifepath"] == {"custom": True, "note": vtt.mapping()["unlisted_note"]}
    assert item["system"]["value"] == 2 and not actor_problems(doc)
    assert _other_line(paste(NY.text_1001(character, 1)).bio)["Xenoharmonics"] == 2


@pytest.mark.parametrize("name", ["Agenor (Ace) Okafor", "Ada Wu"])
def test_a_name_holding_the_macros_markers_still_reads(name: str) -> None:
    character = Character.from_dict(crowd()[300].to_dict())  # an Agent
    character.sheet.name = name
    pasted = paste(NY.text_1001(character, 1))
    assert pasted.age == character.sheet.age and not pasted.unknown
    assert pasted.name.replace(JOINER, "").endswith(name.replace("(", "[").replace(")", "]"))


def test_party_exports_exactly_the_active_characters_with_a_player(run_cli, run_in_process, tmp_path) -> None:
    # the campaign, set up in-process; the exports run the installed script
    db = ["--db", str(tmp_path / "default.db")]
    assert run_in_process("campaign", "new", "Spinward").returncode == 0
    assert run_in_process("generate", "--count", "2", "--seed", "7", "--campaign", "Spinward").returncode == 0  # NPCs
    for seed, player in ((20, "Ann"), (21, "Bo"), (22, None)):
        who = ["--player", player] if player else []
        made = run_in_process("create", "--auto", "--campaign", "Spinward", "--seed", str(seed), *who, *db)
        assert made.returncode == 0, made.stderr
    assert run_in_process("set-status", "4", "retired").returncode == 0
    roster = run_in_process("roster", "Spinward", "--json").stdout
    party = [r["name"] for r in json.loads(roster) if r["status"] == "active" and r["player"]]
    done = run_cli("export", "--campaign", "Spinward", "--party", "--format", "1001")
    assert done.returncode == 0, done.stderr
    assert [paste(b).name for b in done.stdout.split("\n\n") if b.strip()] == [p for p in party]
    done = run_cli("export", "--campaign", "Spinward", "--party", "--format", "foundry", "--out", "actors")
    assert done.returncode == 0, done.stderr
    assert len(list((tmp_path / "actors").iterdir())) == len(party)
    ann = run_cli("export", "--campaign", "Spinward", "--player", "ann", "--format", "1001")
    assert ann.returncode == 0 and ann.stdout.count("Character Event Log:") == 1
    for args in (["--party"], ["--status", "dead", "--format", "1001"]):
        refused = run_cli("export", "--campaign", "Spinward", *args)
        assert refused.returncode == 2 and refused.stdout == "" and "Traceback" not in refused.stderr
