"""Black Nova's printed sheet: attributes, perks, derived values, skills with roll bonuses, and gear."""

from __future__ import annotations

from lifepath import Character
from lifepath.engine.help import check_text
from lifepath.sheets import Section, grid, rows, signed

from .derived import derive, roll_bonuses
from .render import build_of, gear_text
from .tables import Tables


def sections(character: Character, t: Tables) -> list[Section]:
    build = build_of(t, character)
    attributes: dict[str, int] = dict(build.get("attributes", {}))
    skills: dict[str, int] = dict(build.get("skills", {}))
    perks: list[str] = list(build.get("perks", []))
    d = derive(t, attributes)
    rolls = t["rolls"]
    bonuses = roll_bonuses(t, attributes, skills)
    summaries = {str(p["name"]): str(p.get("summary", "")) for p in t.perks()}
    out = [
        Section(
            "Identity",
            rows(
                [
                    ("Name", character.sheet.name or str(build.get("name") or "Unnamed")),
                    ("Status", character.sheet.status),
                ]
            ),
        ),
        Section("Attributes", rows([(a, attributes.get(a, 0)) for a in t.attribute_names()]), columns=3),
        Section(
            "Derived values",
            rows(
                [
                    ("Hit points", d.hit_points),
                    ("Inventory", f"{d.inventory_slots} items"),
                    ("Melee damage", f"x{d.melee_damage_multiplier}"),
                    ("Roll", f"{rolls['die']} + bonus"),
                ]
            ),
            columns=2,
        ),
        Section("Perks", tuple((name, summaries.get(name, "")) for name in perks)),
        Section(
            "Skills",
            table=grid(
                ["Skill", "Rank", "Roll bonus"],
                [
                    [
                        s,
                        skills.get(s, 0),
                        signed(bonuses[s])
                        + (" (no critical failures)" if bonuses[s] >= rolls["no_critical_failure_bonus"] else ""),
                    ]
                    for s in t.skill_attributes()
                ],
            ),
        ),
        Section("Gear", paragraphs=(gear_text(t, list(character.sheet.equipment)),)),
        Section("How a check is rolled", paragraphs=(check_text("lifepath.plugins.black_nova"),)),
    ]
    return [s for s in out if not s.empty]
