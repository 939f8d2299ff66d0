"""The D6 creation pool's text form of a character, and its roster profile."""

from __future__ import annotations

from typing import Any

from lifepath import Character

from .codes import to_code
from .tables import Book, split_spec_key


def profile(book: Book, characteristics: dict[str, int]) -> str:
    """Every attribute abbreviated with its die code: ``Agi4D Sta2D+1 ...``."""
    per, short = book.per_die, book.abbreviations
    return " ".join(f"{short[a]}{to_code(characteristics[a], per)}" for a in book.attributes if a in characteristics)


def _skills(book: Book, chars: dict[str, int], skills: dict[str, int], specs: dict[str, int]) -> str:
    """Skills with their totals (attribute + ranks) and, after each, its specialisations' totals
    (attribute + skill ranks + specialisation ranks); a specialisation of an unranked skill stands alone."""
    per = book.per_die
    parts = []
    shown: set[str] = set()
    for name, entry in book.skills.items():
        base = chars.get(entry["attribute"], 0)
        ranks = skills.get(name, 0)
        own = [(k, v) for k, v in specs.items() if split_spec_key(k)[0] == name and v]
        if not ranks and not own:
            continue
        spec_text = ", ".join(f"{split_spec_key(k)[1]} {to_code(base + (ranks + v) * per, per)} (+{v})" for k, v in own)
        shown.update(k for k, _ in own)
        if ranks:
            text = f"{name} {to_code(base + ranks * per, per)} (+{ranks})"
            parts.append(f"{text} [{spec_text}]" if spec_text else text)
        else:
            parts.append(f"{name}: {spec_text}")
    return ", ".join(parts) or "none"


def render(book: Book, character: Character) -> str:
    """Name, concept, class and species / attributes / derived / passive values / skills / traits / the
    species' trait notes (if it has Traits) / points, one line each."""
    sheet = character.sheet
    extra: dict[str, Any] = sheet.extra
    per = book.per_die
    chars = sheet.characteristics
    heading = sheet.name or "Unnamed"
    if extra.get("concept"):
        heading += f", {extra['concept']}"
    heading += f" ({extra.get('class', '?')}, {sheet.species})"
    attrs = "  ".join(f"{a} {to_code(chars.get(a, 0), per)}" for a in book.attributes)
    kind, extranormal = extra.get("extranormal_type"), book.derived["extranormal"]["name"]

    def shown(name: str, value: object) -> str:
        if name != extranormal or "extranormal_type" not in extra:
            return f"{name} {value}"
        return f"{name}: {kind} {value}" if kind else f"{name}: none"

    derived = "  ".join(shown(k, v) for k, v in extra.get("derived", {}).items())
    passive = extra.get("passive", {})
    passive_line = f"{book['attributes']['passive']['name']}: " + ", ".join(f"{k} {v}" for k, v in passive.items())
    skills = "Skills: " + _skills(book, chars, sheet.skills, extra.get("specialisations", {}))
    traits = "Traits: " + (", ".join(sheet.traits) or "none")
    notes = extra.get("trait_notes", {})
    species_line = f"{sheet.species} traits: " + "; ".join(f"{k}: {v.rstrip('.')}" for k, v in notes.items())
    pts = extra.get("points", {})
    bonus = f" + {pts.get('from_disadvantages', 0)} from Disadvantages" if pts.get("from_disadvantages") else ""
    points = (
        f"Points: {pts.get('spent', 0)} spent of {pts.get('pool', 0)} ({pts.get('creation_points', 0)} creation points"
        f"{bonus}), {pts.get('left', 0)} unspent"
    )
    lines = [
        heading,
        attrs,
        derived,
        *([passive_line] if passive else []),
        skills,
        traits,
        *([species_line] if notes else []),
        points,
    ]
    return "\n".join(lines) + "\n"
