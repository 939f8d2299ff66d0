"""What ``lifepath verify`` tells a user in the less common cases: briefs through the one entry point,
recorded house rules that are unknown, invalid or missing together, rename chains of every wrong shape,
where a stopped replay stops and what it found there, and which difference a verdict points at first.

Each test pins a behaviour that a mutant of ``core/replay/__init__.py`` changed without any other test noticing
(see docs/mutation-report.md).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from lifepath import Context, Decision, Option, Ruleset, hookimpl
from lifepath.creation import create
from lifepath.decisions import PolicyChooser
from lifepath.errors import ReplayError
from lifepath.replay import IDENTICAL, brief, check_export, compare, verify
from lifepath.testing import make_registry

from .conftest import REGISTRY, export


def _asked_positions(doc: dict[str, Any]) -> list[int]:
    """The history index of every decision the chooser was asked (forced ones are not recorded)."""
    return [i for i, e in enumerate(doc["history"]) if e["type"] == "decision" and not e.get("forced")]


# -- briefs go through the same entry points as full exports -----------------------------------------


def _brief(ruleset: str, seed: int) -> dict[str, Any]:
    character = create(REGISTRY, ruleset, seed=seed, chooser=PolicyChooser(seed))
    parsed: dict[str, Any] = json.loads(json.dumps(brief.to_dict(character)))  # as read from a file
    return parsed


@pytest.mark.parametrize("ruleset", ["nowhere-yet", "black-nova"])
def test_verify_and_check_take_a_brief_as_well_as_a_full_export(ruleset: str) -> None:
    record = _brief(ruleset, 7)
    assert verify(REGISTRY, record).message == IDENTICAL
    verdict = check_export(REGISTRY, record)
    assert verdict.identical
    assert verdict.checked_by == ("replay and build" if ruleset == "black-nova" else "replay")
    record["sheet"]["name"] += "!"
    assert [d.where for d in verify(REGISTRY, record).differences] == ["sheet.name"]


@pytest.mark.parametrize("fmt", ["a-format/0", "lifepath.character-brief/0", "zz/1"])
def test_a_format_near_a_brief_is_refused_as_unknown_by_verify_and_check(fmt: str) -> None:
    for entry in (verify, check_export):
        doc = export("nowhere-yet", 1)
        doc["format"] = fmt
        with pytest.raises(ReplayError) as caught:
            entry(REGISTRY, doc)
        assert caught.value.pointer == "/format"
        assert caught.value.message == (
            f'this export is in the format "{fmt}", and this lifepath reads only lifepath.character/1'
        )


def test_verify_takes_its_export_by_keyword() -> None:
    assert verify(REGISTRY, exported=export("nowhere-yet", 1)).identical


# -- the provenance's shape ------------------------------------------------------------------------


def test_a_recorded_decision_of_three_parts_is_refused_and_counted_from_one() -> None:
    doc = export("nowhere-yet", 1)
    doc["provenance"]["decisions"][1] = [*doc["provenance"]["decisions"][1], "extra"]
    with pytest.raises(ReplayError) as caught:
        verify(REGISTRY, doc)
    assert caught.value.pointer == "/provenance/decisions/1"
    assert caught.value.message.startswith("recorded decision 2 is [")


def test_an_unknown_ruleset_keeps_the_registrys_hint() -> None:
    doc = export("nowhere-yet", 1)
    doc["provenance"]["ruleset"]["id"] = "somewhere-else"
    with pytest.raises(ReplayError) as caught:
        verify(REGISTRY, doc)
    assert caught.value.hint == "known rulesets: black-nova, d6-pool, nowhere-yet, wormwood-drift"


@pytest.mark.parametrize("schema", ["", "\uffff", "https://lifepath.example/schemas/character.schema.json?"])
def test_any_other_schema_is_an_export_difference_not_a_provenance_one(schema: str) -> None:
    doc = export("nowhere-yet", 1)
    doc["$schema"] = schema
    verdict = verify(REGISTRY, doc)
    assert [(d.part, d.where) for d in verdict.differences] == [("export", "$schema")]
    assert verdict.provenance_differences == []


# -- house rules ------------------------------------------------------------------------------------


def test_every_bad_house_rule_is_named_not_only_the_first() -> None:
    doc = export("nowhere-yet", 1)
    rules = doc["provenance"]["house_rules"]
    doc["provenance"]["house_rules"] = {"aaa_unknown": 1, **rules, "max_terms": "lots", "zzz_unknown": 2}
    verdict = verify(REGISTRY, doc)
    assert [d.where for d in verdict.differences] == [
        "provenance.house_rules.aaa_unknown",
        "provenance.house_rules.max_terms",
        "provenance.house_rules.zzz_unknown",
    ]
    assert verdict.message.endswith(
        "(the replay was not run: creation cannot run under house rules its ruleset does not allow)"
    )


def test_a_missing_house_rule_stops_the_replay_before_it_runs() -> None:
    doc = export("nowhere-yet", 1)
    del doc["provenance"]["house_rules"]["max_terms"]
    verdict = verify(REGISTRY, doc)
    assert [d.text for d in verdict.differences] == [
        "provenance.house_rules.max_terms: missing (an export records every house rule in force)"
    ]
    assert verdict.message.endswith(
        "(the replay was not run: creation cannot run under house rules its ruleset does not allow)"
    )
    assert verdict.differences[0].expected == 7 and verdict.differences[0].found is compare.ABSENT


# -- renames ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "renamed",
    [
        [],
        ["Nell"],
        [{"to": "Nell"}],
        "Nell",
        {"from": "x", "to": "Nell"},
        [{"from": None, "to": "Nell"}],
        [{"from": "MADE", "to": 5}],
        [{"from": "MADE"}],
    ],
)
def test_a_rename_record_of_the_wrong_shape_is_named(renamed: Any) -> None:
    doc = export("wormwood-drift", 1)
    made = doc["sheet"]["name"]
    doc["provenance"]["renamed"] = json.loads(json.dumps(renamed).replace("MADE", made))
    verdict = verify(REGISTRY, doc)
    assert [d.text for d in verdict.differences] == ["provenance.renamed: not a list of {from, to} renames"]


def test_a_renamed_character_read_from_its_file_verifies() -> None:
    doc = export("wormwood-drift", 1)
    doc["provenance"]["renamed"] = [{"from": doc["sheet"]["name"], "to": "Nell Okafor-" + "x" * 3}]
    doc["sheet"]["name"] = "Nell Okafor-xxx"
    parsed = json.loads(json.dumps(doc))  # names as separate strings, as read from a file
    assert parsed["sheet"]["name"] is not parsed["provenance"]["renamed"][0]["to"]
    assert verify(REGISTRY, parsed).message == IDENTICAL


# -- a replay that stops ----------------------------------------------------------------------------


def _stopped_at_an_odd_event(doc: dict[str, Any]) -> int:
    """Tamper the first recorded decision that comes after an odd number of events; its history index."""
    for number, position in enumerate(_asked_positions(doc)):
        if position % 2 == 1:
            doc["provenance"]["decisions"][number][1] = "dragon"
            return position
    raise AssertionError("no decision after an odd number of events")


def test_a_stopped_replay_names_the_event_and_what_the_export_has_there() -> None:
    doc = export("nowhere-yet", 7)
    position = _stopped_at_an_odd_event(doc)
    verdict = verify(REGISTRY, doc)
    [stop] = verdict.differences
    assert stop.part == "replay" and stop.where == f"history event {position + 1}"
    assert stop.pointer == f"/history/{position}"
    assert stop.text.startswith(f"the replay stopped at event {position + 1}: 'dragon' is not a legal answer")
    assert stop.found == doc["history"][position]
    assert verdict.message == stop.text


def test_a_replay_that_stops_just_past_the_end_of_the_history_found_nothing_there() -> None:
    doc = export("nowhere-yet", 7)
    position = _stopped_at_an_odd_event(doc)
    doc["history"] = doc["history"][:position]
    [stop] = verify(REGISTRY, doc).differences
    assert stop.where == f"history event {position + 1}" and stop.found is compare.ABSENT


def test_a_stopped_replay_with_other_differences_lists_them_all() -> None:
    doc = export("nowhere-yet", 7)
    position = _stopped_at_an_odd_event(doc)
    doc["provenance"]["house_rules"]["zzz_unknown"] = 1  # named, but the replay still runs
    verdict = verify(REGISTRY, doc)
    assert [d.part for d in verdict.differences] == ["provenance", "replay"]
    assert verdict.message.startswith(
        "differs from what its seed makes (2 difference(s); values are made -> exported):"
    )
    assert f"\n  - the replay stopped at event {position + 1}: " in verdict.message


def test_an_unused_decision_is_counted_from_one_after_an_odd_number_asked() -> None:
    doc = export("nowhere-yet", 1)
    asked = len(doc["provenance"]["decisions"])
    assert asked % 2 == 1
    doc["provenance"]["decisions"].append(["career", "Navy"])
    [unused] = verify(REGISTRY, doc).differences
    assert unused.text.startswith(
        f"provenance.decisions: 1 recorded decision(s) were never asked for, from decision {asked + 1} "
        f'["career", "Navy"] on (the replay asks only {asked})'
    )


def test_the_verdict_points_at_the_first_differing_event_not_the_last() -> None:
    doc = export("nowhere-yet", 1)
    throw = next(i for i, e in enumerate(doc["history"]) if e["type"] == "throw" and i > 1)
    doc["history"][throw]["total"] += 1
    doc["history"].pop()
    verdict = verify(REGISTRY, doc)
    assert [d.where for d in verdict.differences if d.part == "history"] == [
        f"history event {throw + 1}",
        f"history event {len(doc['history']) + 1}",
    ]
    assert verdict.event_index == throw
    assert verdict.stored_event == doc["history"][throw]


# -- a third-party procedure that cannot use a tampered option -------------------------------------


class _Picky(Ruleset):
    """A toy ruleset whose procedure looks its options up as plain Python does."""

    id = "picky"
    name = "Picky"
    version = "1.0.0"
    summary = "A test ruleset that indexes its options."

    def house_rules(self) -> dict[str, Any]:
        return {"type": "object", "properties": {}}

    def create(self, ctx: Context) -> None:
        ctx.choose(Decision("ready", "Ready?", (Option("yes"), Option("no"))))
        ratings = {"low": 1, "high": 3}
        ladder = [2, 4, 6]
        ctx.sheet.characteristics["Pick"] = ratings[ctx.options.get("rating", "low")]
        ctx.sheet.characteristics["Rung"] = ladder[ctx.options.get("rung", 0)]
        ctx.sheet.characteristics["Size"] = int(ctx.options.get("size", 1))
        ctx.sheet.name = ctx.options.get("title", "Picky").title()

    def render(self, character: Any) -> str:
        return character.sheet.name + "\n"


class _PickyPlugin:
    @hookimpl
    def lifepath_register_rulesets(self, register: Any) -> None:
        register(_Picky())


@pytest.mark.parametrize(
    ("option", "value", "error"),
    [
        ("rating", "medium", "KeyError"),
        ("rung", 7, "IndexError"),
        ("size", [1], "TypeError"),
        ("size", "big", "ValueError"),
        ("title", 5, "AttributeError"),
    ],
)
def test_a_tampered_option_a_procedure_cannot_use_stops_the_replay_with_a_message(
    option: str, value: Any, error: str
) -> None:
    registry = make_registry("nowhere_yet", extra=[("picky-plugin", _PickyPlugin())])
    made = create(registry, "picky", seed=3, chooser=PolicyChooser(3), options={"rating": "high", "rung": 2})
    doc = json.loads(made.to_json())
    assert verify(registry, doc).identical
    doc["provenance"]["options"][option] = value
    [stop] = verify(registry, doc).differences
    assert stop.part == "replay"
    assert stop.text.startswith(
        f"the replay stopped at event 2: creation could not use the export's options or house rules ({error}: "
    )
