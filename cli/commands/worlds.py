"""``lifepath campaign add-worlds`` and ``lifepath campaign worlds``: homeworlds from sector files.

Registered on the ``campaign`` group by :mod:`lifepath.cli.commands.campaign`; the file is read and every line
checked (:mod:`lifepath.support.sector`) before the database is opened for writing, so a bad file stores nothing.
"""

from __future__ import annotations

from pathlib import Path

import typer

from lifepath.cli.commands import command
from lifepath.cli.options import DbOption


def register(group: typer.Typer) -> None:
    command(group, "add-worlds")(add_worlds)
    command(group, "worlds")(worlds)


def add_worlds(
    name: str = typer.Argument(..., help="The campaign."),
    file: Path = typer.Argument(..., help="A sector or subsector file: T5 tab-delimited or GEnie/SEC columns."),
    fmt: str = typer.Option(None, "--format", "-f", help="t5 or sec (default: worked out from the file)."),
    sector: str = typer.Option(
        None,
        "--sector",
        "-s",
        help="The sector or subsector the worlds are in (default: the file's name up to its first dot).",
    ),
    db: DbOption = None,
) -> None:
    """Import a sector file's worlds as the campaign's homeworlds: all of them, or none if any line is wrong.

    Every world is keyed by its sector label and hex, so subsectors sharing hex numbers live side by side;
    a name is unique within its sector. Names have at most 60 characters, remarks 200, and no field a
    control character. Nowhere Yet then offers them at creation (trade codes and law level follow from the
    UWP), `--homeworld NAME` (or SECTOR/NAME) picks one, and the NPC policy draws from them.
    """
    from lifepath.cli.db import open_db
    from lifepath.support.sector import label_of, read_worlds

    label = label_of(file) if sector is None else sector.strip()
    found = read_worlds(file, fmt.strip().lower() if fmt else None, label)
    with open_db(db) as store:
        camp = store.add_worlds(name, [w.to_dict() for w in found])
    typer.echo(f"campaign '{camp.name}' now has {len(camp.worlds)} world(s): added {len(found)} from {file}")


def worlds(
    name: str = typer.Argument(..., help="The campaign."),
    db: DbOption = None,
) -> None:
    """List the campaign's worlds: hex, name, UWP, the remarks (trade codes) the file gave and the sector."""
    from lifepath.cli.db import open_db
    from lifepath.cli.output import table

    with open_db(db) as store:
        camp = store.campaign(name, check_plugins=False)
    if not camp.worlds:
        typer.echo(f"campaign '{camp.name}' has no worlds of its own (add some with `lifepath campaign add-worlds`)")
        return
    rows = [[w["hex"], w["name"], w["uwp"], w.get("remarks", ""), w.get("sector", "")] for w in camp.worlds]
    typer.echo(table(["hex", "name", "uwp", "remarks", "sector"], rows), nl=False)
