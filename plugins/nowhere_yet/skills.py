"""Skills with cascades: which name a grant lands on, and the specialisation decisions it needs.

A cascade skill gained at level 0 needs no specialisation (``Gun Combat-0`` covers them all). Gained at
level 1 or more, the player picks a specialisation, recorded as ``Cascade (Specialisation)``, and the
cascade itself is noted at level 0 (every other specialisation counts as level 0).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from lifepath import Context, Option
from lifepath.decisions import DecisionCache

if TYPE_CHECKING:
    from lifepath.engine.previews import Preview

#: the specialisation decisions, made once per cascade, weights and reason
DECISIONS = DecisionCache()


class SkillBook:
    def __init__(self, skills_table: Mapping[str, Any]) -> None:
        self.cascades: dict[str, list[str]] = {}
        self.standalone: set[str] = set()
        #: what each skill is for, in a sentence (shown in previews)
        self.summaries: dict[str, str] = {}
        for entry in skills_table["skills"]:
            self.standalone.add(entry["name"])
            self.summaries[entry["name"]] = entry.get("summary", "")
            if entry.get("cascade"):
                self.cascades[entry["name"]] = list(entry["cascade"])
        self.parent: dict[str, str] = {}
        self._plans: dict[str, tuple[bool, str, tuple[str, ...], tuple[str, ...]]] = {}
        self._options: dict[str, tuple[tuple[str, Option, Option], ...]] = {}
        self._prompts: dict[str, str] = {}
        for cascade, children in self.cascades.items():
            for child in children:
                if child not in self.standalone or child in self.cascades:
                    self.parent.setdefault(child, cascade)

    def key(self, name: str) -> str:
        """Where a leaf specialisation named on its own (``Life Sciences``) is written on the sheet."""
        if name in self.standalone:
            return name
        parent = self.parent.get(name)
        return f"{parent} ({name})" if parent else name

    def _ancestors(self, name: str) -> list[str]:
        out = []
        while name in self.parent:
            name = self.parent[name]
            out.append(name)
        return out

    def _mark_zero(self, ctx: Context, names: Sequence[str], why: str) -> None:
        skills = ctx.sheet.skills
        for n in names:
            if n not in skills:
                skills[n] = 0
                ctx.change(f"skill {n}", None, 0, why)

    def specialise(self, ctx: Context, cascade: str, why: str) -> str:
        """Ask for a specialisation of ``cascade`` (descending nested cascades) and return its sheet key."""
        skills = ctx.sheet.skills
        # a specialisation already held at 1 or more is four times as likely for the NPC policy
        opts = tuple([held if skills.get(key, -1) >= 1 else fresh for key, fresh, held in self._children(cascade)])
        prompt = self._prompts.get(cascade) or self._prompts.setdefault(
            cascade, f"Choose a specialisation of {cascade}"
        )
        preview = self._preview(ctx, cascade) if ctx.previewing else None
        choice = ctx.choose(DECISIONS.get("specialisation", prompt, opts, context=why), preview=preview)
        self._mark_zero(ctx, (cascade,), why)
        if choice in self.cascades:
            return self.specialise(ctx, choice, why)
        return f"{cascade} ({choice})"

    def _preview(self, ctx: Context, cascade: str) -> Callable[[Option], Preview]:
        """A specialisation's preview: the level held now, and what the skill is for."""
        from lifepath.engine.previews import Preview

        skills = ctx.sheet.skills

        def preview(option: Option) -> Preview:
            key = f"{cascade} ({option.id})"
            held = skills.get(key)
            what = self.summaries.get(option.id) or f"one of the specialisations of {cascade}"
            now = f"{key}: held at {held}" if held is not None else f"{key}: not held yet"
            return Preview(summary=f"held at {held}" if held is not None else "", effects=(now, what))

        return preview

    def _children(self, cascade: str) -> tuple[tuple[str, Option, Option], ...]:
        """A cascade's specialisations: (sheet key, the option at weight 1, the option at weight 4)."""
        found = self._options.get(cascade)
        if found is None:
            found = self._options[cascade] = tuple(
                (f"{cascade} ({c})", Option(c, c, 1.0), Option(c, c, 4.0)) for c in self.cascades[cascade]
            )
        return found

    def _plan(self, name: str) -> tuple[bool, str, tuple[str, ...], tuple[str, ...]]:
        """How a grant of ``name`` lands, worked out once per name: (a cascade?, its sheet key, the
        ancestors marked at 0 for a grant at level 1+, those marked for a grant at level 0)."""
        plan = self._plans.get(name)
        if plan is None:
            ancestors = tuple(self._ancestors(name))
            if name in self.cascades:
                plan = (True, name, ancestors, (*reversed(ancestors), name))
            else:
                plan = (False, self.key(name), tuple(reversed(ancestors)), tuple(reversed(ancestors)))
            self._plans[name] = plan
        return plan

    def grant(self, ctx: Context, name: str, *, level: int | None = None, why: str) -> None:
        """Gain ``name``: at least ``level`` when given, otherwise one level more (a new skill at 1)."""
        skills = ctx.sheet.skills
        target_level = 1 if level is None else level
        cascade, key, marked, marked_at_zero = self._plans.get(name) or self._plan(name)
        if cascade and target_level >= 1:
            if marked:
                self._mark_zero(ctx, marked, why)
            key = self.specialise(ctx, name, why)
        elif cascade:
            self._mark_zero(ctx, marked_at_zero, why)
            return
        elif marked:
            self._mark_zero(ctx, marked, why)
        before = skills.get(key)
        if level is None:
            after = 1 if before is None else before + 1
        else:
            after = level if before is None else max(before, level)
        if after != before:
            skills[key] = after
            ctx.change(f"skill {key}", before, after, why)


@lru_cache(maxsize=1)
def skill_book() -> SkillBook:
    """The ruleset's skill book, built once per process."""
    from .tables import tables

    return SkillBook(tables()["skills"])
