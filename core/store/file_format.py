"""The export files: the campaign formats' names and schema ids, the size limits an import holds them
to, the schemas a campaign entry and a provenance are checked against, and the hints import errors give.
"""

from __future__ import annotations

from lifepath.character import SCHEMA_ID as CHARACTER_SCHEMA_ID

#: the campaign export lifepath writes: JSON Lines, a header then one line per character
CAMPAIGN_FORMAT = "lifepath.campaign/2"
CAMPAIGN_LINES_SCHEMA_ID = "https://lifepath.example/schemas/campaign-lines.schema.json"
#: the older campaign export: one indented JSON document (still imported)
LEGACY_CAMPAIGN_FORMAT = "lifepath.campaign/1"
CAMPAIGN_SCHEMA_ID = "https://lifepath.example/schemas/campaign.schema.json"

#: the largest file read whole: a character export, or a campaign export in format 1
MAX_DOCUMENT_BYTES = 32 * 1024 * 1024
#: the longest character line of a format 2 campaign export (a typical character is 7 to 40 KB)
MAX_LINE_BYTES = 1024 * 1024
#: the largest format 2 campaign export (about 50,000 characters of the biggest ruleset)
MAX_FILE_BYTES = 2 * 1024 * 1024 * 1024

#: a character brief (`generate --format jsonl`): not an export, refused with a hint
BRIEF_SCHEMA_ID = "https://lifepath.example/schemas/character-brief.schema.json"
#: the hints for a file that is not an export, and for one nested deeper than lifepath writes
EXPORT_HINT = "give a file written by `lifepath export` or `lifepath create --json`"
NESTING_HINT = "this is not a file lifepath wrote, or it was damaged; " + EXPORT_HINT[0].lower() + EXPORT_HINT[1:]
#: the wrapper schemas an import checks a campaign entry and a provenance against (:data:`WRAPPERS`)
ENTRY_ID = "urn:lifepath:campaign-entry"
PROVENANCE_ID = "urn:lifepath:provenance"
_DRAFT = "https://json-schema.org/draft/2020-12/schema"
WRAPPERS = (
    {"$schema": _DRAFT, "$id": ENTRY_ID, "$ref": f"{CAMPAIGN_SCHEMA_ID}#/$defs/entry"},
    {"$schema": _DRAFT, "$id": PROVENANCE_ID, "$ref": f"{CHARACTER_SCHEMA_ID}#/$defs/provenance"},
)


def mib(n: int) -> str:
    """``n`` bytes in MiB, for messages."""
    return f"{n / 1024 / 1024:g} MiB"


__all__ = [
    "BRIEF_SCHEMA_ID",
    "CAMPAIGN_FORMAT",
    "CAMPAIGN_LINES_SCHEMA_ID",
    "CAMPAIGN_SCHEMA_ID",
    "ENTRY_ID",
    "EXPORT_HINT",
    "LEGACY_CAMPAIGN_FORMAT",
    "MAX_DOCUMENT_BYTES",
    "MAX_FILE_BYTES",
    "MAX_LINE_BYTES",
    "NESTING_HINT",
    "PROVENANCE_ID",
    "WRAPPERS",
    "mib",
]
