"""The ``lifepath`` application: the command tree. Each command module imports what it needs lazily.

``run()`` (the console script) builds only the part of the tree the command line asks for: Typer turns
every registered command into a Click command before it parses anything, and for ``lifepath create`` the
other twenty-six commands cost more than a tenth of the start-up. ``app`` is the whole tree (``--help``,
tests, and anything that imports it).
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import typer

HELP = "Create tabletop-RPG characters under pluggable rulesets, and keep campaign rosters."

#: the module under ``lifepath.cli`` that registers each top-level command, in ``--help`` order
COMMANDS: dict[str, str] = {
    "rulesets": "info_cmd",
    "plugins": "info_cmd",
    "create": "create_cmd",
    "verify": "verify_cmd",
    "schema": "schema_cmd",
    "check": "check_cmd",
    "campaign": "campaign_cmd",
    "roster": "roster_cmd",
    "show": "roster_cmd",
    "set-status": "roster_cmd",
    "rename": "roster_cmd",
    "delete": "roster_cmd",
    "export": "roster_cmd",
    "import": "roster_cmd",
    "plugin": "plugin_cmd",
    "generate": "generate_cmd",
    "odds": "odds_cmd",
}


def _version(value: bool) -> None:
    if value:
        from lifepath import __version__

        typer.echo(f"lifepath {__version__}")
        raise typer.Exit()


def main(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
) -> None:
    """Create tabletop-RPG characters under pluggable rulesets, and keep campaign rosters."""


def build_app(command: str | None = None) -> typer.Typer:
    """The command tree: every command, or with ``command`` only those its module registers."""
    tree = typer.Typer(
        name="lifepath",
        help=HELP,
        no_args_is_help=True,
        # --install-completion / --show-completion (Typer's; its completion code loads only when used)
        add_completion=True,
        context_settings={"help_option_names": ["-h", "--help"]},
        pretty_exceptions_enable=False,
        # plain help text: no rich import on `--help`, and output that is the same in any terminal
        rich_markup_mode=None,
    )
    tree.callback()(main)
    modules = [COMMANDS[command]] if command in COMMANDS else list(dict.fromkeys(COMMANDS.values()))
    for module in modules:
        importlib.import_module(f"lifepath.cli.{module}").register(tree)
    return tree


def __getattr__(name: str) -> Any:
    if name == "app":
        tree = globals()["app"] = build_app()
        return tree
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def run() -> None:
    """Console-script entry point (also ``python -m lifepath``)."""
    argv = sys.argv[1:]
    build_app(argv[0] if argv else None)(prog_name="lifepath")
