"""Dice notation, a seeded dice stream, and the throws it records.

Notations used by the shipped rulesets: ``2D6``, ``1D6+2``, ``3D6``, ``2D6-2``, ``D66``, ``d10``, ``d8``,
``1D6x2500`` (a multiplied amount) and D6 die codes such as ``3D+1`` (a die code's ``D`` means D6).

Faces come from ``random.Random.random()``, whose sequence for a given seed is stable across CPython
versions, so a seed gives the same throws everywhere.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import lru_cache

from lifepath.errors import DiceError

_NOTATION = re.compile(
    r"^\s*(?P<count>\d*)\s*[dD](?P<sides>\d*)\s*(?:(?P<sign>[+-])\s*(?P<mod>\d+))?\s*(?:[xX*]\s*(?P<mult>\d+))?\s*$"
)


@dataclass(frozen=True, slots=True)
class Dice:
    """A parsed dice expression: ``count`` dice of ``sides`` faces, plus ``modifier``, times ``multiplier``.

    ``d66`` marks the two-dice tens-and-units read (11 to 66).
    """

    count: int
    sides: int
    modifier: int = 0
    multiplier: int = 1
    d66: bool = False
    notation: str = ""

    @property
    def minimum(self) -> int:
        if self.d66:
            return 11 * self.multiplier
        return (self.count + self.modifier) * self.multiplier

    @property
    def maximum(self) -> int:
        if self.d66:
            return 66 * self.multiplier
        return (self.count * self.sides + self.modifier) * self.multiplier

    def __str__(self) -> str:
        return self.notation


@lru_cache(maxsize=512)
def parse(notation: str) -> Dice:
    """Parse a dice notation once; the result is cached for the life of the process."""
    text = notation.strip()
    if text.upper() == "D66":
        return Dice(count=2, sides=6, d66=True, notation="D66")
    match = _NOTATION.match(text)
    if not match:
        raise DiceError(
            f"'{notation}' is not a dice notation",
            hint="write it as NdS with an optional +M or -M, e.g. 2D6, 1D6+2, d10, D66 or a die code such as 3D+1",
        )
    count = int(match["count"]) if match["count"] else 1
    sides = int(match["sides"]) if match["sides"] else 6
    if count < 1 or sides < 2:
        raise DiceError(
            f"'{notation}' needs at least one die of at least two sides", hint="write dice as NdS, e.g. 2D6"
        )
    modifier = int(match["mod"] or 0) * (-1 if match["sign"] == "-" else 1)
    multiplier = int(match["mult"]) if match["mult"] else 1
    return Dice(count, sides, modifier, multiplier, False, text)


class DiceStream:
    """The one random stream of a character's dice. Every face drawn comes from here."""

    __slots__ = ("_random", "draw")

    def __init__(self, seed: int | str) -> None:
        self._random = random.Random(seed)
        #: the next number in [0, 1) of the stream; a face of an S-sided die is ``int(draw() * S) + 1``
        self.draw = self._random.random

    def faces(self, dice: Dice) -> list[int]:
        """Draw the faces of one throw of ``dice`` (modifiers are the caller's business)."""
        r = self._random.random
        sides = dice.sides
        if dice.count == 2:  # most throws are 2D6: no comprehension to set up
            return [int(r() * sides) + 1, int(r() * sides) + 1]
        return [int(r() * sides) + 1 for _ in range(dice.count)]

    def die(self, sides: int = 6) -> int:
        return int(self._random.random() * sides) + 1


def natural_total(dice: Dice, faces: list[int]) -> int:
    """The total of the faces as the notation reads them (D66 reads tens and units)."""
    if dice.d66:
        return faces[0] * 10 + faces[1]
    return sum(faces)
