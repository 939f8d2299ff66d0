"""The build so far, in the D6 pool's words (``s`` at a prompt, the recap when a draft resumes): concept,
species and class, attributes and skills as die codes, the traits bought and the points left.

Creation keeps the build on its :class:`~.state.Creation`, not on the sheet (the sheet is filled in at the
end); the Creation puts itself in the context's scratch space (``ctx.state["creation"]``), where this
finds it. A context whose creation has not started gets the shared recap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lifepath.sheets.recap import recap, recap_lines

from . import species
from .codes import to_code
from .state import Creation

if TYPE_CHECKING:
    from lifepath import Context


def lines(ctx: Context) -> list[str]:
    c = ctx.state.get("creation")
    if not isinstance(c, Creation):
        return recap(ctx)
    book, build, per = c.book, c.build, c.book.per_die
    attributes = "  ".join(f"{a} {to_code(build.attributes[a], per)}" for a in book.attributes)
    if not any(build.attributes.values()):
        attributes = "not bought yet"
    led = c.ledger()
    traits = (
        ([species.trait_label(c.species, t) for t in c.species["traits"]] if build.species else [])
        + [f"{n} (Advantage, {p})" for n, p in build.advantages]
        + [f"{n} (Disadvantage, {p})" for n, p in build.disadvantages]
        + [f"{n} (Special Ability, rank {r})" for n, r in build.special_abilities]
    )
    specs = []
    for key, r in build.specialisations.items():
        skill = book.specialisations[key]
        base = build.attributes[book.skills[skill]["attribute"]] + build.skills.get(skill, 0) * per
        if r:
            specs.append(f"{key} +{r} ({to_code(base + r * per, per)})")
    out = recap_lines(
        ctx,
        characteristics=attributes,
        characteristics_label="Attributes",
        extra={
            "Concept": build.concept,
            "Species and class": ", ".join(x for x in (build.species, build.cls) if x),
            "Points": f"{led.left} left of {led.pool} ({led.spent} spent)",
        },
    )
    skills = [
        f"{name} +{r} ({to_code(build.attributes[book.skills[name]['attribute']] + r * per, per)})"
        for name, r in build.skills.items()
        if r
    ]
    out = [line for line in out if not line.startswith(("Skills:", "Traits:"))]
    out.append(f"Skills: {', '.join(skills) or 'none yet'}")
    if specs:
        out.append(f"Specialisations: {', '.join(specs)}")
    if traits:
        out.append(f"Traits: {', '.join(traits)}")
    return out
