"""``lifepath roster --format csv``: the roster as a spreadsheet, one column per characteristic.

Columns: ``id, campaign, player, roster_status`` (active, retired, dead, npc), then the shared columns of
:mod:`lifepath.formats.table` (whose ``status`` is the sheet's: alive or dead), each ruleset's own columns
(in the order the rulesets first appear), then ``skills`` or, with ``--skill-columns``, one column per skill
name (sorted). A character whose ruleset is not installed keeps its roster columns and nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lifepath.store.reads import Reads

PREFIX = ("id", "campaign", "player", "roster_status")


def roster_csv(reads: Reads, rows: Sequence[Any], *, skill_columns: bool) -> str:
    from lifepath.errors import UnknownName
    from lifepath.formats import table

    own: list[str] = []
    records: list[dict[str, Any]] = []
    skills: set[str] = set()
    for r in rows:
        try:
            ruleset = reads.registry.ruleset(r.ruleset)
        except UnknownName:
            records.append(
                {
                    "id": r.id,
                    "campaign": r.campaign,
                    "player": r.player or "",
                    "roster_status": r.status,
                    "name": r.name,
                    "ruleset": r.ruleset,
                }
            )
            continue
        character = reads.load(r.id)
        own.extend(c for c in ruleset.csv_columns() if c not in own)
        names = [name for name, _ in ruleset.csv_skills(character)]
        skills.update(names)
        data = table.values(ruleset, character, skill_columns=names if skill_columns else None)
        data.update({"id": r.id, "campaign": r.campaign, "player": r.player or "", "roster_status": r.status})
        records.append(data)
    columns = table.header(PREFIX, own, sorted(skills) if skill_columns else None)
    return "".join(
        [table.row(columns, dict(zip(columns, columns, strict=True))), *(table.row(columns, d) for d in records)]
    )
