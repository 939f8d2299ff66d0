"""The content a character was made with: the registry that replays it, or why it cannot be replayed here.

A character's provenance records every plugin that shaped it (``plugins``: name and version) and a hash
over the tables it was made from (``tables_sha256``). A replay must run with exactly that content: a
career plugin installed later would otherwise be offered in the replay's menus and change the history.
:func:`registry_for` answers with a registry holding only the recorded plugins (made once per set of
plugins by :meth:`lifepath.host.manager.Manager.restricted`, so an import of thousands of characters builds
a handful), or raises :class:`ContentMismatch`: one paragraph naming the plugin, the version recorded
and the version found (or "not installed"), and how to install the recorded one.

Replacements (see :mod:`lifepath.host.clashes`) are not recorded by name; they are recovered from the tables'
hash: a used replacement's table is among the tables hashed, so of the replacements the recorded plugins
offer, the set in use is the one whose registry gives the recorded hash.
"""

from __future__ import annotations

import itertools
import shlex
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from lifepath.errors import ReplayError

if TYPE_CHECKING:
    from lifepath.host.manager import Manager
    from lifepath.host.registry import Registry

#: how many offered replacements are tried in every combination to match a recorded tables hash
MAX_REPLACEMENT_TRIES = 6
#: the distribution the built-in rulesets come with
OWN_DISTRIBUTION = "lifepath"


class ContentMismatch(ReplayError):
    """The plugins or tables a character was made with are not the ones here, so it cannot be replayed."""


def recorded_plugins(provenance: Mapping[str, Any]) -> list[tuple[str, str]] | None:
    """``(name, version)`` of every plugin the provenance records; None when it records none readably
    (the replay's comparison then reports the field)."""
    plugins = provenance.get("plugins")
    if not isinstance(plugins, list) or not plugins:
        return None
    out = []
    for p in plugins:
        if not (isinstance(p, Mapping) and isinstance(p.get("name"), str) and isinstance(p.get("version", ""), str)):
            return None
        out.append((str(p["name"]), str(p.get("version", ""))))
    return out


def recorded_distributions(provenance: Mapping[str, Any]) -> dict[str, str]:
    """The distribution each recorded plugin came from, by plugin name, where the provenance records one
    (``provenance.distributions``, since lifepath 0.2, for a plugin not built in): what ``pip install`` takes."""
    recorded = provenance.get("distributions")
    if not isinstance(recorded, Mapping):
        return {}
    return {str(name): dist for name, dist in recorded.items() if isinstance(dist, str) and dist}


def registry_for(registry: Registry, ruleset_id: str, provenance: Mapping[str, Any]) -> Registry:
    """The registry that replays a character of ``ruleset_id`` with this provenance: ``registry`` when it
    holds exactly the recorded content, else one restricted to the recorded plugins.

    Raises :class:`ContentMismatch` when a recorded plugin is missing, has another version, or the tables
    hash differently from the recorded hash.
    """
    recorded = recorded_plugins(provenance)
    if recorded is None:
        return registry
    key = (ruleset_id, tuple(recorded), str(provenance.get("tables_sha256")))
    cache = registry.replay_registries
    found = cache.get(key)
    if found is not None:
        return found
    manager = registry.manager
    _check_versions(manager, recorded, recorded_distributions(provenance))
    # the ruleset's own plugin always takes part (an export that leaves it out is reported by the comparison)
    names = {name for name, _version in recorded} | {registry.ruleset_plugin(ruleset_id)}
    digest = provenance.get("tables_sha256")
    if {p["name"] for p in registry.contributors(ruleset_id)} == names and registry.digest(ruleset_id) == digest:
        found = registry
    else:
        found = _matching(manager, ruleset_id, names, digest, recorded)
    if len(cache) < 256:
        cache[key] = found
    return found


def _matching(
    manager: Manager, ruleset_id: str, names: set[str], digest: Any, recorded: list[tuple[str, str]]
) -> Registry:
    """The restricted registry whose tables hash to ``digest``, trying the recorded plugins' replacements."""
    plain = manager.restricted(names).registry()
    plain.ruleset(ruleset_id)
    if not isinstance(digest, str) or plain.digest(ruleset_id) == digest:
        return plain  # a missing or malformed hash is the comparison's to report
    offered = sorted(
        {
            f"{offer.plugin}:{offer.id}"
            for _kind, offer, target, _used in plain.replacements(ruleset_id)
            if target is not None and offer.plugin in names
        }
    )[:MAX_REPLACEMENT_TRIES]
    for size in range(1, len(offered) + 1):
        for chosen in itertools.combinations(offered, size):
            candidate = manager.restricted(names, chosen).registry()
            if candidate.digest(ruleset_id) == digest:
                return candidate
    raise _tables_changed(manager, ruleset_id, recorded, digest, plain.digest(ruleset_id))


def _check_versions(manager: Manager, recorded: list[tuple[str, str]], dists: Mapping[str, str]) -> None:
    """Raise one paragraph for the first recorded plugin that is missing here or has another version
    (``dists``: the distributions the provenance records, for the ``pip install`` of one not here)."""
    for index, (name, version) in enumerate(recorded):
        info = manager.info.get(name)
        if info is not None and info.error is None and info.version == version:
            continue
        shown = f"{name}' {version}" if version else f"{name}'"
        if info is None:
            found = _absent(manager, name)
        elif info.error is not None:
            found = f"it is installed ({info.version}) but cannot be used: {info.error}"
        else:
            found = f"{info.version or 'a version without a number'} is installed"
        raise ContentMismatch(
            f"this character was made with the plugin '{shown}, and {found}; a replay needs exactly the content "
            "a character was made with, so it cannot be replayed here",
            pointer=f"/provenance/plugins/{index}",
            hint=_install_hint(manager, name, version, info.dist if info is not None else dists.get(name, "")),
        )


def _absent(manager: Manager, name: str) -> str:
    if name in manager.found:
        chosen = " and ".join(f"{var}={','.join(sorted(v))}" for var, v in manager.selection.items())
        return f"it is installed but not loaded ({chosen or 'it was left out'})"
    return "it is not installed"


def _install_hint(manager: Manager, name: str, version: str, dist: str) -> str:
    if name.startswith("content:"):
        return (
            f"it is the data-only content folder '{name.removeprefix('content:')}': give its folder, at version "
            f"{version or 'the one recorded'}, to its campaign with `lifepath campaign add-content CAMPAIGN PATH` "
            "or to the command with --content PATH, then verify again"
        )
    wanted = f"=={version}" if version else ""
    if dist and dist != "data-only content":
        return f"install that version with `pip install {shlex.quote(dist + wanted)}`, then verify again"
    # made before lifepath recorded distributions: the plugin's entry-point name is not the distribution's
    # (they often differ), so no pip command can be given honestly
    return (
        f"install the distribution that provides the plugin '{name}'{' at version ' + version if version else ''} "
        "and verify again; this character was made before lifepath recorded which distribution a plugin came "
        "from, so look it up where the plugin came from (`lifepath plugins` lists what is installed)"
    )


def _tables_changed(
    manager: Manager, ruleset_id: str, recorded: list[tuple[str, str]], digest: str, here: str
) -> ContentMismatch:
    others = [f"'{n}' {v}".strip() for n, v in recorded if not _built_in(manager, n)]
    suspects = ", ".join(others) if others else ", ".join(f"'{n}' {v}".strip() for n, v in recorded)
    if others:
        hint = _reinstall_hint(manager, [(n, v) for n, v in recorded if not _built_in(manager, n)])
    else:
        from lifepath import __version__

        hint = f"reinstall lifepath as released (`pip install --force-reinstall 'lifepath=={__version__}'`)"
    return ContentMismatch(
        f"this character was made from {ruleset_id} tables hashing to {digest[:12]}..., and the same plugins at "
        f"the same versions ({suspects}) give {here[:12]}... here: a plugin's or content folder's tables were "
        "changed without a new version, so it cannot be replayed here",
        pointer="/provenance/tables_sha256",
        hint=hint,
    )


def _reinstall_hint(manager: Manager, plugins: list[tuple[str, str]]) -> str:
    """Reinstall the recorded plugins' distributions as released (each named and shell-quoted), or put the
    content folders back."""
    wanted = []
    for name, version in plugins:
        info = manager.info.get(name)
        dist = info.dist if info is not None else ""
        if dist and dist != "data-only content" and not name.startswith("content:"):
            wanted.append(shlex.quote(f"{dist}=={version}" if version else dist))
    folders = len(wanted) < len(plugins)
    if not wanted:
        return "put the content folder back as it was (its tables as they were at that version), then verify again"
    command = f"`pip install --force-reinstall {' '.join(dict.fromkeys(wanted))}`"
    return (
        f"reinstall the plugins as released ({command})"
        + (" and put the content folders back as they were" if folders else "")
        + ", then verify again"
    )


def _built_in(manager: Manager, name: str) -> bool:
    info = manager.info.get(name)
    return info is not None and info.dist == OWN_DISTRIBUTION


__all__ = ["MAX_REPLACEMENT_TRIES", "ContentMismatch", "recorded_distributions", "recorded_plugins", "registry_for"]
