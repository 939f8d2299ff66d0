"""A mutation suite of exports: for every ruleset, untouched ``--auto`` exports (seeds 1 and 7) are broken
one field at a time, and each broken export must be refused by the whole-export check (``lifepath
check``: a replay as ``lifepath verify`` does, plus the build check of a point-build) with a message that
names the field. One test per (ruleset, mutation); the Python API, not a subprocess per case.

A mutation returns the words the message must contain: the field's path (``sheet.extra.points.left``),
or the event (``history event 12``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .conftest import REGISTRY, RULESETS, SEEDS, audit, export

Doc = dict[str, Any]
Mutation = Callable[[Doc], str]


def _first(doc: Doc, kind: str, start: int = 0, **fields: Any) -> int:
    return next(
        i
        for i, e in enumerate(doc["history"])
        if i >= start and e["type"] == kind and all(e.get(k) == v for k, v in fields.items())
    )


def _asked(doc: Doc) -> list[int]:
    """Indexes of the history's decision events a chooser answered (with more than one option)."""
    return [
        i
        for i, e in enumerate(doc["history"])
        if e["type"] == "decision" and not e.get("forced") and len(e["options"]) > 1
    ]


def _other(options: list[str], answer: str) -> str:
    return next(o for o in options if o != answer)


# -- history ---------------------------------------------------------------------------------------


def delete_event(doc: Doc) -> str:
    i = len(doc["history"]) // 2
    del doc["history"][i]
    return "history event"


def insert_event(doc: Doc) -> str:
    i = len(doc["history"]) // 2
    doc["history"].insert(i, {"type": "note", "text": "found a cache of credits"})
    return f"history event {i + 1}"


def append_event(doc: Doc) -> str:
    doc["history"].append({"type": "change", "what": "credits", "from": 0, "to": 100000, "why": "a gift"})
    return f"event {len(doc['history'])}"


def truncate_history(doc: Doc) -> str:
    n = len(doc["history"])
    del doc["history"][-1]
    return f"ends after event {n - 1}"


def reorder_events(doc: Doc) -> str:
    h = doc["history"]
    i = next(i for i in range(len(h) // 3, len(h) - 1) if h[i] != h[i + 1])
    h[i], h[i + 1] = h[i + 1], h[i]
    return f"history event {i + 1}: the export has the same events in another order"


def empty_history(doc: Doc) -> str:
    doc["history"] = []
    return "at /history: the export's history is empty"


def history_answer(doc: Doc) -> str:
    i = _asked(doc)[-1]
    event = doc["history"][i]
    event["answer"] = _other(event["options"], event["answer"])
    return f'history event {i + 1} (decision "{event["key"]}"): answer'


def throw_face(doc: Doc) -> str:
    i = _first(doc, "throw")
    event = doc["history"][i]
    event["faces"] = [1 if f != 1 else 2 for f in event["faces"]]
    return f"history event {i + 1} (a throw for {event['purpose']!r}".replace("'", '"')


# -- provenance ------------------------------------------------------------------------------------


def decision_answer(doc: Doc) -> str:
    i = _asked(doc)[-1]
    event = doc["history"][i]
    k = [j for j, e in enumerate(doc["history"]) if e["type"] == "decision" and not e.get("forced")].index(i)
    doc["provenance"]["decisions"][k][1] = _other(event["options"], event["answer"])
    return f"provenance.decisions[{k}]"


def decision_extra(doc: Doc) -> str:
    doc["provenance"]["decisions"].append(["name", "Mallory"])
    return "provenance.decisions: 1 recorded decision(s) were never asked for"


def decision_dropped(doc: Doc) -> str:
    n = len(doc["provenance"]["decisions"])
    del doc["provenance"]["decisions"][-1]
    return f"the recorded decisions ran out at decision {n}"


def seed_changed(doc: Doc) -> str:
    doc["provenance"]["seed"] += 1
    return "provenance.seed"


def seed_not_a_number(doc: Doc) -> str:
    doc["provenance"]["seed"] = str(doc["provenance"]["seed"])
    return "at /provenance/seed: the seed"


def ruleset_version(doc: Doc) -> str:
    made = doc["provenance"]["ruleset"]["version"]
    doc["provenance"]["ruleset"]["version"] = "0.9.0"
    return f'provenance.ruleset.version: "{made}" -> "0.9.0"'


def tables_hash(doc: Doc) -> str:
    doc["provenance"]["tables_sha256"] = "0" * 64
    # not a difference of the replay: a replay needs the very tables the character was made from
    return "at /provenance/tables_sha256: this character was made from"


def plugin_version(doc: Doc) -> str:
    doc["provenance"]["plugins"][0]["version"] = "9.9.9"
    # not a difference of the replay: a replay needs the very plugins the character was made with
    name = doc["provenance"]["plugins"][0]["name"]
    return f"at /provenance/plugins/0: this character was made with the plugin '{name}' 9.9.9, and"


def unknown_rule(doc: Doc) -> str:
    doc["provenance"]["house_rules"]["lucky_charm"] = True
    return "provenance.house_rules.lucky_charm: "


def bad_rule_value(doc: Doc) -> str:
    name = sorted(doc["provenance"]["house_rules"])[0]
    doc["provenance"]["house_rules"][name] = ["not", "a", "value"]
    return f"provenance.house_rules.{name}: "


def missing_rule(doc: Doc) -> str:
    name = sorted(doc["provenance"]["house_rules"])[-1]
    del doc["provenance"]["house_rules"][name]
    return f"provenance.house_rules.{name}: missing"


def unknown_format(doc: Doc) -> str:
    doc["format"] = "lifepath.character/99"
    return 'at /format: this export is in the format "lifepath.character/99"'


def unknown_export_key(doc: Doc) -> str:
    doc["bonus"] = {"credits": 1000}
    return "bonus: not part of a character export"


# -- sheet -----------------------------------------------------------------------------------------


def characteristic(doc: Doc) -> str:
    name, value = next(iter(doc["sheet"]["characteristics"].items()))
    doc["sheet"]["characteristics"][name] = value + 2
    return f"sheet.characteristics.{name}: {value} -> {value + 2}"


def skill(doc: Doc) -> str:
    name, value = next(iter(doc["sheet"]["skills"].items()))
    doc["sheet"]["skills"][name] = value + 1
    return f"sheet.skills.{name}: {value} -> {value + 1}"


def skill_added(doc: Doc) -> str:
    doc["sheet"]["skills"]["Xenolinguistics"] = 3
    return "sheet.skills.Xenolinguistics: added 3"


def trait_added(doc: Doc) -> str:
    doc["sheet"]["traits"].append("Universal attraction")
    return 'sheet.traits: added "Universal attraction"'


def credits(doc: Doc) -> str:
    doc["sheet"]["credits"] += 1000000
    return "sheet.credits"


def name(doc: Doc) -> str:
    doc["sheet"]["name"] = "Somebody Else"
    return "sheet.name: "


def unknown_sheet_key(doc: Doc) -> str:
    doc["sheet"]["luck"] = 12
    return "sheet.luck: not a sheet field"


def unknown_extra_key(doc: Doc) -> str:
    doc["sheet"]["extra"]["bonus_dice"] = 2
    return "sheet.extra.bonus_dice: added 2"


def career_terms(doc: Doc) -> str:
    doc["sheet"]["careers"][0]["terms"] += 1
    return "sheet.careers[0].terms"


def extra(*path: str, by: int = 1) -> Mutation:
    """Add ``by`` to the number at ``sheet.extra.<path>`` (a derived value, a points ledger entry...)."""

    def mutate(doc: Doc) -> str:
        node = doc["sheet"]["extra"]
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] += by
        return "sheet.extra." + ".".join(path)

    mutate.__name__ = "extra_" + "_".join(path)
    return mutate


def d6_derived(doc: Doc) -> str:
    doc["sheet"]["extra"]["derived"]["Willpower"] = "6D"
    return "sheet.extra.derived.Willpower: "


def d6_build_attribute(doc: Doc) -> str:
    doc["sheet"]["extra"]["build"]["attributes"]["Strength"] = "5D"
    return "sheet.extra.build.attributes.Strength: "


def perk_added(doc: Doc) -> str:
    doc["sheet"]["extra"]["build"]["perks"].append("Universal attraction")
    return "there is no perk called 'Universal attraction'"


def scar_added(doc: Doc) -> str:
    doc["sheet"]["extra"]["scars"].append({"scar": "none at all", "from": "wishful thinking"})
    return "sheet.extra.scars"


EVERY = (
    delete_event,
    insert_event,
    append_event,
    truncate_history,
    reorder_events,
    empty_history,
    history_answer,
    decision_answer,
    decision_extra,
    decision_dropped,
    seed_not_a_number,
    ruleset_version,
    tables_hash,
    plugin_version,
    unknown_rule,
    bad_rule_value,
    missing_rule,
    unknown_format,
    unknown_export_key,
    characteristic,
    skill,
    skill_added,
    trait_added,
    credits,
    name,
    unknown_sheet_key,
    unknown_extra_key,
)
OWN: dict[str, tuple[Mutation, ...]] = {
    # seeds and throws: the random lifepaths throw dice and Black Nova draws the names it offers; a D6 pool
    # character does not depend on its seed at all (see test_a_d6_pool_build_does_not_depend_on_its_seed)
    "nowhere-yet": (throw_face, seed_changed, career_terms, extra("homeworld", "law_level")),
    "wormwood-drift": (
        throw_face,
        seed_changed,
        career_terms,
        scar_added,
        extra("derived", "resolve"),
        extra("derived", "lifeblood"),
        extra("muster_credits", by=500),
    ),
    "d6-pool": (
        d6_derived,
        d6_build_attribute,
        extra("derived", "Toughness"),
        extra("points", "left"),
        extra("points", "spent"),
        extra("points", "pool", by=5),
    ),
    "black-nova": (
        seed_changed,
        perk_added,
        extra("hit_points"),
        extra("inventory_slots"),
        extra("melee_damage_multiplier"),
        extra("roll_bonuses", "Melee"),
        extra("build", "attributes", "Strength"),
        extra("build", "skills", "Science"),
    ),
}
CASES = [
    pytest.param(ruleset, mutation, id=f"{ruleset}-{mutation.__name__}")
    for ruleset in RULESETS
    for mutation in (*EVERY, *OWN[ruleset])
]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_untouched_exports_pass(ruleset: str) -> None:
    for seed in SEEDS:
        refused, text = audit(export(ruleset, seed))
        assert not refused, text


@pytest.mark.parametrize(("ruleset", "mutation"), CASES)
def test_each_broken_field_is_refused_and_named(ruleset: str, mutation: Mutation) -> None:
    for seed in SEEDS:
        doc = export(ruleset, seed)
        named = mutation(doc)
        refused, text = audit(doc)
        assert refused, f"seed {seed}: {mutation.__name__} was not refused"
        assert named in text, f"seed {seed}: {named!r} not in {text!r}"


def test_a_d6_pool_build_does_not_depend_on_its_seed() -> None:
    """The D6 pool throws no dice and draws nothing, so another seed with the same recorded decisions makes
    the same character: a changed seed there is not a false record, and the replay rightly finds nothing."""
    doc = export("d6-pool", 1)
    assert not any(e["type"] == "throw" for e in doc["history"])
    doc["provenance"]["seed"] = 2
    refused, text = audit(doc)
    assert not refused, text


def test_every_ruleset_has_its_own_mutations() -> None:
    assert set(OWN) == set(RULESETS) == set(REGISTRY.rulesets())
