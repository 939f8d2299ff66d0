"""A creation hook called through lifepath.hookcall answers as pluggy would: the same implementations in
the same order, the first answer of a firstresult hook, wrappers and hook-call monitoring honoured, a
plugin registered or unregistered between calls seen, and a third-party failure named."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

from lifepath.hookcall import PluginHookError, call_hook
from lifepath.hookspecs import hookimpl
from lifepath.manager import Manager


class Seen:
    def __init__(self) -> None:
        self.calls: list[str] = []


def plugin(name: str, seen: Seen, answer: Any = None, **opts: Any) -> object:
    class Plugin:
        @hookimpl(**opts)
        def lifepath_crisis(self, ctx: Any, crisis: Any) -> Any:
            seen.calls.append(f"crisis:{name}")
            return answer

        @hookimpl(**opts)
        def lifepath_apply_trait(self, ctx: Any, trait: Any, stage: str) -> Any:
            seen.calls.append(f"trait:{name}:{trait}:{stage}")
            return answer

    return Plugin()


def both(manager: Manager, hook: str, **kwargs: Any) -> tuple[Any, Any]:
    """The answer through call_hook and through pluggy itself."""
    return call_hook(manager, hook, **kwargs), getattr(manager.pm.hook, hook)(**kwargs)


def test_each_and_firstresult_hooks_answer_in_pluggys_order() -> None:
    seen = Seen()
    manager = Manager()
    manager.add(plugin("late", seen, "late-answer", trylast=True), "late")
    manager.add(plugin("none", seen, None), "none")
    manager.add(plugin("first", seen, "first-answer", tryfirst=True), "first")
    manager.add(plugin("plain", seen, "plain-answer"), "plain")
    ours, theirs = both(manager, "lifepath_apply_trait", ctx=None, trait="t", stage="s")
    assert ours == theirs == ["first-answer", "plain-answer", "late-answer"]
    assert seen.calls[:4] == seen.calls[4:]
    seen.calls.clear()
    ours, theirs = both(manager, "lifepath_crisis", ctx=None, crisis="c")
    assert ours == theirs == "first-answer"
    assert seen.calls == ["crisis:first", "crisis:first"]


def test_a_plugin_registered_or_unregistered_between_calls_is_seen() -> None:
    seen = Seen()
    manager = Manager()
    manager.add(plugin("one", seen, "one"), "one")
    assert call_hook(manager, "lifepath_crisis", ctx=None, crisis="c") == "one"
    manager.add(plugin("two", seen, "two"), "two")
    assert call_hook(manager, "lifepath_crisis", ctx=None, crisis="c") == "two"
    manager.pm.unregister(name="two")
    manager.pm.unregister(name="one")
    assert call_hook(manager, "lifepath_crisis", ctx=None, crisis="c") is None
    assert call_hook(manager, "lifepath_apply_trait", ctx=None, trait="t", stage="s") == []


def test_wrappers_and_monitoring_are_still_called() -> None:
    seen = Seen()
    manager = Manager()
    manager.add(plugin("plain", seen, "plain"), "plain")

    class Wrapper:
        @hookimpl(wrapper=True)
        def lifepath_crisis(self, ctx: Any, crisis: Any) -> Generator[None, Any, Any]:
            seen.calls.append("wrapped")
            answer = yield
            return f"wrapped {answer}"

    manager.add(Wrapper(), "wrapper")
    assert call_hook(manager, "lifepath_crisis", ctx=None, crisis="c") == "wrapped plain"
    manager.pm.unregister(name="wrapper")
    monitored: list[str] = []
    undo = manager.pm.add_hookcall_monitoring(lambda name, impls, kwargs: monitored.append(name),
                                              lambda outcome, name, impls, kwargs: None)
    assert call_hook(manager, "lifepath_crisis", ctx=None, crisis="c") == "plain"
    assert monitored == ["lifepath_crisis"]
    undo()
    assert call_hook(manager, "lifepath_crisis", ctx=None, crisis="c") == "plain"
    assert monitored == ["lifepath_crisis"]


def test_a_third_party_failure_is_named() -> None:
    class Broken:
        @hookimpl
        def lifepath_crisis(self, ctx: Any, crisis: Any) -> Any:
            raise ValueError("no")

    manager = Manager()
    manager.add(Broken(), "broken", dist="broken-dist")
    with pytest.raises(PluginHookError, match="plugin 'broken' failed in its lifepath_crisis hook"):
        call_hook(manager, "lifepath_crisis", ctx=None, crisis="c")
