"""What the spending menu offers now, by kind: attribute dice, skill and specialisation ranks, Advantages
and Special Ability ranks, each a list of :class:`~.purchase.Purchase` in table order; whether a kind has
anything to take, answered without making its menu (the menu of kinds asks that of every kind at every
purchase, and only the kind chosen is made); and, under ``unspent_points=violation``, which purchases
leave a pool that can still be spent exactly."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from lifepath import Option

from . import attributes, ranks, traits
from .previews import trait_key
from .purchase import Purchase, disabled, enabled
from .reach import Room
from .state import Creation

#: the menu's label for each kind of purchase
LABELS = {
    "attribute": "Buy an attribute die",
    "skill": "Buy a skill rank",
    "specialisation": "Buy a specialisation rank",
    "advantage": "Take an Advantage",
    "special_ability": "Buy a Special Ability rank",
}


#: each kind's menu as the build stands, in table order, those that cannot be taken now disabled with the
#: reason (none when nothing can be taken); its options are made once per state and shared by every build
MENUS: dict[str, Callable[[Creation], list[Option]]] = {
    "attribute": attributes.attribute_menu,
    "skill": ranks.skill_menu,
    "specialisation": ranks.specialisation_menu,
    "advantage": traits.advantage_menu,
    "special_ability": traits.ability_menu,
}

#: what taking each kind's option does (given its id)
BUY: dict[str, Callable[[Creation, str], None]] = {
    "attribute": attributes.buy_attribute,
    "skill": ranks.buy_skill,
    "specialisation": ranks.buy_specialisation,
    "advantage": traits.buy_advantage,
    "special_ability": traits.buy_ability,
}

#: each kind's menu as purchases (:class:`~.purchase.Purchase`), for typed purchases and for telling which
#: purchases leave a pool that can still be spent exactly
OFFERS: dict[str, Callable[[Creation], list[Purchase]]] = {
    "attribute": attributes.attribute_offers,
    "skill": ranks.skill_offers,
    "specialisation": ranks.specialisation_offers,
    "advantage": traits.advantage_offers,
    "special_ability": traits.ability_offers,
}

#: each kind's cheapest purchase as the build stands (``None``: nothing of it is left under its caps); a
#: purchase changes only its own kind's, so the spending menus keep them between purchases (:mod:`.shop`)
LEAST: dict[str, Callable[[Creation], int | None]] = {
    "attribute": attributes.least_die,
    "skill": ranks.least_skill_rank,
    "specialisation": ranks.least_specialisation_rank,
    "advantage": traits.least_advantage,
    "special_ability": traits.least_ability_rank,
}

#: whether each kind has anything to take with the points left given (its least price within them), the
#: same answer as ``enabled(OFFERS[kind](c))`` found from the build without making the menu
#: (``tests/d6_pool/test_offers.py`` holds the two together)
ON_OFFER: dict[str, Callable[[Creation, int], bool]] = {
    "attribute": attributes.die_on_offer,
    "skill": ranks.skill_rank_on_offer,
    "specialisation": ranks.specialisation_rank_on_offer,
    "advantage": traits.advantage_on_offer,
    "special_ability": traits.ability_on_offer,
}

#: the kinds whose purchases all leave the same room (any attribute die, skill rank or specialisation
#: rank as any other: only the room left under the caps counts), so whether one fits is asked once
ALIKE = frozenset({"attribute", "skill", "specialisation"})

#: why the menu of kinds shows a kind disabled
NOTHING_TO_TAKE = "nothing of this kind is affordable or below its cap"
NOTHING_FITS = "nothing of this kind leaves points that can all be spent (unspent_points=violation)"
#: why a purchase is disabled under unspent_points=violation
STRANDS = "it would leave points that cannot all be spent (unspent_points=violation)"


def on_offer(c: Creation) -> dict[str, list[Purchase]]:
    """Every kind's purchases as the build stands (a kind with nothing affordable has none)."""
    return {kind: offers(c) for kind, offers in OFFERS.items()}


def why_not(c: Creation, kind: str, left: int) -> str | None:
    """Why the menu of kinds shows ``kind`` disabled (with ``left`` points left), or ``None`` when something
    of it can be taken."""
    if not ON_OFFER[kind](c, left):
        return NOTHING_TO_TAKE
    if c.exact and not enabled(list(fitting(c, kind, OFFERS[kind](c)))):
        return NOTHING_FITS
    return None


def menu(c: Creation, kind: str) -> list[Option]:
    """A kind's menu as the build stands, those that would strand points disabled under
    ``unspent_points=violation``."""
    if c.exact:
        return [p.option for p in offered(c, kind, OFFERS[kind](c))]
    return MENUS[kind](c)


def offered(c: Creation, kind: str, offers: list[Purchase]) -> list[Purchase]:
    """A kind's menu: ``offers`` (of :func:`on_offer`), those that would strand points disabled under
    ``unspent_points=violation``."""
    return list(fitting(c, kind, offers)) if c.exact else offers


def fits(room: Room, kind: str, option: Option) -> bool:
    """Whether taking ``option`` of ``kind`` leaves a pool that can still be spent exactly, answered from
    the room left (:meth:`.reach.Room.fits`): an Advantage's id names it and its price, a Special
    Ability's its name, and any purchase of the other kinds leaves what any other would."""
    if kind == "advantage":
        found = trait_key(option.id)
        assert found is not None, option.id  # the Advantage menu's ids are all ``Name (points)``
        return room.fits(kind, *found)
    return room.fits(kind, option.id)


def fitting(c: Creation, kind: str, offers: list[Purchase]) -> Iterator[Purchase]:
    """The offers of one kind after which the pool can still be spent exactly (unspent_points=violation),
    found lazily (a menu of kinds needs only one of each) from the room the build has left
    (:meth:`.state.Creation.room`), made once for all of them. Each attribute die, skill rank or
    specialisation rank leaves the same choices as any other of its kind, so each of those kinds is asked
    once; each Advantage and Special Ability on its own."""
    room = c.room() if c.exact else None
    if kind in ALIKE:
        if enabled(offers) and (room is None or room.fits(kind)):
            yield from offers
        return
    for p in offers:  # one that would leave the pool unspendable stays in its place, disabled
        if p.option.disabled is None and room is not None and not fits(room, kind, p.option):
            yield disabled(p.option, STRANDS)
        else:
            yield p
