"""Reading lifepath's output the way twodsix (Foundry VTT) does, from the facts in ``twodsix/``.

``twodsix/fields.json`` and ``twodsix/ce_skills.json`` hold what twodsix-foundryvtt 7.5.2's own files say
(the "1001 characters" macro's parsing rules, its Cepheus SRD skill names, its actor and item DataModels),
each with the file it was read from. This module is lifepath's own code: :func:`paste` follows the
macro's rules step by step (Python slices behave as JavaScript's ``slice``), :func:`actor_problems` checks
an exported actor against the DataModel facts. No twodsix code is copied here.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FACTS_DIR = Path(__file__).parent / "twodsix"
FIELDS: dict[str, Any] = json.loads((FACTS_DIR / "fields.json").read_text(encoding="utf-8"))
CE_SKILLS: frozenset[str] = frozenset(
    s["name"] for s in json.loads((FACTS_DIR / "ce_skills.json").read_text(encoding="utf-8"))["skills"]
)
MACRO = FIELDS["macro"]
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


def js_number(text: str) -> float | None:
    """JavaScript's ``Number(text)`` for the texts the macro meets; None for NaN."""
    text = text.strip()
    if not text:
        return 0.0
    return float(text) if _NUMBER.fullmatch(text) else None


def _digit(char: str) -> int | None:
    """The macro's hexToBase10 as a number twodsix's integer field keeps (None: not a number)."""
    upper = char.upper()
    if upper in "ABCDEFG":
        return 10 + "ABCDEFG".index(upper)
    return int(char) if char.isdigit() else None


@dataclass
class Pasted:
    """The actor the macro makes from one block."""

    name: str
    gender: str
    species: str
    age: float | None
    characteristics: dict[str, int | None]
    cash: float | None
    debt: float | None
    careers: str
    skills: dict[str, int | None] = field(default_factory=dict)
    unknown: list[str] = field(default_factory=list)
    benefits: str | None = None
    bio: list[str] = field(default_factory=list)

    @property
    def funds(self) -> float | None:
        return None if self.cash is None or self.debt is None else self.cash - self.debt


def paste(text: str) -> Pasted:
    """Run the macro's reading of ``text`` (one character's block, CE compendium)."""
    lines = text.split("\n")
    first = lines[0]
    start = first.find(".") + 2 if "." in first else 0
    open_paren, close_paren, at_age = first.find("("), first.find(")"), first.find("Age")
    name = first[start : open_paren - 1]
    gender_species = first[open_paren + 1 : close_paren].split(" ")
    upp = first[close_paren + 2 : at_age - 1].replace("-", "", 1)
    age = js_number(first[at_age + 4 :])
    at_cr = lines[1].find("Cr")
    credits = js_number(lines[1][at_cr + 2 :])
    if credits is not None and credits >= 0:
        cash, debt = credits, 0.0
    else:  # a negative number is debt; a text that is not a number is neither (NaN)
        cash, debt = 0.0, None if credits is None else -credits
    species = gender_species[1] if len(gender_species) > 1 else ""
    pasted = Pasted(
        name=name,
        gender=gender_species[0],
        species=species,
        age=age,
        characteristics={},
        cash=cash,
        debt=debt,
        careers=lines[1][: at_cr - 3],
    )
    line = 2
    if species != "Human":
        pasted.bio.append(lines[line])
        line += 1
    for key, char in zip(MACRO["upp_order"], upp, strict=False):
        pasted.characteristics[key] = _digit(char)
    _skills(pasted, lines[line])
    line += 1
    if lines[line] != MACRO["log_heading"]:
        pasted.benefits = lines[line]
        line += 1
    pasted.bio.extend(lines[line:])
    return pasted


def _skills(pasted: Pasted, line: str) -> None:
    clean = line.strip()
    if clean.endswith(","):
        clean = clean[:-1]
    for entry in clean.split(", "):
        dash = entry.rfind("-")
        name, level_text = entry[:dash], entry[dash + 1 :]
        number = js_number(level_text)
        level = int(number) if number is not None and number.is_integer() else None
        found = MACRO["translate_ce"].get(name, name)
        if found not in CE_SKILLS:
            found = MACRO["compendium_errors_ce"].get(name, "")
        if found in CE_SKILLS:
            old = pasted.skills.get(found)
            pasted.skills[found] = level if old is None or level is None else max(old, level)
        else:
            pasted.unknown.append(entry)


def _shape_problems(where: str, value: Any, kind: str) -> list[str]:
    base = kind.split(" ")[0]
    checks = {
        "string": lambda v: isinstance(v, str),
        "html": lambda v: isinstance(v, str),
        "object": lambda v: isinstance(v, dict),
        "array": lambda v: isinstance(v, list),
        "boolean": lambda v: isinstance(v, bool),
        "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
        "integer>=0": lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 0,
        "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
        "number>=0|null": lambda v: v is None or (isinstance(v, int | float) and v >= 0),
        "numberText": lambda v: isinstance(v, str) and js_number(v) is not None,
    }
    return [] if checks[base](value) else [f"{where}: {value!r} is not {kind}"]


def _fields_problems(where: str, data: dict[str, Any], model: dict[str, str]) -> list[str]:
    out = [f"{where}.{k}: not a field of twodsix's DataModel" for k in data if k not in model]
    for key, value in data.items():
        if key in model:
            out.extend(_shape_problems(f"{where}.{key}", value, model[key]))
    return out


def actor_problems(doc: dict[str, Any]) -> list[str]:
    """Everything in an exported actor that twodsix's DataModels would drop, misread or repair."""
    facts, items_facts = FIELDS["actor"], FIELDS["items"]
    system = doc["system"]
    out = _fields_problems("system", system, facts["system"])
    for key, char in system.get("characteristics", {}).items():
        if key not in facts["characteristic_keys"]:
            out.append(f"characteristics.{key}: not a twodsix characteristic")
            continue
        out.extend(_fields_problems(f"characteristics.{key}", char, facts["characteristic"]))
        if char.get("shortLabel") != facts["characteristic_keys"][key]:
            out.append(f"characteristics.{key}.shortLabel is {char.get('shortLabel')!r}")
    for group in ("movement", "age", "finances", "financeValues", "hits"):
        if group in system:
            out.extend(_fields_problems(group, system[group], facts[group]))
    ids = [item.get("_id", "") for item in doc["items"]]
    pattern = re.compile(FIELDS["ids"]["pattern"])
    out.extend(f"item {i}: _id {v!r} is not a Foundry id" for i, v in enumerate(ids) if not pattern.fullmatch(v))
    if len(set(ids)) != len(ids):
        out.append("items: two items share an _id")
    allowed = {
        "skills": {**items_facts["base"], **items_facts["skills"]},
        "trait": {**items_facts["base"], **items_facts["trait"]},
        "equipment": {**items_facts["base"], **items_facts["gear"]},
        "junk": {**items_facts["base"], **items_facts["gear"]},
        "weapon": {**items_facts["base"], **items_facts["gear"], **dict.fromkeys(items_facts["weapon_adds"], "string")},
    }
    for item in doc["items"]:
        if item["type"] not in items_facts["types"]:
            out.append(f"{item['name']}: item type {item['type']!r} is not one lifepath maps to")
            continue
        out.extend(_fields_problems(f"{item['name']}.system", item["system"], allowed[item["type"]]))
    out.extend(_untrained_problems(doc))
    out.extend(_skill_name_problems(doc))
    return out


def untrained_items(doc: dict[str, Any]) -> list[dict[str, Any]]:
    return [i for i in doc["items"] if i.get("flags", {}).get("twodsix", {}).get("untrainedSkill") is True]


def _untrained_problems(doc: dict[str, Any]) -> list[str]:
    facts = FIELDS["untrained"]
    found = untrained_items(doc)
    if len(found) != 1:
        return [f"{len(found)} items carry flags.twodsix.untrainedSkill (twodsix wants exactly one)"]
    item = found[0]
    out = []
    if doc["system"].get("untrainedSkill") != item.get("_id"):
        out.append("system.untrainedSkill does not link the Untrained item")
    for key in ("name", "type", "img"):
        if item.get(key) != facts[key]:
            out.append(f"Untrained item: {key} is {item.get(key)!r}, twodsix makes {facts[key]!r}")
    if item["system"].get("characteristic") != facts["system"]["characteristic"]:
        out.append("Untrained item: characteristic is not NONE")
    return out


def _skill_name_problems(doc: dict[str, Any]) -> list[str]:
    out = []
    for item in doc["items"]:
        if item["type"] != "skills" or item in untrained_items(doc):
            continue
        custom = item.get("flags", {}).get("lifepath", {})
        if item["name"] not in CE_SKILLS and not (custom.get("custom") is True and custom.get("note")):
            out.append(f"skill {item['name']!r}: not in twodsix's CE list and not marked flags.lifepath.custom")
    return out
