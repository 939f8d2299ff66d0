"""Every hookspec in lifepath.hookspecs is documented in docs/plugins/hooks.md (its name and each of its
parameters in its own section, with firstresult stated and an example) and is really called by the core:
a recording plugin, registered like any other, sees each hook called while rulesets are registered and
characters are made."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from lifepath import Character, hookspecs
from lifepath.hookspecs import hookimpl
from lifepath.testing import create_character, make_registry

REPO = Path(__file__).resolve().parents[2]
HOOKS_MD = REPO / "docs" / "plugins" / "hooks.md"
TESTS = REPO / "tests"


def hookspec_names() -> list[str]:
    return sorted(
        name
        for name, fn in vars(hookspecs).items()
        if name.startswith("lifepath_") and callable(fn) and hasattr(fn, "lifepath_spec")
    )


def sections(markdown: str) -> dict[str, str]:
    """Level-two sections by heading text (backticks removed)."""
    out = {}
    for chunk in re.split(r"^## ", markdown, flags=re.M)[1:]:
        heading, _, body = chunk.partition("\n")
        out[heading.strip().strip("`")] = body
    return out


HOOKS = hookspec_names()
SECTIONS = sections(HOOKS_MD.read_text(encoding="utf-8"))


def test_the_hookspecs_are_found() -> None:
    assert len(HOOKS) >= 7 and "lifepath_crisis" in HOOKS


@pytest.mark.parametrize("hook", HOOKS)
def test_each_hook_has_a_section_naming_every_parameter(hook: str) -> None:
    assert hook in SECTIONS, f"docs/plugins/hooks.md has no '## {hook}' section"
    body = SECTIONS[hook]
    for param in inspect.signature(getattr(hookspecs, hook)).parameters:
        assert f"`{param}`" in body, f"the section on {hook} does not describe its parameter '{param}'"
    spec = getattr(hookspecs, hook).lifepath_spec
    first = bool(spec.get("firstresult")) if isinstance(spec, dict) else False
    assert ("**firstresult: yes.**" if first else "**firstresult:** no") in body, f"{hook}: firstresult not stated"
    assert "**When:**" in body and "**Returns:**" in body and "```python" in body, f"{hook}: when/returns/example"


def test_no_section_documents_a_hook_that_does_not_exist() -> None:
    documented = {h for h in SECTIONS if h.startswith("lifepath_")}
    assert documented == set(HOOKS)


class Recorder:
    """A plugin implementing every hookspec (run first, answering nothing) that records each call."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, object]]] = []
        for hook in HOOKS:
            params = list(inspect.signature(getattr(hookspecs, hook)).parameters)
            setattr(self, hook, self._impl(hook, params))

    def _impl(self, hook: str, params: list[str]) -> object:
        # pluggy passes a hook implementation the arguments its signature names, so build one with the
        # hookspec's own parameter names
        arguments = ", ".join(f"{p}={p}" for p in params)
        source = f"def {hook}({', '.join(params)}):\n    record({hook!r}, dict({arguments}))\n"
        namespace: dict[str, object] = {"record": lambda name, args: self.calls.append((name, args))}
        exec(source, namespace)
        return hookimpl(tryfirst=True)(namespace[hook])

    def called(self, hook: str) -> list[dict[str, object]]:
        return [args for name, args in self.calls if name == hook]


@pytest.fixture(scope="module")
def recorded() -> tuple[Recorder, dict[str, tuple[Character, list[tuple[str, dict[str, object]]]]]]:
    """Register the recorder beside the shipped plugins, then make characters that meet every hook: in
    Nowhere Yet a human (no traits), an avian (traits) and seed 18 (crises), and one character of every
    other ruleset. Returns the recorder and, per character, the character and the calls made for it."""
    recorder = Recorder()
    registry = make_registry(extra=[("recorder", recorder)])
    made = {}
    for label, ruleset, seed, options in [
        ("human", "nowhere-yet", 1, {"species": "human-male"}),
        ("avian", "nowhere-yet", 100, {"species": "avian"}),
        ("crises", "nowhere-yet", 18, None),
        *((other, other, 3, None) for other in registry.rulesets() if other != "nowhere-yet"),
    ]:
        start = len(recorder.calls)
        character = create_character(registry, ruleset, seed, options=options)
        made[label] = (character, recorder.calls[start:])
    # the format registry asks every plugin for its formats when a command lists or writes them
    from lifepath.formats.registry import collect

    collect(registry.manager)
    return recorder, made


@pytest.mark.parametrize("hook", HOOKS)
def test_each_hook_is_called_by_the_core(hook: str, recorded) -> None:
    recorder, _made = recorded
    assert recorder.called(hook), f"the core never called {hook} while rulesets were used and characters made"


def test_registration_hooks_are_asked_once_about_every_ruleset(recorded) -> None:
    recorder, _made = recorded
    assert len(recorder.called("lifepath_register_rulesets")) == 1
    for hook in ("lifepath_register_careers", "lifepath_register_species", "lifepath_register_house_rules"):
        asked = [args["ruleset_id"] for args in recorder.called(hook)]
        assert sorted(asked) == sorted({"nowhere-yet", "wormwood-drift", "d6-pool", "black-nova"}), (hook, asked)


def calls(made, label: str, hook: str) -> list[dict[str, object]]:
    return [args for name, args in made[label][1] if name == hook]


def test_characteristics_hook_is_called_once_per_thrown_character(recorded) -> None:
    """Once per character whose ruleset throws characteristics (the point-builds buy theirs instead)."""
    _recorder, made = recorded
    thrown = {label for label in made if calls(made, label, "lifepath_characteristics")}
    assert {"human", "avian", "crises"} <= thrown
    for label in made:
        count = len(calls(made, label, "lifepath_characteristics"))
        assert count == (1 if label in thrown else 0), label
        if label in thrown:
            (args,) = calls(made, label, "lifepath_characteristics")
            assert list(args["specs"]) == list(made[label][0].sheet.characteristics), label


def test_each_trait_reaches_the_hook_at_each_stage(recorded) -> None:
    _recorder, made = recorded
    assert calls(made, "human", "lifepath_apply_trait") == []
    for label in ("avian", "crises"):
        character, _ = made[label]
        seen = [(args["trait"]["name"], args["stage"]) for args in calls(made, label, "lifepath_apply_trait")]
        traits = list(character.sheet.traits)
        assert traits, label
        assert seen == [(t, stage) for stage in ("characteristics", "background", "finish") for t in traits], label


def test_every_crisis_reaches_the_hook(recorded) -> None:
    _recorder, made = recorded
    for label in ("human", "avian", "crises"):
        character, _ = made[label]
        crises = [(e["kind"]) for e in character.history if e["type"] == "crisis"]
        assert [args["crisis"].kind for args in calls(made, label, "lifepath_crisis")] == crises, label
    assert "injury" in [e["kind"] for e in made["crises"][0].history if e["type"] == "crisis"]
