"""Invariants of every Nowhere Yet character, checked over many seeds with hypothesis."""

from __future__ import annotations

import json
import os
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lifepath import Character
from lifepath.replay import verify
from lifepath.testing import create_character, make_registry

REGISTRY = make_registry("nowhere_yet")
SPECIES = {s.id: s.data for s in REGISTRY.species("nowhere-yet").values()}
SEEDS = st.integers(0, 2**31 - 1)
MUSTER = re.compile(r"^mustering out of .+: (\d+) benefit roll\(s\)$")


def held_terms(c: Character) -> int:
    return sum(1 for e in c.history if e["type"] == "note" and e.get("held"))


def decisions(c: Character, key: str) -> list[str]:
    return [e["answer"] for e in c.history if e["type"] == "decision" and e["key"] == key]


@settings(max_examples=300, deadline=None)
@given(seed=SEEDS, cap=st.integers(1, 7))
def test_term_cap_holds_unless_a_natural_12_held_them(seed: int, cap: int) -> None:
    c = create_character(REGISTRY, "nowhere-yet", seed, rules=[f"max_terms={cap}"])
    assert c.provenance["house_rules"]["max_terms"] == cap
    if c.sheet.total_terms > cap:
        assert held_terms(c) >= c.sheet.total_terms - cap


@settings(max_examples=300, deadline=None)
@given(seed=SEEDS)
def test_every_default_character_obeys_the_rules(seed: int) -> None:
    c = create_character(REGISTRY, "nowhere-yet", seed)
    sheet = c.sheet
    species = SPECIES[sheet.species]
    assert c.provenance["house_rules"]["max_terms"] == 7
    assert sheet.status == "alive"
    assert sheet.total_terms <= 7 or held_terms(c) >= sheet.total_terms - 7
    for code, value in sheet.characteristics.items():
        assert 1 <= value <= species["characteristics"][code]["maximum"], (code, value)
    # one benefit-table decision per benefit roll announced at mustering out, one cash throw per "cash",
    # at most three cash rolls in a life, and "cash" no longer offered once three are taken
    owed = sum(int(m[1]) for e in c.history if e["type"] == "note" and (m := MUSTER.match(e["text"])))
    tables = [e for e in c.history if e["type"] == "decision" and e["key"] == "benefit-table"]
    assert len(tables) == owed
    cash = [e["answer"] for e in tables].count("cash")
    assert cash == sum(1 for e in c.history if e["type"] == "throw" and e["purpose"].startswith("cash benefit:"))
    assert cash <= 3
    for i, e in enumerate(tables):
        taken = [t["answer"] for t in tables[:i]].count("cash")
        assert ("cash" in e["options"]) == (taken < 3), (i, taken, e["options"])
    assert decisions(c, "failed-qualification").count("draft") <= 1
    mishaps = sum(1 for e in c.history if e["type"] == "note" and "mishap" in e)
    prison = sum(1 for e in c.history if e["type"] == "note" and e.get("mishap") == "prison")
    assert sheet.age == species["age_of_maturity"] + 4 * (sheet.total_terms - mishaps) + 2 * mishaps + 4 * prison
    entered = [r.career for r in sheet.careers]
    for i, career in enumerate(entered):
        if career != "drifter" and career in entered[:i]:
            assert sheet.careers[i].extra.get("drafted"), f"re-entered {career} without the draft"
    assert all(v >= 0 for v in sheet.skills.values())
    assert sheet.credits >= 0 and all(d.amount > 0 for d in sheet.debts)
    if sheet.extra.get("crisis_survivor"):
        crisis_at = next(i for i, e in enumerate(c.history) if e["type"] == "crisis" and e["kind"] != "survival")
        later = [
            e
            for e in c.history[crisis_at:]
            if e["type"] == "throw" and e["purpose"].startswith(("qualification", "enlistment"))
        ]
        assert not later, "a crisis survivor threw for qualification"


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS)
def test_export_is_deterministic_and_replays(seed: int) -> None:
    a = create_character(REGISTRY, "nowhere-yet", seed)
    b = create_character(REGISTRY, "nowhere-yet", seed)
    assert a.to_json() == b.to_json()
    assert verify(REGISTRY, json.loads(a.to_json())).identical


#: every 25th seed of the 100,000 the acceptance check names; the whole run is bench/acceptance.py
NO_DEATH_SAMPLE = range(0, 100_000, 25)


@pytest.mark.slow
def test_nobody_dies_in_a_sample_of_the_100000_npcs() -> None:
    """The issue's acceptance check, sampled: no death under the default rules over 4,000 of its 100,000
    seeded NPCs (``LIFEPATH_NO_DEATH_COUNT=N`` checks seeds 0 to N-1 instead; ``python
    bench/acceptance.py`` runs all 100,000, as the suite did before it neared its time budget)."""
    count = os.environ.get("LIFEPATH_NO_DEATH_COUNT")
    seeds = range(int(count)) if count else NO_DEATH_SAMPLE
    statuses = {create_character(REGISTRY, "nowhere-yet", seed).sheet.status for seed in seeds}
    assert statuses == {"alive"}
