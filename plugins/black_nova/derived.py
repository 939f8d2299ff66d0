"""Values that follow from a build: hit points, inventory slots, melee damage, and each skill's roll bonus."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .tables import Tables


@dataclass(frozen=True)
class Derived:
    """The derived values of one build, with the reason for each (for the history)."""

    hit_points: int
    hit_points_why: str
    inventory_slots: int
    inventory_why: str
    melee_damage_multiplier: int
    melee_damage_why: str


def stepped(spec: Mapping[str, Any], rank: int) -> int:
    """The value of a stepped rule at an attribute rank: the highest step reached, else the base."""
    value = int(spec["base"])
    for step in sorted(spec["steps"], key=lambda s: int(s["minimum"])):
        if rank >= int(step["minimum"]):
            value = int(step["value"])
    return value


def derive(t: Tables, attributes: Mapping[str, int]) -> Derived:
    """Hit points, inventory slots and melee damage multiplier for these attribute ranks (worked out once for
    each set of the ranks they follow from: the spending menus ask for them at every point)."""
    d = t["derived"]
    ranks = tuple(attributes.get(d[k]["attribute"], 0) for k in ("hit_points", "inventory", "melee_damage"))
    made = t.derived_made.get(ranks)
    if made is None:
        made = t.derived_made[ranks] = _derive(t, *ranks)
    return made


def _derive(t: Tables, hp_rank: int, inv_rank: int, melee_rank: int) -> Derived:
    d = t["derived"]
    hp_spec = d["hit_points"]
    hp_attr = hp_spec["attribute"]
    hit_points = int(hp_spec["base"]) + int(hp_spec["per_rank"]) * hp_rank
    inv = d["inventory"]
    slots = stepped(inv, inv_rank)
    melee = d["melee_damage"]
    multiplier = stepped(melee, melee_rank)
    return Derived(
        hit_points,
        f"{hp_spec['base']} + {hp_attr} {hp_rank}"
        if hp_spec["per_rank"] == 1
        else f"{hp_spec['base']} + {hp_spec['per_rank']} x {hp_attr} {hp_rank}",
        slots,
        f"{inv['attribute']} {inv_rank}: {inv['summary']}",
        multiplier,
        f"{melee['attribute']} {melee_rank}: {melee['summary']}",
    )


def roll_bonuses(t: Tables, attributes: Mapping[str, int], skills: Mapping[str, int]) -> dict[str, int]:
    """Every skill's roll bonus (its rank plus its attribute's rank), in sheet order."""
    return {name: skills.get(name, 0) + attributes.get(attr, 0) for name, attr in t.skill_attributes().items()}
