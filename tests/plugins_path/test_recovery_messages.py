"""Recovery messages (issue 28): what lifepath says when something is off must be the fix.

Commands run in-process through the test kit's ``lifepath`` fixture (isolated HOME, drafts and database);
plugins that are not installed are registered on a fresh manager directly.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from lifepath.hookspecs import hookimpl
from lifepath.host.manager import Manager
from lifepath.testing import LifepathRunner, assert_replays, create_character


def test_check_names_the_missing_build_field_whole(lifepath: LifepathRunner, tmp_path: Path) -> None:
    export = json.loads(lifepath("create", "--ruleset", "d6-pool", "--auto", "--seed", "2", "--json").ok())
    del export["sheet"]["extra"]["build"]
    path = tmp_path / "no-build.json"
    path.write_text(json.dumps(export), encoding="utf-8")
    done = lifepath("check", path)
    assert done.exit_code == 1
    assert "violation: sheet.extra.build: missing; a " in done.stderr  # not "xtra.build"


class FromTheFuture:
    """A plugin written for a later lifepath: one hook this one has never heard of, and one it knows."""

    @hookimpl
    def lifepath_weather(self, ctx: Any) -> None:  # no such hook (yet)
        raise AssertionError("never called")

    @hookimpl
    def lifepath_register_skills(self, ruleset_id: str, register: Any) -> None:
        if ruleset_id == "nowhere-yet":
            register("Weather Lore", "Reading a world's skies.")


class NewerArguments:
    """A known hook implemented with an argument this lifepath's hook does not pass."""

    @hookimpl
    def lifepath_register_careers(self, ruleset_id: str, register: Any, campaign: Any) -> None:
        raise AssertionError("never called")


def test_a_hook_this_lifepath_does_not_know_is_one_warning_and_the_rest_of_the_plugin_works(
    capsys: pytest.CaptureFixture[str],
) -> None:
    manager = Manager()
    manager.load_entry_points(only={"nowhere_yet"})
    manager.add(FromTheFuture(), "future")
    manager.warn_unknown_hooks()
    err = capsys.readouterr().err
    assert err.count("lifepath: warning:") == 1 and "Traceback" not in err
    assert "plugin 'future' implements lifepath_weather, which lifepath 0.1.0 does not know" in err
    assert "that hook is skipped and the rest of the plugin is used (upgrade lifepath" in err
    registry = manager.registry()
    assert "Weather Lore" in registry.vocabulary("nowhere-yet").skills
    assert_replays(create_character(registry, "nowhere-yet", 3), registry)


def test_a_hook_implemented_with_unknown_arguments_skips_that_plugin_with_one_warning(
    capsys: pytest.CaptureFixture[str],
) -> None:
    manager = Manager()
    manager.load_entry_points(only={"nowhere_yet"})
    manager.add(NewerArguments(), "newer")
    err = capsys.readouterr().err
    assert err.count("lifepath: warning:") == 1 and "Traceback" not in err
    assert "plugin 'newer' was skipped: its lifepath_register_careers takes the argument(s) campaign, which" in err
    assert "upgrade lifepath, or install a version of the plugin written for this one" in err
    assert manager.info["newer"].error is not None
    assert manager.registry().careers("nowhere-yet")
