"""Disabled options: listed (so every option keeps its number) but never an answer, for the NPC policy, a
replay script or a person; and the policy's draws are exactly those of the enabled options alone, so
characters made before options could be disabled come out byte for byte the same."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lifepath import Context, Decision, LifepathError, Option, PolicyChooser, ScriptedChooser
from lifepath.cli.prompt import PAGE, PromptChooser

weights = st.one_of(st.just(0.0), st.floats(min_value=-2.0, max_value=50.0, allow_nan=False))
option_specs = st.lists(st.tuples(weights, st.booleans()), min_size=1, max_size=20).filter(
    lambda specs: any(not off for _w, off in specs)
)


def build(specs: list[tuple[float, bool]]) -> tuple[Decision, Decision]:
    """The decision with some options disabled, and the same decision without them."""
    opts = tuple(Option(f"o{i}", weight=w, disabled="full" if off else None) for i, (w, off) in enumerate(specs))
    return Decision("k", "pick", opts), Decision("k", "pick", tuple(o for o in opts if o.disabled is None))


@settings(max_examples=200, deadline=None)
@given(option_specs, st.integers(0, 10**6))
def test_the_policy_never_picks_a_disabled_option_and_draws_as_without_it(specs, seed) -> None:
    with_disabled, without = build(specs)
    a, b = PolicyChooser(seed), PolicyChooser(seed)
    picks = [a.choose(with_disabled) for _ in range(20)]
    assert picks == [b.choose(without) for _ in range(20)]
    disabled = {o.id for o in with_disabled.options if o.disabled is not None}
    assert not disabled & set(picks)
    assert with_disabled.cumulative_weights() == without.cumulative_weights()
    assert with_disabled.option_ids() == without.option_ids()


def test_a_disabled_option_is_not_a_legal_answer() -> None:
    d = Decision("k", "pick", (Option("full", disabled="at its maximum"), Option("free")))
    assert not d.is_legal("full") and d.is_legal("free")


def test_a_replay_script_cannot_choose_a_disabled_option() -> None:
    from lifepath.testing import make_registry

    registry = make_registry("black_nova")
    # three points into Strength reach its maximum; a fourth, from the script, is refused
    script = ScriptedChooser.by_key({"name": "Ann", "attribute-point": ["Strength"] * 4})
    with pytest.raises(LifepathError, match="not a legal answer"):
        from lifepath import create

        create(registry, "black-nova", seed=1, chooser=script)


def test_a_single_enabled_option_is_taken_without_asking() -> None:
    class Never:
        def choose(self, decision: Decision) -> str:
            raise AssertionError("asked")

    from lifepath.testing import make_registry

    registry = make_registry("black_nova")
    ctx = Context(registry.ruleset("black-nova"), registry, {}, 1, Never())
    assert ctx.choose(Decision("k", "pick", (Option("a", disabled="no"), Option("b")))) == "b"


def ask(decision: Decision, typed: str) -> tuple[str, str]:
    out = io.StringIO()
    return PromptChooser(io.StringIO(typed), out).choose(decision), out.getvalue()


def test_the_prompt_shows_a_disabled_option_in_its_place_and_says_why_it_cannot_be_taken() -> None:
    d = Decision(
        "attribute-point",
        "Raise one",
        (Option("Strength", "Strength 3", disabled="at the maximum"), Option("Dexterity", "Dexterity 0 -> 1")),
        context="3 points left",
    )
    answer, shown = ask(d, "1\nStrength\n2\n")
    assert answer == "Dexterity"
    assert "   1. Strength 3 (cannot be taken: at the maximum)\n   2. Dexterity 0 -> 1\n" in shown
    assert shown.count("1. Strength 3 cannot be taken: at the maximum") == 2
    # the status is the last thing before the keys and the prompt
    assert "   2. Dexterity 0 -> 1\n  3 points left\n  [1-2, ? help, ?N option N]\n> " in shown


def test_an_answers_file_naming_a_disabled_option_is_an_error() -> None:
    d = Decision("k", "pick", (Option("a", disabled="used up"), Option("b")))
    prompt = PromptChooser(
        io.StringIO(""), io.StringIO(), answers=iter(["1"]), answers_name="answers.txt", interactive=False
    )
    with pytest.raises(LifepathError, match="cannot be taken: used up"):
        prompt.choose(d)


LONG = Decision(
    "specialisation",
    "Pick one",
    tuple(Option(f"skill-{i:02d}", f"Skill {i:02d}") for i in range(1, 41))
    + (Option("comms", "Communications"), Option("comp", "Computers", disabled="at its cap")),
)


def test_a_long_menu_pages_and_keeps_the_numbers() -> None:
    answer, shown = ask(LONG, "n\n17\n")
    assert answer == "skill-17"
    first, _, rest = shown.partition("> ")
    assert f"  {PAGE:>2}. Skill {PAGE:02d}" in first and f"  {PAGE + 1}. " not in first
    assert "n/p page, /text filter" in first
    assert "options 1-15, page 1 of 3" in first
    assert "  16. Skill 16" in rest and "options 16-30, page 2 of 3" in rest and "  15. " not in rest


def test_typing_slash_and_letters_filters_the_menu() -> None:
    answer, shown = ask(LONG, "/comm\n41\n")
    assert answer == "comms"
    filtered = shown.split("> ")[1]
    assert "  41. Communications" in filtered and "Skill 01" not in filtered
    assert "options containing 'comm' 41-41, page 1 of 1" in filtered


def test_options_wrap_at_the_terminal_width_without_breaking_words(monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    words = "a long description of what this option does to the character sheet"
    d = Decision("k", "pick " + words, (Option("a", "first option", detail=words), Option("b")), context=words)
    _answer, shown = ask(d, "2\n")
    lines = shown.splitlines()
    assert all(len(line) <= 40 for line in lines), lines
    assert "character" in shown and all(w in shown.split() or w + ")" in shown.split() for w in words.split())
    # hanging indent: continuation lines start under the option's text
    at = next(i for i, line in enumerate(lines) if line.startswith("   1. "))
    assert lines[at + 1].startswith("      ") and not lines[at + 1].startswith("       ")


def test_help_numbers_options_as_the_menu_does_and_marks_disabled_ones() -> None:
    from lifepath.engine.help import explain
    from lifepath.testing import make_registry

    ruleset = make_registry("black_nova").ruleset("black-nova")
    d = Decision(
        "attribute-point",
        "Raise one",
        (
            Option("Strength", "Strength 3", detail="adds to Melee", disabled="at the maximum"),
            Option("Dexterity", "Dexterity 0 -> 1", detail="adds to Gunnery"),
        ),
    )
    text = explain(ruleset, d)
    assert "   1. Strength 3: adds to Melee (cannot be taken now: at the maximum)" in text
    assert "   2. Dexterity 0 -> 1: adds to Gunnery\n" in text + "\n"


def test_enter_does_not_take_a_default_that_is_disabled() -> None:
    d = Decision("k", "pick", (Option("a", disabled="used up"), Option("b")), default="a")
    answer, shown = ask(d, "\n2\n")
    assert answer == "b" and "Enter =" not in shown and "please answer with a number from 1 to 2" in shown
