"""Black Nova's menus are made once for each state of the build and kept (issue 31): every decision a
character is asked, kept or made, is the decision made with nothing kept, a character asked a menu again
gets the very same decision, and the skill lines kept up point by point are the lines made from the ranks."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lifepath import Decision, create
from lifepath.engine.houserules import resolve
from lifepath.plugins.black_nova import procedure
from lifepath.plugins.black_nova.derived import roll_bonuses
from lifepath.plugins.black_nova.procedure import Procedure
from lifepath.plugins.black_nova.tables import tables
from lifepath.testing import WatchingChooser, make_registry

REGISTRY = make_registry()
TABLES = tables()
MENUS = ("name_decision", "attribute_decision", "skill_decision")


@contextmanager
def nothing_kept() -> Iterator[None]:
    """Every option, decision and derived value made afresh inside; what was kept is put back after."""
    kept = [(store, dict(store)) for store in (TABLES.kept_options(), TABLES.kept_decisions(), TABLES.derived_made)]
    for store, _ in kept:
        store.clear()
    procedure._skill_line.cache_clear()
    try:
        yield
    finally:
        for store, items in kept:
            store.clear()
            store.update(items)


def asked(
    seed: int, rules: dict[str, Any], options: dict[str, Any], afresh: bool, first: str | None = None
) -> list[Decision]:
    """Every decision one character is asked, each made with nothing kept when ``afresh``; ``first`` is the
    first attribute point's answer (the NPC policy gives the others)."""
    chooser = WatchingChooser(seed, {"attribute-point": [first]} if first else None)
    with pytest.MonkeyPatch.context() as monkeypatch:
        if afresh:
            for name in MENUS:
                real = getattr(Procedure, name)

                def fresh(p: Procedure, *args: Any, real: Any = real) -> Decision:
                    with nothing_kept():
                        made: Decision = real(p, *args)
                    return made

                monkeypatch.setattr(Procedure, name, fresh)
        resolved = resolve(REGISTRY.declaration("black-nova"), rules)
        create(REGISTRY, "black-nova", seed=seed, rules=resolved, chooser=chooser, options=options)
    return chooser.asked


def shown(decision: Decision) -> tuple[object, ...]:
    """Everything a person or the NPC policy is shown of a decision."""
    return (decision.key, decision.prompt, decision.context, decision.free_text, decision.default, decision.options)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 2**31 - 1),
    st.booleans(),
    st.sampled_from(["allowed", "exclusive"]),
    st.sampled_from([None, "Strength", "dex"]),
    st.sampled_from([None, "Flight", "ESP", "Inscrutable"]),
)
def test_kept_decisions_are_the_decisions_made_afresh(
    seed: int, perks: bool, esp: str, focus: str | None, perk: str | None
) -> None:
    """Each character meets the menus kept for the characters made before it (in this test and others);
    many buy a perk first, so that builds of the same ranks and different perks meet."""
    rules = {"perks": perks, "esp_and_inscrutable": esp}
    options = {"focus": focus} if focus else {}
    first = perk if perks else None
    kept = asked(seed, rules, options, afresh=False, first=first)
    made = asked(seed, rules, options, afresh=True, first=first)
    assert [shown(d) for d in kept] == [shown(d) for d in made]


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**31 - 1), st.booleans())
def test_a_menu_asked_again_is_the_decision_kept(seed: int, perks: bool) -> None:
    with nothing_kept():  # from empty stores, so that none starts again between the two characters
        first = asked(seed, {"perks": perks}, {}, afresh=False)
        again = asked(seed, {"perks": perks}, {}, afresh=False)
    # every decision, its running totals already worked out, is the one made for the first character
    assert all(a is b for a, b in zip(first, again, strict=True))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**31 - 1))
def test_skill_lines_kept_up_point_by_point_are_the_lines_of_the_ranks(seed: int) -> None:
    checked = []
    real = Procedure.skill_decision

    def checking(p: Procedure, left: int) -> Decision:
        bonuses = roll_bonuses(p.t, p.attributes, p.skills)
        assert p.skill_lines == {name: f"{name} {rank} ({bonuses[name]:+d})" for name, rank in p.skills.items()}
        assert p.skill_state == ("skill-point", p.focus, tuple(p.attributes.values()), tuple(p.skills.values()))
        checked.append(left)
        return real(p, left)

    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(Procedure, "skill_decision", checking)
        create(
            REGISTRY,
            "black-nova",
            seed=seed,
            rules=resolve(REGISTRY.declaration("black-nova")),
            chooser=WatchingChooser(seed),
        )
    assert checked == list(range(7, 0, -1))


def test_a_point_menu_with_nothing_to_take_is_refused_with_the_points_left_and_why() -> None:
    from lifepath import LifepathError, Option

    closed = [Option("Strength", "Strength 5", 0.0, disabled="already at the maximum rank of 5")]
    refused = "the ruleset's tables allow fewer skill ranks than there are points"
    with pytest.raises(LifepathError) as caught:
        procedure.point_menu("skill-point", "Spend a skill point (3 left)", closed, "Now: ...", 3, "skill", refused)
    assert caught.value.message == "no legal way is left to spend 3 skill point(s)"
    assert caught.value.hint == refused
    opened = [*closed, Option("Piloting", "Piloting 0 -> 1")]
    menu = procedure.point_menu("skill-point", "Spend a skill point (3 left)", opened, "Now: ...", 3, "skill", refused)
    assert menu == Decision("skill-point", "Spend a skill point (3 left)", tuple(opened), context="Now: ...")
