"""A campaign opened the one way every part of lifepath opens it: its registry and its house rules.

Making or reading a campaign's characters takes three steps, the same for ``create`` and ``generate``
(the CLI), the roster server and its site (``lifepath.web``) and ``import`` (``lifepath.store.exchange``):

1. **its content**: the campaign's data-only content folders go into a plugin manager before the registry
   is built (:func:`content_manager`);
2. **its plugins**: the registry holds only the plugins and replacements the campaign enables, so a plugin
   installed since adds no career, species or house rule until the referee enables it
   (:func:`enabled_registry`);
3. **its rules**: the house rules it stores are checked against its ruleset's declaration, an error naming
   the campaign and the fix, and resolved with the command line's (:func:`resolve_rules`).

:func:`prepare` does all three for a command that makes characters.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlmodel import Session

    from lifepath.host.manager import Manager
    from lifepath.host.registry import Registry
    from lifepath.ruleset import Ruleset
    from lifepath.store.models import CampaignRead
    from lifepath.store.service import Store

#: the ruleset of a command given neither a campaign nor ``--ruleset``
DEFAULT_RULESET = "nowhere-yet"


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


def content_manager(store: Store, campaign: CampaignRead, *, own: bool = False, present_only: bool = False) -> Manager:
    """The plugin manager with ``campaign``'s content folders loaded.

    A campaign without content folders uses the store's manager. Otherwise the process-wide one, unless
    ``own``: a server of many campaigns gives each one with content a manager of its own, so one campaign's
    folders never reach another's pages. ``present_only`` loads only the folders still on disk, as
    ``import`` and ``verify`` do; otherwise a folder gone is a :class:`~lifepath.errors.LifepathError`
    naming the fix.
    """
    from lifepath.host.manager import get_manager, new_manager
    from lifepath.store.content import load_campaign_content

    folders = [f for f in campaign.content if Path(f).is_dir()] if present_only else list(campaign.content)
    if not folders:
        return store.registry.manager
    manager = new_manager() if own else get_manager()
    load_campaign_content(manager, campaign.model_copy(update={"content": folders}))
    return manager


def enabled_registry(
    manager: Manager, campaign: CampaignRead, extra: Iterable[str] = ()
) -> tuple[Registry, tuple[str, ...]]:
    """The registry of only the plugins ``campaign`` makes characters with (those it enables, its ruleset's,
    its content folders' and ``extra``), and their names in order (workers restrict theirs to the same)."""
    from lifepath.store.enabled import campaign_registry as restricted

    return restricted(manager, campaign, extra)


def campaign_registry(
    store: Store, camp: CampaignRead, content: Sequence[str] = (), *, session: Session | None = None
) -> tuple[Registry, tuple[str, ...]]:
    """The registry a command makes a campaign's characters with, or reads and sets its house rules with:
    its content folders (and ``content``) loaded into the process-wide manager, its plugins checked (only
    once its content is loaded, so that only what is really missing is named; open the campaign with
    ``store.campaign(name, check_plugins=False)``), then only what it enables."""
    from lifepath.store.content import plugin_names

    manager = content_manager(store, camp)
    for folder in content:
        manager.add_content(folder)
    store.check_plugins(camp, session=session)
    with _content_required(manager, camp):
        return enabled_registry(manager, camp, plugin_names(content))


@contextmanager
def _content_required(manager: Manager, camp: CampaignRead) -> Iterator[None]:
    """While the registry is built, a table of one of ``camp``'s content folders that fails validation
    stops the command with the folder's fix (a campaign's characters are never made without its content);
    a folder that failed before, in this process, is refused the same way."""
    from lifepath.errors import LifepathError
    from lifepath.store.content import plugin_name, remove_hint

    def refusal(folder: str) -> Callable[[str], LifepathError]:
        def refuse(reason: str) -> LifepathError:
            return LifepathError(
                f"campaign '{camp.name}' uses the content folder {folder}, which cannot be used: {reason.rstrip('.')}",
                hint=f"fix the folder, or stop using it with `{remove_hint(camp.name, folder)}`",
            )

        return refuse

    names = {name: folder for folder in camp.content if (name := plugin_name(folder)) is not None}
    for name, folder in names.items():
        info = manager.info.get(name)
        if info is not None and info.error is not None:
            raise refusal(folder)(info.error)
    manager.required.update({name: refusal(folder) for name, folder in names.items()})
    try:
        yield
    finally:
        for name in names:
            manager.required.pop(name, None)


def check_stored_rules(declaration: dict[str, Any], campaign: str, ruleset_id: str, stored: dict[str, Any]) -> None:
    """Raise a :class:`~lifepath.errors.HouseRuleError` naming the campaign and the fix when a house rule
    it stores no longer validates (the ruleset's declaration changed since the rule was set)."""
    from lifepath.engine import houserules
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


def resolve_rules(
    registry: Registry, ruleset_id: str, camp: CampaignRead | None, rule: Sequence[str]
) -> dict[str, Any]:
    """The house rules in force: the ruleset's defaults, the campaign's (checked first), then ``--rule``."""
    from lifepath.engine import houserules

    declaration = registry.declaration(ruleset_id)
    stored = dict(camp.house_rules) if camp is not None else {}
    if camp is not None:
        check_stored_rules(declaration, camp.name, ruleset_id, stored)
    return houserules.resolve(declaration, stored, rule)


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
    from lifepath.errors import LifepathError
    from lifepath.host.manager import get_manager

    store = camp = None
    folders = tuple(content)
    plugins: tuple[str, ...] | None = None
    if campaign:
        from lifepath.store import open_store

        store = stack.enter_context(open_store(db))
        camp = store.campaign(campaign, check_plugins=False)
        store.ensure_open(camp)
        folders = (*camp.content, *folders)
        registry, plugins = campaign_registry(store, camp, content)
        if ruleset and registry.ruleset(ruleset).id != camp.ruleset:
            raise LifepathError(
                f"campaign '{campaign}' uses the ruleset {camp.ruleset}, not {ruleset}",
                hint="leave out --ruleset; a campaign's characters use its ruleset",
            )
        ruleset = camp.ruleset
    else:
        manager = get_manager()
        for folder in content:
            manager.add_content(folder)
        registry = manager.registry()
    rs = registry.ruleset(ruleset or DEFAULT_RULESET)
    rules = resolve_rules(registry, rs.id, camp, rule)
    replacements = tuple(camp.enabled_replacements) if camp is not None else ()
    return Setup(registry, rs, rules, store, camp, folders, plugins, replacements)


def world_options(ruleset: Any, stored: list[dict[str, Any]], options: dict[str, Any]) -> None:
    """Add to ``options`` what creation needs of the campaign's worlds, for a ruleset that has homeworlds
    (one declaring the option ``homeworld``) given none by profile: ``world_list``, the list's reference,
    and ``world``, the world's token, when ``--homeworld`` names one (or the campaign has one world). The
    list itself is not an option: it is offered in this process (:func:`lifepath.support.sector.offer`), so a
    character records only its own world (see ``lifepath_nowhere_yet.campaign_worlds``). A name the
    campaign does not have, or has in two sectors, is a :class:`~lifepath.errors.LifepathError`."""
    from lifepath.support.sector import find, offer, token

    if not stored or "homeworld" not in ruleset.creation_options or "worlds" in options:
        return
    if any(options.get(k) not in (None, "") for k in ("uwp", "trade_codes", "law_level")):
        return  # a homeworld given by its profile
    ref, worlds = offer(stored)
    if options.get("homeworld"):
        options.setdefault("world", token(find(worlds, str(options["homeworld"]))))
    elif len(worlds) == 1:
        options.setdefault("world", token(worlds[0]))
    options.setdefault("world_list", ref)
