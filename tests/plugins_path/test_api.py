"""The promised plugin API (docs/plugins/api.md): the shipped rulesets import nothing else, every name the
page promises exists, ``lifepath.__all__`` and its lazy table agree, and CHANGELOG.md records the API."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import lifepath

REPO = Path(__file__).resolve().parents[2]
API = REPO / "docs" / "plugins" / "api.md"
ROW = re.compile(r"^\| `(lifepath[\w.]*)` \| (stable|provisional) \| (.+) \|$")


def promised() -> dict[str, set[str]]:
    """Module -> the names api.md's table promises for it."""
    table: dict[str, set[str]] = {}
    for line in API.read_text(encoding="utf-8").splitlines():
        found = ROW.match(line.strip())
        if found:
            table[found.group(1)] = set(re.findall(r"`([^`]+)`", found.group(3)))
    assert "lifepath" in table and "lifepath.testing" in table, "api.md's table of modules is not where expected"
    return table


def shipped_imports() -> list[tuple[str, int, str, str]]:
    """(file, line, module, name) for every import of lifepath the shipped rulesets make."""
    found = []
    for path in sorted((REPO / "plugins").rglob("*.py")):
        rel = str(path.relative_to(REPO))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), rel)):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                if node.module == "lifepath" or node.module.startswith("lifepath."):
                    found.extend((rel, node.lineno, node.module, a.name) for a in node.names)
            elif isinstance(node, ast.Import):
                found.extend((rel, node.lineno, a.name, "*") for a in node.names if a.name.split(".")[0] == "lifepath")
    return found


def test_the_shipped_rulesets_import_only_the_promised_api() -> None:
    table = promised()
    outside = [
        f"{file}:{line}: from {module} import {name}"
        for file, line, module, name in shipped_imports()
        if not module.startswith("lifepath.plugins") and name not in table.get(module, set())
    ]
    assert not outside, "imports docs/plugins/api.md does not promise:\n" + "\n".join(outside)


def test_every_promised_name_exists() -> None:
    missing = []
    for module, names in promised().items():
        loaded = importlib.import_module(module)
        missing += [f"{module}.{name}" for name in sorted(names) if not hasattr(loaded, name)]
    assert not missing


def test_lifepath_all_and_its_lazy_table_agree_and_are_the_pages_list() -> None:
    lazy = set(lifepath._EXPORTS)
    assert set(lifepath.__all__) == lazy | {"__version__"}
    assert sorted(lifepath.__all__) == list(lifepath.__all__)
    for name, module in lifepath._EXPORTS.items():
        assert getattr(importlib.import_module(module), name) is getattr(lifepath, name)
    assert promised()["lifepath"] == set(lifepath.__all__)


def test_the_test_kits_exports_are_promised() -> None:
    import lifepath.testing

    assert promised()["lifepath.testing"] == set(lifepath.testing.__all__)


def test_the_changelog_records_this_releases_api_changes() -> None:
    text = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## {lifepath.__version__}" in text or "## Unreleased" in text
    for change in ("plugin:id", "lifepath_throw_modifiers", "lifepath_register_traits", "assert_replays", "Grid"):
        assert change in text, change
