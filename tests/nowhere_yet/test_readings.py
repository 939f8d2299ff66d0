"""Readings of Nowhere Yet (docs/rulesets/nowhere-yet.md) that the auditor of issue 15 found broken.

Each test names the reading it holds. They run hundreds of seeded characters, so a rule that only
some lives reach (a death on stopping anagathics, a mishap after 34) is met many times over.
"""

from __future__ import annotations

from typing import Any

import pytest

from lifepath import Character
from lifepath.testing import create_character, make_registry

REGISTRY = make_registry("nowhere_yet")
SPECIES = {s.id: s.data for s in REGISTRY.species("nowhere-yet").values()}

# The finishing touches (name, goal, appearance, the form of a noble title) are the end of creation:
# they are asked of every character, the dead included, and throw no die and change nothing.
FINISHING = ("given-name", "family-name", "goal", "title-form")


def is_finishing(event: dict[str, Any]) -> bool:
    key = str(event.get("key", ""))
    return event["type"] == "decision" and (key in FINISHING or key.startswith("appearance-"))


def deaths(c: Character) -> list[int]:
    return [i for i, e in enumerate(c.history) if e["type"] == "note" and e["text"].startswith("the character dies")]


def assert_death_ends_creation(c: Character) -> None:
    fatal = [e for e in c.history if e["type"] == "crisis" and e["outcome"] == "death"]
    died = deaths(c)
    assert len(died) == len(fatal) <= 1, "a character died more than once"
    assert (c.sheet.status == "dead") == bool(died)
    if died:
        stray = [e for e in c.history[died[0] + 1 :] if not is_finishing(e)]
        assert not stray, f"after the death: {stray[0]}"


# ------------------------------------------------------------------ every death ends creation


def test_death_on_stopping_anagathics_ends_creation() -> None:
    """The auditor's case: under crisis=printed the ageing throw for stopping anagathics kills, and
    the character used to serve on, gain skills and die again."""
    c = create_character(REGISTRY, "nowhere-yet", 3626755799641647575, rules=["crisis=printed", "max_terms=none"])
    fatal = next(e for e in c.history if e["type"] == "crisis" and e["outcome"] == "death")
    assert fatal["cause"] == "ageing (stopping anagathics)"
    assert_death_ends_creation(c)


PRINTED = {
    "printed crisis": ["crisis=printed", "max_terms=none"],
    "printed survival and crisis": ["crisis=printed", "survival_failure=death", "max_terms=none"],
}


@pytest.mark.parametrize("rules", list(PRINTED.values()), ids=list(PRINTED))
def test_nothing_follows_a_death_but_the_end_of_creation(rules: list[str]) -> None:
    causes: set[str] = set()
    for seed in range(3000):
        c = create_character(REGISTRY, "nowhere-yet", seed, rules=rules)
        assert_death_ends_creation(c)
        causes |= {e["kind"] for e in c.history if e["type"] == "crisis" and e["outcome"] == "death"}
    # the seeds meet every kind of death these rules allow (withdrawal has its own test above); injuries
    # come only from mishaps, which a fatal survival throw leaves no room for
    assert causes == ({"survival", "ageing"} if "survival_failure=death" in rules else {"injury", "ageing"})
