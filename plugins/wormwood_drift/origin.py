"""Stages One and Two: the Background (section 2.5) and the Formative Event (section 2.2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lifepath import Decision, Option

from . import previews
from .builder import Builder
from .naming import find

#: how often the NPC policy rolls the Formative Event rather than picking one (each event weighs 1)
ROLL_WEIGHT = 5.0


def starting_attributes(b: Builder) -> None:
    """Every Attribute begins at the table's starting value."""
    start = int(b.t["attributes"]["starting_value"])
    for name in b.t.attribute_names():
        b.sheet.characteristics[name] = start
        b.ctx.change(f"attribute {name}", None, start, "every Attribute begins at 1")


def background(b: Builder) -> Mapping[str, Any]:
    """Choose a Background (``--option background=...`` fixes it): Attribute bonus, free skill rank,
    signature gear and its printed Scar."""
    ctx = b.ctx
    rows = list(b.t["backgrounds"]["backgrounds"])
    wanted = ctx.options.get("background")
    if wanted:
        rows = [find([(r, r) for r in rows], str(wanted), "background")]
    opts = tuple(
        Option(r["id"], r["name"], 1.0, f"+{r['bonus']} {r['attribute']}, {r['skill']}, {r['gear']}; Scar: {r['scar']}")
        for r in rows
    )
    chosen = ctx.choose(Decision("background", "Stage One: choose a Background", opts), preview=previews.background(b))
    row: Mapping[str, Any] = next(r for r in rows if r["id"] == chosen)
    b.sheet.species = str(b.t["creation"]["species"])
    b.extra["background"] = row["name"]
    ctx.note(f"Background: {row['name']}")
    why = f"Background: {row['name']}"
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
    table = b.t["formative_events"]
    events = list(table["events"])
    opts = [Option("roll", f"roll {table['dice']}", ROLL_WEIGHT)]
    opts += [Option(e["id"], e["event"], 1.0, f"{e['skill']}; Scar: {e['scar']}") for e in events]
    asked = Decision("formative-event", "Stage Two: roll or choose a Formative Event", tuple(opts))
    answer = ctx.choose(asked, preview=previews.formative_event(b))
    if answer == "roll":
        total = ctx.roll(str(table["dice"]), "Formative Event", kind="formative-event").total
        # a plugin's DM past either end of the table reads its end row
        total = min(max(total, min(e["roll"] for e in events)), max(e["roll"] for e in events))
        event: Mapping[str, Any] = next(e for e in events if e["roll"] == total)
    else:
        event = next(e for e in events if e["id"] == answer)
    b.extra["formative_event"] = event["event"]
    ctx.note(f"Formative Event: {event['event']}")
    why = f"Formative Event: {event['event']}"
    b.book.grant(str(event["skill"]), why)
    b.add_scar(str(event["scar"]), why)
    return event
