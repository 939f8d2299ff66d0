"""The format registry: a plugin adds a format through ``lifepath_register_formats`` and the commands write it.

The card plugin (tests/plugins/standalone/lifepath-card-plugin, really pip-installed into a folder of its own)
registers ``card`` (every ruleset, for ``export`` and ``generate``) and ``headline`` (``export`` only, for
rulesets with the "1001 characters" protocol). The built-in formats register the same way, so the twodsix
actor and the "1001" block are refused for a ruleset without their protocol by the same code.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from lifepath.formats.registry import Format, Formats
from tests.installs import pip_install

REPO = Path(__file__).resolve().parents[2]
CARD = REPO / "tests" / "plugins" / "standalone" / "lifepath-card-plugin"
CLI = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture(scope="module")
def card_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    work = tmp_path_factory.mktemp("card")
    source = work / "src"
    shutil.copytree(CARD, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    site = work / "site"
    pip_install(site, source, cwd=work)
    paths = [str(site), *([os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else [])]
    return {"PYTHONPATH": os.pathsep.join(paths), "LIFEPATH_PLUGINS": "nowhere_yet,d6_pool,card"}


def ok(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return done.stdout


def test_a_plugins_format_is_written_by_export_and_generate(run_cli: CLI, card_env: dict[str, str], tmp_path: Path):
    db = str(tmp_path / "cards.db")
    ok(run_cli("campaign", "new", "Cards", "--ruleset", "nowhere-yet", "--db", db, env=card_env))
    ok(run_cli("create", "--auto", "--seed", "7", "--campaign", "Cards", "--db", db, env=card_env))
    exported = json.loads(ok(run_cli("export", "1", "--db", db, env=card_env)))
    sheet = exported["sheet"]

    card = ok(run_cli("export", "1", "--format", "card", "--db", db, env=card_env))
    lines = card.splitlines()
    assert lines[0] == f"#1 {sheet['name']}"
    assert lines[1] == f"Nowhere Yet / {sheet['species']}"
    assert lines[2] == ", ".join(f"{c['name']} ({c['terms']})" for c in sheet["careers"])
    assert lines[4] == "----"

    # generate writes it too, numbered within the batch, each block after the last
    batch = ok(run_cli("generate", "--count", "2", "--seed", "7", "--format", "card", env=card_env))
    assert [line for line in batch.splitlines() if line.startswith("#")][1].startswith("#2 ")

    # the plugin's second format asks for the "1001" protocol: Nowhere Yet has it
    headline = ok(run_cli("export", "1", "--format", "headline", "--db", db, env=card_env))
    thousand = ok(run_cli("export", "1", "--format", "1001", "--db", db, env=card_env))
    assert headline == thousand.splitlines()[0] + "\n"


def test_a_format_is_refused_for_a_ruleset_without_its_protocol_and_an_unknown_one_lists_the_registry(
    run_cli: CLI, card_env: dict[str, str]
):
    refused = run_cli("generate", "--count", "1", "--ruleset", "d6-pool", "--format", "1001", env=card_env)
    assert refused.returncode != 0 and "Traceback" not in refused.stderr
    assert 'D6 creation pool characters cannot be written as a "1001 characters" text block' in " ".join(
        refused.stderr.split()
    ), refused.stderr
    # ``headline`` is for export only; the message lists what generate does write, the plugin's card included
    unknown = run_cli("generate", "--count", "1", "--format", "headline", env=card_env)
    assert unknown.returncode != 0 and "Traceback" not in unknown.stderr
    assert "'headline' is not a format `lifepath generate` writes" in unknown.stderr
    assert "Use one of ucf, jsonl, csv, 1001, card" in " ".join(unknown.stderr.split())


def test_a_second_registration_of_a_name_is_one_warning_and_the_first_is_kept() -> None:
    formats = Formats()
    first = Format("card", "an index card", lambda r, c, n: "first")
    formats.register(first, "card")
    formats.register(Format("CARD", "another card", lambda r, c, n: "second"), "rival")
    assert formats.names("export") == ["card"]
    assert formats.by_name["card"].plugin == "card" and formats.by_name["card"].title == "an index card"
    assert formats.warnings == [
        "plugin 'rival' registers the format 'card', which 'card' already registers; the first is used"
    ]


def test_the_format_guide_shows_the_card_plugin_as_it_is() -> None:
    guide = (REPO / "docs" / "plugins" / "formats.md").read_text(encoding="utf-8")
    source = (CARD / "lifepath_card_plugin" / "__init__.py").read_text(encoding="utf-8")
    assert f"```python\n{source.rstrip()}\n```" in guide
