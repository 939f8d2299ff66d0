"""What Black Nova's spending menus say that no point spent changes: each menu's prompt for every number of
points left and the rules it states after the build so far. Worked out once per table set
(:attr:`.tables.Tables.menu_texts`), so a character formats only the part its own build changes (a menu's
"Now: ..." summary), and only for a menu not already kept (:meth:`.tables.Tables.kept_decisions`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .tables import Tables

#: said after the attribute-point rules when the house rule perks=false leaves the perks out
NO_PERKS = " Not offered: perks (house rule perks=false)."


@dataclass(frozen=True)
class MenuTexts:
    """The fixed words of the attribute-point and skill-point decisions."""

    #: the attribute-point prompt, by the points left
    attribute_prompts: Mapping[int, str]
    #: the rules the attribute-point context states after the build so far
    attribute_rules: str
    #: the skill-point prompt, by the points left
    skill_prompts: Mapping[int, str]
    #: the rules the skill-point context states after the skills so far
    skill_rules: str

    @classmethod
    def of(cls, t: Tables) -> MenuTexts:
        attr, skill = t.attribute_pool(), t.skill_pool()
        return cls(
            attribute_prompts={
                left: f"Attribute points: {left} of {attr.points} left. Raise an attribute or buy a perk."
                for left in range(1, attr.points + 1)
            },
            attribute_rules=(
                f"An attribute rank costs {attr.cost_per_rank} point and a perk its listed cost; attributes run "
                f"{attr.minimum}-{attr.maximum}; each perk at most once; all {attr.points} points must be spent."
            ),
            skill_prompts={
                left: f"Skill points: {left} of {skill.points} left. Raise a skill."
                for left in range(1, skill.points + 1)
            },
            skill_rules=(
                f"A rank costs {skill.cost_per_rank} point; skills run {skill.minimum}-{skill.maximum}; a roll is "
                f"{t.die()} + skill + its attribute; all {skill.points} points must be spent."
            ),
        )
