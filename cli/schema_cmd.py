"""``lifepath schema``: list the published schemas and validate a third party's tables against them."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from lifepath.cli.errors import friendly

if TYPE_CHECKING:
    from lifepath.errors import TableError
    from lifepath.tables import Table

schema_app = typer.Typer(
    help="List schemas, and validate table files or folders against them.", no_args_is_help=True, rich_markup_mode=None
)


def register(app: typer.Typer) -> None:
    app.add_typer(schema_app, name="schema")


@schema_app.command("list")
@friendly
def list_schemas() -> None:
    """List every schema lifepath knows, by $id and title."""
    from lifepath.validation import builtin_schemas

    for sid, schema in sorted(builtin_schemas().items()):
        typer.echo(f"{sid}  {schema.get('title', '')}")


@schema_app.command("validate")
@friendly
def validate(paths: list[Path] = typer.Argument(..., help="Table files or folders of *.json tables.")) -> None:
    """Validate JSON tables against the schema each names in "$schema"; every problem is listed."""
    from lifepath.errors import LifepathError
    from lifepath.tables import load_table_file
    from lifepath.validation import Validator

    files: list[Path] = []
    for p in paths:
        if p.is_dir():
            files.extend(sorted(q for q in p.rglob("*.json") if q.is_file()))
        elif p.exists():
            files.append(p)
        else:
            raise LifepathError(f"{p} does not exist", hint="give a table file or a folder of tables")
    validator = Validator()
    problems = 0
    for f in files:
        try:
            table = load_table_file(f)
            errors = validator.errors(table)
        except LifepathError as exc:
            errors = [exc]  # type: ignore[list-item]
        if not errors:
            errors = _meaning_errors(table)
        for e in errors:
            problems += 1
            typer.echo("error: " + e.paragraph(), err=True)
        if not errors:
            typer.echo(f"ok: {f}")
    if problems:
        typer.echo(f"{problems} problem(s) in {len(files)} file(s)", err=True)
        raise typer.Exit(1)
    typer.echo(f"{len(files)} file(s) valid")


def _meaning_errors(table: Table) -> list[TableError]:
    """Beyond the shape: the names a table of an installed ruleset uses must exist (skills, traits...)."""
    import re

    from lifepath.manager import get_registry

    pattern = r"^https://lifepath\.example/schemas/([a-z0-9-]+)\.[a-z0-9-]+\.schema\.json$"
    found = re.match(pattern, table.schema_id or "")
    if not found:
        return []
    registry = get_registry()
    rid = found.group(1)
    if rid not in registry.rulesets():
        return []
    return list(registry.meaning_errors(table, rid))
