"""What every creation stage shares: one character's creation in progress (:class:`Creation`), with the
points left, the status line every decision shows, and whether a change leaves a pool that can still be
spent exactly."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from lifepath import Context

from . import species
from .build import Build, Ledger, ledger
from .codes import to_code
from .pricing import Pricing
from .reach import Room, can_spend, stock
from .tables import Book

if TYPE_CHECKING:
    from .shop import Shop

#: the menu answers that end a stage's loop, and leave a purchase's menu for the menu of kinds
DONE = "done"
BACK = "back"


@cache
def pts(n: int) -> str:
    """``1 point``, ``2 points``: written once for each number and kept, as creation writes some hundred
    a character, and a kept one costs under half (callgrind: 94 k instructions a character less)."""
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
        #: for the sheet so far (:mod:`.recap`), which the build is on until the end (taken away then: see
        #: :meth:`.procedure.Procedure.run`)
        ctx.state["creation"] = self
        #: the build as last priced (see :meth:`priced`)
        self.pricing = Pricing()
        #: the spending menus kept as the build stands, while the pool is spent (:mod:`.shop`)
        self.shop: Shop | None = None

    def set_species(self, data: Mapping[str, Any]) -> None:
        """The character's species, its totals under the house rules, and the Traits it brings (not for sale)."""
        self.species = data
        self.allowance = species.totals(self.book, self.rules, data)
        self.species_traits = species.trait_names(data)

    def priced(self) -> Pricing:
        """The build priced (:class:`~.pricing.Pricing`), each part of its ledger priced again only when
        what it counts changed: a purchase changes one part, and the menus of one purchase ask for the
        points left a dozen times."""
        return self.pricing.of(self)

    def ledger(self) -> Ledger:
        return self.pricing.of(self).ledger

    def left(self) -> int:
        return self.pricing.of(self).left

    def status(self) -> str:
        """The line every decision shows: points left, the pool, and the attributes so far."""
        return self.pricing.of(self).status(self)

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

    def room(self) -> Room:
        """What the build can still buy and the points it has left (nothing unplaced), to ask of each
        purchase on offer whether the pool could still be spent exactly after it (:meth:`.reach.Room.fits`,
        the answer :meth:`fits` gives by trying it)."""
        left = ledger(self.book, self.build, self.rules, 0, self.allowance).left
        return Room(self.book, stock(self.book, self.build, self.rules, self.species_traits), left)
