"""The plugin manager: entry points in the group ``lifepath``, loaded on first use.

``LIFEPATH_PLUGINS`` (comma-separated entry-point names) loads only those; ``LIFEPATH_DISABLE_PLUGINS``
skips the ones named. A name in either that is no installed plugin is warned about once on stderr, with
the nearest installed name; the check compares names only, so a correct setting costs nothing.
``LIFEPATH_REPLACEMENTS`` (comma-separated ``plugin:id``) enables replacements (see
:mod:`lifepath.host.clashes`). The built-in rulesets are entry points of the ``lifepath`` distribution and go
through exactly this path.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pluggy

from lifepath import hookspecs

if TYPE_CHECKING:
    from lifepath.errors import LifepathError
    from lifepath.host.discovery import EntryPoint
    from lifepath.host.registry import Registry

GROUP = "lifepath"
#: set once the unknown names have been warned about, so worker processes (which inherit it) stay quiet
_WARNED = "LIFEPATH_PLUGIN_NAMES_WARNED"


@dataclass
class PluginInfo:
    """One loaded (or failed) plugin: its entry-point name, distribution and version."""

    name: str
    dist: str = ""
    version: str = ""
    module: str = ""
    error: str | None = None
    hooks: list[str] = field(default_factory=list)


#: what a plugin's ``dist`` is when there is no distribution of its own to record: none (registered by
#: hand), lifepath itself (the built-in rulesets: the ruleset's version says which), a content folder
NO_DISTRIBUTION = frozenset({"", "lifepath", "data-only content"})


class Manager:
    """A pluggy manager plus what is known about each plugin it loaded or could not load."""

    def __init__(self) -> None:
        self.pm = pluggy.PluginManager(GROUP)
        self.pm.add_hookspecs(hookspecs)
        self.info: dict[str, PluginInfo] = {}
        self._registry: Registry | None = None
        #: the entry-point names found, and the selection asked for (for errors about what is not loaded)
        self.found: list[str] = []
        self.selection: dict[str, set[str]] = {}
        #: replacements to use (``plugin:id``, see :mod:`lifepath.host.clashes`); none unless enabled
        self.replacements: frozenset[str] = frozenset()
        #: plugins a command cannot go on without (a campaign's own content folders), each with what it
        #: tells the user to do: one of them failing stops the command instead of being skipped
        self.required: dict[str, Callable[[str], LifepathError]] = {}
        #: managers holding only some of these plugins (see :meth:`restricted`), by plugins and replacements
        self._restricted: dict[tuple[frozenset[str], frozenset[str]], Manager] = {}
        #: the manager this one was restricted from (see :meth:`restricted`): it knows what is installed but
        #: left out, for errors that say how to bring it in
        self.parent: Manager | None = None

    def add(self, plugin: ModuleType | object, name: str, dist: str = "", version: str = "") -> None:
        """Register a plugin object (normally done from an entry point). A plugin pluggy refuses (a hook
        implementation whose arguments this lifepath's hook does not have, from a later version, say) is
        skipped with one warning, as a plugin that cannot be imported is."""
        try:
            self.pm.register(plugin, name=name)
        except pluggy.PluginValidationError as exc:
            self.fail(
                name,
                f"{_validation_reason(exc)}; upgrade lifepath, or install a version of the plugin written for this one",
                dist,
                version,
            )
            return
        self.info[name] = PluginInfo(name, dist, version, getattr(plugin, "__name__", type(plugin).__name__))

    def fail(self, name: str, reason: str, dist: str = "", version: str = "") -> None:
        """Record a plugin that cannot be used, and warn once on stderr (or, for one in :attr:`required`,
        raise its error)."""
        refusal = self.required.get(name)
        if refusal is not None:
            raise refusal(reason)
        info = self.info.get(name) or PluginInfo(name, dist, version)
        info.error = reason
        self.info[name] = info
        if self.pm.get_plugin(name) is not None:
            self.pm.unregister(name=name)
        print(f"lifepath: warning: plugin '{name}' was skipped: {reason}", file=sys.stderr)

    def load_entry_points(self, only: set[str] | None = None, skip: set[str] | None = None) -> None:
        """Load the group's entry points (found through :mod:`lifepath.host.discovery`), sorted by name."""
        from lifepath.host.discovery import entry_points

        found = entry_points(GROUP)
        failures = self._load(found, only, skip)
        self.selection = {
            var: names
            for var, names in (("LIFEPATH_PLUGINS", only), ("LIFEPATH_DISABLE_PLUGINS", skip))
            if names is not None
        }
        self.found = [ep.name for ep in found]
        if failures or self._unknown():
            # the remembered list may be older than what is installed: look again before blaming a plugin
            # (or a name in LIFEPATH_PLUGINS / LIFEPATH_DISABLE_PLUGINS); a correct start never gets here
            fresh = entry_points(GROUP, fresh=True)
            if fresh != found:
                failures = self._load(fresh, only, skip)
                self.found = [ep.name for ep in fresh]
        unknown = self._unknown()
        if unknown and os.environ.get(_WARNED) != "1":
            self._warn_unknown(unknown)
        for name, dist, version, reason in failures:
            self.fail(name, reason, dist, version)
        self.warn_unknown_hooks()

    def warn_unknown_hooks(self) -> None:
        """One warning per plugin that implements hooks this lifepath does not know (a plugin written for a
        later version); those implementations are never called, the rest of the plugin is used. Pluggy's
        own check (``check_pending``) would stop every command with a traceback instead."""
        from lifepath import __version__

        unknown: dict[str, list[str]] = {}
        for hook_name in sorted(vars(self.pm.hook)):
            caller = getattr(self.pm.hook, hook_name)
            if getattr(caller, "spec", True) is not None:
                continue
            for impl in caller.get_hookimpls():
                if not impl.optionalhook:
                    unknown.setdefault(impl.plugin_name, []).append(hook_name)
        for plugin, hooks in sorted(unknown.items()):
            names = ", ".join(hooks)
            what = "that hook is" if len(hooks) == 1 else "those hooks are"
            print(
                f"lifepath: warning: plugin '{plugin}' implements {names}, which lifepath {__version__} does not "
                f"know (the plugin was written for a later lifepath?); {what} "
                "skipped and the rest of the plugin is used (upgrade lifepath to use all of it)",
                file=sys.stderr,
            )

    def _unknown(self) -> list[tuple[str, str]]:
        """``(variable, name)`` for each name a selecting variable gives that is no installed entry point."""
        found = set(self.found)
        return [(var, name) for var, names in self.selection.items() for name in sorted(names) if name not in found]

    def _warn_unknown(self, unknown: list[tuple[str, str]]) -> None:
        import difflib

        known = ", ".join(sorted(self.found)) or "none"
        for var, name in unknown:
            close = difflib.get_close_matches(name.replace("-", "_"), self.found, n=1, cutoff=0.6)
            near = f" (did you mean '{close[0]}'?)" if close else ""
            print(
                f"lifepath: warning: {var} names '{name}', which is not an installed plugin{near}; "
                f"the installed plugins are: {known}",
                file=sys.stderr,
            )
        os.environ[_WARNED] = "1"

    def selection_hint(self, rulesets: list[str]) -> str | None:
        """For an unknown ruleset when LIFEPATH_PLUGINS or LIFEPATH_DISABLE_PLUGINS is set: how they may be
        the reason (``rulesets`` are the ids loaded); None when neither is set."""
        if not self.selection:
            return None
        given = " and ".join(f"{var}={','.join(sorted(names))}" for var, names in self.selection.items())
        installed = ", ".join(sorted(self.found)) or "none"
        if not rulesets:
            return (
                f"{given} leaves no ruleset plugin loaded; name a ruleset's plugin there (installed plugins: "
                f"{installed}) or unset it"
            )
        return f"known rulesets: {', '.join(rulesets)} ({given} chooses among the installed plugins: {installed})"

    def _load(
        self, found: Sequence[EntryPoint], only: set[str] | None, skip: set[str] | None
    ) -> list[tuple[str, str, str, str]]:
        failures = []
        for ep in found:
            if only is not None and ep.name not in only:
                continue
            if skip and ep.name in skip:
                continue
            if ep.name in self.info:
                continue
            try:
                plugin = ep.load()
            except Exception as exc:  # a broken plugin must not stop the others
                reason = f"it could not be imported ({type(exc).__name__}: {exc})"
                failures.append((ep.name, ep.dist, ep.version, reason))
                continue
            self.add(plugin, ep.name, ep.dist, ep.version)
        return failures

    def add_content(self, path: str) -> None:
        """Register a data-only content folder (its tables are validated when its ruleset is first used)."""
        from lifepath.host.content import load_content

        plugin = load_content(path)
        if plugin.name in self.info:
            return
        self.add(plugin, plugin.name, "data-only content", str(plugin.manifest["version"]))
        self._registry = None
        self._restricted.clear()

    @property
    def hook(self) -> Any:
        return self.pm.hook

    def distributions(self, names: Collection[str]) -> dict[str, str]:
        """The distribution (what ``pip install`` takes) of each of ``names`` installed from one other than
        lifepath's own, by plugin name, sorted: so a replay elsewhere can say what to install."""
        info = self.info
        return {n: info[n].dist for n in sorted(names) if n in info and info[n].dist not in NO_DISTRIBUTION}

    def active(self) -> list[PluginInfo]:
        return [i for i in self.info.values() if i.error is None]

    def registry(self) -> Registry:
        """The contributions of every plugin, collected and validated on first use."""
        if self._registry is None:
            from lifepath.host.registry import Registry

            self._registry = Registry(self, self.replacements)
        return self._registry

    def restricted(self, names: Collection[str], replacements: Collection[str] = ()) -> Manager:
        """A manager with only the plugins named (those of them this one holds, in this one's order) and
        the replacements given; made once per set of names and replacements, so its registry is built
        once however many characters ask for it (an import replays thousands).

        Campaign content and replays use it: a campaign makes characters with the plugins it enables, and
        a replay runs with exactly the plugins a character's provenance records.
        """
        key = (frozenset(names), frozenset(replacements))
        sub = self._restricted.get(key)
        if sub is None:
            sub = Manager()
            sub.replacements = key[1]
            sub.found, sub.selection, sub.parent = self.found, self.selection, self
            for name, plugin in self.pm.list_name_plugin():
                if name in key[0] and name in self.info and self.info[name].error is None:
                    info = self.info[name]
                    sub.pm.register(plugin, name=name)
                    sub.info[name] = info
            self._restricted[key] = sub
        return sub


def _validation_reason(exc: pluggy.PluginValidationError) -> str:
    """Pluggy's refusal in lifepath's words (its message names the hook, and the arguments it lacks)."""
    import re

    text = str(exc)
    hook = re.search(r"for hook '([^']+)'", text)
    args = re.search(r"Argument\(s\) \{([^}]*)\}", text)
    if hook and args:
        names = ", ".join(a.strip().strip("'\"") for a in args.group(1).split(","))
        return f"its {hook.group(1)} takes the argument(s) {names}, which this lifepath's hook does not pass"
    return f"pluggy refused it ({text.splitlines()[0].strip() if text else type(exc).__name__})"


def _names(variable: str) -> set[str] | None:
    value = os.environ.get(variable)
    if value is None:
        return None
    return {n.strip() for n in value.split(",") if n.strip()}


_manager: Manager | None = None


def new_manager() -> Manager:
    """A manager of its own, loaded from the installed entry points as the environment selects them
    (``LIFEPATH_PLUGINS``, ``LIFEPATH_DISABLE_PLUGINS``, ``LIFEPATH_REPLACEMENTS``): for a registry with
    content folders that the process-wide one must not see (one campaign's, in a server of many)."""
    manager = Manager()
    manager.replacements = frozenset(_names("LIFEPATH_REPLACEMENTS") or ())
    manager.load_entry_points(only=_names("LIFEPATH_PLUGINS"), skip=_names("LIFEPATH_DISABLE_PLUGINS"))
    return manager


def get_manager() -> Manager:
    """The process-wide manager, built on first call from the installed entry points."""
    global _manager
    if _manager is None:
        _manager = new_manager()
    return _manager


def get_registry() -> Registry:
    return get_manager().registry()


def reset() -> None:
    """Forget the process-wide manager (tests, and after installing a plugin in-process)."""
    global _manager
    _manager = None
