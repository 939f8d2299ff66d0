"""A character's compact JSON (what the store keeps and a replay compares) made straight from the creation's
log must be, byte for byte, what the JSON encoder makes of the export's events: for every ruleset, for
forced and free decisions, and for a history partly made into events (and edited) before it is encoded."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lifepath.creation import create
from lifepath.decisions import Decision, Option, PolicyChooser
from lifepath.engine.history_log import EventLog
from lifepath.engine.houserules import resolve
from lifepath.testing import make_registry

REGISTRY = make_registry()
RULESETS = ["nowhere-yet", "wormwood-drift", "d6-pool", "black-nova"]


def encoded(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def made(ruleset: str, seed: int) -> Any:
    rules = resolve(REGISTRY.declaration(ruleset))
    return create(REGISTRY, ruleset, seed=seed, rules=rules, chooser=PolicyChooser(seed))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_log_encodes_to_the_text_of_its_events(ruleset: str) -> None:
    forced = 0
    for seed in range(40):
        fast = made(ruleset, seed).compact_json()
        slow = made(ruleset, seed)
        assert fast == encoded(slow.to_dict()), (ruleset, seed)
        forced += fast.count('"forced":true')
    if ruleset == "nowhere-yet":
        assert forced  # the forced decisions' ending is exercised too


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), cut=st.integers(0, 200), edit=st.booleans())
def test_a_history_partly_made_and_edited_before_it_is_encoded(seed: int, cut: int, edit: bool) -> None:
    character = made("nowhere-yet", seed)
    log = character._history
    assert isinstance(log, EventLog)
    if cut < len(log):
        event = log[cut]  # makes the events up to cut, as a plugin reading ctx.history[-1] does
        if edit:
            event["plugin_note"] = "añadido"
    text = character.compact_json()
    assert text == encoded(character.to_dict())


def test_a_decision_with_text_that_needs_escaping_and_a_forced_one() -> None:
    log = EventLog()
    odd = Decision("name", 'Say "hi"\n\u00e9\u2028', (Option("a\\b"), Option("\u0007")))
    log.record((1, odd, "\u0007"))
    log.record((2, Decision("only", "one", (Option("x"),)), "x"))
    log.append({"type": "plugin", "n": 1.5})
    text = log.compact_json()
    assert text == encoded(list(log))
    assert json.loads(text)[1] == {
        "type": "decision",
        "key": "only",
        "prompt": "one",
        "options": ["x"],
        "answer": "x",
        "forced": True,
    }


_ODD = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)


@settings(max_examples=200, deadline=None)
@given(
    before=_ODD,
    after=_ODD,
    text=st.text(),
    details=st.dictionaries(st.text(max_size=5), _ODD, max_size=2),
    total=st.integers() | st.floats(allow_nan=False) | st.booleans(),
    faces=st.lists(st.integers(1, 20), max_size=3),
    dms=st.lists(st.tuples(st.text(max_size=6), st.integers(-3, 3) | st.booleans() | st.floats(-2, 2)), max_size=3),
    target=st.none() | st.integers(),
    rule=st.none() | st.text(max_size=8),
)
def test_throws_changes_and_notes_written_straight_are_what_the_encoder_writes(
    before: Any,
    after: Any,
    text: str,
    details: dict[str, Any],
    total: Any,
    faces: list[int],
    dms: list[tuple[str, Any]],
    target: int | None,
    rule: str | None,
) -> None:
    """The log writes a throw, change or note of plain values itself (not through the JSON encoder): for any
    values, plain or not (a float DM, a bool total, a list changed, a note's details), the text is the
    encoder's."""
    from lifepath.engine.dice import parse

    log = EventLog()
    success = None if target is None else bool(total >= target)
    log.record((0, text, parse("2D6"), faces, tuple(dms), total, target, rule, success))
    log.record((3, text, before, after, text[::-1]))
    log.record((4, text, details))
    log.record((4, text, {}))
    assert log.compact_json() == encoded(list(log))
