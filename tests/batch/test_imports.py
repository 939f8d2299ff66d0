"""``generate`` and ``odds`` import the store only for ``--campaign`` and matplotlib only for ``--plot``."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

PROBE = """
import contextlib, io, sys
from lifepath.cli.main import app
with contextlib.redirect_stdout(io.StringIO()):
    try:
        app({args!r})
    except SystemExit as exit:
        assert exit.code in (0, None), exit.code
heavy = sorted(m for m in ("sqlalchemy", "sqlmodel", "matplotlib", "lifepath.store.service") if m in sys.modules)
print(",".join(heavy) or "none")
"""


@pytest.mark.parametrize(
    "args",
    [
        ["generate", "--count", "3", "--seed", "1"],
        ["generate", "--count", "3", "--seed", "1", "--format", "csv"],
        ["odds", "--count", "20", "--json"],
        ["odds", "--count", "20", "--compare", "max_terms=3"],
    ],
    ids=["generate", "generate-csv", "odds-json", "odds-compare"],
)
def test_no_heavy_imports_without_campaign_or_plot(args: list[str]) -> None:
    env = {**os.environ, "LIFEPATH_DB": ""}
    done = subprocess.run([sys.executable, "-c", PROBE.format(args=args)], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "none"
