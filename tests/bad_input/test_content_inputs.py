"""Content folders and ``schema validate`` (issues 15 and 17): nothing to validate is refused, a manifest
naming a missing table is caught by ``schema validate`` (not later by ``add-content``), and a folder that
redefines a career the ruleset already has is refused by ``add-content``, naming both, instead of a warning
at the next ``create``."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

from lifepath.support.jsonpos import line_of

Run = Callable[..., subprocess.CompletedProcess[str]]
REPO = Path(__file__).resolve().parents[2]
NAVY = REPO / "plugins" / "nowhere_yet" / "data" / "careers" / "navy.json"
COURIER = REPO / "docs" / "plugins" / "tutorial" / "lifepath_tutorial" / "data" / "courier.json"


def refused(done: subprocess.CompletedProcess[str], *words: str, code: int = 2) -> str:
    assert done.returncode == code, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr, done.stderr
    for word in words:
        assert word in done.stderr, (word, done.stderr)
    return done.stderr


def ok(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout


def folder(root: Path, name: str, tables: dict[str, Path | None]) -> Path:
    """A content folder called ``name`` whose manifest lists ``tables`` (a None source is left missing)."""
    where = root / name
    (where / "careers").mkdir(parents=True)
    for rel, source in tables.items():
        if source is not None:
            (where / rel).write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    manifest = {
        "$schema": "https://lifepath.example/schemas/content-manifest.schema.json",
        "name": name,
        "version": "1.0.0",
        "ruleset": "nowhere-yet",
        "careers": list(tables),
    }
    (where / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return where


def test_validating_an_empty_folder_is_refused(run_cli: Run, tmp_path: Path) -> None:
    empty = tmp_path / "tables"
    empty.mkdir()
    done = run_cli("schema", "validate", str(empty))
    refused(done, f"the folder {empty} holds no *.json table", "nothing to validate")
    assert "valid" not in done.stdout


def test_a_manifest_naming_a_missing_table_fails_validate_with_its_line(run_cli: Run, tmp_path: Path) -> None:
    content = folder(tmp_path, "couriers", {"careers/courier.json": COURIER, "careers/curier.json": None})
    manifest = (content / "manifest.json").read_text()
    where = f"manifest.json, line {line_of(manifest, '/careers/1')}, at /careers/1"
    # schema validate lists every problem and exits 1 when it finds any, as for a typo in a table
    done = run_cli("schema", "validate", str(content))
    refused(done, where, "names the table careers/curier.json, which is not in", code=1)
    assert "1 problem(s) in 2 file(s)" in done.stderr and "file(s) valid" not in done.stdout
    refused(run_cli("create", "--auto", "--content", str(content)), where)


def test_add_content_refuses_a_manifest_naming_a_missing_table(
    run_cli: Run, run_in_process: Run, tmp_path: Path
) -> None:
    db = str(tmp_path / "c.db")
    content = folder(tmp_path, "couriers", {"careers/curier.json": None})
    ok(run_in_process("campaign", "new", "Spinward", "--db", db))  # set-up and read-back in-process
    refused(run_cli("campaign", "add-content", "Spinward", str(content), "--db", db), "careers/curier.json")
    assert json.loads(ok(run_in_process("campaign", "show", "Spinward", "--json", "--db", db)))["content"] == []


def test_add_content_refuses_a_folder_redefining_a_built_in_career(
    run_cli: Run, run_in_process: Run, tmp_path: Path
) -> None:
    db = str(tmp_path / "c.db")
    content = folder(tmp_path, "my-navy", {"careers/navy.json": NAVY})
    ok(run_in_process("campaign", "new", "Spinward", "--db", db))  # set-up and read-back in-process
    done = run_cli("campaign", "add-content", "Spinward", str(content), "--db", db)
    refused(
        done,
        "adds the career 'Navy'",
        "careers/navy.json",
        "the built-in plugin 'nowhere_yet'",
        "campaign 'Spinward' was not changed",
    )
    assert json.loads(ok(run_in_process("campaign", "show", "Spinward", "--json", "--db", db)))["content"] == []
    made = run_cli("create", "--auto", "--seed", "1", "--campaign", "Spinward", "--db", db)
    ok(made)
    assert "warning" not in made.stderr


def test_add_content_refuses_a_second_folder_with_the_same_career(
    run_cli: Run, run_in_process: Run, tmp_path: Path
) -> None:
    db = str(tmp_path / "c.db")
    first = folder(tmp_path, "couriers", {"careers/courier.json": COURIER})
    second = folder(tmp_path, "more-couriers", {"careers/courier.json": COURIER})
    ok(run_in_process("campaign", "new", "Spinward", "--db", db))  # set-up and read-back in-process
    ok(run_in_process("campaign", "add-content", "Spinward", str(first), "--db", db))
    refused(
        run_cli("campaign", "add-content", "Spinward", str(second), "--db", db),
        "adds the career 'Courier'",
        f"the content folder {first}",
    )
    assert json.loads(ok(run_in_process("campaign", "show", "Spinward", "--json", "--db", db)))["content"] == [
        str(first)
    ]
