"""Nowhere Yet characters in other tools' formats: a twodsix (Foundry VTT) actor and a "1001 characters" block.

Nowhere Yet is the Cepheus Engine lifepath, so everything maps: the UPP (Soc, or the species' own social
characteristic such as Caste, goes to twodsix's Social Standing), species traits with their notes, homeworld,
cash, pension and debts, species speed as movement, benefits as items. The life story is the history's notes,
promotions and debts, one readable line each.

Skills go to twodsix's Cepheus SRD names by the table ``data/twodsix.json`` (data, not code): a different
spelling is renamed (``Sciences (X)`` is ``Science (X)``), a bare cascade known at level 0 becomes every
speciality at 0 (the SRD's rule, and twodsix has no item for a bare group), Jack o' Trades raises the
Untrained skill as twodsix's own character generation does, and any skill twodsix lacks is a custom skill
item with a note (on the "1001" text, the log's first line), never dropped.

Gender: the sheet's ``sex`` (``male``/``female`` for humans, the species' own word such as ``queen`` for
others); a sheet without one says ``Unspecified``, so the "1001" line keeps its two words in parentheses.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from lifepath import Character
from lifepath.formats.foundry import UNTRAINED, ActorData, Item
from lifepath.formats.thousand import Block, render

from .render import ORDER, display_name, upp

#: Nowhere Yet characteristic -> twodsix characteristic key
TWODSIX_KEYS = {
    "Str": "strength",
    "Dex": "dexterity",
    "End": "endurance",
    "Int": "intelligence",
    "Edu": "education",
    "Soc": "socialStanding",
    "Psi": "psionicStrength",
}
GENDER_MISSING = "Unspecified"
#: twodsix characteristics a Cepheus Engine sheet does not have: written as 0, not left to twodsix's 7
ABSENT = ("psionicStrength", "stamina", "lifeblood")


@lru_cache(maxsize=1)
def mapping() -> dict[str, Any]:
    """The table ``data/twodsix.json`` (schema ``nowhere-yet.twodsix``)."""
    from lifepath.tables import load_table

    from .tables import PACKAGE

    data: dict[str, Any] = load_table(PACKAGE, "data/twodsix.json").data
    return data


@dataclass(slots=True)
class Skills:
    """A sheet's skills as twodsix has them: ``native`` by twodsix name, ``custom`` (name, level, note) for
    those it lacks, ``joat`` the Jack o' Trades level twodsix adds to its Untrained skill."""

    native: dict[str, int] = field(default_factory=dict)
    custom: list[tuple[str, int, str]] = field(default_factory=list)
    joat: int | None = None


def twodsix_skills(skills: dict[str, int]) -> Skills:
    table = mapping()
    known = set(table["twodsix_skills"])
    out = Skills()

    def native(name: str, level: int) -> None:
        out.native[name] = max(level, out.native.get(name, level))

    for name, level in sorted(skills.items()):
        target = table["renamed"].get(name, name)
        if name == table["untrained"]["skill"]:
            out.joat = level
        elif target in known:
            native(target, level)
        elif name in table["cascades"] and level == 0:
            for speciality in table["cascades"][name]:
                native(speciality, 0)
        else:
            note = table["custom"].get(name, table["unlisted_note"])
            if name in table["cascades"]:
                note = f"{name} at level {level} without a speciality; twodsix has no item for a bare cascade skill"
            out.custom.append((name, level, note))
    return out


def name_parts(character: Character) -> tuple[str, str]:
    """(honorific, the rest) of :func:`display_name`: the rank title, then the name and any noble title."""
    full = display_name(character)
    ranked = [c for c in character.sheet.careers if c.rank >= 1 and c.title]
    if ranked:
        title = max(ranked, key=lambda c: c.rank).title or ""
        if title and full.startswith(f"{title} "):
            return title, full[len(title) + 1 :]
    return "", full


def species_word(species_name: str) -> str:
    """``Human (male)`` -> ``Human``: the species without the portrait in parentheses."""
    return re.sub(r"\s*\(.*\)\s*$", "", species_name).strip() or species_name


def gender(character: Character) -> str:
    sex = character.sheet.sex.strip()
    return sex[:1].upper() + sex[1:] if sex else GENDER_MISSING


def events(character: Character) -> list[str]:
    """The life story, one readable line per event: homeworld, careers, terms, mishaps, injuries,
    promotions, debts and mustering out, in the order they happened."""
    out: list[str] = []
    for event in character.history:
        kind = event.get("type")
        if kind == "note":
            text = str(event.get("text", "")).strip()
            if text:
                out.append(text[:1].upper() + text[1:])
        elif kind == "change":
            what = str(event.get("what", ""))
            why = str(event.get("why", ""))
            if what.startswith("rank in "):
                out.append(f"{what[len('rank in ') :]}: {why} (rank {event.get('to')})")
            elif what.startswith("debt"):
                kind_of = what[len("debt") :].strip(" ()") or "debt"
                out.append(f"Debt Cr{event.get('to')} ({kind_of}): {why}")
    if character.sheet.status == "dead":
        out.append("Died during creation")
    return out


def benefits(character: Character) -> list[str]:
    sheet = character.sheet
    items = list(sheet.equipment)
    shares = sheet.extra.get("ship_shares")
    if shares:
        items.append(f"Ship Shares x{shares}")
    pension = sheet.extra.get("pension")
    if pension:
        items.append(f"Pension Cr{pension}/year")
    return items


def _homeworld(character: Character) -> str:
    world = character.sheet.extra.get("homeworld")
    if isinstance(world, dict):
        return str(world.get("name", ""))
    return str(world or "")


def _traits(character: Character, species: dict[str, Any]) -> list[tuple[str, str]]:
    notes = character.sheet.extra.get("trait_notes", {})
    traits = [(t, str(notes.get(t, ""))) for t in character.sheet.traits]
    speed = species.get("speed")
    if speed:
        traits.append((f"{str(speed['kind']).capitalize()} Speed ({speed['metres']:g}m)", ""))
    return traits


def _benefit_items(character: Character) -> list[Item]:
    table = mapping()
    counts = Counter(character.sheet.equipment)
    shares = character.sheet.extra.get("ship_shares")
    if shares:
        counts["Ship Shares"] += int(shares)
    items = []
    for name, count in sorted(counts.items()):
        kind = table["equipment"].get(name, {"type": table["default_equipment_type"], "shortdescr": ""})
        items.append(Item(f"item:{name}", name, kind["type"], note=kind["shortdescr"], quantity=count))
    return items


def _movement(character: Character, species: dict[str, Any]) -> dict[str, float]:
    table = mapping()["movement"]
    speed = species.get("speed")
    metres = float(speed["metres"]) if speed else float(table["walk"])
    movement = {"walk": metres}
    for trait in character.sheet.traits:
        if trait in table["traits"]:
            movement[table["traits"][trait]] = metres
    return movement


def skill_items(skills: Skills) -> list[Item]:
    items = [Item(f"skill:{name}", name, "skills", level) for name, level in sorted(skills.native.items())]
    items.extend(Item(f"skill:{n}", n, "skills", level, note, custom=True) for n, level, note in skills.custom)
    return items


def actor(character: Character, species: dict[str, Any]) -> ActorData:
    sheet = character.sheet
    chars = sheet.characteristics
    skills = twodsix_skills(sheet.skills)
    untrained = mapping()["untrained"]
    species_name = species_word(str(species.get("name", sheet.species)))
    story = events(character)
    bio: list[tuple[str, list[str]]] = []
    world = sheet.extra.get("homeworld")
    if isinstance(world, dict) and world.get("name"):
        codes = " ".join(world.get("trade_codes", []))
        bio.append(("Homeworld", [f"{world['name']} {world.get('uwp', '')} {codes}".strip()]))
    for key, heading in (("goal", "Goal"), ("appearance", "Appearance")):
        if sheet.extra.get(key):
            bio.append((heading, [str(sheet.extra[key])]))
    if benefits(character):
        bio.append(("Benefits", [", ".join(benefits(character))]))
    bio.append(("Life story", story))
    characteristics = {TWODSIX_KEYS[k]: v for k, v in chars.items() if k in TWODSIX_KEYS}
    for key in ABSENT:
        characteristics.setdefault(key, 0)
    traits = [Item(f"trait:{name}", name, "trait", note=note) for name, note in _traits(character, species)]
    return ActorData(
        name=display_name(character),
        characteristics=characteristics,
        age=sheet.age,
        species=species_name,
        gender=gender(character),
        homeworld=_homeworld(character),
        cash=sheet.credits,
        pension=int(sheet.extra.get("pension", 0) or 0),
        debt=sheet.total_debt,
        items=[*skill_items(skills), *traits, *_benefit_items(character)],
        identity=f"{character.ruleset}:{character.provenance.get('seed', '')}",
        untrained=UNTRAINED + (skills.joat or 0),
        untrained_note="" if skills.joat is None else f"{untrained['name']}-{skills.joat}: {untrained['note']}",
        movement=_movement(character, species),
        bio=bio,
        hits=sum(chars.get(k, 0) for k in ("Str", "Dex", "End")),
    )


def block(character: Character, species: dict[str, Any], number: int) -> str:
    sheet = character.sheet
    skills = twodsix_skills(sheet.skills)
    other = [] if skills.joat is None else [(mapping()["untrained"]["name"], skills.joat)]
    other.extend((name, level) for name, level, _ in skills.custom)
    honorific, name = name_parts(character)
    return render(
        Block(
            number=number,
            name=name,
            honorific=honorific,
            gender=gender(character),
            species=species_word(str(species.get("name", sheet.species))),
            upp=upp(sheet.characteristics),
            age=sheet.age,
            careers=[(c.name, c.terms) for c in sheet.careers],
            funds=sheet.credits - sheet.total_debt,
            traits=[name for name, _ in _traits(character, species)],
            skills=sorted(skills.native.items()),
            other_skills=other,
            characteristics=[(c, sheet.characteristics[c]) for c in ORDER],
            benefits=benefits(character),
            events=events(character),
        )
    )
