"""Nowhere Yet characters in other tools' formats: a twodsix (Foundry VTT) actor and a "1001 characters" block.

Nowhere Yet is the Cepheus Engine lifepath, so everything maps: the UPP (Soc, or the species' own social
characteristic such as Caste, goes to twodsix's Social Standing), skills already in the SRD's
"Group (Speciality)" spelling, species traits with their notes, homeworld, cash, pension and debts. The life
story is the history's notes, promotions and debts, one readable line each.

Gender: the sheet's ``sex`` (``male``/``female`` for humans, the species' own word such as ``queen`` for
others); a sheet without one says ``Unspecified``, so the "1001" line keeps its two words in parentheses.
"""

from __future__ import annotations

import re
from typing import Any

from lifepath import Character
from lifepath.formats.foundry import ActorData
from lifepath.formats.thousand import Block, render

from .render import display_name, upp

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


def actor(character: Character, species: dict[str, Any]) -> ActorData:
    sheet = character.sheet
    chars = sheet.characteristics
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
    return ActorData(
        name=display_name(character),
        characteristics={TWODSIX_KEYS[k]: v for k, v in chars.items() if k in TWODSIX_KEYS},
        age=sheet.age,
        species=species_name,
        gender=gender(character),
        homeworld=_homeworld(character),
        cash=sheet.credits,
        pension=int(sheet.extra.get("pension", 0) or 0),
        debt=sheet.total_debt,
        skills=sorted(sheet.skills.items()),
        traits=_traits(character, species),
        bio=bio,
        hits=sum(chars.get(k, 0) for k in ("Str", "Dex", "End")),
    )


def block(character: Character, species: dict[str, Any], number: int) -> str:
    sheet = character.sheet
    return render(
        Block(
            number=number,
            name=display_name(character),
            gender=gender(character),
            species=species_word(str(species.get("name", sheet.species))),
            upp=upp(sheet.characteristics),
            age=sheet.age,
            careers=[(c.name, c.terms) for c in sheet.careers],
            funds=sheet.credits - sheet.total_debt,
            traits=[name for name, _ in _traits(character, species)],
            skills=sorted(sheet.skills.items()),
            benefits=benefits(character),
            events=events(character),
        )
    )
