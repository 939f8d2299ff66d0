"""Owned ids and the compatibility policy (issue 28), with real pip-installed distributions.

Two installed plugins both adding a ``salvager`` career (lifepath's example plugin examples/lifepath-uplift
and tests/plugins/standalone/lifepath-salvage-plugin): both are offered under their qualified ids, the bare
id says which to choose, a campaign enabling one uses its bare id (and says how to enable the other), and
the characters of each verify. A third ``salvager`` made by ``lifepath plugin new`` passes its own tests
with the other two installed (the test kit loads only the plugin under test and the built-in rulesets).
The voidborn-style plugin (a species naming a trait id nobody registers) loads with one warning and its
characters replay.

One pip install for the module (the salvage, voidborn and scaffolded distributions together), plus the
session's install of the example plugin.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.installs import pip_install

REPO = Path(__file__).resolve().parents[2]
STANDALONE = REPO / "tests" / "plugins" / "standalone"
CLI = Callable[..., subprocess.CompletedProcess[str]]
Env = Callable[..., dict[str, str]]
IGNORE = shutil.ignore_patterns("build", "*.egg-info", "__pycache__")


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(the installed site, the scaffolded ``salvager`` plugin's source folder)."""
    work = tmp_path_factory.mktemp("owned-ids")
    (work / "src").mkdir()
    script = Path(sys.executable).with_name("lifepath")
    command = [str(script)] if script.exists() else [sys.executable, "-c", "from lifepath.cli.main import run; run()"]
    made = subprocess.run(
        [*command, "plugin", "new", "salvager", "--dir", str(work / "src")], capture_output=True, text=True, timeout=600
    )
    assert made.returncode == 0, made.stderr
    sources = [work / "src" / "lifepath-salvager"]
    for name in ("lifepath-salvage-plugin", "lifepath-voidborn-plugin"):
        shutil.copytree(STANDALONE / name, work / "src" / name, ignore=IGNORE)
        sources.append(work / "src" / name)
    site = work / "site"
    pip_install(site, *sources, cwd=work)
    return site, sources[0]


def ok(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return done.stdout


def careers_entered(export: dict[str, object]) -> list[str]:
    history = export["history"]
    assert isinstance(history, list)
    return [e["answer"] for e in history if e.get("type") == "decision" and e.get("key") == "career"]


def test_two_plugins_salvagers_are_both_usable_by_qualified_id_and_each_verifies(
    sites: tuple[Path, Path], uplift_site: Path, plugin_env: Env, run_cli: CLI, tmp_path: Path
) -> None:
    env = plugin_env(sites[0], uplift_site, LIFEPATH_DISABLE_PLUGINS="salvager,voidborn")
    listing = json.loads(ok(run_cli("plugins", "--json", env=env)))
    adds = {p["name"]: p["adds"].get("careers", []) for p in listing["plugins"]}
    assert adds["uplift"] == adds["lifepath-salvage"] == ["nowhere-yet:Salvager"]  # neither is dropped
    assert any(
        "both are offered, each under its qualified id ('lifepath-salvage:salvager', 'uplift:salvager')" in w
        for w in listing["warnings"]
    )

    for qualified, plugin in (("uplift:salvager", "uplift"), ("lifepath-salvage:salvager", "lifepath-salvage")):
        made = run_cli("create", "--auto", "--seed", "4", "--career", qualified, "--json", env=env)
        export = json.loads(ok(made))
        assert qualified in careers_entered(export)  # the history records the qualified id
        assert plugin in {p["name"] for p in export["provenance"]["plugins"]}
        path = tmp_path / f"{plugin}.json"
        path.write_text(made.stdout, encoding="utf-8")
        assert "identical" in ok(run_cli("verify", str(path), env=env))

    bare = run_cli("create", "--auto", "--seed", "4", "--career", "salvager", env=env)
    assert bare.returncode == 2 and "Traceback" not in bare.stderr
    assert "Say which by its qualified id: lifepath-salvage:salvager, uplift:salvager." in bare.stderr


def test_a_campaign_enabling_one_uses_its_bare_id_and_says_how_to_enable_the_other(
    sites: tuple[Path, Path], uplift_site: Path, plugin_env: Env, run_cli: CLI
) -> None:
    env = plugin_env(sites[0], uplift_site, LIFEPATH_DISABLE_PLUGINS="salvager,voidborn")
    ok(run_cli("campaign", "new", "Wreckers", "--content", "lifepath-salvage", env=env))
    ok(run_cli("campaign", "new", "Apes", "--content", "uplift", env=env))
    made = json.loads(
        ok(
            run_cli(
                "create", "--auto", "--seed", "4", "--campaign", "Wreckers", "--career", "salvager", "--json", env=env
            )
        )
    )
    assert "salvager" in careers_entered(made)  # no clash in the campaign: the bare id, as before
    assert "lifepath-salvage" in {p["name"] for p in made["provenance"]["plugins"]}
    ok(run_cli("create", "--auto", "--seed", "5", "--campaign", "Apes", "--career", "Salvager", env=env))

    other = run_cli("create", "--auto", "--campaign", "Wreckers", "--career", "uplift:salvager", env=env)
    assert other.returncode == 2 and "Traceback" not in other.stderr
    assert (
        "The career 'Salvager' is installed (plugin 'uplift') but not enabled in campaign 'Wreckers'; enable it "
        "with `lifepath campaign content Wreckers --enable uplift`"
    ) in other.stderr.replace("\n", " ")
    for campaign in ("Wreckers", "Apes"):
        lines = ok(run_cli("verify", "--campaign", campaign, env=env)).splitlines()
        assert lines[-1] == f"1 of 1 character(s) of campaign '{campaign}' replay exactly"


def test_the_scaffolds_own_tests_pass_with_the_example_plugin_installed(
    sites: tuple[Path, Path], uplift_site: Path, plugin_env: Env, run_pytest: CLI
) -> None:
    """Three installed plugins add a ``salvager``; the scaffold's tests see only their own (the test kit's
    registry holds the plugins under test and the built-in rulesets), so all of them pass."""
    result = run_pytest(sites[1], plugin_env(sites[0], uplift_site))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "failed" not in result.stdout and " passed" in result.stdout


def test_a_species_naming_an_unregistered_trait_loads_with_one_warning_and_replays(
    sites: tuple[Path, Path], plugin_env: Env, run_cli: CLI, tmp_path: Path
) -> None:
    env = plugin_env(sites[0], LIFEPATH_DISABLE_PLUGINS="salvager,lifepath-salvage")
    made = run_cli("create", "--auto", "--seed", "3", "--species", "Voidborn", "--json", env=env)
    export = json.loads(ok(made))
    assert export["sheet"]["species"] == "voidborn" and "zero-g-adapted" in export["sheet"]["traits"]
    warnings = [line for line in made.stderr.splitlines() if line.startswith("lifepath: warning:")]
    assert len(warnings) == 1, made.stderr
    assert "plugin 'voidborn'" in warnings[0] and "'zero-g-adapted' is not a trait id this ruleset knows" in warnings[0]
    assert "lifepath_register_traits" in warnings[0] and "sheet-only trait" in warnings[0]
    assert "will refuse the plugin" in warnings[0]
    path = tmp_path / "voidborn.json"
    path.write_text(made.stdout, encoding="utf-8")
    assert "identical" in ok(run_cli("verify", str(path), env=env))
