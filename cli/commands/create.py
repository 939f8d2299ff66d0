"""``lifepath create``: make one character, interactively or as an NPC (``--auto``)."""

from __future__ import annotations

import os
import sys
from contextlib import ExitStack
from pathlib import Path

import typer

from lifepath.campaigns import prepare
from lifepath.cli.batching import new_seed
from lifepath.cli.commands import command
from lifepath.cli.options import DbOption


def register(app: typer.Typer) -> None:
    command(app, "create")(create)


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
    sheet: bool = typer.Option(
        False, "--sheet", help="Print the full sheet fitted to the terminal's width instead of the short form."
    ),
    out: Path = typer.Option(None, "--out", "-o", help="Write the JSON export to this file as well."),
    campaign: str = typer.Option(
        None, "--campaign", "-c", help="Make the character under this campaign and save it there."
    ),
    player: str = typer.Option(None, "--player", help="Who plays the character (with --campaign)."),
    db: DbOption = None,
    content: list[Path] = typer.Option([], "--content", help="A data-only content folder to use (repeatable)."),
    resume: bool = typer.Option(
        False, "--resume", help="Continue an interrupted character (the latest draft, or DRAFT)."
    ),
    draft_name: str = typer.Argument(None, metavar="[DRAFT]", help="With --resume: the draft's name or file."),
    answers: str = typer.Option(
        None, "--answers", help="Answer the questions from this file (one answer a line, - for standard input)."
    ),
) -> None:
    """Create one character. Interactive by default; --auto makes an NPC."""
    from lifepath.creation import create as run_creation
    from lifepath.decisions import PolicyChooser
    from lifepath.engine import creation_options
    from lifepath.errors import LifepathError

    draft = None
    if auto and answers is not None:
        raise LifepathError("--answers and --auto both answer the questions", hint="give one of them")
    if draft_name and not resume:
        raise LifepathError(f"unexpected argument '{draft_name}'", hint="to continue a draft, use --resume DRAFT")
    if resume:
        from lifepath.engine import drafts

        given = [
            flag
            for flag, value in (
                ("--seed", seed),
                ("--ruleset", ruleset),
                ("--rule", rule),
                ("--option", option),
                ("--career", career),
                ("--species", species),
                ("--homeworld", homeworld),
                ("--uwp", uwp),
                ("--terms", terms),
                ("--trade-codes", trade_codes),
                ("--law-level", law_level),
                ("--campaign", campaign),
                ("--auto", auto),
            )
            if value not in (None, [], False)
        ]
        if given:
            raise LifepathError(
                f"--resume continues a draft with its own seed, rules and options; {given[0]} cannot change it",
                hint="leave out " + ", ".join(given) + ", or start a new character without --resume",
            )

        draft = drafts.load(drafts.find(draft_name))
        ruleset = "" if draft.save.get("campaign") else draft.ruleset
        seed, rule = draft.seed, []
        campaign, player = draft.save.get("campaign") or campaign, draft.save.get("player") or player
        db = drafts.resume_db(draft, db, from_environment=db is not None and db == os.environ.get("LIFEPATH_DB"))
        out = Path(draft.save["out"]) if draft.save.get("out") else out
        content = [Path(c) for c in draft.save.get("content", [])]
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
            from lifepath.campaigns import world_options

            world_options(rs, camp.worlds, options)
        if draft is not None:  # a resumed draft keeps the rules and options it was started with
            rules, options = draft.rules, dict(draft.options)
        if auto and draft is None:
            policy = PolicyChooser(seed)
            character = run_creation(registry, rs.id, seed=seed, rules=rules, chooser=policy, options=options)
        else:
            from lifepath.cli.interactive import make

            if draft is None:
                from lifepath.engine.drafts import Draft, remembered_db

                # a resume saves where this run would have: the campaign's database is remembered too
                where = {
                    "campaign": campaign,
                    "player": player,
                    "db": remembered_db(db) if campaign and db else None,
                    "out": str(out.absolute()) if out else None,
                    "content": [str(c.absolute()) for c in content],
                }
                save = {k: v for k, v in where.items() if v not in (None, [], "")}
                draft = Draft(rs.id, seed, rules, {k: v for k, v in sorted(options.items())}, save=save)
            character = make(registry, draft, answers)
            if not sheet and not as_json and sys.stderr.isatty() and answers != "-":
                from lifepath.sheets.textsheet import text_sheet

                # the person at the terminal sees the whole sheet; standard output keeps the short form
                print("\n" + text_sheet(rs, character), file=sys.stderr, end="")
        if out is not None:
            from lifepath.support.files import write_atomic

            write_atomic(out, character.to_json())
        if store is not None and camp is not None:
            saved = store.add_character(camp.name, character, player=player)
            print(f"saved as character {saved} in campaign '{camp.name}'", file=sys.stderr)
        elif not auto and answers is None and out is None:  # made by hand: never lost (lifepath.cli.keep)
            from lifepath.cli.keep import keep
            from lifepath.cli.prompt import terminal_width, wrap

            print(
                "\n".join(wrap(keep(registry, rs, character, db, player), terminal_width(), "", "  ")), file=sys.stderr
            )
        if draft is not None:
            draft.delete()
    if as_json:
        sys.stdout.write(character.to_json())
    elif history or sheet:
        if history:
            from lifepath.sheets.history import made_with, render

            sys.stdout.write(render(character.history) + made_with(character.provenance))
        if sheet:
            from lifepath.sheets.textsheet import text_sheet

            sys.stdout.write(text_sheet(rs, character))
        else:
            sys.stdout.write(rs.render(character))
    else:
        sys.stdout.write(rs.render(character))
