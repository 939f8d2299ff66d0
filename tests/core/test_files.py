"""Every file lifepath writes is written whole or not at all (``lifepath.files``)."""

from __future__ import annotations

import os

import pytest

from lifepath.errors import LifepathError
from lifepath.files import replacing, write_atomic


def test_a_failed_write_leaves_the_old_file_and_no_temporary_one(tmp_path):
    target = tmp_path / "export.json"
    target.write_text("the old export\n")
    with pytest.raises(RuntimeError), replacing(target) as tmp:
        tmp.write_text("half of a new one")
        raise RuntimeError("interrupted")
    assert target.read_text() == "the old export\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["export.json"]


def test_the_new_file_replaces_the_old_with_the_mode_a_new_file_gets(tmp_path):
    target = tmp_path / "npcs.csv"
    target.write_text("old\n")
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
