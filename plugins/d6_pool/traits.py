"""Advantages and Special Abilities on the spending menu: every one in table order, at every price, those
that cannot be taken now (a Trait the species starts with, already taken or at its most ranks, too dear)
kept in place disabled with the reason."""

from __future__ import annotations

from functools import partial

from lifepath import Option

from .build import next_rank_cost
from .purchase import Purchase, disabled, kept, purchases, within
from .state import Creation, pts


def least_advantage(c: Creation) -> int | None:
    """The cheapest price of an Advantage the species does not bring and not taken yet (``None``: none is
    left); kept for each species' Traits and Advantages taken, as the spending menus ask it when spending
    starts and after each Advantage (callgrind: 21 k instructions each time it is worked out)."""
    state = ("least advantage", tuple(c.species_traits), tuple(c.build.advantages))
    least: int | None = kept(c.book, state, cheapest_advantage, c)
    return least


def cheapest_advantage(c: Creation) -> int | None:
    """:func:`least_advantage`, worked out."""
    taken = {n for n, _ in c.build.advantages}
    return min(
        (
            int(points)
            for name, entry in c.book.advantages.items()
            if name not in c.species_traits and name not in taken
            for points in entry["points"]
        ),
        default=None,
    )


def advantage_on_offer(c: Creation, left: int) -> bool:
    """Whether :func:`advantage_offers` has anything to take with ``left`` points left: an Advantage the
    species does not bring, not taken yet, at a price within the points left."""
    return within(least_advantage(c), left)


def advantage_menu(c: Creation) -> list[Option]:
    """Every Advantage at every price, in table order; the ones that cannot be taken now stay in their
    place, disabled with the reason (none at all when nothing can be taken)."""
    taken = {n for n, _ in c.build.advantages}
    left = c.left()
    options = []
    for name, entry in c.book.advantages.items():
        for points in entry["points"]:
            if name in c.species_traits:
                why = "a Trait your species starts with"
            elif name in taken:
                why = "already taken"
            elif points > left:
                why = f"costs {pts(int(points))}; {pts(left)} left"
            else:
                why = ""
            options.append(kept(c.book, ("advantage", name, points, why), advantage_option, c, name, int(points), why))
    return options if any(o.disabled is None for o in options) else []


def advantage_at(c: Creation, answer: str) -> tuple[str, int]:
    """The Advantage and price an answer to the Advantage menu (``Name (points)``) names."""
    return next(
        (name, int(points))
        for name, entry in c.book.advantages.items()
        for points in entry["points"]
        if answer == f"{name} ({points})"
    )


def buy_advantage(c: Creation, answer: str) -> None:
    take_advantage(c, *advantage_at(c, answer))


def advantage_offers(c: Creation) -> list[Purchase]:
    return purchases(advantage_menu(c), partial(buy_advantage, c))


def advantage_option(c: Creation, name: str, points: int, why: str) -> Option:
    """An Advantage at one price on its menu, disabled with ``why`` when that is not empty."""
    option = Option(f"{name} ({points})", f"{name} at {pts(points)}", detail=c.book.advantages[name]["summary"])
    return disabled(option, why).option if why else option


def take_advantage(c: Creation, name: str, points: int) -> None:
    c.build.advantages.append((name, points))
    c.ctx.change("advantages", None, f"{name} ({points})", f"Advantage for {pts(points)}; {pts(c.left())} left")


def least_ability_rank(c: Creation) -> int | None:
    """The cheapest next rank of a Special Ability the species does not bring, below its most ranks
    (``None``: none is left); kept for each species' Traits, Special Abilities taken and the house rule that
    prices their ranks, as the spending menus ask it when spending starts and after each rank (callgrind:
    46 k instructions each time it is worked out; with :func:`least_advantage` kept too, 97 k a character
    less)."""
    state = (
        "least ability rank",
        tuple(c.species_traits),
        tuple(c.build.special_abilities),
        c.rules.get("special_ability_ranks"),
    )
    least: int | None = kept(c.book, state, cheapest_ability_rank, c)
    return least


def cheapest_ability_rank(c: Creation) -> int | None:
    """:func:`least_ability_rank`, worked out."""
    have = dict(c.build.special_abilities)
    return min(
        (
            next_rank_cost(c.book, c.rules, name, have.get(name, 0))
            for name, entry in c.book.special_abilities.items()
            if name not in c.species_traits and have.get(name, 0) < int(entry["max_ranks"])
        ),
        default=None,
    )


def ability_on_offer(c: Creation, left: int) -> bool:
    """Whether :func:`ability_offers` has anything to take with ``left`` points left: a Special Ability
    the species does not bring, below its most ranks, whose next rank is within the points left."""
    return within(least_ability_rank(c), left)


def ability_menu(c: Creation) -> list[Option]:
    """Every Special Ability, in table order; the ones that cannot be raised now stay in their place,
    disabled with the reason (none at all when nothing can be raised)."""
    have = dict(c.build.special_abilities)
    left = c.left()
    options = []
    for name, entry in c.book.special_abilities.items():
        now, most = have.get(name, 0), int(entry["max_ranks"])
        cost = next_rank_cost(c.book, c.rules, name, now)
        if name in c.species_traits:
            why = "a Trait your species starts with"
        elif now >= most:
            why = f"at its most, {most} rank(s)"
        elif cost > left:
            why = f"costs {pts(cost)}; {pts(left)} left"
        else:
            why = ""
        state = ("special_ability", name, now, cost, why)
        options.append(kept(c.book, state, ability_option, c, name, now, cost, why))
    return options if any(o.disabled is None for o in options) else []


def buy_ability(c: Creation, name: str) -> None:
    add_ability(c, name, next_rank_cost(c.book, c.rules, name, dict(c.build.special_abilities).get(name, 0)))


def ability_offers(c: Creation) -> list[Purchase]:
    return purchases(ability_menu(c), partial(buy_ability, c))


def ability_option(c: Creation, name: str, now: int, cost: int, why: str) -> Option:
    """A Special Ability's next rank on its menu, disabled with ``why`` when that is not empty (a Trait the
    species brings shows its name alone, one at its most its ranks)."""
    entry = c.book.special_abilities[name]
    most, summary = int(entry["max_ranks"]), entry["summary"]
    if name in c.species_traits:
        return disabled(Option(name, name, detail=summary), why).option
    if now >= most:
        return disabled(Option(name, f"{name} rank {now} of {most}", detail=summary), why).option
    option = Option(name, f"{name} rank {now} -> {now + 1} of {most} ({pts(cost)})", detail=summary)
    return disabled(option, why).option if why else option


def add_ability(c: Creation, name: str, cost: int) -> None:
    have = dict(c.build.special_abilities)
    now = have.get(name, 0) + 1
    if name in have:
        c.build.special_abilities = [(n, now if n == name else r) for n, r in c.build.special_abilities]
    else:
        c.build.special_abilities.append((name, now))
    c.ctx.change(f"special ability {name}", now - 1, now, f"a rank for {pts(cost)}; {pts(c.left())} left")
