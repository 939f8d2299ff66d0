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
  asked, options and weights included, to test what a procedure offers;
* :func:`assert_replays`: a character (or its export) replays exactly from its seed, as ``lifepath verify``
  replays it, or the test fails listing every difference;
* fixture ``lifepath``: runs ``lifepath`` commands in-process (``lifepath("create", "--auto")`` returns a
  :class:`Run` with ``exit_code``, ``stdout`` and ``stderr``), with its own HOME, drafts folder and
  database under ``tmp_path``, and only the plugins under test plus the built-in rulesets loaded;
* fixture ``lifepath_campaign``: a campaign made for the test in that database (its name; ``lifepath``
  commands with ``--campaign`` use it).

Which plugins are "under test": the fixture ``lifepath_plugins`` (override it in your ``conftest.py``), by
default the ``[project.entry-points.lifepath]`` of the ``pyproject.toml`` at pytest's root folder (your
plugin's own), or every installed plugin when there is none. The built-in rulesets are always loaded, so
another installed plugin (lifepath's example plugin with its own Salvager, say) never changes your tests.

``Registry`` is re-exported here as the type of the ``lifepath_registry`` fixture, for annotations.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from lifepath.character import Character
from lifepath.creation import Context, create
from lifepath.decisions import Decision, PolicyChooser, ScriptedChooser
from lifepath.host.manager import Manager
from lifepath.host.registry import Registry

#: the distribution the built-in rulesets come with (always loaded with the plugins under test)
OWN_DISTRIBUTION = "lifepath"


def builtin_plugins() -> set[str]:
    """The entry-point names of the built-in rulesets (those the ``lifepath`` distribution declares)."""
    from lifepath.host.discovery import entry_points
    from lifepath.host.manager import GROUP

    return {ep.name for ep in entry_points(GROUP) if ep.dist == OWN_DISTRIBUTION}


def make_registry(*plugins: str, extra: Sequence[tuple[str, object]] = ()) -> Registry:
    """A fresh registry. ``plugins`` limits the entry points loaded to those named plus the built-in
    rulesets (every installed plugin when empty); ``extra`` adds ``(name, plugin_object)`` pairs registered
    directly (for a plugin under test that is not installed)."""
    manager = Manager()
    manager.load_entry_points(only={*plugins, *builtin_plugins()} if plugins else None)
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
    from lifepath.engine.houserules import resolve

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


def assert_replays(character: Character | Mapping[str, Any], registry: Registry | None = None) -> None:
    """Fail unless ``character`` (a :class:`Character` or its export as a dict) replays exactly from its seed
    and recorded decisions, with the plugins its provenance records, as ``lifepath verify`` replays it.
    ``registry`` is any registry holding those plugins (by default one of every installed plugin: the
    replay restricts it to the recorded ones)."""
    from lifepath.errors import LifepathError
    from lifepath.replay import verify

    data = character.to_dict() if isinstance(character, Character) else dict(character)
    try:
        verdict = verify(registry if registry is not None else make_registry(), data)
    except LifepathError as exc:
        raise AssertionError(f"the character cannot be replayed: {exc.paragraph()}") from None
    if not verdict.identical:
        lines = [f"  {d.text}" for d in verdict.differences]
        raise AssertionError("the character does not replay exactly:\n" + "\n".join(lines or [verdict.message]))


def plugins_under_test(root: Path) -> list[str]:
    """The entry points ``[project.entry-points.lifepath]`` of ``root/pyproject.toml`` declares (none when
    it has no such table or no such file)."""
    import tomllib

    try:
        project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8")).get("project", {})
    except (OSError, ValueError):
        return []
    group = project.get("entry-points", {}).get("lifepath", {}) if isinstance(project, dict) else {}
    return sorted(group) if isinstance(group, dict) else []


@pytest.fixture
def lifepath_plugins(request: pytest.FixtureRequest) -> list[str]:
    """The plugins under test (entry-point names): those of the ``pyproject.toml`` at pytest's root folder;
    an empty list means every installed plugin. Override this fixture to choose others."""
    return plugins_under_test(Path(str(request.config.rootpath)))


@pytest.fixture
def lifepath_registry(lifepath_plugins: list[str]) -> Registry:
    """A fresh registry of the plugins under test and the built-in rulesets."""
    return make_registry(*lifepath_plugins)


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


@dataclass(frozen=True)
class Run:
    """What one in-process ``lifepath`` command did."""

    args: tuple[str, ...]
    exit_code: int
    stdout: str
    stderr: str

    def ok(self) -> str:
        """The standard output, after asserting that the command succeeded (its stderr in the message)."""
        assert self.exit_code == 0, f"lifepath {' '.join(self.args)} exited {self.exit_code}:\n{self.stderr}"
        return self.stdout


class LifepathRunner:
    """Runs ``lifepath`` commands in this process, isolated: HOME, drafts folder and database under a
    folder of the test's own, and only the plugins given (plus the built-in rulesets) loaded."""

    def __init__(self, home: Path, plugins: Sequence[str], monkeypatch: pytest.MonkeyPatch) -> None:
        from lifepath.support.cache import cache_dir

        self.home = home
        self.db = home / "lifepath.db"
        self.drafts = home / "drafts"
        self.plugins = list(plugins)
        monkeypatch.setenv("LIFEPATH_CACHE_DIR", str(cache_dir()))  # the user's: validation stays cached
        monkeypatch.setenv("HOME", str(home))
        monkeypatch.setenv("LIFEPATH_DB", str(self.db))
        monkeypatch.setenv("LIFEPATH_DRAFTS_DIR", str(self.drafts))
        for name in ("LIFEPATH_DISABLE_PLUGINS", "LIFEPATH_REPLACEMENTS", "LIFEPATH_PLUGIN_NAMES_WARNED"):
            monkeypatch.delenv(name, raising=False)
        if self.plugins:
            monkeypatch.setenv("LIFEPATH_PLUGINS", ",".join(sorted({*self.plugins, *builtin_plugins()})))
        else:
            monkeypatch.delenv("LIFEPATH_PLUGINS", raising=False)

    def __call__(self, *args: str | Path, input: str | None = None) -> Run:
        """Run ``lifepath ARGS...``; returns its exit code and what it printed."""
        from typer.testing import CliRunner

        from lifepath.cli.main import build_app
        from lifepath.host import manager

        words = tuple(str(a) for a in args)
        manager.reset()  # each command builds its plugins afresh, as a new process would
        try:
            result = CliRunner().invoke(build_app(), list(words), input=input, prog_name="lifepath")
        finally:
            manager.reset()
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        return Run(words, result.exit_code, result.stdout, result.stderr)

    def registry(self) -> Registry:
        """A fresh registry of the same plugins the commands load."""
        return make_registry(*self.plugins)


@pytest.fixture
def lifepath(tmp_path: Path, lifepath_plugins: list[str], monkeypatch: pytest.MonkeyPatch) -> LifepathRunner:
    """``lifepath("create", "--auto", "--seed", "3")``: a ``lifepath`` command run in-process (see
    :class:`LifepathRunner`); returns a :class:`Run`."""
    home = tmp_path / "lifepath-home"
    home.mkdir()
    return LifepathRunner(home, lifepath_plugins, monkeypatch)


@pytest.fixture
def lifepath_campaign(lifepath: LifepathRunner) -> Iterator[str]:
    """The name of a campaign made for the test (Nowhere Yet, the plugins under test enabled) in the
    ``lifepath`` fixture's database."""
    name = "Test Campaign"
    lifepath("campaign", "new", name, "--ruleset", "nowhere-yet").ok()
    yield name


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
    "LifepathRunner",
    "Registry",
    "Run",
    "WatchingChooser",
    "assert_replays",
    "assert_tables_valid",
    "builtin_plugins",
    "create_character",
    "events",
    "find_seed",
    "lifepath",
    "lifepath_campaign",
    "lifepath_create",
    "lifepath_plugins",
    "lifepath_registry",
    "make_context",
    "make_registry",
    "plugins_under_test",
]
