"""Calling a creation hook, and naming the plugin when one of its implementations raises.

A creation hook (``lifepath_characteristics``, ``lifepath_apply_trait``, ``lifepath_crisis``,
``lifepath_throw_modifiers``) shapes the
character, so a plugin whose hook raises cannot be skipped quietly: the character would differ from the
one its seed and rules promise. Creation is refused instead, with one paragraph naming the plugin, the
hook and how to disable it (``LIFEPATH_DISABLE_PLUGINS``). A failure in one of lifepath's own rulesets is
a bug in lifepath and keeps its traceback.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import TracebackType
from typing import TYPE_CHECKING, Any

from lifepath.errors import LifepathError
from lifepath.errors import PluginHookError as PluginHookError

if TYPE_CHECKING:
    from lifepath.host.manager import Manager

#: the distribution whose plugins are lifepath itself
OWN_DISTRIBUTION = "lifepath"


def call_hook(manager: Manager, name: str, **kwargs: Any) -> Any:
    """``manager.hook.<name>(**kwargs)``; an exception from a third-party implementation becomes a
    :class:`PluginHookError` naming its plugin."""
    caller = getattr(manager.pm.hook, name)
    try:
        return caller(**kwargs)
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
