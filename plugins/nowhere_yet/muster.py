"""Mustering out of a career: a benefit roll per term served (less the terms a mishap cost, plus a rank
bonus), each on the Cash table (a limited number of times) or the Material Benefits table, the
retirement pension, and, after the last career, the medical and anagathic bills paid from cash."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lifepath import Debt, Decision, Option

from . import npc_weights as w
from . import previews
from .questions import DECISIONS
from .state import Creation, Term

CASH = Option("cash", "cash", w.CASH_BENEFIT)
MATERIAL = Option("material", "material", w.MATERIAL_BENEFIT)
WEAPON = Decision("weapon", "Which kind of weapon?", (Option("gun", "a gun"), Option("blade", "a blade")))


def muster_out(c: Creation, term: Term) -> None:
    """The benefit rolls of the career, then its pension if the character served long enough to retire."""
    record, career = term.record, term.career
    min_terms = c.t["retirement"]["min_terms"]
    retired = record.terms >= min_terms or bool(record.extra.get("retired"))
    rolls = benefit_rolls(c, term)
    c.ctx.note(f"mustering out of {career['name']}: {rolls} benefit roll(s)")
    for i in range(rolls):
        which = c.ctx.choose(
            DECISIONS.get(
                "benefit-table", f"Benefit roll {i + 1} of {rolls} from {career['name']}: which table?", tables_left(c)
            ),
            preview=previews.benefits(c, term, retired),
        )
        if which == "cash":
            cash_benefit(c, term, retired)
        else:
            material_benefit(c, term)
    if record.terms >= min_terms:
        pay = pension(c, record.terms)
        if pay > int(c.sheet.extra.get("pension", 0)):
            c.sheet.extra["pension"] = pay
            c.ctx.change("pension", None, pay, f"{record.terms} terms in {career['name']}")


def benefit_rolls(c: Creation, term: Term) -> int:
    """A roll per term served, less the terms a mishap cost, plus the bonus of the rank reached (none at all
    when a mishap lost every benefit)."""
    record = term.record
    bonus = 0
    for row in c.proc["benefit_rolls_by_rank"]:
        if record.rank >= row["rank"]:
            bonus = int(row["extra"])
    if term.all_lost:
        c.ctx.note(f"all benefits of {term.career['name']} are lost")
        return 0
    return record.terms - term.lost_terms + bonus


def tables_left(c: Creation) -> tuple[Option, ...]:
    """The benefit tables still open: Cash only while cash rolls are left."""
    return (CASH, MATERIAL) if c.cash_rolls < c.proc["max_cash_rolls"] else (MATERIAL,)


def cash_benefit(c: Creation, term: Term, retired: bool) -> None:
    """A roll on the Cash table (Gambling and retirement add their DMs)."""
    p, career = c.proc, term.career
    c.cash_rolls += 1
    dms: list[tuple[str, int]] = []
    if "Gambling" in c.sheet.skills:
        dms.append(("Gambling", p["cash_dm"]["gambling"]))
    if retired:
        dms.append(("retired", p["cash_dm"]["retired"]))
    roll = c.ctx.roll(
        p["benefit_dice"], f"cash benefit: {career['name']}", dms=dms, kind="benefit-cash", career=career["id"]
    ).total
    if roll < 1:  # a plugin's DM below the table reads its first row (7 and over, its last)
        roll = 1
    amount = career["cash_benefits"][min(roll, 7) - 1] or 0
    before = c.sheet.credits
    c.sheet.credits += amount
    c.ctx.change("credits", before, c.sheet.credits, f"cash benefit {min(roll, 7)}")


def material_benefit(c: Creation, term: Term) -> None:
    """A roll on the Material Benefits table (a high rank adds its DM)."""
    p, career, record = c.proc, term.career, term.record
    dms: list[tuple[str, int]] = []
    if record.rank >= p["material_dm"]["min_rank"]:
        dms.append((f"rank {record.rank}", p["material_dm"]["dm"]))
    roll = c.ctx.roll(
        p["benefit_dice"], f"material benefit: {career['name']}", dms=dms, kind="benefit-material", career=career["id"]
    ).total
    if roll < 1:
        roll = 1
    material(c, career["material_benefits"][min(roll, 7) - 1], career)


def pension(c: Creation, terms: int) -> int:
    """The retirement pay for ``terms`` served in one career."""
    table = c.t["retirement"]
    best = 0
    for row in table["pay"]:
        if terms >= row["terms"]:
            best = row["credits"]
    beyond = table["per_term_beyond"]
    if terms > beyond["after_terms"]:
        best += (terms - beyond["after_terms"]) * beyond["credits"]
    return int(best)


def material(c: Creation, benefit: Mapping[str, Any] | None, career: Mapping[str, Any]) -> None:
    """One material benefit: a passage, a characteristic, ship shares, a membership, a weapon or a vessel."""
    ctx = c.ctx
    if benefit is None:
        ctx.note("no benefit on that roll")
        return
    kind = benefit["type"]
    if kind == "passage":
        gain_item(c, f"{benefit['class'].capitalize()} Passage")
    elif kind == "characteristic":
        c.alter(benefit["characteristic"], benefit["change"], "material benefit")
    elif kind == "ship_shares":
        n = ctx.roll(benefit["dice"], "ship shares", kind="ship-shares", career=career["id"]).total
        shares = int(c.sheet.extra.get("ship_shares", 0))
        c.sheet.extra["ship_shares"] = shares + n
        ctx.change("ship shares", shares, shares + n, "material benefit")
    elif kind == "explorers_society":
        if "Explorers' Society" in c.sheet.equipment:
            ctx.note("Explorers' Society membership again: it counts only once")
        else:
            gain_item(c, "Explorers' Society")
    elif kind == "weapon":
        weapon_benefit(c)
    elif kind == "courier_vessel":
        gain_item(c, "Courier Vessel")
    elif kind == "research_vessel":
        gain_item(c, "Research Vessel")


def weapon_benefit(c: Creation) -> None:
    """A weapon; a repeated one may be taken as a level of skill with the first weapon instead."""
    ctx = c.ctx
    if c.weapons:
        skill = "Gun Combat" if c.weapons[0] == "gun" else "Melee Combat"
        take = ctx.choose(
            Decision(
                "weapon-repeat",
                "Another weapon benefit: a level of skill with it, or another weapon?",
                (Option("skill", f"{skill} +1", w.WEAPON_SKILL), Option("weapon", "another weapon", w.ANOTHER_WEAPON)),
            ),
            preview=previews.text({"skill": f"{skill} one level up", "weapon": "one more weapon to carry"}),
        )
        if take == "skill":
            c.book.grant(ctx, skill, why="repeated weapon benefit")
            return
    kind = ctx.choose(WEAPON, preview=previews.text({"gun": "a gun to carry", "blade": "a blade to carry"}))
    c.weapons.append(kind)
    gain_item(c, f"Weapon ({kind})")


def gain_item(c: Creation, item: str) -> None:
    c.sheet.equipment.append(item)
    c.ctx.change("equipment", None, item, "material benefit")


def settle_debts(c: Creation) -> None:
    """Medical and anagathic bills are paid from cash first; what cannot be paid stays as debt."""
    kept: list[Debt] = []
    for d in c.sheet.debts:
        if d.kind in ("medical", "anagathics") and c.sheet.credits > 0:
            paid = min(d.amount, c.sheet.credits)
            before = c.sheet.credits
            c.sheet.credits -= paid
            c.ctx.change("credits", before, c.sheet.credits, f"paid Cr{paid:,} of {d.kind} debt")
            d = Debt(d.kind, d.amount - paid, d.note)
        if d.amount > 0:
            kept.append(d)
    c.sheet.debts = kept
