"""Ageing and anagathics: the ageing throw at the end of every term once the species' ageing age is
reached (less a DM per term served, plus one per term on anagathics), the characteristics it takes (a
crisis when one falls to 0), and anagathic drugs, paid for as debt, whose stopping brings an ageing throw."""

from __future__ import annotations

from lifepath import Decision, Option

from . import npc_weights as w
from . import previews
from .hazards import check_crisis
from .questions import yes_no
from .state import MENTAL, PHYSICAL, Creation, Term


def anagathics_choice(c: Creation, term: Term | None = None) -> None:
    """Whether to take anagathics this term: its cost a debt, stopping them an immediate ageing throw."""
    ctx = c.ctx
    ageing_at = int(c.species["ageing_starts"])
    near = c.sheet.age + c.proc["term_years"] >= ageing_at
    weight = w.START_ANAGATHICS if near else w.ANAGATHICS_TOO_YOUNG
    if c.on_anagathics:
        weight = w.STAY_ON_ANAGATHICS
    asked = yes_no("anagathics", "Take anagathic drugs this term?", weight, "", "no")
    answer = ctx.choose(asked, preview=previews.anagathics(c, term))
    if answer == "yes":
        if not c.on_anagathics:
            ctx.note("starts taking anagathics")
        c.on_anagathics = True
        med = c.t["medical"]["anagathics"]
        notation = f"{med['dice']}x{med['multiplier']}"
        cost = ctx.roll(notation, "anagathics: cost this term", kind="anagathics-cost").total
        c.debt("anagathics", cost, "anagathic drugs for a term")
    elif c.on_anagathics:
        c.on_anagathics = False
        c.anagathic_terms = 0
        ctx.note("stops taking anagathics: an immediate ageing throw")
        ageing_throw(c, "stopping anagathics")


def ageing_check(c: Creation) -> None:
    """The end of a term's ageing throw, once the species' ageing age is reached."""
    if c.sheet.age >= int(c.species["ageing_starts"]):
        ageing_throw(c, "end of term")


def ageing_throw(c: Creation, why: str) -> None:
    """The ageing table's row for the throw: the physical and mental losses, each on a characteristic the
    character picks (the NPC takes them from its best), then a crisis if one fell to 0."""
    table = c.t["ageing"]
    dms = [("total terms", -c.terms())]
    if c.on_anagathics:
        dms.append(("anagathic terms", c.anagathic_terms))
    total = c.ctx.roll(table["dice"], f"ageing ({why})", dms=dms, kind="ageing").total
    row = next(
        r
        for r in table["rows"]
        if (r["min_result"] is None or total >= r["min_result"])
        and (r["max_result"] is None or total <= r["max_result"])
    )
    for group, codes in (("physical", PHYSICAL), ("mental", MENTAL)):
        losses(c, group, codes, row[group])
    if row["physical"] or row["mental"]:
        check_crisis(c, "ageing", f"ageing ({why})")


def losses(c: Creation, group: str, codes: tuple[str, ...], amounts: list[int]) -> None:
    """Each of a group's losses on a different characteristic of the group."""
    chars = c.sheet.characteristics
    remaining = list(codes)
    for amount in amounts:
        opts = tuple(Option(code, f"{c.label(code)} {chars[code]}", float(chars[code])) for code in remaining)
        prompt = f"Ageing: which {group} characteristic loses {amount}?"
        code = c.ctx.choose(
            Decision("ageing-characteristic", prompt, opts), preview=previews.lowered(c, amount, "ageing")
        )
        remaining.remove(code)
        c.alter(code, -int(amount), "ageing")
