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
from functools import cache
from itertools import repeat
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


#: the index of the attributes' part in :data:`PARTS`, whose pips the status line shows
ATTRIBUTES = 1


class Pricing:
    """One creation's build as last priced: a copy of what each part counted, each part's price, the
    points left and (once asked for) the ledger and the status line."""

    __slots__ = ("_attributes", "_counted", "_creation_points", "_ledger", "_parts", "_status", "left")

    def __init__(self) -> None:
        self._counted: tuple[Any, ...] | None = None
        self._creation_points = 0
        self._parts = [0] * len(PARTS)
        self._ledger: Ledger | None = None
        self._status: str | None = None
        #: the attributes' part of the status line, as the attributes were last priced (``None``: made when
        #: the line is next asked for)
        self._attributes: str | None = None
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
        before = self._counted
        if counted != before:
            self._reprice(c, counted, before)
        return self

    def _reprice(self, c: Creation, counted: tuple[Any, ...], before: tuple[Any, ...] | None) -> None:
        """Price again each part whose count differs from the copy kept ``before`` (every part the first
        time)."""
        parts = self._parts
        copies = list(before) if before is not None else [None] * len(PARTS)
        for i, part in enumerate(PARTS):
            if before is None or counted[i] != before[i]:
                parts[i] = part.price(c)
                copies[i] = part.copy(counted[i])
                if i == ATTRIBUTES:
                    self._attributes = None
        self._counted = tuple(copies)
        self._creation_points = c.allowance.creation_points
        # Ledger.left (the pool less what is spent) from the parts, without making the ledger: most
        # purchases ask only for the points left (tests/d6_pool/test_offers.py holds the two together)
        self.left = self._creation_points + parts[0] - sum(parts[1:])
        self._ledger = None
        self._status = None

    @property
    def ledger(self) -> Ledger:
        """The ledger of the build as priced (made when first asked for)."""
        led = self._ledger
        if led is None:
            led = self._ledger = Ledger(self._creation_points, *self._parts)
        return led

    def status(self, c: Creation) -> str:
        """The status line of ``c``'s build as priced (brought up to date by :meth:`of`): points left, the
        pool, and the attributes so far (made once for each pricing, which any change to the attributes
        makes anew: a purchase's two menus show the same line)."""
        line = self._status
        if line is None:
            book = c.book
            shown = self._attributes
            if shown is None:  # the attributes' part, made again only when their part was priced again (they
                # change at a third of the purchases; reading the pips at every line cost 145 k instructions
                # a character, callgrind)
                pips = book.pips_of(c.build.attributes)
                shown = self._attributes = kept(book, ("attributes", pips), attributes_line, book, pips)
            left, creation_points, disadvantage_points = self.left, self._creation_points, self._parts[0]
            state = ("points line", left, creation_points, disadvantage_points)
            points = kept(book, state, points_line, left, creation_points, disadvantage_points)
            line = self._status = f"{points} {shown}"
        return line


def points_line(left: int, creation_points: int, disadvantage_points: int) -> str:
    """The points on the status line: those left, the pool (the creation points and those from
    Disadvantages) and those spent; kept for each, as a kept line costs under half of writing it
    (callgrind: 2.7 k instructions against 6.2 k; 64 k a character less)."""
    pool = creation_points + disadvantage_points  # Ledger.pool, without making the ledger
    bonus = f" + {disadvantage_points} from Disadvantages" if disadvantage_points else ""
    return f"Points left: {left} of {pool} ({creation_points} creation points{bonus}; {pool - left} spent)."


def attributes_line(book: Book, pips: tuple[int, ...]) -> str:
    """The attributes as the status line shows them, each with its die code (``pips`` in book order; kept
    for each set of pips)."""
    return "  ".join(map(attribute_code, book.attributes, pips, repeat(book.per_die)))


@cache
def attribute_code(name: str, pips: int, per_die: int) -> str:
    """An attribute and its die code as the status line shows it (``Agility 2D+1``), written once for each
    and kept: a line of kept ones costs half of writing six (callgrind: 10 k instructions against 21 k;
    96 k a character less)."""
    return f"{name} {to_code(pips, per_die)}"
