"""lifepath: character creation for tabletop RPG referees, with rulesets as plugins.

The public API for plugin authors is what this module exports, plus the modules docs/plugins/api.md
lists (that page is the promise; tests/plugins_path/test_api.py holds the shipped rulesets to it). Names
are imported on first use (PEP 562), so ``import lifepath`` (and ``lifepath --help``) stays cheap; nothing
here imports a ruleset, the store or ``jsonschema``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

from lifepath.support.moved import install as _install_moved

_install_moved()

_EXPORTS: dict[str, str] = {
    "BuildError": "lifepath.errors",
    "CareerRecord": "lifepath.character",
    "Chapter": "lifepath.sheets",
    "Character": "lifepath.character",
    "CharacteristicSpec": "lifepath.creation",
    "Chooser": "lifepath.decisions",
    "Context": "lifepath.creation",
    "Crisis": "lifepath.creation",
    "CrisisOutcome": "lifepath.creation",
    "Debt": "lifepath.character",
    "Decision": "lifepath.decisions",
    "Grid": "lifepath.sheets",
    "LifepathError": "lifepath.errors",
    "Option": "lifepath.decisions",
    "PolicyChooser": "lifepath.decisions",
    "Ruleset": "lifepath.ruleset",
    "Section": "lifepath.sheets",
    "ScriptedChooser": "lifepath.decisions",
    "Sheet": "lifepath.character",
    "Table": "lifepath.tables",
    "TableError": "lifepath.errors",
    "Throw": "lifepath.creation",
    "ThrowInfo": "lifepath.creation",
    "UnknownName": "lifepath.errors",
    "create": "lifepath.creation",
    "hookimpl": "lifepath.hookspecs",
    "load_table": "lifepath.tables",
    "load_table_file": "lifepath.tables",
    "load_tables": "lifepath.tables",
    "options": "lifepath.decisions",
}


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'lifepath' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])


if TYPE_CHECKING:
    from lifepath.character import CareerRecord, Character, Debt, Sheet
    from lifepath.creation import CharacteristicSpec, Context, Crisis, CrisisOutcome, Throw, ThrowInfo, create
    from lifepath.decisions import Chooser, Decision, Option, PolicyChooser, ScriptedChooser, options
    from lifepath.errors import BuildError, LifepathError, TableError, UnknownName
    from lifepath.hookspecs import hookimpl
    from lifepath.ruleset import Ruleset
    from lifepath.sheets import Chapter, Grid, Section
    from lifepath.tables import Table, load_table, load_table_file, load_tables

__all__ = [
    "BuildError",
    "CareerRecord",
    "Chapter",
    "Character",
    "CharacteristicSpec",
    "Chooser",
    "Context",
    "Crisis",
    "CrisisOutcome",
    "Debt",
    "Decision",
    "Grid",
    "LifepathError",
    "Option",
    "PolicyChooser",
    "Ruleset",
    "ScriptedChooser",
    "Section",
    "Sheet",
    "Table",
    "TableError",
    "Throw",
    "ThrowInfo",
    "UnknownName",
    "__version__",
    "create",
    "hookimpl",
    "load_table",
    "load_table_file",
    "load_tables",
    "options",
]
