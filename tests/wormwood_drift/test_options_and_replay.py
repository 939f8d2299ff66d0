"""Creation options (``--option background=``, ``--option path=``, ``--terms``), determinism and replay."""

from __future__ import annotations

import pytest

from lifepath import LifepathError, UnknownName, hookimpl
from lifepath.replay import verify
from lifepath.testing import create_character, make_registry

REGISTRY = make_registry()
RULESET = "wormwood-drift"


@pytest.mark.parametrize("text", ["void-born", "Void-Born", "VOID-BORN", "  void-born "])
def test_background_option_is_case_insensitive(text: str) -> None:
    c = create_character(REGISTRY, RULESET, 3, options={"background": text})
    assert c.sheet.extra["background"] == "Void-Born"
    (decision,) = [e for e in c.history if e["type"] == "decision" and e["key"] == "background"]
    assert decision.get("forced") is True


@pytest.mark.parametrize("key", ["path", "career"])
@pytest.mark.parametrize("text", ["cult initiate", "CULT-INITIATE", "Cult Initiate"])
def test_path_option_fixes_the_first_term(key: str, text: str) -> None:
    c = create_character(REGISTRY, RULESET, 4, options={key: text})
    assert c.sheet.extra["terms"][0]["path"] == "Cult Initiate"


def test_unknown_background_lists_the_known_ones() -> None:
    with pytest.raises(UnknownName) as info:
        create_character(REGISTRY, RULESET, 1, options={"background": "spacer"})
    text = info.value.paragraph()
    assert "no background called 'spacer'" in text
    for name in ("Colonial Stock", "Void-Born", "Corporate Scion", "Hive-Descended", "Machine-Grafted"):
        assert name in text


def test_unknown_path_lists_the_known_ones() -> None:
    with pytest.raises(UnknownName) as info:
        create_character(REGISTRY, RULESET, 1, options={"path": "navy"})
    text = info.value.paragraph()
    assert "no career path called 'navy'" in text
    assert "Void Corps" in text and "Xenoarchaeologist" in text


@pytest.mark.parametrize("terms", [0, 1, 4])
def test_terms_outside_the_rules_are_refused(terms: int) -> None:
    with pytest.raises(LifepathError, match="outside the 2 to 3 terms"):
        create_character(REGISTRY, RULESET, 1, options={"terms": terms})


def test_terms_inside_raised_limits() -> None:
    c = create_character(REGISTRY, RULESET, 1, rules=["max_terms=5"], options={"terms": 5})
    assert c.sheet.total_terms == 5
    assert c.sheet.age == 18 + 20


@pytest.mark.parametrize("seed", [0, 1, 2, 31, 12345, 2**31 - 1])
def test_same_seed_same_character(seed: int) -> None:
    a = create_character(REGISTRY, RULESET, seed)
    b = create_character(make_registry(), RULESET, seed)
    assert a.to_json() == b.to_json()


@pytest.mark.parametrize("seed", [0, 2, 31, 777])
def test_replay_is_identical(seed: int) -> None:
    c = create_character(REGISTRY, RULESET, seed, options={"terms": 3})
    verdict = verify(REGISTRY, c.to_dict())
    assert verdict.identical, verdict.message


def test_replay_of_free_text_answers_is_identical() -> None:
    c = create_character(
        REGISTRY,
        RULESET,
        2,
        answers={"scar": "a scar of my own", "name": "Kess Varga", "contact": ["an old friend on Tallis Station"]},
        options={"background": "hive-descended", "path": "scavenger crew"},
    )
    assert c.sheet.name == "Kess Varga"
    verdict = verify(REGISTRY, c.to_dict())
    assert verdict.identical, verdict.message


class ExtraPath:
    """A third-party plugin adding a Career Path to Wormwood Drift."""

    @hookimpl
    def lifepath_register_careers(self, ruleset_id: str, register: object) -> None:
        if ruleset_id == RULESET:
            register(
                {  # type: ignore[operator]
                    "$schema": "https://lifepath.example/schemas/wormwood-drift.path.schema.json",
                    "id": "lighthouse-keeper",
                    "name": "Lighthouse Keeper",
                    "aliases": ["keeper"],
                    "skills": ["Perception", "Navigation", "Willpower"],
                    "gear": ["Beacon key"],
                    "contacts": ["a pilot you guided home"],
                    "titles": ["Keeper"],
                }
            )


def test_a_plugin_can_add_a_path() -> None:
    registry = make_registry(extra=[("lighthouse", ExtraPath())])
    assert not registry.warnings
    c = create_character(registry, RULESET, 1, options={"path": "keeper"})
    assert c.sheet.extra["terms"][0]["path"] == "Lighthouse Keeper"
    assert "Beacon key" in c.sheet.equipment


def test_terms_given_as_text() -> None:
    assert create_character(REGISTRY, RULESET, 1, options={"terms": "3"}).sheet.total_terms == 3
    with pytest.raises(LifepathError, match="not a whole number"):
        create_character(REGISTRY, RULESET, 1, options={"terms": "three"})
