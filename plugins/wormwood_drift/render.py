"""The compact sheet and the roster columns of a finished Wormwood Drift character."""

from __future__ import annotations

from typing import Any

from lifepath import Character

from .psionics import costs_text
from .tables import Tables


def _list(items: list[str], empty: str = "none") -> str:
    return "; ".join(items) if items else empty


def _disciplines(extra: dict[str, Any], t: Tables) -> str:
    taken = [str(d) for d in extra.get("disciplines", [])]
    if not taken:
        return "none"
    return ", ".join(taken) + f" (use: {costs_text(t['disciplines'])})"


def _cyberware(entry: Any) -> str:
    if isinstance(entry, str):  # a character made before the bonus was recorded (ruleset 1.0.0)
        return entry
    cost = int(entry["resolve_cost"])
    price = f"-{cost} max Resolve" if cost else "no Resolve cost"
    return f"{entry['item']} (+{entry['bonus']} {entry['attribute']}: {entry['task']}; {price})"


def sheet_text(character: Character, t: Tables) -> str:
    """Name, background, Attributes, derived values, skills, Scars, Disciplines, cyberware, Contacts, Rivals,
    gear, credits, terms."""
    sheet = character.sheet
    extra: dict[str, Any] = sheet.extra
    status = " (dead)" if sheet.status == "dead" else ""
    lines = [f"{sheet.name or 'Unnamed'} ({sheet.species}, {extra.get('background', '')}), age {sheet.age}{status}"]
    lines.append(f"Formative event: {extra.get('formative_event', '')}")
    lines.append("  ".join(f"{a} {sheet.characteristics.get(a, 0)}" for a in t.attribute_names()))
    formulas = t["creation"]["derived"]
    derived = extra.get("derived", {})
    parts = []
    for key, f in formulas.items():
        if key in derived:
            parts.append(f"{f['label']} {derived[key]}" + (" slots" if key == "carrying" else ""))
    lines.append("  ".join(parts))
    cascades = extra.get("cascades", {})
    skills = []
    for name, rank in sorted(sheet.skills.items()):
        narrow = cascades.get(name)
        skills.append(f"{name} {rank}" + (f" [{'/'.join(narrow)}]" if narrow else ""))
    lines.append("Skills: " + (", ".join(skills) or "none"))
    lines.append("Scars: " + _list([str(s["scar"]) for s in extra.get("scars", [])]))
    lines.append("Disciplines: " + _disciplines(extra, t))
    if extra.get("cyberware"):
        lines.append("Cyberware: " + _list([_cyberware(c) for c in extra["cyberware"]]))
    lines.append("Contacts: " + _list(list(extra.get("contacts", []))))
    lines.append("Rivals: " + _list(list(extra.get("rivals", []))))
    lines.append("Gear: " + _list(list(sheet.equipment)))
    money = f"Credits: {sheet.credits:,}cr"
    if extra.get("ship_shares"):
        money += f"; ship-shares {extra['ship_shares']}"
    lines.append(money)
    hard = sum(1 for x in extra.get("terms", []) if x.get("hard_term"))
    paths = ", ".join(f"{c.name} ({c.terms}" + (f", {c.title}" if c.title else "") + ")" for c in sheet.careers)
    lines.append(f"Terms: {sheet.total_terms}" + (f" ({hard} hard)" if hard else "") + f" - {paths or 'none'}")
    return "\n".join(lines) + "\n"


def roster(character: Character, t: Tables) -> dict[str, str]:
    """species, careers, age and a short profile such as ``M2 A3 W2 P1 | 2 scars``."""
    sheet = character.sheet
    codes = " ".join(f"{a['code']}{sheet.characteristics.get(a['name'], 0)}" for a in t["attributes"]["attributes"])
    scars = len(sheet.extra.get("scars", []))
    return {
        "species": sheet.species,
        "careers": ", ".join(f"{c.name} ({c.terms})" for c in sheet.careers),
        "age": str(sheet.age),
        "profile": f"{codes} | {scars} scar{'s' if scars != 1 else ''}",
    }
