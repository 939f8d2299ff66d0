"""``lifepath.replay.verify``: the holes it had, each closed, and differences said in words and as data."""

from __future__ import annotations

import json
from typing import Any

import pytest

from lifepath.errors import ReplayError
from lifepath.replay import IDENTICAL, check_export, verify

from .conftest import REGISTRY, RULESETS, export

# -- the history must be exactly the replay's: not shorter, longer or reordered --------------------


def test_a_shortened_history_is_refused_naming_where_it_ends() -> None:
    doc = export("nowhere-yet", 1)
    n = len(doc["history"])
    doc["history"] = doc["history"][:-3]
    verdict = verify(REGISTRY, doc)
    assert not verdict.identical
    last = export("nowhere-yet", 1)["history"][n - 3]
    ends = f"the export's history ends after event {n - 3}, but the replay goes on with event {n - 2}"
    assert ends in verdict.message
    assert f"makes {n} events in all" in verdict.message
    assert verdict.differences[0].pointer == f"/history/{n - 3}" and verdict.differences[0].expected == last


def test_a_lengthened_history_is_refused_naming_the_first_extra_event() -> None:
    doc = export("wormwood-drift", 7)
    n = len(doc["history"])
    doc["history"].append({"type": "change", "what": "credits", "from": 0, "to": 5000, "why": "found"})
    verdict = verify(REGISTRY, doc)
    assert not verdict.identical
    assert (
        f"the export's history has {n + 1} events, but the replay makes only {n}: event {n + 1} "
        '(a change of "credits")'
    ) in verdict.message


def test_reordered_events_are_refused_naming_the_first_one_out_of_place() -> None:
    doc = export("black-nova", 1)
    h = doc["history"]
    h[3], h[5] = h[5], h[3]
    verdict = verify(REGISTRY, doc)
    assert not verdict.identical and verdict.event_index == 3
    assert "history event 4: the export has the same events in another order" in verdict.message
    assert verdict.stored_event == h[3] and verdict.replayed_event == h[5]


def test_recorded_decisions_never_asked_for_are_refused() -> None:
    doc = export("d6-pool", 1)
    n = len(doc["provenance"]["decisions"])
    doc["provenance"]["decisions"] += [["spend", "skill"], ["skill", "Search"]]
    verdict = verify(REGISTRY, doc)
    assert not verdict.identical
    assert (
        f'2 recorded decision(s) were never asked for, from decision {n + 1} ["spend", "skill"] on '
        f"(the replay asks only {n})"
    ) in verdict.message
    assert verdict.differences[-1].pointer == f"/provenance/decisions/{n}"


def test_a_decision_event_that_differs_says_which_and_both_answers() -> None:
    doc = export("nowhere-yet", 1)
    asked = [i for i, e in enumerate(doc["history"]) if e["type"] == "decision" and not e.get("forced")]
    k, i = next((k, i) for k, i in enumerate(asked) if doc["history"][i]["key"] == "career")
    event = doc["history"][i]
    made, other = event["answer"], next(o for o in event["options"] if o != event["answer"])
    event["answer"] = other
    verdict = verify(REGISTRY, doc)
    assert f'history event {i + 1} (decision "career"): answer: "{made}" -> "{other}"' in verdict.message
    assert f"provenance.decisions[{k}]" in verdict.message  # where the replay took its answer from


# -- an export with no history cannot be verified: a clear error, not a crash -----------------------


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("history", [[], None, "none"])
def test_an_export_without_history_says_so(ruleset: str, history: Any) -> None:
    doc = export(ruleset, 1)
    if history is None:
        del doc["history"]
    else:
        doc["history"] = history
    with pytest.raises(ReplayError, match=r"the export's history (is empty|is missing|is not a list)") as caught:
        verify(REGISTRY, doc)
    assert caught.value.pointer == "/history"


# -- where a replay differs, in words and as data ---------------------------------------------------


def test_sheet_fields_are_named_with_both_values() -> None:
    doc = export("nowhere-yet", 1)
    strength, law = doc["sheet"]["characteristics"]["Str"], doc["sheet"]["extra"]["homeworld"]["law_level"]
    assert doc["sheet"]["equipment"] == [] and "Universal attraction" not in doc["sheet"]["traits"]
    doc["sheet"]["characteristics"]["Str"] = strength + 2
    doc["sheet"]["traits"].append("Universal attraction")
    doc["sheet"]["extra"]["homeworld"]["law_level"] = law + 1
    verdict = verify(REGISTRY, doc)
    lines = verdict.message.splitlines()
    assert lines[0] == "differs from what its seed makes (3 difference(s); values are made -> exported):"
    assert lines[1:] == [
        f"  - sheet.characteristics.Str: {strength} -> {strength + 2}",
        '  - sheet.traits: added "Universal attraction"',
        f"  - sheet.extra.homeworld.law_level: {law} -> {law + 1}",
    ]
    data = [d.to_dict() for d in verdict.differences]
    assert data[0] == {
        "part": "sheet",
        "where": "sheet.characteristics.Str",
        "pointer": "/sheet/characteristics/Str",
        "expected": strength,
        "found": strength + 2,
        "text": f"sheet.characteristics.Str: {strength} -> {strength + 2}",
    }
    assert json.loads(json.dumps(verdict.to_dict()))["differences"] == data


def test_a_value_of_another_json_type_is_a_difference() -> None:
    doc = export("wormwood-drift", 1)
    credits = doc["sheet"]["credits"]
    doc["sheet"]["credits"] = float(credits)
    verdict = verify(REGISTRY, doc)
    assert f"sheet.credits: {credits} -> {float(credits)}" in verdict.message


def test_both_the_first_differing_event_and_the_sheet_fields_are_named() -> None:
    doc = export("nowhere-yet", 7)
    i = next(i for i, e in enumerate(doc["history"]) if e["type"] == "throw")
    doc["history"][i]["total"] += 1
    doc["sheet"]["age"] += 4
    verdict = verify(REGISTRY, doc)
    assert [d.part for d in verdict.differences] == ["history", "sheet"]
    assert verdict.differences[0].where == f"history event {i + 1}"
    assert verdict.differences[1].where == "sheet.age"


# -- a sheet key the ruleset does not know is reported ----------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_unknown_keys_are_reported_not_dropped(ruleset: str) -> None:
    doc = export(ruleset, 1)
    doc["sheet"]["wealth"] = "vast"
    doc["sheet"]["extra"]["lucky"] = True
    doc["provenance"]["signed_by"] = "the referee"
    text = verify(REGISTRY, doc).message
    assert "sheet.wealth: not a sheet field" in text
    assert "sheet.extra.lucky: added true (the replay has no such field)" in text
    assert "provenance.signed_by: not part of a provenance" in text
    checked = check_export(REGISTRY, doc)
    assert not checked.identical and "sheet.wealth: not a sheet field" in checked.message


# -- refused: an unknown format, an unknown house rule, an invalid seed or rule ----------------------


def test_an_unknown_format_version_is_refused_like_import_does() -> None:
    doc = export("nowhere-yet", 1)
    doc["format"] = "lifepath.character/99"
    with pytest.raises(ReplayError) as caught:
        verify(REGISTRY, doc)
    assert caught.value.pointer == "/format" and "lifepath.character/99" in caught.value.message
    assert "reads only lifepath.character/1" in caught.value.message


def test_an_unknown_house_rule_is_refused_naming_the_rule() -> None:
    doc = export("nowhere-yet", 1)
    doc["provenance"]["house_rules"]["free_ship"] = True
    verdict = verify(REGISTRY, doc)
    assert not verdict.identical
    rules = ", ".join(sorted(REGISTRY.declaration("nowhere-yet")["properties"]))
    assert verdict.message.splitlines()[1] == (
        "  - provenance.house_rules.free_ship: nowhere-yet has no house rule called 'free_ship' "
        f"(its rules are: {rules})"
    )


@pytest.mark.parametrize("value", ["sometimes", 3, None])
def test_an_invalid_rule_value_names_the_rule_and_is_not_replayed(value: Any) -> None:
    doc = export("nowhere-yet", 1)
    doc["provenance"]["house_rules"]["crisis"] = value
    verdict = verify(REGISTRY, doc)
    assert [d.where for d in verdict.differences] == ["provenance.house_rules.crisis"]
    assert "is not allowed for house rule 'crisis'" in verdict.message and "medical-debt" in verdict.message
    assert "the replay was not run" in verdict.message and "decision" not in verdict.message


@pytest.mark.parametrize("seed", ["12", 1.5, True, None, 1 << 64])
def test_an_invalid_seed_is_named_not_reported_as_a_decision_mismatch(seed: Any) -> None:
    doc = export("wormwood-drift", 1)
    doc["provenance"]["seed"] = seed
    with pytest.raises(ReplayError) as caught:
        verify(REGISTRY, doc)
    assert caught.value.pointer == "/provenance/seed" and "the seed" in caught.value.message
    assert "decision" not in caught.value.paragraph()


def test_an_unknown_ruleset_is_named() -> None:
    doc = export("black-nova", 1)
    doc["provenance"]["ruleset"]["id"] = "dark-nova"
    with pytest.raises(ReplayError, match="made under the ruleset 'dark-nova', which is not installed") as caught:
        verify(REGISTRY, doc)
    assert caught.value.pointer == "/provenance/ruleset/id"


@pytest.mark.parametrize(
    ("where", "value", "pointer"),
    [
        ("decisions", [["name"]], "/provenance/decisions/0"),
        ("decisions", "all", "/provenance/decisions"),
        ("house_rules", [], "/provenance/house_rules"),
        ("options", "none", "/provenance/options"),
    ],
)
def test_a_malformed_provenance_names_the_field(where: str, value: Any, pointer: str) -> None:
    doc = export("d6-pool", 7)
    doc["provenance"][where] = value
    with pytest.raises(ReplayError) as caught:
        verify(REGISTRY, doc)
    assert caught.value.pointer == pointer


def test_an_untouched_export_is_identical_and_says_so() -> None:
    verdict = verify(REGISTRY, export("nowhere-yet", 7))
    assert verdict.identical and verdict.message == IDENTICAL and verdict.differences == []


def test_a_renamed_character_verifies_and_a_broken_rename_is_named() -> None:
    doc = export("wormwood-drift", 1)
    made = doc["sheet"]["name"]
    doc["sheet"]["name"] = "Nell"
    doc["provenance"]["renamed"] = [{"from": made, "to": "Nell"}]
    assert verify(REGISTRY, doc).identical
    doc["sheet"]["name"] = "Nellie"
    assert 'sheet.name: "Nell" -> "Nellie"' in verify(REGISTRY, doc).message


# -- check of an export: the replay and the build check --------------------------------------------


def test_check_export_adds_the_build_rules_of_a_point_build() -> None:
    doc = export("black-nova", 1)
    doc["sheet"]["extra"]["build"]["perks"].append("Universal attraction")
    verdict = check_export(REGISTRY, doc)
    assert verdict.checked_by == "replay and build"
    parts = [d.part for d in verdict.differences]
    assert parts == ["sheet", "build"]
    assert "build: there is no perk called 'Universal attraction'" in verdict.message


def test_check_export_of_a_lifepath_ruleset_is_the_replay() -> None:
    verdict = check_export(REGISTRY, export("nowhere-yet", 1))
    assert verdict.identical and verdict.checked_by == "replay"


def test_another_ruleset_version_is_refused_and_says_what_a_replay_can_prove() -> None:
    doc = export("d6-pool", 1)
    made = doc["provenance"]["ruleset"]["version"]
    doc["provenance"]["ruleset"]["version"] = "0.9.0"
    verdict = verify(REGISTRY, doc)
    assert not verdict.identical
    assert verdict.message.splitlines()[1:] == [
        f'  - provenance.ruleset.version: "{made}" -> "0.9.0"',
        "  (an export made with another version of d6-pool, its plugins or its tables cannot be verified here: "
        "the replay proves only what the installed ones make)",
    ]


def test_a_replay_that_stops_says_at_which_event_and_why() -> None:
    doc = export("nowhere-yet", 1)
    first = doc["history"][0]
    assert first["type"] == "decision" and doc["provenance"]["decisions"][0][0] == first["key"]
    doc["provenance"]["decisions"][0][1] = "dragon"
    verdict = verify(REGISTRY, doc)
    assert verdict.message == (
        f"the replay stopped at event 1: 'dragon' is not a legal answer to '{first['prompt']}'. Legal answers: "
        + ", ".join(first["options"])
        + "."
    )


@pytest.mark.parametrize(
    ("ruleset", "said"),
    [
        ("black-nova", "'luck' is not part of a build"),
        ("d6-pool", "at /luck: the field 'luck' is not one"),
    ],
)
def test_check_of_a_bare_build_reports_a_key_it_does_not_know(ruleset: str, said: str) -> None:
    build = dict(export(ruleset, 1)["sheet"]["extra"]["build"])
    rs = REGISTRY.ruleset(ruleset)
    assert rs.check_build(build) == []
    build["luck"] = 3
    violations = rs.check_build(build)
    assert len(violations) == 1 and said in violations[0] and "luck" in violations[0]
