"""The spending menus are made cheaply (issue 31): whether a kind has anything to take is answered without
making its menu, options are kept per state and shared by every build, and the ledger is priced again only
when something it counts changed. Each shortcut is held here to the long way at every menu of kinds of
many builds, under every house rule."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lifepath import Context, LifepathError
from lifepath.decisions import PolicyChooser
from lifepath.engine.houserules import resolve
from lifepath.plugins.d6_pool import spending
from lifepath.plugins.d6_pool.build import ledger
from lifepath.plugins.d6_pool.offers import MENUS, OFFERS, ON_OFFER
from lifepath.plugins.d6_pool.procedure import Procedure
from lifepath.plugins.d6_pool.purchase import enabled
from lifepath.plugins.d6_pool.state import Creation
from lifepath.plugins.d6_pool.tables import book
from lifepath.testing import create_character, make_registry

REGISTRY = make_registry()
DECLARATION = REGISTRY.declaration("d6-pool")
BOOK = book()


def rule_values(name: str) -> st.SearchStrategy[Any]:
    rule = DECLARATION["properties"][name]
    if "enum" in rule:
        return st.sampled_from(rule["enum"])
    low = int(rule.get("minimum", 0))
    return st.integers(low, min(int(rule.get("maximum", low + 120)), low + 120))


def long_way(c: Creation, kind: str) -> list[Any]:
    """``kind``'s menu made with nothing kept: every option formatted again."""
    kept = dict(BOOK.menu_options)
    BOOK.menu_options.clear()
    try:
        return MENUS[kind](c)
    finally:
        BOOK.menu_options.update(kept)


def checked_menus(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Check every menu of kinds as it is asked; returns a list that counts the menus checked."""
    seen: list[int] = []
    real = spending.menu_of_kinds

    def checking(c: Creation, typed: Any) -> Any:
        left = c.left()
        priced = ledger(c.book, c.build, c.rules, c.unplaced, c.allowance)
        assert c.ledger() == priced and left == priced.left
        for kind in MENUS:
            offers = OFFERS[kind](c)
            assert ON_OFFER[kind](c, left) == enabled(offers), (kind, c.build)
            assert MENUS[kind](c) == long_way(c, kind) == [p.option for p in offers]
        seen.append(1)
        return real(c, typed)

    monkeypatch.setattr(spending, "menu_of_kinds", checking)
    return seen


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**31 - 1), st.fixed_dictionaries({n: rule_values(n) for n in DECLARATION["properties"]}))
def test_every_shortcut_agrees_with_the_long_way_at_every_menu(seed: int, values: dict[str, Any]) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        seen = checked_menus(monkeypatch)
        try:
            create_character(REGISTRY, "d6-pool", seed, rules=[f"{k}={v}" for k, v in sorted(values.items())])
        except LifepathError:
            assert values["unspent_points"] == "violation"  # a pool no build can spend whole
            return
    assert seen  # the menus were there to check


def test_a_build_changed_by_hand_is_priced_again() -> None:
    """The ledger is kept only while nothing it counts changes, however the build is changed."""
    ctx = Context(REGISTRY.ruleset("d6-pool"), REGISTRY, resolve(DECLARATION), 1, PolicyChooser(1))
    proc = Procedure(ctx, BOOK)
    proc.build.cls = next(iter(BOOK.classes))
    proc.minimum_attributes()
    before = proc.left()
    proc.build.skills["Stealth"] = 2  # not through a purchase
    assert proc.left() == before - 2 * BOOK.costs["skill_rank"]
    proc.build.skills = {"Stealth": 1}  # a new mapping, fewer ranks
    assert proc.left() == before - BOOK.costs["skill_rank"]
    proc.unplaced = 1
    assert proc.left() == ledger(BOOK, proc.build, proc.rules, 1, proc.allowance).left
