"""What ``lifepath odds`` tallies for Black Nova (``BlackNova.tallies``): the perks taken (with a
per-option table: what the characters who took each perk ended with), the attributes, the skill ranks and
the points left unspent. A character who bought no perk counts as ``no perk``. Black Nova has no classes
or backgrounds: its perks are the choices that set one character apart from another.

Every figure reads the finished sheet's build (``sheet.extra["build"]``: attributes, perks, skills); the
points left are the pools of the tables less what the build's ranks and perks cost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lifepath.engine.tallies import Labels, Numbers, Outcome, Share

if TYPE_CHECKING:
    from lifepath import Character

    from .tables import Tables


#: the label of the characters who bought no perk (all six attribute points on attributes)
NO_PERK = "no perk"


def tallies(t: Tables) -> tuple[Outcome, ...]:
    attributes, skills = t.attribute_pool(), t.skill_pool()
    costs = {p["name"]: int(p["cost"]) for p in t.perks()}

    def build(character: Character) -> dict[str, Any]:
        return dict(character.sheet.extra.get("build", {}))

    def left(character: Character) -> dict[str, int]:
        b = build(character)
        ranks = sum(int(v) - attributes.minimum for v in b.get("attributes", {}).values())
        perks = sum(costs.get(str(p), 0) for p in b.get("perks", []))
        skill_ranks = sum(int(v) - skills.minimum for v in b.get("skills", {}).values())
        return {
            "attribute points": attributes.points - ranks * attributes.cost_per_rank - perks,
            "skill points": skills.points - skill_ranks * skills.cost_per_rank,
        }

    return (
        Labels("perks", "Perks", lambda c: [str(p) for p in build(c).get("perks", [])] or [NO_PERK], by=True),
        Numbers(
            "attributes", "Attributes", lambda c: {str(k): int(v) for k, v in build(c).get("attributes", {}).items()}
        ),
        Numbers("skills", "Skill ranks", lambda c: {str(k): int(v) for k, v in build(c).get("skills", {}).items()}),
        Numbers("unspent", "Points left unspent", left),
        Share("unspent_any", "Points left unspent", lambda c: any(v > 0 for v in left(c).values())),
    )
