"""The throw hook, ``lifepath_throw_modifiers`` (issue 28, part 1), and per-career mishap tables.

The Hardy plugin (tests/plugins/lifepath-hardy-plugin, really pip-installed with the other test plugins by
the ``test_plugins_path`` fixture) adds a species, the Kessari, whose Hardy trait gives +1 on survival
throws: its characters show the DM on every survival throw, replay with ``lifepath verify``, and the NPC
policy's odds differ from those of a Human (male), whose numbers the Kessari share. The other tests register
small plugins in-process: every throw of every ruleset is offered with a declared kind, a plugin that adds
nothing leaves the history byte for byte as it was, a bad DM is refused naming the hook, and a career's
own mishap table is read in place of the shared one.
"""

from __future__ import annotations

import json
import os
import re
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lifepath.engine.hookcall import PluginHookError
from lifepath.hookspecs import hookimpl
from lifepath.testing import create_character, events, make_registry

REPO = Path(__file__).resolve().parents[2]
HOOKS_MD = REPO / "docs" / "plugins" / "hooks.md"
CLI = Callable[..., Any]


def hardy_env(site: Path) -> dict[str, str]:
    """Only Nowhere Yet and the Hardy plugin (the other test plugins are installed beside it)."""
    paths = [str(site), *([os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else [])]
    return {"PYTHONPATH": os.pathsep.join(paths), "LIFEPATH_PLUGINS": "nowhere_yet,hardy"}


def survival_throws(character: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in character["history"] if e["type"] == "throw" and "survival" in e["purpose"]]


def test_every_survival_throw_of_a_hardy_character_has_its_dm_and_replays(
    run_cli: CLI, test_plugins_path: Path, tmp_path: Path
) -> None:
    env = hardy_env(test_plugins_path)
    out = tmp_path / "kessari.jsonl"
    made = run_cli(
        "generate",
        "--count",
        "12",
        "--seed",
        "3",
        "--species",
        "kessari",
        "--format",
        "jsonl",
        "--history",
        "--out",
        str(out),
        env=env,
    )
    assert made.returncode == 0, made.stderr
    characters = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    seen = 0
    for character in characters:
        assert {"name": "hardy", "version": "0.1.0"} in character["provenance"]["plugins"]
        for throw in survival_throws(character):
            assert throw["dms"][-1] == ["Hardy", 1], throw
            assert throw["total"] == sum(throw["faces"]) + sum(v for _, v in throw["dms"]), throw
            seen += 1
        others = [e for e in character["history"] if e["type"] == "throw" and "survival" not in e["purpose"]]
        assert not any(source == "Hardy" for e in others for source, _ in e["dms"])
    assert seen >= 24
    verified = run_cli("verify", str(out), env=env)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert f"12 of 12 character(s) in {out} replay exactly" in verified.stdout

    text = run_cli("create", "--auto", "--seed", "2", "--species", "kessari", "--history", env=env)
    assert text.returncode == 0, text.stderr
    lines = [line for line in text.stdout.splitlines() if re.match(r"^(second )?survival", line)]
    assert lines and all(" Hardy +1 = " in line for line in lines), lines


def test_the_odds_differ_with_the_trait(run_cli: CLI, test_plugins_path: Path) -> None:
    """Kessari are Humans (male) in every number but the Hardy trait: fewer mishaps per term, more terms."""
    env = hardy_env(test_plugins_path)

    def odds(species: str) -> dict[str, Any]:
        done = run_cli("odds", "--json", "--count", "300", "--seed", "7", "--species", species, env=env)
        assert done.returncode == 0, done.stderr
        (run,) = json.loads(done.stdout)["runs"]
        return dict(run)

    hardy, human = odds("kessari"), odds("human-male")
    rate = lambda run: sum(c["mishaps"] for c in run["careers"]) / sum(c["terms"] for c in run["careers"])  # noqa: E731
    assert rate(hardy) < 0.75 * rate(human), (rate(hardy), rate(human))
    assert hardy["summary"]["mean_terms"] > human["summary"]["mean_terms"]


# -- in-process: every throw offered, nothing changed by a plugin that adds nothing ----------------------


class KindRecorder:
    """Implements the throw hook, adds nothing, and records what it was shown."""

    def __init__(self) -> None:
        self.seen: list[Any] = []

    @hookimpl
    def lifepath_throw_modifiers(self, ctx: Any, throw: Any) -> None:
        self.seen.append(throw)


def ruleset_kinds() -> dict[str, tuple[str, ...]]:
    from lifepath.plugins import black_nova, d6_pool, nowhere_yet, wormwood_drift

    return {m.RULESET_ID: m.THROW_KINDS for m in (nowhere_yet, wormwood_drift, d6_pool, black_nova)}


@pytest.mark.parametrize(
    "ruleset,seed,options",
    [
        ("nowhere-yet", 18, None),  # crises
        ("nowhere-yet", 100, {"species": "avian"}),
        ("nowhere-yet", 5, {"terms": 7}),
        ("wormwood-drift", 3, None),
        ("wormwood-drift", 11, None),
        ("d6-pool", 3, None),
        ("black-nova", 3, None),
    ],
)
def test_every_throw_is_offered_with_a_declared_kind(ruleset: str, seed: int, options: Any) -> None:
    recorder = KindRecorder()
    character = create_character(make_registry(extra=[("kinds", recorder)]), ruleset, seed, options=options)
    throws = events(character, "throw")
    assert [t.purpose for t in recorder.seen] == [e["purpose"] for e in throws]
    assert {t.kind for t in recorder.seen} <= set(ruleset_kinds()[ruleset])
    for shown, event in zip(recorder.seen, throws, strict=True):
        assert str(shown.dice) == event["dice"] and shown.target == event.get("target")
        if shown.kind in ("qualification", "survival", "commission", "advancement", "reenlistment", "mishap"):
            assert shown.career, shown
    # a plugin that adds nothing: the history is byte for byte what it is without the plugin
    plain = create_character(make_registry(), ruleset, seed, options=options)
    assert json.dumps(list(character.history)) == json.dumps(list(plain.history))
    assert character.sheet == plain.sheet


def test_a_dm_that_is_not_a_name_and_a_whole_number_is_refused() -> None:
    bad = types.SimpleNamespace(
        lifepath_throw_modifiers=hookimpl(lambda throw: [("Hardy", "1")] if throw.kind == "survival" else None)
    )
    with pytest.raises(PluginHookError) as refused:
        create_character(make_registry(extra=[("bad", bad)]), "nowhere-yet", 1)
    assert "lifepath_throw_modifiers hook returned ('Hardy', '1') for the survival throw" in str(refused.value)
    assert "bad" in refused.value.paragraph()


def test_the_documented_example_gives_insectans_their_dm() -> None:
    section = HOOKS_MD.read_text(encoding="utf-8").split("## lifepath_throw_modifiers", 1)[1]
    code = re.search(r"^```python\n(.*?)^```", section, re.M | re.S)
    assert code is not None
    example = types.ModuleType("throw_example")
    exec(compile(code.group(1), str(HOOKS_MD), "exec"), example.__dict__)
    registry = make_registry(extra=[("throw_example", example)])
    insectan = create_character(registry, "nowhere-yet", 4, options={"species": "insectan"})
    throws = [e for e in events(insectan, "throw") if "survival" in e["purpose"]]
    assert throws and all(e["dms"][-1] == ["Armored", 1] for e in throws)
    human = create_character(registry, "nowhere-yet", 4, options={"species": "human-female"})
    assert not any(s == "Armored" for e in events(human, "throw") for s, _ in e["dms"])


# -- a career's own mishap table --------------------------------------------------------------------------


def own_mishaps_plugin(mishap_dm: int) -> types.ModuleType:
    """A Nowhere Yet career, the Hard Luck, with its own mishap table, and a throw hook that lets every
    character into it and fails every survival throw there (``mishap_dm`` is added to its mishap throws)."""
    from lifepath.plugins.nowhere_yet.tables import tables

    data = json.loads((REPO / "plugins" / "nowhere_yet" / "data" / "careers" / "scout.json").read_text("utf-8"))
    shared = tables()["mishaps"]
    rows = [{**row, "id": f"hard-luck-{row['roll']}", "summary": f"Hard luck {row['roll']}."} for row in shared["rows"]]
    data.update(id="hard-luck", name="Hard Luck", aliases=[], mishaps={"dice": "1D6", "rows": rows})
    plugin = types.ModuleType("hard_luck")

    @hookimpl
    def lifepath_register_careers(ruleset_id: str, register: Callable[[Any], None]) -> None:
        if ruleset_id == "nowhere-yet":
            register(data)

    @hookimpl
    def lifepath_throw_modifiers(throw: Any) -> list[tuple[str, int]] | None:
        if throw.career != "hard-luck":
            return None
        return {
            "qualification": [("luck", 20)],
            "survival": [("hard luck", -20)],
            "mishap": [("worse luck", mishap_dm)],
        }.get(throw.kind)

    plugin.lifepath_register_careers = lifepath_register_careers  # type: ignore[attr-defined]
    plugin.lifepath_throw_modifiers = lifepath_throw_modifiers  # type: ignore[attr-defined]
    return plugin


def mishap_ids(character: Any) -> list[str]:
    return [e["mishap"] for e in events(character, "note") if "mishap" in e]


def test_a_career_reads_its_own_mishap_table_and_the_others_the_shared_one() -> None:
    registry = make_registry(extra=[("hard_luck", own_mishaps_plugin(0))])
    unlucky = create_character(registry, "nowhere-yet", 2, options={"career": "hard-luck"})
    assert unlucky.sheet.careers[0].career == "hard-luck"
    (mishap_throw, *_) = [e for e in events(unlucky, "throw") if e["purpose"] == "mishap: Hard Luck"]
    assert mishap_ids(unlucky)[0] == f"hard-luck-{mishap_throw['total']}"
    scout = create_character(registry, "nowhere-yet", 2, options={"career": "scout"})
    shared = {row["id"] for row in json.loads((REPO / "plugins/nowhere_yet/data/mishaps.json").read_text())["rows"]}
    assert set(mishap_ids(scout)) <= shared

    # a DM past the table's end reads its last row
    worse = create_character(
        make_registry(extra=[("hard_luck", own_mishaps_plugin(9))]), "nowhere-yet", 2, options={"career": "hard-luck"}
    )
    assert mishap_ids(worse)[0] == "hard-luck-6"
