"""The full character sheet as plain text fitted to a terminal's width, from the ruleset's sections.

Any ruleset gets it for free: it draws ``Ruleset.sheet_sections(character)`` (see :mod:`lifepath.sheets`),
the same sections the HTML, Markdown and PDF sheets show. Each section is a title underlined, then:

* key/value rows: one per line with the values aligned, wrapped with a hanging indent; rows meant for
  columns on paper (skills) flow down as many columns as fit the width;
* a table: aligned columns when they fit, otherwise one ``header: cell`` block per row;
* paragraphs and a life story: wrapped, a story line led by its chapter's label.

Every value goes through :func:`lifepath.support.text.safe` (a line feed in a name cannot split the sheet) and no
line is longer than the width (textwrap breaks only a word longer than a whole line).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING

from lifepath.sheets import Grid, Section
from lifepath.support.text import safe

if TYPE_CHECKING:
    from lifepath.character import Character
    from lifepath.ruleset import Ruleset

#: the narrowest width laid out (a narrower terminal gets lines of this length)
MIN_WIDTH = 30
INDENT = "  "
#: the most characters a key column takes before its value (longer keys push their value on)
KEY_WIDTH = 22


def _wrap(text: str, width: int, first: str, rest: str) -> list[str]:
    return textwrap.wrap(text, width, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False) or [
        first.rstrip()
    ]


def _rows(rows: Sequence[tuple[str, str]], width: int, columns: int) -> list[str]:
    pairs = [(safe(k), safe(v)) for k, v in rows]
    if columns > 1:
        key_w = max(len(k) for k, _ in pairs)
        val_w = max(len(v) for _, v in pairs)
        cells = [f"{k:<{key_w}} {v:>{val_w}}" for k, v in pairs]
        cell_w = max(len(c) for c in cells) + 3
        fit = max(1, min(columns * 2, (width - len(INDENT) + 3) // cell_w, len(cells)))
        if fit > 1:
            per = -(-len(cells) // fit)  # down the columns, as on paper
            cols = [cells[i * per : (i + 1) * per] for i in range(fit)]
            lines = []
            for r in range(per):
                parts = [col[r] for col in cols if r < len(col)]
                lines.append((INDENT + "   ".join(f"{p:<{cell_w - 3}}" for p in parts)).rstrip())
            return lines
    key_w = min(max((len(k) for k, _ in pairs), default=0), KEY_WIDTH)
    lines = []
    for k, v in pairs:
        if not v:
            lines.extend(_wrap(k, width, INDENT, INDENT + "    "))
            continue
        head = f"{INDENT}{k + ':':<{key_w + 1}} "
        rest = " " * (len(INDENT) + key_w + 2)
        if len(k) > key_w or len(rest) > width // 2:  # a long key: on its own line(s), the value under it
            lines.extend(_wrap(k + ":", width, INDENT, INDENT + "    "))
            head = rest = INDENT + "    "
        lines.extend(_wrap(v, width, head, rest))
    return lines


def _table(table: Grid, width: int) -> list[str]:
    headers = [safe(h) for h in table.headers]
    body = [[safe(c) for c in row] for row in table.rows]
    used = [i for i in range(len(headers)) if any(row[i] for row in body if i < len(row))]
    widths = {i: max([len(headers[i]), *(len(row[i]) for row in body if i < len(row))]) for i in used}
    total = len(INDENT) + sum(widths.values()) + 2 * (len(used) - 1)
    if total <= width:

        def line(cells: Sequence[str]) -> str:
            return (INDENT + "  ".join(f"{cells[i] if i < len(cells) else '':<{widths[i]}}" for i in used)).rstrip()

        return [line(headers), INDENT + "  ".join("-" * widths[i] for i in used), *(line(row) for row in body)]
    lines = []
    for row in body:
        text = "; ".join(f"{headers[i]}: {row[i]}" for i in used if i < len(row) and row[i])
        lines.extend(_wrap(text, width, INDENT + "- ", INDENT + "  "))
    return lines


def render_sections(sections: Sequence[Section], width: int = 80) -> str:
    """The sections as text no wider than ``width`` (at least :data:`MIN_WIDTH`), ending with a line feed."""
    width = max(width, MIN_WIDTH)
    out: list[str] = []
    for section in sections:
        if section.empty:
            continue
        if out:
            out.append("")
        title = safe(section.title)
        out.extend(_wrap(title, width, "", ""))
        out.append("=" * min(len(title), width))
        if section.rows:
            out.extend(_rows(section.rows, width, section.columns))
        if section.table is not None and section.table.rows:
            out.extend(_table(section.table, width))
        for paragraph in section.paragraphs:
            out.extend(_wrap(safe(paragraph), width, INDENT, INDENT))
        for chapter in section.story:
            head = f"{INDENT}{safe(chapter.label)}: "
            if len(head) > width // 2:  # a label this long leaves its text no room: the text goes below it
                out.extend(_wrap(safe(chapter.label) + ":", width, INDENT, INDENT))
                out.extend(_wrap(safe(chapter.text), width, INDENT + "    ", INDENT + "    "))
            else:
                out.extend(_wrap(safe(chapter.text), width, head, INDENT + "    "))
    return "\n".join(out) + "\n"


def terminal_width() -> int:
    """The terminal's width (``COLUMNS``, else the terminal's own, else 80)."""
    import shutil

    return shutil.get_terminal_size((80, 24)).columns


def text_sheet(ruleset: Ruleset, character: Character, width: int | None = None) -> str:
    """The character's full sheet in ``ruleset``'s sections, as text no wider than ``width`` (default: the
    terminal's width)."""
    return render_sections(ruleset.sheet_sections(character), terminal_width() if width is None else width)


__all__ = ["render_sections", "terminal_width", "text_sheet"]
