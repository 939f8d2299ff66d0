"""Details of Nowhere Yet's procedure that neither the golden characters nor the rule-table tests pinned
(each found by a mutant of ``plugins/nowhere_yet/procedure.py`` that survived; see docs/mutation-report.md):
the characteristic maximum, medical cover below the first row, a --terms target held past by a natural 12,
career weights, a plugin species' social name and names, and what the NPC policy and a player are offered.

Seeds are fixed; each test also asserts that its seed still walks the path it is about.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from lifepath import Crisis, CrisisOutcome, hookimpl
from lifepath.creation import create
from lifepath.decisions import Decision, PolicyChooser, ScriptedChooser
from lifepath.host.manager import Manager
from lifepath.testing import WatchingChooser, create_character, make_registry

REGISTRY = make_registry("nowhere_yet")
DATA = Path(__file__).resolve().parents[2] / "plugins" / "nowhere_yet" / "data"


def _watched(seed: int, **options: Any) -> tuple[Any, list[tuple[Decision, dict[str, Any], int]]]:
    """An NPC and, for each decision put to the policy, (the decision, its history event, the event's index)."""
    chooser = WatchingChooser(seed)
    character = create(REGISTRY, "nowhere-yet", seed=seed, chooser=chooser, options=options)
    asked = [(e, i) for i, e in enumerate(character.history) if e["type"] == "decision" and not e.get("forced")]
    assert len(asked) == len(chooser.asked)
    return character, [(d, e, i) for d, (e, i) in zip(chooser.asked, asked, strict=True)]


def _age_before(history: list[dict[str, Any]], index: int) -> int:
    return [e["to"] for e in history[:index] if e["type"] == "change" and e["what"] == "age"][-1]


def _terms_before(history: list[dict[str, Any]], index: int) -> int:
    return sum(1 for e in history[:index] if e["type"] == "note" and e["text"].startswith("term "))


def _weights(decision: Decision) -> dict[str, float]:
    return {o.id: o.weight for o in decision.options}


# -- rules ------------------------------------------------------------------------------------------


def test_a_gain_at_the_species_maximum_adds_nothing_and_says_so() -> None:
    c = create_character(REGISTRY, "nowhere-yet", 2215)
    maxima = {code: spec["maximum"] for code, spec in _species(c.sheet.species)["characteristics"].items()}
    notes = [e["text"] for e in c.history if e["type"] == "note" and "already at its maximum" in e["text"]]
    assert notes and notes[0].startswith(f"Dex is already at its maximum of {maxima['Dex']}; ")
    for event in c.history:
        if event["type"] == "change" and event["what"].startswith("characteristic "):
            assert event["to"] <= maxima[event["what"].split()[1]], event


def _species(name: str) -> dict[str, Any]:
    table = json.loads((DATA / "species.json").read_text(encoding="utf-8"))
    [found] = [s for s in table["species"] if name in (s["id"], s["name"])]
    return dict(found)


def test_medical_cover_below_the_first_row_is_none_and_the_whole_cost_is_owed() -> None:
    c = create_character(REGISTRY, "nowhere-yet", 54)
    [bills] = [e for e in c.history if e["type"] == "throw" and e["purpose"].startswith("medical bills")]
    medical = json.loads((DATA / "medical.json").read_text(encoding="utf-8"))
    assert bills["total"] < min(level["min_roll"] for row in medical["rows"] for level in row["coverage"])
    [care] = [e for e in c.history if e["type"] == "decision" and e["key"] == "medical-care"]
    assert care["prompt"].endswith("covers 0%; you would owe Cr5,000.")


def test_a_terms_target_held_past_by_a_natural_12_asks_for_no_more() -> None:
    c = create_character(REGISTRY, "nowhere-yet", 1, options={"terms": 1})
    held = [e for e in c.history if e["type"] == "note" and e.get("held")]
    assert len(held) == 1
    assert [r.terms for r in c.sheet.careers] == [2]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_career_weights_steer_only_the_first_career(seed: int) -> None:
    c = create_character(REGISTRY, "nowhere-yet", seed, options={"career_weights": {"Navy": 1}})
    careers = [e for e in c.history if e["type"] == "decision" and e["key"] == "career"]
    assert careers[0]["options"] == ["navy"] and careers[0]["answer"] == "navy"
    assert all(len(e["options"]) > 1 for e in careers[1:])


def test_an_insectan_of_high_caste_takes_no_noble_title() -> None:
    c = create_character(REGISTRY, "nowhere-yet", 24, options={"species": "insectan"})
    assert c.sheet.characteristics["Soc"] >= 10
    assert c.sheet.extra["social_name"] == "Caste" and "noble_title" not in c.sheet.extra


# -- a plugin's species ------------------------------------------------------------------------------


def _plugin_species(tmp_path: Path) -> Any:
    table = json.loads((DATA / "species.json").read_text(encoding="utf-8"))
    [human] = [s for s in table["species"] if s["id"] == "human-male"]
    strong = {**human["characteristics"], "Str": {"dice": "4D6", "maximum": 15}}  # can roll past its maximum
    species = {
        **human,
        "id": "tidewalker",
        "name": "Tidewalker",
        "characteristics": strong,
        "names": {"given": ["Oru", "Ness"], "family": ["of the Shallows"]},
    }
    species.pop("replaces", None)
    (tmp_path / "species.json").write_text(json.dumps({**table, "species": [species]}), encoding="utf-8")
    (tmp_path / "manifest.json").write_text(
        json.dumps(
            {
                "$schema": "https://lifepath.example/schemas/content-manifest.schema.json",
                "name": "tidewalkers",
                "version": "1.0.0",
                "description": "A species with its own names.",
                "ruleset": "nowhere-yet",
                "species": ["species.json"],
            }
        ),
        encoding="utf-8",
    )
    manager = Manager()
    manager.load_entry_points(only={"nowhere_yet"})
    manager.add_content(str(tmp_path))
    return manager.registry()


def test_a_plugin_species_names_its_characters_from_its_own_list(tmp_path: Path) -> None:
    registry = _plugin_species(tmp_path)
    c = create_character(registry, "nowhere-yet", 3, options={"species": "tidewalker"})
    given, family = c.sheet.name.split(" ", 1)
    assert given in ("Oru", "Ness") and family == "of the Shallows"


def test_a_characteristic_rolled_past_the_species_maximum_is_held_at_it(tmp_path: Path) -> None:
    registry = _plugin_species(tmp_path)
    held = 0
    for seed in range(1, 20):
        c = create_character(registry, "nowhere-yet", seed, options={"species": "tidewalker"})
        [throw] = [e for e in c.history if e["type"] == "throw" and e["purpose"] == "characteristic: Strength"]
        [rolled] = [e for e in c.history if e["type"] == "change" and e["what"] == "characteristic Str"][:1]
        assert rolled["to"] == min(throw["total"], 15)
        if throw["total"] > 15:
            held += 1
            assert f"Strength {throw['total']} is over the racial maximum; held at 15" in [
                e["text"] for e in c.history if e["type"] == "note"
            ]
    assert held


# -- what is offered ---------------------------------------------------------------------------------


def test_a_player_may_write_their_own_goal_and_looks() -> None:
    _, asked = _watched(5)
    free = {d.key: d.free_text for d, _, _ in asked if d.key == "goal" or d.key.startswith("appearance-")}
    assert free and set(free.values()) == {True} and "goal" in free


def test_the_npc_policy_takes_anagathics_only_when_ageing_is_one_term_away() -> None:
    ages_seen = set()
    for seed in range(1, 60):
        character, asked = _watched(seed)
        starts = _species(character.sheet.species)["ageing_starts"]
        taking = False
        for decision, event, index in asked:
            if decision.key != "anagathics":
                continue
            age = _age_before(character.history, index)
            near = age + 4 >= starts
            assert _weights(decision)["yes"] == (0.9 if taking else 0.2 if near else 0.0), (seed, age)
            ages_seen.add(starts - age)
            taking = event["answer"] == "yes"
    # the boundary (exactly one term away) and both sides of it were seen
    assert 4 in ages_seen and min(ages_seen) < 4 < max(ages_seen)


def test_a_repeated_weapon_benefit_answered_skill_by_a_person_gives_the_skill() -> None:
    typed = "".join(["sk", "ill"])  # an answer read from a prompt or a file, not the option's own string
    answers = {"benefit-table": ["material"] * 20, "weapon-repeat": [typed] * 4}
    c = create_character(REGISTRY, "nowhere-yet", 4, answers=answers)
    assert c.sheet.equipment.count("Weapon (blade)") == 1
    gained = [e for e in c.history if e["type"] == "change" and e.get("why") == "repeated weapon benefit"]
    assert gained and gained[0]["what"].startswith("skill Melee Combat")


@pytest.mark.parametrize("target", [1, 2, 3])
def test_the_npc_serves_until_the_terms_target_and_not_past_it(target: int) -> None:
    seen = set()
    for seed in range(1, 40):
        character, asked = _watched(seed, terms=target)
        for decision, _event, index in asked:
            if decision.key in ("reenlist", "another-career"):
                served = _terms_before(character.history, index)
                assert _weights(decision)["yes"] == (0.97 if served < target else 0.0), (seed, served)
                seen.add(served - target)
    assert {-1, 0, 1} <= seen or (target == 1 and {0, 1} <= seen)  # before, at and past the target


def test_six_terms_in_one_career_count_as_retired_on_the_cash_table() -> None:
    answers = {"career": ["drifter"], "reenlist": ["yes"] * 14, "benefit-table": ["cash"] * 20}
    c = create_character(REGISTRY, "nowhere-yet", 15, answers=answers, rules=["max_terms=none"])
    assert [(r.career, r.terms, r.ended) for r in c.sheet.careers] == [("drifter", 6, "failed reenlistment")]
    cash = [e for e in c.history if e["type"] == "throw" and e["purpose"].startswith("cash benefit")]
    procedure = json.loads((DATA / "procedure.json").read_text(encoding="utf-8"))
    assert cash and all(["retired", procedure["cash_dm"]["retired"]] in e["dms"] for e in cash)


def test_the_anagathic_dm_counts_only_the_terms_since_the_character_started_again() -> None:
    answers = {"anagathics": ["yes", "no", "yes", "yes", "yes", "yes"], "reenlist": ["yes"] * 10}
    c = create_character(REGISTRY, "nowhere-yet", 2, answers=answers, rules=["max_terms=none"])
    h = c.history
    stop = next(i for i, e in enumerate(h) if e["type"] == "note" and e["text"].startswith("stops taking anagathics"))
    throw = next(
        i
        for i, e in enumerate(h)
        if i > stop
        and e["type"] == "throw"
        and e["purpose"].startswith("ageing")
        and any(name == "anagathic terms" for name, _ in e["dms"])
    )
    taken = [e for e in h[stop:throw] if e["type"] == "decision" and e["key"] == "anagathics"]
    since = sum(1 for e in taken if e["answer"] == "yes")
    assert since == 2
    assert ["anagathic terms", since] in h[throw]["dms"]


class _Crisis:
    """A third party's crisis handling: a failed survival ends in the outcome its data names."""

    def __init__(self, kind: str) -> None:
        self.kind = json.loads(json.dumps(kind))  # read from data: not the interned literal

    @hookimpl
    def lifepath_crisis(self, ctx: Any, crisis: Crisis) -> CrisisOutcome | None:
        return CrisisOutcome(self.kind, "the plugin's rule") if crisis.kind == "survival" else None


@pytest.mark.parametrize(("kind", "dies"), [("death", True), ("banished", False), ("exile", False)])
def test_only_a_plugin_s_crisis_outcome_of_death_kills(kind: str, dies: bool) -> None:
    registry = make_registry("nowhere_yet", extra=[("crisis-plugin", _Crisis(kind))])
    c = create_character(registry, "nowhere-yet", 1)
    notes = [e["text"] for e in c.history if e["type"] == "note"]
    assert ("the character dies: the plugin's rule" in notes) is dies
    assert (c.sheet.status == "dead") is dies


def test_a_named_sample_homeworld_is_the_one_taken() -> None:
    for world in ("Ortolan", "Lowmarch"):
        c = create_character(REGISTRY, "nowhere-yet", 1, options={"homeworld": world})
        assert [
            e["text"].split(":")[0] for e in c.history if e["type"] == "note" and e["text"].startswith("homeworld ")
        ] == [f"homeworld {world}"]


# -- the NPC policy's weights, decision by decision ---------------------------------------------------

#: decisions whose options the NPC policy weighs the same way every time: option id -> weight
FIXED_WEIGHTS: dict[str, dict[str, float]] = {
    "commission": {"yes": 0.85, "no": 1 - 0.85},
    "advancement": {"yes": 0.9, "no": 1 - 0.9},
    "another-career": {"yes": 0.55, "no": 1 - 0.55},
    "benefit-table": {"cash": 1.0, "material": 1.5},
    "weapon-repeat": {"skill": 3.0, "weapon": 1.0},
    "mishap-injury": {"fixed": 1.0, "lower-of-two": 1.0},
}


BY_NAME = {c.name: cid for cid, c in REGISTRY.careers("nowhere-yet").items()}


def _characteristics_before(history: list[dict[str, Any]], index: int) -> dict[str, int]:
    chars: dict[str, int] = {}
    for e in history[:index]:
        if e["type"] == "change" and e["what"].startswith("characteristic "):
            label = e["what"].split()[1]
            chars["Soc" if label == "Caste" else label] = e["to"]  # an insectan's Soc is written as its Caste
    return chars


def _expected_weights(decision: Decision, history: list[dict[str, Any]], index: int) -> dict[str, float] | None:
    key, ids = decision.key, [o.id for o in decision.options]
    if key in FIXED_WEIGHTS:
        return {i: FIXED_WEIGHTS[key][i] for i in ids}
    if key == "species":
        return {i: 4.0 if i.startswith("human-") else 1.0 for i in ids}
    if key == "skill-table":
        return dict.fromkeys(ids, 1.0)
    if key == "injury-secondary":
        return {i: 1.0 if i == "each" else 0.5 for i in ids}
    if key in ("injury-characteristic", "ageing-characteristic"):  # the highest is the likeliest to lose
        chars = _characteristics_before(history, index)
        return {i: float(chars[i]) for i in ids}
    if key == "medical-care":
        covered = int(decision.prompt.split("covers ")[1].split("%")[0])
        return {"restore": 0.95, "keep": 0.05} if covered >= 75 else {"restore": 0.5, "keep": 0.5}
    if key == "reenlist":
        capped = _terms_before(history, index) >= 7  # the default cap
        return {"yes": 0.0 if capped else 0.7, "no": 1.0 if capped else 1 - 0.7}
    if key == "career":
        chars = _characteristics_before(history, index)
        careers = REGISTRY.careers("nowhere-yet")
        expected = {}
        for i in ids:
            if i == "drifter":
                expected[i] = 0.3
                continue
            dm = chars[careers[i].data["qualification"]["characteristic"]] // 3 - 2
            expected[i] = 1.0 + dm if dm > 0 else 1.0
        return expected
    return None


def test_the_npc_policy_weighs_each_decision_as_documented() -> None:
    checked: set[str] = set()
    for seed in range(1, 120):
        character, asked = _watched(seed)
        for decision, _event, index in asked:
            expected = _expected_weights(decision, character.history, index)
            if expected is not None:
                assert _weights(decision) == pytest.approx(expected), (seed, decision.key)
                checked.add(decision.key)
            if decision.key == "career":  # a career served and left (by any way out) is closed
                served = {
                    BY_NAME[e["text"].removeprefix("entered ").removesuffix(" (drafted)")]
                    for e in character.history[:index]
                    if e["type"] == "note" and e["text"].startswith("entered ")
                }
                assert not (served - {"drifter"}) & set(_weights(decision)), (seed, index)
    assert checked == {
        *FIXED_WEIGHTS,
        "species",
        "skill-table",
        "injury-secondary",
        "injury-characteristic",
        "ageing-characteristic",
        "medical-care",
        "reenlist",
        "career",
    }


def test_answers_typed_by_a_person_make_the_same_character_as_the_options_own_strings() -> None:
    seen: set[tuple[str, str]] = set()
    for seed in range(1, 80):
        npc = create(REGISTRY, "nowhere-yet", seed=seed, chooser=PolicyChooser(seed))
        typed = [(key, "".join(list(answer))) for key, answer in npc.provenance["decisions"]]  # fresh strings
        again = create(REGISTRY, "nowhere-yet", seed=seed, chooser=ScriptedChooser(sequence=typed))
        assert again.to_json() == npc.to_json(), seed
        seen.update((key, answer) for key, answer in npc.provenance["decisions"])
    assert {
        ("medical-care", "restore"),
        ("anagathics", "yes"),
        ("weapon-repeat", "skill"),
        ("reenlist", "yes"),
        ("mishap-injury", "fixed"),
    } <= seen


# -- more paths found by mutation --------------------------------------------------------------------


def _data(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def test_a_noble_title_follows_social_standing_from_ten_up() -> None:
    titles = {row["soc"]: row for row in _data("titles.json")["titles"]}
    seen = set()
    for seed in range(1, 160):
        c = create_character(REGISTRY, "nowhere-yet", seed)
        soc = c.sheet.characteristics["Soc"]
        if c.sheet.extra.get("social_name", "Soc") != "Soc" or soc < 10:
            assert "noble_title" not in c.sheet.extra, seed
            continue
        assert c.sheet.extra["noble_title"] == titles[min(soc, 18)][c.sheet.sex], seed
        seen.add(min(soc, 12))
    assert {10, 11, 12} <= seen


@pytest.mark.parametrize("species", ["human-female", "human-male", "avian"])  # shared and own name lists
def test_given_and_family_names_may_be_written_by_a_player(species: str) -> None:
    _, asked = _watched(5, species=species)
    free = {d.key: d.free_text for d, _, _ in asked if d.key in ("given-name", "family-name")}
    assert free == {"given-name": True, "family-name": True}


def test_a_secondary_injury_taken_on_each_other_characteristic_lowers_both() -> None:
    c = create_character(REGISTRY, "nowhere-yet", 18, answers={"injury-secondary": ["each"] * 3})
    h = c.history
    i = next(i for i, e in enumerate(h) if e["type"] == "decision" and e["key"] == "injury-secondary")
    hit = next(e for e in reversed(h[:i]) if e["type"] == "decision" and e["key"] == "injury-characteristic")
    others = [code for code in ("Str", "Dex", "End") if code != hit["answer"]]
    changes = [e for e in h[i + 1 : i + 3] if e["type"] == "change"]
    assert [e["what"] for e in changes] == [f"characteristic {code}" for code in others]
    injuries = _data("injuries.json")
    each = next(r["secondary"]["each"] for r in injuries["rows"] if r["secondary"])
    assert all(e["from"] - e["to"] == min(each, e["from"]) for e in changes)


def test_the_term_cap_retires_the_character_with_a_note() -> None:
    c = create_character(REGISTRY, "nowhere-yet", 1, answers={"reenlist": ["yes"] * 12})
    notes = [e["text"] for e in c.history if e["type"] == "note"]
    assert notes.count("the term cap of 7 is reached: the character retires") == 1
    assert sum(r.terms for r in c.sheet.careers) == 7


def test_medical_cover_is_the_best_row_the_throw_reaches() -> None:
    medical = _data("medical.json")
    seen = set()
    for seed in range(1, 200):
        c = create_character(REGISTRY, "nowhere-yet", seed)
        h = c.history
        for i, e in enumerate(h):
            if e["type"] == "decision" and e["key"] == "medical-care":
                throw = next(t for t in reversed(h[:i]) if t["type"] == "throw" and t["purpose"].startswith("medical"))
                career = BY_NAME[throw["purpose"].split(": ", 1)[1]]
                row = next(r for r in medical["rows"] if career in r["careers"])
                covered = max([lv["percent"] for lv in row["coverage"] if throw["total"] >= lv["min_roll"]], default=0)
                assert f"covers {covered}%" in e["prompt"], seed
                seen.add(throw["total"] in {lv["min_roll"] for lv in row["coverage"]})
    assert seen == {True, False}  # throws exactly on a row's minimum, and between rows


@pytest.mark.parametrize(
    ("seed", "rules", "at_least"), [(1, [], 7), (5, ["max_terms=none"], 7), (43, ["max_terms=none"], 8)]
)
def test_a_cash_throw_past_the_table_takes_its_last_cell(seed: int, rules: list[str], at_least: int) -> None:
    answers = {"benefit-table": ["cash"] * 20, "reenlist": ["yes"] * 12}
    c = create_character(REGISTRY, "nowhere-yet", seed, answers=answers, rules=rules)
    careers = REGISTRY.careers("nowhere-yet")
    h = c.history
    cash = [i for i, e in enumerate(h) if e["type"] == "throw" and e["purpose"].startswith("cash benefit")]
    assert max(h[i]["total"] for i in cash) >= at_least
    for i in cash:
        cell = min(h[i]["total"], 7)
        cells = careers[BY_NAME[h[i]["purpose"].split(": ", 1)[1]]].data["cash_benefits"]
        [paid] = [e for e in h[i + 1 : i + 2] if e["type"] == "change"]
        assert paid["why"] == f"cash benefit {cell}"
        assert paid["to"] - paid["from"] == cells[cell - 1]
    if seed == 5:  # a career whose last two cells differ
        assert any(h[i]["total"] >= 7 for i in cash) and len(set(cells[5:7])) == 2


class _Stages:
    """Records the creation stages a species trait is given to plugins at."""

    def __init__(self) -> None:
        self.stages: list[str] = []

    @hookimpl
    def lifepath_apply_trait(self, ctx: Any, trait: dict[str, Any], stage: str) -> None:
        self.stages.append(stage)


@pytest.mark.parametrize("dies", [False, True])
def test_traits_finish_for_the_living_only(dies: bool) -> None:
    stages = _Stages()
    extra: list[tuple[str, object]] = [("stages", stages)] + ([("crisis-plugin", _Crisis("death"))] if dies else [])
    registry = make_registry("nowhere_yet", extra=extra)
    c = create_character(registry, "nowhere-yet", 1, options={"species": "avian"})
    assert (c.sheet.status == "dead") is dies
    assert stages.stages and ("finish" in stages.stages) is not dies


class _InjuryCrisis:
    """A third party's crisis handling for injuries: the outcome its data names, with no debt."""

    def __init__(self, kind: str) -> None:
        self.kind = json.loads(json.dumps(kind))

    @hookimpl
    def lifepath_crisis(self, ctx: Any, crisis: Crisis) -> CrisisOutcome | None:
        return CrisisOutcome(self.kind, "the plugin's injury rule") if crisis.kind == "injury" else None


@pytest.mark.parametrize(("kind", "dies"), [("death", True), ("banished", False)])
def test_an_injury_crisis_kills_only_on_death_and_treats_characteristics_below_one(kind: str, dies: bool) -> None:
    registry = make_registry("nowhere_yet", extra=[("injury-crisis", _InjuryCrisis(kind))])
    c = create_character(registry, "nowhere-yet", 18)
    assert (c.sheet.status == "dead") is dies
    treated = [e for e in c.history if e["type"] == "change" and e.get("why") == "crisis treatment"]
    assert bool(treated) is not dies
    assert all(e["from"] < 1 and e["to"] == 1 for e in treated)


@pytest.mark.parametrize("career", ["scout", "technician", "agent"])
def test_a_wanted_career_is_the_first_one_tried(career: str) -> None:
    c = create_character(REGISTRY, "nowhere-yet", 3, options={"career": career})
    first = next(e for e in c.history if e["type"] == "decision" and e["key"] == "career")
    assert first["answer"] == career and c.sheet.careers


def test_no_career_typed_by_a_person_with_terms_0_finishes_at_once() -> None:
    typed = "".join(["no", "ne"])
    c = create_character(REGISTRY, "nowhere-yet", 3, answers={"career": [typed]}, options={"terms": 0})
    assert c.sheet.careers == []


def test_a_law_level_alone_makes_a_homeworld_of_its_own() -> None:
    c = create_character(REGISTRY, "nowhere-yet", 3, options={"law_level": 9})
    [home] = [e["text"] for e in c.history if e["type"] == "note" and e["text"].startswith("homeworld ")]
    sample = {w["name"] for w in _data("homeworlds.json")["worlds"]}
    assert home.split(":")[0].removeprefix("homeworld ") not in sample
    assert not any(e["type"] == "decision" and e["key"] == "homeworld" for e in c.history)
