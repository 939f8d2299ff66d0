"""Advantages and Special Abilities on the spending menu: every one in table order, at every price, those
that cannot be taken now (a Trait the species starts with, already taken or at its most ranks, too dear)
kept in place disabled with the reason."""

from __future__ import annotations

from functools import partial

from lifepath import Option

from .build import Build, next_rank_cost
from .purchase import Purchase, disabled, enabled
from .state import Creation, pts


def advantage_offers(c: Creation) -> list[Purchase]:
    """Every Advantage at every price, in table order; the ones that cannot be taken now stay in their
    place, disabled with the reason (none at all when nothing can be taken)."""
    taken = {n for n, _ in c.build.advantages}
    left = c.left()
    offers = []
    for name, entry in c.book.advantages.items():
        for points in entry["points"]:
            option = Option(f"{name} ({points})", f"{name} at {pts(int(points))}", detail=entry["summary"])
            if name in c.species_traits:
                offers.append(disabled(option, "a Trait your species starts with"))
            elif name in taken:
                offers.append(disabled(option, "already taken"))
            elif points > left:
                offers.append(disabled(option, f"costs {pts(int(points))}; {pts(left)} left"))
            else:
                offers.append(
                    Purchase(
                        option,
                        partial(take_advantage, c, name, int(points)),
                        partial(_add_advantage, name, int(points)),
                    )
                )
    return offers if enabled(offers) else []


def take_advantage(c: Creation, name: str, points: int) -> None:
    c.build.advantages.append((name, points))
    c.ctx.change("advantages", None, f"{name} ({points})", f"Advantage for {pts(points)}; {pts(c.left())} left")


def ability_offers(c: Creation) -> list[Purchase]:
    """Every Special Ability, in table order; the ones that cannot be raised now stay in their place,
    disabled with the reason (none at all when nothing can be raised)."""
    have = dict(c.build.special_abilities)
    left = c.left()
    offers = []
    for name, entry in c.book.special_abilities.items():
        now, most = have.get(name, 0), int(entry["max_ranks"])
        cost = next_rank_cost(c.book, c.rules, name, now)
        option = Option(name, f"{name} rank {now} -> {now + 1} of {most} ({pts(cost)})", detail=entry["summary"])
        if name in c.species_traits:
            offers.append(disabled(Option(name, name, detail=entry["summary"]), "a Trait your species starts with"))
        elif now >= most:
            offers.append(
                disabled(
                    Option(name, f"{name} rank {now} of {most}", detail=entry["summary"]),
                    f"at its most, {most} rank(s)",
                )
            )
        elif cost > left:
            offers.append(disabled(option, f"costs {pts(cost)}; {pts(left)} left"))
        else:
            offers.append(Purchase(option, partial(add_ability, c, name, cost), partial(_add_rank_of, name)))
    return offers if enabled(offers) else []


def add_ability(c: Creation, name: str, cost: int) -> None:
    have = dict(c.build.special_abilities)
    now = have.get(name, 0) + 1
    if name in have:
        c.build.special_abilities = [(n, now if n == name else r) for n, r in c.build.special_abilities]
    else:
        c.build.special_abilities.append((name, now))
    c.ctx.change(f"special ability {name}", now - 1, now, f"a rank for {pts(cost)}; {pts(c.left())} left")


def _add_advantage(name: str, points: int, build: Build) -> None:
    build.advantages.append((name, points))


def _add_rank_of(name: str, build: Build) -> None:
    have = dict(build.special_abilities)
    have[name] = have.get(name, 0) + 1
    build.special_abilities = list(have.items())
