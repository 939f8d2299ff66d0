"""Creation's second and third chapters: the species (every registered one, or the one ``--species``
names) and the base class, offering only those whose pool can buy every attribute its minimum and, under
``unspent_points=violation``, be spent exactly; when none can, the house rules are refused, named with the
most that can be spent."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NoReturn

from lifepath import LifepathError, Option, UnknownName

from . import previews, species
from .build import Build, ledger
from .purchase import kept
from .reach import can_spend, most
from .state import Creation
from .tables import Book


def choose_species(c: Creation) -> None:
    """Every registered species (the ruleset's own and plugins'), or the one ``--species`` names."""
    ctx = c.ctx
    registered = [s.data for s in ctx.registry.species(ctx.ruleset.id).values()]
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
    pool = [s for s in candidates if affordable(c, s)]
    if c.exact:
        pool = [s for s in pool if fitting_classes(c, s, list(c.book.classes))]
    if not pool:
        refuse_pool(c, candidates, list(c.book.classes))
    opts = tuple(species_option(c, s) for s in pool)
    decision = c.book.decisions.get("species", "Choose your species", opts, context=c.status())
    sid = ctx.choose(decision, preview=previews.species_menu(c, pool))
    chosen = next(s for s in pool if s["id"] == sid)
    c.set_species(chosen)
    c.build.species = str(chosen["name"])
    ctx.change(
        "species",
        None,
        c.build.species,
        f"{c.allowance.creation_points} creation points, up to {c.allowance.disadvantage_limit} "
        "more from Disadvantages",
    )
    for trait in chosen["traits"]:
        ctx.change("traits", None, species.trait_label(chosen, trait), f"a {chosen['name']} starts with it")


def species_option(c: Creation, data: Mapping[str, Any]) -> Option:
    """A species on the species menu (kept for each label it can have under the house rules)."""
    sid, label, weight, summary = str(data["id"]), species_label(c, data), float(data["weight"]), str(data["summary"])
    return kept(c.book, ("species", sid, label, weight, summary), Option, sid, label, weight, summary)


def species_label(c: Creation, data: Mapping[str, Any]) -> str:
    got = species.totals(c.book, c.rules, data)
    traits = ", ".join(species.trait_names(data))
    return (
        f"{data['name']} ({got.creation_points} creation points, up to {got.disadvantage_limit} from "
        f"Disadvantages{'; Traits: ' + traits if traits else ''})"
    )


def affordable(c: Creation, data: Mapping[str, Any]) -> bool:
    """Whether the species' pool buys every attribute its minimum (else no build of it is legal)."""
    low = c.book.attribute_min_pips * len(c.book.attributes)
    need = -(-low // c.book.per_die) * c.book.costs["attribute_die"]
    return species.totals(c.book, c.rules, data).creation_points >= need


def choose_class(c: Creation) -> None:
    """Every class, or the one ``--option class`` (or ``--career``) names."""
    book = c.book
    wanted = c.ctx.options.get("class") or c.ctx.options.get("career")
    pool = list(book.classes)
    if wanted:
        found = book.find_class(str(wanted))
        if found is None:
            raise UnknownName(
                f"the D6 creation pool has no class called '{wanted}'", hint=f"known classes: {', '.join(pool)}"
            )
        pool = [found]
    if c.exact:
        fitting = fitting_classes(c, c.species, pool)
        if not fitting:
            refuse_pool(c, [c.species], pool)
        pool = fitting
    opts = tuple(kept(book, ("class", cls), class_option, book, cls) for cls in pool)
    decision = book.decisions.get("class", "Choose your base class", opts, context=c.status())
    c.build.cls = c.ctx.choose(decision, preview=previews.classes(c))
    c.ctx.change("class", None, c.build.cls, "base class chosen")


def class_option(book: Book, cls: str) -> Option:
    """A class on the class menu."""
    limits = book["pool"]["attribute_limits"]
    label = f"{cls} (primary attribute {book.classes[cls]['primary']}, up to {limits['primary_maximum_dice']}D)"
    return Option(cls, label, detail=book.classes[cls]["summary"])


def _start(c: Creation, cls: str) -> Build:
    low = c.book.attribute_min_pips
    return Build(cls=cls, attributes={a: low for a in c.book.attributes})


def fitting_classes(c: Creation, data: Mapping[str, Any], classes: list[str]) -> list[str]:
    """The classes whose builds, for a character of species ``data``, can spend the whole pool."""
    book, rules = c.book, c.rules
    got, traits = species.totals(book, rules, data), species.trait_names(data)
    return [
        cls
        for cls in classes
        if can_spend(book, _start(c, cls), rules, ledger(book, _start(c, cls), rules, 0, got).left, traits)
    ]


def refuse_pool(c: Creation, candidates: list[Mapping[str, Any]], classes: list[str]) -> NoReturn:
    """No species and class on offer can spend its pool: a mistake in the house rules (or a species
    whose pool cannot buy the minimum attributes), named with the most that can be spent."""
    book, rules = c.book, c.rules
    pools = {str(s["name"]): species.totals(book, rules, s).creation_points for s in candidates}
    top = max(
        ledger(book, _start(c, cls), rules).spent + most(book, _start(c, cls), rules, species.trait_names(s))
        for cls in classes
        for s in candidates
    )
    who = f"a {classes[0]} can spend at most" if len(classes) == 1 else "no class can spend more than"
    whose = ", ".join(f"{p} for a {n}" for n, p in pools.items())
    if not c.exact:
        raise LifepathError(
            f"under these house rules the creation pool ({whose}) cannot buy every attribute its minimum",
            hint="raise creation_points",
        )
    least = min(ledger(book, _start(c, cls), rules).spent for cls in classes)
    if max(pools.values()) < least:  # too small: what every character must start with costs more
        raise LifepathError(
            f"the house rule unspent_points=violation asks for the whole creation pool ({whose}) to be spent, "
            f"but what a character must start with costs at least {least} points",
            hint="raise creation_points, or drop unspent_points=violation",
        )
    raise LifepathError(
        f"the house rule unspent_points=violation asks for the whole creation pool ({whose}) to be spent, "
        f"but {who} {top} points on legal purchases",
        hint="lower creation_points, or drop unspent_points=violation",
    )
