"""Skill and specialisation ranks on the spending menu: every skill and specialisation in table order,
those at their cap kept in place disabled; a skill rank costs 1 point, one point buys 3 specialisation
ranks (the rest of a paid group are free)."""

from __future__ import annotations

from functools import partial

from lifepath import Option

from .purchase import Purchase, kept, purchases
from .state import Creation, pts


def rank_weight(c: Creation, skill: str) -> float:
    """The NPC policy's weight for a rank in ``skill`` (a class skill's or another's)."""
    return float(c.weights["class_skill" if c.book.is_class_skill(c.build.cls, skill) else "other_skill"])


def skill_rank_on_offer(c: Creation, left: int) -> bool:
    """Whether :func:`skill_offers` has anything to take with ``left`` points left: a rank is affordable
    and a skill is below its cap."""
    book, build = c.book, c.build
    return left >= book.costs["skill_rank"] and any(
        build.skills.get(name, 0) < book.rank_cap(build.cls, name) for name in book.skills
    )


def skill_menu(c: Creation) -> list[Option]:
    """Every skill's entry on the skill menu as the build stands, those at their cap disabled (none at all
    when a rank is not affordable)."""
    if c.left() < c.book.costs["skill_rank"]:
        return []
    cls, ranks = c.build.cls, c.build.skills
    return [
        kept(c.book, ("skill", cls, name, ranks.get(name, 0)), skill_option, c, name, ranks.get(name, 0))
        for name in c.book.skills
    ]


def buy_skill(c: Creation, name: str) -> None:
    add_rank(c, "skills", name, f"skill {name}", f"a skill rank for {pts(c.book.costs['skill_rank'])}")


def skill_offers(c: Creation) -> list[Purchase]:
    return purchases(skill_menu(c), partial(buy_skill, c))


def skill_option(c: Creation, name: str, now: int) -> Option:
    """A skill's entry on its menu at rank ``now`` (disabled at its cap)."""
    book, cls = c.book, c.build.cls
    cost, cap = book.costs["skill_rank"], book.rank_cap(cls, name)
    head = f"{name} ({book.skills[name]['attribute']}, {'class skill' if book.is_class_skill(cls, name) else 'skill'})"
    if now >= cap:
        return Option(name, f"{head} +{now}", 0.0, disabled=f"already at its cap of +{cap}")
    return Option(name, f"{head} +{now} -> +{now + 1}, up to +{cap} ({pts(cost)})", rank_weight(c, name))


def add_rank(c: Creation, kind: str, key: str, what: str, why: str) -> None:
    """One more rank of ``key`` in the build's ``kind`` (``skills`` or ``specialisations``)."""
    ranks: dict[str, int] = getattr(c.build, kind)
    before = ranks.get(key, 0)
    ranks[key] = before + 1
    if kind == "skills":
        c.ctx.sheet.skills[key] = ranks[key]
    c.ctx.change(what, f"+{before}", f"+{ranks[key]}", f"{why}; {pts(c.left())} left")


def specialisation_rank_on_offer(c: Creation, left: int) -> bool:
    """Whether :func:`specialisation_offers` has anything to take with ``left`` points left: a rank of a
    paid group is left or a point is, and a specialisation is below its cap."""
    book, build = c.book, c.build
    paid_spare = sum(build.specialisations.values()) % book.costs["specialisation_ranks_per_point"] != 0
    return (paid_spare or left >= 1) and any(
        build.specialisations.get(key, 0) < book.rank_cap(build.cls, skill)
        for key, skill in book.specialisations.items()
    )


def specialisation_price(c: Creation) -> str | None:
    """What the next specialisation rank costs, in words, or ``None`` when it is not affordable: one point
    buys a group of ranks, and the rest of a paid group are free."""
    group = c.book.costs["specialisation_ranks_per_point"]
    bought = sum(c.build.specialisations.values())
    if bought % group:
        return f"free: {group - bought % group} rank(s) of a paid group left"
    return f"1 point buys {group} ranks" if c.left() >= 1 else None


def specialisation_menu(c: Creation) -> list[Option]:
    """Every specialisation's entry on its menu as the build stands, those at their skill's cap disabled
    (none at all when a rank is not affordable)."""
    price = specialisation_price(c)
    if price is None:
        return []
    cls, ranks, book = c.build.cls, c.build.specialisations, c.book
    return [
        kept(book, ("specialisation", cls, key, ranks.get(key, 0), price), specialisation_option, c, key, price)
        for key in book.specialisations
    ]


def buy_specialisation(c: Creation, key: str) -> None:
    price = specialisation_price(c)  # the price its menu showed: nothing is bought between the two
    add_rank(c, "specialisations", key, f"specialisation {key}", f"a specialisation rank ({price})")


def specialisation_offers(c: Creation) -> list[Purchase]:
    return purchases(specialisation_menu(c), partial(buy_specialisation, c))


def specialisation_option(c: Creation, key: str, price: str) -> Option:
    """A specialisation's entry on its menu at its rank now (disabled at its skill's cap)."""
    now = c.build.specialisations.get(key, 0)
    skill = c.book.specialisations[key]
    cap = c.book.rank_cap(c.build.cls, skill)
    if now >= cap:
        return Option(key, f"{key} +{now}", 0.0, disabled=f"already at its cap of +{cap}")
    return Option(key, f"{key} +{now} -> +{now + 1}, up to +{cap} ({price})", rank_weight(c, skill))
