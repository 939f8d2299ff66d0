"""Pip-installing test distributions into a folder of their own, as a third party's plugin is installed.

The folder goes on ``PYTHONPATH`` for a subprocess, so the plugins are found through the entry-point group
without touching the test environment itself.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def pip_install(target: Path, *sources: str | Path, cwd: Path) -> None:
    """``pip install --target TARGET SOURCES...`` (no dependencies, no build isolation, no cache), run in
    ``cwd`` (where pip may leave build files); a failure shows pip's output."""
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--no-cache-dir"]
        + ["--target", str(target), *map(str, sources)],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
