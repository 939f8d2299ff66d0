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
    assert 5700 < counts["a"] < 6300  # expected 6000


def test_policy_with_all_weights_zero_still_answers() -> None:
    d = Decision("k", "pick", (Option("a", weight=0.0), Option("b", weight=0.0)))
    assert PolicyChooser(1).choose(d) in {"a", "b"}


def test_scripted_sequence_checks_keys() -> None:
    chooser = ScriptedChooser(sequence=[("career", "navy")])
    with pytest.raises(ScriptExhausted, match="was 'career' but creation now asks 'species'"):
        chooser.choose(Decision("species", "origin", (Option("avian"), Option("human-male"))))


def test_scripted_by_key_falls_back_to_policy() -> None:
    chooser = ScriptedChooser.by_key({"a": ["x"]}, fallback=PolicyChooser(1))
    assert chooser.choose(Decision("a", "?", (Option("x"), Option("y")))) == "x"
    assert chooser.choose(Decision("a", "?", (Option("x"), Option("y")))) in {"x", "y"}


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
