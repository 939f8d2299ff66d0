"""``lifepath sheet``: a character's printable sheet as HTML, Markdown or PDF.

The sections come from the character's ruleset (``Ruleset.sheet_sections``); drawing them is
:mod:`lifepath.sheets.pages`. Jinja2 (and WeasyPrint for PDF) are imported only here.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from lifepath.cli.commands import command
from lifepath.cli.options import DbOption

if TYPE_CHECKING:
    from lifepath.character import Character
    from lifepath.ruleset import Ruleset
    from lifepath.store.reads import Reads

_HINT = (
    "give a stored character's id (see `lifepath roster`), a file written by `lifepath create --json` or "
    "`lifepath export ID`, or - to read one from standard input"
)


def register(app: typer.Typer) -> None:
    command(app, "sheet")(sheet)


def _from_export(data: Any, where: str) -> tuple[Ruleset, Character]:
    from lifepath.character import Character
    from lifepath.errors import LifepathError
    from lifepath.host.manager import get_registry

    if not isinstance(data, dict) or not isinstance(data.get("sheet"), dict) or "provenance" not in data:
        raise LifepathError("this is not a character export (it has no sheet and provenance)", file=where, hint=_HINT)
    try:
        character = Character.from_dict(data)
        ruleset_id = character.ruleset
    except (KeyError, TypeError, ValueError) as exc:
        raise LifepathError(f"this character export cannot be read (missing {exc})", file=where, hint=_HINT) from None
    return get_registry().ruleset(ruleset_id), character


def load(target: str, db: str | None) -> tuple[Ruleset, Character, dict[str, str]]:
    """The ruleset and character named by ``target``: ``-`` (stdin), an export file, or a stored id; and
    for a stored one its ``player`` and ``campaign``."""
    from lifepath.errors import LifepathError
    from lifepath.support.files import STDIN, read_json

    if target == STDIN:  # read as a file is: bounded, and nested no more than lifepath.support.files.MAX_JSON_DEPTH
        return (*_from_export(read_json(Path(STDIN), hint=_HINT), "standard input"), {})
    path = Path(target)
    if path.exists() or not target.strip().isdigit():
        if not path.exists():
            raise LifepathError(f"there is no file called {target}, and it is not a character id", hint=_HINT)
        return (*_from_export(read_json(path, hint=_HINT), str(path)), {})
    from lifepath.cli.db import read

    return read(db, lambda reads: _stored(reads, int(target)))


def _stored(reads: Reads, character_id: int) -> tuple[Ruleset, Character, dict[str, str]]:
    """A stored character's ruleset, the character, and its ``player`` and ``campaign``."""
    row = reads.character(character_id)
    character = reads.load(character_id)
    return reads.registry.ruleset(row.ruleset), character, {"player": row.player or "", "campaign": row.campaign}


def sheet(
    target: str = typer.Argument(..., metavar="ID_OR_FILE", help="A stored character's id, an export file, or -."),
    fmt: str = typer.Option("html", "--format", "-f", help="html (one self-contained file), md or pdf."),
    out: Path = typer.Option(None, "--out", "-o", help="Write to this file (default: standard output; pdf needs it)."),
    db: DbOption = None,
) -> None:
    """Write a character's printable sheet: HTML (inline CSS, prints on one A4 or Letter page for a typical
    character), Markdown, or PDF (the optional extra `lifepath[pdf]`)."""
    from lifepath.errors import LifepathError
    from lifepath.sheets import pages

    fmt = fmt.lower()
    if fmt not in pages.FORMATS:
        raise LifepathError(f"there is no sheet format '{fmt}'", hint="use --format html, md or pdf")
    if fmt == "pdf":
        pages.check_pdf()  # before any work
        if out is None:
            raise LifepathError("a PDF sheet needs a file to go to", hint="add --out sheet.pdf")
    ruleset, character, roster = load(target, db)
    text = pages.render_sheet(ruleset, character, "md" if fmt == "md" else "html", **roster)
    if fmt == "pdf":
        from lifepath.support.files import replacing

        with replacing(out, suffix=".pdf") as tmp:
            pages.write_pdf(text, tmp)
        print(f"wrote {out}", file=sys.stderr)
        return
    from lifepath.cli.output import write_out

    write_out(out, text)
