"""``lifepath verify FILE.jsonl`` in one process or several (issue 31): a summary by default, a line for each
character with ``--each``, every line that differs or cannot be replayed always listed, the same bytes and
exit code for any ``--workers``, a bar on a terminal only, and bad input as one error paragraph.

The files are real ``lifepath generate`` batches, made once for the module (in-process: set-up); what only
the console script shows (exit codes, the error paragraph, the worker processes, the terminal) runs it.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lifepath.errors import LifepathError
from lifepath.replay import IDENTICAL, verify
from lifepath.replay.lines import identical
from lifepath.testing import make_registry
from tests.in_process import run_in_process

CLI = Callable[..., subprocess.CompletedProcess[str]]
REGISTRY = make_registry()
FULL, BRIEFS = 100, 60
EDITED, BROKEN = 40, 71  # the lines of tampered.jsonl that differ, and that is not JSON


def ok(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """full.jsonl (full exports), briefs.jsonl, and tampered.jsonl: full.jsonl with one character's credits
    edited and one line that is not JSON."""
    where = tmp_path_factory.mktemp("verify-workers")
    home = where / "home"
    batch = ("generate", "--format", "jsonl", "--ruleset", "nowhere-yet")
    ok(
        run_in_process(
            home, *batch, "--count", str(FULL), "--seed", "31", "--history", "--out", "full.jsonl", cwd=where
        )
    )
    ok(run_in_process(home, *batch, "--count", str(BRIEFS), "--seed", "32", "--out", "briefs.jsonl", cwd=where))
    lines = (where / "full.jsonl").read_text(encoding="utf-8").splitlines()
    edited = json.loads(lines[EDITED - 1])
    edited["sheet"]["credits"] += 250
    lines[EDITED - 1] = json.dumps(edited, ensure_ascii=False)
    lines[BROKEN - 1] = "{oops"
    (where / "tampered.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return where


def in_process(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_in_process(folder / "home", *args, cwd=folder)


def test_the_default_is_one_summary_line(folder: Path) -> None:
    done = in_process(folder, "verify", "full.jsonl")
    assert ok(done) == f"{FULL} of {FULL} character(s) in full.jsonl replay exactly\n"
    assert done.stderr == ""


def test_each_gives_one_line_per_character(folder: Path) -> None:
    said = ok(in_process(folder, "verify", "briefs.jsonl", "--each")).splitlines()
    assert len(said) == BRIEFS + 1
    for number, line in enumerate(said[:-1], start=1):
        assert line.startswith(f"briefs.jsonl line {number} (") and line.endswith(f"): {IDENTICAL}"), line
    assert said[-1] == f"{BRIEFS} of {BRIEFS} character(s) in briefs.jsonl replay exactly"


def test_any_number_of_workers_gives_the_same_bytes_and_lists_what_fails(run_cli: CLI, folder: Path) -> None:
    one, two = (run_cli("verify", "tampered.jsonl", "--workers", n, cwd=folder) for n in ("1", "2"))
    assert (one.returncode, one.stdout, one.stderr) == (two.returncode, two.stdout, two.stderr)
    assert one.returncode == 1 and one.stderr == ""
    sheet = json.loads((folder / "tampered.jsonl").read_text(encoding="utf-8").splitlines()[EDITED - 1])["sheet"]
    credits = sheet["credits"]
    assert one.stdout.splitlines() == [
        f"tampered.jsonl line {EDITED} ({sheet['name']}): differs from what its seed makes (1 difference(s); "
        "values are made -> exported):",
        f"  - sheet.credits: {credits - 250} -> {credits}",
        f"tampered.jsonl line {BROKEN}: cannot be replayed: tampered.jsonl, line {BROKEN}: this line is not valid "
        "JSON (Expecting property name enclosed in double quotes, column 2). Each line is one character as "
        "`lifepath generate --format jsonl` writes it.",
        f"{FULL - 2} of {FULL} character(s) in tampered.jsonl replay exactly; 1 differ; 1 could not be replayed",
    ]


def test_json_lists_every_line_whatever_the_option(folder: Path) -> None:
    results = json.loads(ok(in_process(folder, "verify", "briefs.jsonl", "--json", "--each")))
    assert [(r["line"], r["identical"]) for r in results] == [(n, True) for n in range(1, BRIEFS + 1)]


def test_a_line_too_long_stops_the_run_with_one_paragraph_naming_file_and_line(run_cli: CLI, folder: Path) -> None:
    lines = (folder / "briefs.jsonl").read_text(encoding="utf-8").splitlines()[:5]
    (folder / "long.jsonl").write_text("\n".join([*lines, "x" * (1 << 21), *lines]) + "\n", encoding="utf-8")
    done = run_cli("verify", "long.jsonl", cwd=folder)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        "error: long.jsonl: line 6 is longer than 1024 KB. A character is 1 to 40 KB a line: check it is the "
        "right file.\n"
    )


def test_workers_are_for_a_file_of_characters(folder: Path) -> None:
    (folder / "one.json").write_text((folder / "briefs.jsonl").read_text(encoding="utf-8").splitlines()[0])
    done = in_process(folder, "verify", "one.json", "--workers", "2")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("error: --workers is for a JSON Lines file of characters"), done.stderr
    assert IDENTICAL in ok(in_process(folder, "verify", "one.json", "--each"))  # one character: its line, as before


def test_the_default_number_of_workers_is_imports() -> None:
    from lifepath.cli.batching import cap_workers
    from lifepath.cli.verify_lines import default_workers
    from lifepath.store.checking import DEFAULT_WORKERS, MIN_PARALLEL

    assert default_workers(None) == default_workers(MIN_PARALLEL - 1) == 1
    assert default_workers(MIN_PARALLEL) == cap_workers(DEFAULT_WORKERS, quiet=True)


def test_a_bar_on_a_terminal_with_the_failures_above_it(terminal, folder: Path) -> None:
    session = terminal("verify", "tampered.jsonl", cwd=folder)
    out = session.finish()
    assert session.exit_code == 1, out
    assert "verifying" in out and f"{FULL}/{FULL}" in out  # the bar's last state is always drawn
    assert "\x1b[2K" in out  # ...and erased again
    assert "  - sheet.credits: " in out and f"tampered.jsonl line {BROKEN}: cannot be replayed" in out
    assert out.rstrip().endswith("1 differ; 1 could not be replayed")
    # no bar where standard error is not a terminal: test_any_number_of_workers_... finds stderr empty


def test_the_quick_verdict_is_the_full_verify_s(folder: Path) -> None:
    """lifepath.replay.lines says identical exactly where lifepath.replay.verify does, and otherwise nothing."""
    full = (folder / "full.jsonl").read_text(encoding="utf-8").splitlines()[:6]
    briefs = (folder / "briefs.jsonl").read_text(encoding="utf-8").splitlines()[:6]

    def edited(line: str, change: Callable[[dict[str, Any]], None]) -> str:
        data = json.loads(line)
        change(data)
        return json.dumps(data, ensure_ascii=False)

    def answer(data: dict[str, Any]) -> None:
        data["provenance"]["decisions"][1][1] = "zz"

    untouched = full + briefs
    cases = [
        *untouched,
        json.dumps(json.loads(full[0])),  # the same values, ASCII-escaped: another text, still identical
        json.dumps(json.loads(briefs[0]), separators=(",", ":")),
        edited(full[1], lambda d: d["sheet"].update(age=d["sheet"]["age"] + 1)),
        edited(full[2], lambda d: d["history"][3].update(total=99)),
        edited(full[3], lambda d: d["provenance"]["house_rules"].update(bogus=1)),
        edited(full[4], lambda d: d["provenance"]["decisions"].append(["x", "y"])),
        edited(full[5], lambda d: d["provenance"].update(seed="seven")),
        edited(briefs[1], answer),
        edited(briefs[2], lambda d: d["provenance"].update(seed=d["provenance"]["seed"] + 1)),
        edited(briefs[3], lambda d: d.update(extra=1)),
        edited(briefs[4], lambda d: d["sheet"].update(provenance={"seed": 1})),
        full[0][:-1] + ', "provenance": {}}',  # a second provenance: the parser keeps the last
    ]
    for text in cases:
        quick = identical(REGISTRY, text)
        try:
            whole = verify(REGISTRY, json.loads(text)).identical
        except LifepathError:
            whole = False
        if quick is not None:
            assert whole and quick == json.loads(text)["sheet"], text[:200]
        assert (quick is not None) == (text in untouched), text[:200]
