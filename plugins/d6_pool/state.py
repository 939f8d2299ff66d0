"""What every creation stage shares: one character's creation in progress (:class:`Creation`), with the
points left, the status line every decision shows, and whether a change leaves a pool that can still be
spent exactly."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from lifepath import Context

from . import species
from .build import Build, Ledger, ledger
from .codes import to_code
from .reach import can_spend
from .tables import Book

#: the menu answers that end a stage's loop, and leave a purchase's menu for the menu of kinds
DONE = "done"
BACK = "back"


def pts(n: int) -> str:
    """``1 point``, ``2 points``."""
    return f"{n} point" if n == 1 else f"{n} points"


class Creation:
    """One run of creation over a context: the build so far and what it is bought under."""

    def __init__(self, ctx: Context, book: Book) -> None:
        self.ctx = ctx
        self.book = book
        self.rules = ctx.rules
        self.weights: dict[str, Any] = book.policy
        self.build = Build(cls="", attributes={a: 0 for a in book.attributes})
        #: pips of a die bought to be split that are not yet placed (already paid for)
        self.unplaced = 0
        #: the house rule unspent_points=violation: every choice must leave a pool that can be spent exactly
        self.exact = self.rules.get("unspent_points") == "violation"
        self.ctx.sheet.characteristics = dict(self.build.attributes)
        first = species.default(book)
        #: the species (its table entry), its totals under the house rules, and the Traits it brings
        self.species: Mapping[str, Any] = first
        self.allowance = species.totals(book, self.rules, first)
        self.species_traits = species.trait_names(first)
        #: for the sheet so far (:mod:`.recap`), which the build is on until the end
        ctx.state["creation"] = self
        #: the last ledger made, and what it was made from (see :meth:`ledger`)
        self._priced: tuple[tuple[object, ...], Ledger] | None = None
        #: the last status line made, and the ledger and attributes it was made from
        self._status: tuple[Ledger, tuple[int, ...], str] | None = None

    def set_species(self, data: Mapping[str, Any]) -> None:
        """The character's species, its totals under the house rules, and the Traits it brings (not for sale)."""
        self.species = data
        self.allowance = species.totals(self.book, self.rules, data)
        self.species_traits = species.trait_names(data)

    def ledger(self) -> Ledger:
        """The build priced by :func:`.build.ledger`, priced again only when something it counts differs:
        the menus of one purchase ask for the points left a dozen times. What it counts is every
        attribute's pips, every rank, every trait with its points or ranks, the unplaced pips and the
        species' totals (a skill's or a specialisation's name does not change its price); the book and the
        house rules are the same for the whole creation."""
        b = self.build
        counted = (
            tuple(b.attributes.values()),
            tuple(b.skills.values()),
            tuple(b.specialisations.values()),
            tuple(b.advantages),
            tuple(b.disadvantages),
            tuple(b.special_abilities),
            self.unplaced,
            self.allowance,
        )
        priced = self._priced
        if priced is None or priced[0] != counted:
            priced = self._priced = (counted, ledger(self.book, b, self.rules, self.unplaced, self.allowance))
        return priced[1]

    def left(self) -> int:
        return self.ledger().left

    def status(self) -> str:
        """The line every decision shows: points left, the pool, and the attributes so far (made again only
        when one of them differs: a purchase's two menus show the same line)."""
        led = self.ledger()
        pips = tuple(self.build.attributes[a] for a in self.book.attributes)
        made = self._status
        if made is not None and made[0] == led and made[1] == pips:
            return made[2]
        per = self.book.per_die
        attrs = "  ".join(f"{a} {to_code(p, per)}" for a, p in zip(self.book.attributes, pips, strict=True))
        bonus = f" + {led.disadvantage_points} from Disadvantages" if led.disadvantage_points else ""
        line = (
            f"Points left: {led.left} of {led.pool} ({led.creation_points} creation points{bonus}; "
            f"{led.spent} spent). {attrs}"
        )
        self._status = (led, pips, line)
        return line

    def code(self, pips: int) -> str:
        return to_code(pips, self.book.per_die)

    def fits(self, change: Callable[[Build], None]) -> bool:
        """Whether the pool could still be spent exactly after ``change`` (always, unless unspent points
        are a violation): a purchase that would strand points is not offered."""
        if not self.exact:
            return True
        after = self.build.copy()
        change(after)
        left = ledger(self.book, after, self.rules, 0, self.allowance).left
        return can_spend(self.book, after, self.rules, left, self.species_traits)
