"""Stages One and Two: the Background (section 2.5) and the Formative Event (section 2.2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import previews
from .builder import Builder
from .naming import find

#: how often the NPC policy rolls the Formative Event rather than picking one (each event weighs 1)
ROLL_WEIGHT = 5.0


def starting_attributes(b: Builder) -> None:
    """Every Attribute begins at the table's starting value."""
    start = b.c.numbers.start
    for name in b.c.numbers.attribute_names:
        b.sheet.characteristics[name] = start
        b.ctx.change(f"attribute {name}", None, start, "every Attribute begins at 1")


def background(b: Builder) -> Mapping[str, Any]:
    """Choose a Background (``--option background=...`` fixes it): Attribute bonus, free skill rank,
    signature gear and its printed Scar."""
    ctx = b.ctx
    menu = b.c.backgrounds
    wanted = ctx.options.get("background")
    if wanted:
        rows = list(b.t["backgrounds"]["backgrounds"])
        asked = menu.only(find([(r, r) for r in rows], str(wanted), "background"))
    else:
        asked = menu.decision
    chosen = ctx.choose(asked, preview=previews.background(b))
    row = menu.rows[chosen]
    b.sheet.species = b.c.numbers.species
    b.extra["background"] = row["name"]
    why = menu.why[chosen]
    ctx.note(why)
    b.raise_attribute(str(row["attribute"]), int(row["bonus"]), why)
    b.book.grant(str(row["skill"]), why)
    b.add_gear(str(row["gear"]), why)
    if row["cyberware"]:
        b.install_cyberware(str(row["gear"]), why)
    b.add_scar(str(row["scar"]), why)
    return row


def formative_event(b: Builder) -> Mapping[str, Any]:
    """Roll d10 or choose a Formative Event: a skill rank and the event's printed Scar."""
    ctx = b.ctx
    table = b.c.events
    answer = ctx.choose(table.decision, preview=previews.formative_event(b))
    if answer == "roll":
        total = ctx.roll(table.dice, "Formative Event", kind="formative-event").total
        # a plugin's DM past either end of the table reads its end row
        event = table.by_roll[min(max(total, table.lowest), table.highest)]
    else:
        event = table.by_id[answer]
    b.extra["formative_event"] = event["event"]
    why = table.why[event["id"]]
    ctx.note(why)
    b.book.grant(str(event["skill"]), why)
    b.add_scar(str(event["scar"]), why)
    return event
