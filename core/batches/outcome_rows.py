"""The odds report's outcomes (:mod:`lifepath.batches.outcomes`) as rows of text, the same for the terminal
(``lifepath odds``) and the web odds page: what a ``Numbers`` name's commonest value and range read, and the
rows of a per-option table (a column for each option, a row for each other outcome).

Everything here is plain text taken from the report; whoever draws it escapes it (rich as plain text, the
page's templates by autoescaping).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


def percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def merged(entries: Sequence[Mapping[str, Any] | None], field: str, key: str) -> list[str]:
    """The ``key`` of every item of every entry's ``field``, the first entry's order first, each once."""
    seen: dict[str, None] = {}
    for entry in entries:
        for item in (entry or {}).get(field, []):
            seen.setdefault(str(item[key]))
    return list(seen)


def commonest(number: Mapping[str, Any]) -> str:
    """A ``Numbers`` name's commonest value (the lowest of a tie) and the share that had it: ``3D (29.0%)``."""
    distribution: Mapping[str, int] = number["distribution"]
    if not distribution:
        return "-"
    value, count = max(distribution.items(), key=lambda item: (item[1], -int(item[0])))
    return f"{number['shown'][value]} ({percent(count / number['characters'])})"


def value_range(number: Mapping[str, Any]) -> str:
    """A ``Numbers`` name's lowest and highest value: ``1D to 4D`` (one value: just it)."""
    values = sorted(number["distribution"], key=int)
    if not values:
        return "-"
    low, high = number["shown"][values[0]], number["shown"][values[-1]]
    return str(low) if low == high else f"{low} to {high}"


@dataclass(frozen=True)
class Row:
    """One row of a per-option table: its heading and, for each option, the lines of its cell.

    ``title`` marks the row that heads the names of a ``Numbers`` outcome (its cells are empty) and
    ``name`` each of those names' rows; ``last`` the last row of an outcome (a section ends after it)."""

    heading: str
    cells: tuple[tuple[str, ...], ...]
    title: bool = False
    name: bool = False
    last: bool = True


def option_rows(options: Sequence[Mapping[str, Any]]) -> list[Row]:
    """The rows of a per-option table over ``options`` (a ``by_option`` entry's, or some of them): their
    characters, then each other outcome: a ``Labels`` its commonest labels (``most`` of them, with the share
    of the option's characters), a ``Share`` its rate, a ``Numbers`` each name's mean."""
    rows = [Row("characters", tuple((f"{o['characters']:,} ({percent(o['share'])})",) for o in options))]
    if not options:
        return rows
    for position, outcome in enumerate(options[0]["outcomes"]):
        entries = [option["outcomes"][position] for option in options]
        kind = outcome["kind"]
        if kind == "labels":
            cells = tuple(
                tuple(f"{c['label']} {percent(c['share'])}" for c in e["counts"][: e["most"]]) or ("-",)
                for e in entries
            )
            rows.append(Row(f"{outcome['title']} (commonest)", cells))
        elif kind == "share":
            rows.append(Row(outcome["title"], tuple((percent(e["rate"]),) for e in entries)))
        else:
            found = [{n["name"]: n for n in e["names"]} for e in entries]
            names = merged(entries, "names", "name")
            several = len(names) > 1
            if several:
                rows.append(Row(outcome["title"], tuple(() for _ in entries), title=True, last=False))
            for i, name in enumerate(names):
                cells = tuple((by_name[name]["mean_shown"] if name in by_name else "-",) for by_name in found)
                rows.append(Row(name, cells, name=several, last=i == len(names) - 1))
    return rows


__all__ = ["Row", "commonest", "merged", "option_rows", "percent", "value_range"]
