"""``lifepath campaign add-worlds`` and ``lifepath campaign worlds``: homeworlds from sector files.

Registered on the ``campaign`` group by :mod:`lifepath.cli.campaign_cmd`; the file is read and every line
checked (:mod:`lifepath.sector`) before the database is opened for writing, so a bad file stores nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from lifepath.cli.errors import friendly
from lifepath.cli.options import DbOption


def creation_worlds(stored: list[dict[str, Any]]) -> list[dict[str, str]]:
    """A campaign's worlds as the creation option ``worlds`` (name and UWP each, recorded in provenance)."""
    return [{"name": str(w["name"]), "uwp": str(w["uwp"])} for w in stored]


def register(group: typer.Typer) -> None:
    group.command("add-worlds")(add_worlds)
    group.command("worlds")(worlds)


@friendly
def add_worlds(
    name: str = typer.Argument(..., help="The campaign."),
    file: Path = typer.Argument(..., help="A sector or subsector file: T5 tab-delimited or GEnie/SEC columns."),
    fmt: str = typer.Option(None, "--format", "-f", help="t5 or sec (default: worked out from the file)."),
    db: DbOption = None,
) -> None:
    """Import a sector file's worlds as the campaign's homeworlds: all of them, or none if any line is wrong.

    Nowhere Yet then offers them at creation (by name; trade codes and law level follow from the UWP),
    `--homeworld NAME` picks one, and the NPC policy draws from them.
    """
    from lifepath.cli.roster_cmd import open_db
    from lifepath.sector import read_worlds

    found = read_worlds(file, fmt.strip().lower() if fmt else None)
    with open_db(db) as store:
        camp = store.add_worlds(name, [w.to_dict() for w in found])
    typer.echo(f"campaign '{camp.name}' now has {len(camp.worlds)} world(s): added {len(found)} from {file}")


@friendly
def worlds(
    name: str = typer.Argument(..., help="The campaign."),
    db: DbOption = None,
) -> None:
    """List the campaign's worlds: hex, name, UWP and the remarks (trade codes) the file gave."""
    from lifepath.cli.roster_cmd import open_db, table

    with open_db(db) as store:
        camp = store.campaign(name, check_plugins=False)
    if not camp.worlds:
        typer.echo(f"campaign '{camp.name}' has no worlds of its own (add some with `lifepath campaign add-worlds`)")
        return
    rows = [[w["hex"], w["name"], w["uwp"], w.get("remarks", "")] for w in camp.worlds]
    typer.echo(table(["hex", "name", "uwp", "remarks"], rows), nl=False)
