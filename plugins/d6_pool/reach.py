"""What a build can still spend: every total of creation points that some legal purchases would add up to.

When the house rule ``unspent_points`` is ``violation`` a build must spend its pool exactly, and a large
pool (``creation_points`` of about 190 or more) can be more than a build can legally spend once its skills
are capped. Creation asks :func:`can_spend` before it offers a class, a Disadvantage or a purchase, so a
choice that would leave points no legal purchase can take is never on the menu, and ``--auto`` never
makes a build that ``lifepath check`` refuses.

The totals are kept as a bit set in an ``int`` (bit ``n`` set: ``n`` more points can be spent exactly).
Each kind of purchase is one group of choices: attribute dice (any number up to the room left, at the die
price), skill ranks and specialisation ranks (any number up to their caps), each Advantage not taken (one
of its values, or none) and each Special Ability (any number of further ranks).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from itertools import pairwise
from typing import Any

from .build import Build, ability_cost, ceil_div
from .tables import Book


def _choices(mask: int, amounts: Collection[int]) -> int:
    """``mask`` shifted by each of ``amounts`` (0 among them when the choice may be left alone), OR-ed."""
    out = 0
    for amount in amounts:
        out |= mask << amount
    return out


def _groups(
    book: Book, build: Build, rules: Mapping[str, Any], taken_elsewhere: Collection[str]
) -> tuple[list[tuple[int, int]], list[list[int]]]:
    """Each kind of purchase as what it could still add: runs ``(count, step)`` (any number of steps up
    to ``count``) for attribute dice, skill ranks and specialisation points; sorted amounts (0 first)
    for each Advantage not taken and each Special Ability."""
    costs, per, cls = book.costs, book.per_die, build.cls
    caps = book.rank_caps[cls]
    attrs, skills, specs = build.attributes, build.skills, build.specialisations
    # attribute dice: whole dice, as many as the room under the attributes' maxima holds
    pips = sum(attrs.values())
    room = sum(max(book.attribute_max_pips(cls, a) - attrs.get(a, 0), 0) for a in book.attributes)
    dice = max((pips + room) // per - ceil_div(pips, per), 0)
    # skill ranks, one at a time up to each cap
    ranks = sum(max(cap - skills.get(s, 0), 0) for s, cap in caps.items())
    # specialisation ranks: groups of ranks per point, a part group paid in full
    group = costs["specialisation_ranks_per_point"]
    bought = sum(specs.values())
    free = sum(max(caps[skill] - specs.get(k, 0), 0) for k, skill in book.specialisations.items())
    points = ceil_div(bought + free, group) - ceil_div(bought, group)
    runs = [(dice, costs["attribute_die"]), (ranks, costs["skill_rank"]), (points, 1)]
    # each Advantage not yet taken: one of its values, or none
    taken = {n for n, _ in build.advantages} | set(taken_elsewhere)
    choices = [
        [0, *sorted(int(p) for p in entry["points"])] for name, entry in book.advantages.items() if name not in taken
    ]
    # each Special Ability: any number of further ranks up to its maximum
    have = dict(build.special_abilities)
    for name, entry in book.special_abilities.items():
        now = have.get(name, 0)
        if name not in taken_elsewhere and now < int(entry["max_ranks"]):
            base = ability_cost(book, rules, name, now)
            choices.append([ability_cost(book, rules, name, r) - base for r in range(now, int(entry["max_ranks"]) + 1)])
    return runs, choices


def spendable(book: Book, build: Build, rules: Mapping[str, Any], taken_elsewhere: Collection[str] = ()) -> int:
    """Every number of further points ``build`` could spend exactly, as a bit set (bit 0 is always set).

    ``taken_elsewhere`` names traits the character has without buying them (a species' own), which are
    not for sale. When the one-point purchases left (any total from 0 to ``bridge``) are enough to
    bridge the widest gap between neighbouring amounts of every other kind, every total up to the most
    is reachable, and that is answered without adding the sets up.
    """
    runs, choices = _groups(book, build, rules, taken_elsewhere)
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


def can_spend(
    book: Book, build: Build, rules: Mapping[str, Any], points: int, taken_elsewhere: Collection[str] = ()
) -> bool:
    """Whether some legal purchases add ``build`` exactly ``points`` more (``points`` < 0: never)."""
    return points >= 0 and bool(spendable(book, build, rules, taken_elsewhere) >> points & 1)


def most(book: Book, build: Build, rules: Mapping[str, Any], taken_elsewhere: Collection[str] = ()) -> int:
    """The most further points ``build`` can spend."""
    return spendable(book, build, rules, taken_elsewhere).bit_length() - 1


__all__ = ["can_spend", "most", "spendable"]
