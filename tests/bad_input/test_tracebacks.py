"""Failures that printed a traceback (issue 17) now print one paragraph and exit 2, leaving nothing
half-done: a folder or a device as ``generate --out``, a full disk behind ``--out`` or standard output,
and table files that are not UTF-8."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
COURIER = REPO / "docs" / "plugins" / "tutorial" / "lifepath_tutorial" / "data" / "courier.json"
MANIFEST = {
    "$schema": "https://lifepath.example/schemas/content-manifest.schema.json",
    "name": "couriers",
    "version": "1.0.0",
    "description": "The Courier career, as data only.",
    "ruleset": "nowhere-yet",
    "requires": ">=1.0,<2",
    "careers": ["careers/courier.json"],
}
LATIN1 = "Caf\u00e9 Courier".encode("latin-1")  # b"Caf\xe9 Courier": not UTF-8


def command() -> list[str]:
    script = Path(sys.executable).with_name("lifepath")
    return [str(script)] if script.exists() else [sys.executable, "-c", "from lifepath.cli.main import run; run()"]


def lifepath(*args: str, db: Path, stdout: int | None = subprocess.PIPE) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [*command(), *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "LIFEPATH_DB": str(db)},
        cwd=db.parent,
        timeout=600,
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done


def one_error(done: subprocess.CompletedProcess[str], *words: str, code: int = 2) -> str:
    assert done.returncode == code, (done.returncode, done.stderr)
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    for word in words:
        assert word in lines[0], (word, lines[0])
    return lines[0]


def saved(db: Path, campaign: str) -> int:
    done = lifepath("roster", campaign, "--json", db=db)
    assert done.returncode == 0, done.stderr
    return len(json.loads(done.stdout))


# -- generate --out -------------------------------------------------------------------------------


def test_generate_out_a_folder_is_refused_before_anything_is_saved(tmp_path: Path) -> None:
    db = tmp_path / "roster.db"
    assert lifepath("campaign", "new", "Spinward", db=db).returncode == 0
    folder = tmp_path / "npcs"
    folder.mkdir()
    one_error(
        lifepath("generate", "--count", "3", "--campaign", "Spinward", "--out", str(folder), db=db),
        f"--out {folder} is a folder",
        "Give a file name",
    )
    assert saved(db, "Spinward") == 0 and list(folder.iterdir()) == []
    # the rerun the user makes after the fix saves the batch once
    again = lifepath("generate", "--count", "3", "--campaign", "Spinward", "--out", str(folder / "npcs.jsonl"), db=db)
    assert again.returncode == 0, again.stderr
    assert saved(db, "Spinward") == 3
    assert len((folder / "npcs.jsonl").read_text().split("\n\n")) == 3


def test_generate_out_a_pipe_or_device_is_refused_and_left_alone(tmp_path: Path) -> None:
    # a named pipe of our own, not /dev/full: code without the check, run as root, replaced the device
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    one_error(
        lifepath("generate", "--count", "2", "--out", str(pipe), db=tmp_path / "r.db"),
        f"--out {pipe} is not a regular file",
        "leave out --out",
    )
    assert stat.S_ISFIFO(os.stat(pipe).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_generate_out_in_a_missing_folder_is_refused(tmp_path: Path) -> None:
    one_error(
        lifepath("generate", "--count", "2", "--out", str(tmp_path / "nope" / "f.csv"), db=tmp_path / "r.db"),
        "the folder",
        "does not exist",
    )


@pytest.fixture
def small_disk(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A 64 KiB tmpfs (root only); skipped where it cannot be mounted."""
    mount = tmp_path / "small"
    mount.mkdir()
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a small tmpfs needs root")
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount)], capture_output=True)
    if made.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {made.stderr.decode(errors='replace').strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", str(mount)], check=True)


def test_a_full_disk_behind_generate_out_is_one_error_and_leaves_no_file_and_no_save(
    tmp_path: Path, small_disk: Path
) -> None:
    db = tmp_path / "roster.db"
    assert lifepath("campaign", "new", "Spinward", db=db).returncode == 0
    target = small_disk / "npcs.jsonl"
    one_error(
        lifepath(
            "generate",
            "--count",
            "200",
            "--seed",
            "1",
            "--format",
            "jsonl",
            "--campaign",
            "Spinward",
            "--out",
            str(target),
            db=db,
        ),
        f"cannot write {target} (No space left on device)",
        "nothing was written or saved",
    )
    assert list(small_disk.iterdir()) == []  # neither the file nor a partial one
    assert saved(db, "Spinward") == 0


def test_a_full_disk_behind_standard_output_is_one_error(tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        batch = lifepath("generate", "--count", "300", "--seed", "1", db=tmp_path / "r.db", stdout=full.fileno())
        roster = lifepath("roster", db=tmp_path / "r.db", stdout=full.fileno())
        helped = lifepath("--help", db=tmp_path / "r.db", stdout=full.fileno())
    for done in (batch, roster, helped):
        one_error(done, "cannot write to standard output (No space left on device)")


# -- table files that are not UTF-8 ---------------------------------------------------------------


def test_schema_validate_names_a_table_that_is_not_utf8(tmp_path: Path) -> None:
    table = tmp_path / "courier.json"
    table.write_bytes(COURIER.read_bytes().replace(b'"Courier"', b'"' + LATIN1 + b'"', 1))
    good = tmp_path / "good.json"
    good.write_bytes(COURIER.read_bytes())
    done = lifepath("schema", "validate", str(table), str(good), db=tmp_path / "r.db")
    # `schema validate` lists every problem and exits 1 when a file has one (as for a JSON syntax error)
    assert done.returncode == 1, done.stderr
    offset = COURIER.read_bytes().index(b'"Courier"') + 4  # the quote, then "Caf"
    line = COURIER.read_bytes()[:offset].count(b"\n") + 1
    assert done.stderr.splitlines() == [
        f"error: {table}, line {line}: this file is not UTF-8 text (byte 0xe9 at offset {offset} cannot be "
        "decoded). Save it as UTF-8 (JSON files must be UTF-8).",
        "1 problem(s) in 2 file(s)",
    ]
    assert done.stdout == f"ok: {good}\n"


@pytest.mark.parametrize("which", ["career", "manifest"])
def test_campaign_add_content_names_a_file_that_is_not_utf8_and_stores_nothing(tmp_path: Path, which: str) -> None:
    db = tmp_path / "roster.db"
    assert lifepath("campaign", "new", "Spinward", db=db).returncode == 0
    folder = tmp_path / "couriers"
    (folder / "careers").mkdir(parents=True)
    manifest = json.dumps({**MANIFEST, "description": "__"}, indent=2).encode()
    career = COURIER.read_bytes()
    if which == "manifest":
        manifest = manifest.replace(b"__", LATIN1)
        bad = folder / "manifest.json"
    else:
        career = career.replace(b'"Courier"', b'"' + LATIN1 + b'"', 1)
        bad = folder / "careers" / "courier.json"
    (folder / "manifest.json").write_bytes(manifest)
    (folder / "careers" / "courier.json").write_bytes(career)
    one_error(
        lifepath("campaign", "add-content", "Spinward", str(folder), db=db),
        str(bad),
        "this file is not UTF-8 text (byte 0xe9",
        "Save it as UTF-8",
    )
    shown = json.loads(lifepath("campaign", "show", "Spinward", "--json", db=db).stdout)
    assert shown["content"] == []


# -- arguments that are not UTF-8 -----------------------------------------------------------------


def test_an_argument_that_is_not_utf8_is_refused_before_it_reaches_the_store(tmp_path: Path) -> None:
    db = tmp_path / "roster.db"
    done = subprocess.run(
        [*command(), "campaign", "new", b"Camp\x9baign"],  # a raw C1 byte, as `$'\x9b'` gives in a shell
        capture_output=True,
        env={**os.environ, "LIFEPATH_DB": str(db), "LC_ALL": "C.UTF-8"},
        cwd=tmp_path,
        timeout=600,
    )
    stderr = done.stderr.decode("utf-8")
    assert done.returncode == 2 and "Traceback" not in stderr, stderr
    assert stderr == (
        "error: argument 3 ('Camp\\x9baign') is not valid text: byte 0x9b cannot be decoded. Type it again in "
        "UTF-8 (a C1 control such as U+009B is the two bytes c2 9b).\n"
    )
    assert not db.exists()
