"""The spending menus kept between purchases (``lifepath.plugins.d6_pool.shop``) are, at every menu of kinds
of many characters under every house rule that changes them, what a shop made afresh from the whole build
shows: the points left, the status line, each kind's reason and each kind's menu."""

from __future__ import annotations

from typing import Any

import pytest

from lifepath.creation import Context, create
from lifepath.decisions import Decision, PolicyChooser
from lifepath.engine.houserules import resolve
from lifepath.plugins.d6_pool.offers import LABELS
from lifepath.plugins.d6_pool.shop import Shop

VARIANTS = [
    [],
    ["unspent_points=violation"],
    ["special_ability_ranks=common"],
    ["creation_points=40", "unspent_points=violation"],
]


class Comparing:
    """The NPC policy's answers, comparing the kept menus with fresh ones at every menu of kinds."""

    def __init__(self, seed: int, contexts: list[Context]) -> None:
        self.policy = PolicyChooser(seed)
        self.contexts = contexts
        self.compared = 0

    def choose(self, decision: Decision) -> str:
        if decision.key == "spend":
            c = self.contexts[0].state["creation"]
            kept, fresh = c.shop, Shop(c)
            assert (kept.left, kept.status, kept.whys) == (fresh.left, fresh.status, fresh.whys)
            for kind, why in zip(LABELS, fresh.whys, strict=True):
                if why is None:
                    assert kept.menu(kind) == fresh.menu(kind), kind
            self.compared += 1
        return self.policy.choose(decision)


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: " ".join(r) or "printed")
def test_kept_menus_are_the_menus_made_afresh(lifepath_registry: Any, rules: list[str]) -> None:
    resolved = resolve(lifepath_registry.declaration("d6-pool"), overrides=rules)
    compared = 0
    for seed in range(12):
        contexts: list[Context] = []
        chooser = Comparing(seed, contexts)
        made = create(
            lifepath_registry, "d6-pool", seed=seed, rules=resolved, chooser=chooser, on_context=contexts.append
        )
        plain = create(lifepath_registry, "d6-pool", seed=seed, rules=resolved, chooser=PolicyChooser(seed))
        assert made.to_json() == plain.to_json()
        compared += chooser.compared
    assert compared > 12 * 5  # every character went through several purchases
