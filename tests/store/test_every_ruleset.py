"""Every shipped ruleset works with a campaign: create into it, list its roster with the ruleset's own
sheet fields, show, verify by id, export, and import (which replays every character) elsewhere.

The campaign, its characters and the file the import reads are made in-process (tests/in_process.py: the
same commands, without a second's start each); every step checked runs the installed script."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

PROFILES = {
    "nowhere-yet": r"^[0-9A-HJ-NP-Z]{6}$",  # the UPP
    "wormwood-drift": r"^M[0-4] A[0-4] W[0-4] P[0-4] \| \d+ scars?$",
    "d6-pool": r"^Agi\d+D(\+\d)? Sta\d+D(\+\d)? Str\d+D(\+\d)? Int\d+D(\+\d)? Per\d+D(\+\d)? Pre\d+D(\+\d)?$",
    "black-nova": r"^Str [0-3] Dex [0-3] Int [0-3] HP [3-6]$",
}


@pytest.mark.parametrize("ruleset", sorted(PROFILES))
def test_a_campaign_under_each_ruleset(run_cli, run_in_process, tmp_path: Path, ruleset: str) -> None:
    db = str(tmp_path / "league.db")
    made = run_in_process("campaign", "new", "Table", "--ruleset", ruleset, "--db", db)
    assert made.returncode == 0, made.stderr
    for seed in ("1", "2"):
        created = run_in_process(
            "create", "--auto", "--seed", seed, "--campaign", "Table", "--player", "Kim", "--db", db
        )
        assert created.returncode == 0, created.stderr
    roster = json.loads(run_cli("roster", "Table", "--json", "--db", db).stdout)
    assert [r["ruleset"] for r in roster] == [ruleset, ruleset]
    for row in roster:
        assert re.match(PROFILES[ruleset], row["profile"]), row["profile"]
        assert row["player"] == "Kim" and row["status"] == "active"
    shown = run_cli("show", str(roster[0]["id"]), "--db", db)
    assert shown.returncode == 0 and roster[0]["name"] in shown.stdout
    verified = run_cli("verify", str(roster[0]["id"]), "--db", db)
    assert verified.returncode == 0 and "identical" in verified.stdout
    header, *lines = run_cli("export", "--campaign", "Table", "--db", db).stdout.splitlines()
    assert json.loads(header)["characters"] == len(lines) == 2
    out = tmp_path / "table.jsonl"
    assert run_in_process("export", "--campaign", "Table", "--out", str(out), "--db", db).returncode == 0
    imported = run_cli("import", str(out), "--db", str(tmp_path / "other.db"))  # replays both
    assert imported.returncode == 0 and "imported 2 character(s)" in imported.stdout, imported.stderr
