"""A purchase in one answer, typed at the menu of kinds: ``agility +1D``, ``skill stealth +2``,
``acrobatics: tumbling +1``, ``contacts 2``, ``night vision +1``.

An order names one attribute, skill, specialisation, Advantage or Special Ability (by name or, for an
attribute, its abbreviation; a word saying the kind may come first) and how many: dice for an attribute,
ranks for a skill, specialisation or Special Ability, the level for an Advantage. It is bought exactly as
that many purchases from the menus would be, one at a time, each recorded; the answer itself is recorded
as typed, so a replay buys the same. :func:`problem` refuses what the menus would not offer, with the
reason, before anything is bought.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable
from dataclasses import dataclass

from lifepath import LifepathError
from lifepath.decisions import Shorthand

from .build import Build, ledger
from .offers import OFFERS, offered
from .previews import points_words
from .purchase import Purchase
from .state import Creation, pts
from .tables import split_spec_key

#: the hint beside the prompt's keys
HINT = "or type a purchase: agility +1D, skill stealth +2"

#: words that may say the kind before the name (they only narrow the search)
_KIND_WORDS = {
    "attribute": "attribute",
    "attr": "attribute",
    "skill": "skill",
    "specialisation": "specialisation",
    "specialization": "specialisation",
    "spec": "specialisation",
    "advantage": "advantage",
    "special ability": "special_ability",
    "ability": "special_ability",
}

_AMOUNT = re.compile(r"^(?P<name>.*?)\s*\+?\s*(?P<n>\d+)\s*(?P<unit>d|dice|die|ranks?|points?|pts?)?$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Order:
    """``count`` purchases of the option ``option_id`` on the menu of ``kind``."""

    kind: str
    option_id: str
    count: int


def typed(c: Creation) -> Shorthand:
    """The spending menu's shorthand: what :func:`problem` accepts, with the hint. It holds the creation
    weakly: the history keeps every decision with its shorthand, and a strong hold would make the creation,
    its context and that history a reference cycle, left to the cycle collector once the character is
    made (tests/core/test_no_cycles.py)."""
    creation = weakref.ref(c)

    def problem_now(text: str) -> str:
        now = creation()
        return problem(now, text) if now is not None else "this build is finished: nothing more can be bought"

    return Shorthand(HINT, problem_now)


def _names(c: Creation) -> dict[str, list[tuple[str, str]]]:
    """Every name a person may type (lower case) -> the ``(kind, name)`` pairs it can mean."""
    book = c.book
    found: dict[str, list[tuple[str, str]]] = {}

    def add(word: str, kind: str, name: str) -> None:
        found.setdefault(" ".join(word.lower().split()), []).append((kind, name))

    for entry in book["attributes"]["attributes"]:
        add(entry["name"], "attribute", entry["name"])
        add(entry["abbreviation"], "attribute", entry["name"])
    for name in book.skills:
        add(name, "skill", name)
    for key in book.specialisations:
        add(key, "specialisation", key)
        add(split_spec_key(key)[1], "specialisation", key)
    for name in book.advantages:
        add(name, "advantage", name)
    for name in book.special_abilities:
        add(name, "special_ability", name)
    return found


def parse(c: Creation, text: str) -> Order | str:
    """The order ``text`` gives, or why it gives none."""
    words = " ".join(text.replace(":", ": ").split()).replace(" :", ":")
    match = _AMOUNT.match(words)
    name, amount = (match["name"], int(match["n"])) if match else (words, None)
    name = name.strip().lower()
    kind = ""
    for word, meant in sorted(_KIND_WORDS.items(), key=lambda kv: -len(kv[0])):
        if name.startswith(word + " "):
            kind, name = meant, name[len(word) + 1 :].strip()
            break
    names = _names(c)
    meanings = [m for m in names.get(name, []) if not kind or m[0] == kind]
    if not meanings and name:  # the start of a name is enough when only one name starts so
        meanings = [m for word, ms in names.items() if word.startswith(name) for m in ms if not kind or m[0] == kind]
        meanings = list(dict.fromkeys(meanings))
        broad = [m for m in meanings if m[0] != "specialisation"]
        if len(broad) == 1:  # "melee": the skill Melee Combat, not each of its specialisations
            meanings = broad
    if not meanings:
        return (
            f"'{text}' is not a purchase: name an attribute, skill, specialisation, Advantage or Special Ability "
            "and how many (agility +1D, skill stealth +2, contacts 2), or answer with a number"
        )
    if len(meanings) > 1:
        which = sorted(n for _, n in meanings)
        more = f" and {len(which) - 6} more" if len(which) > 6 else ""
        return f"'{name}' could be {', '.join(which[:6])}{more}: type more of the name"
    kind, found = meanings[0]
    if kind == "advantage":
        levels = [int(p) for p in c.book.advantages[found]["points"]]
        if amount is None and len(levels) == 1:
            amount = levels[0]
        if amount not in levels:
            return f"{found} is taken at {points_words(levels)}: type {found.lower()} {levels[0]}"
        return Order(kind, f"{found} ({amount})", 1)
    count = 1 if amount is None else amount
    if count < 1:
        return f"buy at least one: {found.lower()} +1"
    return Order(kind, found, count)


def _one_more(order: Order) -> Callable[[Creation, Build], None]:
    """One unit of ``order`` on a build (a copy, to price it and check its caps)."""

    def apply(c: Creation, b: Build) -> None:
        if order.kind == "attribute":
            b.attributes[order.option_id] += c.book.per_die
        elif order.kind == "skill":
            b.skills[order.option_id] = b.skills.get(order.option_id, 0) + 1
        elif order.kind == "specialisation":
            b.specialisations[order.option_id] = b.specialisations.get(order.option_id, 0) + 1
        elif order.kind == "special_ability":
            have = dict(b.special_abilities)
            have[order.option_id] = have.get(order.option_id, 0) + 1
            b.special_abilities = list(have.items())

    return apply


def _offered(c: Creation, order: Order) -> Purchase | str:
    """The purchase the menus offer for one unit of ``order`` now, or why they offer none."""
    items = offered(c, order.kind, OFFERS[order.kind](c))
    found = next((p for p in items if p.option.id == order.option_id), None)
    if found is None:
        return f"nothing of that kind can be bought now ({pts(c.left())} left)"
    if found.option.disabled is not None:
        return f"{found.option.text()} cannot be bought: {found.option.disabled}"
    return found


def problem(c: Creation, text: str) -> str:
    """Why ``text`` cannot be bought now (empty when it can, all of it)."""
    order = parse(c, text)
    if isinstance(order, str):
        return order
    first = _offered(c, order)
    if isinstance(first, str):
        return first
    if order.count == 1:
        return ""
    book, cls, name = c.book, c.build.cls, order.option_id
    after = c.build.copy()
    step = _one_more(order)
    for _ in range(order.count):
        step(c, after)
    left = ledger(book, after, c.rules, c.unplaced, c.allowance).left
    if left < 0:
        return f"{order.count} of those cost {pts(c.left() - left)}; {pts(c.left())} left"
    if order.kind == "attribute" and after.attributes[name] > book.attribute_max_pips(cls, name):
        return f"{name} goes up to {c.code(book.attribute_max_pips(cls, name))}: {order.count} dice is too many"
    if order.kind in ("skill", "specialisation"):
        ranks = after.skills if order.kind == "skill" else after.specialisations
        skill = name if order.kind == "skill" else book.specialisations[name]
        cap = book.rank_cap(cls, skill)
        if ranks[name] > cap:
            return f"{name} goes up to +{cap}: it is +{ranks[name] - order.count} now"
    if order.kind == "special_ability":
        most = int(book.special_abilities[name]["max_ranks"])
        if dict(after.special_abilities)[name] > most:
            return f"{name} has at most {most} rank{'s' if most != 1 else ''}"

    def all_of_it(b: Build) -> None:
        for _ in range(order.count):
            step(c, b)

    if c.exact and not c.fits(all_of_it):
        return "it would leave points that cannot all be spent (unspent_points=violation)"
    return ""


def place(c: Creation, text: str) -> None:
    """Buy the order ``text`` (accepted by :func:`problem`), one purchase at a time."""
    order = parse(c, text)
    if isinstance(order, str):
        raise LifepathError(f"the spending answer '{text}' cannot be read: {order}")
    for _ in range(order.count):
        found = _offered(c, order)
        if isinstance(found, str):
            raise LifepathError(f"the spending answer '{text}' cannot be bought: {found}")
        found.buy()
