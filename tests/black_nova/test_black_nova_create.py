"""Black Nova creation: golden characters, every --auto build legal, derived values, determinism, replay,
the interactive steps (points left and reasons shown), house rules, options and the installed CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lifepath import Decision, PolicyChooser, create
from lifepath.engine.houserules import resolve
from lifepath.plugins.black_nova.derived import derive, roll_bonuses
from lifepath.plugins.black_nova.tables import tables
from lifepath.replay import verify
from lifepath.testing import WatchingChooser, create_character, make_registry

REGISTRY = make_registry("black_nova")
RULESET = REGISTRY.ruleset("black-nova")
SKILL_ATTRIBUTE = {
    "Melee": "Strength",
    "Gunnery": "Dexterity",
    "Marksmanship": "Dexterity",
    "Piloting": "Dexterity",
    "Medicine": "Intelligence",
    "Engineering and robotics": "Intelligence",
    "Science": "Intelligence",
}

STANDARD_ISSUE = ["p10 Vigilante laser pistol", "Robot interface laptop", "Medical kit", "Tech kit", "Scanner"]
GEAR_LINE = "Gear: p10 Vigilante laser pistol (strength 1), Robot interface laptop, Medical kit, Tech kit, Scanner\n"


# ------------------------------------------------------------------ golden characters

GOLDEN_11 = (
    "Lio Brandt: Strength 2, Dexterity 3, Intelligence 1\n"
    "Hit points 5; inventory 4 items; melee damage normal\n"
    "Perks: none\n"
    "Skills (roll 1D8 + bonus): Melee 0 (+2), Gunnery 1 (+4), Marksmanship 4 (+7, no critical failures), "
    "Piloting 1 (+4), Medicine 0 (+1), Engineering and robotics 1 (+2), Science 0 (+1)\n"
    "Gear: p10 Vigilante laser pistol (strength 1), Robot interface laptop, Medical kit, Tech kit, Scanner\n"
)

GOLDEN_42 = (
    "Wren Osei: Strength 2, Dexterity 3, Intelligence 0\n"
    "Hit points 5; inventory 4 items; melee damage normal\n"
    "Perks: ESP\n"
    "Skills (roll 1D8 + bonus): Melee 2 (+4), Gunnery 3 (+6), Marksmanship 1 (+4), Piloting 1 (+4), "
    "Medicine 0 (+0), Engineering and robotics 0 (+0), Science 0 (+0)\n"
    "Gear: p10 Vigilante laser pistol (strength 1), Robot interface laptop, Medical kit, Tech kit, Scanner\n"
)

SCRIPTED = {
    "name": "Vex Marrow",
    "attribute-point": ["Strength", "Strength", "Strength", "Dexterity", "ESP", "Inscrutable"],
    "skill-point": ["Melee", "Melee", "Melee", "Melee", "Marksmanship", "Marksmanship", "Marksmanship"],
}

GOLDEN_SCRIPTED = (
    "Vex Marrow: Strength 3, Dexterity 1, Intelligence 0\n"
    "Hit points 6; inventory 4 items; melee damage x2 (Strength 3)\n"
    "Perks: ESP, Inscrutable\n"
    "Skills (roll 1D8 + bonus): Melee 4 (+7, no critical failures), Gunnery 0 (+1), Marksmanship 3 (+4), "
    "Piloting 0 (+1), Medicine 0 (+0), Engineering and robotics 0 (+0), Science 0 (+0)\n"
    "Gear: p10 Vigilante laser pistol (strength 1), Robot interface laptop, Medical kit, Tech kit, Scanner\n"
)


def test_golden_seed_11() -> None:
    c = create_character(REGISTRY, "black-nova", seed=11)
    assert RULESET.render(c) == GOLDEN_11
    assert c.sheet.characteristics == {"Strength": 2, "Dexterity": 3, "Intelligence": 1}
    assert c.sheet.skills == {"Gunnery": 1, "Marksmanship": 4, "Piloting": 1, "Engineering and robotics": 1}
    assert c.sheet.traits == []
    extra = c.sheet.extra
    assert (extra["hit_points"], extra["inventory_slots"], extra["melee_damage_multiplier"]) == (5, 4, 1)
    assert RULESET.roster_fields(c) == {
        "species": "-",
        "careers": "Marksmanship 4, Gunnery 1, Piloting 1",
        "age": "-",
        "profile": "Str 2 Dex 3 Int 1 HP 5",
        "perks": "-",
        "hit_points": "5",
    }


def test_golden_seed_42() -> None:
    c = create_character(REGISTRY, "black-nova", seed=42)
    assert RULESET.render(c) == GOLDEN_42
    assert c.sheet.extra["build"] == {
        "ruleset": "black-nova",
        "name": "Wren Osei",
        "attributes": {"Strength": 2, "Dexterity": 3, "Intelligence": 0},
        "perks": ["ESP"],
        "skills": {
            "Melee": 2,
            "Gunnery": 3,
            "Marksmanship": 1,
            "Piloting": 1,
            "Medicine": 0,
            "Engineering and robotics": 0,
            "Science": 0,
        },
    }


def test_golden_scripted_strong_psychic() -> None:
    c = create_character(REGISTRY, "black-nova", seed=3, answers=SCRIPTED)
    assert RULESET.render(c) == GOLDEN_SCRIPTED
    assert c.sheet.name == "Vex Marrow"
    assert c.sheet.traits == ["ESP", "Inscrutable"]
    assert c.sheet.extra["roll_bonuses"] == {
        "Melee": 7,
        "Gunnery": 1,
        "Marksmanship": 4,
        "Piloting": 1,
        "Medicine": 0,
        "Engineering and robotics": 0,
        "Science": 0,
    }
    assert c.sheet.extra["roll_die"] == "1D8"
    assert [k for k, _ in c.provenance["decisions"]] == ["name"] + ["attribute-point"] * 6 + ["skill-point"] * 7


def test_golden_no_perks_focus_intelligence() -> None:
    c = create_character(REGISTRY, "black-nova", seed=3, rules={"perks": False}, options={"focus": "int"})
    assert c.sheet.extra["build"]["attributes"] == {"Strength": 1, "Dexterity": 2, "Intelligence": 3}
    assert c.sheet.extra["build"]["perks"] == []
    assert c.sheet.extra["build"]["skills"] == {
        "Melee": 1,
        "Gunnery": 0,
        "Marksmanship": 0,
        "Piloting": 0,
        "Medicine": 2,
        "Engineering and robotics": 1,
        "Science": 3,
    }


# ------------------------------------------------------------------ every --auto build obeys every rule


def assert_obeys_every_rule(build: dict[str, Any], extra: dict[str, Any]) -> None:
    attrs, perks, skills = build["attributes"], build["perks"], build["skills"]
    assert list(attrs) == ["Strength", "Dexterity", "Intelligence"]
    assert all(0 <= v <= 3 for v in attrs.values())
    assert sum(attrs.values()) + len(perks) == 6
    assert len(set(perks)) == len(perks)
    assert set(perks) <= {"Flight", "ESP", "Inscrutable", "Exceptional luck"}
    assert list(skills) == list(SKILL_ATTRIBUTE)
    assert all(0 <= v <= 4 for v in skills.values())
    assert sum(skills.values()) == 7
    strength = attrs["Strength"]
    assert extra["hit_points"] == 3 + strength
    assert extra["inventory_slots"] == (4 if strength >= 2 else 3)
    assert extra["melee_damage_multiplier"] == (2 if strength == 3 else 1)
    assert extra["roll_bonuses"] == {s: skills[s] + attrs[a] for s, a in SKILL_ATTRIBUTE.items()}


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**31 - 1))
def test_every_auto_build_passes_check_build(seed: int) -> None:
    c = create_character(REGISTRY, "black-nova", seed=seed)
    build = c.sheet.extra["build"]
    assert RULESET.check_build(build) == []
    assert_obeys_every_rule(build, c.sheet.extra)
    assert c.sheet.name and build["name"] == c.sheet.name
    assert c.sheet.characteristics == build["attributes"]
    assert c.sheet.skills == {k: v for k, v in build["skills"].items() if v}
    assert c.sheet.traits == build["perks"]
    assert c.sheet.equipment == STANDARD_ISSUE
    assert not [e for e in c.history if e["type"] == "throw"]


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**31 - 1), st.sampled_from(["Strength", "dex", "INT", None]))
def test_every_auto_build_under_house_rules_is_legal(seed: int, focus: str | None) -> None:
    rules = {"perks": seed % 2 == 0, "esp_and_inscrutable": "exclusive", "standard_issue": seed % 3 != 0}
    c = create_character(REGISTRY, "black-nova", seed=seed, rules=rules, options={"focus": focus} if focus else None)
    build = c.sheet.extra["build"]
    assert RULESET.check_build(build) == []
    assert_obeys_every_rule(build, c.sheet.extra)
    assert not {"ESP", "Inscrutable"} <= set(build["perks"])
    if not rules["perks"]:
        assert build["perks"] == []
        assert sum(build["attributes"].values()) == 6
    assert c.sheet.equipment == (STANDARD_ISSUE if rules["standard_issue"] else [])


def test_the_policy_favours_skills_of_higher_attributes() -> None:
    """Coherent NPCs: skill points land on skills whose attribute is above the character's average."""
    above = below = 0
    for seed in range(300):
        b = create_character(REGISTRY, "black-nova", seed=seed).sheet.extra["build"]
        mean = sum(b["attributes"].values()) / 3
        for skill, rank in b["skills"].items():
            if b["attributes"][SKILL_ATTRIBUTE[skill]] > mean:
                above += rank
            else:
                below += rank
    assert above > 2 * below


def test_focus_steers_the_policy() -> None:
    focused = [
        create_character(REGISTRY, "black-nova", seed=s, options={"focus": "Dexterity"}).sheet.extra["build"]
        for s in range(100)
    ]
    assert sum(b["attributes"]["Dexterity"] for b in focused) / 100 > 2.2


# ------------------------------------------------------------------ derived values and the seed's examples


@pytest.mark.parametrize(("strength", "hp", "slots", "melee"), [(0, 3, 3, 1), (1, 4, 3, 1), (2, 5, 4, 1), (3, 6, 4, 2)])
def test_derived_values_follow_strength(strength: int, hp: int, slots: int, melee: int) -> None:
    d = derive(tables(), {"Strength": strength, "Dexterity": 3, "Intelligence": 3})
    assert (d.hit_points, d.inventory_slots, d.melee_damage_multiplier) == (hp, slots, melee)


def test_derived_values_ignore_other_attributes() -> None:
    low = derive(tables(), {"Strength": 1, "Dexterity": 0, "Intelligence": 0})
    high = derive(tables(), {"Strength": 1, "Dexterity": 3, "Intelligence": 3})
    assert low == high


def test_seed_example_piloting_roll_is_1d8_plus_dexterity_plus_piloting() -> None:
    """ "for a piloting roll you'd roll 1d8+dexterity+piloting" """
    bonuses = roll_bonuses(tables(), {"Strength": 0, "Dexterity": 2, "Intelligence": 1}, {"Piloting": 3})
    assert bonuses["Piloting"] == 2 + 3
    assert bonuses["Science"] == 1
    assert tables().die() == "1D8"


def test_seed_examples_in_a_created_character() -> None:
    """Hit points 3 + Strength; four items at Strength 2 or more; melee damage doubled at Strength 3."""
    c = create_character(REGISTRY, "black-nova", seed=3, answers=SCRIPTED)
    assert c.sheet.extra["hit_points"] == 3 + 3
    assert c.sheet.extra["inventory_slots"] == 4
    assert c.sheet.extra["melee_damage_multiplier"] == 2
    changes = {e["what"]: e for e in c.history if e["type"] == "change"}
    assert changes["hit points"]["to"] == 6 and changes["hit points"]["why"] == "3 + Strength 3"
    assert changes["melee damage multiplier"]["to"] == 2


def test_a_bonus_of_seven_shows_no_critical_failures() -> None:
    c = create_character(REGISTRY, "black-nova", seed=3, answers=SCRIPTED)
    assert "Melee 4 (+7, no critical failures)" in RULESET.render(c)
    assert "Marksmanship 3 (+4)," in RULESET.render(c)


# ------------------------------------------------------------------ BNI standard issue


def test_standard_issue_is_on_the_sheet_and_in_the_history() -> None:
    c = create_character(REGISTRY, "black-nova", seed=7)
    assert c.sheet.equipment == STANDARD_ISSUE
    gear = [e for e in c.history if e["type"] == "change" and e["what"] == "gear"]
    assert [(e["to"], e["why"]) for e in gear] == [(item, "BNI standard issue") for item in STANDARD_ISSUE]
    whats = [e["what"] for e in c.history if e["type"] == "change"]
    assert whats.index("gear") > max(i for i, w in enumerate(whats) if w.startswith("skill "))
    assert RULESET.render(c).endswith(GEAR_LINE)
    assert c.to_dict()["sheet"]["equipment"] == STANDARD_ISSUE


def test_house_rule_leaves_the_standard_issue_off() -> None:
    c = create_character(REGISTRY, "black-nova", seed=7, rules={"standard_issue": False})
    assert c.sheet.equipment == []
    assert "no BNI standard issue (house rule standard_issue=false)" in [
        e["text"] for e in c.history if e["type"] == "note"
    ]
    assert RULESET.render(c).endswith("Gear: none\n")
    assert RULESET.check_build(c.sheet.extra["build"]) == []
    assert verify(REGISTRY, c.to_dict()).identical
    same = create_character(REGISTRY, "black-nova", seed=7)
    assert c.sheet.extra == same.sheet.extra  # the gear changes nothing else


# ------------------------------------------------------------------ determinism and replay


@pytest.mark.parametrize("seed", [0, 1, 11, 42, 2**31 - 1])
def test_same_seed_same_character(seed: int) -> None:
    a = create_character(REGISTRY, "black-nova", seed=seed)
    b = create_character(REGISTRY, "black-nova", seed=seed)
    assert a.to_json() == b.to_json()


@pytest.mark.parametrize("seed", [0, 7, 42, 99991])
def test_replay_is_identical(seed: int) -> None:
    c = create_character(
        REGISTRY, "black-nova", seed=seed, rules={"esp_and_inscrutable": "exclusive"}, options={"focus": "str"}
    )
    assert verify(REGISTRY, c.to_dict()).identical


def test_replay_of_a_scripted_character_is_identical() -> None:
    c = create_character(REGISTRY, "black-nova", seed=3, answers=SCRIPTED)
    assert verify(REGISTRY, json.loads(c.to_json())).identical


# ------------------------------------------------------------------ the steps a player sees


def run(seed: int, answers: dict[str, list[str]] | None = None, rules: dict[str, Any] | None = None) -> WatchingChooser:
    recorder = WatchingChooser(seed, answers)
    resolved = resolve(REGISTRY.declaration("black-nova"), rules or {})
    create(REGISTRY, "black-nova", seed=seed, rules=resolved, chooser=recorder)
    return recorder


def test_points_left_are_shown_at_every_step() -> None:
    asked = run(3, {"name": ["Vex Marrow"], **{k: list(v) for k, v in SCRIPTED.items() if k != "name"}}).asked
    attr = [d for d in asked if d.key == "attribute-point"]
    skill = [d for d in asked if d.key == "skill-point"]
    assert [d.prompt.split(".")[0] for d in attr] == [f"Attribute points: {n} of 6 left" for n in range(6, 0, -1)]
    assert [d.prompt.split(".")[0] for d in skill] == [f"Skill points: {n} of 7 left" for n in range(7, 0, -1)]
    assert all("all 6 points must be spent" in d.context for d in attr)
    assert all("all 7 points must be spent" in d.context for d in skill)


def test_illegal_options_are_disabled_with_the_reason_and_keep_their_place() -> None:
    """An option that cannot be taken is not a legal answer but stays in the menu, disabled with the reason,
    so every option keeps its number in every decision of the same kind."""
    asked = run(3, {k: list(v) for k, v in SCRIPTED.items()}).asked
    attr = [d for d in asked if d.key == "attribute-point"]

    def reason(decision: Decision, option_id: str) -> str | None:
        return next(o.disabled for o in decision.options if o.id == option_id)

    # after three points in Strength it is at its maximum
    assert "Strength" in attr[2].option_ids()
    assert "Strength" not in attr[3].option_ids()
    assert reason(attr[3], "Strength") == "already at the maximum rank of 3"
    # ESP bought once is not offered again; Inscrutable still is (the printed rules allow both)
    assert "ESP" not in attr[5].option_ids()
    assert reason(attr[5], "ESP") == "already taken; each perk at most once"
    assert "Inscrutable" in attr[5].option_ids()
    skill = [d for d in asked if d.key == "skill-point"]
    assert "Melee" not in skill[4].option_ids()
    assert reason(skill[4], "Melee") == "already at the cap of 4 ranks"
    # the same option has the same number every time
    assert len({tuple(o.id for o in d.options) for d in attr}) == 1
    assert len({tuple(o.id for o in d.options) for d in skill}) == 1


def test_options_explain_what_they_change() -> None:
    asked = run(3, {k: list(v) for k, v in SCRIPTED.items()}).asked
    first = next(d for d in asked if d.key == "attribute-point")
    strength = next(o for o in first.options if o.id == "Strength")
    assert strength.label == "Strength 0 -> 1"
    assert "hit points 3 -> 4" in strength.detail and "Melee" in strength.detail
    first_skill = next(d for d in asked if d.key == "skill-point")
    melee = next(o for o in first_skill.options if o.id == "Melee")
    assert melee.detail == "roll 1D8+4 (Strength 3 + Melee 1)"


def test_the_name_is_free_text_with_examples_from_the_list() -> None:
    asked = run(5, {"name": ["Anyone At All"]}).asked
    name = asked[0]
    assert name.key == "name" and name.free_text
    assert len(name.options) == 6
    assert set(name.option_ids()) <= set(tables()["names"]["names"])
    c = create_character(REGISTRY, "black-nova", seed=5, answers={"name": "Anyone At All"})
    assert c.sheet.name == "Anyone At All"


def test_name_option_skips_the_question() -> None:
    recorder = WatchingChooser(5)
    resolved = resolve(REGISTRY.declaration("black-nova"))
    c = create(REGISTRY, "black-nova", seed=5, rules=resolved, chooser=recorder, options={"name": "Given Name"})
    assert c.sheet.name == "Given Name"
    assert "name" not in [d.key for d in recorder.asked]


def test_house_rule_without_perks_offers_none_and_says_why() -> None:
    asked = run(8, rules={"perks": False}).asked
    attr = [d for d in asked if d.key == "attribute-point"]
    assert all(set(d.option_ids()) <= {"Strength", "Dexterity", "Intelligence"} for d in attr)
    assert all("perks (house rule perks=false)" in d.context for d in attr)


def test_house_rule_exclusive_withholds_inscrutable_after_esp() -> None:
    answers = {"attribute-point": ["ESP", "Strength"]}
    asked = run(8, answers, rules={"esp_and_inscrutable": "exclusive"}).asked
    second = [d for d in asked if d.key == "attribute-point"][1]
    assert "Inscrutable" not in second.option_ids()
    inscrutable = next(o for o in second.options if o.id == "Inscrutable")
    assert inscrutable.disabled == "ESP is taken and the house rule makes ESP and Inscrutable exclusive"


def test_an_illegal_scripted_answer_is_refused() -> None:
    from lifepath import LifepathError

    with pytest.raises(LifepathError, match="not a legal answer"):
        create_character(
            REGISTRY,
            "black-nova",
            seed=1,
            answers={"attribute-point": ["Strength", "Strength", "Strength", "Strength"]},
        )


def test_unknown_focus_is_a_clear_error() -> None:
    from lifepath import LifepathError

    with pytest.raises(LifepathError, match="no attribute called 'Wisdom'"):
        create_character(REGISTRY, "black-nova", seed=1, options={"focus": "Wisdom"})


def test_crisis_answer_is_for_black_nova_only() -> None:
    from lifepath import Crisis
    from lifepath.creation import Context
    from lifepath.plugins.black_nova import lifepath_crisis

    ctx = Context(RULESET, REGISTRY, {}, 1, PolicyChooser(1))
    outcome = lifepath_crisis(ctx, Crisis("injury", "a test"))
    assert outcome is not None and outcome.kind == "unharmed"


# ------------------------------------------------------------------ the installed CLI


def lifepath_exe() -> str:
    return str(Path(sys.executable).parent / "lifepath")


def test_cli_create_auto() -> None:
    result = subprocess.run(
        [lifepath_exe(), "create", "--ruleset", "black-nova", "--auto", "--seed", "42"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == GOLDEN_42


def test_cli_create_auto_without_a_seed_carries_the_standard_issue() -> None:
    text = subprocess.run(
        [lifepath_exe(), "create", "--ruleset", "black-nova", "--auto"], capture_output=True, text=True, timeout=120
    )
    assert text.returncode == 0, text.stderr
    assert text.stdout.endswith(GEAR_LINE)
    exported = subprocess.run(
        [lifepath_exe(), "create", "--ruleset", "black-nova", "--auto", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert exported.returncode == 0, exported.stderr
    doc = json.loads(exported.stdout)
    assert doc["sheet"]["equipment"] == STANDARD_ISSUE
    assert doc["provenance"]["ruleset"] == {"id": "black-nova", "version": "1.1.0"}


def test_cli_create_json_is_deterministic_and_verifies(tmp_path: Path) -> None:
    args = [
        lifepath_exe(),
        "create",
        "--ruleset",
        "black-nova",
        "--auto",
        "--seed",
        "11",
        "--json",
        "--rule",
        "esp_and_inscrutable=exclusive",
        "--option",
        "focus=Intelligence",
    ]
    a = subprocess.run(args, capture_output=True, text=True, timeout=120)
    b = subprocess.run(args, capture_output=True, text=True, timeout=120)
    assert a.returncode == 0, a.stderr
    assert a.stdout == b.stdout
    path = tmp_path / "c.json"
    path.write_text(a.stdout, encoding="utf-8")
    verified = subprocess.run([lifepath_exe(), "verify", str(path)], capture_output=True, text=True, timeout=120)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert "identical" in verified.stdout


def test_cli_interactive_session(terminal, tmp_path) -> None:
    """A person at a terminal: numbered options, points left at every step, refused answers asked again.
    Standard output goes to a file, as in `create > me.txt`, so it carries only the character."""
    # "1" stays Melee after Melee is full (options keep their numbers): the fifth "1" is refused, then "2"
    answers = ["Zed Quarry", "1", "1", "1", "ESP", "Strength", "Inscrutable", "Dexterity", "Dexterity"]
    answers += ["1"] * 5 + ["2"] * 3
    printed = tmp_path / "character.txt"
    session = terminal(
        "create",
        "--ruleset",
        "black-nova",
        "--seed",
        "5",
        "--rule",
        "esp_and_inscrutable=exclusive",
        stdout_to=printed,
    )
    for answer in answers:
        session.answer(answer)
    out = session.finish()
    result = subprocess.CompletedProcess([], session.exit_code, printed.read_text(encoding="utf-8"), out)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Zed Quarry: Strength 3" not in out  # the terminal shows the questions, the file holds the character
    for n in range(6, 0, -1):
        assert f"Attribute points: {n} of 6 left." in out
    for n in range(7, 0, -1):
        assert f"Skill points: {n} of 7 left." in out
    # shown disabled with the reason, and refused with it when typed
    assert "Strength 3 (cannot be taken: already at the maximum rank of 3)" in out
    assert "1. Strength 3 cannot be taken: already at the maximum rank of 3" in out
    assert "cannot be taken: ESP is taken and the house rule makes ESP and Inscrutable exclusive" in out
    assert "1. Melee 4 cannot be taken: already at the cap of 4 ranks" in out
    assert result.stdout == (
        "Zed Quarry: Strength 3, Dexterity 2, Intelligence 0\n"
        "Hit points 6; inventory 4 items; melee damage x2 (Strength 3)\n"
        "Perks: ESP\n"
        "Skills (roll 1D8 + bonus): Melee 4 (+7, no critical failures), Gunnery 3 (+5), Marksmanship 0 (+2), "
        "Piloting 0 (+2), Medicine 0 (+0), Engineering and robotics 0 (+0), Science 0 (+0)\n"
        "Gear: p10 Vigilante laser pistol (strength 1), Robot interface laptop, Medical kit, Tech kit, Scanner\n"
    )
