"""The ``lifepath`` application: the command tree. Each command module imports what it needs lazily."""

from __future__ import annotations

import typer

from lifepath.cli import (
    campaign_cmd,
    check_cmd,
    create_cmd,
    generate_cmd,
    info_cmd,
    odds_cmd,
    plugin_cmd,
    roster_cmd,
    schema_cmd,
    verify_cmd,
)

app = typer.Typer(
    name="lifepath",
    help="Create tabletop-RPG characters under pluggable rulesets, and keep campaign rosters.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    # plain help text: no rich import on `--help`, and output that is the same in any terminal
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        from lifepath import __version__

        typer.echo(f"lifepath {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
) -> None:
    """Create tabletop-RPG characters under pluggable rulesets, and keep campaign rosters."""


info_cmd.register(app)
create_cmd.register(app)
verify_cmd.register(app)
schema_cmd.register(app)
check_cmd.register(app)
campaign_cmd.register(app)
roster_cmd.register(app)
plugin_cmd.register(app)
generate_cmd.register(app)
odds_cmd.register(app)


def run() -> None:
    """Console-script entry point."""
    app()
