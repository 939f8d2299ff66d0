"""Fixtures shared by the format tests: golden files, and reading a "1001" block the way twodsix's macro does."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

GOLDEN = Path(__file__).parent / "golden"


def golden(name: str, text: str) -> None:
    """Compare ``text`` with ``golden/name``. Tests never write golden files: after a deliberate change,
    ``python tests/regen_goldens.py`` rewrites them (``tests/formats/goldens.py`` says how each is made)."""
    expected = (GOLDEN / name).read_text(encoding="utf-8")
    assert text == expected, f"{name} differs from its golden file (python tests/regen_goldens.py rewrites it)"


@dataclass
class Pasted:
    """What twodsix's paste macro takes from one block."""

    number: int
    name: str
    gender: str
    species: str
    upp: str
    age: int
    careers: str
    credits: int
    traits: str | None
    skills: dict[str, int]
    benefits: str | None
    events: list[str] = field(default_factory=list)


def read_1001(block: str) -> Pasted:
    """Read one block as the macro does: the name up to " (", gender then species in the parentheses,
    the UPP up to " Age", the funds after three characters of separation as "Cr" and a plain number (a
    comma makes it unreadable: 0), a traits line only when the species is not exactly "Human", skills
    split on ", " and each at its last "-", optional benefits, then the log after its heading."""
    lines = block.rstrip("\n").split("\n")
    number, _, rest = lines[0].partition(". ")
    name = rest[: rest.index(" (")]
    gender, species = rest[rest.index(" (") + 2 : rest.index(") ")].split(" ")
    after = rest[rest.index(") ") + 2 :]
    upp = after[: after.index(" Age ")]
    age = int(after[after.index(" Age ") + 5 :])
    careers, _, funds = lines[1].partition("   ")
    match = re.fullmatch(r"Cr(-?\d+)", funds)
    credits = int(match.group(1)) if match else 0
    i = 2
    traits = None
    if species != "Human":
        traits, i = lines[2], 3
    skills = {}
    for part in lines[i].split(", "):
        skill, _, level = part.rpartition("-")
        skills[skill] = int(level)
    log = lines.index("Character Event Log:")
    benefits = lines[i + 1] if log > i + 1 else None
    return Pasted(
        int(number), name, gender, species, upp, age, careers, credits, traits, skills, benefits, lines[log + 1 :]
    )


def blocks(text: str) -> list[str]:
    """A crowd's text split into blocks (a blank line between)."""
    return [b for b in text.split("\n\n") if b.strip()]


class Helpers:
    golden = staticmethod(golden)
    read_1001 = staticmethod(read_1001)
    blocks = staticmethod(blocks)


@pytest.fixture
def fmt() -> Any:
    """``fmt.golden(name, text)``, ``fmt.read_1001(block)``, ``fmt.blocks(text)``."""
    return Helpers
