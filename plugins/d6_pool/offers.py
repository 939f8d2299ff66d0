"""What the spending menu offers now, by kind: attribute dice, skill and specialisation ranks, Advantages
and Special Ability ranks, each a list of :class:`~.purchase.Purchase` in table order; and, under
``unspent_points=violation``, which of them leave a pool that can still be spent exactly."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from .attributes import attribute_offers
from .build import Build
from .purchase import Purchase, disabled, enabled
from .ranks import skill_offers, specialisation_offers
from .state import Creation
from .traits import ability_offers, advantage_offers

#: the menu's label for each kind of purchase
LABELS = {
    "attribute": "Buy an attribute die",
    "skill": "Buy a skill rank",
    "specialisation": "Buy a specialisation rank",
    "advantage": "Take an Advantage",
    "special_ability": "Buy a Special Ability rank",
}


def on_offer(c: Creation) -> dict[str, list[Purchase]]:
    """Every kind's purchases as the build stands (a kind with nothing affordable has none)."""
    return {
        "attribute": attribute_offers(c),
        "skill": skill_offers(c),
        "specialisation": specialisation_offers(c),
        "advantage": advantage_offers(c),
        "special_ability": ability_offers(c),
    }


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
