"""The rulebook's own rules and examples, reproduced: the starting-credit formula, the Hard Term, the
skill cap, derived values, the sample NPCs' Lifeblood, cascades, the crisis hook and house rules."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from lifepath import Context, Crisis, CrisisOutcome, LifepathError, ScriptedChooser, hookimpl
from lifepath.engine.houserules import resolve
from lifepath.plugins.wormwood_drift import lifepath_crisis
from lifepath.plugins.wormwood_drift.derived import derived_values
from lifepath.plugins.wormwood_drift.skills import SkillBook
from lifepath.plugins.wormwood_drift.tables import tables
from lifepath.testing import create_character, make_registry

REGISTRY = make_registry()
RULESET = "wormwood-drift"


def events(c: Any, kind: str) -> list[dict[str, Any]]:
    return [e for e in c.history if e["type"] == kind]


# -- starting credits: terms x 1,000cr + Muster Out credits (section 2.4) -------------------------


@pytest.mark.parametrize(
    ("terms", "benefits", "expected"),
    [
        (3, ["credits", "credits", "rival"], 3 * 1000 + 2 * 1000),
        (3, ["credits", "credits", "credits"], 6000),
        (2, ["rival", "ship-share"], 2000),
        (2, ["credits", "ship-share"], 3000),
    ],
)
def test_starting_credits_formula(terms: int, benefits: list[str], expected: int) -> None:
    c = create_character(REGISTRY, RULESET, 5, answers={"muster-out": benefits}, options={"terms": terms})
    assert c.sheet.total_terms == terms
    assert [m["benefit"] for m in c.sheet.extra["muster_out"]] == benefits
    assert c.sheet.extra["muster_credits"] == 1000 * benefits.count("credits")
    assert c.sheet.credits == expected == terms * 1000 + c.sheet.extra["muster_credits"]


def test_a_rolled_muster_out_benefit_reads_the_1d4_table() -> None:
    c = create_character(REGISTRY, RULESET, 3, answers={"muster-out": ["roll", "roll", "roll"]}, options={"terms": 3})
    rolls = [e for e in events(c, "throw") if e["purpose"] == "Muster Out benefit"]
    assert len(rolls) == 3
    order = ["credits", "rank", "ship-share", "rival"]
    assert [m["benefit"] for m in c.sheet.extra["muster_out"]] == [order[e["total"] - 1] for e in rolls]
    assert all(m["rolled"] for m in c.sheet.extra["muster_out"])


# -- the Hard Term (section 2.3) ----------------------------------------------------------------------


def test_hard_term_gives_a_scar_not_an_attribute_but_keeps_skills_gear_and_contact() -> None:
    """Seed 2 throws 2D6 = 1 + 1 in its second term."""
    c = create_character(REGISTRY, RULESET, 2)
    checks = [e for e in events(c, "throw") if e["purpose"].startswith("Hard Term check")]
    assert [e["total"] for e in checks][1] == 2
    term2 = c.sheet.extra["terms"][1]
    assert term2["hard_term"] is True
    assert term2["attribute"] is None
    assert term2["scar"] == c.sheet.extra["scars"][2]["scar"]
    assert c.sheet.extra["scars"][2]["from"].startswith("Hard Term")
    assert len(term2["skills"]) == 2
    assert term2["gear"] in c.sheet.equipment
    assert term2["contact"] in c.sheet.extra["contacts"]
    (crisis,) = events(c, "crisis")
    assert (crisis["kind"], crisis["outcome"]) == ("hard-term", "scar")
    # between that term's Hard Term check and the next term no Attribute changes, and its skills were granted
    start = c.history.index(checks[1])
    end = c.history.index(checks[2])
    changes = [e["what"] for e in c.history[start:end] if e["type"] == "change"]
    assert not any(w.startswith("attribute") for w in changes)
    assert "scar" in changes
    # every other term raised one Attribute
    assert sum(c.sheet.characteristics.values()) == 4 + 1 + 2


def test_scripted_hard_term_scar_is_written_by_the_player() -> None:
    c = create_character(REGISTRY, RULESET, 2, answers={"scar": "still dreams of the cargo bay"})
    assert c.sheet.extra["scars"][-1] == {
        "scar": "still dreams of the cargo bay",
        "from": "Hard Term: term 2: Merchant Marine",
    }
    (decision,) = [e for e in events(c, "decision") if e["key"] == "scar"]
    assert "Distrusts corporate tech" not in decision["options"]  # the character already bears it
    assert "sleeps only with a light on" in decision["options"]


def test_the_crisis_answer_belongs_to_wormwood_drift_only() -> None:
    other = SimpleNamespace(ruleset=SimpleNamespace(id="nowhere-yet"))
    assert lifepath_crisis(ctx=other, crisis=Crisis("hard-term", "x")) is None
    mine = SimpleNamespace(ruleset=SimpleNamespace(id=RULESET))
    assert lifepath_crisis(ctx=mine, crisis=Crisis("hard-term", "x")).kind == "scar"
    assert lifepath_crisis(ctx=mine, crisis=Crisis("anything", "x")).kind == "scar"


class Reprieve:
    """A house-rule plugin that answers Hard Terms before the ruleset does."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    @hookimpl
    def lifepath_crisis(self, ctx: Any, crisis: Crisis) -> CrisisOutcome | None:
        if ctx.ruleset.id == RULESET and crisis.kind == "hard-term":
            return CrisisOutcome(self.kind, "a house-rule plugin decided")
        return None


def test_a_house_rule_plugin_can_override_the_hard_term() -> None:
    registry = make_registry(extra=[("reprieve", Reprieve("reprieve"))])
    c = create_character(registry, RULESET, 2)
    term2 = c.sheet.extra["terms"][1]
    assert term2["hard_term"] is True and term2["scar"] is None and term2["attribute"] is not None
    assert len(c.sheet.extra["scars"]) == 2
    assert sum(c.sheet.characteristics.values()) == 4 + 1 + 3


def test_a_deadly_house_rule_plugin_ends_creation() -> None:
    registry = make_registry(extra=[("deadly", Reprieve("death"))])
    c = create_character(registry, RULESET, 2)
    assert c.sheet.status == "dead"
    assert c.sheet.total_terms == 2
    assert c.sheet.extra["muster_out"] == []
    assert "(dead)" in registry.ruleset(RULESET).render(c)


# -- skills: Broad 0-3, a grant past the cap goes to another skill -----------------------------------


def test_a_term_rank_past_the_cap_must_go_to_another_skill() -> None:
    answers = {
        "background": "void-born",
        "formative-event": "colony-collapse",
        "path": ["void-corps"] * 5,
        "term-skill": ["Gun Combat", "Gun Combat", "Gun Combat", "Pilot", "Pilot", "Survival", "Survival"],
        "replacement-skill": ["Stealth", "Stealth", "Athletics"],
    }
    c = create_character(REGISTRY, RULESET, 8, answers=answers, rules={"max_terms": 5}, options={"terms": 5})
    assert c.sheet.skills == {"Athletics": 1, "Gun Combat": 3, "Pilot": 3, "Stealth": 2, "Survival": 3}
    offered = [e["options"] for e in events(c, "decision") if e["key"] == "term-skill"]
    assert offered[2] == ["Gun Combat", "Pilot", "Survival"]
    assert offered[3] == ["Pilot", "Survival"]  # Gun Combat is at 3 and no longer offered
    notes = [e["text"] for e in events(c, "note")]
    assert any("are all at rank 3" in n for n in notes)


def test_a_fixed_grant_past_the_cap_asks_for_another_skill() -> None:
    rs = REGISTRY.ruleset(RULESET)
    chooser = ScriptedChooser.by_key({"replacement-skill": "Hacking"})
    ctx = Context(rs, REGISTRY, resolve(REGISTRY.declaration(RULESET)), 1, chooser)
    book = SkillBook(ctx, tables()["skills"])
    ctx.sheet.skills["Pilot"] = 3
    assert book.grant("Pilot", "a test") == "Hacking"
    assert ctx.sheet.skills == {"Pilot": 3, "Hacking": 1}
    with pytest.raises(LifepathError, match="not one of Wormwood Drift's Broad Skills"):
        book.grant("Basket Weaving", "a test")


def test_kess_gun_combat_cascades() -> None:
    """Section 3.2: Kess has Gun Combat 2 (Broad); Slug is one of its Narrow specialisations."""
    c = create_character(
        REGISTRY,
        RULESET,
        4,
        answers={"formative-event": "military-academy", "path": ["void-corps"], "term-skill": ["Gun Combat"]},
    )
    assert c.sheet.skills["Gun Combat"] >= 2
    assert "Slug" in c.sheet.extra["cascades"]["Gun Combat"]


# -- derived values ---------------------------------------------------------------------------------


def test_sample_npcs_lifeblood_follows_the_pc_formula() -> None:
    """Section 10.2's sample NPCs: Lifeblood 7, 6 and 7 for Might 2, 1 and 2 (their Stamina uses the
    template's own numbers, not the PC formula, so only Lifeblood is compared)."""
    formulas = tables()["creation"]["derived"]
    for might, agility, wits, presence, lifeblood in [(2, 2, 1, 2, 7), (1, 1, 2, 3, 6), (2, 2, 3, 2, 7)]:
        chars = {"Might": might, "Agility": agility, "Wits": wits, "Presence": presence}
        values = derived_values(chars, formulas, 0, True)
        assert values["lifeblood"] == lifeblood
        assert values["resolve"] == 10 + wits + presence
        assert values["stamina"] == 10 + might + agility
        assert values["carrying"] == might + 4


def test_cyberware_costs_resolve_unless_the_house_rule_is_off() -> None:
    on = create_character(REGISTRY, RULESET, 6, options={"background": "machine-grafted"})
    off = create_character(
        REGISTRY, RULESET, 6, options={"background": "machine-grafted"}, rules={"cyberware_resolve": False}
    )
    ch = on.sheet.characteristics
    assert on.sheet.extra["derived"]["resolve"] == 10 + ch["Wits"] + ch["Presence"] - 1
    assert off.sheet.extra["derived"]["resolve"] == 10 + ch["Wits"] + ch["Presence"]
    plain = create_character(REGISTRY, RULESET, 6, options={"background": "colonial-stock"})
    pc = plain.sheet.characteristics
    assert plain.sheet.extra["derived"]["resolve"] == 10 + pc["Wits"] + pc["Presence"]


def test_every_attribute_begins_at_1() -> None:
    c = create_character(REGISTRY, RULESET, 9)
    starts = [e for e in events(c, "change") if e["what"].startswith("attribute") and e["from"] is None]
    assert [(e["what"], e["to"]) for e in starts] == [
        ("attribute Might", 1),
        ("attribute Agility", 1),
        ("attribute Wits", 1),
        ("attribute Presence", 1),
    ]


def test_a_path_may_be_repeated_or_switched() -> None:
    c = create_character(
        REGISTRY,
        RULESET,
        10,
        answers={"path": ["scavenger-crew", "cult-initiate", "scavenger-crew"]},
        options={"terms": 3},
    )
    assert [(r.name, r.terms) for r in c.sheet.careers] == [("Scavenger Crew", 2), ("Cult Initiate", 1)]
    assert [t["path"] for t in c.sheet.extra["terms"]] == ["Scavenger Crew", "Cult Initiate", "Scavenger Crew"]


def test_a_rank_goes_to_the_final_path() -> None:
    c = create_character(
        REGISTRY,
        RULESET,
        11,
        answers={
            "path": ["void-corps", "cult-initiate"],
            "muster-out": ["rank", "rank"],
            "title": ["Acolyte", "Adept"],
        },
        options={"terms": 2},
    )
    records = {r.name: r for r in c.sheet.careers}
    assert (records["Cult Initiate"].rank, records["Cult Initiate"].title) == (2, "Adept")
    assert (records["Void Corps"].rank, records["Void Corps"].title) == (0, None)


def test_formative_event_rolled_reads_the_d10_table() -> None:
    c = create_character(REGISTRY, RULESET, 12, answers={"formative-event": "roll"})
    (throw,) = [e for e in events(c, "throw") if e["purpose"] == "Formative Event"]
    rows = {e["roll"]: e["event"] for e in tables()["formative_events"]["events"]}
    assert c.sheet.extra["formative_event"] == rows[throw["total"]]


def test_min_terms_above_max_terms_is_refused() -> None:
    with pytest.raises(LifepathError, match="min_terms"):
        create_character(REGISTRY, RULESET, 1, rules={"min_terms": 4})


def test_one_term_under_house_rules() -> None:
    c = create_character(REGISTRY, RULESET, 1, rules={"min_terms": 1, "max_terms": 1})
    assert c.sheet.total_terms == 1
    assert c.sheet.credits == 1000 + c.sheet.extra["muster_credits"]


# -- psionic Disciplines (section 6.1): Occultism and Willpower 1+, up to the Willpower rank ---------------


def occult_life(willpower_ranks: int, occultism_event: bool, disciplines: list[str]) -> Any:
    """A scripted two-term life: the Formative Event gives Occultism 1 (or Survival), then Cult Initiate terms
    put ``willpower_ranks`` ranks in Willpower and the rest in Lore (past its cap of 3, in Occultism)."""
    skills = ["Willpower"] * willpower_ranks + ["Lore", "Lore", "Lore", "Occultism"][: 4 - willpower_ranks]
    answers: dict[str, Any] = {
        "background": "colonial-stock",
        "path": ["cult-initiate", "cult-initiate"],
        "term-skill": skills,
        "formative-event": "religious-order" if occultism_event else "colony-collapse",
        "discipline": disciplines,
    }
    return create_character(REGISTRY, RULESET, 21, answers=answers, options={"terms": 2})


def test_allowance_needs_occultism_and_willpower_and_counts_willpower() -> None:
    from lifepath.plugins.wormwood_drift.psionics import allowance

    table = tables()["disciplines"]
    assert allowance({}, table) == 0
    assert allowance({"Willpower": 3}, table) == 0
    assert allowance({"Occultism": 3}, table) == 0
    assert allowance({"Occultism": 1, "Willpower": 1}, table) == 1
    assert allowance({"Occultism": 1, "Willpower": 2}, table) == 2
    assert allowance({"Occultism": 3, "Willpower": 3}, table) == 3


def test_occultism_and_willpower_2_take_two_disciplines_not_three() -> None:
    c = occult_life(2, True, ["telepathy", "void-sight", "precognition"])
    assert (c.sheet.skills["Occultism"], c.sheet.skills["Willpower"]) == (1, 2)
    assert c.sheet.extra["disciplines"] == ["Telepathy", "Void-Sight"]
    asked = [e for e in events(c, "decision") if e["key"] == "discipline"]
    assert [e["answer"] for e in asked] == ["telepathy", "void-sight"]  # a third is never offered
    assert "telepathy" not in asked[1]["options"] and "none" in asked[1]["options"]
    taken = [(e["to"], e["why"]) for e in events(c, "change") if e["what"] == "discipline"]
    assert taken == [
        ("Telepathy", "Psionics: Discipline 1 of up to 2 (Willpower rank)"),
        ("Void-Sight", "Psionics: Discipline 2 of up to 2 (Willpower rank)"),
    ]
    assert (
        "Disciplines: Telepathy, Void-Sight (use: 2D6 + Presence + Occultism vs TN 8/11/14 for Tier 1/2/3, "
        "costing 1/2/3 Resolve)" in REGISTRY.ruleset(RULESET).render(c)
    )


def test_a_third_discipline_is_a_replay_difference() -> None:
    """An export edited to hold three Disciplines on Willpower 2 does not verify."""
    from lifepath.replay import verify

    c = occult_life(2, True, ["telepathy", "void-sight"])
    doc = c.to_dict()
    doc["sheet"]["extra"]["disciplines"].append("Precognition")
    verdict = verify(REGISTRY, doc)
    assert not verdict.identical and 'sheet.extra.disciplines: added "Precognition"' in verdict.message
    doc = c.to_dict()
    at = [k for k, _ in doc["provenance"]["decisions"]].index("discipline") + 2
    doc["provenance"]["decisions"].insert(at, ["discipline", "precognition"])
    verdict = verify(REGISTRY, doc)
    assert not verdict.identical and "was 'discipline' but creation now asks 'name'" in verdict.message


def test_the_player_may_stop_before_the_allowance() -> None:
    c = occult_life(2, True, ["none"])
    assert c.sheet.extra["disciplines"] == []
    assert [e["answer"] for e in events(c, "decision") if e["key"] == "discipline"] == ["none"]
    assert "Disciplines: none\n" in REGISTRY.ruleset(RULESET).render(c)


@pytest.mark.parametrize(("willpower", "occultism"), [(2, False), (0, True)])
def test_no_discipline_is_offered_without_occultism_or_willpower(willpower: int, occultism: bool) -> None:
    c = occult_life(willpower, occultism, [])
    assert (c.sheet.skills.get("Occultism", 0) >= 1) == occultism
    assert c.sheet.skills.get("Willpower", 0) == willpower
    assert not [e for e in events(c, "decision") if e["key"] == "discipline"]
    assert c.sheet.extra["disciplines"] == []


def test_disciplines_cost_resolve_in_play_not_at_creation() -> None:
    """6.2's cost (1 Resolve per Tier attempted) is shown and noted; taking a Discipline spends nothing."""
    taking = occult_life(2, True, ["biokinesis", "telekinesis"])
    declining = occult_life(2, True, ["none"])
    assert taking.sheet.extra["derived"] == declining.sheet.extra["derived"]
    ch = taking.sheet.characteristics
    assert taking.sheet.extra["derived"]["resolve"] == 10 + ch["Wits"] + ch["Presence"]
    notes = [e["text"] for e in events(taking, "note") if e["text"].startswith("Psionics")]
    assert notes == [
        "Psionics: Willpower 2 allows up to 2 Discipline(s); using one is 2D6 + Presence + Occultism "
        "vs TN 8/11/14 for Tier 1/2/3, costing 1/2/3 Resolve"
    ]


# -- Defense (sections 4.2 and 10.1: 8 + Agility) ---------------------------------------------------


@pytest.mark.parametrize(("agility", "defense"), [(0, 8), (1, 9), (2, 10), (4, 12)])
def test_defense_is_8_plus_agility(agility: int, defense: int) -> None:
    """4.6's raider in Light Composite has Defense 9: Agility 1 (armour is DR, not Defense)."""
    chars = {"Might": 1, "Agility": agility, "Wits": 1, "Presence": 1}
    assert derived_values(chars, tables()["creation"]["derived"], 1, True)["defense"] == defense


def test_defense_on_the_sheet_and_in_the_history() -> None:
    c = create_character(REGISTRY, RULESET, 7)
    agility = c.sheet.characteristics["Agility"]
    assert c.sheet.extra["derived"]["defense"] == 8 + agility
    (change,) = [e for e in events(c, "change") if e["what"] == "Defense"]
    assert (change["to"], change["why"]) == (8 + agility, "8 + Agility")
    assert f"  Defense {8 + agility}\n" in REGISTRY.ruleset(RULESET).render(c)


# -- cyberware (section 5.3): its bonus recorded beside its Resolve cost ------------------------------


def test_cyberware_bonus_and_cost_on_the_sheet_and_in_the_history() -> None:
    c = create_character(REGISTRY, RULESET, 6, options={"background": "machine-grafted"})
    assert c.sheet.extra["cyberware"] == [
        {"item": "Integral cyberlimb", "attribute": "Might", "task": "Athletics", "bonus": 1, "resolve_cost": 1}
    ]
    (change,) = [e for e in events(c, "change") if e["what"] == "cyberware"]
    assert change["to"] == "Integral cyberlimb: +1 to Might (Athletics) tasks, -1 maximum Resolve"
    assert change["why"] == "Background: Machine-Grafted"
    render = REGISTRY.ruleset(RULESET).render
    assert "Cyberware: Integral cyberlimb (+1 Might: Athletics; -1 max Resolve)\n" in render(c)
    jack = create_character(
        REGISTRY, RULESET, 6, options={"background": "hive-descended"}, rules={"cyberware_resolve": False}
    )
    assert jack.sheet.extra["cyberware"] == [
        {"item": "Neural interface jack", "attribute": "Wits", "task": "Hacking", "bonus": 1, "resolve_cost": 0}
    ]
    assert "Cyberware: Neural interface jack (+1 Wits: Hacking; no Resolve cost)\n" in render(jack)
    plain = create_character(REGISTRY, RULESET, 6, options={"background": "void-born"})
    assert plain.sheet.extra["cyberware"] == []
    assert "Cyberware" not in render(plain)


def test_cyberware_without_a_table_entry_names_the_file_and_the_fix() -> None:
    from lifepath.plugins.wormwood_drift.builder import Builder

    rs = REGISTRY.ruleset(RULESET)
    ctx = Context(rs, REGISTRY, resolve(REGISTRY.declaration(RULESET)), 1, ScriptedChooser.by_key({}))
    b = Builder(ctx, tables())
    with pytest.raises(LifepathError) as caught:
        b.install_cyberware("Chrome jaw", "a test")
    text = caught.value.paragraph()
    assert "cyberware.json, at /pieces" in text and "'Chrome jaw'" in text
    assert "set the Background's cyberware to false" in text
    assert b.extra["cyberware"] == []


def test_a_sheet_made_under_1_0_0_still_renders() -> None:
    """1.0.0 kept cyberware as item names and had no Defense or Disciplines; `show` of such a stored
    character must not fail."""
    from lifepath import Character

    doc = create_character(REGISTRY, RULESET, 6, options={"background": "machine-grafted"}).to_dict()
    extra = doc["sheet"]["extra"]
    extra["cyberware"] = ["Integral cyberlimb"]
    del extra["disciplines"]
    del extra["derived"]["defense"]
    text = REGISTRY.ruleset(RULESET).render(Character.from_dict(doc))
    assert "Cyberware: Integral cyberlimb\n" in text
    assert "Disciplines: none\n" in text
    assert "Defense" not in text
