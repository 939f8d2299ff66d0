"""``lifepath plugin new``: what it writes installs with pip and passes its own tests at once, for every
kind; bad names, unknown kinds, taken names and existing folders are refused without writing anything."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from lifepath.scaffold import KINDS, plugin_names, render
from lifepath.tables import parse_table
from lifepath.validation import Validator

CLI = Callable[..., subprocess.CompletedProcess[str]]
Env = Callable[..., dict[str, str]]

ADDS = {
    "career": {"careers": ["nowhere-yet:Scaffolded Career"]},
    "species": {"species": ["nowhere-yet:Scaffolded Species"]},
    "ruleset": {"rulesets": ["scaffolded-ruleset"]},
}


@pytest.mark.parametrize("kind", KINDS)
def test_a_new_plugin_installs_and_passes_its_own_tests_straight_away(
    kind: str, run_cli: CLI, tmp_path: Path, pip_install: Callable[..., Path], plugin_env: Env, run_pytest: CLI
) -> None:
    made = run_cli("plugin", "new", f"scaffolded-{kind}", "--kind", kind, "--dir", str(tmp_path))
    assert made.returncode == 0, made.stderr
    folder = tmp_path / f"lifepath-scaffolded-{kind}"
    package = folder / f"lifepath_scaffolded_{kind}"
    assert (folder / "pyproject.toml").is_file() and (folder / "README.md").is_file()
    assert (package / "__init__.py").is_file() and list((package / "data").glob("*.json"))
    assert list((folder / "tests").glob("test_*.py"))
    assert "[project.entry-points.lifepath]" in (folder / "pyproject.toml").read_text()

    site = pip_install(folder)
    env = plugin_env(site)
    result = run_pytest(folder, env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert " passed" in result.stdout and "failed" not in result.stdout and "error" not in result.stdout

    listing = run_cli("plugins", "--json", env=env)
    assert listing.returncode == 0 and "warning" not in listing.stderr, listing.stderr
    plugin = next(p for p in json.loads(listing.stdout)["plugins"] if p["name"] == f"scaffolded_{kind}")
    assert plugin["error"] is None and plugin["version"] == "0.1.0"
    assert plugin["distribution"] == f"lifepath-scaffolded-{kind}"
    assert plugin["adds"] == ADDS[kind]


def test_the_generated_career_is_usable_from_the_command_line(
    run_cli: CLI, tmp_path: Path, pip_install: Callable[..., Path], plugin_env: Env
) -> None:
    assert run_cli("plugin", "new", "lamplighter", "--dir", str(tmp_path)).returncode == 0
    env = plugin_env(pip_install(tmp_path / "lifepath-lamplighter"))
    made = run_cli("create", "--auto", "--seed", "2", "--career", "Lamplighter", "--json", env=env)
    assert made.returncode == 0, made.stderr
    history = json.loads(made.stdout)["history"]
    assert any(e["type"] == "decision" and e["key"] == "career" and e["answer"] == "lamplighter" for e in history)


@pytest.mark.parametrize("kind", KINDS)
def test_every_generated_table_validates(kind: str) -> None:
    files = render("table-check", kind)
    schemas = [parse_table(p, t).data for p, t in files.items() if p.endswith(".schema.json")]
    validator = Validator(schemas)
    tables = [parse_table(p, t) for p, t in files.items() if "/data/" in p]
    assert tables
    for table in tables:
        assert validator.errors(table) == []


def test_names_are_derived_and_a_leading_lifepath_is_dropped() -> None:
    names = plugin_names("lifepath-starport-guard")
    assert (names.short, names.dist, names.package, names.entry, names.title, names.cls) == (
        "starport-guard",
        "lifepath-starport-guard",
        "lifepath_starport_guard",
        "starport_guard",
        "Starport Guard",
        "StarportGuard",
    )


BAD_NAMES = ["Starport Guard", "starport_guard", "9lives", "-guard", "guard-", "a--b", "x" * 41, "", "lifepath-"]


@pytest.mark.parametrize("bad", BAD_NAMES)
def test_a_bad_name_is_refused_clearly(bad: str, run_cli: CLI, tmp_path: Path) -> None:
    result = run_cli("plugin", "new", "--dir", str(tmp_path), "--", bad)
    assert result.returncode == 2
    assert "is not a usable plugin name" in result.stderr and "lower-case letters" in result.stderr
    assert "Traceback" not in result.stderr and list(tmp_path.iterdir()) in ([], [tmp_path / "default.db"])


def test_an_unknown_kind_is_refused(run_cli: CLI, tmp_path: Path) -> None:
    result = run_cli("plugin", "new", "good-name", "--kind", "weapon", "--dir", str(tmp_path))
    assert result.returncode == 2 and "'weapon' is not a kind" in result.stderr
    assert "career, species, ruleset" in result.stderr
    assert not (tmp_path / "lifepath-good-name").exists()


def test_a_name_that_is_already_taken_is_refused(run_cli: CLI, tmp_path: Path) -> None:
    result = run_cli("plugin", "new", "scout", "--dir", str(tmp_path))
    assert result.returncode == 2 and "already has a career called 'Scout'" in result.stderr
    ruleset = run_cli("plugin", "new", "nowhere-yet", "--kind", "ruleset", "--dir", str(tmp_path))
    assert ruleset.returncode == 2 and "the ruleset 'nowhere-yet' already exists" in ruleset.stderr
    assert not (tmp_path / "lifepath-scout").exists() and not (tmp_path / "lifepath-nowhere-yet").exists()


def test_an_existing_folder_is_never_overwritten(run_cli: CLI, tmp_path: Path) -> None:
    folder = tmp_path / "lifepath-lamplighter"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    result = run_cli("plugin", "new", "lamplighter", "--dir", str(tmp_path))
    assert result.returncode == 2 and "already exists" in result.stderr and "does not overwrite" in result.stderr
    assert [p.name for p in folder.iterdir()] == ["notes.txt"] and (folder / "notes.txt").read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "default.db") == ["lifepath-lamplighter"]


def test_a_missing_target_folder_is_refused(run_cli: CLI, tmp_path: Path) -> None:
    result = run_cli("plugin", "new", "lamplighter", "--dir", str(tmp_path / "nowhere"))
    assert result.returncode == 2 and "is not a folder" in result.stderr
