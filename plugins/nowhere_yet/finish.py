"""The finishing touches: a name (the species' own lists, or the shared ones by sex), a personal goal, the
appearance, a noble title for a high enough social standing, and the traits' last say (not for the dead)."""

from __future__ import annotations

from lifepath import Decision, Option

from . import previews
from .compiled import once
from .questions import static_choice
from .state import Creation

#: the parts of the appearance, in the order asked (an alien's own feature replaces its hair and eyes)
APPEARANCE = ("build", "hair", "eyes", "feature", "dress")


def finish(c: Creation) -> None:
    """Name, goal, appearance and title; then the traits at ``finish`` for a character who lived."""
    name(c)
    goal(c)
    appearance(c)
    noble_title(c)
    if c.dead:
        return
    c.ctx.apply_traits(c.trait_rows, "finish")


def name(c: Creation) -> None:
    """A given name and a family name, from the species' own lists when it has them."""
    ctx = c.ctx
    names = c.t["names"]
    own = names["species"].get(c.sheet.species)
    if not own:  # a plugin's species may bring its own list ("names" in its table)
        added = ctx.registry.species(ctx.ruleset.id).get(c.sheet.species)
        own = added.data.get("names") if added is not None else None
    if own:
        given, family = own["given"], own["family"]
        given_names = once(
            "given", given, lambda: static_choice("given-name", "Choose a given name", tuple(given), True)
        )
    else:
        given = names["given"].get(c.sheet.sex) or names["given"]["neutral"]
        neutral = names["given"]["neutral"]
        family = names["family"]
        given_names = once(
            "given",
            given,
            lambda: static_choice("given-name", "Choose a given name", (*given, *neutral), True),
        )
    family_names = once(
        "family", family, lambda: static_choice("family-name", "Choose a family name", tuple(family), True)
    )
    first = ctx.choose(given_names, preview=previews.cosmetic)
    last = ctx.choose(family_names, preview=previews.cosmetic)
    c.sheet.name = f"{first} {last}"


def goal(c: Creation) -> None:
    goals = c.t["finishing"]["goals"]
    c.sheet.extra["goal"] = c.ctx.choose(
        once("goal", goals, lambda: static_choice("goal", "Choose a personal goal", tuple(goals), True)),
        preview=previews.cosmetic,
    )


def appearance(c: Creation) -> None:
    """One line per part of the appearance, joined."""
    fin = c.t["finishing"]
    parts = []
    look = dict(fin["appearance"])
    alien = fin.get("alien_appearance", {}).get(c.sheet.species)
    if alien:
        look["feature"] = alien["feature"]
    for part in APPEARANCE:
        if part in ("hair", "eyes") and alien:
            continue
        looks = look[part]
        asked = once(
            part,
            looks,
            lambda: static_choice(f"appearance-{part}", f"Appearance: {part}", tuple(looks), True),  # noqa: B023
        )
        parts.append(c.ctx.choose(asked, preview=previews.cosmetic))
    c.sheet.extra["appearance"] = "; ".join(parts)


def noble_title(c: Creation) -> None:
    """The title of a human social standing high enough (a species with its own standing has none)."""
    soc = c.sheet.characteristics["Soc"]
    if c.species.get("social_name", "Soc") != "Soc" or soc < c.proc["noble_title_min_soc"]:
        return
    row = next((r for r in c.t["titles"]["titles"] if r["soc"] == min(soc, 18)), None)
    if not row:
        return
    sex = c.sheet.sex
    if sex in ("male", "female"):
        form = sex
    else:
        form = c.ctx.choose(
            Decision(
                "title-form",
                "Which form of the noble title?",
                (Option("male", row["male"]), Option("female", row["female"])),
            ),
            preview=previews.cosmetic,
        )
    c.sheet.extra["noble_title"] = row[form]
