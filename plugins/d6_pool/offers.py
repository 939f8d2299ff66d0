"""What the spending menu offers now, by kind: attribute dice, skill and specialisation ranks, Advantages
and Special Ability ranks, each a list of :class:`~.purchase.Purchase` in table order; whether a kind has
anything to take, answered without making its menu (the menu of kinds asks that of every kind at every
purchase, and only the kind chosen is made); and, under ``unspent_points=violation``, which purchases
leave a pool that can still be spent exactly."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from lifepath import Option

from . import attributes, ranks, traits
from .build import Build
from .purchase import Purchase, disabled, enabled
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

#: whether each kind has anything to take with the points left given, the same answer as
#: ``enabled(OFFERS[kind](c))`` found from the build without making the menu (``tests/d6_pool/test_offers.py``
#: holds the two together)
ON_OFFER: dict[str, Callable[[Creation, int], bool]] = {
    "attribute": attributes.die_on_offer,
    "skill": ranks.skill_rank_on_offer,
    "specialisation": ranks.specialisation_rank_on_offer,
    "advantage": traits.advantage_on_offer,
    "special_ability": traits.ability_on_offer,
}


def on_offer(c: Creation) -> dict[str, list[Purchase]]:
    """Every kind's purchases as the build stands (a kind with nothing affordable has none)."""
    return {kind: offers(c) for kind, offers in OFFERS.items()}


def why_not(c: Creation, kind: str, left: int) -> str | None:
    """Why the menu of kinds shows ``kind`` disabled (with ``left`` points left), or ``None`` when something
    of it can be taken."""
    if not ON_OFFER[kind](c, left):
        return "nothing of this kind is affordable or below its cap"
    if c.exact and not enabled(list(fitting(c, kind, OFFERS[kind](c)))):
        return "nothing of this kind leaves points that can all be spent (unspent_points=violation)"
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


def fitting(c: Creation, kind: str, offers: list[Purchase]) -> Iterator[Purchase]:
    """The offers of one kind after which the pool can still be spent exactly (unspent_points=violation),
    found lazily (a menu of kinds needs only one of each). Any attribute die, skill rank or
    specialisation rank leaves the same choices as any other of its kind (only the room left under
    the caps counts), so each of those kinds is asked once; each Advantage and Special Ability on its own.
    """
    book, per = c.book, c.book.per_die

    def die(b: Build) -> None:
        need = per
        for a in book.attributes:
            step = max(min(need, book.attribute_max_pips(b.cls, a) - b.attributes[a]), 0)
            b.attributes[a] += step
            need -= step

    def rank(ranks: Callable[[Build], dict[str, int]], keys: Mapping[str, str]) -> Callable[[Build], None]:
        def change(b: Build) -> None:
            for key, skill in keys.items():
                if ranks(b).get(key, 0) < book.rank_cap(b.cls, skill):
                    ranks(b)[key] = ranks(b).get(key, 0) + 1
                    return

        return change

    kinds: dict[str, Callable[[Build], None]] = {
        "attribute": die,
        "skill": rank(lambda b: b.skills, {s: s for s in book.skills}),
        "specialisation": rank(lambda b: b.specialisations, book.specialisations),
    }
    if kind in kinds:
        if enabled(offers) and c.fits(kinds[kind]):
            yield from offers
        return
    for p in offers:  # one that would leave the pool unspendable stays in its place, disabled
        if p.option.disabled is None and p.change is not None and not c.fits(p.change):
            yield disabled(p.option, "it would leave points that cannot all be spent (unspent_points=violation)")
        else:
            yield p
