"""The Universal Character Format, laid out as the SRD lays it out, and the UPP."""

from __future__ import annotations

from collections import Counter
from typing import Any

from lifepath import Character

PSEUDOHEX = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"
ORDER = ("Str", "Dex", "End", "Int", "Edu", "Soc")


def upp(characteristics: dict[str, int], psi: int | None = None) -> str:
    """Six pseudohex digits in the printed order; ``-P`` only for a psionic character."""
    text = "".join(PSEUDOHEX[max(0, min(v, len(PSEUDOHEX) - 1))] for v in (characteristics[c] for c in ORDER))
    return f"{text}-{PSEUDOHEX[psi]}" if psi is not None else text


def display_name(character: Character) -> str:
    sheet = character.sheet
    ranked = [c for c in sheet.careers if c.rank >= 1 and c.title]
    name = sheet.name or "Unnamed"
    if ranked:
        best = max(ranked, key=lambda c: c.rank)
        name = f"{best.title} {name}"
    title = sheet.extra.get("noble_title")
    if title:
        name = f"{name}, {title}"
    return name


def _careers(character: Character) -> str:
    parts = []
    for c in character.sheet.careers:
        parts.append(f"{c.name} ({c.terms} term{'s' if c.terms != 1 else ''})")
    return ", ".join(parts) or "No career"


def _money(character: Character) -> str:
    sheet = character.sheet
    text = f"Cr{sheet.credits:,}"
    if sheet.total_debt:
        text += f" (debt Cr{sheet.total_debt:,})"
    pension = sheet.extra.get("pension")
    if pension:
        text += f", pension Cr{pension:,}/year"
    return text


def _equipment(character: Character) -> str:
    sheet = character.sheet
    counts: Counter[str] = Counter(sheet.equipment)
    items = [f"{k} (x{n})" if n > 1 else k for k, n in counts.items()]
    shares = sheet.extra.get("ship_shares")
    if shares:
        items.append(f"Ship shares (x{shares})")
    return ", ".join(items)


def ucf(character: Character, species_names: dict[str, str], speeds: dict[str, Any]) -> str:
    """Name UPP Age / careers and funds / skills / species traits (aliens) / equipment."""
    sheet = character.sheet
    lines = [
        f"{display_name(character)} {upp(sheet.characteristics)} Age {sheet.age}"
        + (" (dead)" if sheet.status == "dead" else "")
    ]
    lines.append(f"{_careers(character)} {_money(character)}")
    lines.append(", ".join(f"{k}-{v}" for k, v in sorted(sheet.skills.items())) or "No skills")
    if sheet.traits or not sheet.species.startswith("human"):
        traits = list(sheet.traits)
        speed = speeds.get(sheet.species)
        if speed:
            traits.append(f"{speed['kind'].capitalize()} Speed ({speed['metres']:g}m)")
        lines.append(f"{species_names.get(sheet.species, sheet.species)}: {', '.join(traits)}")
    equipment = _equipment(character)
    if equipment:
        lines.append(equipment)
    return "\n".join(lines) + "\n"
