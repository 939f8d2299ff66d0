"""The real installed CLI: ``lifepath create --ruleset wormwood-drift --auto --seed N`` and its options."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

RUN = [sys.executable, "-c", "from lifepath.cli.main import run; run()"]


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    return subprocess.run([*RUN, *args], capture_output=True, text=True, env=env, timeout=120, check=False)


def test_create_auto() -> None:
    done = cli("create", "--ruleset", "wormwood-drift", "--auto", "--seed", "1")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Marisol Teague (Human, Corporate Scion), age 30"
    assert lines[-1] == "Terms: 3 - Colonial Militia (1), Void Corps (2, Lieutenant)"


def test_create_by_name_with_options_and_json() -> None:
    done = cli(
        "create",
        "--ruleset",
        "Wormwood Drift",
        "--auto",
        "--seed",
        "42",
        "--terms",
        "2",
        "--option",
        "background=VOID-BORN",
        "--option",
        "path=xenoarchaeologist",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["provenance"]["ruleset"] == {"id": "wormwood-drift", "version": "1.1.0"}
    sheet = data["sheet"]
    assert sheet["extra"]["background"] == "Void-Born"
    assert sheet["extra"]["terms"][0]["path"] == "Xenoarchaeologist"
    assert sum(c["terms"] for c in sheet["careers"]) == 2
    assert sheet["credits"] == 2000 + sheet["extra"]["muster_credits"]


def test_house_rule_on_the_command_line() -> None:
    done = cli(
        "create", "--ruleset", "wormwood-drift", "--auto", "--seed", "3", "--rule", "max_terms=4", "--terms", "4"
    )
    assert done.returncode == 0, done.stderr
    assert "age 34" in done.stdout.splitlines()[0]


def test_unknown_background_is_a_clean_error() -> None:
    done = cli("create", "--ruleset", "wormwood-drift", "--auto", "--seed", "1", "--option", "background=spacer")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "no background called 'spacer'" in done.stderr and "Machine-Grafted" in done.stderr


def test_terms_out_of_range_is_a_clean_error() -> None:
    done = cli("create", "--ruleset", "wormwood-drift", "--auto", "--seed", "1", "--terms", "4")
    assert done.returncode == 2
    assert "outside the 2 to 3 terms" in done.stderr


def test_json_export_carries_defense_cyberware_and_disciplines(tmp_path: Path) -> None:
    done = cli(
        "create",
        "--ruleset",
        "wormwood-drift",
        "--auto",
        "--seed",
        "5",
        "--terms",
        "3",
        "--option",
        "background=hive-descended",
        "--option",
        "path=cult-initiate",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    extra = json.loads(done.stdout)["sheet"]["extra"]
    assert extra["derived"]["defense"] == 8 + json.loads(done.stdout)["sheet"]["characteristics"]["Agility"]
    assert extra["cyberware"] == [
        {"item": "Neural interface jack", "attribute": "Wits", "task": "Hacking", "bonus": 1, "resolve_cost": 1}
    ]
    assert isinstance(extra["disciplines"], list)


def test_an_export_with_too_many_disciplines_is_rejected(tmp_path: Path) -> None:
    """Wormwood Drift has no hand-made builds for `check`; `verify` is what rejects an edited character."""
    done = cli(
        "create",
        "--ruleset",
        "wormwood-drift",
        "--auto",
        "--seed",
        "1",
        "--terms",
        "2",
        "--option",
        "background=colonial-stock",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["sheet"]["skills"].get("Willpower", 0) == 0
    doc["sheet"]["extra"]["disciplines"] = ["Telepathy"]  # no Willpower: not even one is allowed
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(doc, indent=2, ensure_ascii=False), encoding="utf-8")
    verified = cli("verify", str(path))
    assert verified.returncode == 1
    assert 'sheet.extra.disciplines: added "Telepathy"' in verified.stdout
    checked = cli("check", str(path))  # an export is checked whole, by replaying it
    assert checked.returncode == 1 and "Traceback" not in checked.stderr
    assert "checked whole by replaying it" in checked.stdout
    assert 'sheet.extra.disciplines: added "Telepathy"' in checked.stdout + checked.stderr
