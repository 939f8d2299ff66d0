"""The D6 pool's menus keep every option in its place: the spending menu always lists the five kinds and
Finish, and the attribute, skill, specialisation and pip menus every entry, disabled with the reason when it
cannot be taken, so a number means the same option every time it is asked."""

from __future__ import annotations

import pytest

from lifepath import Decision, create
from lifepath.engine.houserules import resolve
from lifepath.testing import WatchingChooser, make_registry

REGISTRY = make_registry("d6_pool")
KINDS = ("attribute", "skill", "specialisation", "advantage", "special_ability", "done")


def asked(seed: int, rules: tuple[str, ...] = ()) -> list[Decision]:
    recorder = WatchingChooser(seed)
    resolved = resolve(REGISTRY.declaration("d6-pool"), None, rules)
    create(REGISTRY, "d6-pool", seed=seed, rules=resolved, chooser=recorder)
    return recorder.asked


@pytest.mark.parametrize("seed", range(1, 9))
def test_every_menu_of_a_kind_lists_the_same_options_in_the_same_order(seed) -> None:
    decisions = asked(seed)
    for key in ("spend", "attribute", "skill", "specialisation", "pip", "advantage", "special_ability"):
        menus = {tuple(o.id for o in d.options) for d in decisions if d.key == key}
        assert len(menus) <= 1, key
    assert {tuple(o.id for o in d.options) for d in decisions if d.key == "spend"} == {KINDS}
    # a disabled option is never the answer (creation would have refused it), and each gives its reason
    assert all(o.disabled for d in decisions for o in d.options if o.disabled is not None)


@pytest.mark.parametrize("seed", range(1, 6))
def test_with_every_point_to_spend_finish_is_disabled_until_the_pool_is_spent(seed) -> None:
    spend = [d for d in asked(seed, ("unspent_points=violation",)) if d.key == "spend"]
    assert all(tuple(o.id for o in d.options) == KINDS for d in spend)
    done = [next(o for o in d.options if o.id == "done") for d in spend]
    assert done[0].disabled == "every point must be spent (unspent_points=violation)"
    assert "done" not in spend[0].option_ids()
