"""Choosers: the NPC policy's own stream, scripted replay, and legality checks."""

from __future__ import annotations

import dataclasses
import inspect
import json
from collections import Counter
from itertools import accumulate

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lifepath import Decision, LifepathError, Option, PolicyChooser, ScriptedChooser
from lifepath.decisions import options
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


def _pick(*weights: float) -> Decision:
    return Decision("k", "pick", tuple(Option(chr(ord("a") + i), weight=w) for i, w in enumerate(weights)))


def test_cumulative_weights_clamp_negatives_to_zero_and_default_to_one() -> None:
    assert _pick(-0.5, 0.5, 2.0).cumulative_weights() == (0.0, 0.5, 2.5)
    assert Decision("k", "pick", (Option("a", weight=3.0), Option("b"))).cumulative_weights() == (3.0, 4.0)
    assert Decision("k", "pick", ()).cumulative_weights() == ()


def test_options_take_per_id_weights_and_default_to_one() -> None:
    built = options(["a", "b"], {"a": 3.0})
    assert [(o.id, o.label, o.weight) for o in built] == [("a", "a", 3.0), ("b", "b", 1.0)]
    assert [o.text() for o in built] == ["a", "b"]
    assert Option("x").text() == "x" and Option("x", "Ex").text() == "Ex"


def test_legality_of_listed_and_free_text_answers() -> None:
    listed = Decision("k", "pick", (Option("a"), Option("b")))
    assert listed.is_legal("a") and not listed.is_legal("c")
    named = Decision("name", "name?", (Option("Ash"),), free_text=True)
    assert named.is_legal("Zed") and not named.is_legal("   ")


def test_policy_draws_every_positively_weighted_option_and_never_a_zero_one() -> None:
    policy = PolicyChooser(3)
    assert {policy.choose(_pick(1.0, 1.0)) for _ in range(200)} == {"a", "b"}
    assert {policy.choose(_pick(0.5, 0.0)) for _ in range(200)} == {"a"}
    assert {policy.choose(_pick(0.0, 0.0, 0.0)) for _ in range(300)} == {"a", "b", "c"}


def test_policy_refuses_a_decision_without_options() -> None:
    with pytest.raises(LifepathError, match="'k' has no options"):
        PolicyChooser(1).choose(Decision("k", "pick", ()))


def test_scripted_sequence_runs_out_clearly_or_falls_back() -> None:
    d = _pick(1.0, 1.0)
    chooser = ScriptedChooser(sequence=[("k", "b")])
    assert chooser.unused == 1
    assert chooser.choose(d) == "b"
    assert chooser.unused == 0
    with pytest.raises(ScriptExhausted, match=r"ran out at decision 2 \('k'\)"):
        chooser.choose(d)
    backed = ScriptedChooser(sequence=[("k", "b")], fallback=ScriptedChooser(sequence=[("k", "a")]))
    assert [backed.choose(d), backed.choose(d)] == ["b", "a"]


def test_scripted_by_key_without_fallback_names_the_legal_answers() -> None:
    chooser = ScriptedChooser.by_key({"k": "a", "other": ["x", "y"]})
    assert chooser.unused == 3
    assert chooser.choose(_pick(1.0, 1.0)) == "a"
    assert chooser.unused == 2
    with pytest.raises(ScriptExhausted, match=r"no answer left for decision 'k'.*legal answers are: a, b"):
        chooser.choose(_pick(1.0, 1.0))


def test_decisions_are_values_their_caches_do_not_change() -> None:
    """Two decisions with the same fields are equal and hash alike, whether or not one has cached its ids
    and weights; neither can be changed after it is made."""
    a, b = _pick(1.0, 2.0), _pick(1.0, 2.0)
    assert a.option_ids() == ["a", "b"] and a.cumulative_weights() == (1.0, 3.0)
    assert a == b and hash(a) == hash(b)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.key = "other"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.options[0].weight = 5.0  # type: ignore[misc]


def test_unused_counts_down_as_a_sequence_is_used() -> None:
    chooser = ScriptedChooser(sequence=[("k", "a"), ("k", "b"), ("k", "a"), ("k", "b"), ("k", "a")])
    left = []
    for _ in range(5):
        chooser.choose(_pick(1.0, 1.0))
        left.append(chooser.unused)
    assert left == [4, 3, 2, 1, 0]


def test_a_long_recorded_script_runs_out_at_its_end() -> None:
    """Hundreds of recorded decisions (more than CPython's cached small numbers) end exactly at their end."""
    chooser = ScriptedChooser(sequence=[("k", "a")] * 300)
    assert [chooser.choose(_pick(1.0, 1.0)) for _ in range(300)] == ["a"] * 300
    with pytest.raises(ScriptExhausted, match=r"ran out at decision 301 \('k'\)"):
        chooser.choose(_pick(1.0, 1.0))


def test_recorded_keys_read_from_json_match_and_any_other_key_is_refused() -> None:
    career = Decision("career", "?", (Option("navy"), Option("army")))
    key, answer = json.loads('["career", "navy"]')
    assert ScriptedChooser(sequence=[(key, answer)]).choose(career) == "navy"
    with pytest.raises(ScriptExhausted, match="was 'species' but creation now asks 'career'"):
        ScriptedChooser(sequence=[("species", "avian")]).choose(career)


def test_by_key_answers_are_taken_in_order() -> None:
    chooser = ScriptedChooser.by_key({"k": ["a", "b", "b"]})
    assert [chooser.choose(_pick(1.0, 1.0)) for _ in range(3)] == ["a", "b", "b"]


def test_the_policy_reaches_the_last_of_several_options() -> None:
    policy = PolicyChooser(8)
    assert {policy.choose(_pick(1.0, 1.0, 1.0)) for _ in range(300)} == {"a", "b", "c"}


def test_what_makes_a_free_text_answer_unacceptable() -> None:
    from lifepath.decisions import FREE_TEXT_LIMIT, free_text_problem

    assert FREE_TEXT_LIMIT == 60  # a name or a concept; the prompt's help says so
    assert free_text_problem("Ada Okonkwo") == ""
    assert free_text_problem("A" * 60) == ""  # exactly the limit is allowed
    assert free_text_problem("A" * 61) == "the answer is 61 characters long; at most 60 are allowed"
    assert free_text_problem("") == free_text_problem(" \t ") == "the answer is empty"
    assert free_text_problem("Bad\x07Bell").startswith("the answer holds a control character")
    assert free_text_problem("Élodie Ñúñez") == ""  # letters beyond ASCII are printable


def test_a_shorthand_makes_a_typed_answer_legal_only_when_it_finds_no_problem() -> None:
    from lifepath.decisions import Shorthand

    typed = Shorthand("or type a number of coins", lambda text: "" if text.isdigit() else "type a number")
    decision = Decision("coins", "How many coins?", options(["none"]), shorthand=typed)
    assert decision.is_legal("none") and decision.is_legal("12")
    assert not decision.is_legal("a dozen")
    assert not Decision("coins", "How many coins?", options(["none"])).is_legal("12")


@pytest.mark.parametrize("cls", [Option, Decision])
def test_the_hand_written_init_takes_every_field_as_the_generated_one_would(cls: type) -> None:
    # Option and Decision set their slots in an __init__ of their own (lifepath.decisions._slot_setters):
    # it must take each field the dataclass would, in order, with the same default, and set every slot
    fields = dataclasses.fields(cls)
    wanted = [(f.name, f.default) for f in fields if f.init]
    taken = [(p.name, p.default) for p in inspect.signature(cls).parameters.values()]
    assert taken == [(name, inspect.Parameter.empty if d is dataclasses.MISSING else d) for name, d in wanted]
    made = cls(*[f"{f.name}!" for f in fields if f.init])
    for f in fields:
        assert getattr(made, f.name) == (f"{f.name}!" if f.init else f.default), f.name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(made, fields[0].name, "changed")
    assert dataclasses.replace(made, **{fields[1].name: "again"}) == cls(
        *[("again" if f is fields[1] else f"{f.name}!") for f in fields if f.init]
    )


@given(
    st.lists(
        st.tuples(st.floats(min_value=-5, max_value=50, allow_nan=False), st.booleans()),
        min_size=1,
        max_size=30,
    )
)
def test_the_single_pass_gives_the_enabled_options_and_their_running_totals(made: list[tuple[float, bool]]) -> None:
    # Decision.enabled() works out the NPC policy's running totals in the same pass; they must be what a
    # plain filter and itertools.accumulate over the clamped weights give, float for float
    opts = tuple(Option(f"o{i}", weight=w, disabled="no" if off else None) for i, (w, off) in enumerate(made))
    wanted = tuple(o for o in opts if o.disabled is None)
    totals = tuple(accumulate((max(o.weight, 0.0) for o in wanted), initial=0.0))[1:]
    one, two = Decision("k", "p", opts), Decision("k", "p", opts)
    assert one.enabled() == wanted and one.cumulative_weights() == totals
    assert two.cumulative_weights() == totals and two.enabled() == wanted  # either asked first
    assert [repr(x) for x in one.cumulative_weights()] == [repr(x) for x in totals]


@given(
    st.lists(
        st.tuples(st.floats(min_value=-5, max_value=50, allow_nan=False), st.booleans()),
        min_size=1,
        max_size=12,
    ),
    st.text(max_size=20),
    st.text(max_size=20),
    st.booleans(),
)
def test_a_reworded_decision_is_the_decision_made_afresh_with_the_new_words(
    made: list[tuple[float, bool]], prompt: str, context: str, free_text: bool
) -> None:
    # Decision.reworded keeps the options' work (enabled options, ids, running totals) and changes only the
    # words: it must be what a fresh Decision with the same fields is, and leave the kept one as it was
    from lifepath.decisions import Shorthand

    opts = tuple(Option(f"o{i}", weight=w, disabled="no" if off else None) for i, (w, off) in enumerate(made))
    typed = Shorthand("or type a number", lambda text: "" if text.isdigit() else "type a number")
    kept = Decision("k", "Kept prompt", opts, free_text, "kept context", "o0")
    again = kept.reworded(prompt, context, typed)
    fresh = Decision("k", prompt, opts, free_text, context, "o0", typed)
    assert again == fresh and hash(again) == hash(fresh) and repr(again) == repr(fresh)
    assert again.shorthand is typed and again.free_text is free_text and again.default == "o0"
    assert again.enabled() == fresh.enabled() and again.option_ids() == fresh.option_ids()
    assert [repr(x) for x in again.cumulative_weights()] == [repr(x) for x in fresh.cumulative_weights()]
    assert again.json_head() == fresh.json_head()  # the new prompt, not the kept one's
    assert (kept.prompt, kept.context, kept.shorthand) == ("Kept prompt", "kept context", None)
    if again.enabled():  # the work is shared, not done again
        assert again.cumulative_weights() is kept.cumulative_weights()
        ids = kept.option_ids()
        assert kept.reworded(prompt).option_ids() is ids
    assert kept.reworded(kept.prompt, kept.context) == kept
