"""The odds report reads facts, not words: each throw's ``kind`` and ``career`` as the ruleset gave them
(``Character.tags()``), which exports leave out, so rewording a ruleset's notes cannot move a figure."""

from __future__ import annotations

import json

import pytest

from lifepath.batches.odds import DETAIL_KINDS, Tally
from lifepath.character import Character
from lifepath.engine.history_log import UNTAGGED, Tag
from lifepath.host.registry import Registry
from lifepath.testing import create_character, make_registry

SEEDS = range(1, 41)


@pytest.fixture(scope="module")
def registry() -> Registry:
    return make_registry()


def _names(registry: Registry) -> dict[str, str]:
    return {cid: career.name for cid, career in registry.careers("nowhere-yet").items()}


def test_every_throw_is_tagged_with_the_kind_and_career_the_ruleset_gave(registry: Registry) -> None:
    character = create_character(registry, "nowhere-yet", seed=3)
    history, tags = character.history, character.tags()
    assert len(tags) == len(history)
    pairs = list(zip(history, tags, strict=True))
    assert all(tag == UNTAGGED for event, tag in pairs if event["type"] != "throw")
    kinds = registry.ruleset("nowhere-yet").throw_kinds
    assert all(tag.kind in kinds for event, tag in pairs if event["type"] == "throw")
    survival = [(event, tag) for event, tag in pairs if tag.kind == "survival"]
    assert survival, "seed 3 serves at least one term"
    for event, tag in survival:
        career = registry.careers("nowhere-yet")[str(tag.career)]
        assert event["purpose"] == f"survival: {career.name}"
    characteristic = [tag for tag in tags if tag.kind == "characteristic"]
    assert characteristic == [Tag("characteristic", None)] * 6


def test_tags_stay_out_of_the_export_and_a_file_has_none(registry: Registry) -> None:
    character = create_character(registry, "nowhere-yet", seed=3)
    before = character.compact_json()  # written straight from the log's entries
    assert character.tags() != [UNTAGGED] * len(character.history)
    for text in (before, character.to_json()):
        for event in json.loads(text)["history"]:
            if event["type"] == "throw":
                assert set(event) <= {"type", "purpose", "dice", "faces", "dms", "total", "target", "rule", "success"}
    loaded = Character.from_dict(json.loads(before))
    assert loaded.compact_json() == before
    assert loaded.tags() == [UNTAGGED] * len(loaded.history)


def test_rewording_every_note_and_purpose_leaves_the_odds_as_they_were(registry: Registry) -> None:
    names = _names(registry)
    plain, reworded = Tally(detailed=True), Tally(detailed=True)
    for seed in SEEDS:
        plain.add(create_character(registry, "nowhere-yet", seed=seed), names)
        character = create_character(registry, "nowhere-yet", seed=seed)
        for event in character.history:  # the made events: editing them keeps the tags beside them
            if event["type"] == "note":
                event["text"] = "something happened"
            elif event["type"] == "throw":
                event["purpose"] = "a throw"
        reworded.add(character, names)
    assert reworded.report() == plain.report()
    careers = plain.report()["careers"]
    assert sum(c["mishaps"] for c in careers) > 0
    assert sum(c["qualification"]["throws"] for c in careers if c["qualification"]) >= len(SEEDS)


def test_only_rulesets_with_the_detail_kinds_get_the_detailed_figures(registry: Registry) -> None:
    rulesets = ("nowhere-yet", "wormwood-drift", "d6-pool", "black-nova")
    detailed = {rid for rid in rulesets if set(registry.ruleset(rid).throw_kinds) >= DETAIL_KINDS}
    assert detailed == {"nowhere-yet"}
