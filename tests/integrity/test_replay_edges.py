"""Edges of ``lifepath.replay`` that the integrity suite did not pin (found by mutation testing)."""

from __future__ import annotations

from typing import Any

import pytest

from lifepath.errors import ReplayError
from lifepath.replay import SEED_RANGE, compare, verify

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


@pytest.mark.parametrize("position", [1, 2])
@pytest.mark.parametrize("event", [["throw"], {"kind": "throw"}, {"type": 3}])
def test_an_event_that_is_not_an_event_is_named_by_its_position(event: Any, position: int) -> None:
    doc = export("nowhere-yet", 1)
    doc["history"][position] = event
    with pytest.raises(ReplayError) as caught:
        verify(REGISTRY, doc)
    assert caught.value.pointer == f"/history/{position}"
    assert caught.value.message == f'history event {position + 1} is not an event (an object with a "type")'


def test_a_malformed_recorded_decision_is_counted_from_one() -> None:
    doc = export("nowhere-yet", 1)
    doc["provenance"]["decisions"][0] = ["name"]
    with pytest.raises(ReplayError) as caught:
        verify(REGISTRY, doc)
    assert caught.value.message.startswith('recorded decision 1 is ["name"], not a [key, answer] pair of text')


def test_any_other_schema_and_a_rename_from_another_name_are_differences() -> None:
    doc = export("wormwood-drift", 1)
    doc["$schema"] = ""
    doc["provenance"]["renamed"] = [{"from": "", "to": doc["sheet"]["name"]}]
    where = [d.where for d in verify(REGISTRY, doc).differences]
    assert where == ["$schema", "provenance.renamed[0].from"]


def test_a_replay_that_stops_past_the_end_of_a_shortened_history() -> None:
    doc = export("nowhere-yet", 1)
    asked = [e for e in doc["history"] if e["type"] == "decision" and not e.get("forced")]
    assert len(asked) > 3
    doc["provenance"]["decisions"][3][1] = "dragon"
    doc["history"] = doc["history"][:1]
    verdict = verify(REGISTRY, doc)
    stop = verdict.differences[-1]
    index = int(stop.pointer.rsplit("/", 1)[1])
    assert index > len(doc["history"])  # the replay made more events than the export holds
    assert stop.part == "replay" and stop.where == f"history event {index + 1}" and stop.found is compare.ABSENT


def test_the_first_stop_is_event_one_and_sheet_edits_are_not_provenance() -> None:
    doc = export("nowhere-yet", 1)
    doc["provenance"]["decisions"][0][1] = "dragon"
    assert verify(REGISTRY, doc).differences[-1].where == "history event 1"
    edited = export("nowhere-yet", 1)
    edited["sheet"]["credits"] += 1
    assert verify(REGISTRY, edited).provenance_differences == []


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


@pytest.mark.parametrize("wrong", ["", "\uffff"])
def test_a_rename_chain_that_breaks_either_way_is_a_difference(wrong: str) -> None:
    doc = export("wormwood-drift", 1)
    made = doc["sheet"]["name"]
    doc["provenance"]["renamed"] = [{"from": wrong, "to": "Nell"}]
    doc["sheet"]["name"] = "Nell"
    assert [d.where for d in verify(REGISTRY, doc).differences] == ["provenance.renamed[0].from"]
    doc["provenance"]["renamed"] = [{"from": made, "to": "Nell"}]
    doc["sheet"]["name"] = wrong
    assert [d.where for d in verify(REGISTRY, doc).differences] == ["sheet.name"]


@pytest.mark.parametrize("fmt", ["", "\uffff"])
def test_any_other_format_is_refused(fmt: str) -> None:
    doc = export("nowhere-yet", 1)
    doc["format"] = fmt
    with pytest.raises(ReplayError) as caught:
        verify(REGISTRY, doc)
    assert caught.value.pointer == "/format"


def test_a_ruleset_without_an_id_is_named() -> None:
    doc = export("nowhere-yet", 1)
    del doc["provenance"]["ruleset"]["id"]
    with pytest.raises(ReplayError) as caught:
        verify(REGISTRY, doc)
    assert caught.value.pointer == "/provenance/ruleset/id"
