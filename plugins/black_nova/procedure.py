"""Black Nova's creation procedure: a name, then the attribute points (attribute ranks or perks), then the
skill points, one point at a time, then the BNI standard issue and the derived values. Every number comes
from the tables.

Each step lists every attribute, perk or skill in a fixed order, the ones that cannot be taken disabled
with the reason, and says in the decision's context how many points are left. Every point is spent (the
source gives six and seven points to spend), so every character this makes passes :func:`.check.check_build`
(``tests/black_nova`` checks it for many characters under every house rule and focus).

A menu depends only on the build so far and the variant of creation (the house rules and the focus), so
each is made once for that state and kept (:meth:`.tables.Tables.kept_decisions`): a character asked a menu
some character was asked before gets the very same decision, its enabled options and the NPC policy's
running totals already worked out. A menu not kept yet is made from the options kept for each state
(:meth:`.tables.Tables.kept_options`) and the words no point changes (:mod:`.menus`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from lifepath import Context, Decision, LifepathError, Option

from . import RULESET_ID, previews
from .derived import derive, roll_bonuses
from .menus import NO_PERKS
from .tables import Tables, tables


def create(ctx: Context) -> None:
    """Create one Black Nova character through ``ctx``."""
    Procedure(ctx, tables()).run()


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


def point_menu(
    key: str, prompt: str, options: list[Option], context: str, left: int, points: str, refused: str
) -> Decision:
    """A menu spending one of ``left`` points of a kind (``points``: ``attribute``, ``skill``), refused with
    ``refused`` as the hint when none of its options can be taken."""
    decision = Decision(key, prompt, tuple(options), context=context)
    if not decision.enabled():
        raise LifepathError(f"no legal way is left to spend {left} {points} point(s)", hint=refused)
    return decision


@lru_cache(maxsize=1024)
def _skill_line(name: str, rank: int, bonus: int) -> str:
    """A skill as the skill-point menu's context lists it: ``Piloting 2 (+4)``, its rank and roll bonus
    (formatted once for each: the context lists every skill at every point)."""
    return f"{name} {rank} ({_signed(bonus)})"


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
        self.attributes: dict[str, int] = dict.fromkeys(t.attribute_names(), self.attr_pool.minimum)
        self.skills: dict[str, int] = dict.fromkeys(t.skill_attributes(), self.skill_pool.minimum)
        self.perks: list[str] = []
        self.focus = self._focus()
        #: the options and decisions kept for every character (each starts again past its limit when a
        #: character starts, so a long batch does not grow them without end)
        self.options_kept = t.kept_options()
        self.decisions_kept = t.kept_decisions()
        #: what a menu depends on besides the build: the house rules that change it, and the focus
        self.variant = (self.perks_allowed, tuple(map(tuple, self.exclusive)), self.focus)
        #: the build so far as the attribute-point menu depends on it: the key of its kept options and decision
        self.attribute_state = self._attribute_state()
        #: the same for the skill-point menu (with the attribute ranks it depends on), the state before the
        #: last skill point with the skill it raised, and each skill's line in the menu's context (all set
        #: when the skill points are spent, and kept up as each is spent)
        self.attribute_ranks: tuple[int, ...] = ()
        self.skill_state: tuple[object, ...] = ()
        self.skill_raised: tuple[tuple[object, ...], str] = ((), "")
        self.skill_lines: dict[str, str] = {}

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
            name = self.ctx.choose(self.name_decision(), preview=previews.cosmetic).strip()
            why = "chosen"
        self.ctx.sheet.name = name
        self.ctx.change("name", "", name, why)

    def name_decision(self) -> Decision:
        """Example names from the list, from the one the seed picks on (made once for each first name)."""
        names = self.t["names"]["names"]
        start = self.ctx.seed % len(names)
        key = ("name", start)
        decision = self.decisions_kept.get(key)
        if decision is None:
            count = min(self.t.name_examples(), len(names))
            examples = [names[(start + i) % len(names)] for i in range(count)]
            decision = self.decisions_kept[key] = Decision(
                "name",
                "What is the character's name?",
                tuple(Option(n, n) for n in examples),
                free_text=True,
                context="Type any name, or pick one of these examples.",
            )
        return decision

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
            answer = self.ctx.choose(self.attribute_decision(left), preview=previews.attribute_point(self, left))
            if answer in self.attributes:
                left -= pool.cost_per_rank
                self.raise_attribute(answer, left)
            else:
                left -= self.t.perk_cost(answer)
                self.buy_perk(answer, left)

    def _attribute_state(self) -> tuple[object, ...]:
        return ("attribute-point", self.variant, tuple(self.attributes.values()), tuple(self.perks))

    def attribute_decision(self, left: int) -> Decision:
        """The attribute-point decision for the build so far, made once for each state and kept."""
        options = self.attribute_options(left)
        decision = self.decisions_kept.get(self.attribute_state)
        if decision is None:
            decision = self.decisions_kept[self.attribute_state] = self.make_attribute_decision(options, left)
        return decision

    def make_attribute_decision(self, options: list[Option], left: int) -> Decision:
        """The attribute-point decision over ``options``, saying the ranks and perks so far and the rules."""
        texts = self.t.menu_texts
        context = f"Now: {self.attribute_summary()}. {texts.attribute_rules}" + ("" if self.perks_allowed else NO_PERKS)
        refused = "the ruleset's tables allow fewer ranks and perks than there are points"
        prompt = texts.attribute_prompts[left]
        return point_menu("attribute-point", prompt, options, context, left, "attribute", refused)

    def attribute_summary(self) -> str:
        ranks = ", ".join(f"{k} {v}" for k, v in self.attributes.items())
        return f"{ranks}; perks: {', '.join(self.perks) or 'none'}"

    def attribute_options(self, left: int) -> list[Option]:
        """Every attribute and perk, in the tables' order: the legal ways to spend the next attribute point,
        and the others disabled with the reason, so each keeps its number in the menu. The list is made once
        for each state of the build, and each option once for everything it depends on, and both are shared
        by every character (``Tables.kept_options``; the list is read-only)."""
        options: list[Option] | None = self.options_kept.get(self.attribute_state)
        if options is None:
            options = self.options_kept[self.attribute_state] = self._attribute_options(left)
        return options

    def _attribute_options(self, left: int) -> list[Option]:
        made = self.options_kept
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
        self.attribute_state = self._attribute_state()
        self.ctx.change(f"attribute {name}", before, before + 1, f"attribute point spent ({left} left)")

    def buy_perk(self, perk: str, left: int) -> None:
        before = list(self.perks)
        self.perks.append(perk)
        self.ctx.sheet.traits.append(perk)
        self.attribute_state = self._attribute_state()
        self.ctx.change("perks", before, list(self.perks), f"perk bought with an attribute point ({left} left)")

    # -- skills -------------------------------------------------------------------------------------

    def spend_skill_points(self) -> None:
        pool = self.skill_pool
        left = pool.points
        self.attribute_ranks = tuple(self.attributes.values())
        self.skill_state = self._skill_state()
        bonuses = roll_bonuses(self.t, self.attributes, self.skills)
        self.skill_lines = {name: _skill_line(name, rank, bonuses[name]) for name, rank in self.skills.items()}
        while left > 0:
            answer = self.ctx.choose(self.skill_decision(left), preview=previews.skill_point(self, left))
            left -= pool.cost_per_rank
            self.raise_skill(answer, left)

    def _skill_state(self) -> tuple[object, ...]:
        return ("skill-point", self.focus, self.attribute_ranks, tuple(self.skills.values()))

    def skill_decision(self, left: int) -> Decision:
        """The skill-point decision for the skills so far, made once for each state and kept."""
        options = self.skill_options(left)
        decision = self.decisions_kept.get(self.skill_state)
        if decision is None:
            decision = self.decisions_kept[self.skill_state] = self.make_skill_decision(options, left)
        return decision

    def make_skill_decision(self, options: list[Option], left: int) -> Decision:
        """The skill-point decision over ``options``, saying every skill's rank and roll bonus and the rules."""
        texts = self.t.menu_texts
        context = f"Now: {', '.join(self.skill_lines.values())}. {texts.skill_rules}"
        refused = "the ruleset's tables allow fewer skill ranks than there are points"
        return point_menu("skill-point", texts.skill_prompts[left], options, context, left, "skill", refused)

    def raise_skill(self, name: str, left: int) -> None:
        """One rank more in skill ``name``; the menu's state and the skill's line in its context follow."""
        before = self.skills[name]
        self.skills[name] = before + 1
        self.ctx.sheet.skills[name] = before + 1
        self.skill_raised = (self.skill_state, name)
        self.skill_state = self._skill_state()
        bonus = before + 1 + self.attributes[self.t.skill_attributes()[name]]
        self.skill_lines[name] = _skill_line(name, before + 1, bonus)
        self.ctx.change(f"skill {name}", before, before + 1, f"skill point spent ({left} left)")

    def skill_options(self, left: int) -> list[Option]:
        """Every skill, in the tables' order, weighted towards those the attributes suit; those that cannot
        take the next point are disabled with the reason, so each skill keeps its number in the menu. The
        list is made once for each state of the skills, and each option once for everything it depends on,
        and both are shared by every character (the list is read-only)."""
        options: list[Option] | None = self.options_kept.get(self.skill_state)
        if options is None:
            options = self.options_kept[self.skill_state] = self._skill_options(left)
        return options

    def _skill_options(self, left: int) -> list[Option]:
        """The skill options for this state: the menu before the last point with only the raised skill's
        option made again, when that menu is still kept and a rank is still affordable (nothing any other
        option depends on has changed: this saves six option look-ups at most points), else every option."""
        before_state, raised = self.skill_raised
        before: list[Option] | None = self.options_kept.get(before_state)
        if before is not None and self.skill_pool.cost_per_rank <= left:
            return [self.kept_skill_option(raised, left) if o.id == raised else o for o in before]
        return [self.kept_skill_option(name, left) for name in self.skills]

    def kept_skill_option(self, name: str, left: int) -> Option:
        """Raising skill ``name``: made once for everything it depends on and shared by every character."""
        attribute = self.t.skill_attributes()[name]
        key = (
            "skill",
            name,
            self.skills[name],
            self.attributes[attribute],
            attribute == self.focus,
            self.skill_pool.cost_per_rank <= left or left,
        )
        option: Option | None = self.options_kept.get(key)
        if option is None:
            option = self.options_kept[key] = self.skill_option(name, attribute, left)
        return option

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
        for name in self.t.standard_issue_names:
            self.ctx.sheet.equipment.append(name)
            self.ctx.change("gear", None, name, "BNI standard issue")

    # -- derived values and the stored build --------------------------------------------------------

    def build(self) -> dict[str, Any]:
        """The finished build, in exactly the shape :func:`.check.check_build` reads."""
        return {
            "ruleset": RULESET_ID,
            "name": self.ctx.sheet.name,
            "attributes": dict(self.attributes),
            "perks": list(self.perks),
            "skills": dict(self.skills),
        }

    def finish(self) -> None:
        """The derived values and the stored build. The build is not checked again here: every option
        offered is legal and every point is spent, and checking each character cost some 150 k instructions
        (a seventh of one); ``tests/black_nova`` checks many --auto builds under every house rule instead."""
        ctx = self.ctx
        d = derive(self.t, self.attributes)
        ctx.change("hit points", None, d.hit_points, d.hit_points_why)
        ctx.change("inventory slots", None, d.inventory_slots, d.inventory_why)
        ctx.change("melee damage multiplier", None, d.melee_damage_multiplier, d.melee_damage_why)
        ctx.sheet.extra = {
            "build": self.build(),
            "hit_points": d.hit_points,
            "inventory_slots": d.inventory_slots,
            "melee_damage_multiplier": d.melee_damage_multiplier,
            "roll_die": self.t.die(),
            "roll_bonuses": roll_bonuses(self.t, self.attributes, self.skills),
        }
        ctx.note("build complete: every attribute point and skill point is spent")
