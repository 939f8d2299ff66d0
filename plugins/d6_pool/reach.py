"""What a build can still spend: every total of creation points that some legal purchases would add up to.

When the house rule ``unspent_points`` is ``violation`` a build must spend its pool exactly, and a large
pool (``creation_points`` of about 190 or more) can be more than a build can legally spend once its skills
are capped. Creation asks :func:`can_spend` before it offers a class, a Disadvantage or a purchase, so a
choice that would leave points no legal purchase can take is never on the menu, and ``--auto`` never
makes a build that ``lifepath check`` refuses.

The totals are kept as a bit set in an ``int`` (bit ``n`` set: ``n`` more points can be spent exactly).
Each kind of purchase is one group of choices (a build's :class:`Stock`): attribute dice (any number up to
the room left, at the die price), skill ranks and specialisation ranks (any number up to their caps), each
Advantage not taken (one of its values, or none) and each Special Ability (any number of further ranks).

A purchase on the spending menus changes one group only, so whether the pool could still be spent exactly
after it is answered from the stock with that group changed (:meth:`Room.fits`), without trying the
purchase on a copy of the build.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Any

from .build import Build, ability_cost, ceil_div
from .tables import Book


@dataclass(frozen=True, slots=True)
class Stock:
    """What a build can still buy under its caps, group by group."""

    #: attribute pips bought, and the pips the attributes can still rise under their maxima
    pips: int
    room: int
    #: skill ranks that can still be bought, one at a time up to each cap
    ranks: int
    #: specialisation ranks bought, and those that can still be bought up to the caps
    bought: int
    free: int
    #: each Advantage not taken and each Special Ability below its most ranks (by ``(kind, name)``): the
    #: points it could still add, sorted, 0 (leaving it alone) first
    traits: Mapping[tuple[str, str], tuple[int, ...]]


def stock(book: Book, build: Build, rules: Mapping[str, Any], taken_elsewhere: Collection[str] = ()) -> Stock:
    """What ``build`` can still buy; ``taken_elsewhere`` names traits the character has without buying
    them (a species' own), which are not for sale."""
    cls = build.cls
    caps = book.rank_caps[cls]
    attrs, skills, specs = build.attributes, build.skills, build.specialisations
    traits: dict[tuple[str, str], tuple[int, ...]] = {}
    taken = {n for n, _ in build.advantages} | set(taken_elsewhere)
    for name, entry in book.advantages.items():
        if name not in taken:
            traits["advantage", name] = (0, *sorted(int(p) for p in entry["points"]))
    have = dict(build.special_abilities)
    for name, entry in book.special_abilities.items():
        now, most = have.get(name, 0), int(entry["max_ranks"])
        if name not in taken_elsewhere and now < most:
            base = ability_cost(book, rules, name, now)
            traits["special_ability", name] = tuple(
                ability_cost(book, rules, name, r) - base for r in range(now, most + 1)
            )
    return Stock(
        pips=sum(attrs.values()),
        room=sum(max(book.attribute_max_pips(cls, a) - attrs.get(a, 0), 0) for a in book.attributes),
        ranks=sum(max(cap - skills.get(s, 0), 0) for s, cap in caps.items()),
        bought=sum(specs.values()),
        free=sum(max(caps[skill] - specs.get(k, 0), 0) for k, skill in book.specialisations.items()),
        traits=traits,
    )


def _runs(book: Book, s: Stock) -> list[tuple[int, int]]:
    """Attribute dice, skill ranks and specialisation points as runs ``(count, step)``: any number of steps
    up to ``count``. Dice are whole dice, as many as the room under the maxima holds; specialisation ranks
    come in groups of ranks per point, a part group paid in full."""
    costs, per, group = book.costs, book.per_die, book.costs["specialisation_ranks_per_point"]
    dice = max((s.pips + s.room) // per - ceil_div(s.pips, per), 0)
    points = ceil_div(s.bought + s.free, group) - ceil_div(s.bought, group)
    return [(dice, costs["attribute_die"]), (s.ranks, costs["skill_rank"]), (points, 1)]


def _groups(
    book: Book, build: Build, rules: Mapping[str, Any], taken_elsewhere: Collection[str]
) -> tuple[list[tuple[int, int]], list[list[int]]]:
    """Each kind of purchase as what it could still add: runs ``(count, step)`` (any number of steps up
    to ``count``) for attribute dice, skill ranks and specialisation points; sorted amounts (0 first)
    for each Advantage not taken and each Special Ability."""
    s = stock(book, build, rules, taken_elsewhere)
    return _runs(book, s), [list(amounts) for amounts in s.traits.values()]


def _choices(mask: int, amounts: Collection[int]) -> int:
    """``mask`` shifted by each of ``amounts`` (0 among them when the choice may be left alone), OR-ed."""
    out = 0
    for amount in amounts:
        out |= mask << amount
    return out


def _reach(runs: list[tuple[int, int]], choices: Iterable[Sequence[int]]) -> int:
    """Every total the groups can add up to, as a bit set. When the one-point purchases left (any total
    from 0 to ``bridge``) are enough to bridge the widest gap between neighbouring amounts of every other
    kind, every total up to the most is reachable, and that is answered without adding the sets up."""
    choices = list(choices)
    top = sum(count * step for count, step in runs) + sum(c[-1] for c in choices)
    bridge = sum(count for count, step in runs if step == 1)
    widest = max(
        [step for count, step in runs if count and step > 1] + [b - a for c in choices for a, b in pairwise(c)],
        default=0,
    )
    if widest <= bridge + 1:
        return (1 << (top + 1)) - 1
    mask = 1
    for count, step in runs:
        mask = _choices(mask, [n * step for n in range(count + 1)])
    for amounts in choices:
        mask = _choices(mask, amounts)
    return mask


def spendable(book: Book, build: Build, rules: Mapping[str, Any], taken_elsewhere: Collection[str] = ()) -> int:
    """Every number of further points ``build`` could spend exactly, as a bit set (bit 0 is always set).

    ``taken_elsewhere`` names traits the character has without buying them (a species' own), which are
    not for sale.
    """
    return _reach(*_groups(book, build, rules, taken_elsewhere))


def can_spend(
    book: Book, build: Build, rules: Mapping[str, Any], points: int, taken_elsewhere: Collection[str] = ()
) -> bool:
    """Whether some legal purchases add ``build`` exactly ``points`` more (``points`` < 0: never)."""
    return points >= 0 and bool(spendable(book, build, rules, taken_elsewhere) >> points & 1)


def most(book: Book, build: Build, rules: Mapping[str, Any], taken_elsewhere: Collection[str] = ()) -> int:
    """The most further points ``build`` can spend."""
    return spendable(book, build, rules, taken_elsewhere).bit_length() - 1


# -- one purchase more, from the stock ------------------------------------------------------------------

#: what one purchase of a kind does to the stock (``name`` and ``points`` say which trait, at what price),
#: and what it costs
Taking = Callable[[Book, Stock, str, int], tuple[Stock, int]]


def _die(book: Book, s: Stock, name: str, points: int) -> tuple[Stock, int]:
    """A die's pips wherever there is room (any attribute leaves the same room as any other)."""
    per, placed = book.per_die, min(book.per_die, s.room)
    cost = (ceil_div(s.pips + placed, per) - ceil_div(s.pips, per)) * book.costs["attribute_die"]
    return replace(s, pips=s.pips + placed, room=s.room - placed), cost


def _skill_rank(book: Book, s: Stock, name: str, points: int) -> tuple[Stock, int]:
    """A skill rank (any skill below its cap leaves the same room as any other)."""
    if not s.ranks:
        return s, 0
    return replace(s, ranks=s.ranks - 1), book.costs["skill_rank"]


def _specialisation_rank(book: Book, s: Stock, name: str, points: int) -> tuple[Stock, int]:
    """A specialisation rank: a point for a new group of ranks, nothing while a paid group has ranks left."""
    if not s.free:
        return s, 0
    group = book.costs["specialisation_ranks_per_point"]
    cost = ceil_div(s.bought + 1, group) - ceil_div(s.bought, group)
    return replace(s, bought=s.bought + 1, free=s.free - 1), cost


def _advantage(book: Book, s: Stock, name: str, points: int) -> tuple[Stock, int]:
    """The Advantage ``name`` at ``points``: it is taken, so none of its values is left to choose."""
    traits = {k: v for k, v in s.traits.items() if k != ("advantage", name)}
    return replace(s, traits=traits), points


def _ability_rank(book: Book, s: Stock, name: str, points: int) -> tuple[Stock, int]:
    """A rank of the Special Ability ``name``: its further ranks are counted from the next one."""
    key = ("special_ability", name)
    amounts = s.traits[key]
    cost = amounts[1]
    traits = dict(s.traits)
    if len(amounts) > 2:
        traits[key] = tuple(a - cost for a in amounts[1:])
    else:  # at its most now: nothing more of it to buy
        del traits[key]
    return replace(s, traits=traits), cost


TAKING: dict[str, Taking] = {
    "attribute": _die,
    "skill": _skill_rank,
    "specialisation": _specialisation_rank,
    "advantage": _advantage,
    "special_ability": _ability_rank,
}


@dataclass(frozen=True, slots=True)
class Room:
    """A build's stock and the points it has left (nothing unplaced), made once for a state of the build
    and asked of every purchase on offer: :meth:`fits` changes only the purchase's own group and prices
    only what it adds, where trying it meant copying the build, pricing the copy and counting its stock
    again."""

    book: Book
    stock: Stock
    left: int

    def fits(self, kind: str, name: str = "", points: int = 0) -> bool:
        """Whether the pool could still be spent exactly after one purchase of ``kind`` (for an Advantage,
        ``name`` at ``points``; for a Special Ability, a rank of ``name``; any other kind's are alike)."""
        after, cost = TAKING[kind](self.book, self.stock, name, points)
        left = self.left - cost
        return left >= 0 and bool(_reach(_runs(self.book, after), after.traits.values()) >> left & 1)


__all__ = ["Room", "Stock", "can_spend", "most", "spendable", "stock"]
