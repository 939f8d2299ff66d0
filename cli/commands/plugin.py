"""``lifepath plugin new``: start a plugin of your own from a ready, tested package."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from lifepath.cli.commands import command

plugin_app = typer.Typer(
    help="Start a plugin of your own: a package that installs and passes its tests at once.",
    no_args_is_help=True,
    rich_markup_mode=None,
)


def register(app: typer.Typer) -> None:
    app.add_typer(plugin_app, name="plugin")


@command(plugin_app, "new")
def new(
    name: str = typer.Argument(..., help="The plugin's short name, e.g. starport-guard (lower case, digits, hyphens)."),
    kind: str = typer.Option("career", "--kind", help="What it adds: career or species (Nowhere Yet), or ruleset."),
    directory: str = typer.Option(".", "--dir", help="The folder to write lifepath-NAME/ in (default: here)."),
) -> None:
    """Write lifepath-NAME/: pyproject with the entry point, hook module, a table that validates, a test, a README."""
    from lifepath.errors import LifepathError
    from lifepath.host.manager import get_registry
    from lifepath.scaffold import check_kind, clashes, plugin_names, write_plugin

    kind = check_kind(kind)
    names = plugin_names(name)
    found = clashes(names, kind, get_registry())
    if found:
        raise LifepathError(
            f"the name '{names.short}' is taken: " + "; ".join(found),
            hint="choose another name, so the new plugin does not collide with one already installed",
        )
    folder = write_plugin(names.short, kind, Path(directory))
    typer.echo(f"wrote {folder}")
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        typer.echo(f"  {path.relative_to(folder)}")
    print(
        f"next: cd {folder} && pip install -e \".[test]\" && pytest, then `lifepath plugins` lists '{names.entry}'",
        file=sys.stderr,
    )
