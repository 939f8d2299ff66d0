"""Exporting characters and whole campaigns as JSON, and importing them back.

A character export is the stored document itself, byte for byte. A campaign export holds the campaign
(name, ruleset, house rules, content folders, plugins, dates) and every character with its roster data
beside its document; it follows ``campaign.schema.json``.

Importing validates the whole file first: JSON syntax, then the JSON Schema (errors name the file, the
line and the JSON pointer, and for a campaign file the character by index and name), then the
ruleset and house rules against what is installed. Only then does it write, in one transaction: a file
with one bad character writes nothing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lifepath import houserules
from lifepath.character import FORMAT as CHARACTER_FORMAT
from lifepath.character import SCHEMA_ID as CHARACTER_SCHEMA_ID
from lifepath.character import Character
from lifepath.errors import LifepathError, TableError
from lifepath.jsonpos import line_of
from lifepath.store import documents
from lifepath.store.models import CampaignCreate, CampaignRead, CampaignUpdate, build
from lifepath.tables import Table, parse_table

if TYPE_CHECKING:
    from sqlmodel import Session

    from lifepath.store.service import Store

CAMPAIGN_FORMAT = "lifepath.campaign/1"
CAMPAIGN_SCHEMA_ID = "https://lifepath.example/schemas/campaign.schema.json"

_EXPORT_HINT = "give a file written by `lifepath export` or `lifepath create --json`"


# -- export ----------------------------------------------------------------------------------------


def export_character(store: Store, character_id: int) -> str:
    """One character's export: its stored document, exactly as saved."""
    return store.document(character_id)


def campaign_document(store: Store, name: str) -> dict[str, Any]:
    """A campaign and all its characters as plain data (see ``campaign.schema.json``)."""
    with store.read_session() as session:
        camp = store.campaign(name, check_plugins=False, session=session)
        characters = []
        for row in store.characters(name, session=session):
            characters.append(
                {
                    "id": row.id,
                    "player": row.player,
                    "status": row.status,
                    "created_at": row.created_at.isoformat(),
                    "updated_at": row.updated_at.isoformat(),
                    "character": json.loads(store.document(row.id, session=session)),
                }
            )
    return {
        "$schema": CAMPAIGN_SCHEMA_ID,
        "format": CAMPAIGN_FORMAT,
        "campaign": {
            "name": camp.name,
            "ruleset": camp.ruleset,
            "house_rules": camp.house_rules,
            "content": camp.content,
            "plugins": camp.plugins,
            "archived": camp.archived,
            "created_at": camp.created_at.isoformat(),
            "archived_at": camp.archived_at.isoformat() if camp.archived_at else None,
        },
        "characters": characters,
    }


def export_campaign(store: Store, name: str) -> str:
    """A campaign export as text."""
    return documents.dumps(campaign_document(store, name))


# -- import ----------------------------------------------------------------------------------------


@dataclass
class Entry:
    """One character read from an import file, checked and ready to write."""

    index: int | None
    character: Character
    document: dict[str, Any]
    player: str | None = None
    status: str | None = None
    created_at: datetime | None = None
    updated_at: datetime | None = None

    def label(self) -> str:
        name = self.character.sheet.name
        return f"character {self.index} ('{name}')" if self.index is not None else f"the character '{name}'"


@dataclass
class ImportReport:
    """What an import wrote."""

    campaign: str
    created_campaign: bool
    ids: list[int] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


class ImportFile:
    """A parsed and schema-checked import file: a character export or a campaign export."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.data: dict[str, Any] = table.data
        self.kind = "campaign" if table.schema_id == CAMPAIGN_SCHEMA_ID else "character"

    @classmethod
    def read(cls, path: Path) -> ImportFile:
        """Read and validate ``path``; a :class:`TableError` names the file, line, pointer and character."""
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as e:
            raise LifepathError(f"cannot read {path} ({e.strerror})", hint="check the file name") from None
        except UnicodeDecodeError:
            raise LifepathError(f"{path} is not UTF-8 text", hint=_EXPORT_HINT) from None
        return cls.parse(str(path), text)

    @classmethod
    def parse(cls, source: str, text: str) -> ImportFile:
        """Parse and validate export text; ``source`` names it in errors."""
        from lifepath.validation import Validator

        table = parse_table(source, text)
        if not isinstance(table.data, dict) or table.schema_id not in (CHARACTER_SCHEMA_ID, CAMPAIGN_SCHEMA_ID):
            raise TableError(
                "this is not a character or campaign export (its \"$schema\" names neither)",
                file=source, line=1, pointer="/$schema", hint=_EXPORT_HINT,
            )
        found = cls(table)
        errors = Validator().errors(table)
        if errors:
            first = errors[0]
            first.message = found.about(first.pointer or "") + first.message
            if len(errors) > 1:
                more = f"{len(errors) - 1} more problem(s) in this file"
                first.hint = (first.hint + "; " if first.hint else "") + more
            raise first
        return found

    def about(self, pointer: str) -> str:
        """``character 3 ('Ann Smith'): `` when ``pointer`` is inside a campaign file's character."""
        parts = pointer.split("/")
        if self.kind != "campaign" or len(parts) < 3 or parts[1] != "characters" or not parts[2].isdigit():
            return ""
        index = int(parts[2])
        try:
            name = self.data["characters"][index]["character"]["sheet"]["name"]
        except (KeyError, IndexError, TypeError):
            return f"character {index}: "
        return f"character {index} ('{name}'): " if isinstance(name, str) else f"character {index}: "

    def error(self, message: str, pointer: str, hint: str | None = None) -> LifepathError:
        """An error about the part of the file at ``pointer``."""
        return LifepathError(
            self.about(pointer) + message, file=self.table.source, line=line_of(self.table.text, pointer),
            pointer=pointer, hint=hint,
        )

    def date(self, value: Any, pointer: str) -> datetime | None:
        """The ISO 8601 date at ``pointer`` (None stays None)."""
        if value is None:
            return None
        try:
            parsed = datetime.fromisoformat(str(value))
        except ValueError:
            raise self.error(f"'{value}' is not a date and time", pointer, "write it as ISO 8601") from None
        return parsed

    def entries(self) -> list[Entry]:
        """Every character in the file, with the roster data a campaign file keeps beside it."""
        if self.kind == "character":
            return [Entry(None, Character.from_dict(self.data), self.data)]
        out = []
        for i, item in enumerate(self.data["characters"]):
            doc = item["character"]
            out.append(
                Entry(
                    i, Character.from_dict(doc), doc, item.get("player"), item.get("status"),
                    self.date(item.get("created_at"), f"/characters/{i}/created_at"),
                    self.date(item.get("updated_at"), f"/characters/{i}/updated_at"),
                )
            )
        return out

    def pointer(self, entry: Entry, inner: str) -> str:
        return (f"/characters/{entry.index}/character" if entry.index is not None else "") + inner


def import_file(store: Store, path: Path, campaign: str | None = None) -> ImportReport:
    """Import a character export into ``campaign``, or a campaign export as a new campaign (called
    ``campaign`` when given, or adding its characters to ``campaign`` when that exists).

    Everything is checked before anything is written, and everything is written in one transaction.
    """
    return import_parsed(store, ImportFile.read(path), campaign)


def import_parsed(store: Store, found: ImportFile, campaign: str | None = None) -> ImportReport:
    """:func:`import_file` for an already parsed file."""
    registry = store.registry
    entries = found.entries()
    with store.write_session() as session:
        target, create = _target(store, session, found, campaign)
        ruleset = registry.ruleset(target.ruleset)
        try:
            in_force = houserules.resolve(registry.declaration(ruleset.id), target.house_rules)
        except LifepathError as e:
            pointer = "/campaign/house_rules" if create else ""
            raise found.error(
                f"campaign '{target.name}' has house rules {ruleset.id} does not allow: {e.message}",
                pointer, e.hint,
            ) from None
        report = ImportReport(target.name, create is not None)
        if create is not None:
            report.warnings.extend(_check_content(target))
        for entry in entries:
            report.warnings.extend(_check_entry(found, entry, target, ruleset.id, ruleset.version, in_force))
        if create is not None:
            store.new_campaign(create, session=session)
        for entry in entries:
            cid = store.add_character(
                target.name, entry.character, entry.player, status=entry.status,
                document=documents.compact(entry.document), created_at=entry.created_at,
                updated_at=entry.updated_at, session=session,
            )
            report.ids.append(cid)
        info = found.data.get("campaign", {}) if create is not None else {}
        if info.get("archived"):
            archived_at = found.date(info.get("archived_at"), "/campaign/archived_at")
            store.update_campaign(
                target.name, CampaignUpdate(archived=True, archived_at=archived_at), session=session
            )
    return report


def _target(
    store: Store, session: Session, found: ImportFile, campaign: str | None
) -> tuple[CampaignRead, CampaignCreate | None]:
    """The campaign to import into, and the campaign to create first (None when it exists)."""
    if found.kind == "character":
        if campaign is None:
            raise LifepathError(
                "a character export goes into a campaign, and none was named",
                file=found.table.source, hint="add --campaign NAME",
            )
        return store.campaign(campaign, check_plugins=False, session=session), None
    info = found.data["campaign"]
    name = campaign or info["name"]
    existing = {c.name for c in store.campaigns(session=session)}
    if name in existing:
        if campaign is None:
            raise LifepathError(
                f"there is already a campaign called '{name}' in {store.where}",
                file=found.table.source,
                hint="import it under another name with --campaign NEW_NAME, or name an existing campaign of the "
                "same ruleset with --campaign to add these characters to it",
            )
        target = store.campaign(name, check_plugins=False, session=session)
        if target.ruleset != info["ruleset"]:
            raise found.error(
                f"this campaign uses the ruleset {info['ruleset']}, but campaign '{name}' uses {target.ruleset}",
                "/campaign/ruleset", "import it as a new campaign under another name with --campaign NEW_NAME",
            )
        return target, None
    from lifepath.store.content import folder_path

    ruleset = store.registry.ruleset(info["ruleset"])
    create = build(
        CampaignCreate,
        "campaign",
        name=name,
        ruleset=ruleset.id,
        house_rules=dict(info.get("house_rules", {})),
        content=list(dict.fromkeys(folder_path(f) for f in info.get("content", []))),
        plugins=list(info.get("plugins", [])),
        archived=False,
        created_at=found.date(info.get("created_at"), "/campaign/created_at"),
    )
    read = CampaignRead(
        id=0, name=name, ruleset=ruleset.id, house_rules=create.house_rules, content=create.content,
        plugins=create.plugins,
        archived=False, created_at=create.created_at or datetime.now().astimezone(),
    )
    return read, create


def _check_content(campaign: CampaignRead) -> list[str]:
    """A warning for each content folder of an imported campaign that is not on this computer (it is kept:
    ``create --campaign`` names it, with the fix, when it is needed)."""
    from lifepath.store.content import remove_hint

    return [
        f"campaign '{campaign.name}' uses the content folder {folder}, which is not here; copy the folder "
        f"there, or stop using it with `{remove_hint(campaign.name, folder)}`"
        for folder in campaign.content
        if not Path(folder).is_dir()
    ]


def _check_entry(
    found: ImportFile, entry: Entry, target: CampaignRead, ruleset_id: str, version: str, in_force: dict[str, Any]
) -> list[str]:
    """Errors (raised) and warnings (returned) about one character against the target campaign."""
    made = entry.character.provenance.get("ruleset", {})
    if made.get("id") != ruleset_id:
        raise found.error(
            f"it was made under the ruleset {made.get('id')}, but campaign '{target.name}' uses {ruleset_id}",
            found.pointer(entry, "/provenance/ruleset/id"),
            "import it into a campaign of its own ruleset",
        )
    documents.check_seed(entry.character.provenance.get("seed"), entry.label())
    warnings = []
    differences = documents.rule_differences(entry.character.provenance.get("house_rules", {}), in_force)
    if differences:
        warnings.append(
            f"{entry.label()} was made under other house rules than campaign '{target.name}' has: "
            + "; ".join(differences)
        )
    if made.get("version") != version:
        warnings.append(
            f"{entry.label()} was made with {ruleset_id} {made.get('version')}, and {version} is installed; "
            "`lifepath verify` may find it no longer replays"
        )
    return warnings


__all__ = [
    "CAMPAIGN_FORMAT",
    "CAMPAIGN_SCHEMA_ID",
    "CHARACTER_FORMAT",
    "ImportFile",
    "ImportReport",
    "campaign_document",
    "export_campaign",
    "export_character",
    "import_file",
    "import_parsed",
]
