"""``lifepath schema``: list the published schemas and validate a third party's tables against them."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from lifepath.cli.commands import command

if TYPE_CHECKING:
    from lifepath.errors import TableError
    from lifepath.tables import Table

schema_app = typer.Typer(
    help="List schemas, and validate table files or folders against them.", no_args_is_help=True, rich_markup_mode=None
)


MANIFEST_SCHEMA = "https://lifepath.example/schemas/content-manifest.schema.json"


def register(app: typer.Typer) -> None:
    app.add_typer(schema_app, name="schema")


@command(schema_app, "list")
def list_schemas() -> None:
    """List every schema lifepath knows, by $id and title: the shipped ones, then those plugin rulesets add."""
    from lifepath.host.manager import get_registry
    from lifepath.validation import builtin_schemas

    shipped = builtin_schemas()
    for sid, schema in sorted(shipped.items()):
        typer.echo(f"{sid}  {schema.get('title', '')}")
    plugin_schemas = get_registry().plugin_schemas()
    added = sorted((str(s.get("$id", "")), p, s) for p, s in plugin_schemas if s.get("$id") not in shipped)
    for sid, plugin, schema in added:
        typer.echo(f"{sid}  {schema.get('title', '')} (from plugin '{plugin}')")


@command(schema_app, "validate")
def validate(
    paths: list[str] = typer.Argument(
        ..., help="Table files or folders of *.json tables; - reads one table from standard input."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON report on standard output instead of text."),
) -> None:
    """Validate JSON tables against the schema each names in "$schema", and that the skills, traits and
    throws they name exist; every problem is listed."""
    import json

    from lifepath.errors import LifepathError
    from lifepath.host.content import missing_tables
    from lifepath.validation import Validator

    files: list[Path | None] = []  # None: standard input
    for arg in paths:
        p = Path(arg)
        if arg == "-":
            files.append(None)
        elif p.is_dir():
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
            raise LifepathError(
                f"{p} does not exist", hint="give a table file, a folder of tables, or - for standard input"
            )
    from lifepath.host.manager import get_registry

    validator = Validator([schema for _plugin, schema in get_registry().plugin_schemas()])
    problems = 0
    report: list[dict[str, object]] = []
    for f in files:
        name = "<stdin>" if f is None else str(f)
        errors: list[LifepathError] = []
        try:
            table = _read_table(name, f)
            errors.extend(validator.errors(table))
            if not errors and table.schema_id == MANIFEST_SCHEMA and f is not None:
                errors.extend(missing_tables(table))
            if not errors:
                errors.extend(_meaning_errors(table))
        except LifepathError as exc:
            errors.append(exc)
        problems += len(errors)
        report.append(
            {
                "file": name,
                "valid": not errors,
                "errors": [
                    {
                        "message": e.message,
                        "file": e.file,
                        "line": e.line,
                        "pointer": e.pointer,
                        "hint": e.hint,
                        "text": e.paragraph(),
                    }
                    for e in errors
                ],
            }
        )
        if as_json:
            continue
        for e in errors:
            typer.echo("error: " + e.paragraph(), err=True)
        if not errors:
            typer.echo(f"ok: {name}")
    if as_json:
        typer.echo(
            json.dumps({"valid": not problems, "problems": problems, "files": report}, indent=2, ensure_ascii=False)
        )
        if problems:
            raise typer.Exit(1)
        return
    if problems:
        typer.echo(f"{problems} problem(s) in {len(files)} file(s)", err=True)
        raise typer.Exit(1)
    typer.echo(f"{len(files)} file(s) valid")


def _read_table(name: str, path: Path | None) -> Table:
    """The table in ``path`` (None: standard input), read with a bounded read (a device or a pipe cannot
    give more than :data:`lifepath.support.files.MAX_JSON_BYTES`) and nested no more than
    :data:`lifepath.support.files.MAX_JSON_DEPTH` deep; any problem is a :class:`LifepathError` naming the file."""
    from lifepath.support import files
    from lifepath.tables import decode_table, parse_table

    hint = "give a table file (tables are a few KB to a few MB)"
    data = files.read_bounded(path or Path(files.STDIN), what="one table file", hint=hint)
    nest_hint = "a table nests a few levels deep: check it is the right file"
    text = decode_table(name, data)
    try:
        table = parse_table(name, text)
    except RecursionError:
        raise files.too_deep_error(name, text, hint=nest_hint) from None
    if files.too_deep(table.data):
        raise files.too_deep_error(name, text, hint=nest_hint)
    return table


def _meaning_errors(table: Table) -> list[TableError]:
    """Beyond the shape: the names a table of an installed ruleset uses must exist (skills, traits...)."""
    import re

    from lifepath.host.manager import get_registry

    pattern = r"^https://lifepath\.example/schemas/([a-z0-9-]+)\.[a-z0-9-]+\.schema\.json$"
    found = re.match(pattern, table.schema_id or "")
    if not found:
        return []
    registry = get_registry()
    rid = found.group(1)
    if rid not in registry.rulesets():
        return []
    return list(registry.meaning_errors(table, rid))
