"""The records compiled once from the tables (``compiled.py``, the skill table, the Discipline menu) equal what
a character would build from the tables afresh, and reusing them from one character to the next changes none."""

from __future__ import annotations

from itertools import accumulate
from typing import Any

import pytest

from lifepath import Decision, Option
from lifepath.plugins.wormwood_drift.career import NEW_GEAR_WEIGHT, another_term, path_question
from lifepath.plugins.wormwood_drift.compiled import DECISIONS, compiled, path_menu
from lifepath.plugins.wormwood_drift.muster import WEIGHTS
from lifepath.plugins.wormwood_drift.origin import ROLL_WEIGHT
from lifepath.plugins.wormwood_drift.psionics import STOP_WEIGHT, costs_text, discipline_menu
from lifepath.plugins.wormwood_drift.skills import skill_table
from lifepath.plugins.wormwood_drift.tables import tables
from lifepath.testing import create_character, make_registry

REGISTRY = make_registry()
RULESET = "wormwood-drift"


def test_the_menus_are_built_from_the_tables_rows() -> None:
    t = tables()
    c = compiled(t)
    assert compiled(t) is c
    backgrounds = t["backgrounds"]["backgrounds"]
    assert c.backgrounds.decision == Decision(
        "background",
        "Stage One: choose a Background",
        tuple(
            Option(
                r["id"], r["name"], 1.0, f"+{r['bonus']} {r['attribute']}, {r['skill']}, {r['gear']}; Scar: {r['scar']}"
            )
            for r in backgrounds
        ),
    )
    assert c.backgrounds.why == {r["id"]: f"Background: {r['name']}" for r in backgrounds}
    table = t["formative_events"]
    events = [Option(e["id"], e["event"], 1.0, f"{e['skill']}; Scar: {e['scar']}") for e in table["events"]]
    assert c.events.decision == Decision(
        "formative-event",
        "Stage Two: roll or choose a Formative Event",
        (Option("roll", f"roll {table['dice']}", ROLL_WEIGHT), *events),
    )
    assert {r: e["id"] for r, e in c.events.by_roll.items()} == {e["roll"]: e["id"] for e in table["events"]}
    muster = t["muster_out"]
    assert c.muster.decision(2, 3) == Decision(
        "muster-out",
        "Muster Out benefit 2 of 3: roll or choose",
        (
            Option("roll", f"roll {muster['roll']['dice']}", WEIGHTS["roll"]),
            *(Option(b["id"], b["label"], WEIGHTS.get(b["id"], 1.0)) for b in muster["benefits"]),
        ),
    )
    assert c.muster.decision(2, 3) is c.muster.decision(2, 3)
    assert c.muster.rows == {r["roll"]: r["benefit"] for r in muster["roll"]["rows"]}
    assert c.names == Decision(
        "name", "Name your character", tuple(Option(n) for n in t["names"]["names"]), free_text=True
    )
    assert c.numbers.formula_texts["resolve"] == "10 + Wits + Presence"
    assert c.numbers.attribute_names == tuple(t.attribute_names())


def test_each_path_record_is_its_registered_career() -> None:
    t = tables()
    careers = REGISTRY.careers(RULESET)
    menu = path_menu(careers, t)
    assert path_menu(REGISTRY.careers(RULESET), t) is menu
    governs = {s["name"]: s["attribute"] for s in t["skills"]["skills"]}
    for career in careers.values():
        data: Any = career.data
        path = menu.paths[career.id]
        detail = f"{', '.join(data['skills'])}; gear: {' or '.join(data['gear'])}"
        assert path.option(3.0) == Option(career.id, career.name, 3.0, detail)
        assert path.option(3.0) is path.option(3.0)
        assert [(g, new.weight, owned.weight) for g, new, owned in path.gear] == [
            (g, NEW_GEAR_WEIGHT, 1.0) for g in data["gear"]
        ]
        assert [o for _, o in path.contacts] == [Option(c) for c in data["contacts"]]
        used = [governs[s] for s in data["skills"]]
        for name in t.attribute_names():
            assert path.attribute_option(name, 2) == Option(name, f"{name} 2", 1.0 + used.count(name))
        words = path.term(2)
        assert words.why == f"term 2: {career.name}"
        assert words.skill_prompts == (
            f"Term 2 ({career.name}): skill rank 1 of 2",
            f"Term 2 ({career.name}): skill rank 2 of 2",
        )
        assert words.hard_term == f"Hard Term check: term 2 ({career.name})"
        assert path.term(2) is words
    question = path_question(menu, 2, "void-corps")
    assert question is path_question(menu, 2, "void-corps")
    assert [o.weight for o in question.options] == [3.0 if c == "void-corps" else 1.0 for c in careers]
    assert another_term(3, 3, 0.5) == Decision(
        "another-term",
        "Serve term 3 (up to 3)?",
        (Option("yes", "yes", 0.5), Option("no", "no", 0.5)),
        default="yes",
    )


@pytest.mark.parametrize("rank", [-1, 0, 1, 2, 3, 5])
def test_a_skill_option_is_the_one_made_afresh(rank: int) -> None:
    table = skill_table(tables()["skills"])
    for skill in table.rows:
        assert table.raise_option(skill, rank) == Option(skill, f"{skill} {rank} -> {rank + 1}", 1.0 + rank)
        assert table.elsewhere_option(skill, rank) == Option(skill, f"{skill} {rank}", 1.0 + rank)
    if 0 <= rank < table.maximum:
        assert table.raise_option("Pilot", rank) is table.raise_option("Pilot", rank)


def test_the_discipline_menu() -> None:
    table = tables()["disciplines"]
    menu = discipline_menu(table)
    assert [o for _, o in menu.options] == [
        Option(r["id"], r["name"], 1.0, " / ".join(r["powers"])) for r in table["disciplines"]
    ]
    assert menu.stop == Option("none", "no more Disciplines", STOP_WEIGHT)
    assert menu.context == f"Taking a Discipline costs nothing now; using one is {costs_text(table)}."


def test_a_reused_decision_keeps_the_running_totals_of_a_fresh_one() -> None:
    options = tuple(skill_table(tables()["skills"]).raise_option(s, 1) for s in ("Pilot", "Lore", "Stealth"))
    asked = DECISIONS.get("term-skill", "a test prompt", options)
    assert DECISIONS.get("term-skill", "a test prompt", options) is asked
    fresh = Decision("term-skill", "a test prompt", tuple(Option(o.id, o.label, o.weight) for o in options))
    assert asked == fresh
    assert asked.cumulative_weights() == fresh.cumulative_weights() == tuple(accumulate([2.0, 2.0, 2.0]))


@pytest.mark.parametrize(
    ("rules", "options"),
    [({}, {}), ({"max_terms": 12, "min_terms": 1, "hard_term_on": 5}, {"terms": 10})],
)
def test_the_order_characters_are_made_in_changes_none_of_them(rules: dict[str, Any], options: dict[str, Any]) -> None:
    """Each character meets the compiled records and decisions in another state (made, or not yet, by the
    characters before it); the characters are the same either way. The long careers reach the skill cap, so
    ranks go elsewhere, and their Hard Terms ask for Scars."""
    seeds = range(24)

    def made(order: range) -> dict[int, str]:
        return {s: create_character(REGISTRY, RULESET, s, rules=rules, options=options).to_json() for s in order}

    assert made(seeds) == made(seeds[::-1])
