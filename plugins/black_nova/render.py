"""Black Nova's text form of a character and its roster columns."""

from __future__ import annotations

from typing import Any

from lifepath import Character

from .derived import derive, roll_bonuses
from .tables import Tables


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


def build_of(t: Tables, character: Character) -> dict[str, Any]:
    """The character's build; rebuilt from the generic sheet fields if the export lacks one."""
    sheet = character.sheet
    stored = sheet.extra.get("build")
    if isinstance(stored, dict):
        return stored
    return {
        "name": sheet.name,
        "attributes": {a: sheet.characteristics.get(a, 0) for a in t.attribute_names()},
        "perks": list(sheet.traits),
        "skills": {s: sheet.skills.get(s, 0) for s in t.skill_attributes()},
    }


def gear_text(t: Tables, equipment: list[str]) -> str:
    """The equipment, a weapon with its printed strength: ``p10 Vigilante laser pistol (strength 1), ...``."""
    strengths = {str(i["name"]): i["strength"] for i in t.standard_issue() if "strength" in i}
    shown = [f"{e} (strength {strengths[e]})" if e in strengths else e for e in equipment]
    return ", ".join(shown) or "none"


def render(t: Tables, character: Character) -> str:
    """Five lines: name and attributes; derived values; perks; every skill with its rank and roll bonus; gear."""
    build = build_of(t, character)
    attributes: dict[str, int] = dict(build.get("attributes", {}))
    skills: dict[str, int] = dict(build.get("skills", {}))
    perks: list[str] = list(build.get("perks", []))
    d = derive(t, attributes)
    rolls = t["rolls"]
    name = character.sheet.name or str(build.get("name") or "Unnamed")
    ranks = ", ".join(f"{a} {attributes.get(a, 0)}" for a in t.attribute_names())
    melee = t["derived"]["melee_damage"]
    melee_rank = attributes.get(melee["attribute"], 0)
    damage = (
        f"melee damage x{d.melee_damage_multiplier} ({melee['attribute']} {melee_rank})"
        if d.melee_damage_multiplier != melee["base"]
        else "melee damage normal"
    )
    bonuses = roll_bonuses(t, attributes, skills)
    shown = []
    for skill in t.skill_attributes():
        text = f"{skill} {skills.get(skill, 0)} ({_signed(bonuses[skill])}"
        if bonuses[skill] >= rolls["no_critical_failure_bonus"]:
            text += ", no critical failures"
        shown.append(text + ")")
    lines = [
        f"{name}: {ranks}",
        f"Hit points {d.hit_points}; inventory {d.inventory_slots} items; {damage}",
        f"Perks: {', '.join(perks) or 'none'}",
        f"Skills (roll {rolls['die']} + bonus): " + ", ".join(shown),
        f"Gear: {gear_text(t, list(character.sheet.equipment))}",
    ]
    return "\n".join(lines) + "\n"


def roster_fields(t: Tables, character: Character) -> dict[str, str]:
    """Roster columns: Black Nova has no species, careers or age, so those show the build instead."""
    build = build_of(t, character)
    attributes: dict[str, int] = dict(build.get("attributes", {}))
    skills: dict[str, int] = dict(build.get("skills", {}))
    perks: list[str] = list(build.get("perks", []))
    d = derive(t, attributes)
    abbreviations = t.abbreviations()
    profile = " ".join(f"{abbreviations[a]} {attributes.get(a, 0)}" for a in t.attribute_names())
    best = sorted(((v, k) for k, v in skills.items() if v > 0), key=lambda p: (-p[0], list(skills).index(p[1])))
    return {
        "species": "-",
        "careers": ", ".join(f"{k} {v}" for v, k in best[:3]) or "-",
        "age": "-",
        "profile": f"{profile} HP {d.hit_points}",
        "perks": ", ".join(perks) or "-",
        "hit_points": str(d.hit_points),
    }
