"""The D6 pool's sheet so far (``s`` at a prompt, the recap on resume) speaks in die codes: attributes, skill and
specialisation ranks with the code each rolls, the species' and the bought traits, and the points left."""

from __future__ import annotations

import pytest

from lifepath.creation import Context, create
from lifepath.decisions import Decision
from lifepath.testing import make_registry


class _Stop(Exception):
    pass


class _Script:
    """Answers from a list, then stops creation at the next decision."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = list(answers)

    def choose(self, decision: Decision) -> str:
        if not self.answers:
            raise _Stop
        return self.answers.pop(0)


def so_far(answers: list[str]) -> list[str]:
    registry = make_registry()
    contexts: list[Context] = []
    with pytest.raises(_Stop):
        create(registry, "d6-pool", seed=3, chooser=_Script(answers), on_context=contexts.append)
    return registry.ruleset("d6-pool").sheet_so_far(contexts[0])


def test_before_anything_is_bought_the_recap_says_so() -> None:
    assert so_far([]) == [
        "(not named yet)",
        "Attributes: not bought yet",
        "Points: 80 left of 80 (0 spent)",
        "Skills: none yet",
    ]


def test_the_recap_gives_die_codes_for_attributes_skills_and_specialisations() -> None:
    answers = ["Scout", "Ada", "quillkin", "Rogue", "Enemy (2)", "done"]
    answers += ["attribute", "Agility", "skill", "Acrobatics", "specialisation", "Acrobatics: Tumbling"]
    lines = so_far(answers)
    assert lines[0] == "Ada"
    assert lines[1] == "Attributes: Agility 2D  Stamina 1D  Strength 1D  Intellect 1D  Perception 1D  Presence 1D"
    assert "Concept: Scout" in lines and "Species and class: Quillkin, Rogue" in lines
    # Agility 2D + one rank (1D) rolls 3D; a specialisation rank adds 1D more, for that use only
    assert "Skills: Acrobatics +1 (3D)" in lines
    assert "Specialisations: Acrobatics: Tumbling +1 (4D)" in lines
    (traits,) = [line for line in lines if line.startswith("Traits: ")]
    assert "Lamplight Eyes (Quillkin Special Ability, 1 rank)" in traits and "Enemy (Disadvantage, 2)" in traits
