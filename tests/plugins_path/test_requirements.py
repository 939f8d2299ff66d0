"""``lifepath_requires``: a plugin written for versions that are not installed is refused whole, with one
warning naming the versions, and every other plugin keeps working."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

CLI = Callable[..., subprocess.CompletedProcess[str]]
Env = Callable[..., dict[str, str]]

FUTURE = """
from lifepath import CrisisOutcome, hookimpl

lifepath_requires = {"nowhere-yet": ">=2"}


@hookimpl
def lifepath_register_house_rules(ruleset_id, register):
    if ruleset_id == "nowhere-yet":
        register("future_rule", {"type": "boolean", "default": False, "description": "From the future."})


@hookimpl
def lifepath_crisis(ctx, crisis):
    return CrisisOutcome("death", "the plugin from the future would kill everyone")
"""


def fake_dist(root: Path, entry: str, source: str) -> None:
    """An installed distribution written by hand: a module and its dist-info with the entry point."""
    module = f"lifepath_{entry}"
    (root / module).mkdir(parents=True)
    (root / module / "__init__.py").write_text(source)
    info = root / f"{module}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: lifepath-{entry}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[lifepath]\n{entry} = {module}\n")


def installed_version(run_cli: CLI, ruleset: str) -> str:
    rows = json.loads(run_cli("rulesets", "--json").stdout)
    return str(next(r["version"] for r in rows if r["id"] == ruleset))


def test_a_plugin_for_other_versions_is_refused_and_the_others_keep_working(
    run_cli: CLI, tmp_path: Path, uplift_site: Path, plugin_env: Env
) -> None:
    have = installed_version(run_cli, "nowhere-yet")
    fakes = tmp_path / "fakes"
    fake_dist(fakes, "future", FUTURE)
    fake_dist(fakes, "orphan", 'lifepath_requires = {"no-such-ruleset": ">=1.0"}\n')
    fake_dist(fakes, "tomorrow", 'lifepath_requires = {"lifepath": ">=99"}\n')
    env = plugin_env(fakes, uplift_site)

    listing = run_cli("plugins", "--json", env=env)
    assert listing.returncode == 0, listing.stderr
    errors = {p["name"]: p["error"] for p in json.loads(listing.stdout)["plugins"]}
    assert errors["future"] == (
        f"it supports nowhere-yet >=2 but nowhere-yet {have} is installed; "
        "upgrade the plugin or install a matching nowhere-yet"
    )
    assert errors["orphan"] == "it needs the ruleset 'no-such-ruleset' (>=1.0), which is not installed"
    assert errors["tomorrow"].startswith("it supports lifepath >=99 but lifepath ")
    assert errors["uplift"] is None and errors["nowhere_yet"] is None  # uplift's ">=1.0,<2" matches
    warnings = [line for line in listing.stderr.splitlines() if line.startswith("lifepath: warning:")]
    assert len(warnings) == 3
    future = next(w for w in warnings if "'future'" in w)
    assert f"plugin 'future' was skipped: it supports nowhere-yet >=2 but nowhere-yet {have} is installed" in future
    assert "NOT LOADED: it supports nowhere-yet >=2" in run_cli("plugins", env=env).stdout

    # nothing of the refused plugin is used: not its house rule, not its crisis answer
    rule = run_cli("create", "--auto", "--rule", "future_rule=true", env=env)
    assert rule.returncode == 2 and "no house rule called 'future_rule'" in rule.stderr
    made = run_cli(
        "create", "--auto", "--seed", "18", "--career", "Salvager", "--species", "Uplifted Ape", "--json", env=env
    )
    assert made.returncode == 0, made.stderr
    character = json.loads(made.stdout)
    assert character["sheet"]["status"] != "dead"
    assert all(e["outcome"] != "death" for e in character["history"] if e["type"] == "crisis")
    names = {p["name"] for p in character["provenance"]["plugins"]}
    assert "uplift" in names and not names & {"future", "orphan", "tomorrow"}


def test_content_for_other_versions_is_refused_the_same_way(run_cli: CLI, tmp_path: Path) -> None:
    have = installed_version(run_cli, "nowhere-yet")
    folder = tmp_path / "future-content"
    folder.mkdir()
    (folder / "manifest.json").write_text(
        json.dumps(
            {
                "$schema": "https://lifepath.example/schemas/content-manifest.schema.json",
                "name": "future-content",
                "version": "2.0.0",
                "ruleset": "nowhere-yet",
                "requires": ">=2",
                "careers": [],
            }
        )
    )
    made = run_cli("create", "--auto", "--seed", "1", "--content", str(folder), "--json")
    assert made.returncode == 0, made.stderr
    assert (
        f"plugin 'content:future-content' was skipped: it supports nowhere-yet >=2 but nowhere-yet {have} is installed"
    ) in made.stderr
    assert "content:future-content" not in {p["name"] for p in json.loads(made.stdout)["provenance"]["plugins"]}


def test_an_unreadable_requirement_refuses_only_that_plugin(tmp_path) -> None:
    """A requirement that is not a version specifier is the plugin's mistake: it is skipped, others work."""
    from types import SimpleNamespace

    from lifepath import hookimpl
    from lifepath.host.manager import Manager

    @hookimpl
    def lifepath_register_careers(ruleset_id, register):  # pragma: no cover - never called: refused first
        raise AssertionError("a refused plugin must not register anything")

    plugin = SimpleNamespace(
        lifepath_requires={"nowhere-yet": "at least two"}, lifepath_register_careers=lifepath_register_careers
    )
    manager = Manager()
    manager.load_entry_points(only={"nowhere_yet"})
    manager.add(plugin, "vague")
    registry = manager.registry()
    assert manager.info["vague"].error is not None
    assert "its lifepath_requires is unreadable" in manager.info["vague"].error
    assert "nowhere-yet" in registry.rulesets()
