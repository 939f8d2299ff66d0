"""Broad skill ranks: granting them within the rank cap, and sending a grant past the cap elsewhere."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from lifepath import Context, LifepathError, Option

from .compiled import DECISIONS, once

if TYPE_CHECKING:
    from lifepath.engine.previews import Preview

#: what ``ctx.choose`` takes as ``preview=``
Previewer = Callable[[Option], "Preview | str | None"]


class SkillTable:
    """The skills table compiled once (:func:`skill_table`): the rows by name, the rank cap, each skill's
    cascades, and every skill-rank option a decision offers, made once per skill and rank."""

    __slots__ = ("cascades", "elsewhere", "maximum", "raising", "rows")

    def __init__(self, table: Mapping[str, Any]) -> None:
        self.maximum = int(table["maximum_rank"])
        self.rows: dict[str, Mapping[str, Any]] = {str(s["name"]): s for s in table["skills"]}
        #: the Narrow specialisations each Broad Skill cascades into (empty when it does not)
        self.cascades = {name: tuple(str(c) for c in row["cascades"]) for name, row in self.rows.items()}
        ranks = range(self.maximum)
        #: ``raising[skill][rank]``: the option of a rank in ``skill`` held at ``rank``
        self.raising = {s: tuple(raising(s, r) for r in ranks) for s in self.rows}
        #: ``elsewhere[skill][rank]``: the same, offered for a rank that went past the cap elsewhere
        self.elsewhere = {s: tuple(elsewhere(s, r) for r in ranks) for s in self.rows}

    def raise_option(self, skill: str, rank: int) -> Option:
        """:func:`raising` of ``skill`` at ``rank``, made once (afresh for a rank outside 0 to the cap)."""
        made = self.raising[skill]
        return made[rank] if 0 <= rank < len(made) else raising(skill, rank)

    def elsewhere_option(self, skill: str, rank: int) -> Option:
        """:func:`elsewhere` of ``skill`` at ``rank``, made once (afresh for a rank outside 0 to the cap)."""
        made = self.elsewhere[skill]
        return made[rank] if 0 <= rank < len(made) else elsewhere(skill, rank)


def raising(skill: str, rank: int) -> Option:
    """A rank in ``skill``, held at ``rank``, as a term offers it (``Pilot 0 -> 1``); the NPC policy weighs
    a skill by its rank plus 1, so a character leans to what they know."""
    return Option(skill, f"{skill} {rank} -> {rank + 1}", 1.0 + rank)


def elsewhere(skill: str, rank: int) -> Option:
    """``skill`` held at ``rank`` offered for a rank past the cap of another (``Pilot 0``), weighted alike."""
    return Option(skill, f"{skill} {rank}", 1.0 + rank)


def skill_table(table: Mapping[str, Any]) -> SkillTable:
    """The compiled skills table, made once per table."""
    return once("skills", table, lambda: SkillTable(table))


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
        self.table = skill_table(table)
        self.maximum = self.table.maximum
        self.rows = self.table.rows
        self.skills = ctx.sheet.skills

    def names(self) -> list[str]:
        """Every Broad Skill, in the printed order."""
        return list(self.rows)

    def rank(self, skill: str) -> int:
        """The character's Broad rank in ``skill`` (0 when untrained)."""
        return int(self.skills.get(skill, 0))

    def can_raise(self, skill: str) -> bool:
        """Whether one more rank keeps ``skill`` within the cap."""
        return self.rank(skill) < self.maximum

    def cascades(self, skill: str) -> list[str]:
        """The Narrow specialisations a Broad Skill cascades into (empty when it does not)."""
        return list(self.table.cascades[skill])

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
        self.skills[skill] = before + 1
        self.ctx.change(f"skill {skill}", before, before + 1, why)
        return skill

    def replacement(self, why: str) -> str:
        """Ask which other skill takes a rank that would have gone past the cap."""
        table = self.table
        opts = tuple(table.elsewhere_option(s, self.rank(s)) for s in self.rows if self.can_raise(s))
        if not opts:
            raise self._full(why)
        asked = DECISIONS.get("replacement-skill", f"Another skill for the rank from {why}", opts)
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

    def _raisable(self, offered: Sequence[str]) -> tuple[Option, ...]:
        """The options of the ``offered`` skills still below the cap, each labelled with its rank.

        The ranks are read from the sheet here rather than through :meth:`rank` and :meth:`can_raise`: every
        term-skill decision asks this, and those method calls cost 32 k instructions a character (3%)."""
        table, held, cap = self.table, self.skills, self.maximum
        return tuple([table.raise_option(s, held.get(s, 0)) for s in offered if held.get(s, 0) < cap])

    def choose_and_grant(self, offered: Sequence[str], key: str, prompt: str, why: str) -> str:
        """Let the player put a rank among ``offered``; skills at the cap are not offered, and when every
        offered skill is at the cap the rank goes to another skill of their choice."""
        for skill in offered:
            self.check(skill, why)
        opts = self._raisable(offered)
        if not opts:
            full = ", ".join(offered)
            self.ctx.note(f"{full} are all at rank {self.maximum}: the rank from {why} must go to another skill")
            skill = self.replacement(why)
        else:
            skill = self.ctx.choose(DECISIONS.get(key, prompt, opts), preview=self._preview(True))
        return self.grant(skill, why)
