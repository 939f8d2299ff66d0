"""Edges of ``lifepath.replay`` that the integrity suite did not pin (found by mutation testing)."""

from __future__ import annotations

from typing import Any

import pytest

from lifepath.errors import ReplayError
from lifepath.replay import SEED_RANGE, verify

from .conftest import REGISTRY, export


@pytest.mark.parametrize("seed", [-(1 << 63), (1 << 63) - 1])
def test_the_seeds_at_the_limits_of_the_store_replay(seed: int) -> None:
    doc = export("wormwood-drift", 1)
    doc["provenance"]["seed"] = seed
    verdict = verify(REGISTRY, doc)  # another seed makes another character, but it is a seed
    assert not verdict.identical
    assert seed in SEED_RANGE


@pytest.mark.parametrize("seed", [-(1 << 63) - 1, 1 << 63])
def test_a_seed_just_beyond_the_limits_is_refused(seed: int) -> None:
    doc = export("wormwood-drift", 1)
    doc["provenance"]["seed"] = seed
    with pytest.raises(ReplayError) as caught:
        verify(REGISTRY, doc)
    assert caught.value.pointer == "/provenance/seed"


@pytest.mark.parametrize(("history", "said"), [([], "is empty"), (None, "is missing"), ("none", "is not a list")])
def test_a_missing_history_says_which_way_it_is_missing(history: Any, said: str) -> None:
    doc = export("nowhere-yet", 1)
    if history is None:
        del doc["history"]
    else:
        doc["history"] = history
    with pytest.raises(ReplayError) as caught:
        verify(REGISTRY, doc)
    assert caught.value.message.startswith(f"the export's history {said}: there is nothing to replay")


@pytest.mark.parametrize("event", [["throw"], {"kind": "throw"}, {"type": 3}])
def test_an_event_that_is_not_an_event_is_named_by_its_position(event: Any) -> None:
    doc = export("nowhere-yet", 1)
    doc["history"][2] = event
    with pytest.raises(ReplayError) as caught:
        verify(REGISTRY, doc)
    assert caught.value.pointer == "/history/2"
    assert caught.value.message == 'history event 3 is not an event (an object with a "type")'


def test_a_verdict_as_data() -> None:
    doc = export("nowhere-yet", 1)
    doc["sheet"]["credits"] += 1
    data = verify(REGISTRY, doc).to_dict()
    assert list(data) == ["identical", "message", "checked_by", "differences"]
    assert data["identical"] is False and data["checked_by"] == "replay"
    assert [d["where"] for d in data["differences"]] == ["sheet.credits"]
    untouched = verify(REGISTRY, export("nowhere-yet", 1))
    assert untouched.to_dict()["differences"] == [] and untouched.event_index is None
    assert untouched.provenance_differences == []
