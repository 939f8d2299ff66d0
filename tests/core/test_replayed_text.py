"""``lifepath.replay.lines.replayed_text``: what ``lifepath import`` compares a campaign line with, instead of
verifying it the full way. A line equal to it is identical to its replay; so the text must be the
character's own compact text for every unedited character, and must differ from (or refuse) every edit the
full verify finds, so that an edited line still gets the full verify's verdict."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from lifepath.replay import verify
from lifepath.replay.lines import replayed_text
from lifepath.testing import create_character

RULESETS = ["nowhere-yet", "wormwood-drift", "d6-pool", "black-nova"]
Doc = dict[str, Any]


def compact(doc: Doc) -> str:
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_unedited_character_replays_to_its_own_compact_text(lifepath_registry: Any, ruleset: str) -> None:
    registry = lifepath_registry
    for seed in range(6):
        made = create_character(registry, ruleset, seed=seed)
        text = made.compact_json()
        assert replayed_text(registry, json.loads(text)) == text


def _sheet_name(doc: Doc) -> None:
    doc["sheet"]["name"] = doc["sheet"]["name"] + " Jr"


def _event_text(doc: Doc) -> None:
    event = next(e for e in doc["history"] if e["type"] == "note")
    event["text"] += "!"


def _last_answer(doc: Doc) -> None:
    key, answer = doc["provenance"]["decisions"][-1]
    doc["provenance"]["decisions"][-1] = [key, answer + "x"]


def _extra_decision(doc: Doc) -> None:
    doc["provenance"]["decisions"].append(["never-asked", "1"])


def _house_rule(doc: Doc) -> None:
    doc["provenance"]["house_rules"]["never_declared"] = 1


def _seed(doc: Doc) -> None:
    doc["provenance"]["seed"] += 1


def _event_without_type(doc: Doc) -> None:
    del doc["history"][0]["type"]


def _format(doc: Doc) -> None:
    doc["format"] = "lifepath.character/0"


EDITS: dict[str, Callable[[Doc], None]] = {
    "sheet-name": _sheet_name,
    "event-text": _event_text,
    "last-answer": _last_answer,
    "extra-decision": _extra_decision,
    "house-rule": _house_rule,
    "seed": _seed,
    "event-without-type": _event_without_type,
    "format": _format,
}


@pytest.mark.parametrize("edit", EDITS)
def test_an_edited_character_never_matches_and_the_full_verify_says_it_is_not_identical(
    lifepath_registry: Any, edit: str
) -> None:
    registry = lifepath_registry
    made = create_character(registry, "nowhere-yet", seed=11)
    doc = json.loads(made.compact_json())
    edited = copy.deepcopy(doc)
    EDITS[edit](edited)
    assert edited != doc
    assert replayed_text(registry, edited) != compact(edited)
    try:
        identical = verify(registry, edited).identical
    except Exception:  # a ReplayError: it cannot be replayed at all
        identical = False
    assert not identical


def test_a_document_that_is_not_an_export_gives_none(lifepath_registry: Any) -> None:
    registry = lifepath_registry
    assert replayed_text(registry, {}) is None
    assert replayed_text(registry, {"sheet": [], "provenance": {}, "history": [{"type": "note"}]}) is None
    made = json.loads(create_character(registry, "nowhere-yet", seed=2).compact_json())
    made["history"] = []
    assert replayed_text(registry, made) is None
