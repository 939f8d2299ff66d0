"""What each option of Black Nova's creation decisions does for this character, shown before it is chosen.

Each function here returns the ``preview=`` the procedure hands to ``ctx.choose``; creation calls it only
when a person is asked (never for the NPC policy). The factories are :func:`lifepath.decisions.for_a_person`:
they make nothing, and return None, unless ``ctx.previewing``, so characters made in bulk pay one call per
decision and nothing more.

A preview reads the build so far and never changes it: a raised attribute's derived values are worked out
by :func:`~.derived.derive` on a copy of the ranks. Black Nova creation throws no dice, so a preview has
no chances; it says which rolls an option improves (the die of ``rolls.json`` plus a skill and its
attribute) and by how much. Every number comes from the tables or from the build so far.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from lifepath import Option
from lifepath.decisions import for_a_person
from lifepath.engine.previews import Preview, cosmetic

from .derived import derive

if TYPE_CHECKING:
    from .procedure import Procedure
    from .tables import Tables

Previewer = Callable[[Option], Preview | str | None]

__all__ = ["Previewer", "attribute_point", "cosmetic", "skill_point"]


def perk_words() -> Mapping[str, str]:
    """Each perk's effect in a few words, for the option's line (the whole summary is in perks.json, shown by
    ?N): help.json's ``perk_words``, by perk id, read only when a person is asked. A perk not listed there
    shows its cost alone on the line. They are help, not creation tables, so rewording one changes no
    character's table digest."""
    from lifepath.engine.help import help_data

    words: Mapping[str, str] = help_data("lifepath.plugins.black_nova").get("perk_words", {})
    return words


def _roll(die: str, bonus: int) -> str:
    """``1D8+4``; the die alone for a bonus of 0."""
    return f"{die}{bonus:+d}" if bonus else die


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _spent(cost: int, left: int, points: int, pool: str) -> str:
    """``costs 1 point, leaving 3 of the 6 attribute points``."""
    return f"costs {_points(cost)}, leaving {left - cost} of the {points} {pool} points"


def _list(names: list[str]) -> str:
    """Skill names as a list; commas only, since a skill's own name may hold an "and"."""
    return ", ".join(names)


def _critical_words(t: Tables, name: str, before: int, after: int) -> list[str]:
    """The line for a roll whose total bonus reaches the one at which a natural 1 stops failing."""
    rolls = t["rolls"]
    limit = int(rolls["no_critical_failure_bonus"])
    if before < limit <= after:
        return [
            f"{name} reaches +{limit}: a natural {rolls['critical_failure']} is no longer a critical failure "
            f"and counts as an {rolls['critical_success']}"
        ]
    return []


def _derived_changes(p: Procedure, name: str, rank: int) -> tuple[list[str], list[str]]:
    """What raising ``name`` to ``rank`` changes among the derived values: short parts for the option's
    line and whole lines (with the rule) for ``?N``. The build itself is not touched."""
    t = p.t
    d = t["derived"]
    before = derive(t, p.attributes)
    after = derive(t, {**p.attributes, name: rank})
    short: list[str] = []
    whole: list[str] = []
    if after.hit_points != before.hit_points:
        short.append(f"hit points {before.hit_points} -> {after.hit_points}")
        whole.append(f"hit points {before.hit_points} -> {after.hit_points} ({d['hit_points']['summary']})")
    if after.inventory_slots != before.inventory_slots:
        short.append(f"carries {before.inventory_slots} -> {after.inventory_slots} items")
        issued = len(t.standard_issue()) if bool(p.ctx.rules.get("standard_issue", True)) else 0
        carried = f"items carried at one time {before.inventory_slots} -> {after.inventory_slots}"
        whole.append(
            carried + (f", of the {issued} issued by the BNI" if issued else "") + f" ({d['inventory']['summary']})"
        )
    if after.melee_damage_multiplier != before.melee_damage_multiplier:
        was, now = before.melee_damage_multiplier, after.melee_damage_multiplier
        short.append(f"melee damage x{was} -> x{now}")
        whole.append(f"melee damage multiplier x{was} -> x{now} ({d['melee_damage']['summary']})")
    return short, whole


def _attribute(p: Procedure, option: Option, left: int) -> Preview:
    """Raising an attribute one rank: the rolls it adds to, before and after, and the derived values."""
    t = p.t
    pool = p.attr_pool
    die = t.die()
    name = option.id
    rank = p.attributes[name]
    skills = [s for s, a in t.skill_attributes().items() if a == name]
    if rank >= pool.maximum:
        rolls = f"adds {rank} to every {_list(skills)} roll" if skills else f"adds {rank} to its rolls"
        return Preview(effects=(f"{name} is at rank {rank}, the top of {pool.minimum}-{pool.maximum}: it {rolls}",))
    new = rank + 1
    short, whole = _derived_changes(p, name, new)
    gain = new - rank
    rolls_short = f"+{gain} to {_list(skills)} rolls" if skills else f"+{gain} to {name} rolls"
    effects = [
        f"{name} rank {rank} -> {new} (attributes run {pool.minimum}-{pool.maximum}); "
        + _spent(pool.cost_per_rank, left, pool.points, "attribute")
    ]
    for skill in skills:
        held = p.skills.get(skill, 0)
        effects.append(
            f"{skill} roll ({die} + {skill} + {name}): {_roll(die, held + rank)} -> {_roll(die, held + new)}"
        )
        effects += _critical_words(t, skill, held + rank, held + new)
    effects.append(f"{name} rolled on its own, when no skill fits: {_roll(die, rank)} -> {_roll(die, new)}")
    effects += whole
    return Preview(summary="; ".join([rolls_short, *short]), effects=tuple(effects))


def _perk(p: Procedure, option: Option, left: int) -> Preview:
    """Buying a perk: what it does (in a few words on the line, the whole summary for ``?N``) and its cost."""
    t = p.t
    name = option.id
    row = next(r for r in t.perks() if r["name"] == name)
    cost = int(row["cost"])
    words = perk_words().get(str(row["id"]), "")
    costs = f"costs {_points(cost)}"
    effects = [
        str(row["summary"]),
        _spent(cost, left, p.attr_pool.points, "attribute")
        + "; "
        + ("each perk can be taken once" if t.perk_max_each() == 1 else f"at most {t.perk_max_each()} times each"),
    ]
    for pair in p.exclusive:
        if name in pair:
            other = next(x for x in pair if x != name)
            effects.append(f"by the house rule, taking {name} means {other} cannot be taken")
    spent = "the point raises" if cost == 1 else f"the {cost} points raise"
    risks = (f"{spent} no attribute, so no roll or derived value improves",)
    return Preview(summary=f"{words}; {costs}" if words else costs, effects=tuple(effects), risks=risks)


@for_a_person
def attribute_point(p: Procedure, left: int) -> Previewer:
    """The attribute-point decision: an attribute's option or a perk's."""

    def preview(option: Option) -> Preview:
        if option.id in p.attributes:
            return _attribute(p, option, left)
        return _perk(p, option, left)

    return preview


@for_a_person
def skill_point(p: Procedure, left: int) -> Previewer:
    """The skill-point decision: the skill's new rank and its roll before and after."""
    t = p.t
    pool = p.skill_pool
    die = t.die()
    attribute_of = t.skill_attributes()
    rolls = t["rolls"]

    def preview(option: Option) -> Preview:
        name = option.id
        summaries: Mapping[str, str] = {s["name"]: str(s["summary"]) for s in t["skills"]["skills"]}
        attribute = attribute_of[name]
        rank = p.skills[name]
        attr_rank = p.attributes[attribute]
        bonus = rank + attr_rank
        what = f"{name}: {summaries[name]}"
        if rank >= pool.maximum:
            return Preview(
                effects=(
                    what,
                    f"{name} is at rank {rank}, the cap of {pool.maximum}: it is rolled as {_roll(die, bonus)} "
                    f"({attribute} {attr_rank} + {name} {rank})",
                )
            )
        new = rank + 1
        effects = [
            what,
            f"{name} rank {rank} -> {new} (skills run {pool.minimum}-{pool.maximum}); "
            + _spent(pool.cost_per_rank, left, pool.points, "skill"),
            f"{name} is rolled as {die} + {name} + {attribute}: {_roll(die, bonus)} now, "
            f"{_roll(die, bonus + new - rank)} after ({attribute} {attr_rank} + {name} {new})",
            f"a natural {rolls['critical_success']} is a critical success, "
            f"a natural {rolls['critical_failure']} a critical failure",
            *_critical_words(t, name, bonus, bonus + new - rank),
        ]
        return Preview(
            summary=f"roll {_roll(die, bonus)} -> {_roll(die, bonus + new - rank)} with {attribute} {attr_rank}",
            effects=tuple(effects),
        )

    return preview
