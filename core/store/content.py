"""A campaign's data-only content folders: checking one before it is stored, loading them before the
registry is built, and reading which content a stored folder holds.

A campaign keeps the absolute paths of its content folders (``lifepath campaign add-content``). Commands
that make or replay the campaign's characters (``create --campaign``, ``verify``) add every stored folder
to the plugin manager with :func:`load_campaign_content` *before* the registry is built, so the
folders' careers and species are there exactly as with ``--content PATH``.

Nothing here touches a database or imports SQLAlchemy; folders are only read, never executed (see
:mod:`lifepath.host.content`).
"""

from __future__ import annotations

import json
import os
import shlex
from collections.abc import Iterable, Mapping
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lifepath.errors import LifepathError, TableError
from lifepath.host.content import MANIFEST, ContentPlugin, load_content

if TYPE_CHECKING:
    from lifepath.host.manager import Manager
    from lifepath.host.registry import Registry
    from lifepath.store.models import CampaignRead
    from lifepath.tables import Table

#: the kinds of table a content manifest lists
KINDS = ("careers", "species")


def folder_path(path: str | Path) -> str:
    """The form a campaign stores a content folder in: absolute, ``~`` expanded, ``.``/``..`` folded
    (symbolic links are kept as given, so a link the referee repoints is followed next time)."""
    return os.path.abspath(os.path.expanduser(str(path)))


def same_folder(stored: str, given: str | Path) -> bool:
    """Whether ``given`` names the stored folder ``stored`` (as written, or once links are resolved)."""
    wanted = folder_path(given)
    if stored == wanted:
        return True
    try:
        return Path(stored).resolve() == Path(wanted).resolve()
    except OSError:
        return False


def plugin_name(folder: str | Path) -> str | None:
    """The plugin name (``content:NAME``) of the content in ``folder``, or None when its manifest cannot
    be read. The manifest is only read here, not validated."""
    try:
        data = json.loads((Path(folder) / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    name = data.get("name") if isinstance(data, dict) else None
    return f"content:{name}" if isinstance(name, str) and name else None


def plugin_names(folders: Iterable[str]) -> set[str]:
    """The plugin names of the content in those of ``folders`` that can be read now."""
    return {name for name in map(plugin_name, folders) if name is not None}


def installed_names(registry: Registry | None = None) -> set[str]:
    """Names of the plugins loaded now: ``registry``'s, or the process-wide manager's (loading the entry
    points does not build the registry)."""
    if registry is not None:
        manager = registry.manager
    else:
        from lifepath.host.manager import get_manager

        manager = get_manager()
    return {info.name for info in manager.active()}


def missing_plugin_names(
    plugins: Iterable[Mapping[str, Any]], folders: Iterable[str], installed: set[str]
) -> list[str]:
    """The names, sorted, of the plugins a campaign's characters were made with (its ``plugins`` list) that
    are not ``installed`` now; the campaign's own content ``folders`` count as installed (the commands that
    make or replay its characters load them; a folder that is gone, or whose manifest no longer reads, does
    not count)."""
    return sorted({str(p["name"]) for p in plugins} - installed - plugin_names(folders))


def remove_hint(campaign: str, folder: str) -> str:
    """The command that takes ``folder`` out of ``campaign``."""
    return f"lifepath campaign remove-content {shlex.quote(campaign)} {shlex.quote(folder)}"


def load_campaign_content(manager: Manager, campaign: CampaignRead) -> None:
    """Add every content folder ``campaign`` stores to ``manager`` (call it before ``manager.registry()``).

    A folder that no longer exists, or whose manifest no longer reads, is a :class:`LifepathError`
    naming the campaign and the folder, with the fix.
    """
    for folder in campaign.content:
        if not Path(folder).is_dir():
            raise LifepathError(
                f"campaign '{campaign.name}' uses the content folder {folder}, which no longer exists",
                hint=f"put the folder back there, or stop using it with `{remove_hint(campaign.name, folder)}`",
            )
        try:
            manager.add_content(folder)
        except LifepathError as e:
            raise type(e)(
                f"campaign '{campaign.name}' uses the content folder {folder}, which cannot be read: {e.message}",
                file=e.file,
                line=e.line,
                pointer=e.pointer,
                hint=(e.hint + "; " if e.hint else "")
                + f"fix the folder, or stop using it with `{remove_hint(campaign.name, folder)}`",
            ) from None


def _tables(plugin: ContentPlugin, kind: str) -> list[Table]:
    # the very tables the registry will register for the plugin (paths checked to stay inside the folder)
    return plugin._tables(kind)


def _check_tables(registry: Registry, plugin: ContentPlugin, campaign: str) -> None:
    """Raise the first problem of the folder's tables, with its file, line and JSON pointer."""
    for kind in KINDS:
        for table in _tables(plugin, kind):
            errors = registry.validator.errors(table)
            if errors:
                first = errors[0]
                more = f"{len(errors) - 1} more problem(s) in this file; " if len(errors) > 1 else ""
                raise TableError(
                    first.message,
                    file=first.file,
                    line=first.line,
                    pointer=first.pointer,
                    hint=(first.hint + "; " if first.hint else "") + f"{more}campaign '{campaign}' was not changed "
                    f"(`lifepath schema validate {shlex.quote(str(plugin.folder))}` lists every problem)",
                )


def _owner(manager: Manager, plugin: str) -> str:
    """A plugin as a referee knows it: a built-in ruleset, a content folder or an installed distribution."""
    info = manager.info.get(plugin)
    if info is None:
        return f"the plugin '{plugin}'"
    if info.dist == "data-only content":
        return f"the content folder {info.module}"
    if info.dist == "lifepath":
        return f"the built-in plugin '{plugin}'"
    return f"the plugin '{plugin}' ({info.dist or 'not installed as a distribution'})"


def _check_clashes(manager: Manager, plugin: ContentPlugin, campaign: CampaignRead) -> None:
    """Refuse a folder that adds a career or species (by id or name) the campaign's ruleset already has from
    an installed plugin or another of its folders: the registry would keep the first and only warn at the
    next ``create``."""
    registry = manager.registry()  # everything but this folder
    ruleset = campaign.ruleset
    for kind, word in (("careers", "career"), ("species", "species")):
        have = registry.careers(ruleset) if kind == "careers" else registry.species(ruleset)
        for data, table in plugin.contributions(kind):
            if not isinstance(data, dict):
                continue
            cid, name = str(data.get("id", "")), str(data.get("name", data.get("id", "")))
            for existing in have.values():
                if existing.id == cid or existing.name.lower() == name.lower():
                    raise LifepathError(
                        f"the content folder {plugin.folder} adds the {word} '{name}' ({table.source}), which "
                        f"{_owner(manager, existing.plugin)} already adds to {ruleset} as '{existing.name}'",
                        hint=f"give it an id and name of its own in {table.source}, or take it out of the manifest; "
                        f"campaign '{campaign.name}' was not changed",
                    )


def check_folder(manager: Manager, campaign: CampaignRead, path: str | Path) -> ContentPlugin:
    """Check that the content folder ``path`` can be added to ``campaign``; return it, loaded.

    The manifest must validate and name the campaign's ruleset, every table must validate against the
    ruleset's schemas (the first problem is raised with its file, line and JSON pointer), and a registry
    built with the campaign's other folders and this one must accept it (versions it requires, no
    other content of the same name). ``manager`` gets the folder added.
    """
    from lifepath.support.jsonpos import line_of

    folder = folder_path(path)
    plugin = load_content(folder)
    ruleset = str(plugin.manifest["ruleset"])
    if ruleset != campaign.ruleset:
        manifest = Path(folder) / MANIFEST
        raise LifepathError(
            f"this content is for the ruleset {ruleset}, but campaign '{campaign.name}' uses {campaign.ruleset}",
            file=str(manifest),
            line=line_of(manifest.read_text(encoding="utf-8"), "/ruleset"),
            pointer="/ruleset",
            hint="add it to a campaign of that ruleset; nothing was stored",
        )
    registry = manager.registry()
    registry.ruleset(campaign.ruleset)  # a ruleset that is not installed: UnknownName with the known ones
    _check_tables(registry, plugin, campaign.name)

    for other in campaign.content:
        if other != folder and Path(other).is_dir():
            # a broken folder already stored is reported by the commands that use it, not here
            with suppress(LifepathError):
                manager.add_content(other)
    known = manager.info.get(plugin.name)
    if known is not None and known.module != folder:
        where = f"the folder {known.module}" if known.dist == "data-only content" else f"the plugin {known.dist}"
        raise LifepathError(
            f"the content in {folder} is called '{plugin.name}', and {where} already adds content of that name",
            hint=f"rename one of them in its {MANIFEST}; campaign '{campaign.name}' was not changed",
        )
    _check_clashes(manager, plugin, campaign)
    manager.add_content(folder)
    manager.registry()
    failed = manager.info[plugin.name].error
    if failed is not None:
        raise LifepathError(
            f"the content folder {folder} cannot be used with campaign '{campaign.name}': {failed}",
            hint="nothing was stored",
        )
    return plugin


__all__ = [
    "check_folder",
    "folder_path",
    "load_campaign_content",
    "plugin_name",
    "plugin_names",
    "remove_hint",
    "same_folder",
]
