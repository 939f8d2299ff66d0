"""The careers, one after another until the character stops or the term cap is reached: choosing a career
(the menu weighted by qualification DMs), the qualification throw, the draft or the Drifter after a failed
one, then its terms served and mustering out of it."""

from __future__ import annotations

from lifepath import CareerRecord, Decision, Option
from lifepath.host.registry import Contribution

from . import npc_weights as w
from . import previews
from .compiled import Career, career, menu
from .muster import muster_out
from .questions import DECISIONS, yes_no
from .state import Creation, Term
from .terms import serve_term

DRAFT = Option("draft", "submit to the draft", w.SUBMIT_TO_DRAFT)
DRIFTER = Option("drifter", "become a Drifter", w.BECOME_DRIFTER)


def careers(c: Creation) -> None:
    """Career after career: each served term by term and mustered out of."""
    ctx = c.ctx
    first = True
    while True:
        if c.max_terms is not None and c.terms() >= c.max_terms:
            ctx.note(f"the term cap of {c.max_terms} is reached: the character retires")
            break
        if not first and ctx.choose(another_career(c), preview=previews.another_career(c)) == "no":
            break
        first = False
        term = enter_career(c)
        if term is None:
            break
        serve(c, term)


def another_career(c: Creation) -> Decision:
    """Whether to try another career."""
    return yes_no("another-career", "Try another career?", another_career_weight(c), default="no")


def another_career_weight(c: Creation) -> float:
    """The NPC's wish for another career: its own leaning, or aiming for the option ``terms`` when given."""
    if c.target_terms is None:
        return w.ANOTHER_CAREER
    return w.SHORT_OF_TARGET if c.terms() < c.target_terms else w.NEVER


def serve(c: Creation, term: Term) -> None:
    """Terms in the career until the character leaves it, then mustering out."""
    first_term_here = True
    while True:
        leaving = serve_term(c, term, first_term_here)
        first_term_here = False
        if leaving:
            break
    muster_out(c, term)


# -- choosing a career ----------------------------------------------------------------------------


def menu_weight(c: Creation, rec_id: str, code: str | None) -> float:
    """The NPC's weight for a career: the Drifter's own, any other's rising with its qualification DM."""
    if rec_id == "drifter":
        return w.DRIFTER_CAREER
    dm = c.sheet.characteristics[code or ""] // c.divisor + c.offset
    return w.CAREER + dm if dm > 0 else w.CAREER


def career_options(c: Creation) -> list[Contribution]:
    """The careers open to the character: the Drifter, and every career not left or lost."""
    careers = c.ctx.registry.careers(c.ctx.ruleset.id)
    return [x for x in careers.values() if x.id == "drifter" or (x.id not in c.left_clean and x.id not in c.ejected)]


def career_menu(c: Creation) -> tuple[Option, ...]:
    """The career menu's options for this character now: every career not closed to them, weighted by
    the DM of its qualification (the Drifter always open). Made once per set of closed careers and
    positive DMs (a DM of 0 or less weighs like any other)."""
    compiled = menu(c.ctx.registry.careers(c.ctx.ruleset.id))
    closed = c.left_clean | c.ejected
    chars, divisor, offset = c.sheet.characteristics, c.divisor, c.offset
    token = (frozenset(closed), *[max(chars[code] // divisor + offset, 0) for code in compiled.codes])
    opts = compiled.made.get(token)
    if opts is None:
        if len(compiled.made) >= 4096:
            compiled.made.clear()
        made = [
            rec.option(menu_weight(c, x.id, rec.qualification_code))
            for x, rec in zip(compiled.careers, compiled.records, strict=True)
            if x.id == "drifter" or x.id not in closed
        ]
        opts = compiled.made[token] = tuple(made)
    return opts


def enter_career(c: Creation) -> Term | None:
    """The career chosen and entered; None when the option ``terms`` is 0 and the character takes none."""
    ctx = c.ctx
    wanted = ctx.options.get("career")
    weights = ctx.options.get("career_weights")
    usual = not (wanted or weights) or c.entered
    if usual and not c.crisis_survivor and not (c.target_terms == 0 and not c.entered):
        asked = DECISIONS.get("career", "Choose a career", career_menu(c))
        return enter(c, ctx.choose(asked, preview=previews.careers(c)))
    opts = unusual_options(c)
    if c.target_terms == 0 and not c.entered:
        opts = [Option("none", "no career: finish now", w.NO_CAREER)] + [
            Option(o.id, o.label, w.CAREER_WHEN_NO_TERMS) for o in opts
        ]
        asked = Decision("career", "Choose a career", tuple(opts))
    else:
        asked = DECISIONS.get("career", "Choose a career", tuple(opts))
    cid = ctx.choose(asked, preview=previews.careers(c))
    if cid == "none":
        return None
    return enter(c, cid)


def unusual_options(c: Creation) -> list[Option]:
    """The career menu for a first career the options name or weight, or for a crisis survivor."""
    ctx = c.ctx
    find = ctx.registry.find
    wanted = ctx.options.get("career")
    available = career_options(c)
    if wanted and not c.entered:
        available = [find("career", ctx.ruleset.id, str(wanted))]
    elif c.crisis_survivor:
        ctx.note("a crisis survivor fails every qualification: only the Drifter career is open")
        available = [x for x in available if x.id == "drifter"]
    weights = ctx.options.get("career_weights")
    if weights and not c.entered:
        by_name = {x.id: x for x in available}
        chosen = {find("career", ctx.ruleset.id, str(k)).id: float(v) for k, v in dict(weights).items()}
        available = [by_name[cid] for cid in chosen if cid in by_name] or available
        return [career(x).option(chosen.get(x.id, w.UNWEIGHTED_CAREER)) for x in available]
    options = []
    for x in available:
        rec = career(x)
        options.append(rec.option(menu_weight(c, x.id, rec.qualification_code)))
    return options


# -- qualification, the draft, the Drifter ----------------------------------------------------------


def enter(c: Creation, cid: str) -> Term:
    """Enter the career chosen (after its qualification throw), or the draft or the Drifter."""
    ctx = c.ctx
    careers = ctx.registry.careers(ctx.ruleset.id)
    compiled = career(careers[cid])
    drafted = False
    if cid != "drifter" and not qualify(c, cid, compiled):
        cid, drafted = failed_qualification(c, compiled.data["name"])
        compiled = career(careers[cid])
    data = compiled.data
    if cid not in c.entered:
        c.entered.append(cid)
    record = CareerRecord(cid, data["name"], 0, 0, data["ranks"][0]["title"])
    c.sheet.careers.append(record)
    if drafted:
        record.extra["drafted"] = True
    ctx.note(f"entered {data['name']}" + (" (drafted)" if drafted else ""))
    return Term(record, data, drafted, compiled)


def qualify(c: Creation, cid: str, compiled: Career) -> bool:
    """The qualification throw, less a DM for each career entered before (a crisis survivor fails it)."""
    data = compiled.data
    if c.crisis_survivor:
        c.ctx.note(f"a crisis survivor fails every qualification: {data['name']} is closed")
        return False
    penalty = c.proc["qualification_dm_per_previous_career"] * len(c.entered)
    return c.throw(
        data["qualification"],
        compiled.qualification_purpose,
        [("previous careers", penalty)],
        kind="qualification",
        career=cid,
    )


def failed_qualification(c: Creation, name: str) -> tuple[str, bool]:
    """Not accepted: the draft (once, and never for a crisis survivor) or the Drifter. Returns the career
    entered instead and whether it was the draft."""
    draftable = not c.drafted_once and not c.crisis_survivor
    prompt = f"Not accepted into {name}: what now?"
    asked = DECISIONS.get("failed-qualification", prompt, (DRAFT, DRIFTER) if draftable else (DRIFTER,))
    way = c.ctx.choose(asked, preview=previews.refused(c))
    if way == "draft":
        return draft(c), True
    return "drifter", False


def draft(c: Creation) -> str:
    """The draft's career: thrown again while it names one left cleanly (the Drifter after 20 tries)."""
    ctx = c.ctx
    c.drafted_once = True
    table = c.t["draft"]
    rows = {r["roll"]: r["career"] for r in table["rows"]}
    low, high = min(rows), max(rows)  # a plugin's DM past either end reads the end row
    for _ in range(20):
        cid = rows[min(max(ctx.roll(table["dice"], "the draft", kind="draft").total, low), high)]
        if cid not in c.left_clean:
            return str(cid)
        ctx.note(f"the draft cannot return the character to {cid}, which they left cleanly; throw again")
    return "drifter"
