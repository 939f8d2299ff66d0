"""The Directed Lifepath in order: Origin, Formative Event, Career terms, Muster Out, psionic Disciplines,
then the finishing touches (age, derived values, cascades, name). Every number comes from the tables."""

from __future__ import annotations

from lifepath import Context

from . import previews
from .builder import Builder
from .career import careers
from .derived import derived_values
from .muster import muster_out
from .origin import background, formative_event, starting_attributes
from .psionics import disciplines
from .tables import Tables


def run(ctx: Context, t: Tables) -> None:
    """Create one Wormwood Drift character through ``ctx``."""
    b = Builder(ctx, t)
    starting_attributes(b)
    background(b)
    formative_event(b)
    careers(b)
    muster_out(b)
    disciplines(b)
    finish(b)


def finish(b: Builder) -> None:
    """Age from the terms served, the cascades of the skills held, derived values, and a name."""
    ctx, numbers = b.ctx, b.c.numbers
    terms = b.sheet.total_terms
    b.sheet.age = numbers.starting_age + terms * numbers.term_years
    ctx.change("age", None, b.sheet.age, f"{numbers.starting_age} + {terms} term(s) x {numbers.term_years} years")
    for skill in sorted(b.sheet.skills):
        narrow = b.book.cascades(skill)
        if narrow:
            b.extra["cascades"][skill] = narrow
    costs = bool(ctx.rules.get("cyberware_resolve", True))
    cyber = len(b.extra["cyberware"])
    formulas = b.t["creation"]["derived"]
    values = derived_values(b.sheet.characteristics, formulas, cyber, costs)
    for key, value in values.items():
        formula = formulas[key]
        why = numbers.formula_texts[key]
        if costs and cyber and formula["cyberware_cost"]:
            why += f" - {formula['cyberware_cost']} x {cyber} installed cyberware"
        ctx.change(str(formula["label"]), None, value, why)
    b.extra["derived"] = values
    b.sheet.name = ctx.choose(b.c.names, preview=previews.cosmetic).strip()
