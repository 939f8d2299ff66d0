"""``lifepath roster``, ``show``, ``set-status``, ``rename``, ``note``, ``delete``, ``export`` and ``import``: the
characters kept in the campaign store.

Every command takes ``--db URL`` (or ``LIFEPATH_DB``); SQLAlchemy is imported only inside the commands, and
the read-only ones (``roster``, ``show``) read an up-to-date SQLite file without it (:func:`lifepath.cli.db.read`).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from lifepath.cli.commands import command
from lifepath.cli.db import open_db, read
from lifepath.cli.options import DbOption, JsonOption
from lifepath.cli.output import table, write_out
from lifepath.support.text import safe

if TYPE_CHECKING:
    from lifepath.store.reads import Reads
    from lifepath.store.roster import RosterQuery

_OUT_OPTION = typer.Option(None, "--out", "-o", help="Write to this file (default: standard output).")
_FILE_ARGUMENT = typer.Argument(..., help="A character export or a campaign export.")
#: how roster and show mark a character imported with --accept-edited
EDITED_MARK = "[edited]"
EDITED_NOTE = (
    "edited: imported with --accept-edited; its sheet or history is not what its seed and decisions make "
    "(`lifepath verify ID` shows the difference)"
)


def register(app: typer.Typer) -> None:
    command(app, "roster")(roster)
    command(app, "show")(show)
    command(app, "set-status")(set_status)
    command(app, "rename")(rename)
    command(app, "note")(note)
    command(app, "delete")(delete)
    command(app, "export")(export)
    command(app, "import")(import_)


# -- commands --------------------------------------------------------------------------------------


def roster(
    campaign: str = typer.Argument(None, help="Only this campaign's characters (default: every campaign)."),
    status: str = typer.Option(None, "--status", help="Only characters with this status (active, retired, dead, npc)."),
    player: str = typer.Option(None, "--player", help="Only this player's characters (case-insensitive)."),
    ruleset: str = typer.Option(None, "--ruleset", "-r", help="Only characters of this ruleset (id or name)."),
    as_json: JsonOption = False,
    db: DbOption = None,
    fmt: str = typer.Option(
        "table", "--format", "-f", help="table, or csv (for spreadsheets; columns: docs/formats.md)."
    ),
    skill_columns: bool = typer.Option(
        False, "--skill-columns", help="With --format csv: one column per skill instead of one skills cell."
    ),
    sort: str = typer.Option(
        "id",
        "--sort",
        help="Sort by id, name, species, careers, terms, age, profile, status or player; -KEY "
        "(e.g. -age) for the reverse order (text case-insensitively, unknown ages and players last).",
    ),
    limit: int = typer.Option(None, "--limit", min=1, help="Only the first N characters (in the --sort order)."),
) -> None:
    """List the characters of a campaign (or of all campaigns): id, name, player, species, careers and
    terms, age, profile and status."""
    from lifepath.store.roster import RosterQuery
    from lifepath.store.values import check_status

    if status is not None:
        status = check_status(status)
    if ruleset is not None:
        from lifepath.host.manager import get_registry

        ruleset = get_registry().ruleset(ruleset).id
    key = sort.strip().lower()
    query = RosterQuery(
        status=status or "",
        player=player or "",
        ruleset=ruleset or "",
        sort=key.removeprefix("-"),
        order="desc" if key.startswith("-") else "asc",
        per_page=limit,
    )
    fmt = fmt.strip().lower()
    text = read(
        db, lambda reads: _roster_text(reads, campaign, query, fmt, as_json=as_json, skill_columns=skill_columns)
    )
    if fmt == "csv":
        sys.stdout.write(text)
    else:
        typer.echo(text, nl=False)


def _roster_text(
    reads: Reads, campaign: str | None, query: RosterQuery, fmt: str, *, as_json: bool, skill_columns: bool
) -> str:
    """What ``lifepath roster`` prints: the table, its JSON (``as_json``) or the CSV (``fmt``)."""
    from lifepath.errors import LifepathError
    from lifepath.store.columns import columns_for, ruleset_of

    # unknown names, missing plugins; and the one ruleset whose own columns this roster shows
    ruleset_id = reads.campaign_ruleset(campaign) if campaign is not None else query.ruleset
    rows = reads.roster_rows(campaign, query)
    if fmt not in ("table", "csv"):
        raise LifepathError(f"'{fmt}' is not a roster format", hint="use table (the default) or csv")
    if fmt == "csv":
        from lifepath.cli.roster_csv import roster_csv

        return roster_csv(reads, rows, skill_columns=skill_columns)
    shown = ruleset_of(reads.registry, ruleset_id) if ruleset_id else None
    if shown is not None:
        reads.fill(rows, shown)
    if as_json:
        return json.dumps([r.roster_dict() for r in rows], indent=2, ensure_ascii=False) + "\n"
    if not rows:
        return "No characters match.\n" if query.filtered else "No characters yet.\n"
    columns = columns_for(shown)
    headers = [column.key for column in columns]
    if campaign is None:
        headers.insert(2, "campaign")
    body = []
    for r in rows:
        line: list[Any] = [column.cell(r) for column in columns]
        if r.edited:
            line[headers.index("name")] = f"{r.name} {EDITED_MARK}"
        if campaign is None:
            line.insert(2, r.campaign)
        body.append(line)
    text = table(headers, body)
    if any(r.edited for r in rows):
        text += f"{EDITED_MARK} {EDITED_NOTE}\n"
    return text


def character_number(which: str, reads: Reads) -> int:
    """A character's id as typed: a number, or ``last`` for the newest character in the database."""
    from lifepath.errors import UnknownName

    if which.strip().lower() == "last":
        return reads.newest_id()
    try:
        return int(which)
    except ValueError:
        raise UnknownName(
            f"'{which}' is not a character id", hint="give the number `lifepath roster` shows, or `last`"
        ) from None


def show(
    which: str = typer.Argument(
        ..., metavar="ID", help="The character's id (see `lifepath roster`), or `last` for the one saved last."
    ),
    history: bool = typer.Option(False, "--history", help="Print every throw and decision before the sheet."),
    as_json: bool = typer.Option(False, "--json", help="Print the stored JSON export."),
    sheet: bool = typer.Option(
        False, "--sheet", help="Print the full sheet fitted to the terminal's width instead of the short form."
    ),
    db: DbOption = None,
) -> None:
    """Show a stored character in its ruleset's standard form (or its full sheet, with --sheet)."""
    sys.stdout.write(read(db, lambda reads: _show_text(reads, which, history=history, as_json=as_json, sheet=sheet)))


def _show_text(reads: Reads, which: str, *, history: bool, as_json: bool, sheet: bool) -> str:
    """What ``lifepath show`` prints: the stored export (``as_json``), or the history (``history``), the
    edited mark, the short form or full sheet (``sheet``) and the notes."""
    from lifepath.errors import LifepathError, UnknownName

    character_id = character_number(which, reads)
    if as_json:
        return reads.document(character_id)
    row = reads.character(character_id)
    character = reads.load(character_id)
    try:
        ruleset = reads.registry.ruleset(row.ruleset)
    except UnknownName as e:
        raise LifepathError(
            f"character {character_id} was made under the ruleset {row.ruleset}, which is not installed",
            hint=f"install its plugin, or use --json to see the stored export ({e.hint})",
        ) from None
    from lifepath.cli.output import displayed

    character = displayed(character)  # a line feed in a stored name must not split the sheet
    parts: list[str] = []
    if history:
        from lifepath.sheets.history import made_with, render

        parts.append(render(character.history) + made_with(character.provenance))
    if row.edited:
        parts.append(f"{EDITED_MARK} {EDITED_NOTE}\n")
    if sheet:
        from lifepath.sheets.textsheet import text_sheet

        parts.append(text_sheet(ruleset, character))
    else:
        parts.append(ruleset.render(character))
    if row.notes:
        parts.append("\nNotes:\n" + "".join(f"  {safe(line)}\n" for line in row.notes.split("\n")))
    return "".join(parts)


def set_status(
    character_id: int = typer.Argument(..., metavar="ID", help="The character's id."),
    status: str = typer.Argument(..., help="active, retired, dead or npc."),
    db: DbOption = None,
) -> None:
    """Set a character's roster status: active, retired, dead or npc."""
    from lifepath.store.service import check_status

    status = check_status(status)
    with open_db(db) as store:
        before = store.character(character_id).status
        row = store.set_status(character_id, status)
    typer.echo(f"{row.id} {safe(row.name)}: {before} -> {row.status}")


def rename(
    character_id: int = typer.Argument(..., metavar="ID", help="The character's id."),
    new_name: str = typer.Argument(..., help="The new name."),
    db: DbOption = None,
) -> None:
    """Rename a character, in the roster and in its stored sheet (the old name is kept in provenance)."""
    with open_db(db) as store:
        before = store.character(character_id).name
        row = store.rename(character_id, new_name)
    typer.echo(f"{row.id}: {safe(before)} -> {safe(row.name)}")


def note(
    character_id: int = typer.Argument(..., metavar="ID", help="The character's id."),
    text: str = typer.Argument(None, metavar="TEXT", help="The notes; they replace any the character has."),
    clear: bool = typer.Option(False, "--clear", help="Remove the character's notes."),
    db: DbOption = None,
) -> None:
    """Keep the referee's notes on a character (beside its sheet, not in it: verify is unaffected)."""
    from lifepath.errors import LifepathError

    if clear == (text is not None):
        raise LifepathError(
            "give either TEXT or --clear, not both" if clear else "give the notes as TEXT, or --clear to remove them",
            hint="for example: lifepath note 3 'owes Marc 2,000 Cr'",
        )
    with open_db(db) as store:
        row = store.set_notes(character_id, "" if clear else text)
    if row.notes:
        typer.echo(f"{row.id} {safe(row.name)}: notes saved ({len(row.notes):,} characters)")
    else:
        typer.echo(f"{row.id} {safe(row.name)}: no notes")


def delete(
    character_id: int = typer.Argument(..., metavar="ID", help="The character's id."),
    yes: bool = typer.Option(False, "--yes", "-y", help="Do not ask for confirmation."),
    db: DbOption = None,
) -> None:
    """Delete a character from its campaign. Asks first unless --yes."""
    from lifepath.errors import LifepathError

    with open_db(db) as store:
        row = store.character(character_id)
        if not yes:
            if not sys.stdin.isatty():
                raise LifepathError(
                    f"not deleting character {row.id} ('{row.name}') without confirmation",
                    hint="there is no terminal to ask at; add --yes to delete it",
                )
            if not typer.confirm(f"Delete character {row.id} '{safe(row.name)}' from campaign '{safe(row.campaign)}'?"):
                typer.echo("Nothing deleted.")
                raise typer.Exit(1)
        store.delete_character(character_id)
    typer.echo(f"deleted character {row.id} '{safe(row.name)}' from campaign '{safe(row.campaign)}'")


def export(
    character_id: int = typer.Argument(None, metavar="[ID]", help="The character to export."),
    campaign: str = typer.Option(None, "--campaign", "-c", help="Export this whole campaign instead."),
    out: Path = _OUT_OPTION,
    db: DbOption = None,
    fmt: str = typer.Option(
        "json",
        "--format",
        "-f",
        help="json (the export), foundry (a twodsix actor for Foundry VTT's Import Data; a campaign needs "
        '--out FOLDER), 1001 (the "1001 characters" text twodsix pastes), or site (a campaign\'s roster and '
        "character pages as HTML files in the folder --out). See docs/formats.md.",
    ),
    party: bool = typer.Option(
        False,
        "--party",
        help="With --campaign and --format foundry or 1001: only the party, the campaign's "
        "active characters that have a player.",
    ),
    status: str = typer.Option(None, "--status", help="With --campaign: only characters with this status (as roster)."),
    player: str = typer.Option(None, "--player", help="With --campaign: only this player's characters (as roster)."),
    workers: int = typer.Option(
        None,
        "--workers",
        "-w",
        min=1,
        help="With --format site: processes that render the character pages (default: 2 for a campaign of 2,000 "
        "characters or more, else 1; at most the CPUs here); the pages are the same for any.",
    ),
) -> None:
    """Export a character (its JSON export, byte for byte) or a whole campaign (JSON Lines: a header line,
    then one line per character; campaign-lines.schema.json, streamed whatever its size), as Foundry VTT
    actors or "1001 characters" text, or a campaign as a static web site (--format). --party, --status and
    --player choose which of a campaign's characters a Foundry or "1001" export holds."""
    from lifepath.errors import LifepathError
    from lifepath.store import exchange

    if fmt.strip().lower() == "site":
        from lifepath.cli.commands.site import export_site

        export_site(campaign, out, db, workers)
        return
    if workers is not None:
        raise LifepathError("--workers is for --format site only", hint="leave out --workers for this export")
    if (character_id is None) == (campaign is None):
        raise LifepathError(
            "say what to export: a character id or --campaign NAME (not both)",
            hint="e.g. `lifepath export 12` or `lifepath export --campaign Spinward --out spinward.jsonl`",
        )
    from lifepath.cli.format_export import Selection, check_format, export_formatted

    chosen = check_format(fmt)
    selection = Selection.make(party, status, player, campaign=campaign, fmt=chosen)
    if chosen is not None:
        with open_db(db) as store:
            export_formatted(store, character_id, campaign, chosen, out, selection)
        return
    with open_db(db) as store:
        if campaign is None:
            text = exchange.export_character(store, character_id)
        elif out is None:
            exchange.write_campaign(store, campaign, sys.stdout)
            return
        else:
            from lifepath.support.files import replacing

            try:
                with replacing(out) as tmp, tmp.open("w", encoding="utf-8", newline="\n") as fh:
                    count = exchange.write_campaign(store, campaign, fh)
            except OSError as exc:
                hint = "check the folder is writable"
                raise LifepathError(f"cannot write {out} ({exc.strerror})", hint=hint) from None
            print(f"wrote {out} ({count} character(s))", file=sys.stderr)
            return
    write_out(out, text)


def import_(
    file: Path = _FILE_ARGUMENT,
    campaign: str = typer.Option(
        None,
        "--campaign",
        "-c",
        help="The campaign to add a character to; for a campaign file, the name to import it as (or an existing "
        "campaign of the same ruleset to add its characters to).",
    ),
    accept_edited: bool = typer.Option(
        False,
        "--accept-edited",
        help="Store characters that do not replay from their seed and decisions, marked as edited.",
    ),
    allow_duplicate: bool = typer.Option(
        False,
        "--allow-duplicate",
        help="Import characters the campaign already holds (the same document) again.",
    ),
    workers: int = typer.Option(
        None,
        "--workers",
        "-w",
        min=1,
        help="Processes that check and replay a campaign file's characters (default: 2 for a file of 2,000 "
        "characters or more, else 1; at most the CPUs here); the result is the same for any.",
    ),
    db: DbOption = None,
) -> None:
    """Import a character or a campaign, all or nothing. Every character is checked and replayed from its
    seed and decisions first: one that does not replay (an edited sheet), or that the campaign already
    holds, stops the import unless --accept-edited / --allow-duplicate. Files read whole (a character,
    an old-style campaign export) are limited to 32 MiB, a character line to 1 MiB."""
    from lifepath.cli.batching import cap_workers
    from lifepath.store import exchange

    found = exchange.ImportFile.read(file)
    if workers is not None:
        workers = cap_workers(workers)
    else:
        from lifepath.store.checking import DEFAULT_WORKERS

        if cap_workers(DEFAULT_WORKERS, quiet=True) < DEFAULT_WORKERS:
            workers = 1  # one CPU: checked here
    with open_db(db) as store:
        report = exchange.import_parsed(
            store,
            found,
            campaign,
            accept_edited=accept_edited,
            allow_duplicate=allow_duplicate,
            workers=workers,
        )
    for warning in report.warnings:
        print(f"lifepath: warning: {warning}", file=sys.stderr)
    ids = _id_ranges(report.ids)
    made = " (a new campaign)" if report.created_campaign else ""
    typer.echo(f"imported {len(report.ids)} character(s) into campaign '{report.campaign}'{made}: ids {ids}")
    if report.edited:
        typer.echo(f"marked edited (they do not replay): ids {_id_ranges(report.edited)}")


def _id_ranges(ids: Sequence[int]) -> str:
    """``1, 2, 3, 7`` as ``1-3, 7`` (an import of 10,000 characters gives one range, not 10,000 numbers)."""
    if not ids:
        return "none"
    parts: list[str] = []
    start = prev = ids[0]
    for i in [*ids[1:], None]:
        if i is not None and i == prev + 1:
            prev = i
            continue
        parts.append(str(start) if start == prev else f"{start}-{prev}" if prev > start + 1 else f"{start}, {prev}")
        if i is not None:
            start = prev = i
    return ", ".join(parts)
