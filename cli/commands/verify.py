"""``lifepath verify``: replay exported characters and say whether they are what their seed makes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

from lifepath.cli.commands import command
from lifepath.cli.options import DbOption

#: lifepath.replay.brief.FORMAT (not imported, to keep the command's start light)
BRIEF_FORMAT = "lifepath.character-brief/1"


def register(app: typer.Typer) -> None:
    command(app, "verify")(verify)


def load_export(path: Path) -> dict[str, object]:
    from lifepath.errors import LifepathError
    from lifepath.support.files import read_json

    data = read_json(path, hint="give a file written by `lifepath create --json` or `lifepath export`")
    if isinstance(data, dict) and data.get("format") == BRIEF_FORMAT and "provenance" in data:
        return data  # a brief: its history is rebuilt by replay (lifepath.replay.brief)
    if not isinstance(data, dict) or "provenance" not in data or "history" not in data:
        raise LifepathError(
            "this is not a character export (it has no provenance and history)",
            file=shown_name(path),
            hint="give a file written by `lifepath create --json` or `lifepath export`",
        )
    return data


def shown_name(path: Path) -> str:
    """How a file given on the command line is named in messages (``-`` is standard input)."""
    return "standard input" if str(path) == "-" else str(path)


def replay_file(replay: Any, path: Path) -> Any:
    """The verdict on the export in ``path``; an export that cannot be replayed is an error naming the file."""
    from lifepath.errors import LifepathError
    from lifepath.host.manager import get_registry

    data = load_export(path)
    try:
        return replay(get_registry(), data)
    except LifepathError as exc:
        if exc.file is None:
            exc.file = shown_name(path)
        raise


def echo_verdict(who: str, verdict: Any) -> None:
    """One verdict as text: ``WHO: identical...``, or ``WHO: differs...`` and one line per difference."""
    typer.echo(f"{who}: {verdict.message}")


def verify(
    target: str = typer.Argument(
        None, metavar="[FILE_OR_ID]", help="A character export file, or a stored character's id."
    ),
    campaign: str = typer.Option(None, "--campaign", "-c", help="Verify every character of this campaign."),
    db: DbOption = None,
    as_json: bool = typer.Option(False, "--json", help="Print a JSON list of results, differences as data."),
    content: list[Path] = typer.Option(
        [], "--content", help="A data-only content folder the characters were made with (repeatable)."
    ),
    each: bool = typer.Option(
        False, "--each", help="With a JSON Lines file: a line for every character, not only those that fail."
    ),
    workers: int = typer.Option(
        None,
        "--workers",
        "-w",
        min=1,
        help="With a JSON Lines file: processes that replay its lines (default: 2 for a file of 2,000 lines or "
        "more, else 1; at most the CPUs here); the result is the same for any.",
    ),
) -> None:
    """Replay characters from their seed and recorded decisions; report identical or every difference.

    Give an export file (- reads standard input), a JSON Lines file of characters (.jsonl, as `generate
    --format jsonl` writes: every line replayed, by --workers processes; printed are a summary and each
    line that differs or cannot be replayed, or every line with --each), a stored character's id, or --campaign NAME
    (stored characters are replayed with their campaign's content folders). A brief (sheet and provenance,
    no history) has its history rebuilt by the replay. Each character is replayed with exactly the plugins
    and tables its provenance records: plugins installed since are left out, and a recorded plugin that is
    missing or at another version is named, with the install that brings it back. Differences name the
    first differing history event and every differing sheet and provenance field. Exits 1 if any character
    differs, 2 if an export cannot be replayed at all (an unknown format, no history, an invalid seed,
    content that is not here).
    """
    from lifepath.errors import LifepathError
    from lifepath.host.manager import get_manager
    from lifepath.replay import verify as replay

    for folder in content:  # before the registry is built, as `create --content` loads them
        get_manager().add_content(str(folder))
    if (target is None) == (campaign is None):
        raise LifepathError(
            "say what to verify: an export file, a character id, or --campaign NAME",
            hint="e.g. `lifepath verify npc.json`, `lifepath verify 12` or `lifepath verify --campaign Spinward`",
        )
    from lifepath.cli.verify_lines import is_lines

    if workers is not None and (target is None or not is_lines(Path(target))):
        raise LifepathError(
            "--workers is for a JSON Lines file of characters (FILE.jsonl, as `generate --format jsonl` writes)",
            hint="leave out --workers: one character, or a stored campaign, is replayed in this process",
        )
    if target is not None and (target == "-" or Path(target).exists() or not target.strip().isdigit()):
        path = Path(target)
        if target != "-" and not path.exists():
            raise LifepathError(
                f"there is no file called {target}, and it is not a character id",
                hint="give an export file, or the id of a stored character (see `lifepath roster`)",
            )
        from lifepath.cli.verify_lines import verify_lines

        if is_lines(path):  # a file of characters, one a line (`generate --format jsonl`)
            if workers is not None:
                from lifepath.cli.batching import cap_workers

                workers = cap_workers(workers)
            folders = tuple(str(folder) for folder in content)
            if not verify_lines(path, as_json=as_json, each=each, workers=workers, content=folders):
                raise typer.Exit(1)
            return
        verdict = replay_file(replay, path)
        if as_json:
            _echo_json([{"file": shown_name(path), **verdict.to_dict()}])
        else:
            echo_verdict(shown_name(path), verdict)
        if not verdict.identical:
            raise typer.Exit(1)
        return
    if not _verify_stored(replay, target, campaign, db, as_json):
        raise typer.Exit(1)


def campaign_summary(campaign: str, total: int, differ: int, unreplayable: int) -> str:
    """The last line of ``verify --campaign``: how many replay exactly, how many differ, and apart from those
    how many could not be replayed at all (a missing plugin, say: nothing was compared for them)."""
    summary = f"{total - differ - unreplayable} of {total} character(s) of campaign '{campaign}' replay exactly"
    if differ:
        summary += f"; {differ} differ"
    if unreplayable:
        summary += f"; {unreplayable} could not be replayed"
    return summary


def _echo_json(results: list[dict[str, Any]]) -> None:
    typer.echo(json.dumps(results, indent=2, ensure_ascii=False))


def _verify_stored(replay: Any, target: str | None, campaign: str | None, db: str | None, as_json: bool) -> bool:
    """Replay stored characters (one id, or a whole campaign); print one line each; True if all match.

    The campaign's content folders are loaded before the registry is built, so characters made with a
    content career or species replay as they were made.
    """
    from lifepath.cli.db import open_db
    from lifepath.errors import LifepathError
    from lifepath.host.manager import get_manager
    from lifepath.store.content import load_campaign_content
    from lifepath.store.documents import as_made, original_name

    differ = unreplayable = 0
    results: list[dict[str, Any]] = []
    with open_db(db) as store, store.read_session() as session:
        if campaign is not None:
            camp = store.campaign(campaign, check_plugins=False, session=session)
            rows = store.characters(campaign, session=session)
        else:
            assert target is not None
            rows = [store.character(int(target), session=session)]
            camp = store.campaign(rows[0].campaign, check_plugins=False, session=session)
        manager = get_manager()
        load_campaign_content(manager, camp)
        registry = manager.registry()
        store.check_plugins(camp, session=session)
        for row in rows:
            data = json.loads(store.document(row.id, session=session))
            try:
                verdict = replay(registry, as_made(data))
                result = verdict.to_dict()
            except LifepathError as exc:  # a stored document that cannot be replayed: one result, not a stop
                exc.file = exc.file or f"character {row.id}"
                result = {
                    "identical": False,
                    "message": f"cannot be replayed: {exc.paragraph()}",
                    "checked_by": "replay",
                    "differences": [],
                }
                unreplayable += 1
            renamed = original_name(data)
            note = f" (renamed from '{renamed}')" if renamed else ""
            results.append({"id": row.id, "name": row.name, **result})
            if not as_json:
                typer.echo(f"{row.id} {row.name}{note}: {result['message']}")
            differ += not result["identical"]
    if as_json:
        _echo_json(results)
    elif campaign is not None:
        typer.echo(campaign_summary(campaign, len(rows), differ - unreplayable, unreplayable))
    return differ == 0
