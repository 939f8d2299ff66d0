"""What a build can still spend (``reach``): the shortcut for a gap-free set agrees with adding every set up."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lifepath.plugins.d6_pool.build import Build
from lifepath.plugins.d6_pool.reach import _choices, _groups, can_spend, most, spendable
from lifepath.plugins.d6_pool.tables import book

BOOK = book()
RULES = BOOK.house_rule_defaults()


def every_sum(build: Build, rules: dict[str, object]) -> int:
    runs, choices = _groups(BOOK, build, rules, ())
    mask = 1
    for count, step in runs:
        mask = _choices(mask, [n * step for n in range(count + 1)])
    for amounts in choices:
        mask = _choices(mask, amounts)
    return mask


@st.composite
def builds(draw: st.DrawFn) -> Build:
    cls = draw(st.sampled_from(list(BOOK.classes)))
    attributes = {a: draw(st.integers(3, BOOK.attribute_max_pips(cls, a))) for a in BOOK.attributes}
    skills = {s: draw(st.integers(0, BOOK.rank_cap(cls, s))) for s in BOOK.skills}
    specs = {k: draw(st.integers(0, BOOK.rank_cap(cls, s))) for k, s in BOOK.specialisations.items()}
    abilities = [
        (n, draw(st.integers(1, t["max_ranks"]))) for n, t in BOOK.special_abilities.items() if draw(st.booleans())
    ]
    advantages = [(n, draw(st.sampled_from(t["points"]))) for n, t in BOOK.advantages.items() if draw(st.booleans())]
    return Build(
        cls=cls,
        attributes=attributes,
        skills=skills,
        specialisations=specs,
        advantages=advantages,
        special_abilities=abilities,
    )


@settings(max_examples=150, deadline=None)
@given(builds(), st.sampled_from(["uncommon", "common"]))
def test_shortcut_agrees_with_every_sum(build: Build, ranks: str) -> None:
    rules = dict(RULES, special_ability_ranks=ranks)
    assert spendable(BOOK, build, rules) == every_sum(build, rules)


def test_a_finished_build_can_spend_nothing_more() -> None:
    cls = "Rogue"
    build = Build(
        cls=cls,
        attributes={a: BOOK.attribute_max_pips(cls, a) for a in BOOK.attributes},
        skills={s: BOOK.rank_cap(cls, s) for s in BOOK.skills},
        specialisations={k: BOOK.rank_cap(cls, s) for k, s in BOOK.specialisations.items()},
        advantages=[(n, max(t["points"])) for n, t in BOOK.advantages.items()],
        special_abilities=[(n, t["max_ranks"]) for n, t in BOOK.special_abilities.items()],
    )
    assert spendable(BOOK, build, RULES) == 1
    assert most(BOOK, build, RULES) == 0
    assert can_spend(BOOK, build, RULES, 0) and not can_spend(BOOK, build, RULES, 1)


def test_gaps_are_found_when_only_big_purchases_are_left() -> None:
    # every rank and Advantage bought: only attribute dice (4 points) and Special Ability ranks are left
    cls = "Rogue"
    build = Build(
        cls=cls,
        attributes={a: 3 for a in BOOK.attributes},
        skills={s: BOOK.rank_cap(cls, s) for s in BOOK.skills},
        specialisations={k: BOOK.rank_cap(cls, s) for k, s in BOOK.specialisations.items()},
        advantages=[(n, max(t["points"])) for n, t in BOOK.advantages.items()],
        special_abilities=[(n, t["max_ranks"]) for n, t in BOOK.special_abilities.items()],
    )
    assert [can_spend(BOOK, build, RULES, n) for n in range(9)] == [
        True,
        False,
        False,
        False,
        True,
        False,
        False,
        False,
        True,
    ]
    assert not can_spend(BOOK, build, RULES, -1)
