"""Stage Three: two to three Career terms (section 2.3), each with two skill ranks among the Path's
skills, a piece of gear, a Contact and +1 to an Attribute, or a Scar instead on a Hard Term."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from lifepath import CareerRecord, Crisis, Decision, LifepathError, Option
from lifepath.host.registry import Contribution

from . import previews
from .builder import Builder
from .naming import find

#: NPC policy: how much more likely a character is to stay on the Path of the previous term
STAY_WEIGHT = 3.0
#: NPC policy: the chance of serving an optional term when no ``--terms`` target is given
OPTIONAL_TERM_WEIGHT = 0.5


@dataclass(frozen=True)
class TermLimits:
    """How many terms the house rules allow, and the ``--terms`` target if one was given."""

    least: int
    most: int
    target: int | None


def _rule(b: Builder, name: str) -> int:
    """An integer house rule's value in force (its declared default if the context lacks it)."""
    if name in b.ctx.rules and b.ctx.rules[name] is not None:
        return int(b.ctx.rules[name])
    return int(b.t.house_rules.data["properties"][name]["default"])


def limits(b: Builder) -> TermLimits:
    """Read ``min_terms``/``max_terms`` and check ``--terms`` against them."""
    least, most = _rule(b, "min_terms"), _rule(b, "max_terms")
    if least > most:
        raise LifepathError(
            f"house rule min_terms ({least}) is above max_terms ({most})",
            hint="set them so that min_terms <= max_terms, e.g. --rule max_terms=4",
        )
    raw = b.ctx.options.get("terms")
    try:
        target = int(raw) if raw is not None else None
    except (TypeError, ValueError):
        raise LifepathError(f"--terms '{raw}' is not a whole number", hint=f"give from {least} to {most}") from None
    if target is not None and not least <= target <= most:
        raise LifepathError(
            f"--terms {target} is outside the {least} to {most} terms the rules allow",
            hint=f"choose from {least} to {most} terms, or change the house rules min_terms / max_terms with --rule",
        )
    return TermLimits(least, most, target)


def wanted_path(b: Builder, paths: Mapping[str, Contribution]) -> Contribution | None:
    """The Path named by ``--option path=...`` (or ``--career``), matched case-insensitively."""
    text = b.ctx.options.get("path") or b.ctx.options.get("career")
    if not text:
        return None
    return find([(c, {**c.data, "id": c.id, "name": c.name}) for c in paths.values()], str(text), "career path")


def careers(b: Builder) -> None:
    """Serve terms until the character stops (at or above min_terms) or reaches max_terms."""
    ctx = b.ctx
    lim = limits(b)
    paths = ctx.registry.careers(ctx.ruleset.id)
    if not paths:
        raise LifepathError("no Career Path is registered for Wormwood Drift", hint="enable the wormwood_drift plugin")
    first = wanted_path(b, paths)
    previous: str | None = None
    served = 0
    while served < lim.most and b.sheet.status != "dead":
        if served >= lim.least:
            wants = lim.target is None or served < lim.target
            yes = OPTIONAL_TERM_WEIGHT if lim.target is None else (1.0 if wants else 0.0)
            yes_no = (Option("yes", "yes", yes), Option("no", "no", 1.0 - yes))
            question = Decision("another-term", f"Serve term {served + 1} (up to {lim.most})?", yes_no, default="yes")
            if ctx.choose(question, preview=previews.another_term(b, served + 1, lim.most)) == "no":
                break
        pool = [first] if first is not None and served == 0 else list(paths.values())
        opts = tuple(
            Option(
                c.id,
                c.name,
                STAY_WEIGHT if c.id == previous else 1.0,
                f"{', '.join(c.data['skills'])}; gear: {' or '.join(c.data['gear'])}",
            )
            for c in pool
        )
        asked = Decision("path", f"Term {served + 1}: choose a Career Path", opts)
        pid = ctx.choose(asked, preview=previews.path(b, served + 1))
        served += 1
        term(b, paths[pid], served)
        previous = pid


def _record(b: Builder, path: Contribution) -> CareerRecord:
    """The sheet's one career record per Path (terms on a Path add up however they are spread)."""
    for record in b.sheet.careers:
        if record.career == path.id:
            return record
    record = CareerRecord(path.id, path.name)
    b.sheet.careers.append(record)
    return record


def term(b: Builder, path: Contribution, number: int) -> None:
    """One term on ``path``: skills, gear, Contact, then the Hard Term roll decides Attribute or Scar."""
    ctx = b.ctx
    data: Mapping[str, Any] = path.data
    creation = b.t["creation"]
    why = f"term {number}: {path.name}"
    ctx.note(f"term {number}: {path.name}")
    record = _record(b, path)
    skills = [str(s) for s in data["skills"]]
    ranks = int(creation["skill_ranks_per_term"])
    gained = [
        b.book.choose_and_grant(
            skills, "term-skill", f"Term {number} ({path.name}): skill rank {i + 1} of {ranks}", why
        )
        for i in range(ranks)
    ]
    owned = set(b.sheet.equipment)
    gear = ctx.choose(
        Decision(
            "term-gear",
            f"Term {number} ({path.name}): which piece of gear?",
            tuple(Option(g, g, 1.0 if g in owned else 3.0) for g in data["gear"]),
        ),
        preview=previews.gear(b, path),
    )
    b.add_gear(gear, why)
    contact = b.free_line(
        "contact",
        f"Term {number} ({path.name}): who is your Contact?",
        [str(c) for c in data["contacts"]],
        b.extra["contacts"],
        f"another contact from the {path.name}",
    )
    b.add_person("contacts", contact, why)
    entry: dict[str, Any] = {
        "term": number,
        "path": path.name,
        "skills": gained,
        "gear": gear,
        "contact": contact,
        "hard_term": False,
        "attribute": None,
        "scar": None,
    }
    threshold = _rule(b, "hard_term_on")
    throw = ctx.roll(
        str(creation["hard_term_dice"]),
        f"Hard Term check: term {number} ({path.name})",
        kind="hard-term",
        career=path.id,
    )
    outcome_kind = ""
    if throw.total <= threshold:
        entry["hard_term"] = True
        outcome = ctx.crisis(
            Crisis(
                "hard-term",
                f"term {number} in the {path.name} went badly ({creation['hard_term_dice']} = {throw.total})",
                details={"term": number, "path": path.id, "total": throw.total},
            )
        )
        outcome_kind = outcome.kind
        if outcome.kind == "scar":
            b.choose_scar(f"Hard Term: {why}", f"Term {number} was a Hard Term: write its Scar")
            entry["scar"] = b.scar_texts()[-1]
        elif outcome.kind == "death":
            b.sheet.status = "dead"
            ctx.note(f"the character dies in term {number} ({outcome.note})")
        else:
            ctx.note(f"Hard Term outcome '{outcome.kind}': {outcome.note}")
    if outcome_kind not in ("scar", "death"):
        entry["attribute"] = _attribute(b, data, number, path.name, why)
    before = record.terms
    record.terms += 1
    ctx.change(f"terms in {path.name}", before, record.terms, why)
    b.extra["terms"].append(entry)


def _attribute(b: Builder, data: Mapping[str, Any], number: int, name: str, why: str) -> str | None:
    """+1 to an Attribute below the maximum; the NPC policy favours those the Path's skills use."""
    open_attrs = b.below_max()
    if not open_attrs:
        b.ctx.note(f"every Attribute is at the maximum of {b.attribute_max}: term {number} raises none")
        return None
    rows = {s["name"]: s for s in b.t["skills"]["skills"]}
    used = [rows[s]["attribute"] for s in data["skills"] if s in rows]
    opts = tuple(Option(a, f"{a} {b.sheet.characteristics[a]}", 1.0 + used.count(a)) for a in open_attrs)
    asked = Decision("term-attribute", f"Term {number} ({name}): which Attribute rises by 1?", opts)
    chosen = b.ctx.choose(asked, preview=previews.attribute(b))
    b.raise_attribute(chosen, int(b.t["creation"]["attribute_increase_per_term"]), why)
    return chosen
