"""Skills with cascades: which name a grant lands on, and the specialisation decisions it needs.

A cascade skill gained at level 0 needs no specialisation (``Gun Combat-0`` covers them all). Gained at
level 1 or more, the player picks a specialisation, recorded as ``Cascade (Specialisation)``, and the
cascade itself is noted at level 0 (every other specialisation counts as level 0).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from lifepath import Context, Decision, Option


class SkillBook:
    def __init__(self, skills_table: Mapping[str, Any]) -> None:
        self.cascades: dict[str, list[str]] = {}
        self.standalone: set[str] = set()
        for entry in skills_table["skills"]:
            self.standalone.add(entry["name"])
            if entry.get("cascade"):
                self.cascades[entry["name"]] = list(entry["cascade"])
        self.parent: dict[str, str] = {}
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

    def _mark_zero(self, ctx: Context, names: list[str], why: str) -> None:
        skills = ctx.sheet.skills
        for n in names:
            if n not in skills:
                skills[n] = 0
                ctx.change(f"skill {n}", None, 0, why)

    def specialise(self, ctx: Context, cascade: str, why: str) -> str:
        """Ask for a specialisation of ``cascade`` (descending nested cascades) and return its sheet key."""
        skills = ctx.sheet.skills
        children = self.cascades[cascade]
        opts = tuple(Option(c, c, 4.0 if skills.get(f"{cascade} ({c})", -1) >= 1 else 1.0) for c in children)
        choice = ctx.choose(Decision("specialisation", f"Choose a specialisation of {cascade}", opts, context=why))
        self._mark_zero(ctx, [cascade], why)
        if choice in self.cascades:
            return self.specialise(ctx, choice, why)
        return f"{cascade} ({choice})"

    def grant(self, ctx: Context, name: str, *, level: int | None = None, why: str) -> None:
        """Gain ``name``: at least ``level`` when given, otherwise one level more (a new skill at 1)."""
        skills = ctx.sheet.skills
        target_level = 1 if level is None else level
        if name in self.cascades and target_level >= 1:
            self._mark_zero(ctx, self._ancestors(name), why)
            key = self.specialise(ctx, name, why)
        elif name in self.cascades:
            self._mark_zero(ctx, [*reversed(self._ancestors(name)), name], why)
            return
        else:
            key = self.key(name)
            self._mark_zero(ctx, list(reversed(self._ancestors(name))), why)
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
