"""Foundry VTT actors for the twodsix game system (type ``traveller``), for Foundry's "Import Data".

A ruleset fills an :class:`ActorData` (``Ruleset.foundry_actor``); :func:`actor` lays it out as the JSON of
an exported actor document. Fields twodsix does not persist are left out and Foundry fills every missing
field with its default. ``schemas/foundry.twodsix-traveller.schema.json`` describes what is written. Every
text that becomes HTML (the ``bio``) is escaped here, so a name cannot inject markup.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field
from typing import Any

#: twodsix characteristic key -> (short label, label)
CHARACTERISTICS: dict[str, tuple[str, str]] = {
    "strength": ("STR", "Strength"),
    "dexterity": ("DEX", "Dexterity"),
    "endurance": ("END", "Endurance"),
    "intelligence": ("INT", "Intelligence"),
    "education": ("EDU", "Education"),
    "socialStanding": ("SOC", "Social Standing"),
    "psionicStrength": ("PSI", "Psionic Strength"),
}
#: twodsix's value for a skill the character does not have
UNTRAINED = -3


@dataclass(slots=True)
class ActorData:
    """A character as twodsix sees it. ``characteristics`` are keyed by twodsix key (see
    :data:`CHARACTERISTICS`); ``skills`` are (name in "Group (Speciality)" form, level); ``traits`` are
    (name, short description); ``bio`` is (heading, lines) sections of plain text, escaped on output."""

    name: str
    characteristics: dict[str, int]
    age: int
    species: str
    gender: str
    homeworld: str
    cash: int
    pension: int
    debt: int
    skills: list[tuple[str, int]]
    traits: list[tuple[str, str]] = field(default_factory=list)
    bio: list[tuple[str, list[str]]] = field(default_factory=list)
    hits: int | None = None


def _characteristic(key: str, value: int) -> dict[str, Any]:
    short, label = CHARACTERISTICS[key]
    return {
        "key": key,
        "value": max(0, value),
        "damage": 0,
        "label": label,
        "shortLabel": short,
        "displayShortLabel": short,
    }


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "trait"


def bio_html(sections: list[tuple[str, list[str]]]) -> str:
    """Sections as HTML: an ``<h2>`` heading and one ``<p>`` per line, every text escaped."""
    parts = []
    for heading, lines in sections:
        parts.append(f"<h2>{html.escape(heading)}</h2>")
        parts.extend(f"<p>{html.escape(line)}</p>" for line in lines)
    return "".join(parts)


def actor(data: ActorData) -> dict[str, Any]:
    """The actor document twodsix's "Import Data" accepts."""
    items: list[dict[str, Any]] = [_skill("Untrained", UNTRAINED)]
    items.extend(_skill(name, level) for name, level in data.skills)
    items.extend(
        {
            "name": name,
            "type": "trait",
            "system": {"value": 0, "shortdescr": note, "subtype": "", "prereq": "", "key": _slug(name)},
        }
        for name, note in data.traits
    )
    system: dict[str, Any] = {
        "name": data.name,
        "characteristics": {k: _characteristic(k, v) for k, v in data.characteristics.items()},
        "homeWorld": data.homeworld,
        "species": data.species,
        "gender": data.gender,
        "age": {"value": data.age, "min": 0},
        "finances": {
            "cash": str(data.cash),
            "pension": str(data.pension),
            "payments": "0",
            "debt": str(data.debt),
            "livingCosts": "0",
            "financial-notes": "",
        },
        "financeValues": {
            "cash": data.cash,
            "pension": data.pension,
            "payment": 0,
            "debt": data.debt,
            "livingCosts": 0,
        },
        "bio": bio_html(data.bio),
    }
    if data.hits is not None:
        system["hits"] = {"value": data.hits, "max": data.hits, "min": 0, "lastDelta": 0}
    return {"name": data.name, "type": "traveller", "system": system, "items": items, "effects": [], "flags": {}}


def _skill(name: str, level: int) -> dict[str, Any]:
    return {
        "name": name,
        "type": "skills",
        "system": {"value": level, "characteristic": "NONE", "difficulty": "Average", "rolltype": "Normal"},
    }


def to_json(document: dict[str, Any]) -> str:
    """The same bytes for the same actor (no time stamps, keys in a fixed order)."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
