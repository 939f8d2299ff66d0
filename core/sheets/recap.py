"""The character so far, in a few lines: what a person sees with ``s`` at a prompt and when a draft resumes.

:func:`recap` reads only the sheet every ruleset fills (name, species, age, characteristics, careers,
skills, traits, money); a ruleset whose numbers need its own words (die codes, a UPP) overrides
``Ruleset.sheet_so_far`` and may build on :func:`recap_lines`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lifepath.creation import Context


def species_name(ctx: Context) -> str:
    """The sheet's species by its name (the sheet may hold its id)."""
    sid = ctx.sheet.species
    if not sid:
        return ""
    found = ctx.registry.species(ctx.ruleset.id).get(sid)
    return found.name if found is not None else sid


def recap_lines(
    ctx: Context,
    *,
    characteristics: str | None = None,
    characteristics_label: str = "Characteristics",
    value: Callable[[str, int], str] = lambda _name, level: str(level),
    extra: Mapping[str, str] | None = None,
) -> list[str]:
    """The recap's lines: ``characteristics`` replaces the characteristics line (``characteristics_label``
    names it, as the ruleset calls them), ``value(skill, level)``
    writes a skill's level, ``extra`` adds labelled lines after the characteristics."""
    sheet = ctx.sheet
    who = [sheet.name or "(not named yet)"]
    species = species_name(ctx)
    if species:
        who.append(species)
    if sheet.sex:
        who.append(sheet.sex)
    if sheet.age:
        who.append(f"age {sheet.age}")
    lines = [", ".join(who)]
    if characteristics is None and sheet.characteristics:
        characteristics = "  ".join(f"{code} {level}" for code, level in sheet.characteristics.items())
    lines.append(f"{characteristics_label}: {characteristics or 'not rolled yet'}")
    for label, text in (extra or {}).items():
        if text:
            lines.append(f"{label}: {text}")
    if sheet.careers:
        served = []
        for career in sheet.careers:
            terms = f"{career.terms} term{'s' if career.terms != 1 else ''}"
            rank = f", {career.title}" if career.title else (f", rank {career.rank}" if career.rank else "")
            served.append(f"{career.name} ({terms}{rank})")
        lines.append(f"Careers: {', '.join(served)} (total {sheet.total_terms} terms)")
    skills = ", ".join(f"{name} {value(name, level)}" for name, level in sorted(sheet.skills.items()))
    lines.append(f"Skills: {skills or 'none yet'}")
    if sheet.traits:
        lines.append(f"Traits: {', '.join(sheet.traits)}")
    money = []
    if sheet.credits:
        money.append(f"Cr{sheet.credits:,} cash")
    if sheet.debts:
        money.append(f"Cr{sheet.total_debt:,} owed (" + ", ".join(d.kind for d in sheet.debts) + ")")
    if money:
        lines.append(f"Money: {'; '.join(money)}")
    if sheet.equipment:
        lines.append(f"Gear: {', '.join(sheet.equipment)}")
    return lines


def recap(ctx: Context) -> list[str]:
    """The generic recap (:func:`recap_lines` with no ruleset's words)."""
    return recap_lines(ctx)
