"""Tests of lifepath-uplift, written with lifepath's test kit (the pytest plugin ``lifepath.testing``).

Install the plugin first (``pip install -e .``), then run ``pytest``: the fixtures ``lifepath_registry``
and ``lifepath_create`` build a fresh registry from the installed entry points, so these tests see the
plugin exactly as the ``lifepath`` command does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lifepath import Character, Crisis
from lifepath.testing import Registry, assert_tables_valid, create_character, events, find_seed, make_context

RULESET = "nowhere-yet"
APE = {"species": "uplifted-ape", "career": "salvager"}
PATRON_PAYS = {"uplift_patron_pays": True}


def met_a_crisis(character: Character) -> bool:
    """An injury or ageing crisis (a failed survival throw is a mishap, not a treatment bill)."""
    return any(e["kind"] != "survival" for e in events(character, "crisis"))


def treatment_debts(character: Character) -> list[dict[str, Any]]:
    """Medical debt run up for crisis treatment (it may be paid off from cash at the end of creation)."""
    return [e for e in events(character, "change", what="debt (medical)") if "crisis treatment" in e["why"]]


def test_every_table_validates() -> None:
    assert assert_tables_valid("lifepath_uplift") == 2


def test_the_plugin_adds_a_career_a_species_and_a_house_rule(lifepath_registry: Registry) -> None:
    career = lifepath_registry.find("career", RULESET, "Salvager")
    assert lifepath_registry.find("career", RULESET, "wrecker") is career  # an alias
    species = lifepath_registry.find("species", RULESET, "uplifted ape")
    assert career.plugin == species.plugin == "uplift"
    rule = lifepath_registry.declaration(RULESET)["properties"]["uplift_patron_pays"]
    assert rule["type"] == "boolean" and rule["default"] is False


def test_uplifted_apes_roll_notable_strength_and_endurance_and_weak_everything_else(
    lifepath_create: Callable[..., Character],
) -> None:
    character = lifepath_create(RULESET, seed=3, options=APE)
    rolls = [e for e in events(character, "throw") if e["purpose"].startswith("characteristic: ")]
    dice = {e["purpose"].removeprefix("characteristic: "): e["dice"] for e in rolls}
    assert dice == {
        "Strength": "2D6+2", "Dexterity": "2D6-2", "Endurance": "2D6+2",
        "Intelligence": "2D6-2", "Education": "2D6-2", "Social Standing": "2D6-2",
    }
    sheet = character.sheet
    assert sheet.species == "uplifted-ape" and sheet.traits == ["Uplifted"]
    assert sheet.characteristics["Str"] <= 17 and sheet.characteristics["End"] <= 17
    assert all(sheet.characteristics[c] <= 13 for c in ("Dex", "Int", "Edu", "Soc"))
    assert events(character, "decision", key="career", answer="salvager")


def test_the_uplifted_trait_records_the_patron(lifepath_create: Callable[..., Character]) -> None:
    character = lifepath_create(RULESET, seed=5, options={"species": "uplifted-ape"})
    assert character.sheet.extra["client_of"] == "its patron species"
    human = lifepath_create(RULESET, seed=5, options={"species": "human-female"})
    assert "client_of" not in human.sheet.extra


def test_the_patron_pays_only_under_the_house_rule_and_only_for_its_clients(lifepath_registry: Registry) -> None:
    def outcome(species: str, kind: str = "injury", **rules: Any) -> tuple[str, int]:
        ctx = make_context(lifepath_registry, RULESET, rules=rules)
        ctx.sheet.species = species
        answer = ctx.crisis(Crisis(kind, "a test crisis", ["End"]))
        return answer.kind, answer.debt

    assert outcome("uplifted-ape", uplift_patron_pays=True) == ("patron-paid", 0)
    assert outcome("uplifted-ape", "ageing", uplift_patron_pays=True) == ("patron-paid", 0)
    assert outcome("uplifted-ape")[0] == "medical-debt"  # the rule is off by default
    assert outcome("human-male", uplift_patron_pays=True)[0] == "medical-debt"  # not the patron's client
    assert outcome("uplifted-ape", "survival", uplift_patron_pays=True)[0] == "mishap"  # not a treatment bill


def test_a_whole_life_with_a_crisis_leaves_no_treatment_debt(lifepath_registry: Registry) -> None:
    seed = find_seed(lifepath_registry, RULESET, met_a_crisis, options=APE, rules=PATRON_PAYS)
    paid = create_character(lifepath_registry, RULESET, seed, options=APE, rules=PATRON_PAYS)
    first = next(e for e in events(paid, "crisis") if e["kind"] != "survival")
    assert first["outcome"] == "patron-paid"
    assert not treatment_debts(paid)
    assert paid.provenance["house_rules"]["uplift_patron_pays"] is True
    # the same life without the house rule: Nowhere Yet's own answer, medical debt
    billed = create_character(lifepath_registry, RULESET, seed, options=APE)
    assert next(e for e in events(billed, "crisis") if e["kind"] != "survival")["outcome"] == "medical-debt"
    assert treatment_debts(billed)


def test_characters_record_the_plugin_and_its_version(lifepath_create: Callable[..., Character]) -> None:
    character = lifepath_create(RULESET, seed=1, options=APE)
    assert {"name": "uplift", "version": "0.1.0"} in character.provenance["plugins"]
