"""``lifepath create``: make one character, interactively or as an NPC (``--auto``)."""

from __future__ import annotations

import sys
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import typer

from lifepath.cli.errors import friendly
from lifepath.cli.setup import new_seed, prepare


def register(app: typer.Typer) -> None:
    app.command("create")(create)


@friendly
def create(
    ruleset: str = typer.Option(
        None, "--ruleset", "-r", help="Ruleset id or name (default: nowhere-yet, or the campaign's)."
    ),
    seed: int = typer.Option(
        None, "--seed", help="Seed for the dice; the same seed and answers give the same character."
    ),
    rule: list[str] = typer.Option([], "--rule", help="House rule NAME=VALUE (repeatable), e.g. --rule max_terms=4."),
    auto: bool = typer.Option(False, "--auto", help="Make an NPC: a seeded policy answers every decision."),
    career: str = typer.Option(None, "--career", help="The career to aim for first (case-insensitive)."),
    species: str = typer.Option(None, "--species", help="The species/origin (case-insensitive)."),
    homeworld: str = typer.Option(None, "--homeworld", help="Homeworld name (with --uwp for a world of your own)."),
    uwp: str = typer.Option(None, "--uwp", help="Homeworld UWP such as A788899-C; trade codes and law level follow."),
    trade_codes: str = typer.Option(
        None, "--trade-codes", help="Homeworld trade codes directly, e.g. Ag,Ni (with --law-level; not with --uwp)."
    ),
    law_level: int = typer.Option(
        None, "--law-level", help="Homeworld law level, with --trade-codes (not with --uwp)."
    ),
    terms: int = typer.Option(None, "--terms", min=0, help="How many terms the NPC policy aims for."),
    option: list[str] = typer.Option([], "--option", help="A ruleset-specific creation option KEY=VALUE (repeatable)."),
    as_json: bool = typer.Option(False, "--json", help="Print the full JSON export."),
    history: bool = typer.Option(False, "--history", help="Print every throw and decision."),
    out: Path = typer.Option(None, "--out", "-o", help="Write the JSON export to this file as well."),
    campaign: str = typer.Option(
        None, "--campaign", "-c", help="Make the character under this campaign and save it there."
    ),
    player: str = typer.Option(None, "--player", help="Who plays the character (with --campaign)."),
    db: str = typer.Option(None, "--db", envvar="LIFEPATH_DB", help="Campaign database URL or SQLite file."),
    content: list[Path] = typer.Option([], "--content", help="A data-only content folder to use (repeatable)."),
) -> None:
    """Create one character. Interactive by default; --auto makes an NPC."""
    from lifepath import creation_options
    from lifepath.creation import create as run_creation
    from lifepath.decisions import PolicyChooser
    from lifepath.errors import LifepathError

    with ExitStack() as cleanup:
        setup = prepare(
            cleanup, ruleset=ruleset, rule=rule, campaign=campaign, db=db, content=[str(c) for c in content]
        )
        registry, rs, rules, store, camp = setup.registry, setup.ruleset, setup.rules, setup.store, setup.campaign
        if seed is None:
            seed = new_seed()
        flags = {
            "career": career,
            "species": species,
            "homeworld": homeworld,
            "uwp": uwp,
            "trade_codes": trade_codes,
            "law_level": law_level,
            "terms": terms,
        }
        options = creation_options.parse(rs, option, flags)
        if camp is not None and camp.worlds:
            from lifepath.cli.worlds_cmd import creation_worlds

            options.setdefault("worlds", creation_worlds(camp.worlds))
        observer = None
        if auto:
            chooser: Any = PolicyChooser(seed)
        else:
            if not sys.stdin.isatty():
                raise LifepathError(
                    "interactive creation needs a terminal to ask you questions",
                    hint="run it in a terminal, or add --auto to let the NPC policy answer",
                )
            from lifepath.cli.prompt import PromptChooser

            prompt = PromptChooser()
            chooser = prompt
            observer = prompt.show
        character = run_creation(
            registry, rs.id, seed=seed, rules=rules, chooser=chooser, options=options, observer=observer
        )
        if out is not None:
            from lifepath.files import write_atomic

            write_atomic(out, character.to_json())
        if store is not None and camp is not None:
            saved = store.add_character(camp.name, character, player=player)
            print(f"saved as character {saved} in campaign '{camp.name}'", file=sys.stderr)
    if as_json:
        sys.stdout.write(character.to_json())
    elif history:
        from lifepath.history import render

        sys.stdout.write(render(character.history))
        sys.stdout.write(rs.render(character))
    else:
        sys.stdout.write(rs.render(character))
