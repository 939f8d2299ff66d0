"""The static site is the same, byte for byte, whether its character pages are rendered in the exporting
process alone or also by a worker process (issue 26)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from .conftest import CAMPAIGN, lifepath


def test_the_site_is_the_same_for_one_process_and_with_a_worker(campaign_db: Path, tmp_path: Path):
    alone, shared = tmp_path / "alone", tmp_path / "shared"
    lifepath(
        "export", "--campaign", CAMPAIGN, "--format", "site", "--out", str(alone), "--workers", "1", db=campaign_db
    )
    # a chunk a character: the worker renders some chunks and this process the others, written in id order
    code = (
        "import sys, lifepath.web.site as s; s.CHUNK = 1; from pathlib import Path; "
        "from lifepath.store import open_store\n"
        "with open_store(sys.argv[1]) as st: print(s.write_site(st, sys.argv[2], Path(sys.argv[3]), workers=2))"
    )
    env = {k: v for k, v in os.environ.items() if k != "LIFEPATH_DB"}
    done = subprocess.run(
        [sys.executable, "-c", code, str(campaign_db), CAMPAIGN, str(shared)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["10"]
    names = sorted(p.name for p in alone.iterdir())
    assert names == sorted(p.name for p in shared.iterdir())
    assert len(names) == 11
    for name in names:
        assert (alone / name).read_bytes() == (shared / name).read_bytes(), name
