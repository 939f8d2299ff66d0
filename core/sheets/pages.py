"""Drawing sheets and pages: the Jinja2 templates in ``lifepath/templates``, as HTML, Markdown or PDF.

Imported only by the commands that draw (``sheet``, ``serve``, ``export --format site``): Jinja2 is not
paid for by ``lifepath create``. HTML templates are autoescaped, and every value a template prints first
goes through :func:`visible` (the environment's ``finalize``), so a name holding ANSI escapes or other
control characters shows them escaped, as the CLI does, instead of acting on a terminal or a page; no
template can forget.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lifepath.errors import LifepathError
from lifepath.support.text import safe

if TYPE_CHECKING:
    import jinja2

    from lifepath.character import Character
    from lifepath.ruleset import Ruleset
    from lifepath.sheets import Chapter, Section

FORMATS = ("html", "md", "pdf")
PDF_EXTRA = (
    "PDF sheets need the optional extra 'pdf' (WeasyPrint): install it with `pip install 'lifepath[pdf]'`; "
    "on Debian and Ubuntu WeasyPrint also needs the system packages libpango-1.0-0 and libpangoft2-1.0-0 "
    "(apt-get install libpango-1.0-0 libpangoft2-1.0-0). Or write --format html and print it from a browser"
)


def visible(value: Any) -> Any:
    """A string with its control characters shown as the CLI shows them (:func:`lifepath.support.text.safe`, line
    feeds kept); other values unchanged. Markup (a macro's output, already made of finalized values) is
    left alone."""
    if isinstance(value, str) and not hasattr(value, "__html__"):
        return safe(value, newlines=True)
    return value


def _load(name: str) -> str:
    return (resources.files("lifepath") / "templates" / name).read_text(encoding="utf-8")


def _md(value: Any) -> str:
    """Markdown-safe text: characters Markdown would act on are backslash-escaped, lines joined."""
    text = str(visible(value)).replace("\n", " ")
    return re.sub(r"([\\`*_\[\]<>#|~])", r"\\\1", text)


@lru_cache(maxsize=2)
def environment(html: bool = True) -> jinja2.Environment:
    """The template environment: autoescaped for HTML, with ``md`` escaping for Markdown."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FunctionLoader(_load),
        autoescape=html,
        finalize=visible,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["md"] = _md
    env.filters["visible"] = visible
    env.globals["timeline"] = timeline
    return env


@dataclass(frozen=True)
class Throw:
    """A dice throw of the life story's timeline, as its ``<details>`` shows it."""

    purpose: Any
    total: Any
    #: None when the throw had no target
    success: bool | None
    line: str


@dataclass(frozen=True)
class StoryChapter:
    """One chapter of the timeline: its throws and the lines of its other events."""

    chapter: Chapter
    throws: list[Throw]
    others: list[str]


def timeline(story: Sequence[Chapter], events: Sequence[dict[str, Any]]) -> list[StoryChapter]:
    """The character page's timeline, each event described once here rather than in the template's loops
    (attribute look-ups on dicts, a ``rejectattr`` and a ``describe`` call per event; the page's bytes are
    the same). Measured on 300 pages of the league campaign (bench/league.py's), best of 3 runs at the same
    load, page context and JSON included: 2.5-3.2 ms a page before, 1.9-2.3 ms after."""
    from lifepath.sheets.history import describe

    out = []
    for ch in story:
        span = events[ch.start : ch.end]
        throws = [
            Throw(e["purpose"], e["total"], e.get("success"), describe(e)) for e in span if e.get("type") == "throw"
        ]
        others = [describe(e) for e in span if e.get("type") != "throw"]
        out.append(StoryChapter(ch, throws, others))
    return out


def sections_of(ruleset: Ruleset, character: Character) -> list[Section]:
    return list(ruleset.sheet_sections(character))


def story_of(sections: list[Section], character: Character) -> tuple[Chapter, ...]:
    """The life story's chapters, or one chapter holding the whole history when the sheet has none."""
    from lifepath.sheets import Chapter

    for s in sections:
        if s.story:
            return s.story
    return (Chapter("Creation", f"{len(character.history)} events", 0, len(character.history)),)


def sheet_context(ruleset: Ruleset, character: Character, player: str = "", campaign: str = "") -> dict[str, Any]:
    return {
        "name": character.sheet.name or "Unnamed",
        "ruleset": ruleset,
        "character": character,
        "sections": sections_of(ruleset, character),
        "player": player,
        "campaign": campaign,
    }


def render_sheet(ruleset: Ruleset, character: Character, fmt: str, *, player: str = "", campaign: str = "") -> str:
    """The sheet as a self-contained HTML file (``html``) or Markdown (``md``); a stored character's sheet
    names its player and campaign under the name."""
    context = sheet_context(ruleset, character, player, campaign)
    if fmt == "md":
        return environment(False).get_template("sheet.md.j2").render(**context)
    return environment(True).get_template("sheet.html.j2").render(**context)


def check_pdf() -> None:
    """Raise the one-paragraph error naming the ``pdf`` extra when WeasyPrint cannot be imported."""
    try:
        import weasyprint  # type: ignore[import-not-found,import-untyped,unused-ignore]  # noqa: F401
    except (ImportError, OSError):  # OSError: installed, but the Pango libraries are missing
        raise LifepathError(
            "cannot write a PDF sheet: WeasyPrint is not installed or cannot load", hint=PDF_EXTRA
        ) from None


def write_pdf(html: str, path: Path) -> None:
    """Write ``html`` to ``path`` as PDF with WeasyPrint (see :func:`check_pdf`)."""
    check_pdf()
    import weasyprint  # type: ignore[import-not-found,import-untyped,unused-ignore]  # the extra "pdf"

    weasyprint.HTML(string=html).write_pdf(str(path))


__all__ = [
    "FORMATS",
    "PDF_EXTRA",
    "check_pdf",
    "environment",
    "render_sheet",
    "sheet_context",
    "timeline",
    "visible",
    "write_pdf",
]
