"""A test kit for plugin authors, loaded by pytest through the ``pytest11`` entry point.

Fixtures and helpers:

* :func:`make_registry` / fixture ``lifepath_registry``: a fresh plugin manager and registry, from the
  installed entry points (optionally only the ones named), independent of the process-wide one;
* :func:`create_character` / fixture ``lifepath_create``: a character from a seed, with scripted answers
  for the decisions you care about and the NPC policy for the rest;
* :func:`assert_tables_valid`: every JSON table in a package folder validates against its schema.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

from lifepath.character import Character
from lifepath.creation import create
from lifepath.decisions import PolicyChooser, ScriptedChooser
from lifepath.manager import Manager
from lifepath.registry import Registry


def make_registry(*plugins: str, extra: Sequence[tuple[str, object]] = ()) -> Registry:
    """A fresh registry. ``plugins`` limits the entry points loaded (all when empty); ``extra`` adds
    ``(name, plugin_object)`` pairs registered directly (for a plugin under test that is not installed)."""
    manager = Manager()
    manager.load_entry_points(only=set(plugins) if plugins else None)
    for name, obj in extra:
        manager.add(obj, name)
    return manager.registry()


def create_character(
    registry: Registry,
    ruleset: str,
    seed: int = 1,
    answers: Mapping[str, Sequence[str] | str] | None = None,
    rules: Sequence[str] | Mapping[str, Any] = (),
    options: Mapping[str, Any] | None = None,
) -> Character:
    """Create one character: ``answers`` maps decision keys to answers taken in order; every other
    decision goes to the seeded NPC policy. ``rules`` are ``NAME=VALUE`` strings or a mapping."""
    from lifepath.houserules import resolve

    rs = registry.ruleset(ruleset)
    declaration = registry.declaration(rs.id)
    if isinstance(rules, Mapping):
        resolved = resolve(declaration, rules)
    else:
        resolved = resolve(declaration, None, rules)
    chooser = ScriptedChooser.by_key(answers or {}, fallback=PolicyChooser(seed))
    return create(registry, rs.id, seed=seed, rules=resolved, chooser=chooser, options=options)


def assert_tables_valid(package: str, folder: str = "data") -> int:
    """Validate every ``*.json`` under ``folder`` of ``package`` (recursively); return how many."""
    from importlib import resources

    from lifepath.tables import load_table
    from lifepath.validation import Validator

    registry = make_registry()
    schemas = [s for rs in registry.rulesets().values() for s in rs.schemas()]
    validator = Validator(schemas)
    root = resources.files(package)
    count = 0

    def walk(path: str) -> None:
        nonlocal count
        node = root.joinpath(*path.split("/"))
        for entry in sorted(node.iterdir(), key=lambda e: e.name):
            rel = f"{path}/{entry.name}"
            if entry.is_dir():
                walk(rel)
            elif entry.name.endswith(".json"):
                table = load_table(package, rel)
                errors = validator.errors(table)
                assert not errors, errors[0].paragraph()
                count += 1

    walk(folder)
    assert count, f"no tables found under {package}:{folder}"
    return count


@pytest.fixture
def lifepath_registry() -> Registry:
    """A fresh registry of every installed plugin."""
    return make_registry()


@pytest.fixture
def lifepath_create(lifepath_registry: Registry) -> Callable[..., Character]:
    """``lifepath_create(ruleset, seed=1, answers=None, rules=(), options=None)`` on a fresh registry."""

    def make(ruleset: str, seed: int = 1, answers: Mapping[str, Sequence[str] | str] | None = None,
             rules: Sequence[str] | Mapping[str, Any] = (), options: Mapping[str, Any] | None = None) -> Character:
        return create_character(lifepath_registry, ruleset, seed, answers, rules, options)

    return make
