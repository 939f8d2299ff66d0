"""What each option of Wormwood Drift's creation decisions does for this character, shown before it is chosen.

Each function here returns the ``preview=`` a stage hands to ``ctx.choose``; creation calls it only when a
person is asked (never for the NPC policy), and the functions given the builder are
:func:`lifepath.decisions.for_a_person`, which make nothing unless ``ctx.previewing``, so characters made in
bulk pay one call per decision (the set-up cost an NPC 7% of its instructions). Nothing here changes the
character or throws a die. The Hard Term's chance is the exact probability of the
throw a term makes (``ctx.chance``, the throw hook's DMs included); a table roll is described by its rows,
each with its exact chance. Every number comes from the tables.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from lifepath import Option
from lifepath.decisions import for_a_person
from lifepath.engine.previews import Chance, Preview, cosmetic, join

from .derived import derived_values

if TYPE_CHECKING:
    from fractions import Fraction

    from lifepath.host.registry import Contribution

    from .builder import Builder

Previewer = Callable[[Option], Preview | str | None]

__all__ = ["Previewer", "cosmetic"]


# -- shared words -----------------------------------------------------------------------------------


def _percent(probability: Fraction) -> int:
    """A probability in whole percent, never 0 or 100 unless it is exactly that."""
    value = round(probability * 100)
    if value == 0 and probability > 0:
        return 1
    if value == 100 and probability < 1:
        return 99
    return int(value)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def _rule(b: Builder, name: str) -> int:
    """An integer house rule's value in force (its declared default if the context lacks it)."""
    if name in b.ctx.rules and b.ctx.rules[name] is not None:
        return int(b.ctx.rules[name])
    return int(b.t.house_rules.data["properties"][name]["default"])


def _either(items: Sequence[str]) -> str:
    """``a, b or c``."""
    return join(items[:-1]) + f" or {items[-1]}" if len(items) > 1 else "".join(items)


def _article(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def _attribute_rows(b: Builder) -> dict[str, Mapping[str, Any]]:
    return {str(a["name"]): a for a in b.t["attributes"]["attributes"]}


def _raised(b: Builder, name: str, amount: int) -> int:
    """The value ``name`` would have after rising by ``amount`` (the maximum stops it, as the Builder does)."""
    before = int(b.sheet.characteristics[name])
    return min(before + amount, max(before, b.attribute_max))


def _derived_changes(b: Builder, attributes: Mapping[str, int], cyberware: int = 0) -> list[str]:
    """The derived values that would change, e.g. ``Resolve 12 -> 13``, if the Attributes took these values
    and ``cyberware`` more pieces were installed."""
    formulas = b.t["creation"]["derived"]
    costs = bool(b.ctx.rules.get("cyberware_resolve", True))
    held = len(b.extra["cyberware"])
    now = derived_values(b.sheet.characteristics, formulas, held, costs)
    after = derived_values({**b.sheet.characteristics, **attributes}, formulas, held + cyberware, costs)
    return [f"{formulas[key]['label']} {now[key]} -> {after[key]}" for key in formulas if now[key] != after[key]]


def _skill_words(b: Builder, skill: str) -> str:
    """``a Technical skill governed by Agility (now 2)``."""
    row = b.book.rows.get(skill)
    if row is None:
        return ""
    attribute = str(row["attribute"])
    value = b.sheet.characteristics.get(attribute, 0)
    return f"{_article(str(row['category']))} skill governed by {attribute} (now {value})"


def _grant_words(b: Builder, skill: str) -> str:
    """What one rank in ``skill`` does now: ``Pilot 0 -> 1``, or that the cap sends it elsewhere."""
    rank = b.book.rank(skill)
    if not b.book.can_raise(skill):
        return f"{skill} is at rank {rank} already: the rank goes to another skill"
    return f"{skill} {rank} -> {rank + 1}"


def _psionic_words(b: Builder, skill: str) -> str:
    """For Occultism and Willpower: what psionic Disciplines need, from the disciplines table."""
    table = b.t["disciplines"]
    needs = [f"{n['skill']} {n['minimum']}+" for n in table["requires"]]
    limit = table["limit"]
    if skill not in {str(n["skill"]) for n in table["requires"]} | {str(limit["skill"])}:
        return ""
    per = int(limit["per_rank"])
    each = "one Discipline" if per == 1 else f"{per} Disciplines"
    return f"psionic Disciplines need {join(needs)}; {each} per {limit['skill']} rank"


def _row_chances(b: Builder, dice: str, purpose: str, kind: str, rolls: Sequence[int]) -> dict[int, Fraction]:
    """The exact chance of each row of a table thrown on ``dice`` (with the throw hook's DMs), a total past
    either end reading that end's row, as the stages read it."""
    from fractions import Fraction

    ordered = sorted(rolls)
    reach = [b.ctx.chance(dice, purpose, target=r, kind=kind).probability for r in ordered]
    out: dict[int, Fraction] = {}
    for i, roll in enumerate(ordered):
        at_least = Fraction(1) if i == 0 else reach[i]
        above = reach[i + 1] if i + 1 < len(ordered) else Fraction(0)
        out[roll] = at_least - above
    return out


def _odds_words(chances: Sequence[Fraction]) -> str:
    """``10% each`` when every row is as likely, else the lowest to the highest chance."""
    shown = sorted({_percent(c) for c in chances})
    if len(set(chances)) == 1:
        return f"{shown[0]}% each"
    return f"{shown[0]}% to {shown[-1]}% a row"


# -- the Hard Term --------------------------------------------------------------------------------------


def hard_term(b: Builder, path: Contribution, number: int) -> Chance:
    """The exact chance that term ``number`` on ``path`` is *not* a Hard Term (the term's throw totals more
    than ``hard_term_on``), with the DMs the throw itself would have."""
    dice = str(b.t["creation"]["hard_term_dice"])
    threshold = _rule(b, "hard_term_on")
    chance = b.ctx.chance(
        dice,
        f"Hard Term check: term {number} ({path.name})",
        target=threshold + 1,
        kind="hard-term",
        career=path.id,
    )
    return replace(chance, purpose="no Hard Term")


def _hard_risk(b: Builder, chance: Chance) -> str:
    """The risk line of a term: how likely a Hard Term is and what it costs."""
    dice = b.t["creation"]["hard_term_dice"]
    threshold = _rule(b, "hard_term_on")
    dm = f" (DM {chance.dm:+d})" if chance.dm else ""
    risk = 1 - chance.probability
    return (
        f"a Hard Term ({dice}{dm} totalling {threshold} or less: {_percent(risk)}%) "
        "leaves a Scar instead of the Attribute increase"
    )


# -- Stage One and Two ----------------------------------------------------------------------------------


@for_a_person
def background(b: Builder) -> Previewer:
    """Backgrounds: the Attribute bonus and its new value, the skill rank, the gear (what a piece of
    cyberware does and costs) and the printed Scar."""
    from .builder import cyberware_text

    rows = {str(r["id"]): r for r in b.t["backgrounds"]["backgrounds"]}
    attributes = _attribute_rows(b)
    pieces = {str(p["item"]): p for p in b.t["cyberware"]["pieces"]}
    paid = bool(b.ctx.rules.get("cyberware_resolve", True))
    cost = int(b.t["creation"]["derived"]["resolve"]["cyberware_cost"]) if paid else 0

    def preview(option: Option) -> Preview | None:
        row = rows.get(option.id)
        if row is None:
            return None
        attribute, skill, gear = str(row["attribute"]), str(row["skill"]), str(row["gear"])
        before = int(b.sheet.characteristics[attribute])
        after = _raised(b, attribute, int(row["bonus"]))
        effects = [f"{attribute} {before} -> {after}: {attributes[attribute]['summary']}"]
        words = _skill_words(b, skill)
        effects.append(_grant_words(b, skill) + (f": {words}" if words else ""))
        piece = pieces.get(gear) if row["cyberware"] else None
        if piece is not None:
            entry = {**piece, "resolve_cost": cost}
            effects.append(f"installed cyberware, {cyberware_text(entry)}")
            effects.append(str(piece["summary"]))
        else:
            effects.append(f"gear: {gear}")
        changes = _derived_changes(b, {attribute: after}, 1 if piece is not None else 0)
        if changes:
            effects.append("derived values: " + join(changes))
        effects.append(f"Scar (a lasting one-line trait): {row['scar']}")
        summary = f"{attribute} {before} -> {after}, {_grant_words(b, skill)}, {gear}"
        return Preview(summary=summary, effects=tuple(effects))

    return preview


@for_a_person
def formative_event(b: Builder) -> Previewer:
    """Formative Events: rolling gives one of the table's events at random (each row's exact chance);
    choosing gives that event's skill rank and printed Scar."""
    table = b.t["formative_events"]
    events = list(table["events"])
    dice = str(table["dice"])
    chances: dict[int, Fraction] = {}  # worked out when the first option is previewed, not for the NPC policy

    def event_words(event: Mapping[str, Any]) -> str:
        return f"{_grant_words(b, str(event['skill']))}; Scar: {event['scar']}"

    def preview(option: Option) -> Preview | None:
        if not chances:
            chances.update(
                _row_chances(b, dice, "Formative Event", "formative-event", [int(e["roll"]) for e in events])
            )
        if option.id == "roll":
            rows = [
                f"{e['roll']}: {e['event']} ({_percent(chances[int(e['roll'])])}%): {event_words(e)}" for e in events
            ]
            return Preview(
                summary=f"one of the {len(events)} events at random, {_odds_words(list(chances.values()))}",
                effects=(*rows, "choosing instead takes the event you want; either way it brings its Scar"),
            )
        event = next((e for e in events if e["id"] == option.id), None)
        if event is None:
            return None
        skill = str(event["skill"])
        words = _skill_words(b, skill)
        effects = [_grant_words(b, skill) + (f": {words}" if words else "")]
        psionic = _psionic_words(b, skill)
        if psionic:
            effects.append(psionic)
        effects.append(f"Scar (a lasting one-line trait): {event['scar']}")
        roll = int(event["roll"])
        effects.append(f"rolling {dice} would give this event on a {roll} ({_percent(chances[roll])}%)")
        return Preview(summary=event_words(event), effects=tuple(effects))

    return preview


# -- Stage Three: the terms -----------------------------------------------------------------------------


@for_a_person
def path(b: Builder, number: int) -> Previewer:
    """Career Paths: the skills it offers (with the ranks held), its gear, and the chance the term is not a
    Hard Term."""
    paths = b.ctx.registry.careers(b.ctx.ruleset.id)
    creation = b.t["creation"]
    ranks = int(creation["skill_ranks_per_term"])
    increase = int(creation["attribute_increase_per_term"])

    def preview(option: Option) -> Preview | None:
        found = paths.get(option.id)
        if found is None:
            return None
        data = found.data
        skills = [str(s) for s in data["skills"]]
        held = join([f"{s} {b.book.rank(s)}" for s in skills])
        effects = [
            f"{_plural(ranks, 'skill rank')} among {held} (a skill stops at rank {b.book.maximum})",
            "gear: " + _either([str(g) for g in data["gear"]]),
            "a Contact from this Path",
            f"+{increase} to an Attribute of your choice, unless the term is a Hard Term",
        ]
        record = next((r for r in b.sheet.careers if r.career == found.id), None)
        if record is not None and record.terms:
            effects.append(f"{_plural(record.terms, 'term')} on this Path so far")
        chance = hard_term(b, found, number)
        if chance.probability == 1:
            effects.append("this term cannot be a Hard Term under the house rules in force")
            return Preview(summary=", ".join(skills), effects=tuple(effects))
        return Preview(
            summary=", ".join(skills),
            effects=tuple(effects),
            throws=(chance,),
            risks=(_hard_risk(b, chance),),
        )

    return preview


@for_a_person
def another_term(b: Builder, number: int, most: int) -> Previewer:
    """Serving another term or stopping: the age either way, the Hard Term's exact chance and its Scar, and
    what the term adds to the Muster Out."""
    creation = b.t["creation"]
    years = int(creation["term_years"])
    served = b.sheet.total_terms
    age = int(creation["starting_age"]) + served * years
    per_term = int(creation["credits_per_term"])
    benefits = int(b.t["muster_out"]["benefits_per_term"])
    scars = len(b.extra["scars"])
    ranks = int(creation["skill_ranks_per_term"])
    increase = int(creation["attribute_increase_per_term"])
    paths = list(b.ctx.registry.careers(b.ctx.ruleset.id).values())

    def preview(option: Option) -> Preview:
        if option.id == "no":
            return Preview(
                summary=f"stop at age {age} after {_plural(served, 'term')}",
                effects=(
                    f"{_plural(served * benefits, 'Muster Out benefit')} and {served * per_term:,}cr from the terms",
                    f"no further Hard Term risk; you keep the {_plural(scars, 'Scar')} you bear",
                ),
            )
        effects = (
            f"term {number} of up to {most}: {_plural(ranks, 'skill rank')}, a piece of gear, a Contact "
            f"and +{increase} to an Attribute, from the Path you choose next",
            f"{per_term:,}cr more to start and {_plural(benefits, 'more Muster Out benefit')}",
            f"you bear {_plural(scars, 'Scar')} now",
        )
        summary = f"age {age} -> {age + years}"
        chances = [hard_term(b, p, number) for p in paths]
        risky = [c for c in chances if c.probability < 1]
        if not risky:
            return Preview(summary=summary, effects=(*effects, "no Hard Term is possible under the house rules"))
        if len({c.probability for c in chances}) == 1:
            return Preview(summary=summary, effects=effects, throws=(chances[0],), risks=(_hard_risk(b, chances[0]),))
        low = min(_percent(1 - c.probability) for c in chances)
        high = max(_percent(1 - c.probability) for c in chances)
        return Preview(
            summary=f"{summary}; Hard Term {low}% to {high}% by Path",
            effects=effects,
            risks=(f"a Hard Term ({low}% to {high}%, by Path) leaves a Scar instead of the Attribute increase",),
        )

    return preview


@for_a_person
def skill(b: Builder, labelled: bool) -> Previewer:
    """A skill rank (a term's, or one sent elsewhere by the rank cap): the skill's category and governing
    Attribute, its Narrow specialisations and what it opens. ``labelled`` when the option's label already
    says ``Pilot 0 -> 1``."""
    narrow = b.t["skills"]["narrow_bonus"]
    bonus = join([f"+{v} {k}" for k, v in narrow.items()])

    def preview(option: Option) -> Preview | None:
        row = b.book.rows.get(option.id)
        if row is None:
            return None
        attribute = str(row["attribute"])
        rank = b.book.rank(option.id)
        value = b.sheet.characteristics.get(attribute, 0)
        summary = f"{row['category']} skill on {attribute} {value}"
        if not labelled:
            summary = f"-> {rank + 1}; {summary}"
        effects = [f"{option.id} {rank} -> {rank + 1}: {_skill_words(b, option.id)}"]
        if rank + 1 >= b.book.maximum:
            effects.append(f"rank {rank + 1} is the maximum: a later rank in it goes to another skill")
        cascades = [str(c) for c in row["cascades"]]
        if cascades:
            effects.append(f"its Narrow specialisations ({bonus}): " + ", ".join(cascades))
        psionic = _psionic_words(b, option.id)
        if psionic:
            effects.append(psionic)
        return Preview(summary=summary, effects=tuple(effects))

    return preview


@for_a_person
def gear(b: Builder, path: Contribution) -> Previewer:
    """A term's gear: whether the character already carries one (what it is, where the tables say)."""
    items = [str(g) for g in path.data["gear"]]
    pieces = {str(p["item"]): p for p in b.t["cyberware"]["pieces"]}

    def preview(option: Option) -> Preview:
        owned = b.sheet.equipment.count(option.id)
        summary = f"you already carry {'one' if owned == 1 else owned}" if owned else "new to your gear"
        effects = [f"a term in the {path.name} gives one of {join(items)}"]
        piece = pieces.get(option.id)
        if piece is not None:
            effects.append(str(piece["summary"]))
        return Preview(summary=summary, effects=tuple(effects))

    return preview


@for_a_person
def attribute(b: Builder) -> Previewer:
    """The term's Attribute rise: what the Attribute is for, its new value and the derived values it moves."""
    rows = _attribute_rows(b)
    amount = int(b.t["creation"]["attribute_increase_per_term"])
    table = b.t["attributes"]

    def preview(option: Option) -> Preview | None:
        row = rows.get(option.id)
        if row is None:
            return None
        before = int(b.sheet.characteristics[option.id])
        after = _raised(b, option.id, amount)
        effects = [f"{option.id} {before} -> {after}: {row['summary']}"]
        changes = _derived_changes(b, {option.id: after})
        if changes:
            effects.append("derived values: " + join(changes))
        effects.append(
            f"Attributes run {table['minimum']} to {table['maximum']}; {table['human_average']} is the human average"
        )
        return Preview(summary=f"-> {after}: {row['summary']}", effects=tuple(effects))

    return preview


# -- Stage Four: the Muster Out ------------------------------------------------------------------------


@for_a_person
def muster_out(b: Builder, number: int, count: int) -> Previewer:
    """Muster Out benefits: what each gives this character, and the roll's table with each row's chance."""
    table = b.t["muster_out"]
    labels = {str(x["id"]): str(x["label"]) for x in table["benefits"]}
    rows = list(table["roll"]["rows"])
    dice = str(table["roll"]["dice"])
    chances: dict[int, Fraction] = {}  # worked out when the first option is previewed, not for the NPC policy
    terms = b.sheet.total_terms
    credits = terms * int(b.t["creation"]["credits_per_term"]) + int(b.extra["muster_credits"])
    record = None
    if b.extra["terms"]:
        last = b.extra["terms"][-1]["path"]
        record = next((r for r in b.sheet.careers if r.name == last), None)
    left = count - number + 1

    def titles() -> list[str]:
        if record is None:
            return []
        found = b.ctx.registry.careers(b.ctx.ruleset.id).get(record.career)
        return [str(t) for t in found.data["titles"]][record.rank :] if found is not None else []

    def gives(kind: str) -> str:
        """The benefit ``kind`` for this character, in a few words."""
        if kind == "credits":
            amount = int(table["extra_credits"])
            return f"+{amount:,}cr: {credits:,}cr -> {credits + amount:,}cr to start"
        if kind == "rank" and record is not None:
            return f"{record.name} rank {record.rank} -> {record.rank + 1}; you name the title"
        if kind == "ship-share":
            shares = int(b.extra["ship_shares"])
            return f"ship shares {shares} -> {shares + 1}"
        if kind == "rival":
            return "a story hook: changes no number on the sheet"
        return labels.get(kind, kind)

    #: each benefit in a word or two, for the roll's short form
    short = {
        "credits": f"+{int(table['extra_credits']):,}cr",
        "rank": "a rank",
        "ship-share": "a ship share",
        "rival": "a Rival",
    }

    def preview(option: Option) -> Preview:
        if not chances:
            chances.update(_row_chances(b, dice, "Muster Out benefit", "muster-out", [int(r["roll"]) for r in rows]))
        remaining = f"benefit {number} of {count}" + (f"; {left - 1} more after this one" if left > 1 else "")
        if option.id == "roll":
            names = [short.get(str(r["benefit"]), labels.get(str(r["benefit"]), "")) for r in rows]
            effects = []
            for r in rows:
                kind, roll = str(r["benefit"]), int(r["roll"])
                effects.append(f"{roll}: {labels.get(kind, kind)} ({_percent(chances[roll])}%): {gives(kind)}")
            return Preview(
                summary=f"{_odds_words(list(chances.values()))}: " + ", ".join(names),
                effects=(*effects, "choosing instead takes the benefit you want", remaining),
            )
        effects = [remaining]
        if option.id == "rank":
            ladder = titles()
            if ladder:
                effects.insert(0, "titles from the new rank up: " + ", ".join(ladder) + " (or your own)")
        if option.id == "rival":
            effects.insert(0, "you write who they are, or take an example such as " + str(table["rivals"][0]))
        return Preview(summary=gives(option.id), effects=tuple(effects))

    return preview


# -- Psionics ------------------------------------------------------------------------------------------------


@for_a_person
def discipline(b: Builder, number: int, allowed: int) -> Previewer:
    """Psionic Disciplines: what each does, its three Tiers with the exact chance this character has of
    using each, and what using one costs."""
    table = b.t["disciplines"]
    rows = {str(r["id"]): r for r in table["disciplines"]}
    use = table["use"]
    attribute, skill_name = str(use["attribute"]), str(use["skill"])
    dms = ((attribute, int(b.sheet.characteristics.get(attribute, 0))), (skill_name, b.book.rank(skill_name)))
    push = table["push"]
    taken = len(b.extra["disciplines"])

    def preview(option: Option) -> Preview | str | None:
        if option.id == "none":
            return f"stop with {_plural(taken, 'Discipline')} of up to {allowed}"
        row = rows.get(option.id)
        if row is None:
            return None
        powers = [str(p) for p in row["powers"]]
        effects = [str(row["summary"])]
        for tier, power in zip(table["tiers"], powers, strict=False):
            chance = b.ctx.chance(
                str(use["dice"]), f"{row['name']} Tier {tier['tier']}", dms=dms, target=int(tier["tn"])
            )
            effects.append(
                f"Tier {tier['tier']}, {power}: {use['dice']} + {attribute} {dms[0][1]} + {skill_name} {dms[1][1]} "
                f"vs TN {tier['tn']}, {chance.percent}% now; costs {tier['resolve']} Resolve"
            )
        effects.append(f"Discipline {number} of up to {allowed}; taking it costs nothing now")
        risk = f"every attempt costs its Resolve, success or failure; a Push costs {push['extra_resolve']} more"
        if push.get("madness_roll"):
            risk += " and a roll on the Madness Table"
        return Preview(summary=f"from {powers[0]} to {powers[-1]}", effects=tuple(effects), risks=(risk,))

    return preview
