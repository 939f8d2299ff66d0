"""``lifepath verify``: replay exported characters and say whether they are what their seed makes."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from lifepath.cli.errors import friendly


def register(app: typer.Typer) -> None:
    app.command("verify")(verify)


def load_export(path: Path) -> dict[str, object]:
    from lifepath.errors import LifepathError

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise LifepathError(f"cannot read {path} ({exc.strerror})") from None
    except json.JSONDecodeError as exc:
        raise LifepathError(
            f"this is not valid JSON ({exc.msg})", file=str(path), line=exc.lineno,
            hint="give a file written by `lifepath create --json` or `lifepath export`",
        ) from None
    if not isinstance(data, dict) or "provenance" not in data or "history" not in data:
        raise LifepathError(
            "this is not a character export (it has no provenance and history)", file=str(path),
            hint="give a file written by `lifepath create --json` or `lifepath export`",
        )
    return data


@friendly
def verify(
    target: str = typer.Argument(..., help="A character export file, or a stored character's id."),
    campaign: str = typer.Option(None, "--campaign", "-c", help="Verify every character of this campaign."),
    db: str = typer.Option(None, "--db", envvar="LIFEPATH_DB", help="Campaign database URL or SQLite file."),
) -> None:
    """Replay a character from its seed and recorded decisions; report identical or the first difference."""
    from lifepath.manager import get_registry
    from lifepath.replay import verify as replay

    registry = get_registry()
    path = Path(target)
    data = load_export(path)
    verdict = replay(registry, data)
    typer.echo(f"{path}: {verdict.message}")
    if not verdict.identical:
        raise typer.Exit(1)
