"""What a printed sheet or a character page shows: sections a ruleset supplies, in a small typed model.

A ruleset describes its sheet as a list of :class:`Section` (``Ruleset.sheet_sections(character)``);
the HTML, Markdown and PDF sheets, the roster web app and the static site all draw the same sections,
so a ruleset writes its layout once. Every section has a title and any of: key/value ``rows`` (flowed
in ``columns`` on paper), a ``table`` (headers and rows), ``paragraphs`` of text, and a ``story`` of
:class:`Chapter` (one line each, pointing at the span of history events it tells). :func:`default_sections`
is what a ruleset gets without writing anything.

Everything here is plain data: no Jinja, no HTML. User text stays raw; the renderers escape it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lifepath.character import Character


@dataclass(frozen=True, slots=True)
class Grid:
    """A table: column headers and rows of cells (already text)."""

    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class RosterColumn:
    """A ruleset's own roster column (``Ruleset.roster_columns``): its key (in the terminal header and
    the JSON), the page's header, and the value it shows of a character. The roster of a campaign of that
    ruleset shows it after the shared columns, in the terminal, on the page and in the site; it is read
    from each shown character's document, so rosters sort by the shared columns only."""

    key: str
    header: str
    value: Callable[[Character], Any]
    numeric: bool = False


@dataclass(frozen=True, slots=True)
class Chapter:
    """One line of a life story, and the history events ``[start, end)`` it tells (for a timeline)."""

    label: str
    text: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Section:
    """One block of a sheet. ``columns`` is how many columns its rows flow into on paper (skills: 3)."""

    title: str
    rows: tuple[tuple[str, str], ...] = ()
    table: Grid | None = None
    paragraphs: tuple[str, ...] = ()
    story: tuple[Chapter, ...] = ()
    columns: int = 1

    @property
    def empty(self) -> bool:
        return not (self.rows or (self.table and self.table.rows) or self.paragraphs or self.story)


def grid(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> Grid:
    """A :class:`Grid` from any cells (``None`` shows as empty)."""
    return Grid(tuple(headers), tuple(tuple("" if c is None else str(c) for c in row) for row in rows))


def rows(pairs: Sequence[tuple[str, Any]] | dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """Key/value rows from pairs or a mapping, skipping empty values."""
    items = pairs.items() if isinstance(pairs, dict) else pairs
    return tuple((str(k), str(v)) for k, v in items if v not in (None, "", [], {}))


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


def chapters(
    history: Sequence[dict[str, Any]],
    starts: Callable[[dict[str, Any]], str | None],
    *,
    first: str = "Before",
    line: Callable[[str, Sequence[dict[str, Any]]], str] | None = None,
) -> tuple[Chapter, ...]:
    """Split ``history`` into chapters: ``starts(event)`` returns a label when an event opens one.

    Events before the first opening form a chapter labelled ``first`` (dropped when empty). ``line`` makes
    the chapter's text from its label and events; by default it joins the chapter's note texts.
    """
    make = line or _notes_line
    marks = [(i, label) for i, e in enumerate(history) if (label := starts(e)) is not None]
    bounds = [(0, first), *marks] if not marks or marks[0][0] > 0 else marks
    out = []
    for n, (start, label) in enumerate(bounds):
        end = bounds[n + 1][0] if n + 1 < len(bounds) else len(history)
        if end > start:
            out.append(Chapter(label, make(label, history[start:end]), start, end))
    return tuple(out)


def _notes_line(_label: str, events: Sequence[dict[str, Any]]) -> str:
    texts = [str(e["text"]) for e in events if e.get("type") == "note"]
    crises = [f"crisis: {e.get('outcome')}" for e in events if e.get("type") == "crisis"]
    throws = sum(1 for e in events if e.get("type") == "throw")
    decisions = sum(1 for e in events if e.get("type") == "decision")
    parts = [*texts, *crises]
    if not parts:
        parts = [f"{throws} throw(s), {decisions} decision(s)"]
    return "; ".join(parts)


_TERM = re.compile(r"^term (\d+)\b")


def term_label(event: dict[str, Any]) -> str | None:
    """``Term N`` for a note that opens a term (``term 3: ...``), the convention the rulesets share."""
    if event.get("type") == "note":
        match = _TERM.match(str(event.get("text", "")))
        if match:
            return f"Term {match.group(1)}"
    return None


def default_sections(character: Character) -> list[Section]:
    """The sheet every ruleset gets for free: identity, characteristics, skills, careers, possessions,
    traits, notes and a life story (a chapter per term where the history marks terms)."""
    sheet = character.sheet
    sections = [
        Section(
            "Identity",
            rows(
                [
                    ("Name", sheet.name),
                    ("Species", sheet.species),
                    ("Sex", sheet.sex),
                    ("Age", sheet.age),
                    ("Status", sheet.status),
                ]
            ),
        ),
        Section("Characteristics", rows(sheet.characteristics), columns=3),
        Section("Skills", rows(sheet.skills), columns=3),
    ]
    if sheet.careers:
        sections.append(
            Section(
                "Careers",
                table=grid(
                    ["Career", "Terms", "Rank", "Title", "Ended"],
                    [[c.name, c.terms, c.rank, c.title, c.ended] for c in sheet.careers],
                ),
            )
        )
    money = [("Credits", f"{sheet.credits:,}")] if sheet.credits else []
    money += [(f"Debt ({d.kind})", f"{d.amount:,}" + (f" — {d.note}" if d.note else "")) for d in sheet.debts]
    sections.append(Section("Possessions", rows([*money, ("Equipment", ", ".join(sheet.equipment))])))
    sections.append(Section("Traits", paragraphs=tuple(sheet.traits)))
    sections.append(Section("Notes", paragraphs=tuple(sheet.notes)))
    sections.append(Section("Life story", story=chapters(character.history, term_label, first="Origin")))
    return [s for s in sections if not s.empty]


__all__ = [
    "Chapter",
    "Grid",
    "RosterColumn",
    "Section",
    "chapters",
    "default_sections",
    "grid",
    "rows",
    "signed",
    "term_label",
]
