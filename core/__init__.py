"""lifepath: character creation for tabletop RPG referees, with rulesets as plugins.

The public API for plugin authors is what this module exports; nothing here imports a ruleset, the
store or ``jsonschema``.
"""

from __future__ import annotations

from lifepath.character import CareerRecord, Character, Debt, Sheet
from lifepath.creation import CharacteristicSpec, Context, Crisis, CrisisOutcome, Throw, create
from lifepath.decisions import Chooser, Decision, Option, PolicyChooser, ScriptedChooser, options
from lifepath.errors import BuildError, LifepathError, TableError, UnknownName
from lifepath.hookspecs import hookimpl
from lifepath.ruleset import Ruleset
from lifepath.tables import Table, load_table, load_table_file, load_tables

__version__ = "0.1.0"

__all__ = [
    "BuildError",
    "CareerRecord",
    "Character",
    "CharacteristicSpec",
    "Chooser",
    "Context",
    "Crisis",
    "CrisisOutcome",
    "Debt",
    "Decision",
    "LifepathError",
    "Option",
    "PolicyChooser",
    "Ruleset",
    "ScriptedChooser",
    "Sheet",
    "Table",
    "TableError",
    "Throw",
    "UnknownName",
    "__version__",
    "create",
    "hookimpl",
    "load_table",
    "load_table_file",
    "load_tables",
    "options",
]
