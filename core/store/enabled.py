"""Content per campaign: which installed plugins a campaign's characters are made with.

A campaign records the plugins it enables (``enabled_plugins``: every plugin that added something to its
ruleset when it was made, unless the referee chose others with ``campaign new --content``) and the
replacements it enables (``enabled_replacements``, ``plugin:id``; none until the referee enables one).
Creation in the campaign uses a registry of only those plugins, plus the ruleset's own plugin and the
campaign's content folders (:func:`campaign_registry`), so installing a plugin never changes a running
campaign until its referee opts in with ``lifepath campaign content NAME --enable PLUGIN``.

Nothing here touches a database or imports SQLAlchemy.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lifepath.errors import LifepathError, UnknownName

if TYPE_CHECKING:
    from lifepath.host.manager import Manager
    from lifepath.host.registry import Registry
    from lifepath.store.models import CampaignRead

CONTENT_PREFIX = "content:"


def installed_for(registry: Registry, ruleset_id: str) -> list[str]:
    """Every installed plugin that adds something to the ruleset (what a new campaign enables): those that
    shape its characters now, and those that offer a replacement (enabled or not)."""
    names = {p["name"] for p in registry.contributors(ruleset_id)}
    names |= {offer.plugin for _kind, offer, _target, _used in registry.replacements(ruleset_id)}
    return sorted(n for n in names if not n.startswith(CONTENT_PREFIX))


def in_use(registry: Registry, campaign: CampaignRead, extra: Iterable[str] = ()) -> frozenset[str]:
    """The plugins the campaign makes characters with: those it enables, its ruleset's own, its content
    folders (loaded into the manager already) and ``extra`` (content given on the command line)."""
    from lifepath.store.content import plugin_names

    rid = registry.ruleset(campaign.ruleset).id
    return frozenset({*campaign.enabled_plugins, registry.ruleset_plugin(rid), *plugin_names(campaign.content), *extra})


def campaign_registry(
    manager: Manager, campaign: CampaignRead, extra: Iterable[str] = ()
) -> tuple[Registry, tuple[str, ...]]:
    """The registry a campaign makes characters with (see the module's docstring; its content folders must
    be in ``manager`` already), and the plugins it holds, in order (worker processes restrict theirs to the
    same); built once per set."""
    names = tuple(sorted(in_use(manager.registry(), campaign, extra)))
    registry = manager.restricted(names, campaign.enabled_replacements).registry()
    registry.campaign = campaign.name  # for the hint when an installed plugin it does not enable is asked for
    return registry, names


def check_choice(registry: Registry, ruleset_id: str, names: Sequence[str]) -> list[str]:
    """``campaign new --content``'s names, checked: each must be an installed plugin adding to the ruleset;
    the ruleset's own plugin is added. An unknown name is an :class:`UnknownName` naming the known ones."""
    known = installed_for(registry, ruleset_id)
    for name in names:
        if name not in known:
            raise _unknown(name, known, ruleset_id)
    return sorted({*names, registry.ruleset_plugin(ruleset_id)})


def _unknown(name: str, known: Sequence[str], ruleset_id: str) -> LifepathError:
    import difflib

    if name.startswith(CONTENT_PREFIX) or "/" in name:
        return LifepathError(
            f"'{name}' is a content folder, which a campaign uses through `lifepath campaign add-content`",
            hint="add or remove the folder with `lifepath campaign add-content NAME PATH` / `remove-content`",
        )
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    listed = f"the plugins that do are: {', '.join(known) or 'none'} (`lifepath plugins` lists every installed plugin)"
    return UnknownName(
        f"there is no installed plugin called '{name}' that adds content to {ruleset_id}",
        hint=f"did you mean '{close[0]}'? {listed[:1].upper()}{listed[1:]}" if close else listed,
    )


@dataclass
class Row:
    """One line of ``lifepath campaign content``: a plugin or a replacement, and where it stands."""

    name: str
    kind: str  # "ruleset", "plugin", "content folder" or "replacement"
    installed: str | None  # the installed version ("" when it has none); None when not installed
    recorded: str | None  # the version the campaign's characters were made with, if any
    enabled: bool
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "installed": self.installed is not None,
            "version": self.installed,
            "made_with": self.recorded,
            "enabled": self.enabled,
            "note": self.note,
        }


def listing(registry: Registry, campaign: CampaignRead) -> list[Row]:
    """Every plugin the campaign could use, enables or its characters were made with, and every
    replacement offered for its ruleset, each with versions and whether it is enabled."""
    from lifepath.host.clashes import replacement_key
    from lifepath.store.content import plugin_names

    rid = registry.ruleset(campaign.ruleset).id
    own = registry.ruleset_plugin(rid)
    info = registry.manager.info
    recorded = {p["name"]: p.get("version", "") for p in campaign.plugins}
    folders = plugin_names(campaign.content)
    names = {*installed_for(registry, rid), *campaign.enabled_plugins, *recorded, *folders, own}
    rows = []
    for name in sorted(names, key=lambda n: (n != own, n.startswith(CONTENT_PREFIX), n)):
        here = info.get(name)
        version = here.version if here is not None and here.error is None else None
        if name == own:
            rows.append(Row(name, "ruleset", version, recorded.get(name), True, f"{rid}'s own; always used"))
        elif name.startswith(CONTENT_PREFIX):
            using = name in folders
            note = "a content folder of the campaign" if using else "a content folder the campaign no longer uses"
            rows.append(Row(name, "content folder", version if using else None, recorded.get(name), using, note))
        else:
            note = "" if version is not None or here is None else f"cannot be used: {here.error}"
            rows.append(Row(name, "plugin", version, recorded.get(name), name in campaign.enabled_plugins, note))
    for kind, offer, target, _used in registry.replacements(rid):
        key = replacement_key(offer)
        what = f"replaces the {kind} '{target.name}'" if target is not None else "replaces nothing it can"
        version = info[offer.plugin].version if offer.plugin in info else None
        rows.append(Row(key, "replacement", version, None, key in campaign.enabled_replacements, what))
    for key in campaign.enabled_replacements:
        if not any(r.name == key for r in rows):
            rows.append(Row(key, "replacement", None, None, True, "not offered by any installed plugin"))
    return rows


@dataclass
class Change:
    """What ``--enable`` and ``--disable`` make of a campaign's lists, and what to tell the referee."""

    plugins: list[str]
    replacements: list[str]
    said: list[str]


def change(registry: Registry, campaign: CampaignRead, enable: Sequence[str], disable: Sequence[str]) -> Change:
    """Apply ``enable`` and ``disable`` (plugin names, or ``plugin:id`` replacements) to the campaign's
    lists. Unknown names, content folders and the ruleset's own plugin are refused with the fix."""
    from lifepath.host.clashes import replacement_key

    rid = registry.ruleset(campaign.ruleset).id
    own = registry.ruleset_plugin(rid)
    plugins, replacements = set(campaign.enabled_plugins), set(campaign.enabled_replacements)
    installed = installed_for(registry, rid)
    offers = {replacement_key(o): (o, t) for _k, o, t, _u in registry.replacements(rid)}
    said: list[str] = []
    for name in disable:
        if name == own:
            raise LifepathError(
                f"'{name}' is the plugin of {rid}, the ruleset of campaign '{campaign.name}', so it cannot be "
                "disabled there",
                hint="a campaign always uses its ruleset's own plugin; disable the plugins that add to it instead",
            )
        if name in replacements:
            replacements.discard(name)
            said.append(f"disabled the replacement {name}")
        elif name in plugins:
            plugins.discard(name)
            gone = sorted(r for r in replacements if r.rpartition(":")[0] == name)
            replacements.difference_update(gone)
            said.append(f"disabled {name}" + (f" and its replacement(s) {', '.join(gone)}" if gone else ""))
        elif name in installed or name in offers:
            said.append(f"{name} was not enabled")
        else:
            raise _unknown(name, sorted({*installed, *plugins, *replacements}), rid)
    for name in enable:
        if name in offers:
            offer, target = offers[name]
            if target is None:
                raise LifepathError(
                    f"the replacement {name} names nothing {rid} has, so it cannot be used",
                    hint="see `lifepath plugins` for the replacements and what they replace",
                )
            if name not in replacements:
                replacements.add(name)
                said.append(f"enabled the replacement {name} (in place of '{target.name}')")
            if offer.plugin not in plugins and offer.plugin != own:
                plugins.add(offer.plugin)
                said.append(f"enabled {offer.plugin}, which offers it")
        elif name == own or name in plugins:
            said.append(f"{name} was already enabled")
        elif name in installed:
            plugins.add(name)
            said.append(f"enabled {name}")
        else:
            known = sorted({*installed, *offers})
            raise _unknown(name, known, rid)
    return Change(sorted(plugins), sorted(replacements), said)


__all__ = ["Change", "Row", "campaign_registry", "change", "check_choice", "in_use", "installed_for", "listing"]
