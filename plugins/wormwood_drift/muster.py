"""Stage Four: one Muster Out benefit per completed term, rolled or chosen (section 2.4), and starting
credits of terms x 1,000cr plus the Muster Out credits."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import previews
from .builder import Builder
from .compiled import DECISIONS, examples, option

#: NPC policy weights for the Muster Out decision
WEIGHTS = {"roll": 2.0, "credits": 2.0, "rank": 1.0, "ship-share": 1.0, "rival": 0.25}
#: NPC policy: how much the next title in a Path's list is preferred over the others
NEXT_TITLE_WEIGHT = 4.0


def muster_out(b: Builder) -> None:
    """Take every benefit, then set starting credits."""
    ctx = b.ctx
    table = b.t["muster_out"]
    menu = b.c.muster
    terms = b.sheet.total_terms
    count = terms * int(table["benefits_per_term"])
    if b.sheet.status == "dead":
        count = 0
    for i in range(count):
        answer = ctx.choose(menu.decision(i + 1, count), preview=previews.muster_out(b, i + 1, count))
        rolled = answer == "roll"
        if rolled:
            total = ctx.roll(menu.dice, "Muster Out benefit", kind="muster-out").total
            # a plugin's DM past either end of the table reads its end row
            answer = menu.rows[min(max(total, menu.lowest), menu.highest)]
        detail = _benefit(b, answer, table)
        b.extra["muster_out"].append({"benefit": answer, "rolled": rolled, "detail": detail})
    per_term = b.c.numbers.credits_per_term
    muster = int(b.extra["muster_credits"])
    total_credits = terms * per_term + muster
    before = b.sheet.credits
    b.sheet.credits = total_credits
    ctx.change("credits", before, total_credits, f"{terms} term(s) x {per_term:,}cr + {muster:,}cr Muster Out credits")


def _benefit(b: Builder, kind: str, table: Mapping[str, Any]) -> str:
    """Apply one benefit; return a short description of what it gave."""
    ctx = b.ctx
    why = f"Muster Out: {kind}"
    if kind == "credits":
        amount = int(table["extra_credits"])
        before = int(b.extra["muster_credits"])
        b.extra["muster_credits"] = before + amount
        ctx.change("Muster Out credits", before, before + amount, why)
        return f"{amount:,}cr"
    if kind == "rank":
        return _rank(b, why)
    if kind == "ship-share":
        before = int(b.extra["ship_shares"])
        b.extra["ship_shares"] = before + 1
        ctx.change("ship-shares", before, before + 1, why)
        return "a ship-share"
    rival = b.free_line(
        "rival",
        "Who is your Rival, the NPC who remembers you badly?",
        examples(table["rivals"]),
        b.extra["rivals"],
        "someone from your past who wants you to fail",
    )
    b.add_person("rivals", rival, why)
    return rival


def _rank(b: Builder, why: str) -> str:
    """A rank or title within the final Path: the rank rises by one and the player names the title.

    The examples offered climb the Path's list of titles from the new rank upward."""
    last = b.extra["terms"][-1]["path"]
    record = next(r for r in b.sheet.careers if r.name == last)
    path = b.ctx.registry.careers(b.ctx.ruleset.id).get(record.career)
    titles = [str(t) for t in path.data["titles"]] if path is not None else []
    record.rank += 1
    b.ctx.change(f"rank in {record.name}", record.rank - 1, record.rank, why)
    held = {r.title.lower() for r in b.sheet.careers if r.title}
    ladder = titles[record.rank - 1 :]
    fresh = [t for t in ladder if t.lower() not in held] or [f"{record.name} veteran"]
    opts = tuple(option(t, t, NEXT_TITLE_WEIGHT if i == 0 else 1.0) for i, t in enumerate(fresh))
    asked = DECISIONS.get("title", f"Your rank or title in the {record.name}", opts, free_text=True)
    title = b.ctx.choose(asked, preview=previews.cosmetic).strip()
    before = record.title
    record.title = title
    b.ctx.change(f"title in {record.name}", before, title, why)
    return f"{title} ({record.name})"
