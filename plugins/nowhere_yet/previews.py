"""What each option of Nowhere Yet's decisions does for this character, shown before it is chosen.

Each function here returns the ``preview=`` a stage hands to ``ctx.choose``; creation calls it only when a
person is asked (never for the NPC policy). The functions given the character are
:func:`lifepath.decisions.for_a_person`:
they make nothing, and return None, unless ``ctx.previewing``, so characters made in bulk pay one call per
decision and nothing more (they cost some 12% of an NPC when they were made for every decision). Every
chance is the exact probability of the throw the option leads to, worked out by ``ctx.chance`` with the
DMs the throw itself would have (the throw hook's included), and every number comes from the tables.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from lifepath import Option
from lifepath.decisions import for_a_person

from .state import TWO_D6, Creation, Term

if TYPE_CHECKING:  # lifepath.engine.previews is imported when a preview is made, not by every create
    from lifepath.engine.previews import Chance, Preview

Previewer = Callable[[Option], "Preview | str | None"]

__all__ = ["Previewer", "cosmetic"]


def cosmetic(option: Option) -> str:
    """The preview of a choice that changes no rule (:func:`lifepath.engine.previews.cosmetic`)."""
    from lifepath.engine.previews import cosmetic as said

    return said(option)


def _dice_words(c: Creation, data: Mapping[str, Any]) -> list[str]:
    """A species' characteristic dice and maxima where they differ from the standard 2D6, up to 15."""
    standard = c.t["characteristics"]["characteristics"]
    usual = {s["code"]: (s["dice"], s["maximum"]) for s in standard}
    words = []
    for code, spec in data.get("characteristics", {}).items():
        if (spec["dice"], spec["maximum"]) != usual.get(code):
            words.append(f"{code} on {spec['dice']} (max {spec['maximum']})")
    return words


@for_a_person
def origin(c: Creation, species: Mapping[str, Any]) -> Previewer:
    """Origins: the characteristic dice that differ, the traits, the age of maturity and of ageing."""
    from lifepath.engine.previews import Preview, join

    traits = c.ctx.registry.vocabulary(c.ctx.ruleset.id).traits

    def preview(option: Option) -> Preview:
        data = species[option.id].data
        dice = _dice_words(c, data)
        names = [traits.get(t, {"name": t})["name"] for t in data.get("traits", [])]
        summary = join(
            [
                "rolls " + join(dice) if dice else "every characteristic on 2D6 (max 15)",
                ("traits: " + ", ".join(names)) if names else "",
            ]
        )
        effects = [f"adult at {data['age_of_maturity']}; ageing throws from age {data['ageing_starts']}"]
        speed = data.get("speed")
        if speed:
            effects.append(f"speed {speed['metres']} metres a round ({speed['kind']})")
        if data.get("social_name", "Soc") != "Soc":
            effects.append(f"its social characteristic is {data['social_name']}")
        for tid in data.get("traits", []):
            row = traits.get(tid)
            if row is not None:
                effects.append(f"{row['name']}: {row['summary']}")
        return Preview(summary=summary, effects=tuple(effects))

    return preview


@for_a_person
def homeworld(c: Creation) -> Previewer:
    """Homeworlds: trade codes, law level, and the background skills the world offers."""
    from lifepath.engine.previews import Preview

    from .homeworld import sample_world

    worlds = {w["name"]: w for w in c.t["homeworlds"]["worlds"]}
    worlds.update({w["name"]: w for w in c.ctx.options.get("worlds") or ()})

    def preview(option: Option) -> Preview | None:
        world = worlds.get(option.id)
        if world is None:
            return None
        home = sample_world(world["name"], world["uwp"])
        codes = " ".join(home.trade_codes) or "no trade codes"
        skills = ", ".join(home.skills) or "none"
        return Preview(
            summary=f"{codes}; law {home.law_level} ({home.law_descriptor}); offers {skills}",
            effects=(
                f"profile {home.uwp}: trade codes {codes}, law level {home.law_level} ({home.law_descriptor})",
                f"background skills it offers at level 0: {skills}",
            ),
        )

    return preview


@for_a_person
def skill(c: Creation, source: str) -> Previewer:
    """A skill taken at level 0 (background or basic training): what the skill is for, or that taking it
    again adds nothing."""
    from lifepath.engine.previews import Preview

    key = c.book.key
    summaries = {row["name"]: row["summary"] for row in c.t["skills"]["skills"]}

    def preview(option: Option) -> Preview:
        name = option.id
        held = c.sheet.skills.get(key(name))
        what = summaries.get(name) or summaries.get(key(name).partition(" (")[0], "")
        if held is not None:
            return Preview(summary=f"already held at {held}: taking it adds nothing", effects=(what,) if what else ())
        return Preview(effects=(f"{name} 0 ({source}): {what}" if what else f"{name} 0 ({source})",))

    return preview


@for_a_person
def careers(c: Creation) -> Previewer:
    """Careers: the chance of getting in (with this character's DMs, -2 a career entered before), of
    surviving its first term, and the risks."""
    from lifepath.engine.previews import Preview

    from .compiled import career as compiled_career

    found = c.ctx.registry.careers(c.ctx.ruleset.id)
    penalty = c.proc["qualification_dm_per_previous_career"] * len(c.entered)

    def preview(option: Option) -> Preview | str:
        if option.id == "none":
            return "no career: the character finishes now"
        data = found[option.id].data
        rec = compiled_career(found[option.id])
        throws: list[Chance] = []
        risks: list[str] = []
        if option.id != "drifter" and data.get("qualification"):
            if c.crisis_survivor:
                return Preview(summary="closed: a crisis survivor fails every qualification")
            throws.append(
                c.chance(
                    data["qualification"],
                    rec.qualification_purpose,
                    [("previous careers", penalty)],
                    kind="qualification",
                    career=option.id,
                )
            )
            risks.append("if refused: the draft (once) or the Drifter")
        if data.get("survival"):
            survival = c.chance(
                data["survival"],
                rec.survival_purpose,
                kind="survival",
                career=option.id,
                auto_fail=c.proc["survival_natural_fail"],
            )
            throws.append(survival)
            risks.append(f"a failed survival throw ({100 - survival.percent}% a term) is a mishap that ends the career")
        effects = [str(data["description"])] if data.get("description") else []
        if penalty:
            effects.append(f"DM {penalty:+d} to qualify: {len(c.entered)} career(s) entered before")
        summary = "always accepted" if option.id == "drifter" else ""
        return Preview(summary=summary, effects=tuple(effects), throws=tuple(throws), risks=tuple(risks))

    return preview


@for_a_person
def refused(c: Creation) -> Previewer:
    """After a failed qualification: the draft's careers, or the Drifter."""

    def preview(option: Option) -> str:
        if option.id == "draft":
            table = c.t["draft"]
            names = []
            careers = c.ctx.registry.careers(c.ctx.ruleset.id)
            for row in table["rows"]:
                found = careers.get(row["career"])
                names.append(found.name if found is not None else row["career"])
            return f"throw {table['dice']} for one of: {', '.join(names)} (only once)"
        return "the Drifter takes anyone"

    return preview


@for_a_person
def skill_tables(c: Creation, career: Mapping[str, Any], labels: Mapping[str, str]) -> Previewer:
    """Skill tables: what is on each, one entry per face of the die."""
    from lifepath.engine.previews import Preview

    dice = c.proc["skill_dice"]

    def preview(option: Option) -> Preview:
        rows = career["skill_tables"][option.id]
        entries = [
            entry["skill"] if "skill" in entry else f"{entry['characteristic']} {entry['change']:+d}" for entry in rows
        ]
        return Preview(
            summary=", ".join(entries),
            effects=tuple(f"{i}: {entry}" for i, entry in enumerate(entries, 1)) + (f"thrown on {dice}",),
        )

    return preview


@for_a_person
def attempt(c: Creation, term: Term, step: str) -> Previewer:
    """Trying for a commission or advancement: the throw's chance, and what success brings."""
    from lifepath.engine.previews import Preview

    career = term.career

    def preview(option: Option) -> Preview | str:
        if option.id == "no":
            return "no throw; no extra skill roll"
        throw = c.chance(career[step], term.compiled.attempt_purposes[step], kind=step, career=career["id"])
        row = career["ranks"][term.record.rank + 1] if term.record.rank + 1 < len(career["ranks"]) else None
        effects = ["success: one rank up and an extra skill roll this term"]
        if row is not None and row.get("title"):
            effects.append(f"the new rank's title: {row['title']}")
        if row is not None and row.get("skill"):
            effects.append(f"the new rank brings {row['skill']['name']} {row['skill']['level']}")
        return Preview(effects=tuple(effects), throws=(throw,), risks=("failure costs nothing",))

    return preview


@for_a_person
def reenlist(c: Creation, term: Term, capped: bool) -> Previewer:
    """Serving another term: the re-enlistment throw's chance (a natural 12 holds the character anyway)."""
    from lifepath.engine.previews import Preview

    career = term.career
    hold = c.proc["reenlistment_natural_hold"]

    def preview(option: Option) -> Preview:
        purpose = term.compiled.reenlistment_purpose
        throw = c.ctx.chance(TWO_D6, purpose, target=career["reenlistment"], kind="reenlistment", career=career["id"])
        throw = replace(throw, purpose="reenlistment")
        held = f"a natural {hold} holds you for another term" + (" even past the term cap" if capped else "")
        if option.id == "no":
            return Preview(summary=f"muster out of {career['name']}", risks=(held,))
        if capped:
            return Preview(
                summary=f"the term cap is reached: you retire unless the throw is a natural {hold}", throws=(throw,)
            )
        return Preview(
            summary=f"another term in {career['name']}",
            throws=(throw,),
            risks=("a failed throw musters you out", held),
        )

    return preview


@for_a_person
def another_career(c: Creation) -> Previewer:
    """Trying another career: the qualification DM it carries."""
    penalty = c.proc["qualification_dm_per_previous_career"] * len(c.entered)

    def preview(option: Option) -> str:
        if option.id == "no":
            return "muster out and finish"
        return f"choose a new career; qualifying there has DM {penalty:+d} ({len(c.entered)} career(s) entered)"

    return preview


@for_a_person
def anagathics(c: Creation, term: Term | None) -> Previewer:
    """Anagathics: the cost as debt, the second survival throw, and what stopping brings."""
    from lifepath.engine.previews import Preview

    med = c.t["medical"]["anagathics"]

    def preview(option: Option) -> Preview | str:
        if option.id == "no":
            if c.on_anagathics:
                return Preview(summary="stop now", risks=("stopping brings an immediate ageing throw",))
            return "no drugs, no cost"
        risks = []
        throws: tuple[Chance, ...] = ()
        if term is not None and term.career.get("survival"):
            second = c.chance(
                term.career["survival"],
                term.compiled.second_survival_purpose,
                kind="survival",
                career=term.career["id"],
                auto_fail=c.proc["survival_natural_fail"],
            )
            throws = (second,)
            risks.append("a second survival throw this term: failing either is a mishap")
        risks.append("stopping later brings an immediate ageing throw")
        return Preview(
            summary=f"costs {med['dice']} x Cr{med['multiplier']:,} this term, as debt",
            effects=("each term on them is a DM +1 on the ageing throw",),
            throws=throws,
            risks=tuple(risks),
        )

    return preview


@for_a_person
def lowered(c: Creation, amount: int | None, why: str) -> Previewer:
    """A characteristic to lose points (ageing, an injury): its value before and after."""
    chars = c.sheet.characteristics

    def preview(option: Option) -> str:
        code = option.id
        if code not in chars:
            return ""
        if amount is None:
            return f"{c.label(code)} {chars[code]} loses the injury's points"
        return f"{c.label(code)} {chars[code]} -> {max(chars[code] - amount, 0)} ({why})"

    return preview


def medical(owed: int, lost: Mapping[str, int]) -> Previewer:
    """Medical care: what restoring costs, and what keeping the injury leaves."""
    from lifepath.engine.previews import join

    points = join([f"{code} +{n}" for code, n in lost.items()])

    def preview(option: Option) -> str:
        if option.id == "restore":
            return f"{points}; you owe Cr{owed:,}" if owed else f"{points}; the employer pays it all"
        return "keep the lower characteristics, owe nothing"

    return preview


def text(words: Mapping[str, str], fallback: str = "") -> Previewer:
    """A fixed line for each option id (or ``fallback``)."""

    def preview(option: Option) -> str:
        return words.get(option.id, fallback)

    return preview


def assigned(spec: Any, divisor: int, offset: int) -> Previewer:
    """Placing a rolled result on a characteristic: the value it holds there and its DM."""

    def preview(option: Option) -> str:
        value = int(option.id)
        if spec.maximum is not None and value > spec.maximum:
            value = spec.maximum
        return f"{spec.name} {value} (DM {value // divisor + offset:+d})"

    return preview


@for_a_person
def injury_choice(c: Creation, fixed: int) -> Previewer:
    """A mishap's injury: the fixed row, or the lower of two throws on the injury table."""
    table = c.t["injuries"]
    rows = {row["roll"]: row for row in table["rows"]}

    def preview(option: Option) -> str:
        if option.id == "fixed":
            row = rows.get(fixed)
            return f"injury {fixed}: {row['summary']}" if row is not None else f"injury {fixed}"
        low = min(rows)
        return f"throw {table['dice']} twice and keep the lower (the worst row, {low}, is {rows[low]['summary']})"

    return preview


@for_a_person
def secondary(c: Creation, others: list[str], amounts: Mapping[str, int]) -> Previewer:
    """The other physical characteristics an injury takes: spread or on one."""
    from lifepath.engine.previews import join

    chars = c.sheet.characteristics

    def preview(option: Option) -> str:
        if option.id == "each":
            each = int(amounts["each"])
            return join([f"{x} {chars[x]} -> {max(chars[x] - each, 0)}" for x in others])
        one = int(amounts["one"])
        return f"{option.id} {chars[option.id]} -> {max(chars[option.id] - one, 0)}"

    return preview


def _benefit_words(benefit: Mapping[str, Any] | None) -> str:
    if benefit is None:
        return "nothing"
    kind = benefit["type"]
    if kind == "passage":
        return f"{benefit['class']} passage"
    if kind == "characteristic":
        return f"{benefit['characteristic']} {benefit['change']:+d}"
    if kind == "ship_shares":
        return f"{benefit['dice']} ship shares"
    return str(kind).replace("_", " ")


@for_a_person
def benefits(c: Creation, term: Term, retired: bool) -> Previewer:
    """The benefit tables: what each can give, the DMs this character has, and the cash rolls left."""
    from lifepath.engine.previews import Preview

    p, career, record = c.proc, term.career, term.record

    def preview(option: Option) -> Preview:
        dice = p["benefit_dice"]
        if option.id == "cash":
            dms = []
            if "Gambling" in c.sheet.skills:
                dms.append(f"Gambling {p['cash_dm']['gambling']:+d}")
            if retired:
                dms.append(f"retired {p['cash_dm']['retired']:+d}")
            amounts = [f"Cr{a:,}" for a in career["cash_benefits"] if a]
            left = p["max_cash_rolls"] - c.cash_rolls
            return Preview(
                summary=f"{amounts[0]} to {amounts[-1]} on {dice}" + (f" ({', '.join(dms)})" if dms else ""),
                effects=(
                    "the rows: " + ", ".join(f"{i}: Cr{a or 0:,}" for i, a in enumerate(career["cash_benefits"], 1)),
                    f"{left} of {p['max_cash_rolls']} cash rolls left in the whole of creation",
                ),
            )
        dm = p["material_dm"]
        extra = f" (rank {record.rank}: {dm['dm']:+d})" if record.rank >= dm["min_rank"] else ""
        items = [_benefit_words(b) for b in career["material_benefits"]]
        return Preview(
            summary=f"on {dice}{extra}: " + ", ".join(items),
            effects=tuple(f"{i}: {item}" for i, item in enumerate(items, 1)),
        )

    return preview
