"""What each purchase of one kind does for this character (the menu after the spending menu's kinds), and
what a pip of a split die does: the die code a skill or specialisation rank leaves, what an attribute die
changes, a trait's summary and price.

As in :mod:`.previews`, everything is worked out inside the returned function, only when a person is
asked, from the build as it is then, and nothing here changes the build.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from lifepath import Option
from lifepath.decisions import for_a_person
from lifepath.engine.previews import Preview, join

from .build import next_rank_cost
from .codes import dice_of
from .derived import derive, has_extranormal
from .previews import (
    Previewer,
    article,
    back,
    cap_words,
    cost_words,
    group_price,
    points_words,
    ranks_words,
    told,
    trait_key,
)
from .state import BACK, Creation, pts
from .tables import split_spec_key

__all__ = ["attribute_die", "pip", "purchases"]

#: the answer on an attribute menu for a die split into pips (as :data:`.attributes.SPLIT`)
_SPLIT = "split"


# -- what more pips on an attribute change ------------------------------------------------------------


def _passive(c: Creation, pips: int) -> int:
    return max(dice_of(pips, c.book.per_die), int(c.book["attributes"]["passive"]["minimum"]))


def _derived_changes(c: Creation, after: Mapping[str, int]) -> list[tuple[str, str, str]]:
    """``(name, before, after)`` for every derived attribute that differs with the attributes ``after``
    (Extranormal only for a character who has the ability, or gains it)."""
    book = c.book
    then = derive(book, c.build.attributes).as_sheet(book)
    now = derive(book, after).as_sheet(book)
    name = book.derived["extranormal"]["name"]
    minimum = int(c.rules["extranormal_minimum"])
    gifted_then = has_extranormal(book, c.build.attributes, minimum)
    gifted_now = has_extranormal(book, after, minimum)
    out = []
    for key, value in now.items():
        old = then[key]
        if key == name:
            if not gifted_now:
                continue
            if not gifted_then:
                old = "none"
        if str(old) != str(value):
            out.append((key, str(old), str(value)))
    return out


def _derived_summaries(c: Creation) -> dict[str, str]:
    return {str(entry["name"]): str(entry["summary"]) for entry in c.book.derived.values()}


def _attribute_rise(c: Creation, attribute: str, step: int, paid: str) -> Preview:
    """What ``step`` more pips on ``attribute`` change: the derived attributes, its Passive value and the
    skills rolled with it. ``paid`` says what it costs."""
    book = c.book
    entry = next(a for a in book["attributes"]["attributes"] if a["name"] == attribute)
    now = c.build.attributes[attribute]
    after = dict(c.build.attributes)
    after[attribute] = now + step
    changes = _derived_changes(c, after)
    riding = [s for s, e in book.skills.items() if e["attribute"] == attribute]
    if changes:
        summary = ", ".join(f"{name} {old} -> {new}" for name, old, new in changes)
    elif riding:
        rise = "1D" if step == book.per_die else f"{step} pip{'s' if step != 1 else ''}"
        summary = f"+{rise} on the {len(riding)} skills rolled with it"
    else:
        summary = f"{attribute} {c.code(now)} -> {c.code(now + step)}"
    effects = [str(entry["summary"]), f"{attribute} {c.code(now)} -> {c.code(now + step)} ({paid})"]
    words = _derived_summaries(c)
    effects += [f"{name} {old} -> {new}: {words.get(name, '')}".rstrip(": ") for name, old, new in changes]
    if _passive(c, now) != _passive(c, now + step):
        effects.append(f"Passive {attribute} {_passive(c, now)} -> {_passive(c, now + step)}")
    ranked = [s for s in riding if c.build.skills.get(s, 0)]
    per = book.per_die
    if ranked:
        effects.append(
            "its ranked skills: "
            + ", ".join(
                f"{s} {c.code(now + c.build.skills[s] * per)} -> {c.code(now + step + c.build.skills[s] * per)}"
                for s in ranked
            )
        )
    unranked = [s for s in riding if s not in ranked]
    if unranked:
        effects.append(f"{'its other skills' if ranked else 'skills rolled with it'}: {join(unranked)}")
    effects.append(_maximum_words(c, attribute))
    return Preview(summary=summary, effects=tuple(effects))


def _maximum_words(c: Creation, attribute: str) -> str:
    book, cls = c.book, c.build.cls
    most = c.code(book.attribute_max_pips(cls, attribute))
    if book.classes[cls]["primary"] == attribute:
        return f"at most {most} at creation: the primary attribute of {article(cls)}"
    return f"at most {most} at creation for {article(cls)}"


# -- one kind's purchases -------------------------------------------------------------------------------


@for_a_person
def purchases(c: Creation, kind: str) -> Previewer:
    """The purchases of one kind (the menu after the menu of kinds), and going back."""
    each = _KINDS[kind](c)

    def preview(option: Option) -> Preview | str | None:
        if option.id == BACK:
            return back(c)
        return each(option)

    return preview


def attribute_die(c: Creation) -> Previewer:
    """A whole die on one attribute (what it changes), or a die split into pips."""

    def preview(option: Option) -> Preview | None:
        book = c.book
        cost, per, left = book.costs["attribute_die"], book.per_die, c.left()
        if option.id == _SPLIT:
            open_ = [a for a in book.attributes if book.attribute_max_pips(c.build.cls, a) > c.build.attributes[a]]
            return Preview(
                effects=(
                    f"pay {pts(cost)} now ({pts(left - cost)} left after), then place its {per} pips one at a "
                    "time, each on an attribute with room",
                    f"{per} pips make a die: {c.code(2 * per - 1)} and a pip is {c.code(2 * per)}",
                    f"attributes with room for a pip: {join(open_)}",
                )
            )
        if option.id not in book.attributes:
            return None
        now = c.build.attributes[option.id]
        if book.attribute_max_pips(c.build.cls, option.id) - now < per:
            entry = next(a for a in book["attributes"]["attributes"] if a["name"] == option.id)
            return Preview(
                summary=f"{option.id} {c.code(now)}: no room for a whole die",
                effects=(str(entry["summary"]), _maximum_words(c, option.id)),
            )
        return _attribute_rise(c, option.id, per, f"{pts(cost)}; {pts(left - cost)} left after")

    return preview


@for_a_person
def pip(c: Creation) -> Previewer:
    """A pip of a split die on one attribute: what it changes (the die is paid for)."""

    def preview(option: Option) -> Preview | None:
        book = c.book
        if option.id not in book.attributes:
            return None
        now = c.build.attributes[option.id]
        if book.attribute_max_pips(c.build.cls, option.id) <= now:
            entry = next(a for a in book["attributes"]["attributes"] if a["name"] == option.id)
            return Preview(
                summary=f"{option.id} {c.code(now)}: at its maximum",
                effects=(str(entry["summary"]), _maximum_words(c, option.id)),
            )
        return _attribute_rise(c, option.id, 1, "the die is paid for")

    return preview


def _skill(c: Creation) -> Previewer:
    """A skill rank: what the skill is for, the attribute it is rolled with and its die code after."""

    def preview(option: Option) -> Preview | None:
        book = c.book
        entry = book.skills.get(option.id)
        if entry is None:
            return None
        name, cls, per = option.id, c.build.cls, book.per_die
        attribute = str(entry["attribute"])
        base = c.build.attributes[attribute]
        now, cap = c.build.skills.get(name, 0), book.rank_cap(cls, name)
        cost, left = book.costs["skill_rank"], c.left()
        ranks = now + 1 if now < cap else now
        total = base + ranks * per
        effects = [
            str(entry["summary"]),
            f"rolled with {attribute} ({c.code(base)}) plus 1D a rank: {name} {c.code(base + now * per)} -> "
            f"{c.code(total)}"
            if ranks != now
            else f"rolled with {attribute} ({c.code(base)}) plus 1D a rank: {name} {c.code(total)}",
            f"its Passive value: {_passive(c, total)}",
            cap_words(c, cls, name),
        ]
        if ranks != now:
            effects.append(f"costs {pts(cost)}; {pts(left - cost)} left after")
        if entry["specialisations"]:
            effects.append(f"its specialisations: {join(list(entry['specialisations']))}")
        summary = f"rolls {c.code(total)}: {attribute} {c.code(base)} + {ranks}D"
        return Preview(summary=summary, effects=tuple(effects))

    return preview


def _specialisation(c: Creation) -> Previewer:
    """A specialisation rank: the skill it narrows, and the die code for that one use after it."""

    def preview(option: Option) -> Preview | None:
        book = c.book
        skill = book.specialisations.get(option.id)
        if skill is None:
            return None
        _, spec = split_spec_key(option.id)
        entry, cls, per = book.skills[skill], c.build.cls, book.per_die
        attribute = str(entry["attribute"])
        skill_total = c.build.attributes[attribute] + c.build.skills.get(skill, 0) * per
        now, cap = c.build.specialisations.get(option.id, 0), book.rank_cap(cls, skill)
        ranks = now + 1 if now < cap else now
        total = skill_total + ranks * per
        _, price = group_price(c)
        effects = [
            f"{skill}: {entry['summary']}",
            f"adds only when {skill} is used for {spec}: {skill} {c.code(skill_total)} (rolled with {attribute}) "
            f"plus 1D a rank makes {spec} {c.code(total)}",
            f"its Passive value: {_passive(c, total)}",
            cap_words(c, cls, skill),
        ]
        if ranks != now:
            effects.append(price)
        summary = f"rolls {c.code(total)}: {skill} {c.code(skill_total)} + {ranks}D"
        return Preview(summary=summary, effects=tuple(effects))

    return preview


def _advantage(c: Creation) -> Previewer:
    """An Advantage at one price: what it is and what it costs."""

    def preview(option: Option) -> Preview | None:
        found = trait_key(option.id)
        entry = c.book.advantages.get(found[0]) if found else None
        if found is None or entry is None:
            return None
        _, points = found
        gist, effects = told(entry["summary"])
        effects.append(cost_words(points, c.left()))
        if len(entry["points"]) > 1:
            effects.append(f"taken once, at one of {points_words(entry['points'])}")
        return Preview(summary=gist, effects=tuple(effects))

    return preview


def _ability(c: Creation) -> Previewer:
    """A Special Ability rank: what it does, what this rank costs and what the rest would."""

    def preview(option: Option) -> Preview | None:
        book = c.book
        entry = book.special_abilities.get(option.id)
        if entry is None:
            return None
        now, most = dict(c.build.special_abilities).get(option.id, 0), int(entry["max_ranks"])
        gist, effects = told(entry["summary"])
        if now < most:
            cost = next_rank_cost(book, c.rules, option.id, now)
            effects.append(f"rank {now + 1} of {most}: {cost_words(cost, c.left())}")
            if now + 1 < most:
                rest = sum(next_rank_cost(book, c.rules, option.id, r) for r in range(now + 1, most))
                others = most - now - 1
                which = "the last rank" if others == 1 else f"the other {others} ranks"
                effects.append(f"{which} would cost {pts(rest)} more")
        else:
            effects.append(f"at its most: {ranks_words(most)}")
        return Preview(summary=gist, effects=tuple(effects))

    return preview


_KINDS: dict[str, Callable[[Creation], Previewer]] = {
    "attribute": attribute_die,
    "skill": _skill,
    "specialisation": _specialisation,
    "advantage": _advantage,
    "special_ability": _ability,
}
