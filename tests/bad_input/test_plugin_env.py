"""``LIFEPATH_PLUGINS`` and ``LIFEPATH_DISABLE_PLUGINS`` (issues 15 and 17): a name that is no installed
plugin is warned about once on stderr with the nearest installed name, an allow-list that leaves no ruleset
is an error naming the variable, and a correct setting still costs no ``importlib.metadata`` at start-up."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

Run = Callable[..., subprocess.CompletedProcess[str]]
INSTALLED = "the installed plugins are: black_nova, d6_pool, nowhere_yet, wormwood_drift"


def warnings(done: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in done.stderr.splitlines() if line.startswith("lifepath: warning:")]


def test_a_misspelt_disabled_plugin_is_warned_about_once_with_the_nearest_name(run_cli: Run) -> None:
    done = run_cli("create", "--auto", "--seed", "1", env={"LIFEPATH_DISABLE_PLUGINS": "wormwod_drift"})
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert warnings(done) == [
        "lifepath: warning: LIFEPATH_DISABLE_PLUGINS names 'wormwod_drift', which is not an installed plugin "
        f"(did you mean 'wormwood_drift'?); {INSTALLED}"
    ]


def test_a_batch_in_several_processes_warns_once(run_cli: Run, tmp_path: Path) -> None:
    env = {"LIFEPATH_DISABLE_PLUGINS": "d6-pool,black_nova"}
    done = run_cli(
        "generate",
        "--count",
        "250",
        "--workers",
        "2",
        "--seed",
        "3",
        "--format",
        "csv",
        "--out",
        str(tmp_path / "npcs.csv"),
        env=env,
    )
    assert done.returncode == 0, done.stderr
    assert warnings(done) == [
        "lifepath: warning: LIFEPATH_DISABLE_PLUGINS names 'd6-pool', which is not an installed plugin "
        f"(did you mean 'd6_pool'?); {INSTALLED}"
    ]


def test_an_allow_list_naming_no_ruleset_says_so_and_names_the_variable(run_cli: Run) -> None:
    done = run_cli("create", "--auto", "--seed", "1", env={"LIFEPATH_PLUGINS": "nowhere-yet"})
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert warnings(done) == [
        "lifepath: warning: LIFEPATH_PLUGINS names 'nowhere-yet', which is not an installed plugin "
        f"(did you mean 'nowhere_yet'?); {INSTALLED}"
    ]
    error = [line for line in done.stderr.splitlines() if line.startswith("error:")]
    assert error == [
        "error: there is no ruleset called 'nowhere-yet'. LIFEPATH_PLUGINS=nowhere-yet leaves no ruleset plugin "
        "loaded; name a ruleset's plugin there (installed plugins: black_nova, d6_pool, nowhere_yet, "
        "wormwood_drift) or unset it."
    ]
    assert done.stdout == ""


def test_an_allow_list_without_the_asked_ruleset_names_the_variable(run_cli: Run) -> None:
    done = run_cli("create", "--auto", "--seed", "1", env={"LIFEPATH_PLUGINS": "black_nova"})
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert warnings(done) == []
    assert "Known rulesets: black-nova (LIFEPATH_PLUGINS=black_nova chooses among the installed plugins" in done.stderr


def test_correct_names_are_not_warned_about_and_cost_no_metadata_scan(imported_modules, tmp_path: Path) -> None:
    env = {"LIFEPATH_CACHE_DIR": str(tmp_path / "cache"), "LIFEPATH_DISABLE_PLUGINS": "wormwood_drift,d6_pool"}
    work = tmp_path / "work"  # a folder of its own: sys.path[0] is the working folder, part of the cache key
    work.mkdir()
    imported_modules(["create", "--auto", "--seed", "1"], env=env, cwd=work)  # fills the cache
    again = imported_modules(["create", "--auto", "--seed", "1"], env=env, cwd=work)
    assert "importlib.metadata" not in again
    assert not [m for m in again if m.startswith("lifepath.plugins.wormwood_drift")]


def test_correct_names_print_nothing(run_cli: Run) -> None:
    done = run_cli("create", "--auto", "--seed", "1", env={"LIFEPATH_PLUGINS": "nowhere_yet,black_nova"})
    assert done.returncode == 0 and done.stderr == "", done.stderr
