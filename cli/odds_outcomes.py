"""``lifepath odds``'s tables of a ruleset's own outcomes (``Ruleset.tallies``), one run or two side by side.

* :func:`outcome_tables`: one table for each ``Labels`` (characters with each label, commonest first) and
  ``Numbers`` (each name's mean, commonest value and range) outcome, and one of every ``Share``;
* :func:`option_tables`: the per-option tables, one for each ``Labels(by=True)`` outcome (and run): a
  column for each of its labels, a row for each other outcome, saying what the characters with that label
  ended with (means, shares, their commonest labels).

Every text that comes from a ruleset (titles, labels, names, shown values) is drawn as plain text, never
read as rich markup, and with its control characters shown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lifepath.batches.outcome_rows import commonest, merged, option_rows, percent, value_range
from lifepath.support.text import safe

#: the most option columns one per-option table holds (more are split over several tables)
OPTION_COLUMNS = 8


def _text(value: object, style: str = "") -> Any:
    from rich.text import Text

    return Text(safe(str(value)), style=style)


def _lines(lines: Sequence[str]) -> Any:
    """Lines of plain text in one cell (each made safe on its own; ``-`` for none)."""
    from rich.text import Text

    return Text("\n".join(safe(line) for line in lines) or "-")


def _headers(labels: Sequence[str], *names: str) -> list[str]:
    """Column headings: ``names`` for one run; for two, each named after its run."""
    if len(labels) == 1:
        return list(names)
    return [f"{name} ({label})" for label in labels for name in names]


def outcome_tables(runs: Sequence[Mapping[str, Any]], labels: Sequence[str]) -> list[Any]:
    """The tables of every outcome, in the ruleset's order (the shares last, together)."""
    from rich.table import Table

    first = runs[0].get("outcomes") or []
    tables: list[Any] = []
    shares = Table(title="Shares of characters", title_justify="left")
    shares.add_column("")
    for heading in _headers(labels, "characters", "share"):
        shares.add_column(heading, justify="right")
    for position, outcome in enumerate(first):
        entries = [(run.get("outcomes") or [None] * len(first))[position] for run in runs]
        kind = outcome["kind"]
        if kind == "labels":
            tables.append(_labels_table(outcome["title"], entries, labels))
        elif kind == "numbers":
            tables.append(_numbers_table(outcome["title"], entries, labels))
        else:
            cells: list[str] = []
            for entry in entries:
                cells += ["-", "-"] if entry is None else [f"{entry['characters']:,}", percent(entry["rate"])]
            shares.add_row(_text(outcome["title"]), *cells)
    if shares.row_count:
        tables.append(shares)
    return tables


def _labels_table(title: str, entries: Sequence[Mapping[str, Any] | None], labels: Sequence[str]) -> Any:
    from rich.table import Table

    table = Table(title=_text(title), title_justify="left")
    table.add_column("")
    for heading in _headers(labels, "characters", "share"):
        table.add_column(heading, justify="right")
    found = [{c["label"]: c for c in (entry or {}).get("counts", [])} for entry in entries]
    names = merged(entries, "counts", "label")
    for name in names:
        cells: list[str] = []
        for counts in found:
            count = counts.get(name)
            cells += ["0", "0.0%"] if count is None else [f"{count['characters']:,}", percent(count["share"])]
        table.add_row(_text(name), *cells)
    if not names:
        table.add_row(_text("(none)", "dim"), *("0" for _ in range(2 * len(entries))))
    return table


def _numbers_table(title: str, entries: Sequence[Mapping[str, Any] | None], labels: Sequence[str]) -> Any:
    from rich.table import Table

    table = Table(title=_text(title), title_justify="left")
    table.add_column("")
    for heading in _headers(labels, "mean", "commonest", "range"):
        table.add_column(heading, justify="right")
    found = [{n["name"]: n for n in (entry or {}).get("names", [])} for entry in entries]
    for name in merged(entries, "names", "name"):
        cells: list[Any] = []
        for by_name in found:
            number = by_name.get(name)
            if number is None:
                cells += ["-", "-", "-"]
                continue
            cells += [_text(number["mean_shown"]), _text(commonest(number)), _text(value_range(number))]
        table.add_row(_text(name), *cells)
    return table


def option_tables(runs: Sequence[Mapping[str, Any]], labels: Sequence[str]) -> list[Any]:
    """The per-option tables: for each ``by`` outcome of each run, at most :data:`OPTION_COLUMNS` options
    a table."""
    tables: list[Any] = []
    for run, label in zip(runs, labels, strict=True):
        for by in run.get("by_option") or []:
            options = by["options"]
            parts = [options[i : i + OPTION_COLUMNS] for i in range(0, len(options), OPTION_COLUMNS)] or [[]]
            for number, part in enumerate(parts, 1):
                title = f"By {by['title']}" + (f" ({label})" if len(runs) > 1 else "")
                if len(parts) > 1:
                    title += f", part {number} of {len(parts)}"
                tables.append(_option_table(title, part))
    return tables


def _option_table(title: str, options: Sequence[Mapping[str, Any]]) -> Any:
    from rich.table import Table

    table = Table(title=_text(title), title_justify="left", caption="means and shares over each column's characters")
    table.add_column("")
    for option in options:
        table.add_column(_text(option["label"]), justify="right")
    for row in option_rows(options):
        heading = _text(f"  {row.heading}" if row.name else row.heading, "bold" if row.title else "")
        table.add_row(heading, *(_lines(cell) if cell else "" for cell in row.cells), end_section=row.last)
    return table


__all__ = ["OPTION_COLUMNS", "option_tables", "outcome_tables"]
