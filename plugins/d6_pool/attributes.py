"""Attributes: every one bought up to the minimum (1D) first, creation's fourth chapter; then, on the
spending menu, a die at a time (on one attribute, or split into pips placed one by one), never past the
class's maximum."""

from __future__ import annotations

from functools import partial

from lifepath import Decision, Option

from . import purchase_previews
from .purchase import Purchase, kept, purchases, within
from .state import Creation, pts

#: the attribute menu's answer for a die split into pips
SPLIT = "split"


def minimum_attributes(c: Creation) -> None:
    """Every attribute must be at least the minimum (1D): those dice are bought first."""
    low = c.book.attribute_min_pips
    for a in c.book.attributes:
        set_attribute(c, a, low, f"every attribute is at least {c.code(low)}")
    c.ctx.note(f"the minimum attributes cost {c.ledger().attributes} points; {c.status()}")


def set_attribute(c: Creation, name: str, pips: int, why: str) -> None:
    before = c.build.attributes[name]
    c.build.attributes[name] = pips
    c.ctx.sheet.characteristics[name] = pips
    c.ctx.change(f"attribute {name}", c.code(before), c.code(pips), f"{why}; {pts(c.left())} left")


def room(c: Creation, name: str) -> int:
    """Pips ``name`` can still rise under the class's maximum."""
    return c.book.attribute_max_pips(c.build.cls, name) - c.build.attributes[name]


def least_die(c: Creation) -> int | None:
    """What an attribute die costs, or ``None`` when a whole die has nowhere to go (the attributes' room
    under their maxima is less than a die)."""
    book = c.book
    room = sum(book.attribute_maxima[c.build.cls].values()) - sum(book.pips_of(c.build.attributes))
    return book.costs["attribute_die"] if room >= book.per_die else None


def die_on_offer(c: Creation, left: int) -> bool:
    """Whether :func:`attribute_offers` has anything to take with ``left`` points left: a die is
    affordable and has room somewhere (then splitting one always can be taken)."""
    return within(least_die(c), left)


def attribute_menu(c: Creation) -> list[Option]:
    """A whole die on each attribute (disabled where there is no room for one), then a die split into pips;
    none at all when a die is not affordable or has nowhere to go."""
    if not die_on_offer(c, c.left()):
        return []
    return [*(die_entry(c, a) for a in c.book.attributes), split_entry(c)]


def die_entry(c: Creation, a: str) -> Option:
    """Attribute ``a``'s entry on the attribute menu as it stands (kept: :func:`.purchase.kept`)."""
    return kept(c.book, ("attribute", c.build.cls, a, c.build.attributes[a]), die_option, c, a)


def split_entry(c: Creation) -> Option:
    """The attribute menu's last entry: a die split into pips."""
    return kept(c.book, ("attribute", SPLIT), split_option, c)


def buy_attribute(c: Creation, answer: str) -> None:
    """A die on the attribute ``answer``, or a die split into pips (:data:`SPLIT`)."""
    if answer == SPLIT:
        split_die(c)
        return
    why = f"one attribute die for {pts(c.book.costs['attribute_die'])}"
    set_attribute(c, answer, c.build.attributes[answer] + c.book.per_die, why)


def attribute_offers(c: Creation) -> list[Purchase]:
    return purchases(attribute_menu(c), partial(buy_attribute, c))


def die_option(c: Creation, a: str) -> Option:
    """A whole die on attribute ``a`` (disabled where there is no room for one)."""
    book, per, now = c.book, c.book.per_die, c.build.attributes[a]
    most = book.attribute_max_pips(c.build.cls, a)
    if most - now < per:
        return Option(
            a, f"{a} {c.code(now)}", 0.0, disabled=f"no room for a whole die under the maximum of {c.code(most)}"
        )
    primary = book.classes[c.build.cls]["primary"]
    weight = float(c.weights["primary_die" if a == primary else "other_die"])
    return Option(a, f"{a} {c.code(now)} -> {c.code(now + per)} ({pts(book.costs['attribute_die'])})", weight)


def split_option(c: Creation) -> Option:
    """A die bought whole and split into pips."""
    per, cost = c.book.per_die, c.book.costs["attribute_die"]
    label = f"Split one die ({pts(cost)}) into {per} pips among up to {per} attributes"
    return Option(SPLIT, label, float(c.weights["split_die"]))


def split_die(c: Creation) -> None:
    """One die bought whole and split into pips, each placed where an attribute has room.

    The pips' menu is kept from one pip to the next, only the entry of the attribute a pip was placed on
    made again (a menu kept for each set of pips was nearly always made anew; callgrind: 87 k instructions a
    character less)."""
    per, cost = c.book.per_die, c.book.costs["attribute_die"]
    c.unplaced = per
    c.ctx.note(f"one attribute die bought for {pts(cost)}, split into {per} pips; {pts(c.left())} left")
    entries = {a: pip_entry(c, a) for a in c.book.attributes}
    for i in range(1, per + 1):
        opts = tuple(entries.values())
        target = c.ctx.choose(
            Decision("pip", f"Place pip {i} of {per} (the die is paid for)", opts, context=c.status()),
            preview=purchase_previews.pip(c),
        )
        c.unplaced -= 1
        set_attribute(c, target, c.build.attributes[target] + 1, f"pip {i} of {per} from a split die")
        entries[target] = pip_entry(c, target)


def pip_entry(c: Creation, a: str) -> Option:
    """Attribute ``a`` on the menu of a split die's pips as it stands (kept: :func:`.purchase.kept`)."""
    return kept(c.book, ("pip", c.build.cls, a, c.build.attributes[a]), pip_option, c, a)


def pip_option(c: Creation, a: str) -> Option:
    """One pip on attribute ``a`` (disabled at its maximum)."""
    now = c.build.attributes[a]
    if room(c, a) > 0:
        return Option(a, f"{a} {c.code(now)} -> {c.code(now + 1)}")
    most = c.book.attribute_max_pips(c.build.cls, a)
    return Option(a, f"{a} {c.code(now)}", 0.0, disabled=f"at its maximum of {c.code(most)}")
