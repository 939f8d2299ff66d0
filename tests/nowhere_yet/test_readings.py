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


@pytest.mark.parametrize(
    ("seed", "cause"),
    [
        # the auditor's case: the throw on stopping anagathics killed at the start of a term, and the
        # character served on, gained skills and died again (it now dies earlier, ageing after a mishap)
        (3626755799641647575, "ageing (end of term)"),
        (2328, "ageing (stopping anagathics)"),
    ],
)
def test_death_on_stopping_anagathics_ends_creation(seed: int, cause: str) -> None:
    c = create_character(REGISTRY, "nowhere-yet", seed, rules=["crisis=printed", "max_terms=none"])
    fatal = next(e for e in c.history if e["type"] == "crisis" and e["outcome"] == "death")
    assert fatal["cause"] == cause
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
        causes |= {str(e["cause"]) for e in c.history if e["type"] == "crisis" and e["outcome"] == "death"}
    kinds = {cause.split(" ")[0] for cause in causes}
    # the seeds meet every kind of death these rules allow; injuries come only from mishaps, which a
    # fatal survival throw leaves no room for
    assert kinds == ({"failed", "ageing"} if "survival_failure=death" in rules else {"injury", "ageing"})
    if "survival_failure=death" not in rules:
        assert "ageing (stopping anagathics)" in causes


# ------------------------------------------------------------------ Survival is a speciality of Animals


def test_no_skill_is_both_top_level_and_a_speciality() -> None:
    """A name listed on its own and inside a cascade splits one skill's levels over two sheet entries."""
    skills = REGISTRY.ruleset("nowhere-yet").table_set()["skills"]["skills"]
    cascades = {s["name"] for s in skills if "cascade" in s}
    plain = {s["name"] for s in skills if "cascade" not in s}
    specialities = {leaf for s in skills for leaf in s.get("cascade", [])}
    assert plain & specialities == set()
    assert {"Aircraft", "Watercraft"} <= cascades & specialities  # nested cascades are the one overlap


def test_a_career_survival_grant_is_the_animals_speciality() -> None:
    """The careers print "Survival" alone (Colonist and Hunter rank 0 give Survival-1): the SRD's only
    Survival is the Animals speciality, so that is where the level goes."""
    c = create_character(
        REGISTRY, "nowhere-yet", 1, answers={"failed-qualification": "drifter"}, options={"career": "hunter"}
    )
    assert c.sheet.careers[0].career == "hunter"
    assert c.sheet.skills["Animals (Survival)"] >= 1 and c.sheet.skills["Animals"] >= 0
    assert "Survival" not in c.sheet.skills


def test_a_desert_homeworld_offers_survival_as_the_animals_speciality() -> None:
    c = create_character(
        REGISTRY,
        "nowhere-yet",
        2,
        answers={"background-skill": ["Survival"]},
        options={"trade_codes": "De", "law_level": 9, "terms": 0},
    )
    first = next(e for e in c.history if e["type"] == "decision" and e["key"] == "background-skill")
    assert "Survival" in first["options"] and first["answer"] == "Survival"
    assert c.sheet.skills == {**c.sheet.skills, "Animals": 0, "Animals (Survival)": 0}
    assert "Survival" not in c.sheet.skills


def test_no_character_holds_survival_twice() -> None:
    held = 0
    for seed in range(1500):
        skills = create_character(REGISTRY, "nowhere-yet", seed).sheet.skills
        assert "Survival" not in skills, seed
        held += "Animals (Survival)" in skills
    assert held > 100  # the speciality is common: the careers and two trade codes give it


# ------------------------------------------------------------------ ageing at the end of every term


def term_spans(c: Character) -> list[list[tuple[int, dict[str, Any]]]]:
    """The history cut at each "term N:" note: one list of (index, event) per term."""
    spans: list[list[tuple[int, dict[str, Any]]]] = []
    for i, e in enumerate(c.history):
        if e["type"] == "note" and e["text"].startswith("term "):
            spans.append([])
        if spans:
            spans[-1].append((i, e))
    return spans


def test_every_term_ends_with_the_ageing_throw_once_old_enough() -> None:
    """Seed 000: once 34 or older, the ageing throw comes "at the end of every term", so a term cut
    short by a mishap gets it too, after the mishap's two years (and any prison years)."""
    after_mishap = 0
    for seed in range(1500):
        c = create_character(REGISTRY, "nowhere-yet", seed)
        starts = int(SPECIES[c.sheet.species]["ageing_starts"])
        for span in term_spans(c):
            aged = [(i, e) for i, e in span if e["type"] == "change" and e["what"] == "age"]
            last_i, last = aged[-1]
            throws = [i for i, e in span if e["type"] == "throw" and e["purpose"] == "ageing (end of term)"]
            mustered = [i for i, e in span if e["type"] == "note" and e["text"].startswith("mustering out")]
            if last["to"] < starts:
                assert throws == [], (seed, last)
                continue
            assert len(throws) == 1, (seed, span[0][1]["text"])
            assert last_i < throws[0] < min(mustered, default=len(c.history)), (seed, span[0][1]["text"])
            after_mishap += any(e["type"] == "note" and "mishap" in e for _, e in span)
    assert after_mishap > 50  # mishaps after 34 are common (about one character in eight)


def test_gambling_and_retirement_each_give_their_cash_dm() -> None:
    """The reading docs/rulesets/nowhere-yet.md decides: a retired gambler's cash throws carry both DMs,
    each under its own name (the audit's seed)."""
    from lifepath import create
    from lifepath.decisions import PolicyChooser
    from lifepath.host.manager import get_registry

    seed = 3256554289836204886
    character = create(get_registry(), "nowhere-yet", seed=seed, chooser=PolicyChooser(seed))
    cash = [e for e in character.history if e.get("type") == "throw" and e["purpose"].startswith("cash benefit")]
    assert cash and any(dict(e["dms"]) == {"Gambling": 1, "retired": 1} for e in cash)
