"""Bad input to the campaign store, through the real ``lifepath`` command: each case exits 2 with one
readable paragraph (no traceback) and writes nothing."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

Run = Callable[..., subprocess.CompletedProcess[str]]


def lifepath() -> list[str]:
    script = Path(sys.executable).with_name("lifepath")
    return [str(script)] if script.exists() else [sys.executable, "-c", "from lifepath.cli.main import run; run()"]


@pytest.fixture
def cli(tmp_path: Path) -> Run:
    def run(*args: str, db: str | None = None) -> subprocess.CompletedProcess[str]:
        env = {k: v for k, v in os.environ.items() if k != "LIFEPATH_DB"}
        env["LIFEPATH_DB"] = db or str(tmp_path / "roster.db")
        return subprocess.run([*lifepath(), *args], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)

    return run


def refused(done: subprocess.CompletedProcess[str], *words: str) -> str:
    """The one-paragraph message of a refused command (exit 2, no traceback), checked for ``words``."""
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    text = " ".join(done.stderr.split())
    for word in words:
        assert word in text, (word, text)
    return text


def ok(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    return done.stdout


# -- which database --------------------------------------------------------------------------------


def test_another_programs_sqlite_file_is_refused_and_left_as_it_was(cli: Run, tmp_path: Path) -> None:
    other = tmp_path / "notes.sqlite"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE notes (body TEXT)")
        conn.execute("INSERT INTO notes VALUES ('keep me')")
    conn.close()
    before = other.read_bytes()
    refused(cli("roster", "--db", str(other)), str(other), "lifepath did not make", "notes")
    assert other.read_bytes() == before
    with sqlite3.connect(other) as conn:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        assert tables == ["notes"]
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    conn.close()


def test_a_new_path_still_makes_a_database(cli: Run, tmp_path: Path) -> None:
    fresh = tmp_path / "new.db"
    ok(cli("campaign", "new", "Spinward", "--ruleset", "nowhere-yet", "--db", str(fresh)))
    assert "Spinward" in ok(cli("campaign", "list", "--db", str(fresh)))


@pytest.mark.parametrize("url", ["sqlite:///:memory:", "sqlite://"])
def test_an_in_memory_database_is_refused(cli: Run, url: str) -> None:
    done = cli("campaign", "new", "Spinward", "--ruleset", "nowhere-yet", "--db", url)
    refused(done, "in-memory database", "lost", "SQLite file path")
    assert "made" not in done.stdout


def test_a_port_out_of_range_is_a_clear_error(cli: Run) -> None:
    refused(cli("roster", "--db", "postgresql://x@127.0.0.1:99999/db"), "port 99999", "1 to 65535")


def test_a_port_that_is_not_a_number_is_a_clear_error(cli: Run) -> None:
    text = refused(cli("roster", "--db", "postgresql://x:secret@127.0.0.1:abc/db"), "'abc' is not a number")
    assert "secret" not in text
