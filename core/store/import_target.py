"""The campaign an import goes into: the one named, or a new one made from a campaign file's header (its
house rules, content folders, enabled plugins and worlds, checked as ``campaign add-worlds`` checks a
sector file's), with a warning for each of its content folders that is not on this computer.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lifepath.errors import LifepathError

if TYPE_CHECKING:
    from sqlmodel import Session

    from lifepath.store.import_reader import ImportFile
    from lifepath.store.models import CampaignCreate, CampaignRead
    from lifepath.store.service import Store


def lock_name(found: ImportFile, campaign: str | None) -> str:
    """The name of the campaign an import writes to (``--campaign``, else the campaign file's own; blank for
    a character export without one, which :func:`find_target` refuses)."""
    if campaign is not None:
        return campaign
    name = (found.campaign_info or {}).get("name")
    return name if isinstance(name, str) else ""


def find_target(
    store: Store, session: Session, found: ImportFile, campaign: str | None
) -> tuple[CampaignRead, CampaignCreate | None]:
    """The campaign to import into, and the campaign to create first (None when it exists)."""
    info = found.campaign_info
    if info is None:
        if campaign is None:
            raise LifepathError(
                "a character export goes into a campaign, and none was named",
                file=found.source,
                hint="add --campaign NAME",
            )
        return store.campaign(campaign, check_plugins=False, session=session), None
    name = campaign or info["name"]
    existing = {c.name for c in store.campaigns(session=session)}
    if name in existing:
        if campaign is None:
            raise LifepathError(
                f"there is already a campaign called '{name}' in {store.where}",
                file=found.source,
                hint="import it under another name with --campaign NEW_NAME, or name an existing campaign of the "
                "same ruleset with --campaign to add these characters to it",
            )
        target = store.campaign(name, check_plugins=False, session=session)
        if target.ruleset != info["ruleset"]:
            raise found.error(
                f"this campaign uses the ruleset {info['ruleset']}, but campaign '{name}' uses {target.ruleset}",
                "/campaign/ruleset",
                "import it as a new campaign under another name with --campaign NEW_NAME",
            )
        return target, None
    from lifepath.store.content import folder_path
    from lifepath.store.models import CampaignCreate, CampaignRead, build

    ruleset = store.registry.ruleset(info["ruleset"])
    create = build(
        CampaignCreate,
        "campaign",
        name=name,
        ruleset=ruleset.id,
        house_rules=dict(info.get("house_rules", {})),
        content=list(dict.fromkeys(folder_path(f) for f in info.get("content", []))),
        worlds=check_worlds(found, info.get("worlds", [])),
        plugins=list(info.get("plugins", [])),
        **_enabled(info),
        archived=False,
        created_at=found.date(info.get("created_at"), "/campaign/created_at"),
    )
    read = CampaignRead(
        id=0,
        name=name,
        ruleset=ruleset.id,
        house_rules=create.house_rules,
        content=create.content,
        worlds=create.worlds,
        plugins=create.plugins,
        enabled_plugins=create.enabled_plugins,
        enabled_replacements=create.enabled_replacements,
        archived=False,
        created_at=create.created_at or datetime.now().astimezone(),
    )
    return read, create


def _enabled(info: dict[str, Any]) -> dict[str, list[str]]:
    """The header's enabled plugins and replacements; an export older than them enables the plugins its
    characters were made with, as the store's revision 0007 does for a campaign it upgrades."""
    if "enabled_plugins" in info:
        return {
            "enabled_plugins": list(info["enabled_plugins"]),
            "enabled_replacements": list(info.get("enabled_replacements", [])),
        }
    names = {p.get("name") for p in info.get("plugins", []) if isinstance(p, dict)}
    return {
        "enabled_plugins": sorted(n for n in names if isinstance(n, str) and not n.startswith("content:")),
        "enabled_replacements": [],
    }


def check_worlds(found: ImportFile, worlds: Any) -> list[dict[str, Any]]:
    """The header's worlds, checked as ``campaign add-worlds`` checks a sector file's (a hex of four digits,
    a name of at most 60 characters, a UWP, remarks of at most 200, no control character in any field; no
    sector and hex twice, no name twice in a sector: :mod:`lifepath.support.sector`), as ``{sector, hex, name, uwp,
    remarks}`` each. Two sectors may share hex numbers and names."""
    from lifepath.support.sector import Seen, World, world_problems

    hint = (
        "fix the world in the file (a UWP is like A788899-C), or remove it and add it with `campaign add-worlds`; "
        'two worlds may share a hex or a name only in different sectors (their "sector")'
    )
    out: list[dict[str, Any]] = []
    seen = Seen()
    for i, item in enumerate(worlds if isinstance(worlds, list) else []):
        where = f"/campaign/worlds/{i}"
        world = World.from_dict(item)
        for field_name, problem in world_problems(world)[:1]:
            raise found.error(problem, f"{where}/{field_name}", hint)
        clash = seen.clash(world, i)
        if clash is not None and clash[0] == "hex":
            raise found.error(f"hex {world.hex} is also world {clash[1]}'s", f"{where}/hex", hint)
        if clash is not None:
            raise found.error(f"the name '{world.name}' is also world {clash[1]}'s", f"{where}/name", hint)
        out.append(world.to_dict())
    return out


def content_warnings(campaign: CampaignRead) -> list[str]:
    """A warning for each content folder of an imported campaign that is not on this computer (it is kept:
    ``create --campaign`` names it, with the fix, when it is needed)."""
    from lifepath.store.content import remove_hint

    return [
        f"campaign '{campaign.name}' uses the content folder {folder}, which is not here; copy the folder "
        f"there, or stop using it with `{remove_hint(campaign.name, folder)}`"
        for folder in campaign.content
        if not Path(folder).is_dir()
    ]


__all__ = ["check_worlds", "content_warnings", "find_target", "lock_name"]
