"""The "1001 characters" text block (Cepheus Engine supplement layout), which twodsix's paste macro reads.

    1. Honorific Given Family (Gender Species) 789A98 Age 34
    Career (N terms), Career (N terms)   Cr12000
    [species traits, only when the species is not exactly "Human"]
    Skill-1, Skill (Speciality)-2, ...
    [benefits, comma separated]
    Character Event Log:
    [one event per line]

The macro reads the funds only without a thousands separator ("Cr70000") and a negative number as debt,
so the funds are written as one plain number: cash less debts. Gender and species are one word each (the
macro splits the parentheses at the space), so spaces inside them become hyphens.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SEPARATOR = "   "
LOG_HEADING = "Character Event Log:"


@dataclass(slots=True)
class Block:
    """What a ruleset puts in one block (``Ruleset.text_1001`` fills it and calls :func:`render`)."""

    number: int
    name: str
    gender: str
    species: str
    upp: str
    age: int
    careers: list[tuple[str, int]]
    funds: int
    traits: list[str]
    skills: list[tuple[str, int]]
    benefits: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)


def _word(text: str) -> str:
    return "-".join(text.split()) or "Unknown"


def _line(text: str) -> str:
    """One line of the block: no line breaks inside (they would start a new field)."""
    return " ".join(text.split())


def render(block: Block) -> str:
    careers = ", ".join(f"{name} ({terms} term{'s' if terms != 1 else ''})" for name, terms in block.careers)
    lines = [
        _line(
            f"{block.number}. {block.name} ({_word(block.gender)} {_word(block.species)}) {block.upp} Age {block.age}"
        ),
        _line(careers or "No career") + f"{SEPARATOR}Cr{block.funds}",
    ]
    if _word(block.species) != "Human":
        lines.append(_line(", ".join(block.traits)) or "No traits")
    lines.append(_line(", ".join(f"{name}-{level}" for name, level in block.skills)) or "No skills")
    if block.benefits:
        lines.append(_line(", ".join(block.benefits)))
    lines.append(LOG_HEADING)
    lines.extend(_line(event) for event in block.events if event.strip())
    return "\n".join(lines) + "\n"
