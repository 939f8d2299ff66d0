"""Fixtures for the third-party plugin path: real ``pip install --target`` into folders of their own.

Sources are copied before they are installed, so a build never leaves ``build/`` or ``*.egg-info`` in
the repository. The installed folder is put on ``PYTHONPATH`` for a subprocess (see ``plugin_env``), so
plugins are found through the entry-point group exactly as for a user, and the test environment itself
never changes.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.installs import pip_install as pip_install_into

REPO = Path(__file__).resolve().parents[2]
IGNORE = shutil.ignore_patterns("build", "*.egg-info", "__pycache__", ".pytest_cache", ".ruff_cache", ".mypy_cache")


def install(sources: list[Path], workdir: Path) -> Path:
    """Copy each source distribution into ``workdir/src`` and pip-install them all into ``workdir/site``."""
    copies = []
    for source in sources:
        copy = workdir / "src" / source.name
        shutil.copytree(source, copy, ignore=IGNORE)
        copies.append(str(copy))
    target = workdir / "site"
    pip_install_into(target, *copies, cwd=workdir)
    return target


@pytest.fixture
def pip_install(tmp_path: Path) -> Callable[..., Path]:
    """``pip_install(*folders)``: install source distributions into a fresh target folder; returns it."""
    count = 0

    def run(*sources: Path) -> Path:
        nonlocal count
        count += 1
        workdir = tmp_path / f"install-{count}"
        workdir.mkdir()
        return install(list(sources), workdir)

    return run


@pytest.fixture(scope="session")
def uplift_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example plugin examples/lifepath-uplift, really installed into a folder of its own."""
    return install([REPO / "examples" / "lifepath-uplift"], tmp_path_factory.mktemp("uplift"))


@pytest.fixture(scope="session")
def demo_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The test distribution tests/plugins/lifepath-demo-plugin alone, really installed into a folder of its
    own once for the session (tests only read it; one that needs another version installs its own)."""
    return install([REPO / "tests" / "plugins" / "lifepath-demo-plugin"], tmp_path_factory.mktemp("demo"))


@pytest.fixture
def plugin_env() -> Callable[..., dict[str, str]]:
    """``plugin_env(*folders, **variables)``: environment for a subprocess that sees those folders."""

    def env(*folders: Path, **variables: str) -> dict[str, str]:
        paths = [str(f) for f in folders]
        if os.environ.get("PYTHONPATH"):
            paths.append(os.environ["PYTHONPATH"])
        return {"PYTHONPATH": os.pathsep.join(paths), **variables}

    return env


@pytest.fixture
def run_pytest() -> Callable[..., subprocess.CompletedProcess[str]]:
    """``run_pytest(folder, env)``: run a plugin's own test suite with the installed lifepath's pytest."""

    def run(folder: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
            capture_output=True,
            text=True,
            cwd=folder,
            env={**os.environ, **env},
            timeout=600,
        )

    return run
