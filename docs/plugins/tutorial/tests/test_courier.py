"""Tests of lifepath-tutorial, with lifepath's test kit."""

from __future__ import annotations

from collections.abc import Callable

from lifepath import Character
from lifepath.testing import Registry, assert_tables_valid, events


def test_the_table_validates() -> None:
    assert assert_tables_valid("lifepath_tutorial") == 1


def test_courier_is_a_nowhere_yet_career(lifepath_registry: Registry) -> None:
    courier = lifepath_registry.find("career", "nowhere-yet", "courier")
    assert courier.name == "Courier"
    assert courier.plugin == "tutorial"


def test_an_npc_can_aim_for_it(lifepath_create: Callable[..., Character]) -> None:
    character = lifepath_create("nowhere-yet", seed=7, options={"career": "courier"})
    assert events(character, "decision", key="career", answer="courier")
    assert {"name": "tutorial", "version": "0.1.0"} in character.provenance["plugins"]
