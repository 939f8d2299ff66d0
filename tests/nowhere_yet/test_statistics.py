"""Statistical checks: thousands of seeded characters against exact probabilities.

Every test uses fixed seeds, so it is deterministic; the tolerances (chi-square at the 0.1% level, or
|z| < 4) are wide enough that a correct engine passes for any seed range, and tight enough that an
off-by-one in a target or a modifier fails by a wide margin.
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
    for c in population(career="navy"):
        first = next(e for e in c.history if e["type"] == "throw" and e["purpose"] == "enlistment: Navy")
        score = initial(c)["Int"]
        dm = sum(v for s, v in first["dms"] if s == "Int DM")
        assert dm == score // 3 - 2
        if score in ladder:
            assert dm == ladder[score]
            seen.add(score)
    assert seen == set(ladder)


def test_qualification_rate_for_a_fixed_score() -> None:
    """Navy enlistment is Int 6+: for each Int modifier the success rate matches P(2D6 + DM >= 6)."""
    by_dm: dict[int, list[bool]] = {}
    for e in throws(population(career="navy"), "enlistment: Navy"):
        dm = sum(v for s, v in e["dms"] if s == "Int DM")
        by_dm.setdefault(dm, []).append(bool(e["success"]))
    assert set(by_dm) >= {-1, 0, 1}
    for dm, results in by_dm.items():
        if len(results) < 200:
            continue
        z = z_score(sum(results), len(results), p_at_least(6, dm))
        assert abs(z) < 4, (dm, len(results), sum(results), z)


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
