"""Species (a table per species file, registered like a plugin's), Passive values and the Extranormal type."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from lifepath import LifepathError, UnknownName
from lifepath.plugins.d6_pool import species
from lifepath.plugins.d6_pool.derived import passive_values
from lifepath.plugins.d6_pool.tables import book
from lifepath.tables import parse_table
from lifepath.testing import create_character, make_registry

HERE = Path(__file__).parent
REGISTRY = make_registry()
RULESET = REGISTRY.ruleset("d6-pool")
BOOK = book()
CLI = [sys.executable, "-c", "from lifepath.cli.main import run; run()"]
SCHEMA = "https://lifepath.example/schemas/d6-pool.species.schema.json"


def lifepath(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, env=dict(os.environ), timeout=120)


def legal() -> dict[str, Any]:
    return json.loads((HERE / "build_legal.json").read_text(encoding="utf-8"))


MOSSBACK = {
    "id": "mossback",
    "name": "Mossback",
    "creation_points": 70,
    "disadvantage_limit": 14,
    "weight": 1.0,
    "summary": "Slow, patient shell-folk invented for this test.",
    "traits": [
        {"name": "Shell", "kind": "special_ability", "value": 2, "note": "Adds 2 to Toughness against blows."},
        {"name": "Ponderous", "kind": "disadvantage", "value": 2, "note": "Move is 1 less."},
    ],
}


def species_file(*entries: dict[str, Any]) -> dict[str, Any]:
    return {"$schema": SCHEMA, "description": "Test species.", "species": list(entries)}


# ------------------------------------------------------------------ the table and its registration


def test_the_shipped_species_are_registered_through_the_species_hook() -> None:
    found = REGISTRY.species("d6-pool")
    assert [c.name for c in found.values()] == ["Human", "Quillkin"]
    assert {c.plugin for c in found.values()} == {"d6_pool"}
    assert REGISTRY.find("species", "d6-pool", "quillkin folk").id == "quillkin"


def test_human_carries_the_printed_numbers() -> None:
    human = species.default(BOOK)
    assert (human["name"], human["creation_points"], human["disadvantage_limit"], human["traits"]) == (
        "Human",
        80,
        10,
        [],
    )
    assert BOOK.house_rule_defaults()["creation_points"] == 80


def test_house_rules_move_every_species_by_the_same_amount() -> None:
    quillkin = species.match(species.own(BOOK), "Quillkin")
    assert quillkin is not None
    rules = dict(BOOK.house_rule_defaults())
    assert species.totals(BOOK, rules, quillkin) == species.Totals(74, 12)
    rules.update(creation_points=100, disadvantage_limit=4)
    assert species.totals(BOOK, rules, quillkin) == species.Totals(94, 6)
    assert species.totals(BOOK, rules, species.default(BOOK)) == species.Totals(100, 4)


class SpeciesPlugin:
    """A third party's plugin adding one species through the registration hook, as documented."""

    from lifepath import hookimpl

    @hookimpl
    def lifepath_register_species(self, ruleset_id: str, register: Any) -> None:
        if ruleset_id == "d6-pool":
            table = parse_table("mossback.json", json.dumps(species_file(MOSSBACK)))
            for entry in table.data["species"]:
                register(entry, table=table)


def test_a_plugin_adds_a_species_that_creation_offers() -> None:
    registry = make_registry(extra=[("mossback-plugin", SpeciesPlugin())])
    assert registry.find("species", "d6-pool", "mossback").plugin == "mossback-plugin"
    c = create_character(registry, "d6-pool", 5, options={"species": " MOSSBACK "})
    extra = c.sheet.extra
    assert c.sheet.species == "Mossback" and extra["build"]["species"] == "Mossback"
    assert extra["points"]["creation_points"] == 70
    assert extra["points"]["from_disadvantages"] <= 14
    assert c.sheet.traits[:2] == ["Shell (Mossback Special Ability, 2 ranks)", "Ponderous (Mossback Disadvantage, 2)"]
    assert extra["trait_notes"] == {"Shell": "Adds 2 to Toughness against blows.", "Ponderous": "Move is 1 less."}
    assert "Mossback traits: Shell: Adds 2 to Toughness against blows; Ponderous: Move is 1 less\n" in registry.ruleset(
        "d6-pool"
    ).render(c)


def test_an_invalid_species_table_drops_its_plugin() -> None:
    bad = dict(MOSSBACK, creation_points="lots")

    class Bad:
        from lifepath import hookimpl

        @hookimpl
        def lifepath_register_species(self, ruleset_id: str, register: Any) -> None:
            if ruleset_id == "d6-pool":
                table = parse_table("bad.json", json.dumps(species_file(bad)))
                register(table.data["species"][0], table=table)

    registry = make_registry(extra=[("bad-species", Bad())])
    assert [c.name for c in registry.species("d6-pool").values()] == ["Human", "Quillkin"]
    error = registry.manager.info["bad-species"].error or ""
    assert "its table is invalid: bad.json" in error and "/species/0/creation_points" in error


# ------------------------------------------------------------------ creation


def test_creation_asks_for_the_species_with_its_totals_and_traits() -> None:
    from lifepath import create
    from lifepath.engine.houserules import resolve
    from lifepath.testing import WatchingChooser

    chooser = WatchingChooser(3)
    asked = chooser.asked
    create(REGISTRY, "d6-pool", seed=3, rules=resolve(REGISTRY.declaration("d6-pool")), chooser=chooser)
    menu = next(d for d in asked if d.key == "species")
    labels = [o.label for o in menu.options]
    assert labels == [
        "Human (80 creation points, up to 10 from Disadvantages)",
        "Quillkin (74 creation points, up to 12 from Disadvantages; Traits: Lamplight Eyes, Spined Hide, Burrow-Bred)",
    ]


def test_unknown_species_option_names_the_species() -> None:
    with pytest.raises(UnknownName, match="no species called 'Elf'") as info:
        create_character(REGISTRY, "d6-pool", 1, options={"species": "Elf"})
    assert "Human, Quillkin" in str(info.value)


def test_a_quillkin_spends_its_own_pool_and_never_buys_its_traits() -> None:
    for seed in range(8):
        c = create_character(
            REGISTRY, "d6-pool", seed, options={"species": "quillkin"}, rules=["unspent_points=violation"]
        )
        points = c.sheet.extra["points"]
        assert points["creation_points"] == 74 and points["left"] == 0
        assert points["from_disadvantages"] <= 12
        assert RULESET.check_build(c.sheet.extra["build"]) == []


def test_a_species_pool_too_small_for_the_minimum_attributes_is_refused() -> None:
    # creation_points=28 leaves a Quillkin 22 points, short of the 24 that buy every attribute 1D
    c = create_character(REGISTRY, "d6-pool", 2, rules=["creation_points=28"])
    assert c.sheet.species == "Human"
    with pytest.raises(LifepathError, match=r"creation pool \(22 for a Quillkin\) cannot buy every attribute"):
        create_character(REGISTRY, "d6-pool", 2, rules=["creation_points=28"], options={"species": "Quillkin"})


# ------------------------------------------------------------------ check


def quillkin_build() -> dict[str, Any]:
    """The legal Rogue (82 spent) made a Quillkin: 4 skill ranks fewer and one more Disadvantage, so 78
    points spent of 78 (74 creation points + 4 from Disadvantages)."""
    build = legal()
    build["species"] = "Quillkin"
    build["skills"]["Persuasion"] = 0
    build["skills"]["Search"] = 0
    build["disadvantages"] = [{"name": "Fear of the Dark", "points": 2}, {"name": "Debt", "points": 2}]
    return build


def test_check_uses_the_species_totals() -> None:
    assert RULESET.check_build(quillkin_build()) == []
    human = dict(quillkin_build(), species="Human")
    assert RULESET.check_build(human) == []  # a Human has 84 and leaves 6 unspent, which is legal
    human["house_rules"] = {"unspent_points": "violation"}
    assert any("leaves 6 of its 84" in v for v in RULESET.check_build(human))


def test_check_enforces_the_species_disadvantage_limit() -> None:
    build = quillkin_build()
    build["disadvantages"] += [
        {"name": "Enemy", "points": 3},
        {"name": "Infamy", "points": 2},
        {"name": "Code of Honour", "points": 2},
    ]  # 11: over a Human's 10, under 12
    build["skills"]["Search"] = 2
    build["skills"]["Command"] = 2
    build["skills"]["Persuasion"] = 2
    build["specialisations"]["Stealth: Wilderness"] = 1
    assert RULESET.check_build(build) == []
    build["disadvantages"].append({"name": "Abrasive", "points": 2})
    found = RULESET.check_build(build)
    assert any("Disadvantages total 13 points, above the limit of 12 for a Quillkin" in v for v in found), found


def test_check_refuses_an_unknown_species() -> None:
    build = quillkin_build()
    build["species"] = "Elf"
    found = RULESET.check_build(build)
    assert found[0] == (
        "unknown species 'Elf'; the species are Human, Quillkin, so the Human pool and "
        "Disadvantage limit are used (rule: species)"
    )
    assert found[1:] == []  # 78 of the Human's 84 points spent: legal, unspent points being allowed


# ------------------------------------------------------------------ passive values and Extranormal


def test_passive_values_are_the_dice_with_a_minimum_of_one() -> None:
    values = {"Agility": 2, "Stamina": 9, "Strength": 4, "Intellect": 10, "Perception": 8, "Presence": 6}
    got = passive_values(BOOK, values, {"Stealth": 2, "Brawling": 0}, {"Stealth: Urban": 1})
    assert got == {
        "Agility": 1,
        "Stamina": 3,
        "Strength": 1,
        "Intellect": 3,
        "Perception": 2,
        "Presence": 2,
        "Willpower": 2,
        "Extranormal": 2,
        "Stealth": 2,
        "Stealth: Urban": 3,
    }


def test_extranormal_type_is_offered_from_the_table_or_typed() -> None:
    c = create_character(REGISTRY, "d6-pool", 4, answers={"extranormal": "Hedge Witchery"})
    assert c.sheet.extra["extranormal_type"] == "Hedge Witchery"
    assert "Extranormal: Hedge Witchery " in RULESET.render(c)
    c = create_character(REGISTRY, "d6-pool", 4, options={"extranormal": "psionics"})
    assert c.sheet.extra["build"]["extranormal_type"] == "Psionics"
    assert RULESET.check_build(c.sheet.extra["build"]) == []


# ------------------------------------------------------------------ content folders at the CLI


def test_a_content_folder_species_at_the_cli(tmp_path: Path) -> None:
    folder = tmp_path / "mossbacks"
    folder.mkdir()
    (folder / "manifest.json").write_text(
        json.dumps(
            {
                "$schema": "https://lifepath.example/schemas/content-manifest.schema.json",
                "name": "mossbacks",
                "version": "1.0",
                "ruleset": "d6-pool",
                "species": ["mossback.json"],
            }
        ),
        encoding="utf-8",
    )
    night = dict(
        MOSSBACK,
        id="owlfolk",
        name="Owlfolk",
        traits=[{"name": "Night Vision", "kind": "special_ability", "value": 1, "note": "Born to the dark."}],
    )
    (folder / "mossback.json").write_text(json.dumps(species_file(MOSSBACK, night)), encoding="utf-8")
    out = tmp_path / "npc.json"
    done = lifepath(
        "create",
        "-r",
        "d6-pool",
        "--auto",
        "--seed",
        "4",
        "--content",
        str(folder),
        "--species",
        "Mossback",
        "--out",
        str(out),
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0].endswith(", Mossback)")
    assert lifepath("check", str(out), "--content", str(folder)).returncode == 0
    without = lifepath("check", str(out))  # the folder it was made with is not given: named, not replayed
    assert without.returncode == 2 and "Traceback" not in without.stderr
    assert "1.0, and it is not installed" in without.stderr and "--content PATH" in without.stderr
    assert lifepath("verify", str(out), "--content", str(folder)).returncode == 0
    assert lifepath("verify", str(out)).returncode == 2

    # a Trait the species starts with is never offered, and a build that buys it anyway is refused
    for seed in range(6):
        made = lifepath(
            "create",
            "-r",
            "d6-pool",
            "--auto",
            "--seed",
            str(seed),
            "--content",
            str(folder),
            "--species",
            "owlfolk",
            "--json",
        )
        assert made.returncode == 0, made.stderr
        build = json.loads(made.stdout)["sheet"]["extra"]["build"]
        assert "Night Vision" not in [t["name"] for t in build["special_abilities"]]
    build["special_abilities"].append({"name": "night vision", "ranks": 1})
    path = tmp_path / "owl.json"
    path.write_text(json.dumps(build), encoding="utf-8")
    done = lifepath("check", str(path), "--content", str(folder))
    assert done.returncode == 1
    assert (
        "violation: Night Vision is a Trait every Owlfolk starts with; it cannot also be bought (rule: species traits)"
    ) in done.stderr


def test_a_class_that_cannot_spend_the_pool_is_not_offered_and_refused_when_asked_for() -> None:
    # under unspent_points=violation with 193 points (Human) a Scholar can spend at most 192, a Rogue 198
    rules = ["creation_points=193", "unspent_points=violation"]
    for seed in range(4):
        c = create_character(REGISTRY, "d6-pool", seed, rules=rules, options={"species": "human"})
        assert c.sheet.extra["class"] not in ("Scholar",)
        assert c.sheet.extra["points"]["left"] == 0
    with pytest.raises(LifepathError, match=r"\(193 for a Human\) to be spent, but a Scholar can spend at most 192 "):
        create_character(REGISTRY, "d6-pool", 1, rules=rules, options={"species": "human", "class": "Scholar"})


def test_extranormal_minimum_house_rule() -> None:
    # seed 7's Leader has Presence 4D and Intellect 2D: a minimum of 4 keeps the ability, 5 takes it away
    kept = create_character(REGISTRY, "d6-pool", 7, rules=["extranormal_minimum=4"])
    assert kept.sheet.extra["extranormal_type"] == "Magic"
    c = create_character(REGISTRY, "d6-pool", 7, rules=["extranormal_minimum=5"])
    assert c.sheet.extra["extranormal_type"] == ""
    assert "extranormal_type" not in c.sheet.extra["build"]
    assert "Extranormal" not in c.sheet.extra["passive"] and "Willpower" in c.sheet.extra["passive"]
    assert RULESET.render(c).splitlines()[2].startswith("Willpower 3D  Extranormal: none  Toughness 4")
    # the full sheet (and so the HTML and Markdown pages) and the export say none too, not the dice
    assert c.sheet.extra["derived"]["Extranormal"] == "none" and kept.sheet.extra["derived"]["Extranormal"] == "3D"
    (derived,) = [s for s in RULESET.sheet_sections(c) if s.title == "Derived"]
    assert ("Extranormal", "none") in derived.rows
    build = c.sheet.extra["build"]
    assert RULESET.check_build(build) == []
    named = dict(build, extranormal_type="Magic")
    assert RULESET.check_build(named) == [
        "the build names an Extranormal type (Magic), but neither Presence nor Intellect reaches the 5D the house "
        "rule extranormal_minimum asks for; leave extranormal_type out (rule: extranormal minimum)"
    ]
    assert RULESET.check_build(dict(named, house_rules={"extranormal_minimum": 4})) == []
