"""What ``lifepath odds`` tallies for the D6 creation pool (``D6Pool.tallies``): class and species (each
with its per-option table), attributes as die codes, skills and specialisations bought, Advantages, Special
Abilities and Disadvantages taken, and the points spent and left.

Every figure reads structured facts: the ``class`` decision's answer, the ``species`` change, and the
finished sheet's characteristics (pips), skills and ``extra`` (``build``, ``specialisations``, ``points``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lifepath.engine.tallies import Labels, Numbers, Outcome, Share, answers, changes, characteristics

from .codes import to_code

if TYPE_CHECKING:
    from lifepath import Character

    from .tables import Book

#: the pool's parts as ``sheet.extra["points"]`` names them, and as the tables show them
POINTS = {
    "pool": "in the pool",
    "attributes": "on attributes",
    "skills": "on skills",
    "specialisations": "on specialisations",
    "advantages": "on Advantages",
    "special_abilities": "on Special Abilities",
    "left": "left unspent",
}


def tallies(book: Book) -> tuple[Outcome, ...]:
    per_die = book.per_die

    def code(pips: float) -> str:
        """A value as its die code (``2D+1``), a mean as the nearest die code and in pips (``2D+1 (7.33 pips)``)."""
        if isinstance(pips, int):
            return to_code(pips, per_die)
        return f"{to_code(round(pips), per_die)} ({pips:.2f} pips)"

    return (
        Labels("class", "Class", answers("class"), by=True),
        Labels("species", "Species", changes("species"), by=True),
        Numbers("attributes", "Attributes", characteristics, show=code),
        Labels("skills", "Skills bought", _skills),
        Labels("specialisations", "Specialisations bought", _specialisations),
        Labels("advantages", "Advantages", _named("advantages")),
        Labels("special_abilities", "Special Abilities bought", _named("special_abilities")),
        Labels("disadvantages", "Disadvantages", _named("disadvantages")),
        Numbers("points", "Creation points", _points),
        Share("unspent", "Points left unspent", lambda c: _points(c)["left unspent"] > 0),
    )


def _skills(character: Character) -> list[str]:
    return [name for name, ranks in character.sheet.skills.items() if ranks > 0]


def _specialisations(character: Character) -> list[str]:
    return [name for name, ranks in character.sheet.extra.get("specialisations", {}).items() if ranks > 0]


def _named(part: str) -> Any:
    def read(character: Character) -> list[str]:
        return [str(entry["name"]) for entry in character.sheet.extra.get("build", {}).get(part, [])]

    return read


def _points(character: Character) -> dict[str, int]:
    points = character.sheet.extra.get("points", {})
    return {shown: int(points.get(name, 0)) for name, shown in POINTS.items()}
