"""Bad input to the campaign store, through the real ``lifepath`` command: each case exits 2 with one
readable paragraph (no traceback) and writes nothing.

The refused command runs the installed script (``cli``); the state a case starts from (a campaign, the
exports) and the reading back of what the database holds afterwards run the same commands in-process
(``quick``, tests/in_process.py), which does not need a second's start each.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.in_process import run_in_process

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


@pytest.fixture
def quick(tmp_path: Path) -> Run:
    """The commands of ``cli``, on the same default database, in this process."""

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return run_in_process(tmp_path / "in-process-home", *args, cwd=tmp_path, default_db=tmp_path / "roster.db")

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


# -- import ----------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def exports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Made once: a two-character Nowhere Yet campaign export and a Black Nova character export."""
    folder = tmp_path_factory.mktemp("exports")

    def run(*args: str) -> None:  # set-up, in-process
        done = run_in_process(folder / "home", *args, cwd=folder, default_db=folder / "source.db")
        assert done.returncode == 0, done.stderr

    run("campaign", "new", "Spinward", "--ruleset", "nowhere-yet")
    for seed in ("1", "2"):
        run("create", "--auto", "--seed", seed, "--campaign", "Spinward")
    run("export", "--campaign", "Spinward", "--out", str(folder / "spinward.jsonl"))
    run("campaign", "new", "Nova", "--ruleset", "black-nova")
    run("create", "--auto", "--seed", "4", "--campaign", "Nova")
    run("export", "3", "--out", str(folder / "nova.json"))
    return {"campaign": folder / "spinward.jsonl", "nova": folder / "nova.json"}


def edited_copy(exports: dict[str, Path], tmp_path: Path, change: Callable[[list[dict[str, Any]]], None]) -> Path:
    """The campaign export with ``change`` applied to its lines (header first), written to a new file."""
    lines = [json.loads(line) for line in exports["campaign"].read_text(encoding="utf-8").splitlines()]
    change(lines)
    path = tmp_path / "changed.jsonl"
    path.write_text("".join(json.dumps(x, separators=(",", ":")) + "\n" for x in lines), encoding="utf-8")
    return path


def nova_with_the_excluded_perk(exports: dict[str, Path], tmp_path: Path) -> Path:
    data = json.loads(exports["nova"].read_text(encoding="utf-8"))
    assert "Universal attraction" not in data["sheet"]["traits"]
    data["sheet"]["traits"].append("Universal attraction")
    path = tmp_path / "nova-edited.json"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


def test_an_edited_character_is_refused_with_the_replay_difference(
    cli: Run, quick: Run, exports: dict[str, Path], tmp_path: Path
):
    path = nova_with_the_excluded_perk(exports, tmp_path)
    ok(quick("campaign", "new", "Nova", "--ruleset", "black-nova"))
    refused(
        cli("import", str(path), "--campaign", "Nova"),
        str(path),
        "is not what its seed and decisions make",
        'sheet.traits: added "Universal attraction"',
        "--accept-edited",
    )
    assert "No characters yet." in ok(quick("roster"))


def test_accept_edited_stores_it_marked_and_roster_and_show_say_so(
    cli: Run, quick: Run, exports: dict[str, Path], tmp_path: Path
):
    path = nova_with_the_excluded_perk(exports, tmp_path)
    ok(quick("campaign", "new", "Nova", "--ruleset", "black-nova"))
    done = cli("import", str(path), "--campaign", "Nova", "--accept-edited")
    assert "marked edited (they do not replay): ids 1" in ok(done)
    assert "does not replay" in done.stderr
    roster = ok(cli("roster"))
    assert "[edited]" in roster and "imported with --accept-edited" in roster
    assert ok(cli("show", "1")).startswith("[edited] edited: imported with --accept-edited")
    assert json.loads(ok(cli("roster", "--json")))[0]["edited"] is True


def test_importing_the_same_file_twice_is_refused_naming_the_characters(cli: Run, quick: Run, exports: dict[str, Path]):
    path = exports["campaign"]
    ok(quick("import", str(path)))
    text = refused(
        cli("import", str(path), "--campaign", "Spinward"),
        "campaign 'Spinward' already holds 2 of these character(s)",
        "(already there as id 1",
        "--allow-duplicate",
    )
    assert "character 1 ('" in text and "character 2 ('" in text  # numbered as a person counts
    assert len(json.loads(ok(quick("roster", "--json")))) == 2
    ok(cli("import", str(path), "--campaign", "Spinward", "--allow-duplicate"))
    assert len(json.loads(ok(quick("roster", "--json")))) == 4


def test_a_file_over_the_size_limit_is_refused(cli: Run, quick: Run, exports: dict[str, Path], tmp_path: Path):
    data = json.loads(exports["nova"].read_text(encoding="utf-8"))
    data["sheet"]["notes"].append("x" * (33 * 1024 * 1024))
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    ok(quick("campaign", "new", "Nova", "--ruleset", "black-nova"))
    refused(cli("import", str(path), "--campaign", "Nova"), str(path), "more than the 32 MiB")
    assert "No characters yet." in ok(quick("roster"))


def test_a_character_line_over_the_limit_is_refused(cli: Run, quick: Run, exports: dict[str, Path], tmp_path: Path):
    def pad(lines: list[dict[str, Any]]) -> None:
        lines[2]["character"]["sheet"]["notes"].append("x" * (1024 * 1024))

    path = edited_copy(exports, tmp_path, pad)
    refused(cli("import", str(path)), f"{path}, line 3", "character 2 is more than 1 MiB long")
    assert "Spinward" not in ok(quick("campaign", "list"))


def test_an_invalid_house_rule_of_the_campaign_is_refused(
    cli: Run, quick: Run, exports: dict[str, Path], tmp_path: Path
):
    def bad_rule(lines: list[dict[str, Any]]) -> None:
        lines[0]["campaign"]["house_rules"] = {"max_terms": 0}

    path = edited_copy(exports, tmp_path, bad_rule)
    words = ("house rules nowhere-yet does not allow", "max_terms", "0", "/campaign/house_rules")
    refused(cli("import", str(path)), *words)
    assert "Spinward" not in ok(quick("campaign", "list"))


def test_an_invalid_house_rule_a_character_was_made_under_is_refused(
    cli: Run, quick: Run, exports: dict[str, Path], tmp_path: Path
):
    def bad_rule(lines: list[dict[str, Any]]) -> None:
        lines[2]["character"]["provenance"]["house_rules"]["max_terms"] = 0

    path = edited_copy(exports, tmp_path, bad_rule)
    refused(
        cli("import", str(path)),
        "character 2 ('",
        "made under the house rule max_terms = 0",
        "/character/provenance/house_rules/max_terms",
    )
    assert "Spinward" not in ok(quick("campaign", "list"))


def test_a_nul_character_is_refused_naming_the_character_and_the_field(
    cli: Run, quick: Run, exports: dict[str, Path], tmp_path: Path
):
    def nul(lines: list[dict[str, Any]]) -> None:
        lines[2]["character"]["sheet"]["notes"].append("a\x00b")

    path = edited_copy(exports, tmp_path, nul)
    text = refused(cli("import", str(path)), f"{path}, line 3", "character 2 ('", "NUL character")
    assert "/character/sheet/notes/" in text
    assert "Spinward" not in ok(quick("campaign", "list"))


def test_a_nul_in_the_player_is_refused_naming_the_field(cli: Run, exports: dict[str, Path], tmp_path: Path):
    def nul(lines: list[dict[str, Any]]) -> None:
        lines[1]["player"] = "Ann\x00"

    path = edited_copy(exports, tmp_path, nul)
    refused(cli("import", str(path)), "character 1 ('", "the field /player holds a NUL character")


def test_a_cut_off_campaign_file_is_refused(cli: Run, quick: Run, exports: dict[str, Path], tmp_path: Path):
    def cut(lines: list[dict[str, Any]]) -> None:
        del lines[2]

    path = edited_copy(exports, tmp_path, cut)
    refused(cli("import", str(path)), "holds 1 character(s), but its first line announces 2", "export the campaign")
    assert "Spinward" not in ok(quick("campaign", "list"))
