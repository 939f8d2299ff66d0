"""The finished sheet: the species, skills and traits (the species' first), the derived attributes, the
Passive values, the points, and the build itself (what ``lifepath check`` reads), with the house rules it
was made under when they are not the defaults."""

from __future__ import annotations

from . import species
from .build import ability_cost
from .derived import derive, has_extranormal, passive_values
from .state import Creation, pts


def finish(c: Creation) -> None:
    """Fill in the sheet from the build."""
    book, sheet, build = c.book, c.ctx.sheet, c.build
    defaults = book.printed_rules
    build.house_rules = {k: v for k, v in sorted(c.rules.items()) if k in defaults and v != defaults[k]}
    sheet.species = str(c.species["name"])
    sheet.skills = {k: v for k, v in build.skills.items() if v}
    sheet.traits = (
        [species.trait_label(c.species, t) for t in c.species["traits"]]
        + [f"{n} (Advantage, {p})" for n, p in build.advantages]
        + [f"{n} (Disadvantage, {p})" for n, p in build.disadvantages]
        + [
            f"{n} (Special Ability, {r} rank{'s' if r != 1 else ''}, {ability_cost(book, c.rules, n, r)} points)"
            for n, r in build.special_abilities
        ]
    )
    derived: dict[str, str | int] = dict(derive(book, build.attributes).as_sheet(book))
    gifted = has_extranormal(book, build.attributes, int(c.rules["extranormal_minimum"]))
    if not gifted:  # below extranormal_minimum: no Extranormal dice at all
        derived[book.derived["extranormal"]["name"]] = "none"
    for name, value in derived.items():
        c.ctx.change(f"derived {name}", None, value, "computed from the attributes")
    passive = passive_values(book, build.attributes, build.skills, build.specialisations, gifted)
    c.ctx.change(
        "passive values",
        None,
        dict(passive),
        f"the number before the D, at least {book['attributes']['passive']['minimum']}",
    )
    led = c.ledger()
    if led.left:
        c.ctx.note(f"{pts(led.left)} left unspent")
    built = build.to_dict(book)
    sheet.extra = {
        "class": build.cls,
        "concept": build.concept,
        "specialisations": dict(built["specialisations"]),
        "derived": derived,
        "extranormal_type": build.extranormal_type,
        "passive": passive,
        "points": led.to_dict(),
        "build": built,
    }
    if c.species["traits"]:
        sheet.extra["trait_notes"] = {str(t["name"]): str(t["note"]) for t in c.species["traits"]}
