"""Nowhere Yet's printed sheet: UPP with DMs, skills in columns, careers with ranks and terms,
homeworld, benefits, debts, traits, and a life story of one line per term."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from lifepath import Character
from lifepath.engine.help import check_text
from lifepath.sheets import Section, chapters, grid, rows, signed, term_label

from .render import ORDER, display_name, upp
from .tables import tables


def _dm(value: int) -> int:
    modifier = tables()["characteristics"]["modifier"]
    return value // int(modifier["divisor"]) + int(modifier["offset"])


def _term_line(label: str, events: Sequence[dict[str, Any]]) -> str:
    """What happened in one term: its note, then survival, advancement, mishaps and crises in brief."""
    parts: list[str] = []
    for e in events:
        kind = e.get("type")
        if kind == "note":
            text = str(e["text"])
            parts.append(text.split(": ", 1)[1] if text.startswith("term ") and ": " in text else text)
        elif (
            kind == "throw"
            and "success" in e
            and str(e.get("purpose", ""))
            .lower()
            .startswith(
                ("survival", "second survival", "advancement", "commission", "qualification", "enlistment", "reenlist")
            )
        ):
            parts.append(f"{e['purpose']} {'passed' if e['success'] else 'failed'}")
        elif kind == "crisis":
            parts.append(f"crisis ({e.get('kind')}): {e.get('outcome')}")
    return "; ".join(parts) or label


def sections(character: Character, species_name: str, speed: Mapping[str, Any] | None = None) -> list[Section]:
    sheet = character.sheet
    extra: dict[str, Any] = sheet.extra
    chars = sheet.characteristics
    names = {c["code"]: c["name"] for c in tables()["characteristics"]["characteristics"]}
    social = str(extra.get("social_name") or names.get("Soc", "Soc"))
    out = [
        Section(
            "Identity",
            rows(
                [
                    ("Name", display_name(character)),
                    ("UPP", upp(chars) if all(c in chars for c in ORDER) else ""),
                    ("Species", species_name),
                    ("Sex", sheet.sex),
                    ("Age", sheet.age),
                    ("Status", sheet.status),
                    ("Goal", extra.get("goal")),
                    ("Appearance", extra.get("appearance")),
                ]
            ),
        ),
        Section(
            "Characteristics",
            table=grid(
                ["Characteristic", "Value", "DM"],
                [
                    [social if code == "Soc" else names.get(code, code), chars[code], signed(_dm(chars[code]))]
                    for code in ORDER
                    if code in chars
                ],
            ),
        ),
        Section("Skills", rows([(k, v) for k, v in sorted(sheet.skills.items())]), columns=3),
    ]
    if sheet.careers:
        out.append(
            Section(
                "Careers",
                table=grid(
                    ["Career", "Terms", "Rank", "Title", "Ended"],
                    [[c.name, c.terms, c.rank, c.title or "", c.ended or ""] for c in sheet.careers],
                ),
            )
        )
    world = extra.get("homeworld") or {}
    if world:
        out.append(
            Section(
                "Homeworld",
                rows(
                    [
                        ("World", world.get("name")),
                        ("UWP", world.get("uwp")),
                        ("Trade codes", " ".join(world.get("trade_codes", []))),
                        ("Law", world.get("law")),
                    ]
                ),
            )
        )
    counts: Counter[str] = Counter(sheet.equipment)
    items = [f"{k} (x{n})" if n > 1 else k for k, n in counts.items()]
    if extra.get("ship_shares"):
        items.append(f"Ship shares (x{extra['ship_shares']})")
    out.append(
        Section(
            "Benefits",
            rows(
                [
                    ("Credits", f"Cr{sheet.credits:,}"),
                    ("Pension", f"Cr{extra['pension']:,}/year" if extra.get("pension") else ""),
                    ("Equipment", ", ".join(items)),
                ]
            ),
        )
    )
    if sheet.debts:
        out.append(
            Section(
                "Debts",
                table=grid(["Kind", "Amount", "Note"], [[d.kind, f"Cr{d.amount:,}", d.note] for d in sheet.debts]),
            )
        )
    notes: dict[str, str] = extra.get("trait_notes", {})
    traits = [(t, notes.get(t, "")) for t in sheet.traits]
    if speed:  # the short form's "Slow Speed (4.5m)", here with what it means
        kind = str(speed["kind"]).capitalize()
        traits.append((f"{kind} Speed", f"moves {speed['metres']:g} metres a combat round"))
    if traits:
        out.append(Section("Traits", tuple(traits)))
    if sheet.notes:
        out.append(Section("Notes", paragraphs=tuple(sheet.notes)))
    check = check_text("lifepath.plugins.nowhere_yet")
    if check:
        out.append(Section("How a check is rolled", paragraphs=(check,)))
    out.append(Section("Life story", story=chapters(character.history, term_label, first="Origin", line=_term_line)))
    return [s for s in out if not s.empty]
