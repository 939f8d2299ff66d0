"""Calling a creation hook, and naming the plugin when one of its implementations raises.

A creation hook (``lifepath_characteristics``, ``lifepath_apply_trait``, ``lifepath_crisis``) shapes the
character, so a plugin whose hook raises cannot be skipped quietly: the character would differ from the
one its seed and rules promise. Creation is refused instead, with one paragraph naming the plugin, the
hook and how to disable it (``LIFEPATH_DISABLE_PLUGINS``). A failure in one of lifepath's own rulesets is
a bug in lifepath and keeps its traceback.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from importlib import import_module
from types import TracebackType
from typing import TYPE_CHECKING, Any

from lifepath.errors import LifepathError

if TYPE_CHECKING:
    from lifepath.manager import Manager

#: the distribution whose plugins are lifepath itself
OWN_DISTRIBUTION = "lifepath"


class PluginHookError(LifepathError):
    """An installed plugin's creation hook raised; characters cannot be made while it is enabled."""


def call_hook(manager: Manager, name: str, **kwargs: Any) -> Any:
    """``manager.hook.<name>(**kwargs)``; an exception from a third-party implementation becomes a
    :class:`PluginHookError` naming its plugin."""
    caller = getattr(manager.pm.hook, name)
    try:
        plan = _plan(manager, caller)
        if plan is None:
            return caller(**kwargs)
        # what pluggy's own loop does for plain implementations, without its set-up per call
        calls, firstresult = plan
        if firstresult:
            for function, argnames in calls:
                result = function(*[kwargs[a] for a in argnames])
                if result is not None:
                    return result
            return None
        results = []
        for function, argnames in calls:
            result = function(*[kwargs[a] for a in argnames])
            if result is not None:
                results.append(result)
        return results
    except LifepathError:
        raise
    except Exception as exc:
        plugin = _culprit(caller.get_hookimpls(), exc.__traceback__)
        if plugin is None:
            raise
        info = manager.info.get(plugin)
        if info is not None and info.dist == OWN_DISTRIBUTION:
            raise
        reason = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        raise PluginHookError(
            f"plugin '{plugin}' failed in its {name} hook ({reason}), so no character can be made while it is "
            "enabled: skipping a creation hook would change the characters",
            hint=f"disable it with LIFEPATH_DISABLE_PLUGINS={plugin} (or uninstall it) and report the error to "
            "its author",
        ) from exc


Plan = tuple[tuple[tuple[Callable[..., Any], tuple[str, ...]], ...], bool]

#: per hook caller: the implementations it had when its plan was made, and the plan
_PLANS: dict[int, tuple[object, list[Any], Plan | None]] = {}


@cache
def _multicall() -> Any:
    """pluggy's own call loop (None if this pluggy keeps it elsewhere: every hook is then called through
    pluggy)."""
    try:
        return getattr(import_module("pluggy._callers"), "_multicall", None)
    except ImportError:
        return None


def _plan(manager: Manager, caller: Any) -> Plan | None:
    """How to call ``caller``'s implementations directly, in pluggy's order (last registered first, each
    with its positional arguments), and whether the first answer ends the call; ``None`` when pluggy must
    call them itself: a wrapper, an implementation with keyword defaults, a historic hook, hook-call
    monitoring or tracing (``add_hookcall_monitoring``), a pluggy whose internals are not these.

    Creation calls some half a dozen hooks per character, and pluggy's set-up for each call (copying the
    implementations, applying the spec's defaults, checking the arguments, its generic loop) cost more
    than the implementations themselves. The plan is made again whenever the implementations change."""
    impls = getattr(caller, "_hookimpls", None)
    plain = _multicall()
    if plain is None or impls is None or getattr(manager.pm, "_inner_hookexec", None) is not plain:
        return None
    known = _PLANS.get(id(caller))
    if known is not None and known[0] is caller and known[1] == impls:
        return known[2]
    plan: Plan | None = None
    if not caller.is_historic() and all(not i.wrapper and not i.hookwrapper and not i.kwargnames for i in impls):
        firstresult = bool(caller.spec.opts.get("firstresult", False)) if caller.spec else False
        plan = (tuple((i.function, tuple(i.argnames)) for i in reversed(impls)), firstresult)
    _PLANS[id(caller)] = (caller, list(impls), plan)
    return plan


def _code(function: Any) -> Any:
    import inspect

    function = inspect.unwrap(getattr(function, "__func__", function))
    return getattr(function, "__code__", None)


def _frames(tb: TracebackType | None) -> Iterator[TracebackType]:
    while tb is not None:
        yield tb
        tb = tb.tb_next


def _culprit(impls: Any, tb: TracebackType | None) -> str | None:
    """The plugin whose implementation the exception passed through first (the one pluggy called)."""
    owners = {_code(impl.function): impl.plugin_name for impl in impls}
    owners.pop(None, None)
    for frame in _frames(tb):
        plugin = owners.get(frame.tb_frame.f_code)
        if plugin is not None:
            return str(plugin)
    return None
