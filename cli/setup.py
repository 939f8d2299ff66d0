"""What `create` and `generate` both do before making characters: open the campaign (if any), load
content folders before the registry is built, pick the ruleset and resolve the house rules."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlmodel import Session

    from lifepath.registry import Registry
    from lifepath.ruleset import Ruleset
    from lifepath.store.models import CampaignRead
    from lifepath.store.service import Store


@dataclass
class Setup:
    """The registry, ruleset and rules a command makes characters with, and the campaign it saves to."""

    registry: Registry
    ruleset: Ruleset
    rules: dict[str, Any]
    store: Store | None
    campaign: CampaignRead | None
    #: the content folders in use: the campaign's, then --content (workers load them again)
    folders: tuple[str, ...]
    #: in a campaign, the plugins and replacements it enables (workers restrict their registry the same)
    plugins: tuple[str, ...] | None = None
    replacements: tuple[str, ...] = ()


def new_seed() -> int:
    """A fresh seed for a character or batch the user gave none for (it is recorded, so it replays)."""
    import secrets

    return secrets.randbelow(2**31)


def cap_workers(workers: int, *, quiet: bool = False) -> int:
    """``--workers``, at most the CPUs this process may use; more only queue for the same CPUs, so the
    number is lowered with a warning on stderr (the output is the same for any number of workers).
    ``quiet`` lowers it without the warning (for a default that is more than a one-CPU machine has)."""
    import os
    import sys

    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    if workers > usable and quiet:
        return usable
    if workers > usable:
        print(f"warning: --workers {workers} is more than the {usable} CPU(s) here; using {usable}", file=sys.stderr)
        return usable
    return workers


def prepare(
    stack: ExitStack,
    *,
    ruleset: str | None,
    rule: Sequence[str],
    campaign: str | None,
    db: str | None,
    content: Sequence[str],
) -> Setup:
    """Open what a character-making command needs; the store (if any) is closed by ``stack``.

    With a campaign, its content folders go into the plugin manager before the registry is built, the
    registry holds only the plugins and replacements the campaign enables, its ruleset is used (a
    different ``--ruleset`` is an error), and its stored house rules are checked again, an error naming
    the campaign and the fix.
    """
    from lifepath import houserules
    from lifepath.errors import LifepathError
    from lifepath.manager import get_manager

    store = camp = None
    stored: dict[str, Any] = {}
    folders = tuple(content)
    plugins: tuple[str, ...] | None = None
    if campaign:
        from lifepath.store import open_store

        store = stack.enter_context(open_store(db))
        camp = store.campaign(campaign, check_plugins=False)
        store.ensure_open(camp)
        folders = (*camp.content, *folders)
        registry, plugins = campaign_registry(store, camp, content)
    else:
        manager = get_manager()
        for folder in content:
            manager.add_content(folder)
        registry = manager.registry()
    if store is not None and camp is not None:
        if ruleset and registry.ruleset(ruleset).id != camp.ruleset:
            raise LifepathError(
                f"campaign '{campaign}' uses the ruleset {camp.ruleset}, not {ruleset}",
                hint="leave out --ruleset; a campaign's characters use its ruleset",
            )
        ruleset = camp.ruleset
        stored = dict(camp.house_rules)
    rs = registry.ruleset(ruleset or "nowhere-yet")
    declaration = registry.declaration(rs.id)
    if camp is not None:
        _check_stored_rules(declaration, camp.name, rs.id, stored)
    rules = houserules.resolve(declaration, stored, rule)
    replacements = tuple(camp.enabled_replacements) if camp is not None else ()
    return Setup(registry, rs, rules, store, camp, folders, plugins, replacements)


def campaign_registry(
    store: Store, camp: CampaignRead, content: Sequence[str] = (), *, session: Session | None = None
) -> tuple[Registry, tuple[str, ...]]:
    """The registry a campaign's characters are made with, and the plugins it holds: the campaign's content
    folders (and ``content``) loaded, then only the plugins and replacements the campaign enables, so a
    plugin installed since is not offered (its careers, species or house rules) until it is enabled. Every
    command that makes characters under a campaign or reads and sets its house rules uses this registry; the
    campaign is opened without its plugin check (``store.campaign(name, check_plugins=False)``), which is
    made here once its content is loaded, so that only what is really missing is named."""
    from lifepath.manager import get_manager
    from lifepath.store import enabled
    from lifepath.store.content import load_campaign_content, plugin_names

    manager = get_manager()
    load_campaign_content(manager, camp)
    for folder in content:
        manager.add_content(folder)
    store.check_plugins(camp, session=session)  # with its content loaded, only what is really missing is named
    return enabled.campaign_registry(manager, camp, plugin_names(content))


def _check_stored_rules(declaration: dict[str, Any], campaign: str, ruleset_id: str, stored: dict[str, Any]) -> None:
    """Raise a :class:`~lifepath.errors.HouseRuleError` naming the campaign and the fix when a house rule
    it stores no longer validates (the ruleset's declaration changed since the rule was set)."""
    from lifepath import houserules
    from lifepath.errors import HouseRuleError

    try:
        houserules.resolve(declaration, stored)
    except HouseRuleError as e:
        name = shlex.quote(campaign)
        raise HouseRuleError(
            f"campaign '{campaign}' stores a house rule {ruleset_id} no longer allows: {e.message}",
            hint=(e.hint + "; " if e.hint else "")
            + f"see them with `lifepath campaign rules {name}` and fix it with `lifepath campaign set-rule {name} "
            f"RULE VALUE` or `lifepath campaign unset-rule {name} RULE`",
        ) from None
