"""Wormwood Drift's printed sheet: Attributes, Resolve and the other derived values (Defense among them),
skills, Scars, Disciplines, cyberware, Contacts and Rivals, gear, and a life story of one line per term."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lifepath import Character
from lifepath.sheets import Section, chapters, grid, rows, term_label

from .render import _cyberware
from .tables import Tables


def _term_line(label: str, events: Sequence[dict[str, Any]]) -> str:
    texts = [str(e["text"]) for e in events if e.get("type") == "note"]
    return "; ".join(t.split(": ", 1)[1] if t.startswith("term ") and ": " in t else t for t in texts) or label


def sections(character: Character, t: Tables) -> list[Section]:
    sheet = character.sheet
    extra: dict[str, Any] = sheet.extra
    derived: dict[str, Any] = extra.get("derived", {})
    formulas: dict[str, Any] = t["creation"]["derived"]
    cascades: dict[str, list[str]] = extra.get("cascades", {})
    terms = {int(x["term"]): x for x in extra.get("terms", [])}
    out = [
        Section("Identity", rows([
            ("Name", sheet.name or "Unnamed"),
            ("Species", sheet.species),
            ("Background", extra.get("background")),
            ("Formative event", extra.get("formative_event")),
            ("Age", sheet.age),
            ("Status", sheet.status),
        ])),
        Section("Attributes", rows([(a, sheet.characteristics.get(a, 0)) for a in t.attribute_names()]), columns=4),
        Section("Resolve and derived values", rows(
            [(f["label"], f"{derived[k]}" + (" slots" if k == "carrying" else "")) for k, f in formulas.items()
             if k in derived]
        ), columns=3),
        Section("Skills", rows(
            [(name, f"{rank}" + (f" [{'/'.join(cascades[name])}]" if name in cascades else ""))
             for name, rank in sorted(sheet.skills.items())]
        ), columns=3),
        Section("Scars", table=grid(
            ["Scar", "From"], [[s["scar"], s.get("from", "")] for s in extra.get("scars", [])]
        )),
        Section("Disciplines", paragraphs=tuple(str(d) for d in extra.get("disciplines", []))),
        Section("Cyberware", paragraphs=tuple(_cyberware(c) for c in extra.get("cyberware", []))),
        Section("Contacts and Rivals", rows([
            ("Contacts", "; ".join(extra.get("contacts", []))),
            ("Rivals", "; ".join(extra.get("rivals", []))),
        ])),
        Section("Gear and money", rows([
            ("Gear", ", ".join(sheet.equipment)),
            ("Credits", f"{sheet.credits:,}cr"),
            ("Ship-shares", extra.get("ship_shares") or ""),
        ])),
        Section("Terms", table=grid(
            ["Term", "Path", "Skills", "Gear", "Hard"],
            [[n, x.get("path"), ", ".join(x.get("skills", [])), x.get("gear"), "yes" if x.get("hard_term") else ""]
             for n, x in sorted(terms.items())],
        )),
        Section("Life story", story=chapters(character.history, term_label, first="Origin", line=_term_line)),
    ]
    return [s for s in out if not s.empty]
