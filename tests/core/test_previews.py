"""Previews: exact chances from the dice, a preview on every option of every decision of 200 characters per
ruleset, in words (no ``None``, no ``{``, no id where a name exists, as the terminal renders them), and
previews never change a character."""

from __future__ import annotations

import io
import itertools
import json
import re
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lifepath.cli.prompt import PromptChooser
from lifepath.creation import create
from lifepath.decisions import Decision, PolicyChooser
from lifepath.engine.dice import parse
from lifepath.engine.previews import probability
from lifepath.sheets.history import spoken
from lifepath.testing import make_registry

RULESETS = ["nowhere-yet", "wormwood-drift", "d6-pool", "black-nova"]
#: an option id that is a slug (``human-female``, ``personal_development``), which a person should never read
SLUG = re.compile(r"[a-z0-9]+(?:[-_][a-z0-9]+)+")


@given(
    count=st.integers(1, 3),
    sides=st.sampled_from([3, 4, 6, 8, 10]),
    modifier=st.integers(-3, 3),
    dm=st.integers(-4, 4),
    target=st.integers(-2, 30),
    auto_fail=st.one_of(st.none(), st.integers(1, 6)),
)
def test_a_chance_is_the_share_of_face_combinations_that_reach_the_target(
    count: int, sides: int, modifier: int, dm: int, target: int, auto_fail: int | None
) -> None:
    dice = parse(f"{count}D{sides}{modifier:+d}" if modifier else f"{count}D{sides}")
    faces = list(itertools.product(range(1, sides + 1), repeat=count))
    hits = sum(1 for f in faces if sum(f) + modifier + dm >= target and sum(f) != auto_fail)
    assert probability(dice, target, dm, auto_fail=auto_fail) == Fraction(hits, len(faces))


def test_known_chances() -> None:
    two = parse("2D6")
    assert probability(two, 8) == Fraction(15, 36)
    assert probability(two, 2, auto_fail=2) == Fraction(35, 36)  # Nowhere Yet's natural 2 on survival
    assert probability(two, 13, auto_success=12) == Fraction(1, 36)
    assert probability(parse("D66"), 61) == Fraction(6, 36)


class _Looking:
    """The NPC policy's answers, with previews asked for, keeping every decision as it was shown."""

    previews = True

    def __init__(self, seed: int) -> None:
        self.policy = PolicyChooser(seed)
        self.seen: list[Decision] = []

    def choose(self, decision: Decision) -> str:
        self.seen.append(decision)
        return self.policy.choose(decision)


def _rendered(decision: Decision) -> list[str]:
    """Every line the terminal prints for a decision: its menu (every page, as the prompt draws it), and what
    ``?N`` adds for each option (its preview's lines)."""
    out = io.StringIO()
    prompt = PromptChooser(stdin=io.StringIO(), out=out)
    prompt._menu(decision)
    for page in range(1, (len(decision.options) + 14) // 15):
        prompt._page = page
        prompt._menu(decision)
    lines = out.getvalue().splitlines()
    for option in decision.options:
        preview = option.previewed()
        lines += preview.lines() if preview is not None else []
    return lines


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_option_of_200_characters_has_a_preview_in_words(ruleset: str) -> None:
    registry = make_registry()
    bad: list[str] = []
    for seed in range(200):
        looking = _Looking(seed)
        character = create(registry, ruleset, seed=seed, chooser=looking)
        for decision in looking.seen:
            for option in decision.options:
                if option.previewed() is None or not option.previewed().lines():  # type: ignore[union-attr]
                    bad.append(f"seed {seed}, {decision.key}: option {option.text()!r} has no preview")
            lines = _rendered(decision)
            # an id that is a slug where the option's name is other words (a name that holds it, the book's own
            # "a ship-share", is a name)
            slugs = {o.id for o in decision.options if o.id not in o.text() and SLUG.fullmatch(o.id)}
            for line in lines:
                if "None" in line or "{" in line or any(slug in line for slug in slugs):
                    bad.append(f"seed {seed}, {decision.key}: {line.strip()}")
        for event in character.history:
            line = spoken(event)
            if "None" in line or "{" in line:
                bad.append(f"seed {seed}, event: {line.strip()}")
        if len(bad) > 20:
            break
    assert not bad, "\n".join(bad[:20])


@pytest.mark.parametrize("ruleset", RULESETS)
def test_previews_never_change_a_character(ruleset: str) -> None:
    registry = make_registry()
    for seed in range(10):
        looked = create(registry, ruleset, seed=seed, chooser=_Looking(seed))
        plain = create(registry, ruleset, seed=seed, chooser=PolicyChooser(seed))
        assert json.dumps(looked.to_dict()) == json.dumps(plain.to_dict())
