"""Third-party plugins, really installed, loaded through the entry-point group: what they can add, and
how a broken one is skipped without stopping the others."""

from __future__ import annotations

import json
import os
from pathlib import Path


def with_plugins(path: Path, **extra: str) -> dict[str, str]:
    return {"PYTHONPATH": str(path) + os.pathsep + os.environ.get("PYTHONPATH", ""), **extra}


def test_installed_plugin_adds_ruleset_career_species_and_crisis(run_cli, test_plugins_path: Path) -> None:
    env = with_plugins(test_plugins_path, LIFEPATH_DISABLE_PLUGINS="broken,badtable")
    listing = json.loads(run_cli("plugins", "--json", env=env).stdout)
    demo = next(p for p in listing["plugins"] if p["name"] == "demo")
    assert demo["distribution"] == "lifepath-demo-plugin" and demo["version"] == "0.3.0"
    assert demo["adds"] == {
        "rulesets": ["coinflip"],
        "careers": ["nowhere-yet:Smuggler"],
        "species": ["nowhere-yet:Selkie"],
    }
    assert "lifepath_crisis" in demo["hooks"]

    flip = run_cli("create", "--ruleset", "Coinflip", "--auto", "--seed", "3", env=env)
    assert flip.returncode == 0, flip.stderr
    assert flip.stdout.startswith("Flipper who called")

    made = run_cli("create", "--auto", "--seed", "5", "--career", "smuggler", "--species", "SELKIE", "--json", env=env)
    assert made.returncode == 0, made.stderr
    character = json.loads(made.stdout)
    assert character["sheet"]["species"] == "selkie"
    assert character["sheet"]["careers"][0]["career"] in ("smuggler", "drifter") or character["sheet"]["careers"][0][
        "extra"
    ].get("drafted")
    assert any(
        e["type"] == "decision" and e["key"] == "career" and e["answer"] == "smuggler" for e in character["history"]
    )
    assert {"name": "demo", "version": "0.3.0"} in character["provenance"]["plugins"]


def test_installed_plugin_overrides_crisis_behind_its_house_rule(run_cli, test_plugins_path: Path) -> None:
    env = with_plugins(test_plugins_path, LIFEPATH_DISABLE_PLUGINS="broken,badtable")
    # seed 18 meets an injury crisis under the default rules (see the golden tests)
    default = json.loads(run_cli("create", "--auto", "--seed", "18", "--json", env=env).stdout)
    scarred = json.loads(
        run_cli("create", "--auto", "--seed", "18", "--json", "--rule", "demo_crisis=scar", env=env).stdout
    )
    outcomes = lambda c: [e["outcome"] for e in c["history"] if e["type"] == "crisis" and e["kind"] != "survival"]  # noqa: E731
    assert outcomes(default) == ["medical-debt"]
    assert outcomes(scarred) == ["scar"]
    assert scarred["provenance"]["house_rules"]["demo_crisis"] == "scar"


def test_broken_plugin_and_invalid_table_are_skipped_with_one_message_each(run_cli, test_plugins_path: Path) -> None:
    env = with_plugins(test_plugins_path)
    result = run_cli("plugins", "--json", env=env)
    assert result.returncode == 0
    warnings = [line for line in result.stderr.splitlines() if line.startswith("lifepath: warning:")]
    assert len(warnings) == 2, result.stderr
    broken = next(w for w in warnings if "'broken'" in w)
    assert "could not be imported" in broken and "lifepath_module_that_does_not_exist" in broken
    bad = next(w for w in warnings if "'badtable'" in w)
    assert "broken-career.json" in bad and "/survival/characteristic" in bad and "line 12" in bad
    listing = json.loads(result.stdout)
    errors = {p["name"]: p["error"] for p in listing["plugins"]}
    assert errors["broken"] and errors["badtable"] and errors["demo"] is None and errors["nowhere_yet"] is None
    made = run_cli("create", "--auto", "--seed", "1", env=env)
    assert made.returncode == 0 and made.stdout.count("\n") >= 3


def test_allow_and_block_lists(run_cli, test_plugins_path: Path) -> None:
    only = json.loads(
        run_cli("rulesets", "--json", env=with_plugins(test_plugins_path, LIFEPATH_PLUGINS="demo")).stdout
    )
    assert [r["id"] for r in only] == ["coinflip"]
    blocked = json.loads(
        run_cli(
            "rulesets", "--json", env=with_plugins(test_plugins_path, LIFEPATH_DISABLE_PLUGINS="demo,broken,badtable")
        ).stdout
    )
    assert "coinflip" not in [r["id"] for r in blocked] and "nowhere-yet" in [r["id"] for r in blocked]


def test_conflicting_career_names_are_reported_naming_both(run_cli, test_plugins_path: Path, tmp_path: Path) -> None:
    # a second copy of the demo plugin's career, from a plugin of its own, on the same ruleset
    pkg = tmp_path / "dup" / "lifepath_dup_plugin"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text(
        "from lifepath import hookimpl, load_table\n"
        "@hookimpl\n"
        "def lifepath_register_careers(ruleset_id, register):\n"
        "    if ruleset_id == 'nowhere-yet':\n"
        "        register(load_table('lifepath_demo_plugin', 'data/smuggler.json'))\n"
    )
    dist = tmp_path / "dup" / "lifepath_dup_plugin-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: lifepath-dup-plugin\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[lifepath]\nzz_dup = lifepath_dup_plugin\n")
    env = with_plugins(test_plugins_path, LIFEPATH_DISABLE_PLUGINS="broken,badtable")
    env["PYTHONPATH"] = str(tmp_path / "dup") + os.pathsep + env["PYTHONPATH"]
    result = run_cli("plugins", "--json", env=env)
    # one warning naming both; the clash policy (tests/plugins_path/test_clashes.py) offers both, by qualified id
    assert (
        "plugins 'demo' and 'zz_dup' both add a career called 'smuggler' to nowhere-yet "
        "('Smuggler' (demo:smuggler) and 'Smuggler' (zz_dup:smuggler)); both are offered, each under its qualified "
        "id ('demo:smuggler', 'zz_dup:smuggler')"
    ) in result.stderr
    assert result.stderr.count("lifepath: warning:") == 1
    adds = {p["name"]: p["adds"] for p in json.loads(result.stdout)["plugins"]}
    assert adds["demo"]["careers"] == adds["zz_dup"]["careers"] == ["nowhere-yet:Smuggler"]
