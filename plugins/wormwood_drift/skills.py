"""Broad skill ranks: granting them within the rank cap, and sending a grant past the cap elsewhere."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from lifepath import Context, Decision, LifepathError, Option

if TYPE_CHECKING:
    from lifepath.engine.previews import Preview

#: what ``ctx.choose`` takes as ``preview=``
Previewer = Callable[[Option], "Preview | str | None"]


class SkillBook:
    """The eighteen Broad Skills and the 0-3 rank range, applied to one character's sheet."""

    def __init__(
        self,
        ctx: Context,
        table: Mapping[str, Any],
        previewer: Callable[[bool], Previewer | None] | None = None,
    ) -> None:
        self.ctx = ctx
        #: makes the preview of a skill-rank decision (``True`` when the option labels say ``Pilot 0 -> 1``)
        self.previewer = previewer
        self.maximum = int(table["maximum_rank"])
        self.rows = {str(s["name"]): s for s in table["skills"]}

    def names(self) -> list[str]:
        """Every Broad Skill, in the printed order."""
        return list(self.rows)

    def rank(self, skill: str) -> int:
        """The character's Broad rank in ``skill`` (0 when untrained)."""
        return int(self.ctx.sheet.skills.get(skill, 0))

    def can_raise(self, skill: str) -> bool:
        """Whether one more rank keeps ``skill`` within the cap."""
        return self.rank(skill) < self.maximum

    def cascades(self, skill: str) -> list[str]:
        """The Narrow specialisations a Broad Skill cascades into (empty when it does not)."""
        return [str(c) for c in self.rows[skill]["cascades"]]

    def check(self, skill: str, where: str) -> str:
        """``skill`` if it is one of the eighteen, else a clear error naming ``where`` it came from."""
        if skill not in self.rows:
            raise LifepathError(
                f"{where} names the skill '{skill}', which is not one of Wormwood Drift's Broad Skills",
                hint="use one of: " + ", ".join(self.rows),
            )
        return skill

    def grant(self, skill: str, why: str) -> str:
        """Raise ``skill`` by one rank; at the cap the player must choose another skill. Returns the skill raised."""
        self.check(skill, why)
        if not self.can_raise(skill):
            self.ctx.note(f"{skill} is already at rank {self.maximum}: the rank from {why} must go to another skill")
            skill = self.replacement(why)
        before = self.rank(skill)
        self.ctx.sheet.skills[skill] = before + 1
        self.ctx.change(f"skill {skill}", before, before + 1, why)
        return skill

    def replacement(self, why: str) -> str:
        """Ask which other skill takes a rank that would have gone past the cap."""
        open_skills = [s for s in self.rows if self.can_raise(s)]
        if not open_skills:
            raise self._full(why)
        opts = tuple(Option(s, f"{s} {self.rank(s)}", 1.0 + self.rank(s)) for s in open_skills)
        asked = Decision("replacement-skill", f"Another skill for the rank from {why}", opts)
        return self.ctx.choose(asked, preview=self._preview(False))

    def _preview(self, labelled: bool) -> Previewer | None:
        return self.previewer(labelled) if self.previewer is not None else None

    def _full(self, why: str) -> LifepathError:
        """Every Broad Skill at the cap happens only after far more terms than the printed rule: name the
        house rule and the option that asked for them."""
        ctx = self.ctx
        cap = ctx.rules.get("max_terms")
        printed = ctx.registry.declaration(ctx.ruleset.id)["properties"]["max_terms"]["default"]
        asked = ctx.options.get("terms")
        terms = f"house rule max_terms (now {cap})" + (f" or --terms (now {asked})" if asked is not None else "")
        return LifepathError(
            f"every Broad Skill is at rank {self.maximum}, so the rank from {why} has nowhere to go: "
            f"that many terms is more than Wormwood Drift's skill table can hold",
            hint=f"lower {terms}; the printed rule is {printed} terms",
        )

    def choose_and_grant(self, offered: Sequence[str], key: str, prompt: str, why: str) -> str:
        """Let the player put a rank among ``offered``; skills at the cap are not offered, and when every
        offered skill is at the cap the rank goes to another skill of their choice."""
        for skill in offered:
            self.check(skill, why)
        open_skills = [s for s in offered if self.can_raise(s)]
        if not open_skills:
            full = ", ".join(offered)
            self.ctx.note(f"{full} are all at rank {self.maximum}: the rank from {why} must go to another skill")
            skill = self.replacement(why)
        else:
            opts = tuple(
                Option(s, f"{s} {self.rank(s)} -> {self.rank(s) + 1}", 1.0 + self.rank(s)) for s in open_skills
            )
            skill = self.ctx.choose(Decision(key, prompt, opts), preview=self._preview(True))
        return self.grant(skill, why)
