"""``lifepath export --campaign X --format foundry --out DIR`` is all or nothing: on a real full disk (a tiny
tmpfs mounted for the test) the folder is left exactly as it was, and the command says so in one paragraph."""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from lifepath.testing import create_character, make_registry

PAGE = 4096


@pytest.fixture(scope="module")
def registry() -> Any:
    return make_registry()


@pytest.fixture
def small_disk() -> Iterator[Path]:
    """A 512 KiB tmpfs of its own (needs root, or CAP_SYS_ADMIN); skipped with the reason otherwise."""
    where = Path(tempfile.mkdtemp(prefix="lifepath-small-disk-"))
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(where)], capture_output=True, text=True
    )
    if done.returncode != 0:
        where.rmdir()
        pytest.skip(f"a full disk is simulated with a tmpfs mount, which failed here: {done.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", str(where)], check=False)
        where.rmdir()


def add(db: Path, registry: Any, seeds: range) -> None:
    from lifepath.store import open_store
    from lifepath.store.models import CampaignCreate

    with open_store(str(db), registry=registry, warn=lambda _t: None) as store:
        if not store.campaigns():
            store.new_campaign(CampaignCreate(name="Spinward", ruleset="nowhere-yet"))
        for seed in seeds:
            store.add_character("Spinward", create_character(registry, "nowhere-yet", seed=seed))


def contents(folder: Path) -> dict[str, bytes]:
    """Every entry of ``folder`` (hidden ones too) and its bytes."""
    return {p.name: p.read_bytes() if p.is_file() else b"<folder>" for p in sorted(folder.iterdir())}


def fill(disk: Path, leave: int) -> Path:
    """A file that leaves only ``leave`` bytes free on ``disk``."""
    stats = os.statvfs(disk)
    filler = disk / "filler"
    with open(filler, "wb") as f:
        f.write(b"\0" * (stats.f_bavail * stats.f_frsize - leave))
    assert os.statvfs(disk).f_bavail * stats.f_frsize == leave
    return filler


def test_a_full_disk_leaves_the_folder_as_it_was(run_cli, tmp_path, registry, small_disk) -> None:
    db = tmp_path / "default.db"
    out = small_disk / "actors"
    out.mkdir()
    (out / "keep.txt").write_text("the referee's own file\n", encoding="utf-8")
    add(db, registry, range(1, 3))
    first = run_cli("export", "--campaign", "Spinward", "--format", "foundry", "--out", str(out))
    assert first.returncode == 0, first.stderr
    before = contents(out)
    assert len(before) == 3
    add(db, registry, range(3, 7))
    filler = fill(small_disk, leave=3 * PAGE)  # the first actor file (two pages) fits, the second does not

    full = run_cli("export", "--campaign", "Spinward", "--format", "foundry", "--out", str(out))

    assert full.returncode == 2 and full.stdout == ""
    assert "Traceback" not in full.stderr and full.stderr.count("\n") == 1, full.stderr
    expected = f"error: cannot write the Foundry VTT (twodsix) actor files to {out} (No space left on device)"
    assert full.stderr.startswith(expected)
    assert "nothing was written" in full.stderr and "Free some space on that disk" in full.stderr
    assert contents(out) == before  # the old actors unchanged, no new one, no staging folder

    filler.unlink()
    again = run_cli("export", "--campaign", "Spinward", "--format", "foundry", "--out", str(out))
    assert again.returncode == 0, again.stderr
    after = contents(out)
    assert len(after) == 7
    assert [n.split("-")[0] for n in sorted(after) if n.endswith(".json")] == ["1", "2", "3", "4", "5", "6"]
    assert after["keep.txt"] == before["keep.txt"]


def test_a_full_disk_removes_the_folder_the_export_made(run_cli, tmp_path, registry, small_disk) -> None:
    add(tmp_path / "default.db", registry, range(1, 7))
    fill(small_disk, leave=3 * PAGE)
    out = small_disk / "new" / "actors"
    done = run_cli("export", "--campaign", "Spinward", "--format", "foundry", "--out", str(out))
    assert done.returncode == 2 and "nothing was written" in done.stderr, done.stderr
    assert not out.exists()


def test_a_killed_exports_staging_folder_is_removed_by_the_next(run_cli, tmp_path, registry) -> None:
    add(tmp_path / "default.db", registry, range(1, 3))
    out = tmp_path / "actors"
    stale = out / ".lifepath-foundry-k1ll3d00"
    stale.mkdir(parents=True)
    (stale / ".lock").touch()
    (stale / "1-half.json").write_text("{", encoding="utf-8")
    (out / ".lifepath-foundry-notmine.txt").write_text("a file, not a staging folder\n", encoding="utf-8")
    done = run_cli("export", "--campaign", "Spinward", "--format", "foundry", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert [p.name for p in sorted(out.iterdir())] == [
        ".lifepath-foundry-notmine.txt",
        "1-dalia-kovalenko.json",
        "2-omar-laine.json",
    ]
