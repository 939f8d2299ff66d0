"""``lifepath verify``: replay exported characters and say whether they are what their seed makes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

from lifepath.cli.errors import friendly


def register(app: typer.Typer) -> None:
    app.command("verify")(verify)


def load_export(path: Path) -> dict[str, object]:
    from lifepath.errors import LifepathError
    from lifepath.files import read_json

    data = read_json(path, hint="give a file written by `lifepath create --json` or `lifepath export`")
    if not isinstance(data, dict) or "provenance" not in data or "history" not in data:
        raise LifepathError(
            "this is not a character export (it has no provenance and history)", file=str(path),
            hint="give a file written by `lifepath create --json` or `lifepath export`",
        )
    return data


@friendly
def verify(
    target: str = typer.Argument(
        None, metavar="[FILE_OR_ID]", help="A character export file, or a stored character's id."
    ),
    campaign: str = typer.Option(None, "--campaign", "-c", help="Verify every character of this campaign."),
    db: str = typer.Option(None, "--db", envvar="LIFEPATH_DB", help="Campaign database URL or SQLite file."),
) -> None:
    """Replay characters from their seed and recorded decisions; report identical or the first difference.

    Give an export file, a stored character's id, or --campaign NAME (stored characters are replayed with
    their campaign's content folders). Exits 1 if any character differs.
    """
    from lifepath.errors import LifepathError
    from lifepath.manager import get_registry
    from lifepath.replay import verify as replay

    if (target is None) == (campaign is None):
        raise LifepathError(
            "say what to verify: an export file, a character id, or --campaign NAME",
            hint="e.g. `lifepath verify npc.json`, `lifepath verify 12` or `lifepath verify --campaign Spinward`",
        )
    if target is not None and (Path(target).exists() or not target.strip().isdigit()):
        path = Path(target)
        if not path.exists():
            raise LifepathError(
                f"there is no file called {target}, and it is not a character id",
                hint="give an export file, or the id of a stored character (see `lifepath roster`)",
            )
        data = load_export(path)
        verdict = replay(get_registry(), data)
        typer.echo(f"{path}: {verdict.message}")
        if not verdict.identical:
            raise typer.Exit(1)
        return
    if not _verify_stored(replay, target, campaign, db):
        raise typer.Exit(1)


def _verify_stored(replay: Any, target: str | None, campaign: str | None, db: str | None) -> bool:
    """Replay stored characters (one id, or a whole campaign); print one line each; True if all match.

    The campaign's content folders are loaded before the registry is built, so characters made with a
    content career or species replay as they were made.
    """
    from lifepath.cli.roster_cmd import open_db
    from lifepath.manager import get_manager
    from lifepath.store.content import load_campaign_content
    from lifepath.store.documents import as_made, original_name

    differ = 0
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
            verdict = replay(registry, as_made(data))
            renamed = original_name(data)
            note = f" (renamed from '{renamed}')" if renamed else ""
            typer.echo(f"{row.id} {row.name}{note}: {verdict.message}")
            differ += not verdict.identical
    if campaign is not None:
        summary = f"{len(rows) - differ} of {len(rows)} character(s) of campaign '{campaign}' replay exactly"
        typer.echo(summary + (f"; {differ} differ" if differ else ""))
    return differ == 0
