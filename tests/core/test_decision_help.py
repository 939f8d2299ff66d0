"""Every decision a ruleset's creation can ask has help text in the ruleset's ``data/help.json``, and the
help a person sees (``?`` at the prompt) names a throw-bearing option's throw."""

from __future__ import annotations

from typing import Any

import pytest

from lifepath.decisions import Decision, Option
from lifepath.engine.help import decision_texts, explain
from lifepath.testing import create_character, make_registry

RULESETS = ["nowhere-yet", "wormwood-drift", "d6-pool", "black-nova"]
SEEDS = range(60)
#: a D6 build costs six Nowhere Yet lives and asks nearly every key of its ruleset: 12 seeds find the same
#: keys as 60 (and STATIC_KEYS names the rest)
D6_SEEDS = range(12)

#: decisions some seed range may miss: rare branches, named here so a missing text still fails
STATIC_KEYS = {
    "nowhere-yet": {
        "assign-characteristic",
        "title-form",
        "injury-secondary",
        "mishap-injury",
        "weapon-repeat",
        "medical-care",
    },
    "wormwood-drift": {"replacement-skill", "discipline", "scar", "title", "rival"},
    "d6-pool": {"extranormal", "special_ability", "advantage", "disadvantage"},
    "black-nova": set(),
}


def rule_variants(declaration: dict[str, Any]) -> list[dict[str, Any]]:
    """The defaults, then one variant per other value of each enum or boolean rule."""
    variants: list[dict[str, Any]] = [{}]
    for name, spec in declaration.get("properties", {}).items():
        values = list(spec.get("enum", [])) or ([True, False] if spec.get("type") == "boolean" else [])
        variants += [{name: v} for v in values if v != spec.get("default")]
    return variants


def asked_keys(ruleset: str) -> set[str]:
    registry = make_registry()
    keys: set[str] = set()
    for rules in rule_variants(registry.declaration(ruleset)):
        for seed in D6_SEEDS if ruleset == "d6-pool" else SEEDS:
            character = create_character(registry, ruleset, seed=seed, rules=rules)
            keys.update(e["key"] for e in character.history if e["type"] == "decision")
    return keys


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_decision_key_has_help(ruleset: str) -> None:
    registry = make_registry()
    texts = decision_texts(registry.ruleset(ruleset))
    keys = asked_keys(ruleset) | STATIC_KEYS[ruleset]
    assert len(keys) >= 3
    missing = sorted(keys - set(texts))
    assert not missing, f"{ruleset}: no help text in data/help.json for decision key(s) {missing}"


def test_help_names_the_throw_of_a_throw_bearing_option() -> None:
    registry = make_registry()
    ruleset = registry.ruleset("nowhere-yet")
    decision = Decision(
        "career",
        "Choose a career",
        (Option("agent", "Agent", 1.0, "qualification Int 6+"), Option("drifter", "Drifter")),
        default="",
    )
    text = explain(ruleset, decision)
    assert text.startswith(decision_texts(ruleset)["career"])
    assert "1. Agent: qualification Int 6+" in text and "2. Drifter" not in text


def test_help_says_what_enter_takes() -> None:
    ruleset = make_registry().ruleset("black-nova")
    decision = Decision("name", "Name?", (Option("a"), Option("b")), free_text=True, default="b")
    assert explain(ruleset, decision).endswith("Enter alone takes b.")
