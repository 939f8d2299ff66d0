"""The modules that moved into the layered core still import under their old names (core/support/moved.py):
the same module object, with one DeprecationWarning naming the new path."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from lifepath.support.moved import MOVED


@pytest.mark.parametrize(("old", "new"), sorted(MOVED.items()))
def test_an_old_name_is_the_module_at_its_new_home_with_a_warning(old: str, new: str) -> None:
    sys.modules.pop(old, None)
    with pytest.warns(DeprecationWarning, match=f"{old} is now {new}"):
        module = importlib.import_module(old)
    assert module is importlib.import_module(new)
    assert module.__spec__ is not None and module.__spec__.name == new  # its own spec, not the alias's


def test_a_name_that_never_existed_is_still_not_found() -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("lifepath.no_such_module")


def test_import_lifepath_does_not_load_importlib_abc() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import sys, lifepath; print('importlib.abc' in sys.modules)"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == "False"
