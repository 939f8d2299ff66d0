"""Stage Three: two to three Career terms (section 2.3), each with two skill ranks among the Path's
skills, a piece of gear, a Contact and +1 to an Attribute, or a Scar instead on a Hard Term."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from lifepath import CareerRecord, Crisis, Decision, LifepathError, Option
from lifepath.host.registry import Contribution

from . import previews
from .builder import Builder
from .compiled import DECISIONS, Path, PathMenu, path_menu
from .naming import find

#: NPC policy: how much more likely a character is to stay on the Path of the previous term
STAY_WEIGHT = 3.0
#: NPC policy: the chance of serving an optional term when no ``--terms`` target is given
OPTIONAL_TERM_WEIGHT = 0.5
#: NPC policy: how much more likely a term's piece of gear is when the character does not carry one yet
NEW_GEAR_WEIGHT = 3.0


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
    menu = path_menu(paths, b.t)
    previous: str | None = None
    served = 0
    while served < lim.most and b.sheet.status != "dead":
        if served >= lim.least:
            wants = lim.target is None or served < lim.target
            yes = OPTIONAL_TERM_WEIGHT if lim.target is None else (1.0 if wants else 0.0)
            question = another_term(served + 1, lim.most, yes)
            if ctx.choose(question, preview=previews.another_term(b, served + 1, lim.most)) == "no":
                break
        if first is not None and served == 0:
            asked = DECISIONS.get("path", path_prompt(1), (menu.paths[first.id].option(1.0),))
        else:
            asked = path_question(menu, served + 1, previous)
        pid = ctx.choose(asked, preview=previews.path(b, served + 1))
        served += 1
        term(b, menu.paths[pid], served)
        previous = pid


@lru_cache(maxsize=256)
def another_term(number: int, most: int, yes: float) -> Decision:
    """Whether to serve term ``number`` (of up to ``most``), the NPC policy saying yes at weight ``yes``."""
    yes_no = (Option("yes", "yes", yes), Option("no", "no", 1.0 - yes))
    return Decision("another-term", f"Serve term {number} (up to {most})?", yes_no, default="yes")


def path_prompt(number: int) -> str:
    """``Term 2: choose a Career Path``."""
    return f"Term {number}: choose a Career Path"


def path_question(menu: PathMenu, number: int, previous: str | None) -> Decision:
    """Term ``number``'s Path decision over every Path, the NPC policy leaning to the ``previous`` one (made
    once per term number and previous Path)."""
    found = menu.questions.get((number, previous))
    if found is None:
        options = tuple(p.option(STAY_WEIGHT if p.id == previous else 1.0) for p in menu.paths.values())
        found = menu.questions[number, previous] = Decision("path", path_prompt(number), options)
    return found


def _record(b: Builder, path: Path) -> CareerRecord:
    """The sheet's one career record per Path (terms on a Path add up however they are spread)."""
    for record in b.sheet.careers:
        if record.career == path.id:
            return record
    record = CareerRecord(path.id, path.name)
    b.sheet.careers.append(record)
    return record


def term(b: Builder, path: Path, number: int) -> None:
    """One term on ``path``: skills, gear, Contact, then the Hard Term roll decides Attribute or Scar."""
    ctx = b.ctx
    words = path.term(number)
    why = words.why
    ctx.note(why)
    record = _record(b, path)
    gained = [b.book.choose_and_grant(path.skills, "term-skill", prompt, why) for prompt in words.skill_prompts]
    carried = b.sheet.equipment
    pieces = tuple(owned if g in carried else new for g, new, owned in path.gear)
    gear = ctx.choose(
        DECISIONS.get("term-gear", words.gear_prompt, pieces), preview=previews.gear(b, path.contribution)
    )
    b.add_gear(gear, why)
    contact = b.free_line("contact", words.contact_prompt, path.contacts, b.extra["contacts"], path.fallback_contact)
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
    throw = ctx.roll(b.c.numbers.hard_term_dice, words.hard_term, kind="hard-term", career=path.id)
    outcome_kind = ""
    if throw.total <= threshold:
        entry["hard_term"] = True
        dice = b.t["creation"]["hard_term_dice"]
        outcome = ctx.crisis(
            Crisis(
                "hard-term",
                f"term {number} in the {path.name} went badly ({dice} = {throw.total})",
                details={"term": number, "path": path.id, "total": throw.total},
            )
        )
        outcome_kind = outcome.kind
        if outcome.kind == "scar":
            b.choose_scar(words.scar_source, words.scar_prompt)
            entry["scar"] = b.scar_texts()[-1]
        elif outcome.kind == "death":
            b.sheet.status = "dead"
            ctx.note(f"the character dies in term {number} ({outcome.note})")
        else:
            ctx.note(f"Hard Term outcome '{outcome.kind}': {outcome.note}")
    if outcome_kind not in ("scar", "death"):
        entry["attribute"] = _attribute(b, path, number, words.attribute_prompt, why)
    before = record.terms
    record.terms += 1
    ctx.change(path.terms_changed, before, record.terms, why)
    b.extra["terms"].append(entry)


def _attribute(b: Builder, path: Path, number: int, prompt: str, why: str) -> str | None:
    """+1 to an Attribute below the maximum; the NPC policy favours those the Path's skills use."""
    open_attrs = b.below_max()
    if not open_attrs:
        b.ctx.note(f"every Attribute is at the maximum of {b.attribute_max}: term {number} raises none")
        return None
    values = b.sheet.characteristics
    opts = tuple(path.attribute_option(a, values[a]) for a in open_attrs)
    chosen = b.ctx.choose(DECISIONS.get("term-attribute", prompt, opts), preview=previews.attribute(b))
    b.raise_attribute(chosen, b.c.numbers.attribute_increase, why)
    return chosen
