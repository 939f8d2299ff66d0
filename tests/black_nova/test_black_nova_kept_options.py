"""Black Nova's spending menus reuse options made for an earlier character in the same state (issue 31):
at every menu of many builds, under every house rule and focus, the kept options are the options made
afresh (derived values worked out again too)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lifepath.plugins.black_nova.procedure import Procedure
from lifepath.plugins.black_nova.tables import tables
from lifepath.testing import create_character, make_registry

REGISTRY = make_registry()
TABLES = tables()


def afresh(make: Any, p: Procedure, left: int) -> list[Any]:
    """A menu made with nothing kept."""
    kept, worked_out = dict(TABLES.kept_options()), dict(TABLES.derived_made)
    TABLES.kept_options().clear()
    TABLES.derived_made.clear()
    try:
        return list(make(p, left))
    finally:
        TABLES.kept_options().update(kept)
        TABLES.derived_made.update(worked_out)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 2**31 - 1),
    st.booleans(),
    st.sampled_from(["allowed", "exclusive"]),
    st.sampled_from([None, "Strength", "int", "Dexterity"]),
)
def test_kept_options_are_the_options_made_afresh(seed: int, perks: bool, esp: str, focus: str | None) -> None:
    checked: list[str] = []
    with pytest.MonkeyPatch.context() as monkeypatch:
        for name in ("attribute_options", "skill_options"):
            real = getattr(Procedure, name)

            def checking(p: Procedure, left: int, real: Any = real, name: str = name) -> list[Any]:
                made = real(p, left)
                assert made == afresh(real, p, left), (name, p.attributes, p.skills, left)
                checked.append(name)
                return made

            monkeypatch.setattr(Procedure, name, checking)
        options = {"focus": focus} if focus else {}
        create_character(
            REGISTRY, "black-nova", seed, rules={"perks": perks, "esp_and_inscrutable": esp}, options=options
        )
    assert {"attribute_options", "skill_options"} <= set(checked)
