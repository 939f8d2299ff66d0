"""What every creation stage shares: the context, the tables, the skill book and the sheet edits that
each stage makes (Attributes within 0-4, Scars, gear, Contacts), each recorded through the context."""

from __future__ import annotations

from typing import Any

from lifepath import Context, Decision, LifepathError, Option
from lifepath.engine.previews import cosmetic

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


class Builder:
    """One character's creation in progress."""

    def __init__(self, ctx: Context, t: Tables) -> None:
        self.ctx = ctx
        self.t = t
        self.book = SkillBook(ctx, t["skills"], previewer=self._skill_preview)
        self.sheet = ctx.sheet
        self.extra = ctx.sheet.extra
        for key, empty in EXTRA_KEYS:
            self.extra[key] = type(empty)()
        attrs = t["attributes"]
        self.attribute_max = int(attrs["maximum"])
        self.attribute_min = int(attrs["minimum"])

    def _skill_preview(self, labelled: bool) -> Previewer | None:
        """The preview of a skill-rank decision (none unless a person is asked: previews.for_a_person)."""
        from .previews import skill

        return skill(self, labelled)

    # -- Attributes -------------------------------------------------------------------------------

    def below_max(self) -> list[str]:
        """Attributes that can still rise."""
        return [a for a in self.t.attribute_names() if self.sheet.characteristics[a] < self.attribute_max]

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
        table = self.t["scars"]
        examples = [str(x) for x in table["examples"]]
        if table["include_printed_scars"]:
            examples += [str(b["scar"]) for b in self.t["backgrounds"]["backgrounds"]]
            examples += [str(e["scar"]) for e in self.t["formative_events"]["events"]]
        borne = {s.lower() for s in self.scar_texts()}
        seen: set[str] = set()
        opts = []
        for text in examples:
            if text.lower() not in borne and text.lower() not in seen:
                seen.add(text.lower())
                opts.append(Option(text))
        answer = self.ctx.choose(
            Decision(
                "scar",
                prompt,
                tuple(opts),
                free_text=True,
                context="write the Scar with your referee, or take an example",
            ),
            preview=cosmetic,
        )
        self.add_scar(answer.strip(), source)

    def add_gear(self, item: str, why: str) -> None:
        """Add a piece of gear to the sheet's equipment."""
        self.sheet.equipment.append(item)
        self.ctx.change("gear", None, item, why)

    def install_cyberware(self, item: str, why: str) -> None:
        """Install a piece of cyberware: its task bonus (cyberware.json) recorded beside its cost in maximum
        Resolve (creation.json's ``cyberware_cost``, nothing while the house rule ``cyberware_resolve`` is off)."""
        pieces = {str(p["item"]): p for p in self.t["cyberware"]["pieces"]}
        piece = pieces.get(item)
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

    def free_line(self, key: str, prompt: str, examples: list[str], used: list[str], fallback: str) -> str:
        """A free-text decision offering the examples not yet used (or ``fallback`` when all are)."""
        taken = {u.lower() for u in used}
        fresh = [e for e in examples if e.lower() not in taken] or [fallback]
        asked = Decision(key, prompt, tuple(Option(e) for e in fresh), free_text=True)
        return self.ctx.choose(asked, preview=cosmetic).strip()
