"""Golden characters: fixed seeds (and a few scripted answers) give known characters, byte for byte.

Each case also asserts the situation it was chosen to cover, so a golden file that stopped covering
its case fails, and is not written, when regenerated. The tests only read the golden files; to
regenerate them after a deliberate rules change run ``python tests/regen_goldens.py`` (it calls
:func:`regenerate` here) and review ``git diff tests/nowhere_yet/golden``.

Besides the JSON exports, ``golden/ucf/`` holds the Universal Character Format text of a few characters,
typed out in full (README's seed-269 block among them): the renderer is checked against fixed text, not
against text rebuilt with its own formatting.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lifepath import Character
from lifepath.replay import verify
from lifepath.testing import create_character, make_registry

GOLDEN = Path(__file__).parent / "golden"
REGISTRY = make_registry("nowhere_yet")


def events(c: Character, **match: Any) -> list[dict[str, Any]]:
    return [e for e in c.history if all(e.get(k) == v for k, v in match.items())]


def decided(c: Character, key: str, answer: str) -> bool:
    return bool(events(c, type="decision", key=key, answer=answer))


def mishap(c: Character, mishap_id: str) -> bool:
    return bool(events(c, type="note", mishap=mishap_id))


def held_past_cap(c: Character) -> bool:
    return any(e.get("held") and "past the term cap" in e["text"] for e in events(c, type="note"))


CASES: dict[str, tuple[dict[str, Any], Callable[[Character], bool]]] = {
    "drifter": ({"seed": 0}, lambda c: decided(c, "failed-qualification", "drifter")),
    "draft": (
        {"seed": 2},
        lambda c: decided(c, "failed-qualification", "draft") and any(r.extra.get("drafted") for r in c.sheet.careers),
    ),
    "anagathics": (
        {"seed": 4},
        lambda c: decided(c, "anagathics", "yes") and bool(events(c, type="change", what="debt (anagathics)")),
    ),
    "natural-12-hold-past-cap": (
        {"seed": 78, "rules": ["max_terms=3"]},
        lambda c: held_past_cap(c) and c.sheet.total_terms > 3,
    ),
    "injury-crisis": (
        {"seed": 18},
        lambda c: bool(events(c, type="crisis", kind="injury", outcome="medical-debt")) and c.sheet.status == "alive",
    ),
    "ageing-crisis": (
        {"seed": 431},
        lambda c: bool(events(c, type="crisis", kind="ageing", outcome="medical-debt")) and c.sheet.status == "alive",
    ),
    "rank-6": (
        {"seed": 269},
        lambda c: (
            any(r.rank == 6 for r in c.sheet.careers)
            and bool(events(c, type="decision", key="commission", answer="yes"))
        ),
    ),
    "mishap-injured-in-action": ({"seed": 8}, lambda c: mishap(c, "injured-in-action")),
    "mishap-honourable-discharge": ({"seed": 15}, lambda c: mishap(c, "honourable-discharge")),
    "mishap-legal-battle": (
        {"seed": 11},
        lambda c: mishap(c, "legal-battle") and any(d.kind == "legal" and d.amount == 10000 for d in c.sheet.debts),
    ),
    "mishap-dishonourable-discharge": ({"seed": 0}, lambda c: mishap(c, "dishonourable-discharge")),
    "mishap-prison": ({"seed": 7}, lambda c: mishap(c, "prison")),
    "mishap-medical-discharge": ({"seed": 12}, lambda c: mishap(c, "medical-discharge")),
    "uwp-homeworld": (
        {"seed": 5, "options": {"homeworld": "Tessaly", "uwp": "A867A69-F"}},
        lambda c: (
            c.sheet.extra["homeworld"]
            == {"name": "Tessaly", "uwp": "A867A69-F", "trade_codes": ["Hi", "Ht"], "law_level": 9, "law": "High Law"}
        ),
    ),
    "trade-codes-homeworld": (
        {"seed": 6, "options": {"trade_codes": "Ag,Ni", "law_level": 2}},
        lambda c: (
            c.sheet.extra["homeworld"]["trade_codes"] == ["Ag", "Ni"] and c.sheet.extra["homeworld"]["law"] == "Low Law"
        ),
    ),
    "printed-survival-death": ({"seed": 0, "rules": ["survival_failure=death"]}, lambda c: c.sheet.status == "dead"),
    "printed-crisis-death": (
        {"seed": 18, "rules": ["crisis=printed"]},
        lambda c: c.sheet.status == "dead" and bool(events(c, type="crisis", outcome="death")),
    ),
    "assign-characteristics": (
        {"seed": 3, "rules": ["characteristics=assign"]},
        lambda c: len(events(c, type="decision", key="assign-characteristic")) == 6,
    ),
}
for origin in ("human-male", "human-female", "avian", "insectan", "merfolk", "reptilian"):
    CASES[f"origin-{origin}"] = (
        {"seed": 100, "options": {"species": origin}},
        lambda c, o=origin: c.sheet.species == o,
    )


UCF = GOLDEN / "ucf"
#: characters whose UCF text is fixed: seed, house rules, options, and what each shows
UCF_CASES: dict[str, dict[str, Any]] = {
    "seed-269": {"seed": 269},  # README's example: rank title, noble title, pension, repeated equipment
    "seed-11-debt": {"seed": 11},  # no cash and a debt, four careers
    "seed-18-dead": {"seed": 18, "rules": ["crisis=printed"]},  # dead, an alien origin's trait line
    "seed-100-avian": {"seed": 100, "options": {"species": "avian"}},  # slow speed with a half metre
    "seed-100-insectan": {"seed": 100, "options": {"species": "insectan"}},  # caste name in place of a title
    "seed-4-no-career": {"seed": 4, "options": {"terms": 0}},  # no career, no equipment line
}


def make(spec: dict[str, Any]) -> Character:
    return create_character(
        REGISTRY, "nowhere-yet", spec["seed"], rules=spec.get("rules", ()), options=spec.get("options")
    )


def regenerate() -> list[Path]:
    """Write every golden file from the current code; returns the files whose text changed. A case whose
    seed no longer covers its situation raises instead of being written (choose another seed)."""
    changed = []
    UCF.mkdir(exist_ok=True)
    outputs: list[tuple[Path, str]] = []
    for name, (spec, covers) in sorted(CASES.items()):
        character = make(spec)
        if not covers(character):
            raise SystemExit(f"seed no longer covers the case '{name}': pick another seed in CASES")
        outputs.append((GOLDEN / f"{name}.json", character.to_json()))
    for name, spec in sorted(UCF_CASES.items()):
        outputs.append((UCF / f"{name}.txt", REGISTRY.ruleset("nowhere-yet").render(make(spec))))
    for path, text in outputs:
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            changed.append(path)
    return changed


def test_regeneration_is_a_command_not_a_test_switch() -> None:
    if os.environ.get("LIFEPATH_REGEN_GOLDEN"):
        pytest.fail("tests never write golden files: unset LIFEPATH_REGEN_GOLDEN and run python tests/regen_goldens.py")


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_character(name: str) -> None:
    spec, covers = CASES[name]
    character = make(spec)
    assert covers(character), f"seed no longer covers the case '{name}'"
    assert character.to_json() == (GOLDEN / f"{name}.json").read_text(encoding="utf-8")
    assert verify(REGISTRY, character.to_dict()).identical


@pytest.mark.parametrize("name", sorted(UCF_CASES))
def test_ucf_text_of_a_known_character(name: str) -> None:
    expected = (UCF / f"{name}.txt").read_text(encoding="utf-8")
    assert REGISTRY.ruleset("nowhere-yet").render(make(UCF_CASES[name])) == expected


def test_the_ucf_files_are_the_listed_cases() -> None:
    assert sorted(p.stem for p in UCF.glob("*.txt")) == sorted(UCF_CASES)
    assert sorted(p.stem for p in GOLDEN.glob("*.json")) == sorted(CASES)


def test_insectan_caste_replaces_social_standing() -> None:
    c = create_character(REGISTRY, "nowhere-yet", 100, options={"species": "insectan"})
    assert c.sheet.extra["social_name"] == "Caste"
    assert "noble_title" not in c.sheet.extra
    assert any(e["what"] == "characteristic Caste" for e in events(c, type="change"))


def test_avian_dice_and_flyer_skill() -> None:
    c = create_character(REGISTRY, "nowhere-yet", 100, options={"species": "avian"})
    dice = {e["purpose"]: e["dice"] for e in events(c, type="throw") if e["purpose"].startswith("characteristic:")}
    assert dice["characteristic: Strength"] == "1D6"
    assert dice["characteristic: Dexterity"] == "3D6"
    assert dice["characteristic: Endurance"] == "1D6"
    assert c.sheet.age >= 22
    assert "Athletics" in c.sheet.skills
    assert c.sheet.characteristics["Dex"] <= 17


def test_reptilian_natural_weapons() -> None:
    c = create_character(REGISTRY, "nowhere-yet", 100, options={"species": "reptilian"})
    assert c.sheet.skills.get("Melee Combat (Natural Weapons)", -1) >= 0
