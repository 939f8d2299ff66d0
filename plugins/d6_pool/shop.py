"""The spending menus of one build, kept as the build stands between purchases (issue 31): the points left
and the status line, each kind's cheapest purchase and the reason the menu of kinds shows it disabled, and
the entries of the attribute, skill and specialisation menus in table order.

Spending starts with all of it made from the whole build, by the same functions as the long way in
:mod:`.offers`; after that a purchase changes only what it touches (:meth:`Shop.bought`): a skill rank that
skill's entry, a specialisation rank that specialisation's entry at each price (when the menu at that price
is next shown), a die or its pips the entries of the attributes they raised, and any purchase its own kind's
cheapest price, the points left, the status line and the reasons. Advantages and Special Abilities, whose
entries name the points left, are made from the build when their menu is chosen.
``tests/d6_pool/test_shop.py`` holds what is kept to what the long way makes, at every menu of kinds."""

from __future__ import annotations

from lifepath import Option

from .attributes import die_entry, split_entry
from .offers import ALIKE, LEAST, MENUS, NOTHING_FITS, NOTHING_TO_TAKE, STRANDS, fits
from .pricing import Pricing
from .purchase import disabled, kept, within
from .ranks import (
    skill_entry,
    specialisation_entry,
    specialisation_price,
    unbought_skills,
    unbought_specialisations,
)
from .reach import Room
from .state import BACK, Creation


class Shop:
    """One build's spending menus, kept between purchases."""

    def __init__(self, c: Creation) -> None:
        book = c.book
        self.c = c
        #: each attribute's pips and its entry on the attribute menu
        self.pips = dict(c.build.attributes)
        self.attributes = {a: die_entry(c, a) for a in book.attributes}
        #: each skill's entry on the skill menu: those of a build that has bought none, and those bought
        self.skills = dict(unbought_skills(c))
        for name in c.build.skills.keys() & self.skills.keys():
            self.skills[name] = skill_entry(c, name)
        #: each specialisation's entry, by the price of a rank in words (made when the menu is first shown
        #: at that price: one point buys a group, and the rest of a paid group are free)
        self.specialisations: dict[str, dict[str, Option]] = {}
        #: at each price, the specialisations a rank was bought of since its entries were last shown (made
        #: again when they are next shown: most purchases change the price, and the menu at the old one is
        #: shown again, if at all, after other ranks; callgrind: 32 k instructions a character less)
        self.stale: dict[str, set[str]] = {}
        #: every kind's menu's last entry: back to the menu of kinds
        self.back = kept(book, ("kind", BACK), Option, BACK, "Back to the menu", 0.0)
        #: each kind's cheapest purchase (``None``: nothing of it is left under its caps)
        self.least = {kind: least(c) for kind, least in LEAST.items()}
        self.left = 0
        self.status = ""
        #: why the menu of kinds shows each kind disabled (``None``: something of it can be taken)
        self.whys: tuple[str | None, ...] = ()
        self._settle(c.priced())

    def bought(self, kind: str, key: str) -> None:
        """Take in one purchase of ``kind`` (``key`` is the answer to its menu), made on the build.

        Every purchase ends by recording its change with the points left after it (:meth:`.state.Creation.left`),
        which prices the build as it stands; so the pricing is taken as it is, not compared with the whole
        build again (callgrind: 5.4 k instructions a purchase, 159 k a character).
        ``tests/d6_pool/test_shop.py`` holds the points left to a shop made afresh after every purchase."""
        c = self.c
        priced = c.pricing
        if kind == "attribute":  # a die on one attribute, or its pips on up to three
            for a, pips in c.build.attributes.items():
                if self.pips[a] != pips:
                    self.pips[a] = pips
                    self.attributes[a] = die_entry(c, a)
        elif kind == "skill":
            self.skills[key] = skill_entry(c, key)
            if self.skills[key].disabled is None:  # still below its cap: a skill rank costs what it did
                self._settle(priced)
                return
        elif kind == "specialisation":
            for stale in self.stale.values():
                stale.add(key)
        self.least[kind] = LEAST[kind](c)
        self._settle(priced)

    def menu(self, kind: str) -> tuple[Option, ...]:
        """``kind``'s menu (chosen at the menu of kinds, so something of it can be taken): the entries kept,
        or, for Advantages and Special Abilities, the entries made now, those that would strand points
        disabled under ``unspent_points=violation``."""
        c = self.c
        if kind == "attribute":
            return (*self.attributes.values(), split_entry(c))
        if kind == "skill":
            return tuple(self.skills.values())
        if kind == "specialisation":
            return tuple(self._specialisations().values())
        if not c.exact:
            return self._traits(kind)
        room = c.room()
        return tuple(
            o if o.disabled is not None or fits(room, kind, o) else disabled(o, STRANDS).option for o in MENUS[kind](c)
        )

    def _traits(self, kind: str) -> tuple[Option, ...]:
        """The Advantage or Special Ability menu, kept for each state it depends on: the traits the species
        brings, those taken (with their points or ranks), the points left and the house rule that prices
        Special Ability ranks (its entries name the points left, so they are made for each)."""
        c = self.c
        taken = c.build.advantages if kind == "advantage" else c.build.special_abilities
        state = (kind, tuple(c.species_traits), tuple(taken), self.left, c.rules.get("special_ability_ranks"))
        menu: tuple[Option, ...] = kept(c.book, ("trait menu", *state), lambda: tuple(MENUS[kind](c)))
        return menu

    def _specialisations(self) -> dict[str, Option]:
        """Every specialisation's entry at the price a rank costs now."""
        c = self.c
        price = specialisation_price(c, self.left)
        assert price is not None  # the menu of kinds offers specialisations only when a rank is affordable
        entries = self.specialisations.get(price)
        if entries is None:  # the entries of a build that has bought none, and those the build has bought
            entries = self.specialisations[price] = dict(unbought_specialisations(c, price))
            self.stale[price] = c.build.specialisations.keys() & entries.keys()
        stale = self.stale[price]
        if stale:
            for key in stale:
                entries[key] = specialisation_entry(c, key, price)
            stale.clear()
        return entries

    def _settle(self, priced: Pricing) -> None:
        """The points left, the status line and each kind's reason, from the build as ``priced`` after a
        purchase (or at the start)."""
        c = self.c
        self.left = left = priced.left
        self.status = priced.status(c)
        least = tuple(self.least.values())
        whys = kept(c.book, ("affordable kinds", least, left), affordable_kinds, least, left)
        if c.exact:  # and, for each kind affordable, some purchase of it that leaves a pool spent exactly
            room = c.room()
            whys = tuple(why or self._why_exact(kind, room) for kind, why in zip(LEAST, whys, strict=True))
        self.whys = whys

    def _why_exact(self, kind: str, room: Room) -> str | None:
        """Why the menu of kinds shows ``kind`` (affordable) disabled under ``unspent_points=violation``:
        no purchase of it leaves a pool that can still be spent exactly, asked of ``room``."""
        if kind in ALIKE:
            fitting = room.fits(kind)
        else:
            fitting = any(fits(room, kind, o) for o in MENUS[kind](self.c) if o.disabled is None)
        return None if fitting else NOTHING_FITS


def affordable_kinds(least: tuple[int | None, ...], left: int) -> tuple[str | None, ...]:
    """Why the menu of kinds shows each kind disabled when the kinds' cheapest purchases are ``least``
    and ``left`` points are left (``None``: something of it is affordable); kept for each, as the menu of
    kinds asks at every purchase."""
    return tuple(None if within(cheapest, left) else NOTHING_TO_TAKE for cheapest in least)
