"""Paths through Nowhere Yet's procedure that the golden characters do not walk (found by mutation testing).

Each case is a fixed seed with scripted answers, and asserts the outcome the printed rules give.
"""

from __future__ import annotations

import pytest

from lifepath.errors import LifepathError
from lifepath.testing import create_character, make_registry

REGISTRY = make_registry("nowhere_yet")


def test_an_origin_that_is_described_but_not_playable_names_the_playable_ones() -> None:
    with pytest.raises(LifepathError) as err:
        create_character(REGISTRY, "nowhere-yet", 1, options={"species": "esper"})
    assert err.value.paragraph() == (
        "Esper is described but not a playable origin in Nowhere Yet. "
        "Choose one of: Human (male), Human (female), Avian, Insectan, Merfolk, Reptilian."
    )


@pytest.mark.parametrize(
    ("career", "seed", "vessel", "not_vessel"),
    [("scientist", 6, "Research Vessel", "Courier Vessel"), ("scout", 21, "Courier Vessel", "Research Vessel")],
)
def test_a_ship_benefit_gives_the_career_s_own_vessel(career: str, seed: int, vessel: str, not_vessel: str) -> None:
    answers = {"career": [career] * 8, "reenlist": ["yes"] * 8, "benefit-table": ["material"] * 12}
    c = create_character(REGISTRY, "nowhere-yet", seed, answers=answers)
    assert vessel in c.sheet.equipment and not_vessel not in c.sheet.equipment
