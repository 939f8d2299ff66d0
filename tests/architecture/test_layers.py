"""The layers of the core (docs/architecture.md): a module imports its own layer and those below, never one above.

Imports under ``if TYPE_CHECKING:`` are annotations, not dependencies, and are not counted; imports inside
functions are (they are how the core keeps start-up cheap, and they are dependencies all the same).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: lowest first; a module belongs to the longest prefix that names it. docs/architecture.md draws this table.
LAYERS: list[tuple[str, ...]] = [
    ("lifepath.support", "lifepath.errors"),
    ("lifepath.tables", "lifepath.validation"),
    (
        "lifepath.engine",
        "lifepath.decisions",
        "lifepath.character",
        "lifepath.sheets",
        "lifepath.creation",
        "lifepath.ruleset",
        "lifepath.hookspecs",
    ),
    ("lifepath.host",),
    ("lifepath.replay",),
    ("lifepath.batches", "lifepath.formats", "lifepath.sheets.pages", "lifepath.sheets.textsheet"),
    ("lifepath.store", "lifepath.campaigns"),
    ("lifepath.web", "lifepath.scaffold"),
    ("lifepath.testing", "lifepath.cli", "lifepath.__main__"),
]

FOLDERS = {"lifepath": ROOT / "core", "lifepath.cli": ROOT / "cli"}


def layer_of(module: str) -> int | None:
    best: tuple[int, int] | None = None
    for rank, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and (best is None or len(prefix) > best[1]):
                best = (rank, len(prefix))
    return None if best is None else best[0]


def modules() -> list[tuple[str, Path]]:
    found = []
    for package, folder in FOLDERS.items():
        for path in sorted(folder.rglob("*.py")):
            if "migrations" in path.parts:
                continue
            parts = list(path.relative_to(folder).with_suffix("").parts)
            if package == "lifepath" and parts and parts[0] == "cli":
                continue
            if parts[-1] == "__init__":
                parts.pop()
            found.append((".".join([package, *parts]), path))
    return found


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def runtime_imports(module: str, path: Path) -> list[tuple[int, str]]:
    """(line, module imported) for every import that runs, with relative imports made absolute."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = {
        id(n)
        for block in ast.walk(tree)
        if isinstance(block, ast.If) and _type_checking(block)
        for n in ast.walk(block)
    }
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            if base == "lifepath":  # `from lifepath import Name`: the name's own module decides
                found += [(node.lineno, f"lifepath.{alias.name}") for alias in node.names if alias.name.islower()]
            else:
                found.append((node.lineno, base))
    return [(line, name) for line, name in found if name.startswith("lifepath")]


ALL = modules()


def test_every_module_of_the_core_and_the_cli_has_a_layer() -> None:
    assert not [module for module, _ in ALL if module != "lifepath" and layer_of(module) is None]


@pytest.mark.parametrize(("module", "path"), ALL, ids=[m for m, _ in ALL])
def test_a_module_imports_no_layer_above_its_own(module: str, path: Path) -> None:
    own = layer_of(module)
    if own is None:  # the package `lifepath` itself: its lazy table points at every layer by design
        return
    upward = [
        f"{path.relative_to(ROOT)}:{line}: {name} (layer {layer_of(name)} > {own})"
        for line, name in runtime_imports(module, path)
        if not name.startswith("lifepath.plugins") and (layer_of(name) or 0) > own
    ]
    assert not upward, "imports from a higher layer:\n" + "\n".join(upward)


@pytest.mark.parametrize(("module", "path"), ALL, ids=[m for m, _ in ALL])
def test_the_core_never_imports_a_ruleset(module: str, path: Path) -> None:
    # built-in rulesets are found through entry points, as a third party's are
    assert not [name for _, name in runtime_imports(module, path) if name.startswith("lifepath.plugins.")]


def test_the_layer_test_sees_an_upward_import(tmp_path: Path) -> None:
    bad = tmp_path / "dice.py"
    bad.write_text("def f():\n    from lifepath.store.service import Store\n", encoding="utf-8")
    [(line, name)] = runtime_imports("lifepath.engine.dice", bad)
    assert (line, name) == (2, "lifepath.store.service")
    assert layer_of(name) > layer_of("lifepath.engine.dice")  # type: ignore[operator]


def test_the_top_of_the_core_holds_at_most_a_dozen_modules() -> None:
    top = sorted(p.name for p in (ROOT / "core").glob("*.py"))
    assert len(top) <= 12, top


def test_no_module_is_over_600_lines() -> None:
    long = [
        f"{path.relative_to(ROOT)}: {n}"
        for folder in ("core", "cli", "plugins")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > 600
    ]
    assert not long, long
