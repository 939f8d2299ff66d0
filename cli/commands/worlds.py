"""``lifepath campaign add-worlds`` and ``lifepath campaign worlds``: homeworlds from sector files.

Registered on the ``campaign`` group by :mod:`lifepath.cli.commands.campaign`; the file is read and every line
checked (:mod:`lifepath.support.sector`) before the database is opened for writing, so a bad file stores nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from lifepath.cli.commands import command
from lifepath.cli.options import DbOption


def world_options(ruleset: Any, stored: list[dict[str, Any]], options: dict[str, Any]) -> None:
    """Add to ``options`` what creation needs of the campaign's worlds, for a ruleset that has homeworlds
    (one declaring the option ``homeworld``) given none by profile: ``world_list``, the list's reference,
    and ``world``, the world's token, when ``--homeworld`` names one (or the campaign has one world). The
    list itself is not an option: it is offered in this process (:func:`lifepath.support.sector.offer`), so a
    character records only its own world (see ``lifepath_nowhere_yet.campaign_worlds``). A name the
    campaign does not have, or has in two sectors, is a :class:`~lifepath.errors.LifepathError`."""
    from lifepath.support.sector import find, offer, token

    if not stored or "homeworld" not in ruleset.creation_options or "worlds" in options:
        return
    if any(options.get(k) not in (None, "") for k in ("uwp", "trade_codes", "law_level")):
        return  # a homeworld given by its profile
    ref, worlds = offer(stored)
    if options.get("homeworld"):
        options.setdefault("world", token(find(worlds, str(options["homeworld"]))))
    elif len(worlds) == 1:
        options.setdefault("world", token(worlds[0]))
    options.setdefault("world_list", ref)


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
