"""Data-only content: a folder of JSON tables with a manifest, registered like a plugin, never executed.

A referee points a campaign (``lifepath campaign add-content``) or one command (``--content PATH``) at
the folder. The manifest is validated, every table it names is validated against the ruleset's schema
when its ruleset is first used, and the careers and species arrive through the same registration hooks as
a Python plugin's.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from lifepath.errors import LifepathError, TableError
from lifepath.hookspecs import hookimpl
from lifepath.tables import Table, load_table_file

MANIFEST = "manifest.json"


class ContentPlugin:
    """The hook implementations of one content folder (data only)."""

    def __init__(self, folder: Path, manifest: dict[str, Any]) -> None:
        self.folder = folder
        self.manifest = manifest
        self.name = f"content:{manifest['name']}"
        self.__name__ = str(folder)
        self.lifepath_requires = {manifest["ruleset"]: manifest["requires"]} if manifest.get("requires") else {}

    def _tables(self, kind: str) -> list[Table]:
        out = []
        for rel in self.manifest.get(kind, []):
            path = (self.folder / rel).resolve()
            if self.folder.resolve() not in path.parents:
                raise LifepathError(
                    f"{rel} points outside the content folder",
                    file=str(self.folder / MANIFEST),
                    pointer=f"/{kind}",
                    hint="name files inside the folder only",
                )
            out.append(load_table_file(path))
        return out

    def contributions(self, kind: str) -> list[tuple[Any, Table]]:
        """What the folder registers of ``kind`` (``careers`` or ``species``): ``(entry, table)`` pairs; a
        species file may hold a list of species, each its own entry."""
        out: list[tuple[Any, Table]] = []
        for table in self._tables(kind):
            items = table.data.get("species") if kind == "species" and isinstance(table.data, dict) else None
            if isinstance(items, list):
                out.extend((item, table) for item in items)
            else:
                out.append((table.data, table))
        return out

    @hookimpl
    def lifepath_register_careers(self, ruleset_id: str, register: Callable[..., None]) -> None:
        if ruleset_id == self.manifest["ruleset"]:
            for table in self._tables("careers"):
                register(table)

    @hookimpl
    def lifepath_register_species(self, ruleset_id: str, register: Callable[..., None]) -> None:
        if ruleset_id == self.manifest["ruleset"]:
            for item, table in self.contributions("species"):
                if item is table.data:
                    register(table)
                else:
                    register(item, table=table)


#: the kinds of table a content manifest lists
KINDS = ("careers", "species")


def missing_tables(manifest: Table) -> list[TableError]:
    """One error per table file ``manifest`` names that is not there (or is not inside its folder), each
    with the manifest's file, line and JSON pointer, so ``schema validate`` catches what ``add-content``
    and ``--content`` would otherwise trip on later."""
    from lifepath.support.jsonpos import line_of

    data = manifest.data if isinstance(manifest.data, dict) else {}
    folder = Path(manifest.source).parent
    problems: list[TableError] = []
    for kind in KINDS:
        names = data.get(kind, [])
        for index, rel in enumerate(names if isinstance(names, list) else []):
            if not isinstance(rel, str):
                continue  # the manifest's schema reports it
            path = (folder / rel).resolve()
            pointer = f"/{kind}/{index}"
            if folder.resolve() not in path.parents:
                problem = f"{rel} points outside the content folder"
                hint = "name files inside the folder only"
            elif not path.is_file():
                problem = f"the manifest names the table {rel}, which is not in {folder}"
                hint = f"add the file, or fix the path in {kind} (paths are relative to the manifest's folder)"
            else:
                continue
            problems.append(
                TableError(
                    problem, file=manifest.source, line=line_of(manifest.text, pointer), pointer=pointer, hint=hint
                )
            )
    return problems


def load_content(path: str | Path) -> ContentPlugin:
    """Read and validate a content folder's manifest (the tables are validated when registered)."""
    folder = Path(path)
    manifest_path = folder / MANIFEST
    if not folder.is_dir():
        raise LifepathError(f"{folder} is not a folder", hint="give the folder that holds manifest.json")
    if not manifest_path.exists():
        raise LifepathError(
            f"{folder} has no {MANIFEST}", hint="add a manifest naming the content, its ruleset and its tables"
        )
    table = load_table_file(manifest_path)
    from lifepath.validation import Validator

    errors = Validator().errors(table, "https://lifepath.example/schemas/content-manifest.schema.json")
    errors = errors or missing_tables(table)
    if errors:
        raise errors[0]
    return ContentPlugin(folder, dict(table.data))
