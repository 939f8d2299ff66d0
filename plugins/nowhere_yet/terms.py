"""A term in a career, in the book's order: basic training (the first term in a career), anagathics,
survival (a failure is a mishap, see :mod:`.hazards`), commission, advancement, skills and training, four
years of age and the ageing throw, then re-enlistment."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from lifepath import Decision, Option

from . import npc_weights as w
from . import previews
from .ageing import ageing_check, anagathics_choice
from .hazards import failed_survival, survival
from .questions import DECISIONS, yes_no
from .state import TWO_D6, Creation, Term

TABLE_LABELS = {
    "personal_development": "Personal Development",
    "service_skills": "Service Skills",
    "specialist": "Specialist",
    "advanced_education": "Advanced Education",
}


def serve_term(c: Creation, term: Term, first_term_here: bool) -> bool:
    """One term; returns True when the character leaves the career after it."""
    record = term.record
    c.ctx.note(f"term {c.terms() + 1}: {term.career['name']}, term {record.terms + 1} in this career")
    if first_term_here and record.terms == 0:
        basic_training(c, term)
    anagathics_choice(c, term)
    if not survival(c, term):
        failed_survival(c, term)
        # seed 000: from 34 the ageing throw comes "at the end of every term", a term cut short included
        ageing_check(c)
        return True
    record.terms += 1
    extra_rolls = commission_and_advancement(c, term)
    neither = not term.career["commission"] and not term.career["advancement"]
    skills_and_training(c, term.career, 1 + extra_rolls + (1 if neither else 0))
    c.age_by(c.proc["term_years"], "a term served")
    ageing_check(c)
    return reenlistment(c, term)


def basic_training(c: Creation, term: Term) -> None:
    """Every service skill at 0 in the first career; one of them (not yet held, if any) in a later one;
    then the skill of rank 0."""
    ctx, book = c.ctx, c.book
    career = term.career
    service = term.compiled.service_skills
    if len(c.sheet.careers) == 1:
        why = f"basic training: {career['name']}"
        for s in service:
            book.grant(ctx, s, level=0, why=why)
    else:
        key, taken, known = book.key, c.sheet.skills, term.compiled.service_options
        fresh = [s for s in service if key(s) not in taken]
        opts = tuple([known[s] for s in (fresh or service)])
        prompt = f"Basic training in {career['name']}: one service skill at 0"
        s = ctx.choose(DECISIONS.get("basic-training", prompt, opts), preview=previews.skill(c, "basic training"))
        book.grant(ctx, s, level=0, why=f"basic training: {career['name']}")
    rank0 = career["ranks"][0]["skill"]
    if rank0:
        book.grant(ctx, rank0["name"], level=rank0["level"], why=f"rank 0 in {career['name']}")


# -- commission and advancement ---------------------------------------------------------------------


def commission_and_advancement(c: Creation, term: Term) -> int:
    """A commission (rank 0, and not a draftee's first term), then advancement (ranks 1 to 5); returns the
    extra skill rolls they earn, one for each success."""
    career, record = term.career, term.record
    extra = 0
    if career["commission"] and record.rank == 0:
        if term.drafted and record.terms == 1:
            c.ctx.note("a draftee may not try for a commission in the first term")
        elif attempt(c, term, "commission", w.TRY_COMMISSION):
            extra += 1
    if career["advancement"] and 1 <= record.rank < 6 and attempt(c, term, "advancement", w.TRY_ADVANCEMENT):
        extra += 1
    return extra


def attempt(c: Creation, term: Term, step: str, weight: float) -> bool:
    """Ask whether to try for a commission or advancement, throw it, and promote on success."""
    compiled = term.compiled
    asked = yes_no(step, compiled.attempt_prompts[step], weight)
    if c.ctx.choose(asked, preview=previews.attempt(c, term, step)) != "yes":
        return False
    if not c.throw(term.career[step], compiled.attempt_purposes[step], kind=step, career=term.career["id"]):
        return False
    promote(c, term, step)
    return True


def promote(c: Creation, term: Term, how: str) -> None:
    """One rank up: its title, and the skill the rank brings."""
    record = term.record
    career = term.career
    before = record.rank
    record.rank += 1
    row = career["ranks"][record.rank]
    record.title = row["title"] or record.title
    c.ctx.change(f"rank in {career['name']}", before, record.rank, how + (f": {row['title']}" if row["title"] else ""))
    if row["skill"]:
        c.book.grant(
            c.ctx,
            row["skill"]["name"],
            level=row["skill"]["level"],
            why=f"rank {record.rank} in {career['name']}",
        )


# -- skills and training -----------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def skill_table_choice(career: str, i: int, n: int, advanced: bool) -> Decision:
    names = ["personal_development", "service_skills", "specialist"] + (["advanced_education"] if advanced else [])
    opts = tuple(Option(k, TABLE_LABELS[k], w.SKILL_TABLE) for k in names)
    return Decision("skill-table", f"Skill roll {i} of {n} in {career}: which table?", opts)


def skills_and_training(c: Creation, career: Mapping[str, Any], rolls: int) -> None:
    """The term's skill rolls, each on a table the character picks."""
    for i in range(rolls):
        skill_roll(c, career, i + 1, rolls)


def skill_roll(c: Creation, career: Mapping[str, Any], i: int, n: int) -> None:
    """One skill roll: a skill, or a change to a characteristic."""
    ctx = c.ctx
    advanced = c.sheet.characteristics["Edu"] >= c.proc["advanced_education_min_edu"]
    which = ctx.choose(
        skill_table_choice(career["name"], i, n, advanced), preview=previews.skill_tables(c, career, TABLE_LABELS)
    )
    label = TABLE_LABELS[which]
    roll = ctx.roll(c.proc["skill_dice"], f"{label}: {career['name']}", kind="skill", career=career["id"]).total
    rows = career["skill_tables"][which]
    if not 0 < roll <= len(rows):  # a plugin's DM past either end reads the end row
        roll = 1 if roll < 1 else len(rows)
    entry = rows[roll - 1]
    why = f"{label} {roll}"
    if "skill" in entry:
        c.book.grant(ctx, entry["skill"], why=why)
    else:
        c.alter(entry["characteristic"], entry["change"], why)


# -- re-enlistment -----------------------------------------------------------------------------------


def reenlist_weight(c: Creation, capped: bool) -> float:
    """The NPC's wish to serve on: never past the cap or its target, keen while short of a target."""
    wants = c.target_terms is None or c.terms() < c.target_terms
    if capped or not wants:
        return w.NEVER
    return w.SHORT_OF_TARGET if c.target_terms is not None else w.REENLIST


def reenlistment(c: Creation, term: Term) -> bool:
    """The wish to stay and the re-enlistment throw; returns True when the character leaves the career. A
    natural 12 holds them for another term, past the term cap too."""
    ctx = c.ctx
    career = term.career
    record = term.record
    capped = c.max_terms is not None and c.terms() >= c.max_terms
    question = yes_no("reenlist", term.compiled.reenlist_prompt, reenlist_weight(c, capped), "", "yes")
    stay = ctx.choose(question, preview=previews.reenlist(c, term, capped)) == "yes"
    throw = ctx.roll(
        TWO_D6,
        term.compiled.reenlistment_purpose,
        target=career["reenlistment"],
        kind="reenlistment",
        career=career["id"],
    )
    if throw.natural == c.proc["reenlistment_natural_hold"]:
        ctx.note(
            "a natural 12 on reenlistment: held for another term" + (" past the term cap" if capped else ""),
            held=True,
        )
        return False
    if capped:
        record.ended = "retired at the term cap"
        record.extra["retired"] = True
    elif not stay:
        record.ended = "left"
    elif not throw.success:
        record.ended = "failed reenlistment"
    else:
        return False
    c.left_clean.add(career["id"])
    return True
