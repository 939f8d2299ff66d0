"""The store's methods on campaigns: listing, opening, creating and changing campaigns, their worlds,
content folders and enabled plugins, and the warning about plugins their characters need that are gone.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Sequence
from typing import Any

from sqlmodel import Session, col, select

from lifepath.errors import LifepathError, UnknownName
from lifepath.store import documents
from lifepath.store.models import CampaignCreate, CampaignRead, CampaignRow, CampaignUpdate, CharacterRow, utcnow
from lifepath.store.rows import campaign_read
from lifepath.store.transactions import StoreBase
from lifepath.store.values import check_name


class CampaignMethods(StoreBase):
    """The :class:`~lifepath.store.service.Store`'s methods on campaigns."""

    def campaigns(self, *, session: Session | None = None) -> list[CampaignRead]:
        """Every campaign, by name."""
        with self._session(session, write=False) as s:
            rows = s.exec(select(CampaignRow).order_by(col(CampaignRow.name))).all()
            return [campaign_read(r) for r in rows]

    def campaign(self, name: str, *, check_plugins: bool = True, session: Session | None = None) -> CampaignRead:
        """The campaign called ``name``; :class:`UnknownName` listing the campaigns when there is none.

        With ``check_plugins``, warns about each plugin the campaign's characters were made with that is
        no longer installed, naming the characters that needed it.
        """
        with self._session(session, write=False) as s:
            row = self._campaign_row(s, name)
            found = campaign_read(row)
            if check_plugins:
                self._check_plugins(s, found)
            return found

    def installed_plugins(self) -> set[str]:
        """Names of the plugins loaded now (loading the entry points does not build the registry)."""
        from lifepath.store.content import installed_names

        return installed_names(self._registry)

    def missing_plugins(self, campaign: CampaignRead, *, session: Session | None = None) -> dict[str, list[str]]:
        """Each plugin the campaign's characters were made with that is not installed now, with the
        characters (``"12 'Ann Smith'"``) that were made with it."""
        from lifepath.store.content import missing_plugin_names

        # the campaign's own content folders count as installed (a folder that is gone does not)
        missing = missing_plugin_names(campaign.plugins, campaign.content, self.installed_plugins())
        if not missing:
            return {}
        needed: dict[str, list[str]] = {name: [] for name in missing}
        with self._session(session, write=False) as s:
            query = select(CharacterRow.id, CharacterRow.name, CharacterRow.document).where(
                CharacterRow.campaign_id == campaign.id
            )
            for cid, cname, doc in s.exec(query.order_by(col(CharacterRow.id))).all():
                try:
                    used = {p.get("name") for p in json.loads(doc)["provenance"].get("plugins", [])}
                except (ValueError, KeyError, TypeError, AttributeError):
                    continue
                for name in missing:
                    if name in used:
                        needed[name].append(f"{cid} '{cname}'")
        return needed

    def check_plugins(self, campaign: CampaignRead, *, session: Session | None = None) -> None:
        """Warn about each plugin the campaign's characters were made with that is missing now (see
        :meth:`campaign`); call it after loading the campaign's content when opening it unchecked."""
        with self._session(session, write=False) as s:
            self._check_plugins(s, campaign)

    def _check_plugins(self, session: Session, campaign: CampaignRead) -> None:
        versions = {p["name"]: p.get("version", "") for p in campaign.plugins}
        for plugin, characters in self.missing_plugins(campaign, session=session).items():
            who = ", ".join(characters) if characters else "none of its characters now"
            version = f" {versions[plugin]}" if versions.get(plugin) else ""
            if plugin.startswith("content:"):
                fix = (
                    f"Add its folder to the campaign again with `lifepath campaign add-content "
                    f"{shlex.quote(campaign.name)} PATH` (or put a stored folder back where it was)"
                )
            else:
                fix = "Install the plugin again"
            self._warn(
                f"campaign '{campaign.name}' has characters made with the plugin '{plugin}'{version}, which is "
                f"not installed; characters that need it: {who}. {fix} to replay or re-create them (their stored "
                f"sheets are still shown)"
            )

    def new_campaign(self, data: CampaignCreate, *, session: Session | None = None) -> CampaignRead:
        """Add a campaign. Its name must be new; its house rules should already be checked against the
        ruleset's declaration (see :func:`lifepath.engine.houserules.set_value`)."""
        name = check_name(data.name, "campaign")
        with self._session(session, write=True) as s:
            if s.exec(select(CampaignRow.id).where(CampaignRow.name == name)).first() is not None:
                raise LifepathError(
                    f"there is already a campaign called '{name}' in {self.where}",
                    hint="choose another name, or `lifepath campaign show` the one there is",
                )
            now = utcnow()
            row = CampaignRow(
                name=name,
                ruleset=data.ruleset,
                house_rules=dict(data.house_rules),
                content=list(data.content),
                worlds=list(data.worlds),
                enabled_plugins=sorted(set(data.enabled_plugins)),
                enabled_replacements=sorted(set(data.enabled_replacements)),
                plugins=documents.plugin_union(data.plugins),
                archived=data.archived,
                created_at=data.created_at or now,
                archived_at=data.archived_at or (now if data.archived else None),
            )
            s.add(row)
            s.flush()
            return campaign_read(row)

    def update_campaign(self, name: str, update: CampaignUpdate, *, session: Session | None = None) -> CampaignRead:
        """Change a campaign's name, house rules or archived flag."""
        with self._session(session, write=True) as s:
            row = self._campaign_row(s, name, lock=True)
            if update.name is not None and update.name != row.name:
                new = check_name(update.name, "campaign")
                if s.exec(select(CampaignRow.id).where(CampaignRow.name == new)).first() is not None:
                    raise LifepathError(f"there is already a campaign called '{new}'", hint="choose another name")
                row.name = new
            if update.house_rules is not None:
                row.house_rules = dict(update.house_rules)
            if update.content is not None:
                row.content = list(update.content)
            if update.enabled_plugins is not None:
                row.enabled_plugins = sorted(set(update.enabled_plugins))
            if update.enabled_replacements is not None:
                row.enabled_replacements = sorted(set(update.enabled_replacements))
            if update.archived is not None and update.archived != row.archived:
                row.archived = update.archived
                row.archived_at = (update.archived_at or utcnow()) if update.archived else None
            s.add(row)
            s.flush()
            return campaign_read(row)

    def add_worlds(self, name: str, worlds: list[dict[str, Any]], *, session: Session | None = None) -> CampaignRead:
        """Add worlds (``{sector, hex, name, uwp, remarks}``, already checked by :mod:`lifepath.support.sector`) to
        the campaign, all of them or, when one's key (sector and hex) or its name in its sector is already
        there, none. Two sectors may share hex numbers and names."""
        from lifepath.support.sector import Seen, World

        with self._session(session, write=True) as s:
            row = self._campaign_row(s, name, lock=True)
            have = Seen(World.from_dict(w) for w in row.worlds or [])
            taken = [
                str(w["name"])
                for i, w in enumerate(worlds, start=len(have.keys))
                if have.clash(World.from_dict(w), i) is not None
            ]
            if taken:
                shown = ", ".join(taken[:20]) + (f" and {len(taken) - 20} more" if len(taken) > 20 else "")
                raise LifepathError(
                    f"campaign '{row.name}' already has the world(s) {shown} (the same hex or name in the same "
                    "sector), so no world was added",
                    hint="a file added before is not added again; a second subsector sharing its hex numbers needs "
                    "a sector label of its own (add-worlds --sector NAME), or rename or leave out those worlds",
                )
            row.worlds = [*(row.worlds or []), *worlds]
            s.add(row)
            s.flush()
            return campaign_read(row)

    def add_content(self, name: str, folder: str, *, session: Session | None = None) -> CampaignRead:
        """Add a content folder (an absolute path, already checked with
        :func:`lifepath.store.content.check_folder`) to the campaign's list; a folder already there is
        not added twice."""
        with self._session(session, write=True) as s:
            row = self._campaign_row(s, name, lock=True)
            if folder not in (row.content or []):
                row.content = [*(row.content or []), folder]
                s.add(row)
                s.flush()
            return campaign_read(row)

    def remove_content(self, name: str, folder: str, *, session: Session | None = None) -> tuple[CampaignRead, str]:
        """Take a content folder out of the campaign's list; return the campaign and the folder as it was
        stored. ``folder`` may be written differently from the stored path (relative, through a link);
        a folder the campaign does not use is an :class:`UnknownName` listing the ones it does."""
        from lifepath.store.content import folder_path, same_folder

        with self._session(session, write=True) as s:
            row = self._campaign_row(s, name, lock=True)
            stored = list(row.content or [])
            found = next((f for f in stored if same_folder(f, folder)), None)
            if found is None:
                used = ", ".join(stored) if stored else "none"
                show = f"lifepath campaign show {shlex.quote(row.name)}"
                raise UnknownName(
                    f"campaign '{row.name}' does not use the content folder {folder_path(folder)}",
                    hint=f"the content folders it uses are: {used} (see `{show}`)",
                )
            row.content = [f for f in stored if f != found]
            s.add(row)
            s.flush()
            return campaign_read(row), found

    def set_enabled(
        self, name: str, plugins: Sequence[str], replacements: Sequence[str], *, session: Session | None = None
    ) -> CampaignRead:
        """Replace the plugins and replacements the campaign's characters are made with (checked by
        ``lifepath campaign content``; see :mod:`lifepath.store.enabled`)."""
        update = CampaignUpdate(enabled_plugins=list(plugins), enabled_replacements=list(replacements))
        return self.update_campaign(name, update, session=session)

    def set_house_rules(self, name: str, rules: dict[str, Any], *, session: Session | None = None) -> CampaignRead:
        """Replace the house rules a campaign sets."""
        return self.update_campaign(name, CampaignUpdate(house_rules=rules), session=session)

    def archive(self, name: str, archived: bool = True, *, session: Session | None = None) -> CampaignRead:
        """Archive a campaign (no new characters), or bring it back with ``archived=False``."""
        return self.update_campaign(name, CampaignUpdate(archived=archived), session=session)


__all__ = ["CampaignMethods"]
