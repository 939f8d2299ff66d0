"""Black Nova's creation procedure: a name, then the attribute points (attribute ranks or perks), then the
skill points, one point at a time, then the BNI standard issue and the derived values. Every number comes
from the tables.

Each step lists every attribute, perk or skill in a fixed order, the ones that cannot be taken disabled
with the reason, and says in the decision's context how many points are left. Every point is spent (the
source gives six and seven points to spend), so every character this makes passes :func:`check_build`.
"""

from __future__ import annotations

from typing import Any

from lifepath import Context, Decision, LifepathError, Option

from . import RULESET_ID, previews
from .check import check_build
from .derived import derive, roll_bonuses
from .tables import Tables


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


class Procedure:
    """One run of Black Nova creation over a context."""

    def __init__(self, ctx: Context, t: Tables) -> None:
        self.ctx = ctx
        self.t = t
        self.attr_pool = t.attribute_pool()
        self.skill_pool = t.skill_pool()
        self.weights = t.policy()
        self.perks_allowed = bool(ctx.rules.get("perks", True))
        self.exclusive = [pair for rule, pair in t.exclusions().items() if ctx.rules.get(rule) == "exclusive"]
        self.attributes: dict[str, int] = {name: self.attr_pool.minimum for name in t.attribute_names()}
        self.skills: dict[str, int] = {name: self.skill_pool.minimum for name in t.skill_attributes()}
        self.perks: list[str] = []
        self.focus = self._focus()

    # -- the order of things -----------------------------------------------------------------------

    def run(self) -> None:
        self.choose_name()
        self.start()
        self.spend_attribute_points()
        self.spend_skill_points()
        self.issue_gear()
        self.finish()

    # -- options from the command line ---------------------------------------------------------------

    def _focus(self) -> str | None:
        """``--option focus=Dexterity`` (name or abbreviation, any case): the NPC policy leans towards it."""
        value = self.ctx.options.get("focus")
        if value is None:
            return None
        low = str(value).strip().lower()
        for name, abbreviation in self.t.abbreviations().items():
            if low in (name.lower(), abbreviation.lower()):
                return name
        known = ", ".join(self.t.attribute_names())
        raise LifepathError(f"Black Nova has no attribute called '{value}' to focus on", hint=f"use one of {known}")

    # -- name ---------------------------------------------------------------------------------------

    def choose_name(self) -> None:
        given = self.ctx.options.get("name")
        if given is not None and str(given).strip():
            name = str(given).strip()
            why = "given with --option name"
        else:
            names = list(self.t["names"]["names"])
            count = min(self.t.name_examples(), len(names))
            start = self.ctx.seed % len(names)
            examples = [names[(start + i) % len(names)] for i in range(count)]
            name = self.ctx.choose(
                Decision(
                    "name",
                    "What is the character's name?",
                    tuple(Option(n, n) for n in examples),
                    free_text=True,
                    context="Type any name, or pick one of these examples.",
                ),
                preview=previews.cosmetic,
            ).strip()
            why = "chosen"
        self.ctx.sheet.name = name
        self.ctx.change("name", "", name, why)

    # -- attributes and perks -----------------------------------------------------------------------

    def start(self) -> None:
        sheet = self.ctx.sheet
        sheet.characteristics = dict(self.attributes)
        why = f"every attribute starts at rank {self.attr_pool.minimum}"
        self.ctx.change("attributes", {}, dict(self.attributes), why)
        if self.focus is not None:
            self.ctx.note(f"the NPC policy leans towards {self.focus} and its skills (option focus)")

    def spend_attribute_points(self) -> None:
        pool = self.attr_pool
        left = pool.points
        while left > 0:
            options = self.attribute_options(left)
            if not any(o.disabled is None for o in options):
                raise LifepathError(
                    f"no legal way is left to spend {left} attribute point(s)",
                    hint="the ruleset's tables allow fewer ranks and perks than there are points",
                )
            summary = self.attribute_summary()
            rules = (
                f"An attribute rank costs {pool.cost_per_rank} point and a perk its listed cost; attributes run "
                f"{pool.minimum}-{pool.maximum}; each perk at most once; all {pool.points} points must be spent."
            )
            context = f"Now: {summary}. {rules}" + (
                "" if self.perks_allowed else " Not offered: perks (house rule perks=false)."
            )
            answer = self.ctx.choose(
                Decision(
                    "attribute-point",
                    f"Attribute points: {left} of {pool.points} left. Raise an attribute or buy a perk.",
                    tuple(options),
                    context=context,
                ),
                preview=previews.attribute_point(self, left),
            )
            if answer in self.attributes:
                left -= pool.cost_per_rank
                self.raise_attribute(answer, left)
            else:
                left -= self.t.perk_cost(answer)
                self.buy_perk(answer, left)

    def attribute_summary(self) -> str:
        ranks = ", ".join(f"{k} {v}" for k, v in self.attributes.items())
        return f"{ranks}; perks: {', '.join(self.perks) or 'none'}"

    def attribute_options(self, left: int) -> list[Option]:
        """Every attribute and perk, in the tables' order: the legal ways to spend the next attribute point,
        and the others disabled with the reason, so each keeps its number in the menu. Each option is made
        once for everything it depends on and shared by every character (``Tables.options_made``)."""
        made = self.t.kept_options()
        ranks = tuple(self.attributes.values())
        affordable = self.attr_pool.cost_per_rank <= left
        options: list[Option] = []
        for name in self.attributes:
            key: tuple[object, ...] = ("attribute", name, ranks, name == self.focus, affordable or left)
            option = made.get(key)
            if option is None:
                option = made[key] = self.attribute_option(name, left)
            options.append(option)
        if not self.perks_allowed:  # off for the whole creation: not listed at all (the context says so)
            return options
        for perk in self.t.perk_names():
            reason = self.perk_refusal(perk, left)
            key = ("perk", perk, reason)
            option = made.get(key)
            if option is None:
                summary = self.t.perk_summary(perk)
                option = made[key] = Option(perk, f"Perk: {perk}", self.weights["perk"], summary, reason or None)
            options.append(option)
        return options

    def attribute_option(self, name: str, left: int) -> Option:
        """Raising attribute ``name`` by a rank, disabled with the reason when it cannot be raised now."""
        pool, w, rank = self.attr_pool, self.weights, self.attributes[name]
        label = f"{name} {rank} -> {rank + 1}"
        if rank >= pool.maximum:
            return Option(name, f"{name} {rank}", 0.0, disabled=f"already at the maximum rank of {pool.maximum}")
        if pool.cost_per_rank > left:
            return Option(name, label, 0.0, disabled=f"a rank costs {pool.cost_per_rank}, only {left} left")
        weight = w["attribute_base"] + w["attribute_per_rank"] * rank
        if name == self.focus:
            weight *= w["focus_multiplier"]
        return Option(name, label, weight, self.attribute_detail(name))

    def perk_refusal(self, perk: str, left: int) -> str:
        """Why ``perk`` cannot be bought now, or an empty string if it can."""
        cost = self.t.perk_cost(perk)
        if self.perks.count(perk) >= self.t.perk_max_each():
            return "already taken; each perk at most once"
        if cost > left:
            return f"costs {cost}, only {left} left"
        for pair in self.exclusive:
            if perk in pair:
                other = next(p for p in pair if p != perk)
                if other in self.perks:
                    return f"{other} is taken and the house rule makes {pair[0]} and {pair[1]} exclusive"
        return ""

    def attribute_detail(self, name: str) -> str:
        """What raising ``name`` by one rank would change: derived values and the skills it adds to."""
        before = derive(self.t, self.attributes)
        after = derive(self.t, {**self.attributes, name: self.attributes[name] + 1})
        parts = []
        if after.hit_points != before.hit_points:
            parts.append(f"hit points {before.hit_points} -> {after.hit_points}")
        if after.inventory_slots != before.inventory_slots:
            parts.append(f"inventory {before.inventory_slots} -> {after.inventory_slots} items")
        if after.melee_damage_multiplier != before.melee_damage_multiplier:
            parts.append(f"melee damage x{after.melee_damage_multiplier}")
        skills = [s for s, a in self.t.skill_attributes().items() if a == name]
        if skills:
            parts.append("adds to " + ", ".join(skills))
        return "; ".join(parts)

    def raise_attribute(self, name: str, left: int) -> None:
        before = self.attributes[name]
        self.attributes[name] = before + 1
        self.ctx.sheet.characteristics[name] = before + 1
        self.ctx.change(f"attribute {name}", before, before + 1, f"attribute point spent ({left} left)")

    def buy_perk(self, perk: str, left: int) -> None:
        before = list(self.perks)
        self.perks.append(perk)
        self.ctx.sheet.traits.append(perk)
        self.ctx.change("perks", before, list(self.perks), f"perk bought with an attribute point ({left} left)")

    # -- skills -------------------------------------------------------------------------------------

    def spend_skill_points(self) -> None:
        pool = self.skill_pool
        die = self.t.die()
        left = pool.points
        while left > 0:
            options = self.skill_options(left)
            if not any(o.disabled is None for o in options):
                raise LifepathError(
                    f"no legal way is left to spend {left} skill point(s)",
                    hint="the ruleset's tables allow fewer skill ranks than there are points",
                )
            bonuses = roll_bonuses(self.t, self.attributes, self.skills)
            summary = ", ".join(f"{k} {v} ({_signed(bonuses[k])})" for k, v in self.skills.items())
            rules = (
                f"A rank costs {pool.cost_per_rank} point; skills run {pool.minimum}-{pool.maximum}; a roll is "
                f"{die} + skill + its attribute; all {pool.points} points must be spent."
            )
            context = f"Now: {summary}. {rules}"
            answer = self.ctx.choose(
                Decision(
                    "skill-point",
                    f"Skill points: {left} of {pool.points} left. Raise a skill.",
                    tuple(options),
                    context=context,
                ),
                preview=previews.skill_point(self, left),
            )
            left -= pool.cost_per_rank
            before = self.skills[answer]
            self.skills[answer] = before + 1
            self.ctx.sheet.skills[answer] = before + 1
            self.ctx.change(f"skill {answer}", before, before + 1, f"skill point spent ({left} left)")

    def skill_options(self, left: int) -> list[Option]:
        """Every skill, in the tables' order, weighted towards those the attributes suit; those that cannot
        take the next point are disabled with the reason, so each skill keeps its number in the menu. Each
        option is made once for everything it depends on and shared by every character."""
        made = self.t.kept_options()
        affordable = self.skill_pool.cost_per_rank <= left
        options: list[Option] = []
        for name, attribute in self.t.skill_attributes().items():
            key = (
                "skill",
                name,
                self.skills[name],
                self.attributes[attribute],
                attribute == self.focus,
                affordable or left,
            )
            option = made.get(key)
            if option is None:
                option = made[key] = self.skill_option(name, attribute, left)
            options.append(option)
        return options

    def skill_option(self, name: str, attribute: str, left: int) -> Option:
        """Raising skill ``name`` by a rank, disabled with the reason when it cannot be raised now."""
        pool, w, rank = self.skill_pool, self.weights, self.skills[name]
        if rank >= pool.maximum:
            return Option(name, f"{name} {rank}", 0.0, disabled=f"already at the cap of {pool.maximum} ranks")
        if pool.cost_per_rank > left:
            disabled = f"a rank costs {pool.cost_per_rank}, only {left} left"
            return Option(name, f"{name} {rank} -> {rank + 1}", 0.0, disabled=disabled)
        attr_rank = self.attributes[attribute]
        weight = w["skill_base"] + w["skill_per_attribute_rank"] * attr_rank + w["skill_per_rank"] * rank
        if attribute == self.focus:
            weight *= w["focus_multiplier"]
        detail = f"roll {self.t.die()}{_signed(rank + 1 + attr_rank)} ({attribute} {attr_rank} + {name} {rank + 1})"
        return Option(name, f"{name} {rank} -> {rank + 1}", weight, detail)

    # -- gear ---------------------------------------------------------------------------------------

    def issue_gear(self) -> None:
        """Every BNI crew member gets the standard issue (house rule ``standard_issue``, on by default)."""
        if not bool(self.ctx.rules.get("standard_issue", True)):
            self.ctx.note("no BNI standard issue (house rule standard_issue=false)")
            return
        for item in self.t.standard_issue():
            name = str(item["name"])
            self.ctx.sheet.equipment.append(name)
            self.ctx.change("gear", None, name, "BNI standard issue")

    # -- derived values and the stored build --------------------------------------------------------

    def build(self) -> dict[str, Any]:
        """The finished build, in exactly the shape :func:`check_build` reads."""
        return {
            "ruleset": RULESET_ID,
            "name": self.ctx.sheet.name,
            "attributes": dict(self.attributes),
            "perks": list(self.perks),
            "skills": dict(self.skills),
        }

    def finish(self) -> None:
        ctx = self.ctx
        d = derive(self.t, self.attributes)
        ctx.change("hit points", None, d.hit_points, d.hit_points_why)
        ctx.change("inventory slots", None, d.inventory_slots, d.inventory_why)
        ctx.change("melee damage multiplier", None, d.melee_damage_multiplier, d.melee_damage_why)
        build = self.build()
        violations = check_build(self.t, build)
        if violations:  # a guard: the steps above offer only legal options
            raise LifepathError("creation made an illegal build: " + "; ".join(violations))
        ctx.sheet.extra = {
            "build": build,
            "hit_points": d.hit_points,
            "inventory_slots": d.inventory_slots,
            "melee_damage_multiplier": d.melee_damage_multiplier,
            "roll_die": self.t.die(),
            "roll_bonuses": roll_bonuses(self.t, self.attributes, self.skills),
        }
        ctx.note("build complete: every attribute point and skill point is spent")
