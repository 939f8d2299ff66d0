"""Property tests: for many seeds, every ``--auto`` Wormwood Drift character obeys every rule of creation."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from lifepath import Character
from lifepath.testing import create_character, make_registry

REGISTRY = make_registry()
RULESET = "wormwood-drift"
ATTRIBUTES = ["Might", "Agility", "Wits", "Presence"]
BACKGROUND_SCARS = {
    "Colonial Stock": "Distrusts corporate tech",
    "Void-Born": "−1 Resolve under open sky",
    "Corporate Scion": "Someone is always watching",
    "Hive-Descended": "Discomfort in true solitude",
    "Machine-Grafted": "−1 Resolve near AI collapse",
}
CYBERWARE = {
    "Hive-Descended": {"item": "Neural interface jack", "attribute": "Wits", "task": "Hacking", "bonus": 1},
    "Machine-Grafted": {"item": "Integral cyberlimb", "attribute": "Might", "task": "Athletics", "bonus": 1},
}
DISCIPLINES = {"Telepathy", "Precognition", "Biokinesis", "Telekinesis", "Void-Sight", "Astral Projection"}
SEEDS = st.integers(0, 2**31 - 1)


def check(c: Character, *, least: int = 2, most: int = 3, hard_on: int = 2, cyberware_costs: bool = True) -> None:
    """Every rule a finished character must obey (hand-written, independent of the plugin's code)."""
    s = c.sheet
    x: dict[str, Any] = s.extra
    terms: list[dict[str, Any]] = x["terms"]
    n = s.total_terms
    # Attributes: 0-4, start 1, +1 background, +1 per term that was not a Hard Term (never past 4)
    assert list(s.characteristics) == ATTRIBUTES
    assert all(1 <= v <= 4 for v in s.characteristics.values())
    hard = [t for t in terms if t["hard_term"]]
    easy = [t for t in terms if not t["hard_term"]]
    assert sum(s.characteristics.values()) == 4 + 1 + len(easy)
    assert all(t["attribute"] is None for t in hard)
    assert all(t["attribute"] in ATTRIBUTES for t in easy)
    # skills: Broad 1-3, one rank each from background and event, two per term
    assert all(1 <= v <= 3 for v in s.skills.values())
    assert sum(s.skills.values()) == 2 + 2 * n
    # terms
    assert least <= n <= most
    assert len(terms) == n
    assert [t["term"] for t in terms] == list(range(1, n + 1))
    assert all(len(t["skills"]) == 2 for t in terms)
    # Scars: background's printed Scar, the event's printed Scar, then one per Hard Term
    scars = [sc["scar"] for sc in x["scars"]]
    assert len(scars) == 2 + len(hard)
    assert scars[0] == BACKGROUND_SCARS[x["background"]]
    assert x["scars"][1]["from"].startswith("Formative Event")
    assert all(t["scar"] for t in hard)
    assert scars[2:] == [t["scar"] for t in hard]
    assert len({sc.lower() for sc in scars}) == len(scars)
    # the throws: a Hard Term is exactly a term whose 2D6 totals hard_on or less, and each went through the crisis hook
    checks = [e for e in c.history if e["type"] == "throw" and e["purpose"].startswith("Hard Term check")]
    assert [e["total"] <= hard_on for e in checks] == [t["hard_term"] for t in terms]
    crises = [e for e in c.history if e["type"] == "crisis"]
    assert [e["kind"] for e in crises] == ["hard-term"] * len(hard)
    assert all(e["outcome"] == "scar" for e in crises)
    # gear, Contacts, Muster Out
    assert len(s.equipment) == 1 + n
    assert len(x["contacts"]) == n
    assert len(x["muster_out"]) == n
    benefits = [m["benefit"] for m in x["muster_out"]]
    assert len(x["rivals"]) == benefits.count("rival")
    assert x["ship_shares"] == benefits.count("ship-share")
    assert sum(r.rank for r in s.careers) == benefits.count("rank")
    assert x["muster_credits"] == 1000 * benefits.count("credits")
    assert s.credits == n * 1000 + x["muster_credits"]
    # careers: one record per Path, terms add up; a rank goes to the final Path
    assert sum(r.terms for r in s.careers) == n
    if benefits.count("rank"):
        final = next(r for r in s.careers if r.name == terms[-1]["path"])
        assert final.rank == benefits.count("rank") and final.title
    # cyberware: a Background's piece, its +1 task bonus beside its cost of 1 maximum Resolve (5.3)
    cost = 1 if cyberware_costs else 0
    piece = CYBERWARE.get(x["background"])
    assert x["cyberware"] == ([{**piece, "resolve_cost": cost}] if piece else [])
    # psionic Disciplines (6.1): only with Occultism and Willpower of 1+, never more than the Willpower rank
    occultism, willpower = s.skills.get("Occultism", 0), s.skills.get("Willpower", 0)
    allowed = willpower if occultism >= 1 and willpower >= 1 else 0
    taken = x["disciplines"]
    assert len(taken) <= allowed
    assert len(set(taken)) == len(taken) and set(taken) <= DISCIPLINES
    asked = [e for e in c.history if e["type"] == "decision" and e["key"] == "discipline"]
    assert len(asked) == (len(taken) + (1 if len(taken) < allowed else 0) if allowed else 0)
    # derived values; Defense 8 + Agility (4.2, 10.1); taking Disciplines costs no Resolve at creation
    ch = s.characteristics
    assert x["derived"] == {
        "resolve": 10 + ch["Wits"] + ch["Presence"] - cost * len(x["cyberware"]),
        "stamina": 10 + ch["Might"] + ch["Agility"],
        "lifeblood": 5 + ch["Might"],
        "carrying": ch["Might"] + 4,
        "defense": 8 + ch["Agility"],
    }
    assert s.age == 18 + 4 * n
    assert s.species == "Human"
    assert s.name
    assert s.status == "alive"
    for skill in ("Gun Combat", "Pilot", "Engineer", "Medicine", "Melee", "Lore"):
        assert (skill in x["cascades"]) == (skill in s.skills)


@settings(max_examples=300, deadline=None)
@given(SEEDS)
def test_every_auto_character_obeys_the_rules(seed: int) -> None:
    check(create_character(REGISTRY, RULESET, seed))


@settings(max_examples=200, deadline=None)
@given(SEEDS, st.integers(1, 12))
def test_long_careers_hit_the_caps_and_never_pass_them(seed: int, terms: int) -> None:
    """With the term cap raised, Attributes stop at 4 and skills at 3; a grant past 3 goes elsewhere."""
    c = create_character(REGISTRY, RULESET, seed, rules={"max_terms": 12, "min_terms": 1}, options={"terms": terms})
    s = c.sheet
    assert s.total_terms == terms
    assert all(1 <= v <= 4 for v in s.characteristics.values())
    assert all(1 <= v <= 3 for v in s.skills.values())
    assert sum(s.skills.values()) == 2 + 2 * terms
    assert s.credits == terms * 1000 + s.extra["muster_credits"]
    assert len(s.extra["scars"]) >= 2


@settings(max_examples=100, deadline=None)
@given(SEEDS, st.sampled_from([2, 3]))
def test_terms_option_is_obeyed(seed: int, terms: int) -> None:
    c = create_character(REGISTRY, RULESET, seed, options={"terms": terms})
    check(c)
    assert c.sheet.total_terms == terms


@settings(max_examples=100, deadline=None)
@given(SEEDS)
def test_every_term_hard_under_a_house_rule(seed: int) -> None:
    c = create_character(REGISTRY, RULESET, seed, rules={"hard_term_on": 12})
    check(c, hard_on=12)
    assert all(t["hard_term"] for t in c.sheet.extra["terms"])
    assert sum(c.sheet.characteristics.values()) == 5


@settings(max_examples=100, deadline=None)
@given(SEEDS)
def test_no_hard_terms_when_switched_off(seed: int) -> None:
    c = create_character(REGISTRY, RULESET, seed, rules={"hard_term_on": 0})
    check(c, hard_on=0)
    assert len(c.sheet.extra["scars"]) == 2


@settings(max_examples=100, deadline=None)
@given(SEEDS, st.booleans())
def test_occult_lives_obey_the_discipline_limit(seed: int, costs: bool) -> None:
    """Cult Initiate terms make Occultism and Willpower common, so the Discipline rule is exercised often."""
    c = create_character(
        REGISTRY,
        RULESET,
        seed,
        options={"path": "cult-initiate"},
        answers={"path": ["cult-initiate"] * 3},
        rules={"cyberware_resolve": costs},
    )
    check(c, cyberware_costs=costs)


def test_occult_lives_reach_every_number_of_disciplines() -> None:
    """The property above is not vacuous: its lives take none, one, two and three Disciplines."""
    counts = {
        len(
            create_character(
                REGISTRY, RULESET, seed, options={"path": "cult-initiate"}, answers={"path": ["cult-initiate"] * 3}
            ).sheet.extra["disciplines"]
        )
        for seed in range(40)
    }
    assert counts == {0, 1, 2, 3}


def test_most_characters_finish_at_2_or_3_in_their_strongest_attribute() -> None:
    """Section 2: 'most characters finish chargen sitting at 2-3 in their strongest Attributes'."""
    tops = [max(create_character(REGISTRY, RULESET, seed).sheet.characteristics.values()) for seed in range(300)]
    share = sum(1 for t in tops if t in (2, 3)) / len(tops)
    assert share > 0.5
    assert max(tops) <= 4
