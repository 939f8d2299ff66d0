"""``generate`` and ``odds`` import the store only for ``--campaign`` and matplotlib only for ``--plot``."""

from __future__ import annotations

from collections.abc import Callable

import pytest

HEAVY = ("sqlalchemy", "sqlmodel", "matplotlib", "lifepath.store.service")


@pytest.mark.parametrize(
    "args",
    [
        ["generate", "--count", "3", "--seed", "1"],
        ["generate", "--count", "3", "--seed", "1", "--format", "csv"],
        ["odds", "--count", "20", "--json"],
        ["odds", "--count", "20", "--compare", "max_terms=3"],
    ],
    ids=["generate", "generate-csv", "odds-json", "odds-compare"],
)
def test_no_heavy_imports_without_campaign_or_plot(args: list[str], imported_modules: Callable[..., set[str]]) -> None:
    assert not imported_modules(args, env={"LIFEPATH_DB": ""}) & set(HEAVY)
