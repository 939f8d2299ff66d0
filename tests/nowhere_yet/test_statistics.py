"""Statistical checks: thousands of seeded characters against exact probabilities.

Every test uses fixed seeds, so it is deterministic. Each tolerance is stated as a confidence level:
chi-square at the 0.1% level, or |z| < 4 (a two-sided band a correct engine leaves about once in 15,800
seed ranges). Samples are sized so that an off-by-one in a target or a modifier fails, and the rate tests
check that themselves: the same data must reject the target one pip off.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product

from lifepath import Character
from lifepath.testing import create_character, make_registry

REGISTRY = make_registry("nowhere_yet")
N = 6000

TWO_D6 = Counter(a + b for a, b in product(range(1, 7), repeat=2))
P_2D6 = {total: Fraction(count, 36) for total, count in TWO_D6.items()}
CHI2_CRITICAL_0_001 = {5: 20.515, 10: 29.588}  # chi-square critical values, p = 0.001


def p_at_least(target: int, dm: int) -> Fraction:
    return sum((p for t, p in P_2D6.items() if t + dm >= target), Fraction(0))


def chi_square(observed: Counter[int], expected: dict[int, Fraction], n: int) -> float:
    return sum(float((observed.get(k, 0) - n * p) ** 2 / (n * p)) for k, p in expected.items())


def z_score(successes: int, n: int, p: Fraction) -> float:
    pf = float(p)
    return (successes - n * pf) / math.sqrt(n * pf * (1 - pf))


@cache
def population(species: str | None = "human-male", career: str | None = None) -> tuple[Character, ...]:
    options = {k: v for k, v in {"species": species, "career": career}.items() if v}
    return tuple(create_character(REGISTRY, "nowhere-yet", seed, options=options) for seed in range(N))


def throws(characters: tuple[Character, ...], prefix: str) -> list[dict]:
    return [e for c in characters for e in c.history if e["type"] == "throw" and e["purpose"].startswith(prefix)]


def test_characteristics_follow_2d6() -> None:
    for name in ("Strength", "Education", "Social Standing"):
        values = Counter(e["total"] for e in throws(population(), f"characteristic: {name}"))
        assert sum(values.values()) == N
        assert chi_square(values, P_2D6, N) < CHI2_CRITICAL_0_001[10], (name, values)


def initial(c: Character) -> dict[str, int]:
    """The characteristics as rolled (humans: no species changes), read from the history."""
    names = {
        "Strength": "Str",
        "Dexterity": "Dex",
        "Endurance": "End",
        "Intelligence": "Int",
        "Education": "Edu",
        "Social Standing": "Soc",
    }
    return {
        names[e["purpose"].split(": ")[1]]: e["total"]
        for e in c.history
        if e["type"] == "throw" and e["purpose"].startswith("characteristic: ")
    }


def test_characteristic_modifier_is_floor_third_minus_two() -> None:
    """The DM on the first qualification throw is floor(score / 3) - 2 of the score as rolled."""
    ladder = {2: -2, 3: -1, 5: -1, 6: 0, 8: 0, 9: 1, 11: 1, 12: 2}
    seen = set()
    for score, first in zip(navy_intelligence(), first_navy_enlistments(), strict=True):
        dm = sum(v for s, v in first["dms"] if s == "Int DM")
        assert dm == score // 3 - 2
        if score in ladder:
            assert dm == ladder[score]
            seen.add(score)
    assert seen == set(ladder)


class Enough(Exception):
    """Raised by the observer to end a creation once the throw a test needs has been made."""


def first_navy_enlistments() -> tuple[dict, ...]:
    """The first Navy enlistment throw of 18,000 humans who aim for the Navy."""
    return navy_aspirants()[1]


def navy_intelligence() -> tuple[int, ...]:
    """The Intelligence each of those humans rolled, in the same order."""
    return navy_aspirants()[0]


@cache
def navy_aspirants(n: int = 18000) -> tuple[tuple[int, ...], tuple[dict, ...]]:
    """The Intelligence rolled and the first Navy enlistment throw of ``n`` humans who aim for the Navy, each
    creation stopped right after that throw (the rest of a life is not needed, so this costs a fraction of
    full creations)."""
    from lifepath.creation import create
    from lifepath.decisions import PolicyChooser
    from lifepath.engine.houserules import resolve

    rules = resolve(REGISTRY.declaration("nowhere-yet"))
    found: list[dict] = []
    intelligence: list[int] = []

    def observe(event: dict) -> None:
        if event.get("type") == "throw" and event["purpose"] == "characteristic: Intelligence":
            intelligence.append(event["total"])
        if event.get("type") == "throw" and event["purpose"] == "enlistment: Navy":
            found.append(event)
            raise Enough

    for seed in range(n):
        try:
            create(
                REGISTRY,
                "nowhere-yet",
                seed=seed,
                rules=rules,
                chooser=PolicyChooser(seed),
                options={"career": "navy", "species": "human-male"},
                observer=observe,
            )
        except Enough:
            continue
        raise AssertionError(f"seed {seed} never threw for Navy enlistment")
    return tuple(intelligence), tuple(found)


def pooled_z(throws: list[dict], shift: int = 0) -> float:
    """z of the successes of these throws (one characteristic-DM group) against the exact probability of
    each, P(2D6 + DM >= target + shift) with a natural 2 failing where the throw says so; ``shift`` other
    than 0 tests the hypothesis that every target is off by that many pips."""
    mean = var = 0.0
    for e in throws:
        dm = sum(v for _source, v in e["dms"])
        fails_on_2 = e.get("rule") == "a natural 2 always fails" or e["purpose"].startswith("survival:")
        p = float(
            sum(
                (q for t, q in P_2D6.items() if t + dm >= e["target"] + shift and not (fails_on_2 and t == 2)),
                Fraction(0),
            )
        )
        mean += p
        var += p * (1 - p)
    return (sum(bool(e["success"]) for e in throws) - mean) / math.sqrt(var)


def by_dm(throws: list[dict] | tuple[dict, ...]) -> dict[int, list[dict]]:
    groups: dict[int, list[dict]] = {}
    for e in throws:
        groups.setdefault(sum(v for _source, v in e["dms"]), []).append(e)
    return groups


def test_qualification_rate_for_every_characteristic_dm() -> None:
    """Navy enlistment is Int 6+. For every Int DM from -2 to +2, the success rate of 18,000 first
    enlistment throws matches P(2D6 + DM >= 6) within 4 standard deviations (a 99.994% two-sided band;
    the seeds are fixed). The groups are sized so that a target one pip off in either direction is
    rejected in every group: the DM -2 and +2 groups (1/36 of characters each, about 500 throws) are the
    smallest, and the test checks that even they reject 5+ and 7+."""
    groups = by_dm(first_navy_enlistments())
    assert set(groups) == {-2, -1, 0, 1, 2}
    for dm, group in sorted(groups.items()):
        assert all(e["target"] == 6 for e in group)
        assert abs(pooled_z(group)) < 4, (dm, len(group), pooled_z(group))
        for shift in (-1, 1):
            assert abs(pooled_z(group, shift)) > 4, f"DM {dm}: {len(group)} throws cannot tell 6+ from {6 + shift}+"


def test_survival_rate_for_every_characteristic_dm() -> None:
    """Every survival throw of 6,000 humans' whole lives (about 21,000 throws, each career's own
    characteristic and target), grouped by the characteristic DM: in each group from -2 to +2 the
    successes match the sum of the exact probabilities P(2D6 + DM >= target, a natural 2 failing) within 4
    standard deviations (99.994%, fixed seeds). A target one pip off everywhere is rejected in the DM -2 to
    +1 groups; at DM +2 a target one pip lower is not detectable (success is already near certain there),
    one pip higher is."""
    groups = by_dm(throws(population(), "survival:"))
    assert set(groups) == {-2, -1, 0, 1, 2}
    for dm, group in sorted(groups.items()):
        assert abs(pooled_z(group)) < 4, (dm, len(group), pooled_z(group))
        assert pooled_z(group, 1) > 4, f"DM {dm}: cannot tell the targets from one pip higher"
        if dm < 2:
            assert pooled_z(group, -1) < -4, f"DM {dm}: cannot tell the targets from one pip lower"


def test_natural_two_always_fails_survival() -> None:
    survival = throws(population(), "survival:")
    naturals = [e for e in survival if sum(e["faces"]) == 2]
    assert naturals, "no natural 2 in thousands of survival throws"
    assert all(e["success"] is False for e in naturals)
    assert any(e.get("rule") == "a natural 2 always fails" for e in naturals)
    z = z_score(len(naturals), len(survival), Fraction(1, 36))
    assert abs(z) < 4


def test_draft_distribution_is_uniform_over_six_services() -> None:
    drafts = Counter(e["total"] for e in throws(population(), "the draft"))
    n = sum(drafts.values())
    assert n > 300
    assert set(drafts) == set(range(1, 7))
    assert chi_square(drafts, {k: Fraction(1, 6) for k in range(1, 7)}, n) < CHI2_CRITICAL_0_001[5]


def test_background_skill_count_matches_education() -> None:
    counts: Counter[int] = Counter()
    for c in population():
        edu = initial(c)["Edu"]
        picks = sum(1 for e in c.history if e["type"] == "decision" and e["key"] == "background-skill")
        assert picks == max(1, 3 + edu // 3 - 2), (edu, picks)
        counts[picks] += 1
    # exact distribution of max(1, 3 + floor(2D6 / 3) - 2)
    expected: dict[int, Fraction] = {}
    for total, p in P_2D6.items():
        k = max(1, 3 + total // 3 - 2)
        expected[k] = expected.get(k, Fraction(0)) + p
    assert set(counts) == set(expected)
    assert chi_square(counts, expected, N) < CHI2_CRITICAL_0_001[5]
