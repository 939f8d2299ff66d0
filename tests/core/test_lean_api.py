"""The lean parts of the creation API (issue 16): the history kept as a compact log and made into events when
read, decisions reused through DecisionCache, throws of a parsed Dice, and the policy asked without a call.
Each must give exactly what the plain API gives: the same events, answers and throws."""

from __future__ import annotations

import json
from typing import Any

import pytest

from lifepath.creation import Context, create
from lifepath.decisions import Decision, DecisionCache, Option, PolicyChooser, ScriptedChooser, policy_draw
from lifepath.engine.dice import parse
from lifepath.engine.history_log import EventLog
from lifepath.engine.houserules import resolve
from lifepath.testing import make_registry

REGISTRY = make_registry()
RULESETS = ["nowhere-yet", "wormwood-drift", "d6-pool", "black-nova"]


def made(ruleset: str, seed: int, observer: Any = None) -> Any:
    rules = resolve(REGISTRY.declaration(ruleset))
    return create(REGISTRY, ruleset, seed=seed, rules=rules, chooser=PolicyChooser(seed), observer=observer)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_events_made_when_read_are_those_an_observer_sees_as_they_happen(ruleset: str) -> None:
    for seed in range(25):
        seen: list[dict[str, Any]] = []
        watched = made(ruleset, seed, observer=seen.append)
        quiet = made(ruleset, seed)
        assert watched.history == seen
        assert json.dumps(quiet.to_dict()) == json.dumps(watched.to_dict())


def test_the_history_is_made_once_and_a_plugins_edit_of_an_event_stays() -> None:
    character = made("nowhere-yet", 3)
    first = character.history
    assert character.history is first
    first[0]["edited"] = True
    assert character.to_dict()["history"][0]["edited"] is True


def test_the_log_reads_as_a_list_of_events_while_creation_runs() -> None:
    ctx = Context(REGISTRY.ruleset("nowhere-yet"), REGISTRY, {}, 7, PolicyChooser(7))
    throw = ctx.roll("2D6", "a throw", dms=[("zero", 0), ("plus", 2)], target=9)
    assert ctx.history[-1] == {
        "type": "throw",
        "purpose": "a throw",
        "dice": "2D6",
        "faces": throw.faces,
        "dms": [["plus", 2]],
        "total": throw.total,
        "target": 9,
        "success": throw.success,
    }
    ctx.note("a note", detail=1)
    ctx.history.append({"type": "plugin-event", "x": 1})  # a plugin's own event, kept as given
    ctx.change("age", 18, 22, "a term")
    assert len(ctx.history) == 4
    assert [e["type"] for e in ctx.history] == ["throw", "note", "plugin-event", "change"]
    assert ctx.history[1] == {"type": "note", "text": "a note", "detail": 1}
    assert ctx.history[1:3] == list(ctx.history)[1:3]
    assert isinstance(ctx.history, EventLog) and ctx.history == ctx.history.events()


def test_an_observer_sees_a_plugins_own_event_too() -> None:
    seen: list[dict[str, Any]] = []
    log = EventLog(seen.append)
    log.append({"type": "plugin-event"})
    assert seen == [{"type": "plugin-event"}]


def test_a_parsed_dice_throws_as_its_notation_does() -> None:
    registry_ruleset = REGISTRY.ruleset("nowhere-yet")
    for notation in ("2D6", "1D6", "3D6", "D66", "1D6x2500", "2D6-2", "d10"):
        by_text = Context(registry_ruleset, REGISTRY, {}, 11, PolicyChooser(11))
        by_dice = Context(registry_ruleset, REGISTRY, {}, 11, PolicyChooser(11))
        for _ in range(50):
            a = by_text.roll(notation, "t", dms=[("dm", 1)], target=7, auto_fail=2)
            b = by_dice.roll(parse(notation), "t", dms=(("dm", 1),), target=7, auto_fail=2)
            assert (a.total, a.natural, a.faces, a.success) == (b.total, b.natural, b.faces, b.success)
        assert by_text.history == by_dice.history


def test_a_dms_generator_is_read_once_and_recorded() -> None:
    ctx = Context(REGISTRY.ruleset("nowhere-yet"), REGISTRY, {}, 5, PolicyChooser(5))
    throw = ctx.roll("2D6", "t", dms=((s, v) for s, v in [("a", 1), ("b", -3)]))
    assert throw.total == throw.natural - 2
    assert ctx.history[0]["dms"] == [["a", 1], ["b", -3]]


def test_the_cache_gives_the_same_decision_for_the_same_option_objects_only() -> None:
    cache = DecisionCache()
    yes, no = Option("yes", weight=0.3), Option("no", weight=0.7)
    first = cache.get("k", "Prompt?", (yes, no))
    assert cache.get("k", "Prompt?", (yes, no)) is first
    assert cache.get("k", "Prompt?", (Option("yes", weight=0.3), no)) is not first  # an equal but other option
    assert cache.get("k", "Other?", (yes, no)) is not first
    assert cache.get("k", "Prompt?", (yes, no), default="no").default == "no"
    assert first == Decision("k", "Prompt?", (yes, no))


def test_the_cache_forgets_everything_past_its_limit() -> None:
    cache = DecisionCache(limit=2)
    opts = tuple(Option(str(i)) for i in range(4))
    a = cache.get("k", "a", opts[:1])
    b = cache.get("k", "b", opts[:2])
    assert cache.get("k", "a", opts[:1]) is a and cache.get("k", "b", opts[:2]) is b  # kept up to the limit
    cache.get("k", "c", opts[:3])  # the third clears the first two
    assert cache.get("k", "a", opts[:1]) is not a


def test_a_large_cache_forgets_too() -> None:
    # a limit past the small integers CPython keeps as singletons: the comparison must be of values
    cache = DecisionCache(limit=300)
    opts = (Option("x"),)
    first = cache.get("k", "0", opts)
    for i in range(1, 301):
        cache.get("k", str(i), opts)
    assert cache.get("k", "0", opts) is not first


def test_a_reused_decision_answers_as_a_fresh_one_does() -> None:
    opts = (Option("a", weight=1.0), Option("b", weight=2.5, disabled="taken"), Option("c", weight=0.5))
    reused = Decision("k", "?", opts)
    fresh_policy, reused_policy = PolicyChooser(42), PolicyChooser(42)
    for _ in range(200):
        assert reused_policy.choose(reused) == fresh_policy.choose(Decision("k", "?", opts))


def test_the_policy_drawn_without_a_call_is_the_policy() -> None:
    chooser, stream = PolicyChooser(9), PolicyChooser(9)
    decision = Decision("k", "?", (Option("a", weight=0.0), Option("b", weight=0.0)))  # all 0: uniform
    weighted = Decision("k", "?", (Option("a", weight=1.0), Option("b", weight=3.0)))
    for d in [decision, weighted] * 50:
        assert policy_draw(stream._random.random, d) == chooser.choose(d)


class Contrary(PolicyChooser):
    """A subclass with its own answers: the context must ask it, not draw for it."""

    def choose(self, decision: Decision) -> str:
        return decision.option_ids()[-1]


def test_a_policy_subclass_is_asked_itself() -> None:
    ctx = Context(REGISTRY.ruleset("nowhere-yet"), REGISTRY, {}, 1, Contrary(1))
    assert ctx.choose(Decision("k", "?", (Option("a"), Option("b"), Option("c")))) == "c"


def test_a_replay_of_the_recorded_decisions_gives_the_same_character() -> None:
    for seed in range(10):
        character = made("nowhere-yet", seed)
        rules = resolve(REGISTRY.declaration("nowhere-yet"))
        again = create(
            REGISTRY,
            "nowhere-yet",
            seed=seed,
            rules=rules,
            chooser=ScriptedChooser([tuple(d) for d in character.provenance["decisions"]]),
        )
        assert again.to_json() == character.to_json()
