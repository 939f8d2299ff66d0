"""A term's dangers: the survival throw (twice while on anagathics), and on a failure the crisis hook's say
(Nowhere Yet: a mishap, never death; the house rule ``survival_failure`` may make it fatal), the mishap,
its injury, medical care for what the injury took, and a crisis when a characteristic falls to 0."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lifepath import Crisis, Decision, Option

from . import npc_weights as w
from . import previews
from .state import PHYSICAL, Creation, Term


def _row(rows: list[Mapping[str, Any]], roll: int) -> Mapping[str, Any]:
    """The row of a table read on ``roll``; a total past either end (a plugin's DM) reads the end row."""
    for row in rows:
        if row["roll"] == roll:
            return row
    return rows[0] if roll < rows[0]["roll"] else rows[-1]


# -- survival ----------------------------------------------------------------------------------------


def survival(c: Creation, term: Term) -> bool:
    """The survival throw, and a second one while on anagathics (a term on them is counted here)."""
    career = term.career
    natural_fail = c.proc["survival_natural_fail"]
    survived = c.throw(
        career["survival"], term.compiled.survival_purpose, auto_fail=natural_fail, kind="survival", career=career["id"]
    )
    if survived and c.on_anagathics:
        survived = c.throw(
            career["survival"],
            term.compiled.second_survival_purpose,
            auto_fail=natural_fail,
            kind="survival",
            career=career["id"],
        )
    if c.on_anagathics:
        c.anagathic_terms += 1
    return survived


def failed_survival(c: Creation, term: Term) -> None:
    """A failed survival throw: the crisis hook decides (death ends the careers), the term counts, then the
    mishap."""
    career = term.career
    outcome = c.ctx.crisis(Crisis("survival", f"failed survival in {career['name']}", details={"career": career["id"]}))
    term.record.terms += 1
    if outcome.kind == "death":
        c.die(outcome.note)
    mishap(c, term)


# -- mishap and injury -------------------------------------------------------------------------------


def mishap(c: Creation, term: Term) -> None:
    """The mishap table (the career's own, when its data gives one): the career ends, its benefits may be
    lost, and there may be prison, a debt or an injury."""
    ctx = c.ctx
    shared = c.t["mishaps"]
    table = term.career.get("mishaps") or shared
    roll = ctx.roll(table["dice"], f"mishap: {term.career['name']}", kind="mishap", career=term.career["id"]).total
    row = _row(table["rows"], roll)
    ctx.note(f"mishap: {row['summary']}", mishap=row["id"])
    term.lost_terms += 1
    if row["lose_all_benefits"]:
        term.all_lost = True
    term.record.ended = f"mishap: {row['id']}"
    c.ejected.add(term.career["id"])
    c.age_by(table.get("mishap_years", shared["mishap_years"]), "half a term before the mishap")
    if row["prison_years"]:
        c.age_by(row["prison_years"], "prison")
    if row["debt"]:
        c.debt(row["debt"]["kind"], row["debt"]["amount"], row["summary"])
    injury = row["injury"]
    if not injury:
        return
    if injury["mode"] == "roll":
        injure(c, term, None)
    else:
        mishap_injury(c, term, int(injury["fixed_result"]))


def mishap_injury(c: Creation, term: Term, fixed: int) -> None:
    """A mishap's injury taken at its fixed result, or rolled twice keeping the lower."""
    ctx = c.ctx
    how = ctx.choose(
        Decision(
            "mishap-injury",
            "Take the fixed injury, or roll twice and keep the lower?",
            (
                Option("fixed", f"injury result {fixed}", w.FIXED_INJURY),
                Option("lower-of-two", "roll twice, keep the lower", w.LOWER_OF_TWO_INJURIES),
            ),
        ),
        preview=previews.injury_choice(c, fixed),
    )
    if how == "fixed":
        injure(c, term, fixed)
        return
    dice, cid = c.t["injuries"]["dice"], term.career["id"]
    a = ctx.roll(dice, "injury (first of two)", kind="injury", career=cid).total
    b = ctx.roll(dice, "injury (second of two)", kind="injury", career=cid).total
    injure(c, term, min(a, b))


def injure(c: Creation, term: Term, result: int | None) -> None:
    """The injury table (rolled when ``result`` is None); what it takes leads to a crisis at 0, or else to
    the offer of medical care."""
    ctx = c.ctx
    table = c.t["injuries"]
    if result is None:
        result = ctx.roll(table["dice"], "injury", kind="injury", career=term.career["id"]).total
    row = _row(table["rows"], result)
    ctx.note(f"injury: {row['summary']}", injury=row["id"])
    before = dict(c.sheet.characteristics)
    if row["primary"]:
        injury_losses(c, term, row)
    lost = {code: before[code] - v for code, v in c.sheet.characteristics.items() if v < before[code]}
    if not lost:
        return
    if check_crisis(c, "injury", f"injury ({row['id']})"):
        return
    medical_care(c, term, lost)


def injury_losses(c: Creation, term: Term, row: Mapping[str, Any]) -> None:
    """The characteristic the injury takes (the NPC spreads it over its best), then the other physical ones."""
    ctx = c.ctx
    chars = c.sheet.characteristics
    primary = row["primary"]
    choices = tuple(
        Option(code, f"{c.label(code)} {chars[code]}", float(chars[code])) for code in primary["choose_from"]
    )
    asked = Decision("injury-characteristic", "Which characteristic does the injury take?", choices)
    amount = primary["amount"]
    code = ctx.choose(asked, preview=previews.lowered(c, amount if isinstance(amount, int) else None, "injury"))
    if isinstance(amount, int):
        loss = amount
    else:
        loss = ctx.roll(amount, f"injury to {c.label(code)}", kind="injury-loss", career=term.career["id"]).total
    c.alter(code, -loss, f"injury: {row['id']}")
    secondary = row["secondary"]
    if not secondary:
        return
    others = [x for x in PHYSICAL if x != code]
    opts = [Option("each", f"reduce {' and '.join(others)} by {secondary['each']} each", w.REDUCE_EACH)]
    opts += [Option(x, f"reduce {x} alone by {secondary['one']}", w.REDUCE_ONE) for x in others]
    asked = Decision("injury-secondary", "The other physical characteristics:", tuple(opts))
    how = ctx.choose(asked, preview=previews.secondary(c, others, secondary))
    if how == "each":
        for x in others:
            c.alter(x, -int(secondary["each"]), f"injury: {row['id']}")
    else:
        c.alter(how, -int(secondary["one"]), f"injury: {row['id']}")


# -- medical care and crisis -------------------------------------------------------------------------


def medical_care(c: Creation, term: Term, lost: dict[str, int]) -> None:
    """The employer's share of the bills (a throw plus rank), then restoring the points lost, the rest owed."""
    ctx = c.ctx
    table = c.t["medical"]
    row = next(r for r in table["rows"] if r["id"] == term.career["medical_bills_row"])
    throw = ctx.roll(
        table["dice"],
        f"medical bills: {term.career['name']}",
        dms=[("rank", term.record.rank)],
        kind="medical-bills",
        career=term.career["id"],
    )
    covered = 0
    for level in row["coverage"]:
        if throw.total >= level["min_roll"]:
            covered = int(level["percent"])
    points = sum(lost.values())
    cost = points * int(table["cost_per_point"])
    owed = cost * (100 - covered) // 100
    well = covered >= w.WELL_COVERED
    answer = ctx.choose(
        Decision(
            "medical-care",
            f"Restore {points} lost point(s) for Cr{cost:,}? The employer covers {covered}%; you would owe Cr{owed:,}.",
            (
                Option("restore", "restore", w.RESTORE_WELL_COVERED if well else w.RESTORE_POORLY_COVERED),
                Option("keep", "keep the injury", w.KEEP_WELL_COVERED if well else w.KEEP_POORLY_COVERED),
            ),
        ),
        preview=previews.medical(owed, lost),
    )
    if answer != "restore":
        return
    for code, n in lost.items():
        c.alter(code, n, "medical care")
    if owed:
        c.debt("medical", owed, f"medical care ({covered}% covered)")


def check_crisis(c: Creation, kind: str, cause: str) -> bool:
    """A characteristic at 0 or below is a crisis (an injury's or ageing's): the crisis hook decides (death
    ends the careers); a survivor is restored to 1, may owe the treatment, and fails every qualification
    after. Returns whether there was a crisis."""
    chars = c.sheet.characteristics
    zero = [code for code, v in chars.items() if v <= 0]
    if not zero:
        return False
    outcome = c.ctx.crisis(Crisis(kind, cause, zero))
    if outcome.kind == "death":
        c.die(outcome.note)
    for code, v in list(chars.items()):
        if v < 1:
            chars[code] = 1
            c.ctx.change(f"characteristic {c.label(code)}", v, 1, "crisis treatment")
    if outcome.debt:
        c.debt("medical", outcome.debt, f"{kind} crisis treatment")
    c.crisis_survivor = True
    c.sheet.extra["crisis_survivor"] = True
    return True
