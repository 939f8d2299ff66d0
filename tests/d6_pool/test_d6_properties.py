"""Property tests: for many seeds (and house rules), every --auto character is a legal build."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lifepath.plugins.d6_pool.codes import to_pips
from lifepath.plugins.d6_pool.derived import derive
from lifepath.plugins.d6_pool.tables import book
from lifepath.testing import create_character, make_registry

REGISTRY = make_registry()
RULESET = REGISTRY.ruleset("d6-pool")
BOOK = book()


def assert_legal(seed: int, rules: list[str]) -> None:
    c = create_character(REGISTRY, "d6-pool", seed, rules=rules)
    sheet = c.sheet
    build = sheet.extra["build"]
    points = sheet.extra["points"]
    # check_build finds nothing, and the pool is not over-spent
    assert RULESET.check_build(build) == [], (seed, rules)
    assert points["spent"] <= points["pool"]
    assert points["left"] == points["pool"] - points["spent"] >= 0
    assert points["from_disadvantages"] <= c.provenance["house_rules"]["disadvantage_limit"]
    assert points["creation_points"] == c.provenance["house_rules"]["creation_points"]
    # the sheet agrees with the build
    assert list(sheet.characteristics) == list(BOOK.attributes)
    assert {a: to_pips(code, 3) for a, code in build["attributes"].items()} == sheet.characteristics
    assert sheet.skills == build["skills"]
    assert sheet.extra["specialisations"] == build["specialisations"]
    assert sheet.extra["derived"] == derive(BOOK, sheet.characteristics).as_sheet(BOOK)
    # every attribute between 1D and its class maximum; whole dice bought
    cls = build["class"]
    for name, pips in sheet.characteristics.items():
        assert 3 <= pips <= BOOK.attribute_max_pips(cls, name)
    assert sum(sheet.characteristics.values()) % 3 == 0
    # the pool is spent sensibly: nothing legal was left to buy with what remains
    assert points["left"] < 4 or all(
        pips == BOOK.attribute_max_pips(cls, name) for name, pips in sheet.characteristics.items()
    )
    assert RULESET.render(c).endswith("\n")


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**31 - 1))
def test_every_auto_build_is_legal(seed: int) -> None:
    assert_legal(seed, [])


@settings(max_examples=100, deadline=None)
@given(
    st.integers(0, 2**31 - 1),
    st.integers(24, 160),
    st.integers(0, 15),
    st.sampled_from(["uncommon", "common"]),
    st.sampled_from(["allowed", "violation"]),
)
def test_every_auto_build_is_legal_under_house_rules(
    seed: int, points: int, limit: int, ranks: str, unspent: str
) -> None:
    assert_legal(seed, [f"creation_points={points}", f"disadvantage_limit={limit}",
                        f"special_ability_ranks={ranks}", f"unspent_points={unspent}"])
