"""The installed CLI: ``create --ruleset d6-pool --auto`` and ``check`` on legal and illegal build files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
CLI = [sys.executable, "-c", "from lifepath.cli.main import run; run()"]


def lifepath(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, env=dict(os.environ), timeout=120)


def legal() -> dict[str, Any]:
    return json.loads((HERE / "build_legal.json").read_text(encoding="utf-8"))


def write(tmp_path: Path, build: Any, name: str = "build.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(build), encoding="utf-8")
    return str(path)


def test_create_auto(tmp_path: Path) -> None:
    out = tmp_path / "npc.json"
    done = lifepath("create", "--ruleset", "d6-pool", "--auto", "--seed", "7", "--out", str(out))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Hugo Thane, Street Cop (Leader, Quillkin)"
    assert lines[-1] == "Points: 77 spent of 77 (74 creation points + 3 from Disadvantages), 0 unspent"
    export = json.loads(out.read_text(encoding="utf-8"))
    assert export["sheet"]["extra"]["build"]["class"] == "Leader"
    assert export["sheet"]["extra"]["build"]["species"] == "Quillkin"
    checked = lifepath("check", str(out))
    assert checked.returncode == 0, checked.stderr
    assert "a legal D6 creation pool build" in checked.stdout


def test_create_auto_with_options_and_rules() -> None:
    done = lifepath(
        "create",
        "-r",
        "d6-pool",
        "--auto",
        "--seed",
        "3",
        "--option",
        "class=scholar",
        "--rule",
        "creation_points=90",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    export = json.loads(done.stdout)
    assert export["sheet"]["extra"]["class"] == "Scholar"
    assert export["sheet"]["extra"]["points"]["creation_points"] == 90
    assert export["sheet"]["extra"]["build"]["house_rules"] == {"creation_points": 90}


def test_check_legal_file() -> None:
    done = lifepath("check", str(HERE / "build_legal.json"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("a legal D6 creation pool build")


def test_check_illegal_file_lists_every_violation() -> None:
    done = lifepath("check", str(HERE / "build_illegal.json"))
    assert done.returncode == 1
    violations = [line for line in done.stderr.splitlines() if line.startswith("violation: ")]
    assert len(violations) == 15
    assert done.stderr.strip().endswith("15 rule(s) broken")
    for rule in (
        "class attribute maximum",
        "non-class attribute maximum",
        "attribute minimum",
        "whole attribute dice",
        "skill list",
        "class skill maximum",
        "non-class skill maximum",
        "trait lists",
        "trait point values",
        "special ability ranks",
        "each trait once",
        "disadvantage limit",
        "creation pool",
        "the six attributes",
    ):
        assert f"(rule: {rule})" in done.stderr, rule


def test_check_over_spent_pool(tmp_path: Path) -> None:
    build = legal()
    build["skills"]["Command"] = 2
    done = lifepath("check", write(tmp_path, build))
    assert done.returncode == 1
    assert "violation: the build spends 84 points" in done.stderr
    assert "(rule: creation pool)" in done.stderr
    assert "1 rule(s) broken" in done.stderr


def test_check_attribute_above_class_maximum(tmp_path: Path) -> None:
    build = legal()
    build["attributes"]["Agility"] = "5D"
    build["attributes"]["Perception"] = "2D"
    done = lifepath("check", write(tmp_path, build))
    assert done.returncode == 1
    assert "violation: attribute Agility 5D is above the class maximum of 4D" in done.stderr
    assert "(rule: class attribute maximum)" in done.stderr


def test_check_skill_over_cap_and_unknown_trait(tmp_path: Path) -> None:
    build = legal()
    build["skills"]["Marksmanship"] = 3
    build["advantages"].append({"name": "Luck", "points": 1})
    done = lifepath("check", write(tmp_path, build))
    assert done.returncode == 1
    assert "(rule: non-class skill maximum)" in done.stderr
    assert "unknown Advantage 'Luck'" in done.stderr and "(rule: trait lists)" in done.stderr


def test_check_pips_not_whole_dice(tmp_path: Path) -> None:
    build = legal()
    build["attributes"]["Presence"] = "1D+2"
    done = lifepath("check", write(tmp_path, build))
    assert done.returncode == 1
    assert "(rule: whole attribute dice)" in done.stderr


def test_check_without_ruleset_key_uses_the_option(tmp_path: Path) -> None:
    build = legal()
    del build["ruleset"]
    path = write(tmp_path, build)
    assert lifepath("check", path).returncode == 2
    done = lifepath("check", "--ruleset", "d6-pool", path)
    assert done.returncode == 0, done.stderr


def test_check_malformed_build_has_no_traceback(tmp_path: Path) -> None:
    done = lifepath("check", write(tmp_path, {"ruleset": "d6-pool", "class": ["Rogue"], "attributes": "lots"}))
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert "(rule: build file shape)" in done.stderr
    broken = tmp_path / "broken.json"
    broken.write_text('{"ruleset": "d6-pool", ', encoding="utf-8")
    done = lifepath("check", str(broken))
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and "not valid JSON" in done.stderr


def test_auto_spends_a_large_pool_exactly_when_it_must(tmp_path: Path) -> None:
    # issue 15, bug 7: with 192 points that had to be spent, --auto took Disadvantage points it could not
    # spend and wrote a build its own check refused ("spent 192 of 194")
    out = tmp_path / "npc.json"
    done = lifepath(
        "create",
        "--ruleset",
        "d6-pool",
        "--auto",
        "--seed",
        "1",
        "--rule",
        "creation_points=192",
        "--rule",
        "unspent_points=violation",
        "--out",
        str(out),
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1].endswith(", 0 unspent")
    checked = lifepath("check", str(out))
    assert checked.returncode == 0, checked.stderr


def test_auto_refuses_a_pool_no_build_can_spend(tmp_path: Path) -> None:
    out = tmp_path / "npc.json"
    done = lifepath(
        "create",
        "--ruleset",
        "d6-pool",
        "--auto",
        "--seed",
        "1",
        "--rule",
        "creation_points=230",
        "--rule",
        "unspent_points=violation",
        "--out",
        str(out),
    )
    assert done.returncode == 2
    assert (
        "asks for the whole creation pool (230 for a Human, 224 for a Quillkin) to be spent, but no class can "
        "spend more than 198 points"
    ) in done.stderr
    assert "Traceback" not in done.stderr
    assert not out.exists()


def test_auto_says_to_raise_a_pool_too_small_for_the_start(tmp_path: Path) -> None:
    """A Quillkin's pool is 6 points below the rule: at creation_points=24 it is 18, below the 24 points the
    attributes' minimums cost, so the fix is to raise the pool, not lower it (it is met at 30)."""
    rules = ("--rule", "unspent_points=violation", "--option", "species=quillkin")
    args = ("create", "--ruleset", "d6-pool", "--auto", "--seed", "1", *rules)
    done = lifepath(*args, "--rule", "creation_points=24")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert (
        "asks for the whole creation pool (18 for a Quillkin) to be spent, but what a character must start with "
        "costs at least 24 points. Raise creation_points, or drop unspent_points=violation."
    ) in " ".join(done.stderr.split())
    assert lifepath(*args, "--rule", "creation_points=30").returncode == 0
