"""Skill and specialisation ranks on the spending menu: every skill and specialisation in table order,
those at their cap kept in place disabled; a skill rank costs 1 point, one point buys 3 specialisation
ranks (the rest of a paid group are free)."""

from __future__ import annotations

from functools import partial

from lifepath import Option

from .purchase import Purchase, disabled
from .state import Creation, pts


def rank_weight(c: Creation, skill: str) -> float:
    """The NPC policy's weight for a rank in ``skill`` (a class skill's or another's)."""
    return float(c.weights["class_skill" if c.book.is_class_skill(c.build.cls, skill) else "other_skill"])


def skill_offers(c: Creation) -> list[Purchase]:
    book, cost = c.book, c.book.costs["skill_rank"]
    if c.left() < cost:
        return []
    offers = []
    for name, entry in book.skills.items():
        now, cap = c.build.skills.get(name, 0), book.rank_cap(c.build.cls, name)
        kind = "class skill" if book.is_class_skill(c.build.cls, name) else "skill"
        if now >= cap:
            offers.append(
                disabled(Option(name, f"{name} ({entry['attribute']}, {kind}) +{now}"), f"already at its cap of +{cap}")
            )
        else:
            label = f"{name} ({entry['attribute']}, {kind}) +{now} -> +{now + 1}, up to +{cap} ({pts(cost)})"
            offers.append(
                Purchase(
                    Option(name, label, rank_weight(c, name)),
                    partial(add_rank, c, c.build.skills, name, f"skill {name}", f"a skill rank for {pts(cost)}"),
                )
            )
    return offers


def add_rank(c: Creation, ranks: dict[str, int], key: str, what: str, why: str) -> None:
    before = ranks.get(key, 0)
    ranks[key] = before + 1
    if ranks is c.build.skills:
        c.ctx.sheet.skills[key] = ranks[key]
    c.ctx.change(what, f"+{before}", f"+{ranks[key]}", f"{why}; {pts(c.left())} left")


def specialisation_offers(c: Creation) -> list[Purchase]:
    book = c.book
    group = book.costs["specialisation_ranks_per_point"]
    bought = sum(c.build.specialisations.values())
    paid_spare = bought % group != 0
    if not paid_spare and c.left() < 1:
        return []
    price = (
        f"free: {group - bought % group} rank(s) of a paid group left" if paid_spare else f"1 point buys {group} ranks"
    )
    offers = []
    for key, skill in book.specialisations.items():
        now, cap = c.build.specialisations.get(key, 0), book.rank_cap(c.build.cls, skill)
        if now >= cap:
            offers.append(disabled(Option(key, f"{key} +{now}"), f"already at its cap of +{cap}"))
        else:
            offers.append(
                Purchase(
                    Option(key, f"{key} +{now} -> +{now + 1}, up to +{cap} ({price})", rank_weight(c, skill)),
                    partial(
                        add_rank,
                        c,
                        c.build.specialisations,
                        key,
                        f"specialisation {key}",
                        f"a specialisation rank ({price})",
                    ),
                )
            )
    return offers
