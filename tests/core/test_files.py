"""Every file lifepath writes is written whole or not at all (``lifepath.support.files``)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lifepath.errors import LifepathError
from lifepath.support.files import part_pattern, replacing, write_atomic


def test_a_failed_write_leaves_the_old_file_and_no_temporary_one(tmp_path):
    target = tmp_path / "export.json"
    target.write_text("the old export\n")
    with pytest.raises(RuntimeError), replacing(target) as tmp:
        tmp.write_text("half of a new one")
        raise RuntimeError("interrupted")
    assert target.read_text() == "the old export\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["export.json"]


def test_a_new_file_gets_the_mode_the_umask_gives(tmp_path):
    target = tmp_path / "npcs.csv"
    old_umask = os.umask(0o027)
    try:
        write_atomic(target, "new\n")
    finally:
        os.umask(old_umask)
    assert target.read_text() == "new\n"
    assert target.stat().st_mode & 0o777 == 0o640  # not the temporary file's 0600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["npcs.csv"]


def test_a_missing_folder_is_a_user_error(tmp_path):
    with pytest.raises(LifepathError, match=r"cannot write .*nowhere.*No such file"):
        write_atomic(tmp_path / "nowhere" / "x.json", "{}")


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_a_target_that_is_not_a_regular_file_is_refused_and_left_as_it_is(tmp_path, kind):
    # run as root, renaming over /dev/null or /dev/full would turn the device into a plain file
    target = tmp_path / "target"
    os.mkfifo(target) if kind == "fifo" else target.mkdir()
    with pytest.raises(LifepathError, match="not a regular file"), replacing(target) as tmp:
        tmp.write_text("never written")
    assert target.is_fifo() if kind == "fifo" else target.is_dir()
    assert [p.name for p in tmp_path.iterdir()] == ["target"]


def test_replacing_a_private_file_keeps_it_private(tmp_path):
    target = tmp_path / "secret.json"
    target.write_text("old\n")
    target.chmod(0o600)
    write_atomic(target, "new\n")
    assert target.read_text() == "new\n"
    assert target.stat().st_mode & 0o777 == 0o600


def test_the_temporary_file_is_named_after_its_target(tmp_path):
    target = tmp_path / "export.json"
    with replacing(target) as tmp:
        assert part_pattern(target).fullmatch(tmp.name), tmp.name
        assert not part_pattern(tmp_path / "export.jso").fullmatch(tmp.name)
    with replacing(tmp_path / "plot.png", suffix=".png") as tmp:
        assert tmp.name.endswith(".png.part") and part_pattern(tmp_path / "plot.png").fullmatch(tmp.name)


WRITER = """
import sys, time
from pathlib import Path
from lifepath.support.files import replacing
with replacing(Path(sys.argv[1])) as tmp:
    tmp.write_text("half of it")
    print(tmp.name, flush=True)
    time.sleep(600)
"""


def start_writer(target):
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(target)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    name = proc.stdout.readline().strip()  # the writer is inside the block once it has printed
    assert name and (target.parent / name).exists()
    return proc, target.parent / name


def test_a_write_killed_with_sigkill_leaves_a_part_file_the_next_write_removes(tmp_path):
    target = tmp_path / "npcs.jsonl"
    proc, part = start_writer(target)
    proc.kill()
    proc.wait()
    assert part.exists() and not target.exists()
    unrelated = tmp_path / ".npcs.jsonl.notours"
    unrelated.write_text("someone else's")
    write_atomic(target, "whole\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".npcs.jsonl.notours", "npcs.jsonl"]


def test_a_live_writers_part_file_is_left_alone(tmp_path):
    target = tmp_path / "npcs.jsonl"
    proc, part = start_writer(target)
    try:
        write_atomic(target, "whole\n")
        assert part.exists()  # still locked by the live writer: not stale
    finally:
        proc.kill()
        proc.wait()
    write_atomic(target, "again\n")
    assert not part.exists()


def test_sigterm_removes_the_part_file(tmp_path):
    target = tmp_path / "npcs.jsonl"
    target.write_text("the old one\n")
    proc, part = start_writer(target)
    proc.send_signal(signal.SIGTERM)
    assert proc.wait() == 128 + signal.SIGTERM
    assert not part.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["npcs.jsonl"]
    assert target.read_text() == "the old one\n"


def cli() -> list[str]:
    script = Path(sys.executable).with_name("lifepath")
    return [str(script)] if script.exists() else [sys.executable, "-c", "from lifepath.cli.main import run; run()"]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["sigterm", "sigkill"])
def test_lifepath_generate_interrupted_mid_write(tmp_path, sig):
    """A real `lifepath generate --out` stopped while it writes: SIGTERM leaves no part file; after
    SIGKILL the next write to the same target removes the one left behind."""
    target = tmp_path / "npcs.csv"
    command = [*cli(), "generate", "--count", "2000000", "--format", "csv", "--seed", "1"]
    proc = subprocess.Popen([*command, "--out", str(target)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    pattern = part_pattern(target)
    try:
        while not [p for p in tmp_path.iterdir() if pattern.fullmatch(p.name) and p.stat().st_size > 0]:
            assert proc.poll() is None, "generate ended before it wrote anything"
            time.sleep(0.05)
        proc.send_signal(sig)
        code = proc.wait()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    left = [p.name for p in tmp_path.iterdir() if pattern.fullmatch(p.name)]
    assert not target.exists()
    if sig == signal.SIGTERM:
        assert code == 128 + signal.SIGTERM
        assert left == []
        assert proc.stderr is not None and b"Traceback" not in proc.stderr.read()
        return
    assert len(left) == 1
    done = subprocess.run([*command[:3], "5", *command[4:], "--out", str(target)], capture_output=True)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["npcs.csv"]
