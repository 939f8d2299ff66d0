"""The example third-party plugin (examples/lifepath-uplift), really pip-installed into a folder of its own:
listed, used for a career and a species, its house rule and crisis override working, its own test
suite passing, and lifepath still working once it is gone."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

CLI = Callable[..., subprocess.CompletedProcess[str]]
Env = Callable[..., dict[str, str]]

CAREER_AND_SPECIES = ("--career", "Salvager", "--species", "Uplifted Ape")

FIND_CRISIS_SEED = """
from lifepath.testing import events, find_seed, make_registry
registry = make_registry()
met = lambda c: any(e["kind"] != "survival" for e in events(c, "crisis"))
print(find_seed(registry, "nowhere-yet", met, options={"career": "salvager", "species": "uplifted-ape"},
                rules={"uplift_patron_pays": True}))
"""


def crises(character: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in character["history"] if e["type"] == "crisis" and e["kind"] != "survival"]


def treatment_debts(character: dict[str, Any]) -> list[dict[str, Any]]:
    """Medical debt run up for crisis treatment (it may be paid off from cash at the end of creation)."""
    return [
        e
        for e in character["history"]
        if e["type"] == "change" and e["what"] == "debt (medical)" and "crisis treatment" in e["why"]
    ]


def test_lifepath_plugins_lists_the_installed_plugin(run_cli: CLI, uplift_site: Path, plugin_env: Env) -> None:
    listing = run_cli("plugins", "--json", env=plugin_env(uplift_site))
    assert listing.returncode == 0, listing.stderr
    uplift = next(p for p in json.loads(listing.stdout)["plugins"] if p["name"] == "uplift")
    assert uplift["distribution"] == "lifepath-uplift" and uplift["version"] == "0.1.0"
    assert uplift["error"] is None
    assert uplift["adds"] == {"careers": ["nowhere-yet:Salvager"], "species": ["nowhere-yet:Uplifted Ape"]}
    assert set(uplift["hooks"]) == {
        "lifepath_register_careers",
        "lifepath_register_species",
        "lifepath_register_house_rules",
        "lifepath_apply_trait",
        "lifepath_crisis",
    }
    assert "warning" not in listing.stderr
    text = run_cli("plugins", env=plugin_env(uplift_site)).stdout
    assert "uplift (lifepath-uplift 0.1.0)" in text and "careers: nowhere-yet:Salvager" in text


def test_create_uses_its_career_and_its_species(run_cli: CLI, uplift_site: Path, plugin_env: Env) -> None:
    made = run_cli("create", "--auto", "--seed", "11", *CAREER_AND_SPECIES, "--json", env=plugin_env(uplift_site))
    assert made.returncode == 0, made.stderr
    character = json.loads(made.stdout)
    sheet = character["sheet"]
    assert sheet["species"] == "uplifted-ape" and sheet["traits"] == ["Uplifted"]
    decisions = [e for e in character["history"] if e["type"] == "decision"]
    assert next(e for e in decisions if e["key"] == "career")["answer"] == "salvager"
    dice = {e["purpose"]: e["dice"] for e in character["history"] if e["type"] == "throw"}
    assert dice["characteristic: Strength"] == "2D6+2" and dice["characteristic: Education"] == "2D6-2"
    assert sheet["characteristics"]["Str"] <= 17 and sheet["characteristics"]["Soc"] <= 13
    assert sheet["extra"]["client_of"] == "its patron species"  # its lifepath_apply_trait, at the "finish" stage
    assert {"name": "uplift", "version": "0.1.0"} in character["provenance"]["plugins"]
    assert character["provenance"]["house_rules"]["uplift_patron_pays"] is False
    text = run_cli("create", "--auto", "--seed", "11", *CAREER_AND_SPECIES, env=plugin_env(uplift_site))
    assert "Uplifted Ape: Uplifted" in text.stdout and "Salvager (" in text.stdout


def test_its_house_rule_overrides_crisis_handling(run_cli: CLI, uplift_site: Path, plugin_env: Env) -> None:
    env = plugin_env(uplift_site)
    found = subprocess.run(
        [sys.executable, "-c", FIND_CRISIS_SEED], capture_output=True, text=True, env={**os.environ, **env}, timeout=600
    )
    assert found.returncode == 0, found.stderr
    seed = found.stdout.strip()
    paid = run_cli(
        "create", "--auto", "--seed", seed, *CAREER_AND_SPECIES, "--rule", "uplift_patron_pays=true", "--json", env=env
    )
    assert paid.returncode == 0, paid.stderr
    character = json.loads(paid.stdout)
    first = crises(character)[0]
    assert first["outcome"] == "patron-paid" and "patron species pays" in first["note"]
    assert not treatment_debts(character)
    assert character["provenance"]["house_rules"]["uplift_patron_pays"] is True
    # the same seed under the default rules meets the same crisis and gets Nowhere Yet's own answer
    billed = json.loads(run_cli("create", "--auto", "--seed", seed, *CAREER_AND_SPECIES, "--json", env=env).stdout)
    assert crises(billed)[0]["outcome"] == "medical-debt"
    assert treatment_debts(billed)


def test_its_own_test_suite_passes_with_the_test_kit(uplift_site: Path, plugin_env: Env, run_pytest: CLI) -> None:
    copy = uplift_site.parent / "src" / "lifepath-uplift"
    result = run_pytest(copy, plugin_env(uplift_site))
    assert result.returncode == 0, result.stdout + result.stderr
    assert " passed" in result.stdout and "failed" not in result.stdout


def test_removing_the_plugin_leaves_lifepath_working(
    run_cli: CLI, uplift_site: Path, plugin_env: Env, tmp_path: Path
) -> None:
    db = {"LIFEPATH_DB": str(tmp_path / "campaign.db")}
    export = tmp_path / "ape.json"
    assert run_cli("campaign", "new", "Spinward", env=db).returncode == 0
    # installed after the campaign was made: the referee enables it there first
    enabled = run_cli("campaign", "content", "Spinward", "--enable", "uplift", env=plugin_env(uplift_site, **db))
    assert enabled.returncode == 0, enabled.stderr
    made = run_cli(
        "create",
        "--auto",
        "--seed",
        "4",
        *CAREER_AND_SPECIES,
        "--campaign",
        "Spinward",
        "--out",
        str(export),
        env=plugin_env(uplift_site, **db),
    )
    assert made.returncode == 0, made.stderr

    # from here on, the plugin is not installed
    names = [p["name"] for p in json.loads(run_cli("plugins", "--json").stdout)["plugins"]]
    assert "uplift" not in names and "nowhere_yet" in names
    plain = run_cli("create", "--auto", "--seed", "4")
    assert plain.returncode == 0 and plain.stdout.count("\n") >= 3 and not plain.stderr
    career = run_cli("create", "--auto", "--career", "Salvager")
    assert career.returncode == 2 and "no career called 'Salvager'" in career.stderr
    assert "Traceback" not in career.stderr
    rule = run_cli("create", "--auto", "--rule", "uplift_patron_pays=true")
    assert rule.returncode == 2 and "uplift_patron_pays" in rule.stderr
    replay = run_cli("verify", str(export))
    # not a replay that goes wrong: the plugin it was made with is missing, and the message says so
    assert replay.returncode == 2 and "Traceback" not in replay.stderr
    assert "made with the plugin 'uplift' 0.1.0, and it is not installed" in " ".join(replay.stderr.split())
    roster = run_cli("roster", "Spinward", env=db)
    # the species' name, stored when the character was saved, not its id (issue 11)
    assert roster.returncode == 0 and "Uplifted Ape" in roster.stdout and "uplifted-ape" not in roster.stdout
    assert "plugin 'uplift' 0.1.0, which is not installed" in roster.stderr
