"""A test kit for plugin authors, loaded by pytest through the ``pytest11`` entry point.

Fixtures and helpers:

* :func:`make_registry` / fixture ``lifepath_registry``: a fresh plugin manager and registry, from the
  installed entry points (optionally only the ones named), independent of the process-wide one;
* :func:`create_character` / fixture ``lifepath_create``: a character from a seed, with scripted answers
  for the decisions you care about and the NPC policy for the rest;
* :func:`assert_tables_valid`: every JSON table in a package folder validates against its schema;
* :func:`make_context`: a creation context with resolved house rules, to call one hook directly;
* :func:`find_seed`: the first seed whose character meets a condition (a crisis, a career...);
* :func:`events`: the history events of a character of one type, optionally matching some fields;
* :class:`WatchingChooser`: answers like the NPC policy (or from a script), keeping every decision it is
  asked, options and weights included, to test what a procedure offers.

``Registry`` is re-exported here as the type of the ``lifepath_registry`` fixture, for annotations.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import pytest

from lifepath.character import Character
from lifepath.creation import Context, create
from lifepath.decisions import Decision, PolicyChooser, ScriptedChooser
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
    rs = registry.ruleset(ruleset)
    chooser = ScriptedChooser.by_key(answers or {}, fallback=PolicyChooser(seed))
    return create(registry, rs.id, seed=seed, rules=_resolve(registry, rs.id, rules), chooser=chooser, options=options)


def assert_tables_valid(package: str, folder: str = "data") -> int:
    """Validate every ``*.json`` under ``folder`` of ``package`` (recursively); return how many."""
    from importlib import resources

    from lifepath.tables import load_table

    validator = make_registry().validator
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


def _resolve(registry: Registry, ruleset_id: str, rules: Sequence[str] | Mapping[str, Any]) -> dict[str, Any]:
    from lifepath.houserules import resolve

    declaration = registry.declaration(ruleset_id)
    if isinstance(rules, Mapping):
        return resolve(declaration, rules)
    return resolve(declaration, None, rules)


def make_context(
    registry: Registry,
    ruleset: str,
    seed: int = 1,
    answers: Mapping[str, Sequence[str] | str] | None = None,
    rules: Sequence[str] | Mapping[str, Any] = (),
    options: Mapping[str, Any] | None = None,
) -> Context:
    """A fresh creation context, as a ruleset's ``create(ctx)`` receives it, without running creation.

    Use it to call one hook directly (set ``ctx.sheet`` fields first as the ruleset would), e.g.
    ``ctx.crisis(Crisis("injury", "a test", ["End"]))`` asks every ``lifepath_crisis`` implementation.
    ``answers`` and ``rules`` work as in :func:`create_character`.
    """
    rs = registry.ruleset(ruleset)
    chooser = ScriptedChooser.by_key(answers or {}, fallback=PolicyChooser(seed))
    return Context(rs, registry, _resolve(registry, rs.id, rules), seed, chooser, options)


def find_seed(
    registry: Registry,
    ruleset: str,
    predicate: Callable[[Character], bool],
    *,
    answers: Mapping[str, Sequence[str] | str] | None = None,
    rules: Sequence[str] | Mapping[str, Any] = (),
    options: Mapping[str, Any] | None = None,
    seeds: Iterable[int] = range(1, 1001),
) -> int:
    """The first seed whose character (made as :func:`create_character` makes it) meets ``predicate``.

    Handy for a test that needs a rare event without hard-coding a seed that a table change would
    invalidate. Fails the test, naming the range tried, when no seed qualifies.
    """
    tried = 0
    for seed in seeds:
        tried += 1
        if predicate(create_character(registry, ruleset, seed, answers, rules, options)):
            return seed
    raise AssertionError(f"none of the {tried} seeds tried gives a {ruleset} character that meets the condition")


def events(character: Character, type: str | None = None, **fields: Any) -> list[dict[str, Any]]:
    """The character's history events of ``type`` (``"throw"``, ``"decision"``, ``"change"``, ``"note"``,
    ``"crisis"``; any type when ``None``) whose ``fields`` equal the values given, in order."""
    return [
        e
        for e in character.history
        if (type is None or e.get("type") == type) and all(e.get(k) == v for k, v in fields.items())
    ]


@pytest.fixture
def lifepath_registry() -> Registry:
    """A fresh registry of every installed plugin."""
    return make_registry()


@pytest.fixture
def lifepath_create(lifepath_registry: Registry) -> Callable[..., Character]:
    """``lifepath_create(ruleset, seed=1, answers=None, rules=(), options=None)`` on a fresh registry."""

    def make(
        ruleset: str,
        seed: int = 1,
        answers: Mapping[str, Sequence[str] | str] | None = None,
        rules: Sequence[str] | Mapping[str, Any] = (),
        options: Mapping[str, Any] | None = None,
    ) -> Character:
        return create_character(lifepath_registry, ruleset, seed, answers, rules, options)

    return make


class WatchingChooser:
    """Answers like the NPC policy seeded with ``seed`` (or, for a key in ``script``, its answers in
    order), and keeps every decision it was asked in :attr:`asked`, with its options and their weights."""

    def __init__(self, seed: int, script: Mapping[str, Sequence[str]] | None = None) -> None:
        self.policy = PolicyChooser(seed)
        self.script = {key: list(answers) for key, answers in (script or {}).items()}
        self.asked: list[Decision] = []

    def choose(self, decision: Decision) -> str:
        self.asked.append(decision)
        queue = self.script.get(decision.key)
        if queue:
            return queue.pop(0)
        return self.policy.choose(decision)


__all__ = [
    "Registry",
    "WatchingChooser",
    "assert_tables_valid",
    "create_character",
    "events",
    "find_seed",
    "lifepath_create",
    "lifepath_registry",
    "make_context",
    "make_registry",
]

