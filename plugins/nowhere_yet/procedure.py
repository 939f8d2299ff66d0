"""Nowhere Yet's creation procedure: origin, characteristics, homeworld, careers term by term, muster-out,
finishing. Every number comes from the tables; this module holds only the order of things.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NoReturn

from lifepath import (
    CareerRecord,
    CharacteristicSpec,
    Context,
    Crisis,
    Debt,
    Decision,
    LifepathError,
    Option,
)
from lifepath.decisions import DecisionCache
from lifepath.dice import parse
from lifepath.registry import Contribution

from . import campaign_worlds
from .compiled import Career, career, menu, once
from .homeworld import build as build_homeworld
from .homeworld import sample_world
from .skills import skill_book
from .tables import Tables

PHYSICAL = ("Str", "Dex", "End")
MENTAL = ("Int", "Edu", "Soc")
YES_NO = ("yes", "no")
TABLE_LABELS = {
    "personal_development": "Personal Development",
    "service_skills": "Service Skills",
    "specialist": "Specialist",
    "advanced_education": "Advanced Education",
}


@dataclass
class Term:
    """Per-career state while it is being served."""

    record: CareerRecord
    career: Mapping[str, Any]
    drafted: bool
    compiled: Career
    lost_terms: int = 0
    all_lost: bool = False


@dataclass
class Life:
    """State across the whole of creation (not exported; the sheet and history are)."""

    species: Mapping[str, Any]
    specs: dict[str, CharacteristicSpec]
    entered: list[str] = field(default_factory=list)
    left_clean: set[str] = field(default_factory=set)
    ejected: set[str] = field(default_factory=set)
    drafted_once: bool = False
    crisis_survivor: bool = False
    anagathic_terms: int = 0
    on_anagathics: bool = False
    cash_rolls: int = 0
    injured_points: dict[str, int] = field(default_factory=dict)
    weapons: list[str] = field(default_factory=list)
    dead: bool = False


class Died(Exception):
    """Raised by ``Procedure.die``: every path to death (a fatal survival throw, an injury or ageing crisis,
    the ageing throw on stopping anagathics) ends the careers there, whatever step it came from."""


#: the decisions every character is asked, made once (see lifepath.decisions.DecisionCache)
DECISIONS = DecisionCache()
TWO_D6 = parse("2D6")
CASH = Option("cash", "cash", 1.0)
MATERIAL = Option("material", "material", 1.5)
DRAFT = Option("draft", "submit to the draft", 1.0)
DRIFTER = Option("drifter", "become a Drifter", 1.0)
WEAPON = Decision("weapon", "Which kind of weapon?", (Option("gun", "a gun"), Option("blade", "a blade")))


@lru_cache(maxsize=2048)
def yes_no(key: str, prompt: str, yes_weight: float, context: str = "", default: str = "") -> Decision:
    """A yes/no decision; ``default`` is what a person takes with Enter alone."""
    return Decision(
        key,
        prompt,
        (Option("yes", "yes", yes_weight), Option("no", "no", 1.0 - yes_weight)),
        context=context,
        default=default,
    )


@lru_cache(maxsize=256)
def static_choice(key: str, prompt: str, ids: tuple[str, ...], free_text: bool = False) -> Decision:
    """A decision over a fixed list (names, goals, looks), built once per process."""
    return Decision(key, prompt, tuple(Option(i) for i in ids), free_text=free_text)


#: the origin menus made so far, by the ids of their species (kept beside the menu, so the ids stay theirs)
_ORIGINS: dict[tuple[int, ...], tuple[tuple[Contribution, ...], tuple[Option, ...]]] = {}


def origin_options(pool: list[Contribution]) -> tuple[Option, ...]:
    """The origin menu's options, made once per set of species: humans four times as likely for the NPC
    policy."""
    token = tuple(map(id, pool))
    known = _ORIGINS.get(token)
    if known is None:
        opts = tuple(Option(c.id, c.name, 4.0 if c.id.startswith("human") else 1.0) for c in pool)
        known = _ORIGINS[token] = (tuple(pool), opts)
    return known[1]


def homeworld_choice(worlds: list[Mapping[str, Any]]) -> Decision:
    opts = tuple(Option(w["name"], f"{w['name']} {w['uwp']}") for w in worlds)
    return Decision("homeworld", "Choose your homeworld", opts)


@lru_cache(maxsize=1)
def education_options() -> tuple[Option, ...]:
    from .tables import tables

    return tuple(Option(s, s, 1.0) for s in tables()["education"]["skills"])


def keyed(options: tuple[Option, ...]) -> tuple[tuple[Option, str], ...]:
    """Skill options with the sheet key each lands on (a leaf specialisation is written under its cascade),
    worked out once per tuple of options."""
    key = skill_book().key
    return once("keyed", options, lambda: tuple((o, key(o.id)) for o in options))


@lru_cache(maxsize=256)
def homeworld_options(skills: tuple[str, ...]) -> tuple[Option, ...]:
    return tuple(Option(s, f"{s} (homeworld)", 3.0) for s in skills)


@lru_cache(maxsize=4096)
def skill_table_choice(career: str, i: int, n: int, advanced: bool) -> Decision:
    names = ["personal_development", "service_skills", "specialist"] + (["advanced_education"] if advanced else [])
    opts = tuple(Option(k, TABLE_LABELS[k], 1.0) for k in names)
    return Decision("skill-table", f"Skill roll {i} of {n} in {career}: which table?", opts)


def _row(rows: list[Mapping[str, Any]], roll: int) -> Mapping[str, Any]:
    """The row of a table read on ``roll``; a total past either end (a plugin's DM) reads the end row."""
    for row in rows:
        if row["roll"] == roll:
            return row
    return rows[0] if roll < rows[0]["roll"] else rows[-1]


class Procedure:
    """One run of Nowhere Yet's procedure over a context."""

    def __init__(self, ctx: Context, t: Tables) -> None:
        self.ctx = ctx
        # plain dicts of the tables' data (a TableSet looks each name up through a method)
        self.t: Mapping[str, Any] = once("tables", t, lambda: {name: t[name] for name in t.files})
        self.proc = t["procedure"]
        self.book = skill_book()
        self.sheet = ctx.sheet
        mod = t["characteristics"]["modifier"]
        self.divisor, self.offset = int(mod["divisor"]), int(mod["offset"])
        self.max_terms: int | None = ctx.rules.get("max_terms", self.proc["default_max_terms"])
        target = ctx.options.get("terms")
        self.target_terms: int | None = int(target) if target is not None else None

    # -- helpers ----------------------------------------------------------------------------------

    def dm(self, code: str) -> int:
        return self.sheet.characteristics[code] // self.divisor + self.offset

    def label(self, code: str) -> str:
        if code == "Soc":
            return str(self.life.species.get("social_name", "Soc"))
        return code

    def alter(self, code: str, change: int, why: str) -> None:
        """Change a characteristic within its limits (the maximum applies to gains)."""
        chars = self.sheet.characteristics
        before = chars[code]
        after = before + change
        maximum = self.life.specs[code].maximum
        if change > 0 and maximum is not None:
            after = min(after, max(before, maximum))
        after = max(after, 0)
        if after != before:
            chars[code] = after
            self.ctx.change(f"characteristic {self.label(code)}", before, after, why)
        elif change > 0:
            self.ctx.note(f"{self.label(code)} is already at its maximum of {maximum}; {why} adds nothing")

    def throw(
        self,
        spec: Mapping[str, Any] | None,
        purpose: str,
        dms: list[tuple[str, int]] | None = None,
        *,
        kind: str,
        career: str,
        auto_fail: int | None = None,
    ) -> bool:
        """A characteristic throw against its target (``kind`` and ``career`` as the throw hook is told them)."""
        assert spec is not None
        code = spec["characteristic"]
        first = (self.dm_labels[code], self.sheet.characteristics[code] // self.divisor + self.offset)
        all_dms = (first, *dms) if dms else (first,)
        # every argument by name, none through **: a call with ** costs several times more (some 12 a character)
        throw = self.ctx.roll(
            TWO_D6, purpose, dms=all_dms, target=spec["target"], auto_fail=auto_fail, kind=kind, career=career
        )
        return bool(throw.success)

    def terms(self) -> int:
        return self.sheet.total_terms

    # -- the procedure ----------------------------------------------------------------------------

    def run(self) -> None:
        self.origin()
        self.characteristics()
        self.background()
        try:
            self.careers()
        except Died:
            pass  # the character's life ends here; only the finishing touches remain
        else:
            self.settle_debts()
        self.finish()

    def origin(self) -> None:
        ctx = self.ctx
        registry = ctx.registry
        species = registry.species(ctx.ruleset.id)
        wanted = ctx.options.get("species")
        if wanted:
            chosen = registry.find("species", ctx.ruleset.id, str(wanted))
            if not chosen.data.get("selectable", True):
                raise LifepathError(
                    f"{chosen.name} is described but not a playable origin in Nowhere Yet",
                    hint="choose one of: "
                    + ", ".join(c.name for c in species.values() if c.data.get("selectable", True)),
                )
            pool = [chosen]
        else:
            pool = [c for c in species.values() if c.data.get("selectable", True)]
        sid = ctx.choose(DECISIONS.get("species", "Choose your origin", origin_options(pool)))
        data: Mapping[str, Any] = species[sid].data
        self.sheet.species = sid
        sexes = data.get("sexes")
        if sexes:
            prompt = "Choose the portrait's sex"
            asked: Decision = once("sex", sexes, lambda: static_choice("sex", prompt, tuple(sexes)))
            self.sheet.sex = ctx.choose(asked)
        self.sheet.age = int(data["age_of_maturity"])
        ctx.change("age", 0, self.sheet.age, f"age of maturity for {data['name']}")
        # Nowhere Yet's own traits and those plugins register (lifepath_register_traits), by id
        traits = ctx.registry.vocabulary(ctx.ruleset.id).traits
        self.trait_rows = [traits.get(tid, {"id": tid, "name": tid, "summary": ""}) for tid in data.get("traits", [])]
        self.sheet.traits = [t["name"] for t in self.trait_rows]
        if self.trait_rows:
            # traits that matter only in play are recorded, not simulated: one line each on the sheet
            self.sheet.extra["trait_notes"] = {t["name"]: t["summary"] for t in self.trait_rows}
        if data.get("social_name", "Soc") != "Soc":
            self.sheet.extra["social_name"] = data["social_name"]
        base = [
            CharacteristicSpec(c["code"], c["name"], c["dice"], c["maximum"], self.t["characteristics"]["minimum"])
            for c in self.t["characteristics"]["characteristics"]
        ]
        ctx.state["species"] = data
        self.life = Life(data, {})
        self.life.specs = ctx.characteristic_specs(base)
        self.dm_labels = {c: f"{self.label(c)} DM" for c in (*PHYSICAL, *MENTAL, *self.life.specs)}

    def characteristics(self) -> None:
        ctx = self.ctx
        specs = self.life.specs
        chars = self.sheet.characteristics
        if ctx.rules.get("characteristics") == "assign":
            results: list[int] = []
            for spec in specs.values():
                purpose = f"characteristic roll {len(results) + 1} of {len(specs)}"
                results.append(ctx.roll(spec.dice, purpose, kind="characteristic").total)
            pool = list(results)
            for spec in specs.values():
                ranked = sorted(set(pool), reverse=True)
                opts = tuple(Option(str(v), str(v), float(v)) for v in ranked)
                value = int(ctx.choose(Decision("assign-characteristic", f"Which result goes to {spec.name}?", opts)))
                pool.remove(value)
                chars[spec.code] = self._bound(spec, value)
                ctx.change(f"characteristic {self.label(spec.code)}", None, chars[spec.code], "assigned from the rolls")
        else:
            for spec in specs.values():
                value = ctx.roll(spec.dice, f"characteristic: {spec.name}", kind="characteristic").total
                chars[spec.code] = self._bound(spec, value)
                ctx.change(f"characteristic {self.label(spec.code)}", None, chars[spec.code], f"rolled {spec.dice}")
        ctx.apply_traits(self.trait_rows, "characteristics")

    def _bound(self, spec: CharacteristicSpec, value: int) -> int:
        if spec.maximum is not None and value > spec.maximum:
            self.ctx.note(f"{spec.name} {value} is over the racial maximum; held at {spec.maximum}")
            value = spec.maximum
        if value < spec.minimum:
            self.ctx.note(f"{spec.name} {value} is under the minimum; raised to {spec.minimum}")
            value = spec.minimum
        return value

    def background(self) -> None:
        ctx = self.ctx
        opts = ctx.options
        table = self.t["homeworld"]
        if opts.get("uwp") or opts.get("trade_codes") or opts.get("law_level") is not None:
            codes = str(opts.get("trade_codes") or "")
            home = build_homeworld(
                str(opts.get("homeworld") or "Homeworld"),
                opts.get("uwp"),
                [c for c in codes.replace(" ", ",").split(",") if c],
                opts.get("law_level"),
                table,
            )
        elif campaign_worlds.wanted(opts):
            # a campaign's own worlds, the list kept in the campaign: only the one chosen is recorded
            world = campaign_worlds.choose(ctx)
            home = sample_world(world.name, world.uwp)
        else:
            # a campaign's own worlds as earlier versions recorded them (the whole list in the
            # option "worlds"; still replayed), or the sample list
            own = opts.get("worlds")
            worlds = own or self.t["homeworlds"]["worlds"]
            if opts.get("homeworld"):
                named = [w for w in worlds if w["name"].lower() == str(opts["homeworld"]).lower()]
                if not named:
                    which = "the campaign's worlds" if own else "the sample homeworlds"
                    raise LifepathError(
                        f"'{opts['homeworld']}' is not one of {which}",
                        hint="give its profile with --uwp, or choose one of: " + ", ".join(w["name"] for w in worlds),
                    )
                worlds = named
            listed = worlds
            asked = (
                once("homeworld", listed, lambda: homeworld_choice(listed))  # the sample list: one decision per process
                if listed is self.t["homeworlds"]["worlds"]
                else homeworld_choice(listed)
            )
            choice = ctx.choose(asked)
            world = next(w for w in worlds if w["name"] == choice)
            home = sample_world(world["name"], world["uwp"])
        self.sheet.extra["homeworld"] = home.to_dict()
        ctx.note(f"homeworld {home.name}: {home.law_descriptor}, trade codes {' '.join(home.trade_codes) or 'none'}")
        count = max(self.proc["background_skills_minimum"], self.proc["background_skills_base"] + self.dm("Edu"))
        education = keyed(education_options())
        homeworld = keyed(homeworld_options(home.skills))
        ctx.apply_traits(self.trait_rows, "background")
        picks = self.proc["homeworld_skill_picks"]
        taken = self.sheet.skills
        for pick in range(count):
            if pick < picks:
                pool = [o for o, k in homeworld if k not in taken]
                offered = {o.id for o in pool}
                pool += [o for o, k in education if o.id not in offered and k not in taken]
            else:
                pool = [o for o, k in education if k not in taken]
            if not pool:
                ctx.note("no background skill is left to choose")
                break
            asked = DECISIONS.get("background-skill", f"Background skill {pick + 1} of {count}", tuple(pool))
            skill = ctx.choose(asked)
            self.book.grant(ctx, skill, level=0, why="background skill")

    # -- careers ----------------------------------------------------------------------------------

    def careers(self) -> None:
        ctx = self.ctx
        first = True
        while True:
            if self.max_terms is not None and self.terms() >= self.max_terms:
                ctx.note(f"the term cap of {self.max_terms} is reached: the character retires")
                break
            if not first:
                wants = self.target_terms is None or self.terms() < self.target_terms
                again = ctx.choose(
                    yes_no(
                        "another-career",
                        "Try another career?",
                        0.55 if wants and self.target_terms is None else (0.97 if wants else 0.0),
                        default="no",
                    )
                )
                if again == "no":
                    break
            first = False
            term = self.enter_career()
            if term is None:
                break
            self.serve(term)

    def career_options(self) -> list[Contribution]:
        careers = self.ctx.registry.careers(self.ctx.ruleset.id)
        return [
            c
            for c in careers.values()
            if c.id == "drifter" or (c.id not in self.life.left_clean and c.id not in self.life.ejected)
        ]

    def career_menu(self) -> tuple[Option, ...]:
        """The career menu's options for this character now: every career not closed to them, weighted by
        the DM of its qualification (the Drifter always open, at 0.3). Made once per set of closed careers
        and positive DMs (a DM of 0 or less weighs 1 like any other)."""
        compiled = menu(self.ctx.registry.careers(self.ctx.ruleset.id))
        life = self.life
        closed = life.left_clean | life.ejected
        chars, divisor, offset = self.sheet.characteristics, self.divisor, self.offset
        token = (frozenset(closed), *[max(chars[c] // divisor + offset, 0) for c in compiled.codes])
        opts = compiled.made.get(token)
        if opts is None:
            if len(compiled.made) >= 4096:
                compiled.made.clear()
            made: list[Option] = []
            for c, rec in zip(compiled.careers, compiled.records, strict=True):
                if c.id == "drifter":
                    made.append(rec.option(0.3))
                elif c.id not in closed:
                    dm = chars[rec.qualification_code or ""] // divisor + offset
                    made.append(rec.option(1.0 + dm if dm > 0 else 1.0))
            opts = compiled.made[token] = tuple(made)
        return opts

    def enter_career(self) -> Term | None:
        ctx = self.ctx
        registry = ctx.registry
        wanted = ctx.options.get("career")
        weights = ctx.options.get("career_weights")
        usual = not (wanted or weights) or self.life.entered
        if usual and not self.life.crisis_survivor and not (self.target_terms == 0 and not self.life.entered):
            return self.enter(ctx.choose(DECISIONS.get("career", "Choose a career", self.career_menu())))
        available = self.career_options()
        if wanted and not self.life.entered:
            chosen = registry.find("career", ctx.ruleset.id, str(wanted))
            available = [chosen]
        elif self.life.crisis_survivor:
            ctx.note("a crisis survivor fails every qualification: only the Drifter career is open")
            available = [c for c in available if c.id == "drifter"]
        weights = ctx.options.get("career_weights")
        if weights and not self.life.entered:
            by_name = {c.id: c for c in available}
            find = registry.find
            chosen_weights = {find("career", ctx.ruleset.id, str(k)).id: float(v) for k, v in dict(weights).items()}
            available = [by_name[cid] for cid in chosen_weights if cid in by_name] or available
            opts = [career(c).option(chosen_weights.get(c.id, 0.0)) for c in available]
        else:
            chars, divisor, offset = self.sheet.characteristics, self.divisor, self.offset
            opts = []
            for c in available:
                rec = career(c)
                if c.id == "drifter":
                    weight = 0.3
                else:
                    dm = chars[rec.qualification_code or ""] // divisor + offset
                    weight = 1.0 + dm if dm > 0 else 1.0
                opts.append(rec.option(weight))
        if self.target_terms == 0 and not self.life.entered:
            opts = [Option("none", "no career: finish now", 1.0)] + [Option(o.id, o.label, 0.0) for o in opts]
            asked = Decision("career", "Choose a career", tuple(opts))
        else:
            asked = DECISIONS.get("career", "Choose a career", tuple(opts))
        cid = ctx.choose(asked)
        if cid == "none":
            return None
        return self.enter(cid)

    def enter(self, cid: str) -> Term:
        """Enter the career chosen (after its qualification throw), or the draft or the Drifter."""
        ctx = self.ctx
        registry = ctx.registry
        careers = registry.careers(ctx.ruleset.id)
        compiled = career(careers[cid])
        career_data = compiled.data
        drafted = False
        if cid != "drifter":
            if self.life.crisis_survivor:
                ctx.note(f"a crisis survivor fails every qualification: {career_data['name']} is closed")
                qualified = False
            else:
                penalty = self.proc["qualification_dm_per_previous_career"] * len(self.life.entered)
                qualified = self.throw(
                    career_data["qualification"],
                    compiled.qualification_purpose,
                    [("previous careers", penalty)],
                    kind="qualification",
                    career=cid,
                )
            if not qualified:
                draftable = not self.life.drafted_once and not self.life.crisis_survivor
                prompt = f"Not accepted into {career_data['name']}: what now?"
                way = ctx.choose(
                    DECISIONS.get("failed-qualification", prompt, (DRAFT, DRIFTER) if draftable else (DRIFTER,))
                )
                if way == "draft":
                    cid = self.draft()
                    drafted = True
                else:
                    cid = "drifter"
                compiled = career(careers[cid])
                career_data = compiled.data
        if cid not in self.life.entered:
            self.life.entered.append(cid)
        record = CareerRecord(cid, career_data["name"], 0, 0, career_data["ranks"][0]["title"])
        self.sheet.careers.append(record)
        if drafted:
            record.extra["drafted"] = True
        ctx.note(f"entered {career_data['name']}" + (" (drafted)" if drafted else ""))
        return Term(record, career_data, drafted, compiled)

    def draft(self) -> str:
        ctx = self.ctx
        self.life.drafted_once = True
        rows = {r["roll"]: r["career"] for r in self.t["draft"]["rows"]}
        low, high = min(rows), max(rows)  # a plugin's DM past either end reads the end row
        for _ in range(20):
            cid = rows[min(max(ctx.roll(self.t["draft"]["dice"], "the draft", kind="draft").total, low), high)]
            if cid not in self.life.left_clean:
                return str(cid)
            ctx.note(f"the draft cannot return the character to {cid}, which they left cleanly; throw again")
        return "drifter"

    def serve(self, term: Term) -> None:
        first_term_here = True
        while True:
            leaving = self.serve_term(term, first_term_here)
            first_term_here = False
            if leaving:
                break
        self.muster_out(term)

    def serve_term(self, term: Term, first_term_here: bool) -> bool:
        """One term; returns True when the character leaves the career after it."""
        ctx = self.ctx
        career = term.career
        record = term.record
        n = self.terms() + 1
        ctx.note(f"term {n}: {career['name']}, term {record.terms + 1} in this career")
        if first_term_here and record.terms == 0:
            self.basic_training(term)
        self.anagathics_choice()
        survived = self.throw(
            career["survival"],
            term.compiled.survival_purpose,
            auto_fail=self.proc["survival_natural_fail"],
            kind="survival",
            career=career["id"],
        )
        if survived and self.life.on_anagathics:
            survived = self.throw(
                career["survival"],
                term.compiled.second_survival_purpose,
                auto_fail=self.proc["survival_natural_fail"],
                kind="survival",
                career=career["id"],
            )
        if self.life.on_anagathics:
            self.life.anagathic_terms += 1
        if not survived:
            outcome = ctx.crisis(
                Crisis("survival", f"failed survival in {career['name']}", details={"career": career["id"]})
            )
            record.terms += 1
            if outcome.kind == "death":
                self.die(outcome.note)
            self.mishap(term)
            # seed 000: from 34 the ageing throw comes "at the end of every term", a term cut short included
            self.ageing_check()
            return True
        record.terms += 1
        extra_rolls = 0
        if career["commission"] and record.rank == 0:
            if term.drafted and record.terms == 1:
                ctx.note("a draftee may not try for a commission in the first term")
            elif self.attempt(term, "commission", 0.85):
                extra_rolls += 1
        if career["advancement"] and 1 <= record.rank < 6 and self.attempt(term, "advancement", 0.9):
            extra_rolls += 1
        rolls = 1 + extra_rolls + (1 if not career["commission"] and not career["advancement"] else 0)
        for i in range(rolls):
            self.skill_roll(career, i + 1, rolls)
        self.age_by(self.proc["term_years"], "a term served")
        self.ageing_check()
        return self.reenlistment(term)

    def attempt(self, term: Term, step: str, weight: float) -> bool:
        """Ask whether to try for a commission or advancement, throw it, and promote on success."""
        compiled = term.compiled
        if self.ctx.choose(yes_no(step, compiled.attempt_prompts[step], weight)) != "yes":
            return False
        if not self.throw(term.career[step], compiled.attempt_purposes[step], kind=step, career=term.career["id"]):
            return False
        self.promote(term, step)
        return True

    def basic_training(self, term: Term) -> None:
        ctx = self.ctx
        career = term.career
        service = term.compiled.service_skills
        if len(self.sheet.careers) == 1:
            why = f"basic training: {career['name']}"
            for s in service:
                self.book.grant(ctx, s, level=0, why=why)
        else:
            key, taken, known = self.book.key, self.sheet.skills, term.compiled.service_options
            fresh = [s for s in service if key(s) not in taken]
            opts = tuple([known[s] for s in (fresh or service)])
            s = ctx.choose(
                DECISIONS.get("basic-training", f"Basic training in {career['name']}: one service skill at 0", opts)
            )
            self.book.grant(ctx, s, level=0, why=f"basic training: {career['name']}")
        rank0 = career["ranks"][0]["skill"]
        if rank0:
            self.book.grant(ctx, rank0["name"], level=rank0["level"], why=f"rank 0 in {career['name']}")

    def promote(self, term: Term, how: str) -> None:
        record = term.record
        career = term.career
        before = record.rank
        record.rank += 1
        row = career["ranks"][record.rank]
        record.title = row["title"] or record.title
        self.ctx.change(
            f"rank in {career['name']}", before, record.rank, how + (f": {row['title']}" if row["title"] else "")
        )
        if row["skill"]:
            self.book.grant(
                self.ctx,
                row["skill"]["name"],
                level=row["skill"]["level"],
                why=f"rank {record.rank} in {career['name']}",
            )

    def skill_roll(self, career: Mapping[str, Any], i: int, n: int) -> None:
        ctx = self.ctx
        advanced = self.sheet.characteristics["Edu"] >= self.proc["advanced_education_min_edu"]
        which = ctx.choose(skill_table_choice(career["name"], i, n, advanced))
        roll = ctx.roll(
            self.proc["skill_dice"], f"{TABLE_LABELS[which]}: {career['name']}", kind="skill", career=career["id"]
        ).total
        rows = career["skill_tables"][which]
        if not 0 < roll <= len(rows):  # a plugin's DM past either end reads the end row
            roll = 1 if roll < 1 else len(rows)
        entry = rows[roll - 1]
        why = f"{TABLE_LABELS[which]} {roll}"
        if "skill" in entry:
            self.book.grant(ctx, entry["skill"], why=why)
        else:
            self.alter(entry["characteristic"], entry["change"], why)

    # -- injury, medical care, crisis ---------------------------------------------------------------

    def mishap(self, term: Term) -> None:
        ctx = self.ctx
        shared = self.t["mishaps"]
        table = term.career.get("mishaps") or shared  # a career's own table, when its data gives one
        roll = ctx.roll(table["dice"], f"mishap: {term.career['name']}", kind="mishap", career=term.career["id"]).total
        row = _row(table["rows"], roll)
        ctx.note(f"mishap: {row['summary']}", mishap=row["id"])
        term.lost_terms += 1
        if row["lose_all_benefits"]:
            term.all_lost = True
        term.record.ended = f"mishap: {row['id']}"
        self.life.ejected.add(term.career["id"])
        self.age_by(table.get("mishap_years", shared["mishap_years"]), "half a term before the mishap")
        if row["prison_years"]:
            self.age_by(row["prison_years"], "prison")
        if row["debt"]:
            self.debt(row["debt"]["kind"], row["debt"]["amount"], row["summary"])
        injury = row["injury"]
        if injury:
            if injury["mode"] == "roll":
                self.injury(term, None)
            else:
                how = ctx.choose(
                    Decision(
                        "mishap-injury",
                        "Take the fixed injury, or roll twice and keep the lower?",
                        (
                            Option("fixed", f"injury result {injury['fixed_result']}", 1.0),
                            Option("lower-of-two", "roll twice, keep the lower", 1.0),
                        ),
                    )
                )
                if how == "fixed":
                    self.injury(term, int(injury["fixed_result"]))
                else:
                    dice, cid = self.t["injuries"]["dice"], term.career["id"]
                    a = ctx.roll(dice, "injury (first of two)", kind="injury", career=cid).total
                    b = ctx.roll(dice, "injury (second of two)", kind="injury", career=cid).total
                    self.injury(term, min(a, b))

    def injury(self, term: Term, result: int | None) -> None:
        ctx = self.ctx
        table = self.t["injuries"]
        if result is None:
            result = ctx.roll(table["dice"], "injury", kind="injury", career=term.career["id"]).total
        row = _row(table["rows"], result)
        ctx.note(f"injury: {row['summary']}", injury=row["id"])
        before = dict(self.sheet.characteristics)
        primary = row["primary"]
        if primary:
            choices = tuple(
                Option(c, f"{self.label(c)} {self.sheet.characteristics[c]}", float(self.sheet.characteristics[c]))
                for c in primary["choose_from"]
            )
            code = ctx.choose(Decision("injury-characteristic", "Which characteristic does the injury take?", choices))
            amount = primary["amount"]
            loss = (
                amount
                if isinstance(amount, int)
                else ctx.roll(
                    amount, f"injury to {self.label(code)}", kind="injury-loss", career=term.career["id"]
                ).total
            )
            self.alter(code, -loss, f"injury: {row['id']}")
            secondary = row["secondary"]
            if secondary:
                others = [c for c in PHYSICAL if c != code]
                opts = [Option("each", f"reduce {' and '.join(others)} by {secondary['each']} each", 1.0)]
                opts += [Option(c, f"reduce {c} alone by {secondary['one']}", 0.5) for c in others]
                how = ctx.choose(Decision("injury-secondary", "The other physical characteristics:", tuple(opts)))
                if how == "each":
                    for c in others:
                        self.alter(c, -int(secondary["each"]), f"injury: {row['id']}")
                else:
                    self.alter(how, -int(secondary["one"]), f"injury: {row['id']}")
        lost = {c: before[c] - v for c, v in self.sheet.characteristics.items() if v < before[c]}
        if not lost:
            return
        if self.check_crisis("injury", f"injury ({row['id']})"):
            return
        self.medical_care(term, lost)

    def medical_care(self, term: Term, lost: dict[str, int]) -> None:
        ctx = self.ctx
        table = self.t["medical"]
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
        answer = ctx.choose(
            Decision(
                "medical-care",
                f"Restore {points} lost point(s) for Cr{cost:,}? "
                f"The employer covers {covered}%; you would owe Cr{owed:,}.",
                (
                    Option("restore", "restore", 0.95 if covered >= 75 else 0.5),
                    Option("keep", "keep the injury", 0.05 if covered >= 75 else 0.5),
                ),
            )
        )
        if answer == "restore":
            for c, n in lost.items():
                self.alter(c, n, "medical care")
            if owed:
                self.debt("medical", owed, f"medical care ({covered}% covered)")

    def check_crisis(self, kind: str, cause: str) -> bool:
        zero = [c for c, v in self.sheet.characteristics.items() if v <= 0]
        if not zero:
            return False
        outcome = self.ctx.crisis(Crisis(kind, cause, zero))
        if outcome.kind == "death":
            self.die(outcome.note)
        for c, v in list(self.sheet.characteristics.items()):
            if v < 1:
                self.sheet.characteristics[c] = 1
                self.ctx.change(f"characteristic {self.label(c)}", v, 1, "crisis treatment")
        if outcome.debt:
            self.debt("medical", outcome.debt, f"{kind} crisis treatment")
        self.life.crisis_survivor = True
        self.sheet.extra["crisis_survivor"] = True
        return True

    def die(self, note: str) -> NoReturn:
        """Record the death and end the careers (``run`` catches ``Died`` and goes to the finishing touches)."""
        self.life.dead = True
        self.sheet.status = "dead"
        self.ctx.note(f"the character dies: {note}")
        raise Died(note)

    def debt(self, kind: str, amount: int, note: str) -> None:
        self.sheet.debts.append(Debt(kind, amount, note))
        self.ctx.change(f"debt ({kind})", None, amount, note)

    # -- ageing and anagathics --------------------------------------------------------------------------

    def age_by(self, years: int, why: str) -> None:
        before = self.sheet.age
        self.sheet.age += years
        self.ctx.change("age", before, self.sheet.age, why)

    def anagathics_choice(self) -> None:
        ctx = self.ctx
        ageing_at = int(self.life.species["ageing_starts"])
        near = self.sheet.age + self.proc["term_years"] >= ageing_at
        weight = 0.2 if near else 0.0
        if self.life.on_anagathics:
            weight = 0.9
        answer = ctx.choose(yes_no("anagathics", "Take anagathic drugs this term?", weight, "", "no"))
        if answer == "yes":
            if not self.life.on_anagathics:
                ctx.note("starts taking anagathics")
            self.life.on_anagathics = True
            med = self.t["medical"]["anagathics"]
            notation = f"{med['dice']}x{med['multiplier']}"
            cost = ctx.roll(notation, "anagathics: cost this term", kind="anagathics-cost").total
            self.debt("anagathics", cost, "anagathic drugs for a term")
        elif self.life.on_anagathics:
            self.life.on_anagathics = False
            self.life.anagathic_terms = 0
            ctx.note("stops taking anagathics: an immediate ageing throw")
            self.ageing_throw("stopping anagathics")

    def ageing_check(self) -> None:
        if self.sheet.age >= int(self.life.species["ageing_starts"]):
            self.ageing_throw("end of term")

    def ageing_throw(self, why: str) -> None:
        ctx = self.ctx
        table = self.t["ageing"]
        dms = [("total terms", -self.terms())]
        if self.life.on_anagathics:
            dms.append(("anagathic terms", self.life.anagathic_terms))
        total = ctx.roll(table["dice"], f"ageing ({why})", dms=dms, kind="ageing").total
        row = next(
            r
            for r in table["rows"]
            if (r["min_result"] is None or total >= r["min_result"])
            and (r["max_result"] is None or total <= r["max_result"])
        )
        for group, codes in (("physical", PHYSICAL), ("mental", MENTAL)):
            remaining = list(codes)
            for amount in row[group]:
                opts = tuple(
                    Option(c, f"{self.label(c)} {self.sheet.characteristics[c]}", float(self.sheet.characteristics[c]))
                    for c in remaining
                )
                code = ctx.choose(
                    Decision("ageing-characteristic", f"Ageing: which {group} characteristic loses {amount}?", opts)
                )
                remaining.remove(code)
                self.alter(code, -int(amount), "ageing")
        if row["physical"] or row["mental"]:
            self.check_crisis("ageing", f"ageing ({why})")

    # -- leaving ----------------------------------------------------------------------------------------

    def reenlistment(self, term: Term) -> bool:
        ctx = self.ctx
        career = term.career
        record = term.record
        wants = self.target_terms is None or self.terms() < self.target_terms
        capped = self.max_terms is not None and self.terms() >= self.max_terms
        weight = 0.0 if (capped or not wants) else (0.97 if self.target_terms is not None else 0.7)
        question = yes_no("reenlist", term.compiled.reenlist_prompt, weight, "", "yes")
        stay = ctx.choose(question) == "yes"
        throw = ctx.roll(
            TWO_D6,
            term.compiled.reenlistment_purpose,
            target=career["reenlistment"],
            kind="reenlistment",
            career=career["id"],
        )
        if throw.natural == self.proc["reenlistment_natural_hold"]:
            ctx.note(
                "a natural 12 on reenlistment: held for another term" + (" past the term cap" if capped else ""),
                held=True,
            )
            return False
        if capped:
            record.ended = "retired at the term cap"
            record.extra["retired"] = True
            self.life.left_clean.add(career["id"])
            return True
        if not stay:
            record.ended = "left"
            self.life.left_clean.add(career["id"])
            return True
        if not throw.success:
            record.ended = "failed reenlistment"
            self.life.left_clean.add(career["id"])
            return True
        return False

    def muster_out(self, term: Term) -> None:
        ctx = self.ctx
        record = term.record
        career = term.career
        p = self.proc
        bonus = 0
        for row in p["benefit_rolls_by_rank"]:
            if record.rank >= row["rank"]:
                bonus = int(row["extra"])
        retired = record.terms >= self.t["retirement"]["min_terms"] or bool(record.extra.get("retired"))
        if term.all_lost:
            ctx.note(f"all benefits of {career['name']} are lost")
            rolls = 0
        else:
            rolls = record.terms - term.lost_terms + bonus
        ctx.note(f"mustering out of {career['name']}: {rolls} benefit roll(s)")
        for i in range(rolls):
            opts = (CASH, MATERIAL) if self.life.cash_rolls < p["max_cash_rolls"] else (MATERIAL,)
            which = ctx.choose(
                DECISIONS.get(
                    "benefit-table", f"Benefit roll {i + 1} of {rolls} from {career['name']}: which table?", opts
                )
            )
            dms: list[tuple[str, int]] = []
            if which == "cash":
                self.life.cash_rolls += 1
                if "Gambling" in self.sheet.skills:
                    dms.append(("Gambling", p["cash_dm"]["gambling"]))
                if retired:
                    dms.append(("retired", p["cash_dm"]["retired"]))
                roll = ctx.roll(
                    p["benefit_dice"],
                    f"cash benefit: {career['name']}",
                    dms=dms,
                    kind="benefit-cash",
                    career=career["id"],
                ).total
                if roll < 1:  # a plugin's DM below the table reads its first row (7 and over, its last)
                    roll = 1
                amount = career["cash_benefits"][min(roll, 7) - 1] or 0
                before = self.sheet.credits
                self.sheet.credits += amount
                ctx.change("credits", before, self.sheet.credits, f"cash benefit {min(roll, 7)}")
            else:
                if record.rank >= p["material_dm"]["min_rank"]:
                    dms.append((f"rank {record.rank}", p["material_dm"]["dm"]))
                roll = ctx.roll(
                    p["benefit_dice"],
                    f"material benefit: {career['name']}",
                    dms=dms,
                    kind="benefit-material",
                    career=career["id"],
                ).total
                if roll < 1:
                    roll = 1
                self.material(career["material_benefits"][min(roll, 7) - 1], career)
        if record.terms >= self.t["retirement"]["min_terms"]:
            pay = self.pension(record.terms)
            if pay > int(self.sheet.extra.get("pension", 0)):
                self.sheet.extra["pension"] = pay
                ctx.change("pension", None, pay, f"{record.terms} terms in {career['name']}")

    def pension(self, terms: int) -> int:
        table = self.t["retirement"]
        best = 0
        for row in table["pay"]:
            if terms >= row["terms"]:
                best = row["credits"]
        beyond = table["per_term_beyond"]
        if terms > beyond["after_terms"]:
            best += (terms - beyond["after_terms"]) * beyond["credits"]
        return int(best)

    def material(self, benefit: Mapping[str, Any] | None, career: Mapping[str, Any]) -> None:
        ctx = self.ctx
        if benefit is None:
            ctx.note("no benefit on that roll")
            return
        kind = benefit["type"]
        if kind == "passage":
            self.gain_item(f"{benefit['class'].capitalize()} Passage")
        elif kind == "characteristic":
            self.alter(benefit["characteristic"], benefit["change"], "material benefit")
        elif kind == "ship_shares":
            n = ctx.roll(benefit["dice"], "ship shares", kind="ship-shares", career=career["id"]).total
            shares = int(self.sheet.extra.get("ship_shares", 0))
            self.sheet.extra["ship_shares"] = shares + n
            ctx.change("ship shares", shares, shares + n, "material benefit")
        elif kind == "explorers_society":
            if "Explorers' Society" in self.sheet.equipment:
                ctx.note("Explorers' Society membership again: it counts only once")
            else:
                self.gain_item("Explorers' Society")
        elif kind == "weapon":
            self.weapon_benefit()
        elif kind == "courier_vessel":
            self.gain_item("Courier Vessel")
        elif kind == "research_vessel":
            self.gain_item("Research Vessel")

    def weapon_benefit(self) -> None:
        ctx = self.ctx
        if self.life.weapons:
            first = self.life.weapons[0]
            skill = "Gun Combat" if first == "gun" else "Melee Combat"
            take = ctx.choose(
                Decision(
                    "weapon-repeat",
                    "Another weapon benefit: a level of skill with it, or another weapon?",
                    (Option("skill", f"{skill} +1", 3.0), Option("weapon", "another weapon", 1.0)),
                )
            )
            if take == "skill":
                self.book.grant(ctx, skill, why="repeated weapon benefit")
                return
        kind = ctx.choose(WEAPON)
        self.life.weapons.append(kind)
        self.gain_item(f"Weapon ({kind})")

    def gain_item(self, item: str) -> None:
        self.sheet.equipment.append(item)
        self.ctx.change("equipment", None, item, "material benefit")

    # -- the end --------------------------------------------------------------------------------------

    def settle_debts(self) -> None:
        """Medical and anagathic bills are paid from cash first; what cannot be paid stays as debt."""
        ctx = self.ctx
        kept: list[Debt] = []
        for d in self.sheet.debts:
            if d.kind in ("medical", "anagathics") and self.sheet.credits > 0:
                paid = min(d.amount, self.sheet.credits)
                before = self.sheet.credits
                self.sheet.credits -= paid
                ctx.change("credits", before, self.sheet.credits, f"paid Cr{paid:,} of {d.kind} debt")
                d = Debt(d.kind, d.amount - paid, d.note)
            if d.amount > 0:
                kept.append(d)
        self.sheet.debts = kept

    def finish(self) -> None:
        ctx = self.ctx
        species = self.life.species
        names = self.t["names"]
        sex = self.sheet.sex
        own = names["species"].get(self.sheet.species)
        if not own:  # a plugin's species may bring its own list ("names" in its table)
            added = ctx.registry.species(ctx.ruleset.id).get(self.sheet.species)
            own = added.data.get("names") if added is not None else None
        if own:
            given, family = own["given"], own["family"]
            given_names = once(
                "given", given, lambda: static_choice("given-name", "Choose a given name", tuple(given), True)
            )
        else:
            given = names["given"].get(sex) or names["given"]["neutral"]
            neutral = names["given"]["neutral"]
            family = names["family"]
            given_names = once(
                "given",
                given,
                lambda: static_choice("given-name", "Choose a given name", (*given, *neutral), True),
            )
        family_names = once(
            "family", family, lambda: static_choice("family-name", "Choose a family name", tuple(family), True)
        )
        first = ctx.choose(given_names)
        last = ctx.choose(family_names)
        self.sheet.name = f"{first} {last}"
        fin = self.t["finishing"]
        goals = fin["goals"]
        self.sheet.extra["goal"] = ctx.choose(
            once("goal", goals, lambda: static_choice("goal", "Choose a personal goal", tuple(goals), True))
        )
        parts = []
        look = dict(fin["appearance"])
        alien = fin.get("alien_appearance", {}).get(self.sheet.species)
        if alien:
            look["feature"] = alien["feature"]
        for part in ("build", "hair", "eyes", "feature", "dress"):
            if part in ("hair", "eyes") and alien:
                continue
            looks = look[part]
            asked = once(
                part,
                looks,
                lambda: static_choice(f"appearance-{part}", f"Appearance: {part}", tuple(looks), True),  # noqa: B023
            )
            parts.append(ctx.choose(asked))
        self.sheet.extra["appearance"] = "; ".join(parts)
        soc = self.sheet.characteristics["Soc"]
        if species.get("social_name", "Soc") == "Soc" and soc >= self.proc["noble_title_min_soc"]:
            row = next((r for r in self.t["titles"]["titles"] if r["soc"] == min(soc, 18)), None)
            if row:
                if sex in ("male", "female"):
                    form = sex
                else:
                    form = ctx.choose(
                        Decision(
                            "title-form",
                            "Which form of the noble title?",
                            (Option("male", row["male"]), Option("female", row["female"])),
                        )
                    )
                self.sheet.extra["noble_title"] = row[form]
        if self.life.dead:
            return
        ctx.apply_traits(self.trait_rows, "finish")
