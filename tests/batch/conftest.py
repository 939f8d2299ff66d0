"""Fixtures for the batch tests: the installed ``lifepath`` script run in a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

LIFEPATH = os.path.join(os.path.dirname(sys.executable), "lifepath")

Run = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def cli(tmp_path: Path) -> Run:
    """``cli(*args, env={...})``: run the real installed ``lifepath`` in ``tmp_path`` (a private default database)."""

    def run(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, "LIFEPATH_DB": str(tmp_path / "default.db"), "PYTHONIOENCODING": "utf-8", **(env or {})}
        return subprocess.run(
            [LIFEPATH, *args],
            capture_output=True,
            text=True,
            encoding="utf-8",
            env=env,
            cwd=cwd or tmp_path,
            timeout=600,
        )

    return run
