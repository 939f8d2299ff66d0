"""One reading of names in a build: spacing and letter case never make two entries of one thing (issue 15, bug 6).

A build that wrote ``"Command: Rallying"`` and ``"Command:Rallying"`` used to get the rank cap checked on each
spelling separately, so +3 and +3 passed as legal +6.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from lifepath.plugins.d6_pool.names import find, normalise
from lifepath.testing import create_character, make_registry

HERE = Path(__file__).parent
REGISTRY = make_registry()
RULESET = REGISTRY.ruleset("d6-pool")
CLI = [sys.executable, "-c", "from lifepath.cli.main import run; run()"]


def legal() -> dict[str, Any]:
    return json.loads((HERE / "build_legal.json").read_text(encoding="utf-8"))


def leader_rallying(first: str, second: str) -> dict[str, Any]:
    return {
        "ruleset": "d6-pool",
        "class": "Leader",
        "attributes": {a: "2D" for a in ("Agility", "Stamina", "Strength", "Intellect", "Perception", "Presence")},
        "specialisations": {first: 3, second: 3},
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Command: Rallying", "Command: Rallying"),
        ("Command:Rallying", "Command: Rallying"),
        ("  Command  :   Rallying ", "Command: Rallying"),
        ("Sleight  of\tHand", "Sleight of Hand"),
        (" Stealth ", "Stealth"),
    ],
)
def test_normalise(text: str, expected: str) -> None:
    assert normalise(text) == expected


def test_find_ignores_spacing_and_case() -> None:
    names = ["Sleight of Hand", "Stealth"]
    assert find(names, " sleight  OF hand") == "Sleight of Hand"
    assert find(names, "Stealth:") is None
    assert find(names, "Stealthy") is None


@pytest.mark.parametrize("second", ["Command:Rallying", "Command :  Rallying", "command: rallying"])
def test_one_specialisation_in_two_spellings_is_capped_on_its_total(second: str) -> None:
    found = RULESET.check_build(leader_rallying("Command: Rallying", second))
    assert any("specialisation Command: Rallying +6 is above the maximum of +3" in v for v in found), found
    assert any("specialisation Command: Rallying is listed 2 times" in v for v in found), found


def test_one_skill_in_two_spellings_is_capped_on_its_total() -> None:
    build = legal()
    build["skills"]["Stealth "] = 1  # Stealth +3 already
    found = RULESET.check_build(build)
    assert any("skill Stealth +4 is above the maximum of +3" in v for v in found), found
    assert any("skill Stealth is listed 2 times" in v for v in found), found


def test_names_in_any_spacing_or_case_are_the_listed_names() -> None:
    build = legal()
    build["class"] = " rogue"
    build["attributes"] = {f" {k.upper()} ": v for k, v in build["attributes"].items()}
    build["skills"] = {k.lower().replace(" ", "  "): v for k, v in build["skills"].items()}
    build["specialisations"] = {"stealth:urban": 2, "Sleight of Hand :Lockpicking": 1}
    build["advantages"] = [{"name": "contacts", "points": 2}]
    build["disadvantages"] = [{"name": "Fear  of the Dark", "points": 2}]
    build["special_abilities"] = [{"name": "AMBIDEXTROUS", "ranks": 1}]
    assert RULESET.check_build(build) == []


def test_a_trait_in_two_spellings_is_listed_twice() -> None:
    build = legal()
    build["advantages"] = [{"name": "Contacts", "points": 1}, {"name": "contacts ", "points": 1}]
    found = RULESET.check_build(build)
    assert found == [
        "Advantage Contacts is listed 2 times; list it once, with the points wanted (rule: each trait once)"
    ]


def test_creation_options_are_read_the_same_way() -> None:
    c = create_character(REGISTRY, "d6-pool", 2, options={"class": "  sCHOLAR "})
    assert c.sheet.extra["class"] == "Scholar"


def test_the_cli_check_refuses_the_two_spellings(tmp_path: Path) -> None:
    path = tmp_path / "build.json"
    path.write_text(json.dumps(leader_rallying("Command: Rallying", "Command:Rallying")), encoding="utf-8")
    done = subprocess.run([*CLI, "check", str(path)], capture_output=True, text=True, env=dict(os.environ), timeout=120)
    assert done.returncode == 1, done.stdout
    assert "violation: specialisation Command: Rallying +6 is above the maximum of +3" in done.stderr
