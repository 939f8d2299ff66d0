"""Characters as CSV rows for spreadsheets: one column per characteristic, skills in one cell or one each.

The header is ``prefix`` columns (the caller's: ``index, seed`` for ``generate``; ``id, campaign, player,
status`` for ``roster``), then :data:`SHARED`, then the ruleset's own columns (``Ruleset.csv_columns``: its
characteristics), then ``skills`` (``Name-level, ...`` in the order of the ruleset's text form) or, with
``skill_columns``, one column per skill name. Quoting is the ``csv`` module's (RFC 4180); callers write UTF-8.

Every cell goes through :func:`cell`, so no text reaches a spreadsheet as a formula: a text cell starting with
``=``, ``+``, ``-``, ``@``, a tab or a carriage return (OWASP's list) gets a leading ``'``; a number lifepath
writes as a number (an ``int`` or ``float``: a DM of -1, a debt) is left as it is (docs/formats.md, "CSV").
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lifepath.character import Character
    from lifepath.ruleset import Ruleset

#: what a spreadsheet takes for the start of a formula in a cell (OWASP's CSV-injection list)
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")

#: the columns every ruleset fills (an empty cell where it has no such thing)
SHARED = ("name", "ruleset", "species", "careers", "terms", "rank", "age", "cash", "debt", "pension", "status")


def header(prefix: Sequence[str], own: Sequence[str], skill_columns: Sequence[str] | None = None) -> list[str]:
    """The header row: ``own`` is the rulesets' own columns, ``skill_columns`` None for one ``skills`` cell."""
    tail = list(skill_columns) if skill_columns is not None else ["skills"]
    return [*prefix, *SHARED, *own, *tail]


def values(ruleset: Ruleset, character: Character, *, skill_columns: Sequence[str] | None = None) -> dict[str, Any]:
    """The row of one character by column name (the prefix columns are the caller's to add)."""
    fields = ruleset.csv_fields(character)
    row: dict[str, Any] = {"name": character.sheet.name, "ruleset": ruleset.id, "status": character.sheet.status}
    row.update(fields)
    skills = ruleset.csv_skills(character)
    if skill_columns is None:
        row["skills"] = ", ".join(f"{name}-{level}" for name, level in skills)
    else:
        row.update({name: level for name, level in skills})
    return row


def cell(value: Any) -> Any:
    """``value`` as a CSV cell no spreadsheet runs as a formula: text starting with :data:`FORMULA_START`
    gets a leading ``'`` (so a spreadsheet reads it as text); numbers (``int``, ``float``) and other text
    stay as they are."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def row(columns: Sequence[str], data: dict[str, Any]) -> str:
    """One CSV line (``\\n`` ended) of ``data`` in ``columns`` order; missing columns are empty, and every
    cell goes through :func:`cell`."""
    return line(["" if data.get(c) is None else data.get(c, "") for c in columns])


def line(values: Sequence[Any]) -> str:
    """One CSV line (``\\n`` ended) of ``values``, each through :func:`cell`. A row with a carriage return in
    a cell has every text cell quoted (Python 3.11's ``csv`` does not quote a lone ``\\r``, which spreadsheets
    read as the end of the row)."""
    cells = [cell(v) for v in values]
    carriage = any(isinstance(c, str) and "\r" in c for c in cells)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n", quoting=csv.QUOTE_NONNUMERIC if carriage else csv.QUOTE_MINIMAL)
    writer.writerow(cells)
    return buffer.getvalue()


def in_order(skills: dict[str, Any], order: Sequence[str]) -> list[tuple[str, Any]]:
    """``skills`` as (name, level) in ``order``; names not in it follow, by name."""
    rank = {name: i for i, name in enumerate(order)}
    return sorted(skills.items(), key=lambda kv: (rank.get(kv[0], len(rank)), kv[0]))
