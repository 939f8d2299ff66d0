"""The "1001 characters" text block: golden output, and read back the way twodsix's paste macro reads it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from lifepath import Character
from lifepath.plugins.nowhere_yet.render import display_name, upp
from lifepath.testing import create_character, make_registry

REGISTRY = make_registry()
NY = REGISTRY.ruleset("nowhere-yet")
SEEDS = range(40)
FACTS = Path(__file__).parent / "twodsix" / "ce_skills.json"
CE = frozenset(s["name"] for s in json.loads(FACTS.read_text(encoding="utf-8"))["skills"])


def made(seed: int) -> Character:
    return create_character(REGISTRY, "nowhere-yet", seed)


def test_a_crowd_is_golden(run_cli, fmt) -> None:
    done = run_cli("generate", "--count", "4", "--seed", "7", "--format", "1001")
    assert done.returncode == 0, done.stderr
    fmt.golden("generate-seed-7.1001.txt", done.stdout)
    assert [fmt.read_1001(b).number for b in fmt.blocks(done.stdout)] == [1, 2, 3, 4]


@pytest.mark.parametrize("seed", SEEDS)
def test_the_macro_reads_back_what_the_sheet_says(seed: int, fmt) -> None:
    character = made(seed)
    sheet = character.sheet
    text = NY.text_1001(character, seed + 1)
    pasted = fmt.read_1001(text)
    assert pasted.number == seed + 1
    assert pasted.name == display_name(character) or "Age" in display_name(character)
    assert pasted.upp == upp(sheet.characteristics)
    assert pasted.age == sheet.age
    assert pasted.credits == sheet.credits - sheet.total_debt
    assert set(pasted.skills) <= CE  # every name twodsix's compendium has (test_twodsix.py checks the levels)
    assert pasted.gender.lower() == (sheet.sex or "unspecified")
    human = sheet.species.startswith("human")
    assert (pasted.species == "Human") == human
    assert (pasted.traits is None) == human
    assert (
        pasted.careers == ", ".join(f"{c.name} ({c.terms} term{'s' if c.terms != 1 else ''})" for c in sheet.careers)
        or pasted.careers == "No career"
    )
    assert re.search(r"Cr-?\d+$", text.split("\n")[1]) and "," not in text.split("\n")[1].rsplit("Cr", 1)[1]
    terms = [e for e in pasted.events if re.match(r"Term \d+: ", e)]
    assert len(terms) == sheet.total_terms


def test_the_seeds_cover_humans_non_humans_debts_and_promotions(fmt) -> None:
    characters = [made(seed) for seed in SEEDS]
    assert any(c.sheet.species.startswith("human") for c in characters)
    assert any(not c.sheet.species.startswith("human") for c in characters)
    assert any(c.sheet.total_debt for c in characters)
    assert any("(rank " in line for c in characters for line in fmt.read_1001(NY.text_1001(c, 1)).events)


def test_a_name_with_a_line_break_stays_on_its_line(fmt) -> None:
    character = made(3)
    character.sheet.name = "Ada\nLovelace"
    assert fmt.read_1001(NY.text_1001(character, 1)).name.endswith("Ada Lovelace")


@pytest.mark.parametrize("ruleset", ["wormwood-drift", "d6-pool", "black-nova"])
def test_rulesets_without_a_upp_refuse_in_one_paragraph(run_cli, ruleset: str) -> None:
    done = run_cli("generate", "--count", "2", "--ruleset", ruleset, "--format", "1001", "--out", "crowd.txt")
    assert done.returncode == 2
    assert done.stdout == ""
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert '"1001 characters"' in done.stderr and "--format csv" in done.stderr


def test_a_campaign_exports_as_numbered_blocks_the_macro_reads(run_cli, fmt, tmp_path) -> None:
    assert run_cli("campaign", "new", "Spinward").returncode == 0
    assert run_cli("generate", "--count", "3", "--seed", "7", "--campaign", "Spinward").returncode == 0
    done = run_cli("export", "--campaign", "Spinward", "--format", "1001", "--out", "crowd.txt")
    assert done.returncode == 0, done.stderr
    text = (tmp_path / "crowd.txt").read_text(encoding="utf-8")
    generated = run_cli("generate", "--count", "3", "--seed", "7", "--format", "1001").stdout
    assert text == generated  # the same characters, numbered the same, whether stored or not
    assert [fmt.read_1001(b).number for b in fmt.blocks(text)] == [1, 2, 3]
    one = run_cli("export", "2", "--format", "1001")
    assert one.returncode == 0 and fmt.read_1001(one.stdout).name == fmt.read_1001(fmt.blocks(text)[1]).name


def test_a_stored_character_without_a_upp_refuses(run_cli) -> None:
    assert run_cli("campaign", "new", "Pool", "--ruleset", "d6-pool").returncode == 0
    assert run_cli("generate", "--count", "1", "--seed", "7", "--campaign", "Pool").returncode == 0
    done = run_cli("export", "1", "--format", "1001")
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    assert "D6 creation pool characters cannot be written" in done.stderr
