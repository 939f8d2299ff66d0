"""``lifepath schema``: list the published schemas and validate a third party's tables against them."""

from __future__ import annotations

from pathlib import Path

import typer

from lifepath.cli.errors import friendly

schema_app = typer.Typer(
    help="List schemas, and validate table files or folders against them.", no_args_is_help=True, rich_markup_mode=None
)


MANIFEST_SCHEMA = "https://lifepath.example/schemas/content-manifest.schema.json"


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
    from lifepath.content import missing_tables
    from lifepath.errors import LifepathError
    from lifepath.tables import load_table_file
    from lifepath.validation import Validator

    files: list[Path] = []
    for p in paths:
        if p.is_dir():
            found = sorted(q for q in p.rglob("*.json") if q.is_file())
            if not found:
                raise LifepathError(
                    f"the folder {p} holds no *.json table, so there is nothing to validate",
                    hint="give a folder of tables (or the table files themselves); nothing was checked",
                )
            files.extend(found)
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
            if not errors and table.schema_id == MANIFEST_SCHEMA:
                errors = missing_tables(table)
        except LifepathError as exc:
            errors = [exc]  # type: ignore[list-item]
        for e in errors:
            problems += 1
            typer.echo("error: " + e.paragraph(), err=True)
        if not errors:
            typer.echo(f"ok: {f}")
    if problems:
        typer.echo(f"{problems} problem(s) in {len(files)} file(s)", err=True)
        raise typer.Exit(1)
    typer.echo(f"{len(files)} file(s) valid")
