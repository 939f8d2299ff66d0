"""Skill and specialisation ranks on the spending menu: every skill and specialisation in table order,
those at their cap kept in place disabled; a skill rank costs 1 point, one point buys 3 specialisation
ranks (the rest of a paid group are free)."""

from __future__ import annotations

from functools import partial

from lifepath import Option

from .purchase import Purchase, kept, purchases, within
from .state import Creation, pts


def rank_weight(c: Creation, skill: str) -> float:
    """The NPC policy's weight for a rank in ``skill`` (a class skill's or another's)."""
    return float(c.weights["class_skill" if c.book.is_class_skill(c.build.cls, skill) else "other_skill"])


def least_skill_rank(c: Creation) -> int | None:
    """What a skill rank costs, or ``None`` when every skill is at its cap."""
    book, build = c.book, c.build
    caps = book.rank_caps[build.cls]
    below = any(build.skills.get(name, 0) < caps[name] for name in book.skills)
    return book.costs["skill_rank"] if below else None


def skill_rank_on_offer(c: Creation, left: int) -> bool:
    """Whether :func:`skill_offers` has anything to take with ``left`` points left: a rank is affordable
    and a skill is below its cap."""
    return within(least_skill_rank(c), left)


def skill_menu(c: Creation) -> list[Option]:
    """Every skill's entry on the skill menu as the build stands, those at their cap disabled (none at all
    when a rank is not affordable)."""
    if c.left() < c.book.costs["skill_rank"]:
        return []
    return [skill_entry(c, name) for name in c.book.skills]


def skill_entry(c: Creation, name: str, now: int | None = None) -> Option:
    """Skill ``name``'s entry on the skill menu at rank ``now`` (by default its rank in the build; kept:
    :func:`.purchase.kept`)."""
    if now is None:
        now = c.build.skills.get(name, 0)
    return kept(c.book, ("skill", c.build.cls, name, now), skill_option, c, name, now)


def unbought_skills(c: Creation) -> dict[str, Option]:
    """Every skill's entry with no ranks bought: the skill menu of a build that has bought none, where
    spending starts (kept for each class; read only). Copied, it spares the spending menus looking up
    every skill's entry one by one when spending starts (callgrind: 58 k instructions a character less)."""
    made: dict[str, Option] = kept(
        c.book, ("skills", c.build.cls), lambda: {name: skill_entry(c, name, 0) for name in c.book.skills}
    )
    return made


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


def least_specialisation_rank(c: Creation) -> int | None:
    """What the next specialisation rank costs: nothing while a paid group has ranks left, else the point
    that buys a group; ``None`` when every specialisation is at its skill's cap."""
    book, build = c.book, c.build
    caps = book.rank_caps[build.cls]
    if not any(build.specialisations.get(key, 0) < caps[skill] for key, skill in book.specialisations.items()):
        return None
    return 0 if sum(build.specialisations.values()) % book.costs["specialisation_ranks_per_point"] else 1


def specialisation_rank_on_offer(c: Creation, left: int) -> bool:
    """Whether :func:`specialisation_offers` has anything to take with ``left`` points left: a rank of a
    paid group is left or a point is, and a specialisation is below its cap."""
    return within(least_specialisation_rank(c), left)


def specialisation_price(c: Creation, left: int) -> str | None:
    """What the next specialisation rank costs, in words, with ``left`` points left, or ``None`` when it
    is not affordable: one point buys a group of ranks, and the rest of a paid group are free."""
    group = c.book.costs["specialisation_ranks_per_point"]
    bought = sum(c.build.specialisations.values())
    if bought % group:
        return f"free: {group - bought % group} rank(s) of a paid group left"
    return f"1 point buys {group} ranks" if left >= 1 else None


def specialisation_menu(c: Creation) -> list[Option]:
    """Every specialisation's entry on its menu as the build stands, those at their skill's cap disabled
    (none at all when a rank is not affordable)."""
    price = specialisation_price(c, c.left())
    if price is None:
        return []
    return [specialisation_entry(c, key, price) for key in c.book.specialisations]


def specialisation_entry(c: Creation, key: str, price: str, now: int | None = None) -> Option:
    """Specialisation ``key``'s entry on its menu at rank ``now`` (by default its rank in the build), a
    rank costing ``price`` (kept: :func:`.purchase.kept`)."""
    if now is None:
        now = c.build.specialisations.get(key, 0)
    return kept(c.book, ("specialisation", c.build.cls, key, now, price), specialisation_option, c, key, now, price)


def unbought_specialisations(c: Creation, price: str) -> dict[str, Option]:
    """Every specialisation's entry with no ranks bought, a rank costing ``price``: the specialisation menu
    of a build that has bought none (kept for each class and price; read only)."""
    made: dict[str, Option] = kept(
        c.book,
        ("specialisations", c.build.cls, price),
        lambda: {key: specialisation_entry(c, key, price, 0) for key in c.book.specialisations},
    )
    return made


def buy_specialisation(c: Creation, key: str) -> None:
    price = specialisation_price(c, c.left())  # the price its menu showed: nothing is bought between the two
    add_rank(c, "specialisations", key, f"specialisation {key}", f"a specialisation rank ({price})")


def specialisation_offers(c: Creation) -> list[Purchase]:
    return purchases(specialisation_menu(c), partial(buy_specialisation, c))


def specialisation_option(c: Creation, key: str, now: int, price: str) -> Option:
    """A specialisation's entry on its menu at rank ``now`` (disabled at its skill's cap)."""
    skill = c.book.specialisations[key]
    cap = c.book.rank_cap(c.build.cls, skill)
    if now >= cap:
        return Option(key, f"{key} +{now}", 0.0, disabled=f"already at its cap of +{cap}")
    return Option(key, f"{key} +{now} -> +{now + 1}, up to +{cap} ({price})", rank_weight(c, skill))
