"""The D6 creation pool's printed sheet: attributes and skills as die codes with pips, specialisations,
derived values, advantages and disadvantages, and the points ledger."""

from __future__ import annotations

from typing import Any

from lifepath import Character
from lifepath.engine.help import check_text
from lifepath.sheets import Section, grid, rows

from .codes import to_code
from .tables import Book, split_spec_key


def sections(character: Character, book: Book) -> list[Section]:
    sheet = character.sheet
    extra: dict[str, Any] = sheet.extra
    per = book.per_die
    chars = sheet.characteristics
    specs: dict[str, int] = extra.get("specialisations", {})
    skill_rows = []
    for name, entry in book.skills.items():
        base = chars.get(entry["attribute"], 0)
        ranks = sheet.skills.get(name, 0)
        if ranks:
            skill_rows.append([name, entry["attribute"], f"+{ranks}", to_code(base + ranks * per, per)])
        for key, v in specs.items():
            skill, spec = split_spec_key(key)
            if skill == name and v:
                skill_rows.append(
                    [f"{name}: {spec}", entry["attribute"], f"+{v}", to_code(base + (ranks + v) * per, per)]
                )
    build: dict[str, Any] = extra.get("build", {})
    points: dict[str, Any] = extra.get("points", {})
    ledger = [(k.replace("_", " ").capitalize(), v) for k, v in points.items()]
    out = [
        Section(
            "Identity",
            rows(
                [
                    ("Name", sheet.name or "Unnamed"),
                    ("Concept", extra.get("concept")),
                    ("Class", extra.get("class")),
                    ("Species", sheet.species),
                    ("Status", sheet.status),
                ]
            ),
        ),
        Section(
            "Attributes",
            table=grid(
                ["Attribute", "Die code", "Pips"],
                [[a, to_code(chars.get(a, 0), per), chars.get(a, 0)] for a in book.attributes],
            ),
        ),
        Section("Skills", table=grid(["Skill", "Attribute", "Ranks", "Die code"], skill_rows)),
        Section("Derived", rows(dict(extra.get("derived", {}))), columns=3),
        Section(
            "Advantages and disadvantages",
            rows(
                [(str(a.get("name")), f"{a.get('points', '')} pts") for a in build.get("advantages", [])]
                + [(str(a.get("name")), f"-{a.get('points', '')} pts") for a in build.get("disadvantages", [])]
                + [(str(a.get("name")), f"rank {a.get('ranks', '')}") for a in build.get("special_abilities", [])]
            ),
        ),
        Section("Traits", paragraphs=tuple(sheet.traits)),
        Section("Points ledger", rows(ledger), columns=2),
        Section("How a check is rolled", paragraphs=(check_text("lifepath.plugins.d6_pool"),)),
    ]
    return [s for s in out if not s.empty]
