"""Derived attributes, computed from attribute pips exactly as the source's worked examples do."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .codes import dice_of
from .tables import Book


def averaged_dice(first: int, second: int, per_die: int) -> int:
    """Willpower and Extranormal: add two attributes (pips included), turn the pips into dice, drop the
    pips left over, then halve the dice, rounding down.

    2D (6 pips) + 3D+1 (10) = 5D+1 -> 5 -> 2 (2D); 2D+2 (8) + 3D+1 (10) = 6D -> 3 (3D).
    """
    return dice_of(first + second, per_die) // 2


def toughness(strength: int, per_die: int, multiplier: int) -> int:
    """The Strength die code (pips ignored) times the multiplier (4)."""
    return dice_of(strength, per_die) * multiplier


def move(
    values: Mapping[str, int], attributes: list[str], threshold_dice: int, base: int, improved: int, per_die: int
) -> int:
    """Base Move (5), or the improved Move (6) when any named attribute has at least the threshold (3D)."""
    return improved if any(dice_of(values[a], per_die) >= threshold_dice for a in attributes) else base


def strength_damage(strength: int, per_die: int, divisor: int) -> int:
    """Strength's dice with the pips dropped, divided by the divisor (2), rounded up."""
    return -(-dice_of(strength, per_die) // divisor)


@dataclass(frozen=True, slots=True)
class Derived:
    """Every derived attribute of a character, as shown on the sheet."""

    willpower: int
    extranormal: int
    toughness: int
    move: int
    strength_damage: int
    funds: str

    def as_sheet(self, book: Book) -> dict[str, str | int]:
        """Sheet form: dice pools as die codes, Toughness and Move as numbers, keyed by their names."""
        d = book.derived
        return {
            d["willpower"]["name"]: f"{self.willpower}D",
            d["extranormal"]["name"]: f"{self.extranormal}D",
            d["toughness"]["name"]: self.toughness,
            d["move"]["name"]: self.move,
            d["strength_damage"]["name"]: f"{self.strength_damage}D",
            d["funds"]["name"]: self.funds,
        }


def derive(book: Book, values: Mapping[str, int]) -> Derived:
    """All derived attributes from attribute pips (every attribute present)."""
    d = book.derived
    per = book.per_die
    w, e = d["willpower"]["from"], d["extranormal"]["from"]
    mv, sd = d["move"], d["strength_damage"]
    return Derived(
        willpower=averaged_dice(values[w[0]], values[w[1]], per),
        extranormal=averaged_dice(values[e[0]], values[e[1]], per),
        toughness=toughness(values[d["toughness"]["attribute"]], per, int(d["toughness"]["multiplier"])),
        move=move(values, list(mv["attributes"]), int(mv["threshold_dice"]), int(mv["base"]), int(mv["improved"]), per),
        strength_damage=strength_damage(values[sd["attribute"]], per, int(sd["divisor"])),
        funds=str(d["funds"]["die_code"]),
    )


def has_extranormal(book: Book, values: Mapping[str, int], minimum: int) -> bool:
    """Whether either attribute Extranormal comes from (Presence, Intellect) has ``minimum`` dice or more
    (the house rule extranormal_minimum; 0 as printed, so every character)."""
    return any(dice_of(values[a], book.per_die) >= minimum for a in book.derived["extranormal"]["from"])


def passive_values(
    book: Book,
    values: Mapping[str, int],
    skills: Mapping[str, int],
    specialisations: Mapping[str, int],
    extranormal: bool = True,
) -> dict[str, int]:
    """Passive values: the number before the D of each attribute, Willpower, Extranormal, ranked skill
    and ranked specialisation (as ``attributes.json`` "passive" lists), never below the minimum (1).

    A skill's die code is its attribute plus its ranks in dice; a specialisation's adds its own ranks.
    A character without an Extranormal ability (``extranormal`` false) has no passive value for it.
    """
    table = book["attributes"]["passive"]
    low, of, per = int(table["minimum"]), set(table["of"]), book.per_die
    out: dict[str, int] = {}
    if "attributes" in of:
        out.update({a: max(dice_of(values[a], per), low) for a in book.attributes})
    derived = derive(book, values)
    for key, dice in (("willpower", derived.willpower), ("extranormal", derived.extranormal)):
        if key in of and (extranormal or key != "extranormal"):
            out[book.derived[key]["name"]] = max(dice, low)
    if "skills" in of:
        for name, entry in book.skills.items():
            if skills.get(name, 0):
                out[name] = max(dice_of(values[entry["attribute"]] + skills[name] * per, per), low)
    if "specialisations" in of:
        for spec, skill in book.specialisations.items():
            if specialisations.get(spec, 0):
                ranks = skills.get(skill, 0) + specialisations[spec]
                out[spec] = max(dice_of(values[book.skills[skill]["attribute"]] + ranks * per, per), low)
    return out


__all__ = [
    "Derived",
    "averaged_dice",
    "derive",
    "has_extranormal",
    "move",
    "passive_values",
    "strength_damage",
    "toughness",
]
