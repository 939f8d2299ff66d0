"""Creation under the D6 creation pool: golden characters, determinism, replay, and the interactive rules
(points left on every decision; an illegal purchase is never offered)."""

from __future__ import annotations

from typing import Any

import pytest

from lifepath import LifepathError, PolicyChooser, UnknownName
from lifepath.creation import Context
from lifepath.engine.houserules import resolve
from lifepath.plugins.d6_pool.procedure import Procedure
from lifepath.plugins.d6_pool.tables import book
from lifepath.replay import verify
from lifepath.testing import WatchingChooser, create_character, make_registry

REGISTRY = make_registry()
RULESET = REGISTRY.ruleset("d6-pool")

GOLDEN_7 = (
    "Hugo Thane, Street Cop (Leader, Quillkin)\n"
    "Agility 1D+2  Stamina 3D  Strength 1D+1  Intellect 2D  Perception 3D  Presence 4D\n"
    "Willpower 3D  Extranormal: Magic 3D  Toughness 4  Move 6  Strength Damage 1D  Funds 3D\n"
    "Passive: Agility 1, Stamina 3, Strength 1, Intellect 2, Perception 3, Presence 4, Willpower 3, "
    "Extranormal 3, Sleight of Hand 2, Brawling 2, Medicine 3, Tracking 4, Insight 4, Persuasion 5, "
    "Command 6, Intimidation 7, Climbing: Cliffs 2, Command: Rallying 7, Intimidation: Threats 8\n"
    "Skills: Sleight of Hand 2D+2 (+1), Brawling 2D+1 (+1), Climbing: Cliffs 2D+1 (+1), Medicine 3D "
    "(+1), Tracking 4D (+1), Insight 4D (+1), Persuasion 5D (+1), Command 6D (+2) [Rallying 7D (+1)], "
    "Intimidation 7D (+3) [Threats 8D (+1)]\n"
    "Traits: Lamplight Eyes (Quillkin Special Ability, 1 rank), Spined Hide (Quillkin Special Ability, 1 "
    "rank), Burrow-Bred (Quillkin Disadvantage, 1), Fame (Advantage, 1), Abrasive (Disadvantage, 2), "
    "Debt (Disadvantage, 1), Combat Sense (Special Ability, 2 ranks, 4 points)\n"
    "Quillkin traits: Lamplight Eyes: Sees by starlight as well as a Human by a lantern; full sun adds 1 "
    "to the difficulty of anything done by sight; Spined Hide: A coat of stiff quills: whoever grapples "
    "a Quillkin bare-handed takes 1D damage each round they hold on; Burrow-Bred: Raised in tunnels: "
    "open sky and wide plains add 1 to the difficulty of Willpower totals against fear\n"
    "Points: 77 spent of 77 (74 creation points + 3 from Disadvantages), 0 unspent\n"
)

GOLDEN_11 = (
    "Ilse Wren, Kind Wizard (Scholar, Human)\n"
    "Agility 2D+2  Stamina 1D+1  Strength 2D  Intellect 3D+2  Perception 3D  Presence 2D+1\n"
    "Willpower 2D  Extranormal: Magic 3D  Toughness 8  Move 5  Strength Damage 1D  Funds 3D\n"
    "Passive: Agility 2, Stamina 1, Strength 2, Intellect 3, Perception 3, Presence 2, Willpower 2, "
    "Extranormal 3, Acrobatics 3, Melee Combat 4, Marksmanship 3, Scholarship 4, Medicine 4, Languages "
    "4, Search 5, Insight 4, Intimidation 3, Melee Combat: Knives 5, Climbing: Rigging 3, Medicine: "
    "First Aid 5, Languages: Ciphers 5, Search: Hidden Doors 7\n"
    "Skills: Acrobatics 3D+2 (+1), Melee Combat 4D+2 (+2) [Knives 5D+2 (+1)], Marksmanship 3D+2 (+1), "
    "Climbing: Rigging 3D (+1), Scholarship 4D+2 (+1), Medicine 4D+2 (+1) [First Aid 5D+2 (+1)], "
    "Languages 4D+2 (+1) [Ciphers 5D+2 (+1)], Search 5D (+2) [Hidden Doors 7D (+2)], Insight 4D (+1), "
    "Intimidation 3D+1 (+1)\n"
    "Traits: Patron (Advantage, 2), Debt (Disadvantage, 2), Combat Sense (Special Ability, 1 rank, 2 "
    "points), Quick Reflexes (Special Ability, 1 rank, 3 points), Night Vision (Special Ability, 1 rank, "
    "2 points)\n"
    "Points: 82 spent of 82 (80 creation points + 2 from Disadvantages), 0 unspent\n"
)

SCRIPT_11 = {
    "class": "Scholar",
    "concept": "Kind Wizard",
    "name": "Ilse Wren",
    "species": "human",
    "disadvantage": ["Debt (2)", "done"],
    "extranormal": "Magic",
}


# ------------------------------------------------------------------ golden characters


def test_golden_auto_seed_7() -> None:
    c = create_character(REGISTRY, "d6-pool", 7)
    assert RULESET.render(c) == GOLDEN_7
    assert c.sheet.characteristics == {
        "Agility": 5,
        "Stamina": 9,
        "Strength": 4,
        "Intellect": 6,
        "Perception": 9,
        "Presence": 12,
    }
    assert c.sheet.skills["Intimidation"] == 3
    assert c.sheet.extra["class"] == "Leader"
    assert c.sheet.extra["derived"] == {
        "Willpower": "3D",
        "Extranormal": "3D",
        "Toughness": 4,
        "Move": 6,
        "Strength Damage": "1D",
        "Funds": "3D",
    }
    assert c.sheet.extra["extranormal_type"] == "Magic"
    assert c.sheet.extra["passive"]["Intimidation: Threats"] == 8
    assert c.sheet.extra["points"]["spent"] == 77
    assert c.sheet.extra["build"]["species"] == "Quillkin"
    assert RULESET.roster_fields(c) == {
        "species": "Quillkin",
        "careers": "Leader",
        "age": "",
        "profile": "Agi1D+2 Sta3D Str1D+1 Int2D Per3D Pre4D",
    }


def test_golden_scripted_seed_11() -> None:
    c = create_character(REGISTRY, "d6-pool", 11, answers=SCRIPT_11)
    assert RULESET.render(c) == GOLDEN_11
    assert c.sheet.name == "Ilse Wren"
    assert c.sheet.extra["build"]["disadvantages"] == [{"name": "Debt", "points": 2}]
    assert c.sheet.extra["build"]["attributes"] == {
        "Agility": "2D+2",
        "Stamina": "1D+1",
        "Strength": "2D",
        "Intellect": "3D+2",
        "Perception": "3D",
        "Presence": "2D+1",
    }
    assert c.sheet.traits[0] == "Patron (Advantage, 2)"


def test_golden_house_rules_seed_3() -> None:
    c = create_character(REGISTRY, "d6-pool", 3, rules=["creation_points=100", "special_ability_ranks=common"])
    build = c.sheet.extra["build"]
    assert build["house_rules"] == {"creation_points": 100, "special_ability_ranks": "common"}
    assert c.sheet.extra["points"] == {
        "creation_points": 100,
        "from_disadvantages": 0,
        "pool": 100,
        "attributes": 60,
        "skills": 24,
        "specialisations": 3,
        "advantages": 7,
        "special_abilities": 6,
        "spent": 100,
        "left": 0,
    }
    last = RULESET.render(c).splitlines()[-1]
    assert last == "Points: 100 spent of 100 (100 creation points), 0 unspent"
    assert RULESET.check_build(build) == []
    without = {k: v for k, v in build.items() if k != "house_rules"}
    assert any("(rule: creation pool)" in v for v in RULESET.check_build(without))


# ------------------------------------------------------------------ determinism and replay


@pytest.mark.parametrize("seed", [0, 7, 123456])
def test_same_seed_same_character(seed: int) -> None:
    a = create_character(REGISTRY, "d6-pool", seed)
    b = create_character(REGISTRY, "d6-pool", seed)
    assert a.to_json() == b.to_json()


@pytest.mark.parametrize(("seed", "answers"), [(7, None), (11, SCRIPT_11)])
def test_replay_is_identical(seed: int, answers: Any) -> None:
    c = create_character(REGISTRY, "d6-pool", seed, answers=answers)
    assert verify(REGISTRY, c.to_dict()).identical


def test_export_build_is_the_checked_shape() -> None:
    c = create_character(REGISTRY, "d6-pool", 5)
    build = c.sheet.extra["build"]
    assert build["ruleset"] == "d6-pool"
    assert set(build) <= {
        "ruleset",
        "name",
        "concept",
        "species",
        "class",
        "extranormal_type",
        "attributes",
        "skills",
        "specialisations",
        "advantages",
        "disadvantages",
        "special_abilities",
        "house_rules",
    }
    assert RULESET.check_build(build) == []


# ------------------------------------------------------------------ options


def test_class_option_is_case_insensitive() -> None:
    c = create_character(REGISTRY, "d6-pool", 2, options={"class": "wArRiOr"})
    assert c.sheet.extra["class"] == "Warrior"
    options = {"career": "leader", "name": "Kestrel Ames", "concept": "Captain"}
    c = create_character(REGISTRY, "d6-pool", 2, options=options)
    assert (c.sheet.extra["class"], c.sheet.name, c.sheet.extra["concept"]) == ("Leader", "Kestrel Ames", "Captain")


def test_unknown_class_option_names_the_classes() -> None:
    with pytest.raises(UnknownName, match="no class called 'Paladin'") as info:
        create_character(REGISTRY, "d6-pool", 2, options={"class": "Paladin"})
    assert "Rogue, Warrior, Scout, Scholar, Adept, Leader" in str(info.value)


def test_illegal_scripted_answer_is_refused() -> None:
    with pytest.raises(LifepathError, match="not a legal answer"):
        create_character(REGISTRY, "d6-pool", 2, answers={"class": "Paladin"})


# ------------------------------------------------------------------ the interactive rules


def run(chooser: WatchingChooser, seed: int = 1, rules: tuple[str, ...] = ()) -> Any:
    from lifepath import create

    resolved = resolve(REGISTRY.declaration("d6-pool"), None, rules)
    return create(REGISTRY, "d6-pool", seed=seed, rules=resolved, chooser=chooser)


def test_every_decision_shows_the_points_left() -> None:
    chooser = WatchingChooser(4)
    c = run(chooser, 4)
    assert len(chooser.asked) > 20
    for decision in chooser.asked:
        assert "Points left: " in decision.context, decision
    spend = [d for d in chooser.asked if d.key == "spend"]
    assert spend[0].prompt.startswith("Spend creation points (")
    assert spend[-1].prompt == "Spend creation points (0 left)"
    assert c.sheet.extra["points"]["left"] == 0


def test_a_skill_at_its_cap_is_not_offered() -> None:
    # a Warrior's Stealth is not a class skill: +2 at most
    script = {"class": ["Warrior"], "disadvantage": ["done"], "spend": ["skill"] * 3, "skill": ["Stealth", "Stealth"]}
    chooser = WatchingChooser(9, script)
    run(chooser, 9)
    skill_menus = [d for d in chooser.asked if d.key == "skill"]
    assert "Stealth" in skill_menus[0].option_ids() and "Stealth" in skill_menus[1].option_ids()
    assert "Stealth" not in skill_menus[2].option_ids()
    assert "Brawling" in skill_menus[2].option_ids()


def test_an_attribute_at_its_maximum_is_not_offered() -> None:
    script = {
        "class": ["Rogue"],
        "disadvantage": ["done"],
        "spend": ["attribute"] * 4,
        "attribute": ["Agility", "Agility", "Agility"],
    }
    chooser = WatchingChooser(9, script)
    c = run(chooser, 9)
    menus = [d for d in chooser.asked if d.key == "attribute"]
    assert "Agility" in menus[2].option_ids()
    assert "Agility" not in menus[3].option_ids()  # 4D: the Rogue's maximum
    assert "Stamina" in menus[3].option_ids()
    assert c.sheet.characteristics["Agility"] == 12


def test_a_split_die_places_three_pips() -> None:
    script = {
        "class": ["Scout"],
        "disadvantage": ["done"],
        "spend": ["attribute"],
        "attribute": ["split"],
        "pip": ["Agility", "Stamina", "Agility"],
    }
    chooser = WatchingChooser(9, script)
    run(chooser, 9)
    pips = [d for d in chooser.asked if d.key == "pip"]
    assert [d.prompt for d in pips[:3]] == [f"Place pip {i} of 3 (the die is paid for)" for i in (1, 2, 3)]
    assert "Points left: 52 of 80" in pips[0].context  # the die is paid before the pips are placed


def make_procedure(cls: str, rules: tuple[str, ...] = ()) -> Procedure:
    resolved = resolve(REGISTRY.declaration("d6-pool"), None, rules)
    ctx = Context(RULESET, REGISTRY, resolved, 1, PolicyChooser(1))
    proc = Procedure(ctx, book())
    proc.build.cls = cls
    proc.minimum_attributes()
    return proc


def test_nothing_too_dear_is_offered() -> None:
    proc = make_procedure("Rogue")
    proc.build.attributes["Agility"] = 12
    proc.build.attributes["Stamina"] = 6  # 30 pips: 10 dice, 40 points
    proc.build.skills = {
        "Stealth": 3,
        "Acrobatics": 3,
        "Melee Combat": 3,
        "Climbing": 3,
        "Search": 3,
        "Persuasion": 3,
        "Sleight of Hand": 3,
        "Marksmanship": 2,
        "Endurance": 2,
        "Swimming": 2,
        "Brawling": 2,
        "Scholarship": 2,
        "Medicine": 2,
        "Languages": 1,
        "Tracking": 2,
        "Insight": 1,
    }
    assert proc.left() == 3
    assert proc.attribute_offers() == []  # a die costs 4
    abilities = proc.ability_offers()
    assert [p.option.id for p in abilities if p.option.disabled is None] == [
        "Ambidextrous",
        "Combat Sense",
        "Night Vision",
        "Hardiness",
        "Quick Reflexes",
        "Iron Will",
    ]
    # the dearer ones keep their place in the menu, disabled with the price
    assert [p.option.id for p in abilities] == list(proc.book.special_abilities)
    assert all("left" in str(p.option.disabled) for p in abilities if p.option.disabled is not None)
    proc.build.skills["Insight"] = 2
    proc.build.skills["Intimidation"] = 2
    assert proc.left() == 0
    assert proc.skill_offers() == [] and proc.specialisation_offers() == [] and proc.advantage_offers() == []


def test_a_taken_advantage_keeps_its_place_in_the_menu_disabled() -> None:
    proc = make_procedure("Rogue")
    before = [p.option.id for p in proc.advantage_offers()]
    name = next(iter(proc.book.advantages))
    proc.build.advantages.append((name, int(proc.book.advantages[name]["points"][0])))
    after = proc.advantage_offers()
    assert [p.option.id for p in after] == before  # the same options, so the same numbers
    assert {p.option.disabled for p in after if p.option.id.startswith(f"{name} (")} == {"already taken"}


def test_a_paid_specialisation_group_is_free_to_finish() -> None:
    proc = make_procedure("Rogue")
    proc.build.skills = {"Stealth": 3}
    proc.build.specialisations = {"Stealth: Urban": 1}
    proc.build.skills["Acrobatics"] = proc.left()  # every point spent (the rank cap does not matter here)
    assert proc.left() == 0
    offers = proc.specialisation_offers()
    assert offers and "free: 2 rank(s) of a paid group left" in offers[0].option.label


def test_done_is_withheld_while_the_pool_must_be_spent() -> None:
    chooser = WatchingChooser(6)
    c = run(chooser, 6, ("unspent_points=violation",))
    for d in chooser.asked:
        if d.key == "spend" and len(d.options) > 1 and not d.prompt.endswith("(0 left)"):
            assert "done" not in d.option_ids()
    assert c.sheet.extra["points"]["left"] == 0
    assert RULESET.check_build(c.sheet.extra["build"]) == []


def test_crises_change_nothing() -> None:
    from lifepath import Crisis

    ctx = Context(RULESET, REGISTRY, resolve(REGISTRY.declaration("d6-pool")), 1, PolicyChooser(1))
    outcome = ctx.crisis(Crisis("injury", "a test"))
    assert outcome.kind == "none"
    assert ctx.history[-1]["type"] == "crisis"
