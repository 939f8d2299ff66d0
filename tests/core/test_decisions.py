"""Choosers: the NPC policy's own stream, scripted replay, and legality checks."""

from __future__ import annotations

from collections import Counter

import pytest

from lifepath import Decision, LifepathError, Option, PolicyChooser, ScriptedChooser
from lifepath.errors import ScriptExhausted
from lifepath.testing import create_character, make_registry

REGISTRY = make_registry("nowhere_yet")


def test_policy_follows_weights() -> None:
    d = Decision("k", "pick", (Option("a", weight=3.0), Option("b", weight=1.0), Option("never", weight=0.0)))
    policy = PolicyChooser(5)
    counts = Counter(policy.choose(d) for _ in range(8000))
    assert counts["never"] == 0
    # expected 6000 of 8000 (p = 3/4), sd = sqrt(8000 * 3/4 * 1/4) = 38.7; +/-4 sd = +/-155 (a band a
    # correct policy leaves about once in 15,000 seeds; this seed is fixed). Weights 2:1 (5,333) or 4:1
    # (6,400) fall far outside.
    assert abs(counts["a"] - 6000) <= 155, counts


def test_policy_with_all_weights_zero_picks_uniformly() -> None:
    """With no weight anywhere every option is equally likely: each count of 6,000 draws over three options
    is 2,000 +/- 4 standard deviations (sd = sqrt(6000 * 1/3 * 2/3) = 36.5, so +/-146: a band a fair draw
    leaves about once in 15,000 runs; the seed is fixed)."""
    d = Decision("k", "pick", (Option("a", weight=0.0), Option("b", weight=0.0), Option("c", weight=0.0)))
    policy = PolicyChooser(1)
    counts = Counter(policy.choose(d) for _ in range(6000))
    assert set(counts) == {"a", "b", "c"}
    assert all(abs(n - 2000) <= 146 for n in counts.values()), counts


def test_scripted_sequence_checks_keys() -> None:
    chooser = ScriptedChooser(sequence=[("career", "navy")])
    with pytest.raises(ScriptExhausted, match="was 'career' but creation now asks 'species'"):
        chooser.choose(Decision("species", "origin", (Option("avian"), Option("human-male"))))


def test_scripted_by_key_falls_back_to_policy() -> None:
    """The script's answer first (against the policy's weights), then the policy once the script is used up.
    The policy gives "x" no weight, so only the script can answer "x" and only the policy "y"."""
    decision = Decision("a", "?", (Option("x", weight=0.0), Option("y", weight=1.0)))
    chooser = ScriptedChooser.by_key({"a": ["x"]}, fallback=PolicyChooser(1))
    assert chooser.choose(decision) == "x"
    assert chooser.choose(decision) == "y"
    assert chooser.choose(Decision("other", "?", (Option("p", weight=0.0), Option("q", weight=1.0)))) == "q"
    without = ScriptedChooser.by_key({"a": ["x"]})
    assert without.choose(decision) == "x"
    with pytest.raises(ScriptExhausted, match="no answer left for decision 'a'"):
        without.choose(decision)


def test_policy_randomness_never_touches_the_dice() -> None:
    """Replaying a policy's recorded answers through a script reproduces every throw."""
    c = create_character(REGISTRY, "nowhere-yet", 42)
    from lifepath.creation import create

    replay = create(
        REGISTRY,
        "nowhere-yet",
        seed=42,
        rules=c.provenance["house_rules"],
        chooser=ScriptedChooser(sequence=[(k, a) for k, a in c.provenance["decisions"]]),
    )
    throws = [e for e in c.history if e["type"] == "throw"]
    assert throws == [e for e in replay.history if e["type"] == "throw"]
    assert replay.to_json() == c.to_json()


def test_scripted_answers_steer_creation() -> None:
    c = create_character(REGISTRY, "nowhere-yet", 9, answers={"species": "reptilian", "career": ["scout"]})
    assert c.sheet.species == "reptilian"
    assert any(e["type"] == "decision" and e["key"] == "career" and e["answer"] == "scout" for e in c.history)


def test_an_illegal_answer_is_refused_with_the_legal_ones() -> None:
    with pytest.raises(LifepathError, match=r"(?i)legal answers"):
        create_character(REGISTRY, "nowhere-yet", 9, answers={"species": "dragon"})
