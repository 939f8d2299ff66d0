"""A creation's build priced part by part, and kept between purchases (issue 31): the ledger, the points
left and the status line every decision shows.

The ledger's parts are priced by the functions :func:`.build.ledger` prices them with. What each part
counts (the Disadvantages, the attributes with a split die's unplaced pips, the skill ranks, the
specialisation ranks, the Advantages, the Special Abilities) is compared with a copy kept when it was last
priced, so a purchase prices again only the part it changed, the menus of one purchase price nothing, and
a build changed any other way (by hand, in a test) is priced again all the same.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from .build import (
    Ledger,
    ability_points,
    advantage_points,
    attribute_points,
    disadvantage_points,
    skill_points,
    specialisation_points,
)
from .codes import to_code
from .purchase import kept
from .tables import Book

if TYPE_CHECKING:
    from .state import Creation


class Part(NamedTuple):
    """One part of the ledger: how it is priced, and how what it counts is copied (to be compared with
    later)."""

    price: Callable[[Creation], int]
    copy: Callable[[Any], Any]


def _disadvantages(c: Creation) -> int:
    return disadvantage_points(c.build.disadvantages, c.allowance)


def _attributes(c: Creation) -> int:
    return attribute_points(c.book, c.build.attributes, c.unplaced)


def _skills(c: Creation) -> int:
    return skill_points(c.book, c.build.skills)


def _specialisations(c: Creation) -> int:
    return specialisation_points(c.book, c.build.specialisations)


def _advantages(c: Creation) -> int:
    return advantage_points(c.build.advantages)


def _abilities(c: Creation) -> int:
    return ability_points(c.book, c.rules, c.build.special_abilities)


def _pair_copy(counted: tuple[Any, Any]) -> tuple[Any, Any]:
    """A copy of a part that counts a collection and a number (the Disadvantages and the species' limit,
    the attributes and a split die's unplaced pips)."""
    return (counted[0].copy(), counted[1])


#: the ledger's parts after the creation points, in the order of :class:`~.build.Ledger`'s fields; what
#: each counts is read by :meth:`Pricing.of`, in the same order
PARTS = (
    Part(_disadvantages, _pair_copy),  # the Disadvantages, and the species' limit
    Part(_attributes, _pair_copy),  # the attributes, and a split die's unplaced pips
    Part(_skills, dict),
    Part(_specialisations, dict),
    Part(_advantages, list),
    Part(_abilities, list),
)


class Pricing:
    """One creation's build as last priced: a copy of what each part counted, each part's price, the
    ledger, the points left and (once asked for) the status line."""

    __slots__ = ("_counted", "_parts", "_status", "ledger", "left")

    def __init__(self) -> None:
        self._counted: tuple[Any, ...] | None = None
        self._parts = [0] * len(PARTS)
        self._status: str | None = None
        self.ledger = Ledger(0, 0, 0, 0, 0, 0, 0)
        self.left = 0

    def of(self, c: Creation) -> Pricing:
        """This pricing brought up to date with ``c``'s build (its parts that count something else priced
        again)."""
        b = c.build
        counted = (
            (b.disadvantages, c.allowance),
            (b.attributes, c.unplaced),
            b.skills,
            b.specialisations,
            b.advantages,
            b.special_abilities,
        )
        if counted != self._counted:
            self._reprice(c, counted)
        return self

    def _reprice(self, c: Creation, counted: tuple[Any, ...]) -> None:
        """Price again each part whose count differs from the copy kept (every part the first time)."""
        before = self._counted
        copies = list(before) if before is not None else [None] * len(PARTS)
        parts = self._parts
        for i, part in enumerate(PARTS):
            if before is None or counted[i] != before[i]:
                parts[i] = part.price(c)
                copies[i] = part.copy(counted[i])
        self._counted = tuple(copies)
        self.ledger = Ledger(c.allowance.creation_points, *parts)
        self.left = self.ledger.left
        self._status = None

    def status(self, c: Creation) -> str:
        """The status line of ``c``'s build as priced: points left, the pool, and the attributes so far
        (made once for each pricing: a purchase's two menus show the same line)."""
        line = self._status
        if line is None:
            led, book = self.ledger, c.book
            pips = tuple(map(c.build.attributes.__getitem__, book.attributes))
            bonus = f" + {led.disadvantage_points} from Disadvantages" if led.disadvantage_points else ""
            line = self._status = (
                f"Points left: {self.left} of {led.pool} ({led.creation_points} creation points{bonus}; "
                f"{led.spent} spent). {kept(book, ('attributes', pips), attributes_line, book, pips)}"
            )
        return line


def attributes_line(book: Book, pips: tuple[int, ...]) -> str:
    """The attributes as the status line shows them, each with its die code (``pips`` in book order; kept
    for each set of pips)."""
    return "  ".join(f"{a} {to_code(p, book.per_die)}" for a, p in zip(book.attributes, pips, strict=True))
