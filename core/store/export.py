"""Exporting: one character (its stored document, byte for byte) or a whole campaign in format 2
(JSON Lines: a header, then one compact line per character), streamed out of the database.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import IO, TYPE_CHECKING, Any

from lifepath.store import documents
from lifepath.store.file_format import CAMPAIGN_FORMAT, CAMPAIGN_LINES_SCHEMA_ID

if TYPE_CHECKING:
    from lifepath.store.models import CampaignRead
    from lifepath.store.service import Store

#: character rows read from the database at a time while exporting
READ_BATCH = 100


def _campaign_info(camp: CampaignRead) -> dict[str, Any]:
    info: dict[str, Any] = {
        "name": camp.name,
        "ruleset": camp.ruleset,
        "house_rules": camp.house_rules,
        "content": camp.content,
        "enabled_plugins": camp.enabled_plugins,
        "enabled_replacements": camp.enabled_replacements,
    }
    if camp.worlds:  # written only when there are some, so exports of campaigns without any are unchanged
        info["worlds"] = camp.worlds
    return {
        **info,
        "plugins": camp.plugins,
        "archived": camp.archived,
        "created_at": camp.created_at.isoformat(),
        "archived_at": camp.archived_at.isoformat() if camp.archived_at else None,
    }


def export_character(store: Store, character_id: int) -> str:
    """One character's export: its stored document, exactly as saved."""
    return store.document(character_id)


def campaign_lines(store: Store, name: str) -> Iterator[str]:
    """A campaign export (format 2), line by line: the header, then each character in id order.

    Rows are read from the database in batches and each line is built from the stored compact document
    without parsing it, so memory stays flat whatever the campaign's size."""
    from sqlalchemy import func, select

    from lifepath.store.models import CharacterRow

    with store.read_session() as session:
        camp = store.campaign(name, check_plugins=False, session=session)
        count = session.execute(
            select(func.count()).select_from(CharacterRow).where(CharacterRow.campaign_id == camp.id)  # type: ignore[arg-type]
        ).scalar_one()
        header = {
            "$schema": CAMPAIGN_LINES_SCHEMA_ID,
            "format": CAMPAIGN_FORMAT,
            "campaign": _campaign_info(camp),
            "characters": int(count),
        }
        yield documents.compact(header) + "\n"
        table = CharacterRow.__table__  # type: ignore[attr-defined]
        c = table.c
        query = (
            select(c.id, c.player, c.status, c.created_at, c.updated_at, c.notes, c.document)
            .where(c.campaign_id == camp.id)
            .order_by(c.id)
            .execution_options(yield_per=READ_BATCH)
        )
        for cid, player, status, created, updated, notes, stored in session.execute(query):
            fields: dict[str, Any] = {
                "id": cid,
                "player": player,
                "status": status,
                "created_at": created.isoformat(),
                "updated_at": updated.isoformat(),
            }
            if notes:  # only when there are some, as for the header's worlds
                fields["notes"] = notes
            roster = documents.compact(fields)
            if "\n" in stored:  # stored indented by an older version
                stored = documents.compact(json.loads(stored))
            yield f'{roster[:-1]},"character":{stored}}}\n'


def write_campaign(store: Store, name: str, out: IO[str]) -> int:
    """Write a campaign export to ``out``; return how many characters it holds."""
    lines = campaign_lines(store, name)
    header = next(lines)
    out.write(header)
    for line in lines:
        out.write(line)
    return int(json.loads(header)["characters"])


def export_campaign(store: Store, name: str) -> str:
    """A campaign export as one text (for small campaigns and tests; the CLI streams)."""
    return "".join(campaign_lines(store, name))


__all__ = ["READ_BATCH", "campaign_lines", "export_campaign", "export_character", "write_campaign"]
