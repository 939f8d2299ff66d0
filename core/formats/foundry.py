"""Foundry VTT actors for the twodsix game system (type ``traveller``), for Foundry's "Import Data".

A ruleset fills an :class:`ActorData` (``Ruleset.foundry_actor``); :func:`actor` lays it out as the JSON of
an exported actor document, the way twodsix (7.5.x) keeps its own actors: every embedded item has a stable
``_id`` (16 letters and digits, as Foundry's are, derived from the character and the item so a re-export
gives the same ids), the Untrained skill is the one twodsix creates (its flag ``flags.twodsix.untrainedSkill``,
linked from ``system.untrainedSkill``), a skill twodsix's Cepheus SRD list lacks is marked
``flags.lifepath.custom`` with a note, and benefits are items of twodsix's types. Fields twodsix does not
persist are left out and Foundry fills every missing field with its default.
``schemas/foundry.twodsix-traveller.schema.json`` describes what is written. Every text that becomes HTML
(the ``bio``, a custom skill's note) is escaped here, so a name cannot inject markup.
"""

from __future__ import annotations

import hashlib
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
    "stamina": ("STA", "Stamina"),
    "lifeblood": ("LFB", "Lifeblood"),
}
#: twodsix's value for a skill the character does not have (its skill DataModel's initial value)
UNTRAINED = -3
#: the Untrained skill as twodsix's ``buildUntrainedSkillData`` makes it (name in an English world)
UNTRAINED_NAME = "Untrained"
UNTRAINED_IMG = "./systems/twodsix/assets/icons/jack-of-all-trades.svg"
#: movement keys of twodsix's actor DataModel
MOVEMENT = ("walk", "fly", "swim", "climb", "burrow")
_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


@dataclass(slots=True)
class Item:
    """One embedded item. ``type`` is a twodsix item type (``skills``, ``trait``, ``equipment``, ``junk``,
    ``weapon``); ``key`` names it among the character's items (its ``_id`` is made from it); ``value`` is a
    skill's level; ``note`` a short description (a custom skill's note); ``custom`` marks a skill that is not
    in twodsix's Cepheus SRD list."""

    key: str
    name: str
    type: str
    value: int = 0
    note: str = ""
    quantity: int = 1
    custom: bool = False


@dataclass(slots=True)
class ActorData:
    """A character as twodsix sees it. ``characteristics`` are keyed by twodsix key (see
    :data:`CHARACTERISTICS`); ``items`` are skills, traits and benefits; ``untrained`` is the Untrained
    skill's value (-3, raised by Jack of All Trades); ``movement`` is metres by twodsix movement key;
    ``identity`` makes the items' ids (e.g. the ruleset and seed); ``bio`` is (heading, lines) sections of
    plain text, escaped on output."""

    name: str
    characteristics: dict[str, int]
    age: int
    species: str
    gender: str
    homeworld: str
    cash: int
    pension: int
    debt: int
    items: list[Item] = field(default_factory=list)
    identity: str = ""
    untrained: int = UNTRAINED
    untrained_note: str = ""
    movement: dict[str, float] = field(default_factory=dict)
    bio: list[tuple[str, list[str]]] = field(default_factory=list)
    hits: int | None = None


def item_id(identity: str, key: str) -> str:
    """A Foundry document id (16 letters and digits) that is the same for the same character and item."""
    number = int.from_bytes(hashlib.sha256(f"{identity}\x1f{key}".encode()).digest()[:16], "big")
    out = []
    for _ in range(16):
        number, digit = divmod(number, len(_ALPHABET))
        out.append(_ALPHABET[digit])
    return "".join(out)


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


def group_of(name: str) -> str:
    """``Gun Combat (Slug Rifle)`` -> ``Gun Combat``: twodsix's ``groupLabel`` (empty for a plain skill)."""
    match = re.fullmatch(r"(.+?) \(.+\)", name)
    return match.group(1) if match else ""


def actor(data: ActorData) -> dict[str, Any]:
    """The actor document twodsix's "Import Data" accepts."""
    untrained = _untrained(data)
    items: list[dict[str, Any]] = [untrained, *(_item(data.identity, i) for i in data.items)]
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
        "untrainedSkill": untrained["_id"],
        "bio": bio_html(data.bio),
    }
    if data.movement:
        system["movement"] = {**{k: data.movement.get(k) for k in MOVEMENT}, "units": "m", "hover": False}
    if data.hits is not None:
        system["hits"] = {"value": data.hits, "max": data.hits, "min": 0, "lastDelta": 0}
    return {"name": data.name, "type": "traveller", "system": system, "items": items, "effects": [], "flags": {}}


def _untrained(data: ActorData) -> dict[str, Any]:
    system = _skill_system(data.untrained, "")
    if data.untrained_note:
        system["description"] = f"<p>{html.escape(data.untrained_note)}</p>"
    return {
        "_id": item_id(data.identity, "skill:untrained"),
        "name": UNTRAINED_NAME,
        "type": "skills",
        "img": UNTRAINED_IMG,
        "system": system,
        "flags": {"twodsix": {"untrainedSkill": True}},
    }


def _skill_system(level: int, name: str) -> dict[str, Any]:
    return {
        "value": level,
        "characteristic": "NONE",
        "difficulty": "Average",
        "rolltype": "Normal",
        "groupLabel": group_of(name),
    }


def _item(identity: str, item: Item) -> dict[str, Any]:
    doc: dict[str, Any] = {"_id": item_id(identity, item.key), "name": item.name, "type": item.type}
    if item.type == "skills":
        system = _skill_system(item.value, item.name)
        if item.note:
            system["description"] = f"<p>{html.escape(item.note)}</p>"
        doc["system"] = system
        doc["flags"] = {"lifepath": {"custom": True, "note": item.note}} if item.custom else {}
        return doc
    if item.type == "trait":
        doc["system"] = {"value": 0, "shortdescr": item.note, "subtype": "", "prereq": "", "key": _slug(item.name)}
    else:  # equipment, junk, weapon: twodsix's gear fields
        doc["system"] = {"shortdescr": item.note, "quantity": item.quantity, "equipped": "backpack"}
    doc["flags"] = {}
    return doc


def to_json(document: dict[str, Any]) -> str:
    """The same bytes for the same actor (no time stamps, keys in a fixed order)."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
