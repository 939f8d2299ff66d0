"""Creation from the creation pool: concept and name, class, every attribute to its minimum,
Disadvantages, then purchases one at a time until the person stops or nothing legal is left.

Only legal purchases can be taken, each labelled with its price (the spending menus list every kind,
attribute, skill and specialisation in a fixed order, the ones that cannot be taken now disabled with
the reason, so each keeps its number), and every decision shows the points left; so an interactive
build cannot break a rule, and the NPC policy (``--auto``) spends the pool at random among legal
purchases and always stops (every purchase spends points or a paid-for specialisation rank, and both
run out).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any, NoReturn

from lifepath import Context, Decision, LifepathError, Option, UnknownName

from . import species
from .build import Build, Ledger, ability_cost, ledger, next_rank_cost
from .codes import to_code
from .derived import derive, has_extranormal, passive_values
from .names import find, normalise
from .reach import can_spend, most
from .tables import Book

DONE = "done"
BACK = "back"
SPLIT = "split"


def pts(n: int) -> str:
    """``1 point``, ``2 points``."""
    return f"{n} point" if n == 1 else f"{n} points"


def _refused() -> NoReturn:
    raise AssertionError("a disabled purchase was bought")  # a guard: disabled options are never legal answers


def _enabled(offers: list[Purchase]) -> bool:
    return any(p.option.disabled is None for p in offers)


def _disabled(option: Option, reason: str) -> Purchase:
    return Purchase(Option(option.id, option.label, 0.0, option.detail, disabled=reason), _refused)


@dataclass(frozen=True, slots=True)
class Purchase:
    """One legal purchase on offer: its option and what buying it does."""

    option: Option
    buy: Callable[[], None]
    #: what buying it does to a build, for asking whether the pool could still be spent exactly afterwards
    change: Callable[[Build], None] | None = None


class Procedure:
    """One run of creation over a context."""

    def __init__(self, ctx: Context, book: Book) -> None:
        self.ctx = ctx
        self.book = book
        self.rules = ctx.rules
        self.weights: dict[str, Any] = book.policy
        self.build = Build(cls="", attributes={a: 0 for a in book.attributes})
        #: pips of a die bought to be split that are not yet placed (already paid for)
        self.unplaced = 0
        #: the house rule unspent_points=violation: every choice must leave a pool that can be spent exactly
        self.exact = self.rules.get("unspent_points") == "violation"
        self.ctx.sheet.characteristics = dict(self.build.attributes)
        self.set_species(species.default(book))

    def set_species(self, data: Mapping[str, Any]) -> None:
        """The character's species, its totals under the house rules, and the Traits it brings (not for sale)."""
        self.species = data
        self.allowance = species.totals(self.book, self.rules, data)
        self.species_traits = species.trait_names(data)

    # -- points and status --------------------------------------------------------------------------

    def ledger(self) -> Ledger:
        return ledger(self.book, self.build, self.rules, self.unplaced, self.allowance)

    def left(self) -> int:
        return self.ledger().left

    def status(self) -> str:
        """The line every decision shows: points left, the pool, and the attributes so far."""
        led = self.ledger()
        per = self.book.per_die
        attrs = "  ".join(f"{a} {to_code(self.build.attributes[a], per)}" for a in self.book.attributes)
        bonus = f" + {led.disadvantage_points} from Disadvantages" if led.disadvantage_points else ""
        return (
            f"Points left: {led.left} of {led.pool} ({led.creation_points} creation points{bonus}; "
            f"{led.spent} spent). {attrs}"
        )

    def code(self, pips: int) -> str:
        return to_code(pips, self.book.per_die)

    def fits(self, change: Callable[[Build], None]) -> bool:
        """Whether the pool could still be spent exactly after ``change`` (always, unless unspent points
        are a violation): a purchase that would strand points is not offered."""
        if not self.exact:
            return True
        after = self.build.copy()
        change(after)
        left = ledger(self.book, after, self.rules, 0, self.allowance).left
        return can_spend(self.book, after, self.rules, left, self.species_traits)

    # -- the procedure ------------------------------------------------------------------------------

    def run(self) -> None:
        self.identity()
        self.choose_species()
        self.choose_class()
        self.minimum_attributes()
        self.disadvantages()
        self.spend()
        self.name_extranormal()
        self.finish()

    def identity(self) -> None:
        names = self.book["names"]
        for key, what, examples in (("concept", "concept", names["concepts"]), ("name", "name", names["names"])):
            given = self.ctx.options.get(key)
            if given:
                value = str(given).strip()
                self.ctx.note(f"{what} given as a creation option: {value}")
            else:
                prompt = (
                    "Choose a concept (a couple of words: who is this character?)"
                    if key == "concept"
                    else "Name your character"
                )
                value = self.ctx.choose(
                    Decision(key, prompt, tuple(Option(x, x) for x in examples), free_text=True, context=self.status())
                )
            if key == "concept":
                self.build.concept = value
            else:
                self.build.name = value
                self.ctx.sheet.name = value

    def choose_species(self) -> None:
        """Every registered species (the ruleset's own and plugins'), or the one ``--species`` names."""
        ctx = self.ctx
        registered = [c.data for c in ctx.registry.species(ctx.ruleset.id).values()]
        wanted = ctx.options.get("species")
        candidates = registered
        if wanted:
            found = species.match(registered, str(wanted))
            if found is None:
                raise UnknownName(
                    f"the D6 creation pool has no species called '{wanted}'",
                    hint="known species: " + ", ".join(str(s["name"]) for s in registered),
                )
            candidates = [found]
        pool = [s for s in candidates if self.affordable(s)]
        if self.exact:
            pool = [s for s in pool if self.fitting_classes(s, list(self.book.classes))]
        if not pool:
            self.refuse_pool(candidates, list(self.book.classes))
        opts = tuple(
            Option(str(s["id"]), self.species_label(s), float(s["weight"]), detail=str(s["summary"])) for s in pool
        )
        sid = ctx.choose(Decision("species", "Choose your species", opts, context=self.status()))
        chosen = next(s for s in pool if s["id"] == sid)
        self.set_species(chosen)
        self.build.species = str(chosen["name"])
        ctx.change(
            "species",
            None,
            self.build.species,
            f"{self.allowance.creation_points} creation points, up to {self.allowance.disadvantage_limit} "
            "more from Disadvantages",
        )
        for trait in chosen["traits"]:
            ctx.change("traits", None, species.trait_label(chosen, trait), f"a {chosen['name']} starts with it")

    def species_label(self, data: Mapping[str, Any]) -> str:
        got = species.totals(self.book, self.rules, data)
        traits = ", ".join(species.trait_names(data))
        return (
            f"{data['name']} ({got.creation_points} creation points, up to {got.disadvantage_limit} from "
            f"Disadvantages{'; Traits: ' + traits if traits else ''})"
        )

    def affordable(self, data: Mapping[str, Any]) -> bool:
        """Whether the species' pool buys every attribute its minimum (else no build of it is legal)."""
        low = self.book.attribute_min_pips * len(self.book.attributes)
        need = -(-low // self.book.per_die) * self.book.costs["attribute_die"]
        return species.totals(self.book, self.rules, data).creation_points >= need

    def choose_class(self) -> None:
        book = self.book
        wanted = self.ctx.options.get("class") or self.ctx.options.get("career")
        pool = list(book.classes)
        if wanted:
            found = book.find_class(str(wanted))
            if found is None:
                raise UnknownName(
                    f"the D6 creation pool has no class called '{wanted}'", hint=f"known classes: {', '.join(pool)}"
                )
            pool = [found]
        if self.exact:
            fitting = self.fitting_classes(self.species, pool)
            if not fitting:
                self.refuse_pool([self.species], pool)
            pool = fitting
        limits = book["pool"]["attribute_limits"]
        opts = tuple(
            Option(
                c,
                f"{c} (primary attribute {book.classes[c]['primary']}, up to {limits['primary_maximum_dice']}D)",
                detail=book.classes[c]["summary"],
            )
            for c in pool
        )
        self.build.cls = self.ctx.choose(Decision("class", "Choose your base class", opts, context=self.status()))
        self.ctx.change("class", None, self.build.cls, "base class chosen")

    def _start(self, cls: str) -> Build:
        low = self.book.attribute_min_pips
        return Build(cls=cls, attributes={a: low for a in self.book.attributes})

    def fitting_classes(self, data: Mapping[str, Any], classes: list[str]) -> list[str]:
        """The classes whose builds, for a character of species ``data``, can spend the whole pool."""
        book, rules = self.book, self.rules
        got, traits = species.totals(book, rules, data), species.trait_names(data)
        return [
            c
            for c in classes
            if can_spend(book, self._start(c), rules, ledger(book, self._start(c), rules, 0, got).left, traits)
        ]

    def refuse_pool(self, candidates: list[Mapping[str, Any]], classes: list[str]) -> NoReturn:
        """No species and class on offer can spend its pool: a mistake in the house rules (or a species
        whose pool cannot buy the minimum attributes), named with the most that can be spent."""
        book, rules = self.book, self.rules
        pools = {str(s["name"]): species.totals(book, rules, s).creation_points for s in candidates}
        top = max(
            ledger(book, self._start(c), rules).spent + most(book, self._start(c), rules, species.trait_names(s))
            for c in classes
            for s in candidates
        )
        who = f"a {classes[0]} can spend at most" if len(classes) == 1 else "no class can spend more than"
        whose = ", ".join(f"{p} for a {n}" for n, p in pools.items())
        if not self.exact:
            raise LifepathError(
                f"under these house rules the creation pool ({whose}) cannot buy every attribute its minimum",
                hint="raise creation_points",
            )
        raise LifepathError(
            f"the house rule unspent_points=violation asks for the whole creation pool ({whose}) to be spent, "
            f"but {who} {top} points on legal purchases",
            hint="lower creation_points, or drop unspent_points=violation",
        )

    def minimum_attributes(self) -> None:
        """Every attribute must be at least the minimum (1D): those dice are bought first."""
        low = self.book.attribute_min_pips
        for a in self.book.attributes:
            self.set_attribute(a, low, f"every attribute is at least {self.code(low)}")
        self.ctx.note(f"the minimum attributes cost {self.ledger().attributes} points; {self.status()}")

    def disadvantages(self) -> None:
        book, limit = self.book, self.allowance.disadvantage_limit
        while True:
            taken = {n for n, _ in self.build.disadvantages}
            room = limit - sum(p for _, p in self.build.disadvantages)
            offers: dict[str, tuple[str, int]] = {}
            opts = [Option(DONE, "No (more) Disadvantages", float(self.weights["no_more_disadvantages"]))]
            for name, entry in book.disadvantages.items():
                if name in taken:
                    continue
                for points in entry["points"]:
                    if points <= room and self.fits(partial(_add_disadvantage, name, int(points))):
                        oid = f"{name} ({points})"
                        offers[oid] = (name, int(points))
                        opts.append(
                            Option(
                                oid,
                                f"{name}: +{pts(points)}",
                                float(self.weights["take_disadvantage"]),
                                detail=entry["summary"],
                            )
                        )
            if not offers:
                return
            answer = self.ctx.choose(
                Decision(
                    "disadvantage",
                    f"Take a Disadvantage for extra points? (up to {room} more; {pts(self.left())} left)",
                    tuple(opts),
                    context=self.status(),
                )
            )
            if answer == DONE:
                return
            name, points = offers[answer]
            self.build.disadvantages.append((name, points))
            self.ctx.change(
                "disadvantages",
                None,
                f"{name} ({points})",
                f"Disadvantage taken: +{pts(points)} to the pool; {pts(self.left())} left",
            )

    # -- spending -----------------------------------------------------------------------------------

    def spend(self) -> None:
        labels = {
            "attribute": "Buy an attribute die",
            "skill": "Buy a skill rank",
            "specialisation": "Buy a specialisation rank",
            "advantage": "Take an Advantage",
            "special_ability": "Buy a Special Ability rank",
        }
        while True:
            offers = {
                "attribute": self.attribute_offers(),
                "skill": self.skill_offers(),
                "specialisation": self.specialisation_offers(),
                "advantage": self.advantage_offers(),
                "special_ability": self.ability_offers(),
            }
            left = self.left()
            categories = self.weights["categories"]
            opts = []
            for k, v in offers.items():
                reason = "" if _enabled(v) else "nothing of this kind is affordable or below its cap"
                if not reason and self.exact and not _enabled(list(self.fitting(k, v))):
                    reason = "nothing of this kind leaves points that can all be spent (unspent_points=violation)"
                opts.append(Option(k, labels[k], float(categories[k]), disabled=reason or None))
            finish = f"Finish the build ({pts(left)} left unspent)" if left else "Finish the build"
            if any(o.disabled is None for o in opts) and self.rules.get("unspent_points") == "violation" and left > 0:
                opts.append(Option(DONE, finish, 0.0, disabled="every point must be spent (unspent_points=violation)"))
            else:
                opts.append(Option(DONE, finish, 0.0))
            choice = self.ctx.choose(
                Decision("spend", f"Spend creation points ({left} left)", tuple(opts), context=self.status())
            )
            if choice == DONE:
                return
            items = list(self.fitting(choice, offers[choice])) if self.exact else offers[choice]
            sub = [p.option for p in items] + [Option(BACK, "Back to the menu", 0.0)]
            answer = self.ctx.choose(
                Decision(choice, f"{labels[choice]} ({pts(left)} left)", tuple(sub), context=self.status())
            )
            if answer == BACK:
                continue
            next(p for p in items if p.option.id == answer).buy()

    def fitting(self, kind: str, offers: list[Purchase]) -> Iterator[Purchase]:
        """The offers of one kind after which the pool can still be spent exactly (unspent_points=violation),
        found lazily (a menu of kinds needs only one of each). Any attribute die, skill rank or
        specialisation rank leaves the same choices as any other of its kind (only the room left under
        the caps counts), so each of those kinds is asked once; each Advantage and Special Ability on its own.
        """
        book, per = self.book, self.book.per_die

        def die(b: Build) -> None:
            need = per
            for a in book.attributes:
                step = max(min(need, book.attribute_max_pips(b.cls, a) - b.attributes[a]), 0)
                b.attributes[a] += step
                need -= step

        def rank(ranks: Callable[[Build], dict[str, int]], keys: Mapping[str, str]) -> Callable[[Build], None]:
            def change(b: Build) -> None:
                for key, skill in keys.items():
                    if ranks(b).get(key, 0) < book.rank_cap(b.cls, skill):
                        ranks(b)[key] = ranks(b).get(key, 0) + 1
                        return

            return change

        kinds: dict[str, Callable[[Build], None]] = {
            "attribute": die,
            "skill": rank(lambda b: b.skills, {s: s for s in book.skills}),
            "specialisation": rank(lambda b: b.specialisations, book.specialisations),
        }
        if kind in kinds:
            if _enabled(offers) and self.fits(kinds[kind]):
                yield from offers
            return
        for p in offers:  # one that would leave the pool unspendable stays in its place, disabled
            if p.option.disabled is None and p.change is not None and not self.fits(p.change):
                yield _disabled(p.option, "it would leave points that cannot all be spent (unspent_points=violation)")
            else:
                yield p

    def set_attribute(self, name: str, pips: int, why: str) -> None:
        before = self.build.attributes[name]
        self.build.attributes[name] = pips
        self.ctx.sheet.characteristics[name] = pips
        self.ctx.change(f"attribute {name}", self.code(before), self.code(pips), f"{why}; {pts(self.left())} left")

    def room(self, name: str) -> int:
        return self.book.attribute_max_pips(self.build.cls, name) - self.build.attributes[name]

    def attribute_offers(self) -> list[Purchase]:
        book, per = self.book, self.book.per_die
        cost = book.costs["attribute_die"]
        if self.left() < cost or sum(self.room(a) for a in book.attributes) < per:
            return []
        primary = book.classes[self.build.cls]["primary"]
        offers = []
        for a in book.attributes:
            now = self.build.attributes[a]
            option = Option(
                a,
                f"{a} {self.code(now)} -> {self.code(now + per)} ({pts(cost)})",
                float(self.weights["primary_die" if a == primary else "other_die"]),
            )
            if self.room(a) >= per:
                offers.append(
                    Purchase(option, partial(self.set_attribute, a, now + per, f"one attribute die for {pts(cost)}"))
                )
            else:
                offers.append(
                    _disabled(
                        Option(a, f"{a} {self.code(now)}"),
                        f"no room for a whole die under the maximum of "
                        f"{self.code(book.attribute_max_pips(self.build.cls, a))}",
                    )
                )
        offers.append(
            Purchase(
                Option(
                    SPLIT,
                    f"Split one die ({pts(cost)}) into {per} pips among up to {per} attributes",
                    float(self.weights["split_die"]),
                ),
                self.split_die,
            )
        )
        return offers

    def split_die(self) -> None:
        """One die bought whole and split into pips, each placed where an attribute has room."""
        per, cost = self.book.per_die, self.book.costs["attribute_die"]
        self.unplaced = per
        self.ctx.note(f"one attribute die bought for {pts(cost)}, split into {per} pips; {pts(self.left())} left")
        for i in range(1, per + 1):
            opts = tuple(
                Option(a, f"{a} {self.code(self.build.attributes[a])} -> {self.code(self.build.attributes[a] + 1)}")
                if self.room(a) > 0
                else Option(
                    a,
                    f"{a} {self.code(self.build.attributes[a])}",
                    0.0,
                    disabled=f"at its maximum of {self.code(self.book.attribute_max_pips(self.build.cls, a))}",
                )
                for a in self.book.attributes
            )
            target = self.ctx.choose(
                Decision("pip", f"Place pip {i} of {per} (the die is paid for)", opts, context=self.status())
            )
            self.unplaced -= 1
            self.set_attribute(target, self.build.attributes[target] + 1, f"pip {i} of {per} from a split die")

    def rank_weight(self, skill: str) -> float:
        return float(self.weights["class_skill" if self.book.is_class_skill(self.build.cls, skill) else "other_skill"])

    def skill_offers(self) -> list[Purchase]:
        book, cost = self.book, self.book.costs["skill_rank"]
        if self.left() < cost:
            return []
        offers = []
        for name, entry in book.skills.items():
            now, cap = self.build.skills.get(name, 0), book.rank_cap(self.build.cls, name)
            kind = "class skill" if book.is_class_skill(self.build.cls, name) else "skill"
            if now >= cap:
                offers.append(
                    _disabled(
                        Option(name, f"{name} ({entry['attribute']}, {kind}) +{now}"), f"already at its cap of +{cap}"
                    )
                )
            else:
                label = f"{name} ({entry['attribute']}, {kind}) +{now} -> +{now + 1}, up to +{cap} ({pts(cost)})"
                offers.append(
                    Purchase(
                        Option(name, label, self.rank_weight(name)),
                        partial(
                            self.add_rank, self.build.skills, name, f"skill {name}", f"a skill rank for {pts(cost)}"
                        ),
                    )
                )
        return offers

    def add_rank(self, ranks: dict[str, int], key: str, what: str, why: str) -> None:
        before = ranks.get(key, 0)
        ranks[key] = before + 1
        if ranks is self.build.skills:
            self.ctx.sheet.skills[key] = ranks[key]
        self.ctx.change(what, f"+{before}", f"+{ranks[key]}", f"{why}; {pts(self.left())} left")

    def specialisation_offers(self) -> list[Purchase]:
        book = self.book
        group = book.costs["specialisation_ranks_per_point"]
        bought = sum(self.build.specialisations.values())
        paid_spare = bought % group != 0
        if not paid_spare and self.left() < 1:
            return []
        price = (
            f"free: {group - bought % group} rank(s) of a paid group left"
            if paid_spare
            else f"1 point buys {group} ranks"
        )
        offers = []
        for key, skill in book.specialisations.items():
            now, cap = self.build.specialisations.get(key, 0), book.rank_cap(self.build.cls, skill)
            if now >= cap:
                offers.append(_disabled(Option(key, f"{key} +{now}"), f"already at its cap of +{cap}"))
            else:
                offers.append(
                    Purchase(
                        Option(key, f"{key} +{now} -> +{now + 1}, up to +{cap} ({price})", self.rank_weight(skill)),
                        partial(
                            self.add_rank,
                            self.build.specialisations,
                            key,
                            f"specialisation {key}",
                            f"a specialisation rank ({price})",
                        ),
                    )
                )
        return offers

    def advantage_offers(self) -> list[Purchase]:
        """Every Advantage at every price, in table order; the ones that cannot be taken now stay in their
        place, disabled with the reason (none at all when nothing can be taken)."""
        taken = {n for n, _ in self.build.advantages}
        left = self.left()
        offers = []
        for name, entry in self.book.advantages.items():
            for points in entry["points"]:
                option = Option(f"{name} ({points})", f"{name} at {pts(int(points))}", detail=entry["summary"])
                if name in self.species_traits:
                    offers.append(_disabled(option, "a Trait your species starts with"))
                elif name in taken:
                    offers.append(_disabled(option, "already taken"))
                elif points > left:
                    offers.append(_disabled(option, f"costs {pts(int(points))}; {pts(left)} left"))
                else:
                    offers.append(
                        Purchase(
                            option,
                            partial(self.take_advantage, name, int(points)),
                            partial(_add_advantage, name, int(points)),
                        )
                    )
        return offers if _enabled(offers) else []

    def take_advantage(self, name: str, points: int) -> None:
        self.build.advantages.append((name, points))
        self.ctx.change(
            "advantages", None, f"{name} ({points})", f"Advantage for {pts(points)}; {pts(self.left())} left"
        )

    def ability_offers(self) -> list[Purchase]:
        """Every Special Ability, in table order; the ones that cannot be raised now stay in their place,
        disabled with the reason (none at all when nothing can be raised)."""
        have = dict(self.build.special_abilities)
        left = self.left()
        offers = []
        for name, entry in self.book.special_abilities.items():
            now, most = have.get(name, 0), int(entry["max_ranks"])
            cost = next_rank_cost(self.book, self.rules, name, now)
            option = Option(name, f"{name} rank {now} -> {now + 1} of {most} ({pts(cost)})", detail=entry["summary"])
            if name in self.species_traits:
                offers.append(
                    _disabled(Option(name, name, detail=entry["summary"]), "a Trait your species starts with")
                )
            elif now >= most:
                offers.append(
                    _disabled(
                        Option(name, f"{name} rank {now} of {most}", detail=entry["summary"]),
                        f"at its most, {most} rank(s)",
                    )
                )
            elif cost > left:
                offers.append(_disabled(option, f"costs {pts(cost)}; {pts(left)} left"))
            else:
                offers.append(Purchase(option, partial(self.add_ability, name, cost), partial(_add_rank_of, name)))
        return offers if _enabled(offers) else []

    def add_ability(self, name: str, cost: int) -> None:
        have = dict(self.build.special_abilities)
        now = have.get(name, 0) + 1
        if name in have:
            self.build.special_abilities = [(n, now if n == name else r) for n, r in self.build.special_abilities]
        else:
            self.build.special_abilities.append((name, now))
        self.ctx.change(f"special ability {name}", now - 1, now, f"a rank for {pts(cost)}; {pts(self.left())} left")

    # -- the finished sheet -------------------------------------------------------------------------

    def name_extranormal(self) -> None:
        """Extranormal is listed with its type (Extranormal: Magic): one of the table's, or the person's own;
        none when the house rule extranormal_minimum puts the ability out of the character's reach."""
        entry = self.book.derived["extranormal"]
        minimum = int(self.rules["extranormal_minimum"])
        if not has_extranormal(self.book, self.build.attributes, minimum):
            self.ctx.note(
                f"no {entry['name']} ability: neither {' nor '.join(entry['from'])} reaches {minimum}D "
                "(house rule extranormal_minimum)"
            )
            return
        given = self.ctx.options.get("extranormal")
        if given:
            value = normalise(str(given))
            self.ctx.note(f"Extranormal type given as a creation option: {value}")
        else:
            dice = derive(self.book, self.build.attributes).extranormal
            value = self.ctx.choose(
                Decision(
                    "extranormal",
                    f"Name the kind of your {entry['name']} ({dice}D): magic, psionics or another talent",
                    tuple(Option(t, t) for t in entry["types"]),
                    free_text=True,
                    context=self.status(),
                )
            )
        self.build.extranormal_type = find(entry["types"], value) or normalise(value)
        self.ctx.change("extranormal type", None, self.build.extranormal_type, "the kind of extraordinary ability")

    def finish(self) -> None:
        book, sheet, build = self.book, self.ctx.sheet, self.build
        defaults = book.house_rule_defaults()
        build.house_rules = {k: v for k, v in sorted(self.rules.items()) if k in defaults and v != defaults[k]}
        sheet.species = str(self.species["name"])
        sheet.skills = {k: v for k, v in build.skills.items() if v}
        sheet.traits = (
            [species.trait_label(self.species, t) for t in self.species["traits"]]
            + [f"{n} (Advantage, {p})" for n, p in build.advantages]
            + [f"{n} (Disadvantage, {p})" for n, p in build.disadvantages]
            + [
                f"{n} (Special Ability, {r} rank{'s' if r != 1 else ''}, {ability_cost(book, self.rules, n, r)} points)"
                for n, r in build.special_abilities
            ]
        )
        derived = derive(book, build.attributes).as_sheet(book)
        for name, value in derived.items():
            self.ctx.change(f"derived {name}", None, value, "computed from the attributes")
        gifted = has_extranormal(book, build.attributes, int(self.rules["extranormal_minimum"]))
        passive = passive_values(book, build.attributes, build.skills, build.specialisations, gifted)
        self.ctx.change(
            "passive values",
            None,
            dict(passive),
            f"the number before the D, at least {book['attributes']['passive']['minimum']}",
        )
        led = self.ledger()
        if led.left:
            self.ctx.note(f"{pts(led.left)} left unspent")
        sheet.extra = {
            "class": build.cls,
            "concept": build.concept,
            "specialisations": dict(build.to_dict(book)["specialisations"]),
            "derived": derived,
            "extranormal_type": build.extranormal_type,
            "passive": passive,
            "points": led.to_dict(),
            "build": build.to_dict(book),
        }
        if self.species["traits"]:
            sheet.extra["trait_notes"] = {str(t["name"]): str(t["note"]) for t in self.species["traits"]}


def _add_disadvantage(name: str, points: int, build: Build) -> None:
    build.disadvantages.append((name, points))


def _add_advantage(name: str, points: int, build: Build) -> None:
    build.advantages.append((name, points))


def _add_rank_of(name: str, build: Build) -> None:
    have = dict(build.special_abilities)
    have[name] = have.get(name, 0) + 1
    build.special_abilities = list(have.items())
