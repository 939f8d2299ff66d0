"""What every creation stage shares: the context, the tables, the skill book and the sheet edits that
each stage makes (Attributes within 0-4, Scars, gear, Contacts), each recorded through the context."""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from typing import Any

from lifepath import Context, LifepathError, Option
from lifepath.engine.previews import cosmetic

from . import previews
from .compiled import DECISIONS, compiled
from .skills import Previewer, SkillBook
from .tables import Tables

#: ``ctx.sheet.extra`` keys, created in this order so every export lists them alike
EXTRA_KEYS: tuple[tuple[str, Any], ...] = (
    ("background", ""),
    ("formative_event", ""),
    ("scars", []),
    ("contacts", []),
    ("rivals", []),
    ("ship_shares", 0),
    ("cyberware", []),
    ("disciplines", []),
    ("terms", []),
    ("muster_out", []),
    ("muster_credits", 0),
    ("cascades", {}),
    ("derived", {}),
)


def cyberware_text(entry: dict[str, Any]) -> str:
    """One installed piece in words, e.g. ``Integral cyberlimb: +1 to Might (Athletics) tasks, -1 maximum Resolve``."""
    cost = int(entry["resolve_cost"])
    price = f"-{cost} maximum Resolve" if cost else "no Resolve cost"
    return f"{entry['item']}: +{entry['bonus']} to {entry['attribute']} ({entry['task']}) tasks, {price}"


def skill_previews(builder: weakref.ref[Builder]) -> Callable[[bool], Previewer | None]:
    """What makes the preview of a skill-rank decision for ``builder`` (none unless a person is asked:
    previews.for_a_person), holding the builder weakly."""

    def previewer(labelled: bool) -> Previewer | None:
        b = builder()
        return previews.skill(b, labelled) if b is not None else None

    return previewer


class Builder:
    """One character's creation in progress."""

    def __init__(self, ctx: Context, t: Tables) -> None:
        self.ctx = ctx
        self.t = t
        #: the tables compiled once (menus, rows by id, dice, numbers)
        self.c = compiled(t)
        # the book asks this builder for its previews through a weak reference: the builder's bound method
        # would make the two a reference cycle, and every character's objects would wait for the cycle
        # collector (12% of a character's time, measured) instead of going as soon as creation ends
        self.book = SkillBook(ctx, t["skills"], previewer=skill_previews(weakref.ref(self)))
        self.sheet = ctx.sheet
        self.extra = ctx.sheet.extra
        for key, empty in EXTRA_KEYS:
            self.extra[key] = type(empty)()
        self.attribute_max = self.c.numbers.attribute_max
        self.attribute_min = self.c.numbers.attribute_min

    # -- Attributes -------------------------------------------------------------------------------

    def below_max(self) -> list[str]:
        """Attributes that can still rise."""
        values, most = self.sheet.characteristics, self.attribute_max
        return [a for a in self.c.numbers.attribute_names if values[a] < most]

    def raise_attribute(self, name: str, amount: int, why: str) -> None:
        """Raise an Attribute, never past the maximum (a rise that would pass it stops there, noted)."""
        chars = self.sheet.characteristics
        before = chars[name]
        after = min(before + amount, max(before, self.attribute_max))
        if after == before:
            self.ctx.note(f"{name} is already at the maximum of {self.attribute_max}; {why} adds nothing")
            return
        chars[name] = after
        self.ctx.change(f"attribute {name}", before, after, why)

    # -- Scars, gear, people ----------------------------------------------------------------------

    def scar_texts(self) -> list[str]:
        """Every Scar the character bears, in the order earned."""
        return [str(s["scar"]) for s in self.extra["scars"]]

    def add_scar(self, text: str, source: str) -> None:
        """Scars are never removed: each is appended with where it came from."""
        self.extra["scars"].append({"scar": text, "from": source})
        self.ctx.change("scar", None, text, source)

    def choose_scar(self, source: str, prompt: str) -> None:
        """A Scar written by player and referee: a free-text decision offering the example lines the
        character does not already bear (the NPC policy draws one of them)."""
        borne = {s.lower() for s in self.scar_texts()}
        seen: set[str] = set()
        opts = []
        for low, example in self.c.scars:
            if low not in borne and low not in seen:
                seen.add(low)
                opts.append(example)
        asked = DECISIONS.get(
            "scar", prompt, tuple(opts), free_text=True, context="write the Scar with your referee, or take an example"
        )
        answer = self.ctx.choose(asked, preview=cosmetic)
        self.add_scar(answer.strip(), source)

    def add_gear(self, item: str, why: str) -> None:
        """Add a piece of gear to the sheet's equipment."""
        self.sheet.equipment.append(item)
        self.ctx.change("gear", None, item, why)

    def install_cyberware(self, item: str, why: str) -> None:
        """Install a piece of cyberware: its task bonus (cyberware.json) recorded beside its cost in maximum
        Resolve (creation.json's ``cyberware_cost``, nothing while the house rule ``cyberware_resolve`` is off)."""
        piece = self.c.cyberware.get(item)
        if piece is None:
            raise LifepathError(
                f"'{item}' is marked as cyberware but no piece of cyberware has that name",
                file=self.t.files["cyberware"].source,
                pointer="/pieces",
                hint=f'add an entry with "item": "{item}" to cyberware.json, '
                "or set the Background's cyberware to false",
            )
        paid = bool(self.ctx.rules.get("cyberware_resolve", True))
        cost = int(self.t["creation"]["derived"]["resolve"]["cyberware_cost"]) if paid else 0
        entry = {
            "item": item,
            "attribute": str(piece["attribute"]),
            "task": str(piece["task"]),
            "bonus": int(piece["bonus"]),
            "resolve_cost": cost,
        }
        self.extra["cyberware"].append(entry)
        self.ctx.change("cyberware", None, cyberware_text(entry), why)

    def add_person(self, kind: str, text: str, why: str) -> None:
        """A Contact (``contacts``) or a Rival (``rivals``)."""
        self.extra[kind].append(text)
        self.ctx.change(kind[:-1], None, text, why)

    def free_line(
        self, key: str, prompt: str, examples: Sequence[tuple[str, Option]], used: list[str], fallback: str
    ) -> str:
        """A free-text decision offering the examples not yet used (or ``fallback`` when all are);
        ``examples`` pairs each example's lower-case form with its option (:func:`.compiled.examples`)."""
        taken = {u.lower() for u in used}
        fresh = tuple([option for low, option in examples if low not in taken]) or (Option(fallback),)
        asked = DECISIONS.get(key, prompt, fresh, free_text=True)
        return self.ctx.choose(asked, preview=cosmetic).strip()
