"""Several processes at once, and a process killed in the middle of a save."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lifepath.testing import create_character

LIFEPATH = os.path.join(os.path.dirname(sys.executable), "lifepath")
HELPER = Path(__file__).with_name("save_in_transaction.py")


def env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != "LIFEPATH_DB"}


def test_twenty_processes_add_to_one_sqlite_campaign_and_none_is_lost(tmp_path):
    db = str(tmp_path / "busy.db")
    made = subprocess.run([LIFEPATH, "campaign", "new", "Crowd", "--db", db], capture_output=True, text=True, env=env())
    assert made.returncode == 0, made.stderr
    procs = [
        subprocess.Popen(
            [
                LIFEPATH,
                "create",
                "--auto",
                "--seed",
                str(seed),
                "--campaign",
                "Crowd",
                "--player",
                f"P{seed}",
                "--db",
                db,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env=env(),
        )
        for seed in range(1, 21)
    ]
    failures = []
    for proc in procs:
        _, err = proc.communicate(timeout=600)
        if proc.returncode != 0:
            failures.append(err)
    assert failures == []
    listed = subprocess.run(
        [LIFEPATH, "roster", "Crowd", "--json", "--db", db], capture_output=True, text=True, env=env()
    )
    rows = json.loads(listed.stdout)
    assert sorted(r["seed"] for r in rows) == list(range(1, 21))
    assert sorted(r["player"] for r in rows) == sorted(f"P{s}" for s in range(1, 21))
    assert len({r["id"] for r in rows}) == 20
    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert con.execute("PRAGMA journal_mode").fetchall() == [("wal",)]


def run_helper(db: str, marker: Path, count: int, mode: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(HELPER), db, "Spinward", str(marker), str(count), mode],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env(),
    )


def wait_for(marker: Path, proc: subprocess.Popen[str], timeout: float = 300) -> None:
    deadline = time.monotonic() + timeout
    while not marker.exists():
        if proc.poll() is not None:
            raise AssertionError(f"the helper ended before saving: {proc.communicate()[1]}")
        if time.monotonic() > deadline:
            proc.kill()
            raise AssertionError("the helper never reached the middle of its save")
        time.sleep(0.05)


@pytest.mark.parametrize("count", [1, 40], ids=["one-character", "a-batch"])
def test_a_process_killed_mid_save_leaves_the_database_consistent(store, store_url, registry, tmp_path, count):
    from lifepath.store.models import CampaignCreate

    store.new_campaign(CampaignCreate(name="Spinward", ruleset="nowhere-yet"))
    kept = store.add_character("Spinward", create_character(registry, "nowhere-yet", seed=99))

    marker = tmp_path / "marker"
    proc = run_helper(store_url, marker, count, "hang")
    wait_for(marker, proc)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=60)
    assert proc.returncode == -signal.SIGKILL

    if not store_url.startswith("postgresql"):
        with sqlite3.connect(store_url) as con:
            assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            assert con.execute("SELECT count(*) FROM character").fetchall() == [(1,)]
    deadline = time.monotonic() + 30  # PostgreSQL ends the killed session's transaction when it sees the socket close
    while [r.id for r in store.characters()] != [kept] and time.monotonic() < deadline:
        time.sleep(0.2)
    assert [r.id for r in store.characters()] == [kept]
    # the campaign row is intact: it still names exactly the plugins of the one character that was saved
    campaign = store.campaign("Spinward")
    assert (campaign.name, campaign.ruleset) == ("Spinward", "nowhere-yet")
    assert campaign.plugins == json.loads(store.document(kept))["provenance"]["plugins"] != []

    marker.unlink()
    proc = run_helper(store_url, marker, count, "commit")
    _, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err
    rows = [r for r in store.characters() if r.id != kept]
    assert [r.seed for r in rows] == list(range(1, count + 1))
    for row in rows:
        expected = create_character(registry, "nowhere-yet", seed=row.seed).to_json()
        assert store.document(row.id) == expected
    if not store_url.startswith("postgresql"):
        with sqlite3.connect(store_url) as con:
            assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]


def test_processes_opening_a_new_database_at_once_create_the_schema_once(store_url):
    opener = "import sys; from lifepath.store import open_store; open_store(sys.argv[1]).close()"
    procs = [
        subprocess.Popen([sys.executable, "-c", opener, store_url], stderr=subprocess.PIPE, text=True, env=env())
        for _ in range(8)
    ]
    errors = [p.communicate(timeout=300)[1] for p in procs]
    assert [p.returncode for p in procs] == [0] * 8, errors
    from lifepath.store import open_store
    from lifepath.store.migrate import HEAD, current

    with open_store(store_url) as store, store.engine.connect() as conn:
        assert current(conn) == HEAD
        assert store.campaigns() == []
