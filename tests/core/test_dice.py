"""Dice notation and the seeded stream."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lifepath.engine.dice import Dice, DiceStream, natural_total, parse
from lifepath.errors import DiceError


@pytest.mark.parametrize(
    ("notation", "count", "sides", "modifier", "multiplier", "low", "high"),
    [
        ("2D6", 2, 6, 0, 1, 2, 12),
        ("1D6+2", 1, 6, 2, 1, 3, 8),
        ("3D6", 3, 6, 0, 1, 3, 18),
        ("2D6-2", 2, 6, -2, 1, 0, 10),
        ("d10", 1, 10, 0, 1, 1, 10),
        ("d8", 1, 8, 0, 1, 1, 8),
        ("3D+1", 3, 6, 1, 1, 4, 19),
        ("1D6x2500", 1, 6, 0, 2500, 2500, 15000),
        ("D", 1, 6, 0, 1, 1, 6),
    ],
)
def test_parse(notation: str, count: int, sides: int, modifier: int, multiplier: int, low: int, high: int) -> None:
    d = parse(notation)
    assert (d.count, d.sides, d.modifier, d.multiplier) == (count, sides, modifier, multiplier)
    assert (d.minimum, d.maximum) == (low, high)
    assert all(type(v) is int for v in (d.modifier, d.multiplier, d.minimum, d.maximum))  # totals stay whole


def test_d66_reads_tens_and_units() -> None:
    d = parse("D66")
    stream = DiceStream(7)
    seen = {natural_total(d, stream.faces(d)) for _ in range(2000)}
    assert seen == {10 * a + b for a in range(1, 7) for b in range(1, 7)}


@pytest.mark.parametrize("bad", ["", "2X6", "D1", "0D6", "two dice", "2D6+"])
def test_bad_notation_says_how_to_write_it(bad: str) -> None:
    with pytest.raises(DiceError) as err:
        parse(bad)
    assert "dice" in err.value.paragraph()


@given(seed=st.integers(0, 2**63), sides=st.sampled_from([4, 6, 8, 10, 12, 20]))
def test_faces_are_in_range_and_repeatable(seed: int, sides: int) -> None:
    d = parse(f"3D{sides}")
    a = [DiceStream(seed).faces(d) for _ in range(3)]
    first = DiceStream(seed)
    b = [first.faces(d) for _ in range(3)]
    assert a[0] == b[0]
    assert all(1 <= f <= sides for faces in b for f in faces)


def test_the_stream_is_fixed_for_a_seed() -> None:
    """A golden sequence: if this changes, every stored character's replay changes."""
    stream = DiceStream(1)
    assert [stream.die(6) for _ in range(12)] == [1, 6, 5, 2, 3, 3, 4, 5, 1, 1, 6, 3]


def test_a_fair_die() -> None:
    stream = DiceStream(2024)
    counts = Counter(stream.die(6) for _ in range(60000))
    chi2 = sum((counts[f] - 10000) ** 2 / 10000 for f in range(1, 7))
    assert chi2 < 20.515  # df 5, p = 0.001


@pytest.mark.parametrize("count", [1, 2, 3, 5])
def test_a_throw_draws_one_face_per_die_in_stream_order(count: int) -> None:
    """Every count, the two-dice fast path included, draws exactly ``count`` faces, the same ones ``die`` would."""
    d = parse(f"{count}D6")
    thrown = DiceStream(99).faces(d)
    one_by_one = DiceStream(99)
    assert thrown == [one_by_one.die(6) for _ in range(count)]


def test_die_defaults_to_a_d6() -> None:
    stream, same = DiceStream(5), DiceStream(5)
    assert [stream.die() for _ in range(30)] == [same.die(6) for _ in range(30)]


def test_d66_bounds_and_no_modifier() -> None:
    d = parse("d66")
    assert (d.count, d.sides, d.modifier, d.multiplier, d.d66) == (2, 6, 0, 1, True)
    assert (d.minimum, d.maximum) == (11, 66)
    assert str(d) == "D66"


def test_bounds_scale_with_the_multiplier() -> None:
    """A D66 read times ten (a table of hundreds) runs 110 to 660; a plain Dice is not a D66 read."""
    assert (Dice(2, 6, multiplier=10, d66=True).minimum, Dice(2, 6, multiplier=10, d66=True).maximum) == (110, 660)
    plain = Dice(3, 6)
    assert (plain.modifier, plain.multiplier, plain.d66) == (0, 1, False)
    assert (plain.minimum, plain.maximum) == (3, 18)


def test_a_two_sided_die_is_the_smallest_allowed() -> None:
    assert (parse("1D2").minimum, parse("1D2").maximum) == (1, 2)
    assert parse("1D6x2").multiplier == 2


def test_parsed_dice_are_immutable() -> None:
    """``parse`` caches and shares its result, so nobody may change it."""
    d = parse("2D6")
    with pytest.raises(dataclasses.FrozenInstanceError):
        d.count = 3  # type: ignore[misc]
    assert parse("2D6") is d
