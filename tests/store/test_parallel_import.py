"""``lifepath import --workers``: a large campaign file's characters are checked and replayed in worker
processes, and the import is the same as in one process: the same rows in the same order, the same
warnings in the same order, the same first error (the first in the file), and nothing stored on an error."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lifepath.store.checking import CHUNK
from tests.processes import group_members, wait_for

Run = Callable[..., subprocess.CompletedProcess[str]]
#: six chunks: more than the two workers have in flight at once (a chunk each, and one queued each)
COUNT = 6 * CHUNK
TWO_CPUS = (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1) >= 2


def ok(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def export(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A campaign export of COUNT Nowhere Yet NPCs (made once for the module)."""
    from tests.conftest import lifepath_command

    folder = tmp_path_factory.mktemp("parallel")
    env = {**os.environ, "LIFEPATH_DB": str(folder / "source.db")}

    def run(*args: str) -> None:
        done = subprocess.run(
            [*lifepath_command(), *args], capture_output=True, text=True, env=env, cwd=folder, timeout=600
        )
        assert done.returncode == 0, done.stderr

    run("campaign", "new", "Crowd", "--ruleset", "nowhere-yet")
    run("generate", "--count", str(COUNT), "--seed", "5", "--campaign", "Crowd", "--workers", "2")
    run("export", "--campaign", "Crowd", "--out", str(folder / "crowd.jsonl"))
    return folder / "crowd.jsonl"


def rows(db: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as conn:
        return conn.execute(
            "SELECT id, name, status, seed, document_sha256, edited, created_at FROM character ORDER BY id"
        ).fetchall()


def changed(export: Path, tmp_path: Path, change: Callable[[list[dict[str, Any]]], None], name: str) -> Path:
    lines = [json.loads(line) for line in export.read_text(encoding="utf-8").splitlines()]
    change(lines)
    path = tmp_path / name
    path.write_text(
        "".join(json.dumps(x, ensure_ascii=False, separators=(",", ":")) + "\n" for x in lines), encoding="utf-8"
    )
    return path


def older(index: int) -> Callable[[list[dict[str, Any]]], None]:
    """Make character ``index`` (line ``index + 2``) a year older than its seed makes it."""

    def change(lines: list[dict[str, Any]]) -> None:
        lines[index + 1]["character"]["sheet"]["age"] += 1

    return change


def test_two_workers_store_what_one_process_stores(run_cli: Run, export: Path, tmp_path: Path) -> None:
    one, two = tmp_path / "one.db", tmp_path / "two.db"
    said_one = ok(run_cli("import", str(export), "--db", str(one), "--workers", "1"))
    said_two = ok(run_cli("import", str(export), "--db", str(two), "--workers", "2"))
    assert said_one == said_two
    assert said_two == f"imported {COUNT} character(s) into campaign 'Crowd' (a new campaign): ids 1-{COUNT}\n"
    assert rows(one) == rows(two)
    assert len(rows(two)) == COUNT
    # and the documents are those of the file, byte for byte
    exported = ok(run_cli("export", "--campaign", "Crowd", "--db", str(two)))
    assert exported.splitlines()[1:] == export.read_text(encoding="utf-8").splitlines()[1:]


def test_warnings_come_in_file_order_whatever_the_workers(run_cli: Run, export: Path, tmp_path: Path) -> None:
    said = []
    for workers in ("1", "2"):
        db = str(tmp_path / f"w{workers}.db")
        ok(run_cli("campaign", "new", "Capped", "--ruleset", "nowhere-yet", "--rule", "max_terms=4", "--db", db))
        done = run_cli("import", str(export), "--campaign", "Capped", "--db", db, "--workers", workers)
        ok(done)
        said.append(done.stderr)
    # the same warning for every character is said once, with them all in file order (numbered from 1)
    (warning,) = said[0].splitlines()
    assert warning.startswith(
        f"lifepath: warning: {COUNT:,} characters (1-{COUNT:,} in the file) were made under other house rules"
    )
    assert said[0] == said[1]


def test_the_first_edited_character_in_the_file_is_the_error_and_nothing_is_stored(
    run_cli: Run, export: Path, tmp_path: Path
) -> None:
    def two_edits(lines: list[dict[str, Any]]) -> None:
        older(COUNT - 150)(lines)  # in a later chunk
        older(COUNT - 20)(lines)

    path = changed(export, tmp_path, two_edits, "edited.jsonl")
    errors = []
    for workers in ("1", "2"):
        db = tmp_path / f"e{workers}.db"
        done = run_cli("import", str(path), "--db", str(db), "--workers", workers)
        assert done.returncode == 2, done.stderr
        assert "Traceback" not in done.stderr
        errors.append(done.stderr)
        assert not db.exists() or rows(db) == []  # all or nothing: not even the campaign
    assert errors[0] == errors[1]
    first = COUNT - 150
    assert f"line {first + 2}" in errors[1] and f"character {first + 1} (" in errors[1]
    assert "sheet.age" in errors[1] and "--accept-edited" in errors[1]


def test_an_edited_character_before_a_short_file_is_reported_first(run_cli: Run, export: Path, tmp_path: Path) -> None:
    """The file's shape (fewer lines than announced) is only known at its end: a character's mistake
    before that is still the one reported, as in one process."""

    def edit_and_cut(lines: list[dict[str, Any]]) -> None:
        older(COUNT - 40)(lines)
        del lines[-5:]

    path = changed(export, tmp_path, edit_and_cut, "short.jsonl")
    said = [run_cli("import", str(path), "--db", str(tmp_path / f"s{w}.db"), "--workers", w).stderr for w in "12"]
    assert said[0] == said[1]
    assert f"character {COUNT - 39} (" in said[1]
    cut = changed(export, tmp_path, lambda lines: lines.__delitem__(slice(-5, None)), "cut.jsonl")
    done = run_cli("import", str(cut), "--db", str(tmp_path / "cut.db"), "--workers", "2")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"the file holds {COUNT - 5} character(s), but its first line announces {COUNT}" in done.stderr


def test_accepted_edits_are_marked_the_same_way(run_cli: Run, export: Path, tmp_path: Path) -> None:
    path = changed(export, tmp_path, older(COUNT - 3), "accepted.jsonl")
    stored = []
    for workers in ("1", "2"):
        db = tmp_path / f"a{workers}.db"
        done = run_cli("import", str(path), "--db", str(db), "--workers", workers, "--accept-edited")
        assert f"marked edited (they do not replay): ids {COUNT - 2}" in ok(done)
        stored.append(rows(db))
    assert stored[0] == stored[1]


@pytest.mark.skipif(not TWO_CPUS, reason="one CPU here: --workers 2 is lowered to 1")
def test_a_bad_line_in_a_worker_is_one_error_naming_the_line(run_cli: Run, export: Path, tmp_path: Path) -> None:
    text = export.read_text(encoding="utf-8").splitlines()
    text[COUNT - 10] = text[COUNT - 10][:-40]  # cut a line short: not valid JSON
    path = tmp_path / "damaged.jsonl"
    path.write_text("\n".join(text) + "\n", encoding="utf-8")
    done = run_cli("import", str(path), "--db", str(tmp_path / "d.db"), "--workers", "2")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"line {COUNT - 9}" in done.stderr and f"character {COUNT - 10}: this line is not valid JSON" in done.stderr


# -- a killed import ---------------------------------------------------------------------------------


def started(pid: int) -> bool:
    """Whether process ``pid`` has a file descriptor past the standard three on /dev/null (a worker opens one
    for its stderr when it starts). The standard ones do not count: a child may inherit /dev/null as its
    stdin (pytest-xdist gives its workers one), and multiprocessing reopens stdin on /dev/null before the
    initializer runs, so either would say "started" while the worker can still print a traceback."""
    try:
        return any(int(fd.name) > 2 and os.readlink(fd) == os.devnull for fd in Path(f"/proc/{pid}/fd").iterdir())
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads process groups from /proc")
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["kill -9", "SIGTERM"])
def test_a_killed_import_leaves_no_worker_and_stores_nothing(export: Path, tmp_path: Path, sig: int) -> None:
    from tests.conftest import lifepath_command

    # a file long enough to be killed in the middle of: the module's characters, five times over
    head, *body = export.read_text(encoding="utf-8").splitlines()
    header = json.loads(head)
    header["characters"] = 5 * len(body)
    big = tmp_path / "big.jsonl"
    big.write_text("\n".join([json.dumps(header), *body * 5]) + "\n", encoding="utf-8")
    db = tmp_path / "killed.db"
    out = (tmp_path / "out.txt").open("w")
    proc = subprocess.Popen(
        [*lifepath_command(), "import", str(big), "--db", str(db), "--workers", "2", "--allow-duplicate"],
        stdout=out,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ),
        cwd=tmp_path,
        start_new_session=True,  # its own process group: the workers join it
    )
    try:
        # both workers started (each opens /dev/null for its stderr when it starts: a worker killed while
        # multiprocessing is still starting it prints that module's own traceback)
        wait_for(lambda: sum(started(pid) for pid in group_members(proc.pid) if pid != proc.pid) >= 2, "the workers")
        os.kill(proc.pid, sig)
        proc.wait(timeout=120)
        wait_for(lambda: not group_members(proc.pid), "every worker to exit")
        stderr = proc.stderr.read() if proc.stderr else ""
    finally:
        for pid in group_members(proc.pid):
            os.kill(pid, signal.SIGKILL)
    out.close()
    assert "Traceback" not in stderr
    assert not db.exists() or rows(db) == []


_WORKER = """
import sys
from pathlib import Path
from lifepath.store import checking, exchange
found = exchange.ImportFile.read(Path(sys.argv[1]))
target = checking.Target("Crowd", "nowhere-yet", [])
spec = checking.Spec(found.source, found.kind, found.data, found.text, str(found.path), target, {}, False)
lines = [line for _, line in zip(range(3), found.raw_lines(), strict=False)]
done = checking.check_chunk(spec, lines)
assert done.error is None and len(done.ready) == 3, done
heavy = sorted(m for m in ("sqlalchemy", "sqlmodel", "pydantic", "lifepath.store.models") if m in sys.modules)
print(",".join(heavy) or "none")
"""


def test_a_worker_checks_characters_without_the_stores_models(export: Path) -> None:
    """What a worker does to a chunk imports neither SQLAlchemy, SQLModel nor pydantic (each worker would
    pay about a second and 25 MB for them): it hands back plain values, and the importing process builds
    the rows."""
    import sys

    done = subprocess.run([sys.executable, "-c", _WORKER, str(export)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "none"
