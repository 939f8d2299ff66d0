"""Whether a purchase leaves a pool that can still be spent exactly (``unspent_points=violation``) is
answered from the room the build has left (``reach.Room.fits``, issue 31): held here to trying the
purchase on a copy of the build (``Creation.fits``), for every kind of purchase on many builds."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from lifepath import Context
from lifepath.decisions import PolicyChooser
from lifepath.engine.houserules import resolve
from lifepath.plugins.d6_pool.build import Build
from lifepath.plugins.d6_pool.procedure import Procedure
from lifepath.plugins.d6_pool.tables import book
from lifepath.testing import make_registry

REGISTRY = make_registry()
BOOK = book()


@st.composite
def builds(draw: st.DrawFn) -> Build:
    """A build part way through spending: every attribute at least its minimum, ranks and traits bought."""
    cls = draw(st.sampled_from(list(BOOK.classes)))
    low = BOOK.attribute_min_pips
    attributes = {a: draw(st.integers(low, BOOK.attribute_max_pips(cls, a))) for a in BOOK.attributes}
    skills = {s: draw(st.integers(0, BOOK.rank_cap(cls, s))) for s in BOOK.skills if draw(st.booleans())}
    specs = {
        k: draw(st.integers(0, BOOK.rank_cap(cls, s))) for k, s in BOOK.specialisations.items() if draw(st.booleans())
    }
    abilities = [
        (n, draw(st.integers(1, t["max_ranks"]))) for n, t in BOOK.special_abilities.items() if draw(st.booleans())
    ]
    advantages = [(n, draw(st.sampled_from(t["points"]))) for n, t in BOOK.advantages.items() if draw(st.booleans())]
    return Build(cls, attributes, skills, specs, advantages, special_abilities=abilities)


def die(b: Build) -> None:
    """A die's pips wherever there is room, attribute by attribute."""
    need = BOOK.per_die
    for a in BOOK.attributes:
        step = max(min(need, BOOK.attribute_max_pips(b.cls, a) - b.attributes[a]), 0)
        b.attributes[a] += step
        need -= step


def rank(kind: str) -> Callable[[Build], None]:
    """A rank of the first skill (or specialisation) below its cap."""

    def change(b: Build) -> None:
        ranks = b.skills if kind == "skill" else b.specialisations
        keys = {s: s for s in BOOK.skills} if kind == "skill" else BOOK.specialisations
        for key, skill in keys.items():
            if ranks.get(key, 0) < BOOK.rank_cap(b.cls, skill):
                ranks[key] = ranks.get(key, 0) + 1
                return

    return change


def advantage(name: str, points: int) -> Callable[[Build], None]:
    return lambda b: b.advantages.append((name, points))


def ability(name: str) -> Callable[[Build], None]:
    def change(b: Build) -> None:
        have = dict(b.special_abilities)
        have[name] = have.get(name, 0) + 1
        b.special_abilities = list(have.items())

    return change


@settings(max_examples=60, deadline=None)
@given(builds(), st.integers(60, 220), st.sampled_from(["uncommon", "common"]), st.sampled_from(["human", "quillkin"]))
def test_the_room_left_answers_as_trying_each_purchase(build: Build, points: int, ranks: str, species: str) -> None:
    rules = [f"creation_points={points}", f"special_ability_ranks={ranks}", "unspent_points=violation"]
    ctx = Context(
        REGISTRY.ruleset("d6-pool"),
        REGISTRY,
        resolve(REGISTRY.declaration("d6-pool"), None, rules),
        1,
        PolicyChooser(1),
    )
    c = Procedure(ctx, BOOK)
    c.set_species(next(s for s in BOOK["species"]["species"] if s["id"] == species))
    c.build = build
    room = c.room()
    assert room.fits("attribute") == c.fits(die)
    assert room.fits("skill") == c.fits(rank("skill"))
    assert room.fits("specialisation") == c.fits(rank("specialisation"))
    taken = {n for n, _ in build.advantages} | set(c.species_traits)
    for name, entry in BOOK.advantages.items():
        for price in entry["points"] if name not in taken else ():
            assert room.fits("advantage", name, int(price)) == c.fits(advantage(name, int(price))), (name, price)
    have = dict(build.special_abilities)
    for name, entry in BOOK.special_abilities.items():
        if name not in c.species_traits and have.get(name, 0) < int(entry["max_ranks"]):
            assert room.fits("special_ability", name) == c.fits(ability(name)), name
