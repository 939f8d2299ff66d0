"""Wormwood Drift's printed sheet: Attributes, Resolve and the other derived values (Defense among them),
skills, Scars, Disciplines, cyberware, Contacts and Rivals, gear, and a life story of one line per term."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from lifepath import Character
from lifepath.engine.help import check_text
from lifepath.sheets import Section, chapters, grid, rows, term_label

from .render import _cyberware
from .tables import Tables


def _story_line(terms: dict[int, dict[str, Any]]) -> Callable[[str, Sequence[dict[str, Any]]], str]:
    """One line per term from the term's record (path, skills, gear, contact, Scar); notes for the origin."""

    def line(label: str, events: Sequence[dict[str, Any]]) -> str:
        texts = [str(e["text"]) for e in events if e.get("type") == "note"]
        number = int(label.split()[1]) if label.startswith("Term ") else None
        record = terms.get(number) if number is not None else None
        if record is None:
            return "; ".join(texts) or label
        parts = [str(record.get("path", ""))]
        if record.get("hard_term"):
            parts.append("a hard term")
        if record.get("skills"):
            parts.append("skills " + ", ".join(record["skills"]))
        if record.get("gear"):
            parts.append(f"gear: {record['gear']}")
        if record.get("contact"):
            parts.append(f"contact: {record['contact']}")
        if record.get("scar"):
            parts.append(f"Scar: {record['scar']}")
        return "; ".join(parts)

    return line


def sections(character: Character, t: Tables) -> list[Section]:
    sheet = character.sheet
    extra: dict[str, Any] = sheet.extra
    derived: dict[str, Any] = extra.get("derived", {})
    formulas: dict[str, Any] = t["creation"]["derived"]
    cascades: dict[str, list[str]] = extra.get("cascades", {})
    terms = {int(x["term"]): x for x in extra.get("terms", [])}
    out = [
        Section(
            "Identity",
            rows(
                [
                    ("Name", sheet.name or "Unnamed"),
                    ("Species", sheet.species),
                    ("Background", extra.get("background")),
                    ("Formative event", extra.get("formative_event")),
                    ("Age", sheet.age),
                    ("Status", sheet.status),
                ]
            ),
        ),
        Section("Attributes", rows([(a, sheet.characteristics.get(a, 0)) for a in t.attribute_names()]), columns=4),
        Section(
            "Resolve and derived values",
            rows(
                [
                    (f["label"], f"{derived[k]}" + (" slots" if k == "carrying" else ""))
                    for k, f in formulas.items()
                    if k in derived
                ]
            ),
            columns=3,
        ),
        Section(
            "Skills",
            rows(
                [
                    (name, f"{rank}" + (f" [{'/'.join(cascades[name])}]" if name in cascades else ""))
                    for name, rank in sorted(sheet.skills.items())
                ]
            ),
            columns=3,
        ),
        Section(
            "Scars", table=grid(["Scar", "From"], [[s["scar"], s.get("from", "")] for s in extra.get("scars", [])])
        ),
        Section("Disciplines", paragraphs=tuple(str(d) for d in extra.get("disciplines", [])) or ("none",)),
        Section("Cyberware", paragraphs=tuple(_cyberware(c) for c in extra.get("cyberware", []))),
        Section(
            "Contacts and Rivals",
            rows(
                [
                    ("Contacts", "; ".join(extra.get("contacts", []))),
                    ("Rivals", "; ".join(extra.get("rivals", []))),
                ]
            ),
        ),
        Section(
            "Gear and money",
            rows(
                [
                    ("Gear", ", ".join(sheet.equipment)),
                    ("Credits", f"{sheet.credits:,}cr"),
                    ("Ship-shares", extra.get("ship_shares") or ""),
                ]
            ),
        ),
        Section(
            "Careers",
            table=grid(
                ["Path", "Terms", "Rank or title"],
                [[c.name, c.terms, c.title or (f"rank {c.rank}" if c.rank else "")] for c in sheet.careers],
            ),
        ),
        Section("How a check is rolled", paragraphs=(check_text("lifepath.plugins.wormwood_drift"),)),
        Section("Life story", story=chapters(character.history, term_label, first="Origin", line=_story_line(terms))),
    ]
    return [s for s in out if not s.empty]
