"""Test set-up shared by every test: a private validation cache, so no test reads the user's."""

from __future__ import annotations

import os
import tempfile

os.environ["LIFEPATH_CACHE_DIR"] = tempfile.mkdtemp(prefix="lifepath-test-cache-")
os.environ.pop("LIFEPATH_PLUGINS", None)
os.environ.pop("LIFEPATH_DISABLE_PLUGINS", None)
os.environ.pop("LIFEPATH_DB", None)

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

PLUGINS = Path(__file__).parent / "plugins"


def lifepath_command() -> list[str]:
    """The installed console script, next to the interpreter running the tests."""
    script = Path(sys.executable).with_name("lifepath")
    return [str(script)] if script.exists() else [sys.executable, "-c", "from lifepath.cli.main import run; run()"]


@pytest.fixture
def run_cli(tmp_path: Path) -> Callable[..., subprocess.CompletedProcess[str]]:
    """Run the real installed ``lifepath`` command; returns the completed process (text output)."""

    def run(
        *args: str, env: dict[str, str] | None = None, input: str | None = None, cwd: Path | None = None
    ) -> subprocess.CompletedProcess[str]:
        full_env = {**os.environ, "LIFEPATH_DB": str(tmp_path / "default.db"), **(env or {})}
        return subprocess.run(
            [*lifepath_command(), *args],
            capture_output=True,
            text=True,
            env=full_env,
            input=input,
            cwd=cwd or tmp_path,
            timeout=600,
        )

    return run


IMPORTS_PROBE = """
import contextlib, io, json, sys
from lifepath.cli.main import run
sys.argv = ["lifepath", *json.loads(sys.argv[1])]
with contextlib.redirect_stdout(io.StringIO()):
    try:
        run()
    except SystemExit as exit:
        assert exit.code in (0, None), exit.code
print(json.dumps(sorted(sys.modules)))
"""


@pytest.fixture
def imported_modules() -> Callable[..., set[str]]:
    """Run a lifepath command line in a fresh interpreter, the way the console script does, and return
    every module it imported (the command must succeed). ``env`` adds to the environment."""

    def probe(args: list[str], *, env: dict[str, str] | None = None, cwd: Path | None = None) -> set[str]:
        import json

        done = subprocess.run(
            [sys.executable, "-c", IMPORTS_PROBE, json.dumps(args)],
            capture_output=True,
            text=True,
            env={**os.environ, **(env or {})},
            cwd=cwd,
            timeout=600,
        )
        assert done.returncode == 0, done.stderr
        return set(json.loads(done.stdout.strip().splitlines()[-1]))

    return probe


@pytest.fixture(scope="session")
def test_plugins_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The three test distributions under tests/plugins, really pip-installed into a folder of their own.

    Tests put that folder on PYTHONPATH for a subprocess, so the plugins are found through the entry-point
    group exactly as an installed third-party plugin is, without touching the test environment itself.
    """
    target = tmp_path_factory.mktemp("site")
    dists = [str(p) for p in sorted(PLUGINS.iterdir()) if (p / "pyproject.toml").exists()]
    build = tmp_path_factory.mktemp("build")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--no-cache-dir",
            "--target",
            str(target),
            *dists,
        ],
        check=True,
        cwd=build,
    )
    return target
