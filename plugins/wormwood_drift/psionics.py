"""Psionic Disciplines (section 6.1): a character with the Occultism skill and Willpower of at least 1 may
take Disciplines, as many as their Willpower rank. They are offered once every skill rank is settled (after
the Career terms and Muster Out); taking one costs nothing at creation, and what using it costs (6.1-6.2) is
shown on the sheet."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lifepath import Option

from . import previews
from .builder import Builder
from .compiled import DECISIONS, once

#: NPC policy: the weight of taking no (more) Disciplines, against 1 for each Discipline still open. With
#: six open, an eligible NPC takes a first Discipline three times in four: occult training mostly shows.
STOP_WEIGHT = 2.0


def allowance(skills: Mapping[str, int], table: Mapping[str, Any]) -> int:
    """How many Disciplines a character with these skill ranks may take (0 when not eligible at all)."""
    for need in table["requires"]:
        if int(skills.get(str(need["skill"]), 0)) < int(need["minimum"]):
            return 0
    limit = table["limit"]
    return int(skills.get(str(limit["skill"]), 0)) * int(limit["per_rank"])


def costs_text(table: Mapping[str, Any]) -> str:
    """What using a power costs, e.g. ``2D6 + Presence + Occultism vs TN 8/11/14 for Tier 1/2/3, 1/2/3 Resolve``."""
    use, tiers = table["use"], table["tiers"]
    tns = "/".join(str(t["tn"]) for t in tiers)
    numbers = "/".join(str(t["tier"]) for t in tiers)
    resolve = "/".join(str(t["resolve"]) for t in tiers)
    return (
        f"{use['dice']} + {use['attribute']} + {use['skill']} vs TN {tns} for Tier {numbers}, costing {resolve} Resolve"
    )


class Menu:
    """The Discipline menu compiled once per table: each Discipline's option (with its powers in a line)
    beside its name, the option to stop, and the decision's context."""

    __slots__ = ("context", "costs", "options", "stop")

    def __init__(self, table: Mapping[str, Any]) -> None:
        self.options = tuple(
            (r["name"], Option(str(r["id"]), str(r["name"]), 1.0, " / ".join(str(p) for p in r["powers"])))
            for r in table["disciplines"]
        )
        self.stop = Option("none", "no more Disciplines", STOP_WEIGHT)
        #: what using one costs (:func:`costs_text`)
        self.costs = costs_text(table)
        self.context = f"Taking a Discipline costs nothing now; using one is {self.costs}."


def discipline_menu(table: Mapping[str, Any]) -> Menu:
    """The compiled :class:`Menu` of a disciplines table."""
    return once("disciplines", table, lambda: Menu(table))


def disciplines(b: Builder) -> None:
    """Offer the Disciplines one at a time, up to the allowance; the player may stop at any point."""
    ctx = b.ctx
    table = b.t["disciplines"]
    allowed = allowance(b.sheet.skills, table)
    if allowed == 0:
        return
    rows = list(table["disciplines"])
    limit = table["limit"]["skill"]
    menu = discipline_menu(table)
    ctx.note(
        f"Psionics: {limit} {b.book.rank(str(limit))} allows up to {allowed} Discipline(s); using one is {menu.costs}"
    )
    taken: list[str] = b.extra["disciplines"]
    for number in range(1, allowed + 1):
        opts = tuple([o for name, o in menu.options if name not in taken]) + (menu.stop,)
        asked = DECISIONS.get(
            "discipline", f"Psionics: take Discipline {number} of up to {allowed}?", opts, context=menu.context
        )
        answer = ctx.choose(asked, preview=previews.discipline(b, number, allowed))
        if answer == "none":
            break
        name = str(next(r["name"] for r in rows if r["id"] == answer))
        taken.append(name)
        ctx.change("discipline", None, name, f"Psionics: Discipline {number} of up to {allowed} ({limit} rank)")
