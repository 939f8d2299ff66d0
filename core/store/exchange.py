"""Exporting characters and whole campaigns, and importing them back.

A character export is the stored document itself, byte for byte (indented JSON).

A campaign export (format 2, ``campaign-lines.schema.json``) is JSON Lines: a header line with the
campaign (name, ruleset, house rules, content folders, sector-file worlds when it has any, plugins, dates)
and how many characters follow, then one compact line per character, its roster data (and the referee's
notes, when it has any) beside its document (``campaign.schema.json#/$defs/entry``). A campaign created by
an import gets the header's worlds, checked as ``campaign add-worlds`` checks a sector file's.
Export streams rows out of the database and import reads one line at a time, so both run in constant
memory whatever the campaign's size. Format 1 (one indented
JSON document, ``campaign.schema.json``) is still imported, read whole, up to :data:`MAX_DOCUMENT_BYTES`.

Importing is all or nothing, in one transaction. Before the commit every character is:

* checked against the schema (errors name the file, the line, the JSON pointer and the character);
* refused if any string holds a NUL character (PostgreSQL cannot store one), naming the field;
* replayed from its seed and recorded decisions (:func:`lifepath.replay.verify`): a character whose
  sheet or history is not what they make is refused with the difference ``verify`` prints, unless the
  import accepts edited characters, which are then stored marked ``edited``;
* checked against the campaign: its ruleset, its house-rule values, and whether the campaign already
  holds the same document (the SHA-256 in ``document_sha256``; refused unless duplicates are allowed).

A character whose document round-trips exactly and replays identically is the engine's own output, so
only its provenance is checked against the schema (the rest was just re-made); anything else gets the
full schema check first. That keeps the replay and the check within the import's time budget.

The parts: :mod:`~lifepath.store.file_format` (format names, schema ids, limits),
:mod:`~lifepath.store.export` (writing exports), :mod:`~lifepath.store.import_reader` (reading an
import file), :mod:`~lifepath.store.import_checker` (checking each character),
:mod:`~lifepath.store.import_target` (the campaign imported into) and :mod:`~lifepath.store.checking`
(checking in worker processes); this module runs the import's one transaction and its duplicate check.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lifepath.character import FORMAT as CHARACTER_FORMAT
from lifepath.engine import houserules
from lifepath.errors import LifepathError
from lifepath.store.export import campaign_lines, export_campaign, export_character, write_campaign
from lifepath.store.file_format import (
    CAMPAIGN_FORMAT,
    CAMPAIGN_LINES_SCHEMA_ID,
    CAMPAIGN_SCHEMA_ID,
    LEGACY_CAMPAIGN_FORMAT,
    MAX_DOCUMENT_BYTES,
    MAX_FILE_BYTES,
    MAX_LINE_BYTES,
)
from lifepath.store.import_checker import Checker, Prepared, Said, said_once
from lifepath.store.import_reader import Entry, ImportFile
from lifepath.store.import_target import check_worlds, content_warnings, find_target, lock_name

if TYPE_CHECKING:
    from sqlmodel import Session

    from lifepath.host.registry import Registry
    from lifepath.store.checking import Checked, Ready
    from lifepath.store.models import CampaignRead
    from lifepath.store.service import Store

#: characters written to the database per INSERT (each holds its 20 KB document until then)
CHUNK = 100


@dataclass
class ImportReport:
    """What an import wrote."""

    campaign: str
    created_campaign: bool
    ids: list[int] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    #: ids of the characters stored marked edited (``--accept-edited``)
    edited: list[int] = field(default_factory=list)


def import_file(
    store: Store,
    path: Path,
    campaign: str | None = None,
    *,
    accept_edited: bool = False,
    allow_duplicate: bool = False,
    workers: int | None = 1,
) -> ImportReport:
    """Import a character export into ``campaign``, or a campaign export as a new campaign (called
    ``campaign`` when given, or adding its characters to ``campaign`` when that exists).

    Everything is checked before the commit, and everything is written in one transaction. With
    ``workers > 1`` a campaign export's characters are checked in that many processes, and with ``None``
    in :data:`~lifepath.store.checking.DEFAULT_WORKERS` when the file is large enough to pay for them
    (:mod:`lifepath.store.checking`); the result, the warnings and the first error are the same.
    """
    return import_parsed(
        store,
        ImportFile.read(path),
        campaign,
        accept_edited=accept_edited,
        allow_duplicate=allow_duplicate,
        workers=workers,
    )


def import_parsed(
    store: Store,
    found: ImportFile,
    campaign: str | None = None,
    *,
    accept_edited: bool = False,
    allow_duplicate: bool = False,
    workers: int | None = 1,
) -> ImportReport:
    """:func:`import_file` for an already opened file.

    The duplicate check is atomic: the transaction first takes the target campaign's lock
    (:func:`lifepath.store.engine.lock_campaign_name`: an advisory lock on its name on PostgreSQL, which
    works for a campaign this import creates; ``BEGIN IMMEDIATE`` on SQLite), so two imports of one file
    run one after the other and the second finds the first one's characters."""
    from lifepath.store.engine import lock_campaign_name

    with store.write_session() as session:
        lock_campaign_name(session, store.url, lock_name(found, campaign))
        target, create = find_target(store, session, found, campaign)
        plain = store.registry  # built before any content folder is loaded into the process's manager
        registry = _replay_registry(store, target)
        ruleset = registry.ruleset(target.ruleset)
        try:
            in_force = houserules.resolve(registry.declaration(ruleset.id), target.house_rules)
        except LifepathError as e:
            pointer = "/campaign/house_rules" if create else ""
            raise found.error(
                f"campaign '{target.name}' has house rules {ruleset.id} does not allow: {e.message}",
                pointer,
                e.hint,
            ) from None
        report = ImportReport(target.name, create is not None)
        if create is not None:
            report.warnings.extend(content_warnings(target))
            target = store.new_campaign(create, session=session)
        checker = Checker(found, registry, target, in_force, accept_edited=accept_edited, plain=plain)
        seen = store.document_hashes(target.name, session=session)
        duplicates: list[str] = []
        batch: list[Ready] = []
        for prepared in _checked(found, checker, target, in_force, accept_edited, workers):
            sha = prepared.row.document_sha256
            if sha in seen:
                duplicates.append(f"{prepared.label}{seen[sha]}")
            else:
                seen[str(sha)] = " (also earlier in this file)"
            batch.append(prepared)
            if len(batch) >= CHUNK:
                _write(store, session, target.name, batch, report)
                batch = []
        if duplicates and not allow_duplicate:
            shown = "; ".join(duplicates[:10]) + (f"; and {len(duplicates) - 10} more" if len(duplicates) > 10 else "")
            raise LifepathError(
                f"campaign '{target.name}' already holds {len(duplicates)} of these character(s), the very same "
                f"document: {shown}",
                file=found.source,
                hint="nothing was imported; this file (or part of it) was imported before. Add --allow-duplicate to "
                "import a second copy anyway",
            )
        _write(store, session, target.name, batch, report)
        report.warnings.extend(said_once(checker.warnings))
        info = (found.campaign_info or {}) if create is not None else {}
        if info.get("archived"):
            from lifepath.store.models import CampaignUpdate

            archived_at = found.date(info.get("archived_at"), "/campaign/archived_at")
            store.update_campaign(target.name, CampaignUpdate(archived=True, archived_at=archived_at), session=session)
    return report


def _checked(
    found: ImportFile,
    checker: Checker,
    target: CampaignRead,
    in_force: dict[str, Any],
    accept_edited: bool,
    workers: int | None,
) -> Iterator[Ready]:
    """Every character of ``found`` checked, in file order: here, or by worker processes
    (:func:`lifepath.store.checking.parallel` says when)."""
    from lifepath.store import checking
    from lifepath.store.checking import Ready
    from lifepath.store.models import CharacterCreate, build

    made: Iterator[Checked]
    if checking.parallel(found, workers):
        spec = checking.spec_of(found, target, in_force, accept_edited)
        made = checking.checked(spec, found, workers or checking.DEFAULT_WORKERS, checker.warnings)
    else:
        made = (checking.Checked(e.label(), p.values, p.plugins, p.edited) for e, p in _prepared(found, checker))
    for item in made:
        yield Ready(item.label, build(CharacterCreate, "character", **item.values), item.plugins, item.edited)


def _prepared(found: ImportFile, checker: Checker) -> Iterator[tuple[Entry, Prepared]]:
    for entry in found.entries():
        yield entry, checker.prepare(entry)


def _write(store: Store, session: Session, campaign: str, batch: list[Ready], report: ImportReport) -> None:
    if not batch:
        return
    ids = store.insert_rows(campaign, [(p.row, p.plugins) for p in batch], session=session)
    report.ids.extend(ids)
    report.edited.extend(i for i, p in zip(ids, batch, strict=True) if p.edited)


def _replay_registry(store: Store, target: CampaignRead) -> Registry:
    """The registry to replay the campaign's characters with: the store's, plus the campaign's content
    folders that are here (as ``verify`` does)."""
    from lifepath.campaigns import content_manager

    return content_manager(store, target, present_only=True).registry()


#: the header's worlds check under the name it had here (tests call ``exchange._check_worlds``)
_check_worlds = check_worlds

__all__ = [
    "CAMPAIGN_FORMAT",
    "CAMPAIGN_LINES_SCHEMA_ID",
    "CAMPAIGN_SCHEMA_ID",
    "CHARACTER_FORMAT",
    "CHUNK",
    "LEGACY_CAMPAIGN_FORMAT",
    "MAX_DOCUMENT_BYTES",
    "MAX_FILE_BYTES",
    "MAX_LINE_BYTES",
    "Checker",
    "Entry",
    "ImportFile",
    "ImportReport",
    "Prepared",
    "Said",
    "campaign_lines",
    "export_campaign",
    "export_character",
    "import_file",
    "import_parsed",
    "said_once",
    "write_campaign",
]
