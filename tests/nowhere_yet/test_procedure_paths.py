"""Paths through Nowhere Yet's procedure that the golden characters do not walk (found by mutation testing).

Each case is a fixed seed with scripted answers, and asserts the outcome the printed rules give.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

from lifepath.errors import LifepathError
from lifepath.replay import verify
from lifepath.testing import create_character, make_registry

REGISTRY = make_registry("nowhere_yet")


def test_an_origin_that_is_described_but_not_playable_names_the_playable_ones() -> None:
    with pytest.raises(LifepathError) as err:
        create_character(REGISTRY, "nowhere-yet", 1, options={"species": "esper"})
    assert err.value.paragraph() == (
        "Esper is described but not a playable origin in Nowhere Yet. "
        "Choose one of: Human (male), Human (female), Avian, Insectan, Merfolk, Reptilian."
    )


@pytest.mark.parametrize(
    ("career", "seed", "vessel", "not_vessel"),
    [("scientist", 6, "Research Vessel", "Courier Vessel"), ("scout", 21, "Courier Vessel", "Research Vessel")],
)
def test_a_ship_benefit_gives_the_career_s_own_vessel(career: str, seed: int, vessel: str, not_vessel: str) -> None:
    answers = {"career": [career] * 8, "reenlist": ["yes"] * 8, "benefit-table": ["material"] * 12}
    c = create_character(REGISTRY, "nowhere-yet", seed, answers=answers)
    assert vessel in c.sheet.equipment and not_vessel not in c.sheet.equipment


def _table(name: str) -> Any:
    return json.loads(resources.files("lifepath.plugins.nowhere_yet").joinpath("data", name).read_text("utf-8"))


def test_retirement_pay_grows_by_the_per_term_amount_beyond_the_last_row() -> None:
    c = create_character(REGISTRY, "nowhere-yet", 1, answers={"reenlist": ["yes"] * 14}, rules=["max_terms=none"])
    retirement = _table("retirement.json")
    beyond = retirement["per_term_beyond"]
    last = max(retirement["pay"], key=lambda row: row["terms"])
    assert last["terms"] == beyond["after_terms"]
    (pension,) = [e for e in c.history if e["type"] == "change" and e["what"] == "pension"]
    assert pension["why"] == "11 terms in Drifter"
    assert pension["to"] == last["credits"] + (11 - beyond["after_terms"]) * beyond["credits"]


def test_the_material_benefit_dm_starts_at_its_minimum_rank() -> None:
    answers = {"benefit-table": ["material"] * 20, "reenlist": ["yes"] * 8}
    c = create_character(REGISTRY, "nowhere-yet", 14, answers=answers)
    material_dm = _table("procedure.json")["material_dm"]
    assert [r.rank for r in c.sheet.careers] == [material_dm["min_rank"]]
    throws = [e for e in c.history if e["type"] == "throw" and e["purpose"].startswith("material benefit")]
    assert throws and all(t["dms"] == [[f"rank {material_dm['min_rank']}", material_dm["dm"]]] for t in throws)


def test_a_repeated_weapon_benefit_can_be_another_weapon_instead_of_skill() -> None:
    answers = {"benefit-table": ["material"] * 20, "weapon-repeat": ["weapon"] * 4}
    c = create_character(REGISTRY, "nowhere-yet", 4, answers=answers)
    assert c.sheet.equipment.count("Weapon (blade)") == 2
    assert not [e for e in c.history if e["type"] == "change" and e.get("why") == "repeated weapon benefit"]


def test_a_cash_roll_on_an_empty_cell_pays_nothing() -> None:
    answers = {"career": ["drifter"] * 8, "benefit-table": ["cash"] * 20}
    c = create_character(REGISTRY, "nowhere-yet", 35, answers=answers)
    assert _table("careers/drifter.json")["cash_benefits"][0] == 0
    empty = [e for e in c.history if e["type"] == "change" and e.get("why") == "cash benefit 1"]
    assert empty and all(e["from"] == e["to"] for e in empty)


def test_ship_shares_add_up_over_several_benefits() -> None:
    answers = {"career": ["merchant"] * 8, "benefit-table": ["material"] * 20, "reenlist": ["yes"] * 8}
    c = create_character(REGISTRY, "nowhere-yet", 22, answers=answers)
    thrown = [e["total"] for e in c.history if e["type"] == "throw" and e["purpose"] == "ship shares"]
    changes = [e for e in c.history if e["type"] == "change" and e["what"] == "ship shares"]
    assert len(thrown) >= 3
    assert [e["to"] - e["from"] for e in changes] == thrown
    assert [e["from"] for e in changes] == [0, *(e["to"] for e in changes[:-1])]
    assert c.sheet.extra["ship_shares"] == sum(thrown)


def test_an_unknown_homeworld_names_the_sample_worlds() -> None:
    with pytest.raises(LifepathError) as err:
        create_character(REGISTRY, "nowhere-yet", 1, options={"homeworld": "Nowhere"})
    worlds = [w["name"] for w in _table("homeworlds.json")["worlds"]]
    assert err.value.paragraph() == (
        "'Nowhere' is not one of the sample homeworlds. "
        f"Give its profile with --uwp, or choose one of: {', '.join(worlds)}."
    )


@pytest.mark.parametrize(
    ("seed", "rules", "shows"),
    [
        (2, [], lambda c: any(e.get("answer") == "draft" for e in c.history)),
        (0, ["survival_failure=death"], lambda c: c.sheet.status == "dead"),
    ],
)
def test_an_export_read_back_from_json_replays_identically(seed: int, rules: list[str], shows: Any) -> None:
    """A replay takes its answers and rules from JSON text, not from the procedure's own string constants."""
    c = create_character(REGISTRY, "nowhere-yet", seed, rules=rules)
    assert shows(c)
    assert verify(REGISTRY, json.loads(c.to_json())).identical


def test_an_npc_short_of_its_target_terms_tries_another_career() -> None:
    c = create_character(REGISTRY, "nowhere-yet", 0, options={"terms": 3})
    asked = [e for e in c.history if e["type"] == "decision" and e["key"] == "another-career"]
    assert asked and asked[0]["answer"] == "yes"


def test_the_explorers_society_is_joined_once() -> None:
    answers = {"career": ["scout"] * 8, "benefit-table": ["material"] * 20, "reenlist": ["yes"] * 8}
    c = create_character(REGISTRY, "nowhere-yet", 91, answers=answers)
    assert c.sheet.equipment.count("Explorers' Society") == 1
    again = [e for e in c.history if e["type"] == "note" and "Explorers' Society membership again" in e["text"]]
    assert len(again) >= 1


def test_a_roll_equal_to_the_racial_maximum_is_kept_without_a_note() -> None:
    c = create_character(REGISTRY, "nowhere-yet", 68, options={"species": "avian"})
    maximum = REGISTRY.species("nowhere-yet")["avian"].data["characteristics"]["Dex"]["maximum"]
    (dex,) = [e for e in c.history if e["type"] == "throw" and e["purpose"] == "characteristic: Dexterity"]
    assert dex["total"] == maximum
    assert not [e for e in c.history if e["type"] == "note" and "racial maximum" in e["text"]]
