"""An installed plugin whose creation hook raises (issue 17): ``create`` and ``generate`` refuse with one
paragraph naming the plugin, the hook and ``LIFEPATH_DISABLE_PLUGINS``, instead of a traceback; creation
never skips the hook, because that would change the characters. With ``generate --workers 2`` each
warning is printed once, by the parent, not once per process.

The plugin is tests/plugins/lifepath-hookfail-plugin, really pip-installed with the other test plugins
(the ``test_plugins_path`` fixture); ``LIFEPATH_TEST_FAILING_HOOK`` names the hook it breaks.
"""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

CLI = Callable[..., subprocess.CompletedProcess[str]]
BROKEN_WARNING = "lifepath: warning: plugin 'broken' was skipped"


def env(site: Path, **variables: str) -> dict[str, str]:
    return {"PYTHONPATH": str(site) + os.pathsep + os.environ.get("PYTHONPATH", ""), **variables}


def refused(done: subprocess.CompletedProcess[str], hook: str) -> str:
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    errors = [line for line in done.stderr.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1, done.stderr
    error = errors[0]
    assert f"plugin 'hookfail' failed in its {hook} hook" in error
    assert f"RuntimeError: the hookfail test plugin breaks {hook} on purpose" in error
    assert "skipping a creation hook would change the characters" in error
    assert "Disable it with LIFEPATH_DISABLE_PLUGINS=hookfail" in error
    assert done.stdout == ""
    return error


@pytest.mark.parametrize(
    ("hook", "args"),
    [
        ("lifepath_characteristics", ["--seed", "1"]),
        ("lifepath_apply_trait", ["--seed", "1", "--species", "avian"]),  # avian has traits
        ("lifepath_crisis", ["--seed", "18"]),  # seed 18 meets an injury crisis (see the golden tests)
    ],
)
def test_create_refuses_naming_the_plugin_and_the_hook(
    run_cli: CLI, test_plugins_path: Path, hook: str, args: list[str]
) -> None:
    failing = env(test_plugins_path, LIFEPATH_TEST_FAILING_HOOK=hook)
    refused(run_cli("create", "--auto", *args, env=failing), hook)
    # the fix the message gives works, and the same seed makes a character again
    disabled = env(test_plugins_path, LIFEPATH_TEST_FAILING_HOOK=hook, LIFEPATH_DISABLE_PLUGINS="hookfail")
    made = run_cli("create", "--auto", "--json", *args, env=disabled)
    assert made.returncode == 0, made.stderr
    assert json.loads(made.stdout)["provenance"]["seed"] == int(args[1])


def test_generate_with_workers_refuses_once_and_warns_once(
    run_cli: CLI, test_plugins_path: Path, tmp_path: Path
) -> None:
    failing = env(test_plugins_path, LIFEPATH_TEST_FAILING_HOOK="lifepath_characteristics")
    out = tmp_path / "npcs.jsonl"
    done = run_cli("generate", "--count", "250", "--workers", "2", "--seed", "3", "--out", str(out), env=failing)
    error = refused(done, "lifepath_characteristics")
    assert error.startswith("error: character ")  # the batch says which character met it
    assert done.stderr.count(BROKEN_WARNING) == 1
    assert not out.exists() and not list(tmp_path.glob(".npcs.jsonl.*"))


def test_generate_with_workers_prints_each_warning_once(run_cli: CLI, test_plugins_path: Path) -> None:
    args = ["--count", "250", "--workers", "2", "--seed", "3", "--format", "csv"]
    done = run_cli("generate", *args, env=env(test_plugins_path))
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.splitlines()) == 251
    warnings = [line for line in done.stderr.splitlines() if line.startswith("lifepath: warning:")]
    assert len(warnings) == 2, done.stderr  # the broken plugin and the invalid table, once each
    assert sum(BROKEN_WARNING in w for w in warnings) == 1
    assert sum("'badtable'" in w for w in warnings) == 1
