"""What each option of a D6 creation-pool decision does for this character, shown before it is chosen.

Each function here returns the ``preview=`` a stage hands to ``ctx.choose`` (the purchases of one kind
are in :mod:`.purchase_previews`, with the words they share from here). Creation calls it only when a
person is asked (never for the NPC policy); the factories are :func:`lifepath.decisions.for_a_person`,
which make nothing and return None unless ``ctx.previewing``, so nothing here runs when characters are
made in bulk, and everything is worked out inside the returned function, from the build as it is at that
moment. Nothing
here changes the build: die codes after a purchase are computed on copies of the numbers. Every number
comes from the tables (costs, caps, maxima, pips to the die, derived-attribute rules).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from lifepath import Option
from lifepath.decisions import for_a_person
from lifepath.engine.previews import Preview, cosmetic, join

from .derived import derive, has_extranormal
from .species import KIND_NAMES, totals
from .state import DONE, Creation, pts

Previewer = Callable[[Option], Preview | str | None]

__all__ = ["Previewer", "classes", "cosmetic", "disadvantages", "species_menu", "spend_menu"]


# -- words shared by several previews -----------------------------------------------------------------


def told(text: str) -> tuple[str, list[str]]:
    """A table's summary split for a preview: its first clause for the option's line, and the rest of it
    (if any) as an effect, so the whole of it is read once."""
    first, _, rest = str(text).partition("; ")
    return first.rstrip("."), [rest.rstrip(".")] if rest else []


def points_words(values: Iterable[int]) -> str:
    """``1, 2 or 3 points``."""
    numbers = [str(n) for n in sorted({int(v) for v in values})]
    if not numbers:
        return ""
    head = ", ".join(numbers[:-1])
    return pts(int(numbers[-1])) if not head else f"{head} or {pts(int(numbers[-1]))}"


def article(word: str) -> str:
    """``a Rogue``, ``an Adept``."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def cost_words(cost: int, left: int) -> str:
    """``costs 2 points; 40 points left after`` (or, when it is too dear, how many points there are)."""
    if cost > left:
        return f"costs {pts(cost)}; only {pts(left)} left"
    return f"costs {pts(cost)}; {pts(left - cost)} left after"


def ranks_words(n: int) -> str:
    """``1 rank``, ``3 ranks``."""
    return f"{n} rank" if n == 1 else f"{n} ranks"


def back(c: Creation) -> Preview:
    return Preview(
        summary=f"nothing bought; {pts(c.left())} still to spend",
        effects=("back to the spending menu, to choose another kind of purchase or to finish",),
    )


def trait_key(option_id: str) -> tuple[str, int] | None:
    """``"Contacts (2)"`` -> ``("Contacts", 2)``: how a trait's option id names it and its points."""
    name, sep, rest = option_id.rpartition(" (")
    if not sep or not rest.endswith(")") or not rest[:-1].isdigit():
        return None
    return name, int(rest[:-1])


def cap_words(c: Creation, cls: str, skill: str) -> str:
    """``a Rogue class skill: up to +3 ranks at creation``."""
    caps = c.book["pool"]["rank_caps"]
    if c.book.is_class_skill(cls, skill):
        return f"{article(cls)} class skill: up to +{caps['class_skill']} ranks at creation"
    return (
        f"not {article(cls)} class skill: up to +{caps['other_skill']} ranks at creation "
        f"(+{caps['class_skill']} for a class skill)"
    )


# -- concept, name and Extranormal type: no rule changes ---------------------------------------------

# ``cosmetic`` (from lifepath.engine.previews) is the preview for those decisions.


# -- species and class --------------------------------------------------------------------------------


@for_a_person
def species_menu(c: Creation, pool: list[Mapping[str, Any]]) -> Previewer:
    """Species: their pool and Disadvantage limit under the house rules, and the Traits they start with."""

    def preview(option: Option) -> Preview | None:
        data = next((s for s in pool if str(s["id"]) == option.id), None)
        if data is None:
            return None
        got = totals(c.book, c.rules, data)
        traits = list(data.get("traits", []))
        summary = f"starts with {len(traits)} free Traits" if traits else "no Traits of its own"
        if len(traits) == 1:
            summary = "starts with 1 free Trait"
        effects = [
            str(data["summary"]),
            f"{got.creation_points} creation points to spend, and up to {got.disadvantage_limit} more "
            "from Disadvantages",
        ]
        for trait in traits:
            kind = KIND_NAMES.get(str(trait["kind"]), str(trait["kind"]))
            value = int(trait["value"])
            amount = ranks_words(value) if trait["kind"] == "special_ability" else pts(value)
            free = "comes with the species and adds no points" if trait["kind"] == "disadvantage" else "free"
            effects.append(f"{trait['name']} ({kind}, {amount}; {free}): {trait['note']}")
        if traits:
            effects.append("a Trait the species starts with cannot also be bought")
        return Preview(summary=summary, effects=tuple(effects))

    return preview


@for_a_person
def classes(c: Creation) -> Previewer:
    """Base classes: what the class is, its primary attribute's maximum and its class skills."""

    def preview(option: Option) -> Preview | None:
        book = c.book
        entry = book.classes.get(option.id)
        if entry is None:
            return None
        limits = book["pool"]["attribute_limits"]
        caps = book["pool"]["rank_caps"]
        own = [s for s in book.skills if book.is_class_skill(option.id, s)]
        effects = [
            f"primary attribute {entry['primary']}: up to {limits['primary_maximum_dice']}D at creation; "
            f"every other attribute up to {limits['other_maximum_dice']}D",
            f"class skills, up to +{caps['class_skill']} ranks each: {join(own)}",
            f"every other skill up to +{caps['other_skill']} ranks",
        ]
        gist, more = told(entry["summary"])
        return Preview(summary=gist, effects=(*more, *effects))

    return preview


# -- Disadvantages --------------------------------------------------------------------------------------


@for_a_person
def disadvantages(c: Creation, room: int) -> Previewer:
    """Disadvantages: what each is and the points it adds; stopping: the pool spending starts with."""

    def preview(option: Option) -> Preview | None:
        left = c.left()
        if option.id == DONE:
            taken = sum(p for _, p in c.build.disadvantages)
            effects = [f"{taken} of {c.allowance.disadvantage_limit} points from Disadvantages taken"]
            effects.append("Disadvantages are offered only now, before the points are spent")
            return Preview(summary=f"start spending {pts(left)}", effects=tuple(effects))
        found = trait_key(option.id)
        entry = c.book.disadvantages.get(found[0]) if found else None
        if found is None or entry is None:
            return None
        _, points = found
        gist, effects = told(entry["summary"])
        effects += [
            f"adds {pts(points)} to the pool: {pts(left + points)} to spend after it",
            f"room for {room - points} more from Disadvantages after it",
        ]
        if len(entry["points"]) > 1:
            effects.append(f"taken once, at one of {points_words(entry['points'])}")
        return Preview(summary=gist, effects=tuple(effects))

    return preview


# -- the spending menu ----------------------------------------------------------------------------------


@for_a_person
def spend_menu(c: Creation) -> Previewer:
    """The menu of kinds: what each kind buys and what it costs; finishing: what is left and what follows."""

    def preview(option: Option) -> Preview | None:
        make = _MENU.get(option.id)
        return make(c) if make is not None else None

    return preview


def _menu_attribute(c: Creation) -> Preview:
    book, cls = c.book, c.build.cls
    cost, per, left = book.costs["attribute_die"], book.per_die, c.left()
    limits = book["pool"]["attribute_limits"]
    primary = book.classes[cls]["primary"]
    room = sum(max(book.attribute_max_pips(cls, a) - c.build.attributes[a], 0) for a in book.attributes)
    return Preview(
        summary=f"{pts(cost)} a die, whole or split into {per} pips",
        effects=(
            "a die adds 1D to one attribute, and so to every skill rolled with it; "
            f"or it is split into {per} pips placed one at a time",
            f"attributes go up to {limits['other_maximum_dice']}D, the {cls}'s primary {primary} "
            f"up to {limits['primary_maximum_dice']}D",
            f"room for {room // per} more dice under the maxima; "
            + (f"points for {left // cost}" if left >= cost else f"{pts(left)} left, not enough for one"),
        ),
    )


def _menu_skill(c: Creation) -> Preview:
    book, cls = c.book, c.build.cls
    cost = book.costs["skill_rank"]
    caps = book["pool"]["rank_caps"]
    own = [s for s in book.skills if book.is_class_skill(cls, s)]
    below = sum(1 for s in book.skills if c.build.skills.get(s, 0) < book.rank_cap(cls, s))
    room = "every skill is" if below == len(book.skills) else f"{below} of {len(book.skills)} skills are"
    return Preview(
        summary=f"{pts(cost)} a rank; each rank adds 1D to the skill",
        effects=(
            "a skill is rolled with its attribute's die code plus 1D for each rank",
            f"{cls} class skills go up to +{caps['class_skill']}: {join(own)}",
            f"every other skill up to +{caps['other_skill']}",
            f"{room} below the cap",
        ),
    )


def group_price(c: Creation) -> tuple[str, str]:
    """The specialisation price now: short, and in full."""
    group = c.book.costs["specialisation_ranks_per_point"]
    bought = sum(c.build.specialisations.values())
    spare = group - bought % group if bought % group else 0
    if spare:
        return (
            f"free: {spare} rank{'s' if spare != 1 else ''} of a paid point left",
            f"free: the point already paid still holds {spare} of its {group} ranks",
        )
    return (
        f"{pts(1)} buys {group} ranks",
        f"costs {pts(1)}, which buys {group} ranks: this one and {group - 1} more, on any specialisations",
    )


def _menu_specialisation(c: Creation) -> Preview:
    group = c.book.costs["specialisation_ranks_per_point"]
    caps = c.book["pool"]["rank_caps"]
    short, _ = group_price(c)
    return Preview(
        summary=short,
        effects=(
            "a rank adds 1D to one narrow use of a skill (such as a weapon or a kind of ground), on top of "
            "the skill's own dice",
            f"ranks come {group} to the point; a part group still costs the whole point",
            f"each specialisation goes up to +{caps['class_skill']} for a class skill, +{caps['other_skill']} "
            "for any other",
        ),
    )


def _menu_advantage(c: Creation) -> Preview:
    book = c.book
    taken = {n for n, _ in c.build.advantages}
    every = [int(p) for entry in book.advantages.values() for p in entry["points"]]
    listed = [
        f"{name} ({points_words(entry['points'])})"
        for name, entry in book.advantages.items()
        if name not in taken and name not in c.species_traits
    ]
    effects = ["a perk of status, people or background; it costs as many points as its level"]
    if listed:
        effects.append("on offer: " + ", ".join(listed))
    if taken:
        effects.append(f"already taken: {join(sorted(taken))}")
    return Preview(summary=f"{points_words(every)} each", effects=tuple(effects))


def _menu_ability(c: Creation) -> Preview:
    book = c.book
    costs = [int(entry["cost"]) for entry in book.special_abilities.values()]
    common = c.rules.get("special_ability_ranks") == "common"
    extra = book.costs["common_ability_extra_rank"]
    if common:
        summary = f"first rank {points_words(costs)}, later ranks {pts(extra)}"
        rule = f"the first rank costs the listed price, every later one {pts(extra)} (house rule)"
    else:
        summary = f"{points_words(costs)} a rank"
        rule = "every rank costs the ability's listed price"
    listed = [
        f"{name} ({pts(int(entry['cost']))}, up to {ranks_words(int(entry['max_ranks']))})"
        for name, entry in book.special_abilities.items()
        if name not in c.species_traits
    ]
    return Preview(
        summary=summary,
        effects=(
            "something beyond ordinary ability, bought a rank at a time",
            rule,
            "on the list: " + ", ".join(listed),
        ),
    )


def _menu_finish(c: Creation) -> Preview:
    left = c.left()
    book = c.book
    entry = book.derived["extranormal"]
    effects = []
    if left:
        effects.append(f"{pts(left)} stay unspent; the sheet shows them")
        if c.rules.get("unspent_points") == "violation":
            effects.append("every point must be spent first (house rule)")
    else:
        effects.append("every point is spent")
    summary = "no more purchases"  # the label says what is left unspent
    if has_extranormal(book, c.build.attributes, int(c.rules["extranormal_minimum"])) and not c.ctx.options.get(
        "extranormal"
    ):
        dice = derive(book, c.build.attributes).extranormal
        summary = f"stop buying; next, name your {entry['name']}"
        effects.append(f"next: name the kind of your {entry['name']} ({dice}D), then the sheet is filled in")
    else:
        effects.append("next: the sheet is filled in")
    confirm = f"{pts(left)} stay unspent: finish the build anyway?" if left else ""
    return Preview(summary=summary, effects=tuple(effects), confirm=confirm)


_MENU: dict[str, Callable[[Creation], Preview]] = {
    "attribute": _menu_attribute,
    "skill": _menu_skill,
    "specialisation": _menu_specialisation,
    "advantage": _menu_advantage,
    "special_ability": _menu_ability,
    DONE: _menu_finish,
}
