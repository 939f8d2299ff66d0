"""``lifepath rules [TERM]``: a ruleset's glossary, the terms a new player meets (the same text as ``??``)."""

from __future__ import annotations

import typer

from lifepath.cli.commands import command


def register(app: typer.Typer) -> None:
    command(app, "rules")(rules)


def rules(
    term: str = typer.Argument("", help="Only the terms containing this (e.g. UWP, DM, cascade); all when left out."),
    ruleset: str = typer.Option("nowhere-yet", "--ruleset", "-r", help="Whose terms (see `lifepath rulesets`)."),
) -> None:
    """Explain a ruleset's terms: what UWP, DM, a cascade skill or a die code mean."""
    from lifepath.engine.help import glossary, glossary_terms
    from lifepath.errors import LifepathError
    from lifepath.host.manager import get_registry

    found = get_registry().ruleset(ruleset)
    text = glossary(found, term)
    terms = glossary_terms(found)
    if term and not any(term.strip().lower() in name.lower() for name in terms):
        raise LifepathError(text, hint=f"run `lifepath rules -r {found.id}` for every term")
    typer.echo(text)
