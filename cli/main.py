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
    "rulesets": "info",
    "plugins": "info",
    "create": "create",
    "verify": "verify",
    "schema": "schema",
    "check": "check",
    "campaign": "campaign",
    "roster": "roster",
    "show": "roster",
    "set-status": "roster",
    "rename": "roster",
    "note": "roster",
    "delete": "roster",
    "export": "roster",
    "import": "roster",
    "plugin": "plugin",
    "generate": "generate",
    "odds": "odds",
    "sheet": "sheet",
    "serve": "serve",
    "rules": "rules",
}


#: the options whose output is Typer's own (a colour code included), never text from a user
COMPLETION = frozenset({"--install-completion", "--show-completion"})


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
        pretty_exceptions_enable=False,
        # plain help text: no rich import on `--help`, and output that is the same in any terminal
        rich_markup_mode=None,
        # -h is --help; and never let click strip escape codes itself: lifepath.cli.output shows them,
        # piped or not
        context_settings={"help_option_names": ["-h", "--help"], "color": True},
    )
    tree.callback()(main)
    modules = [COMMANDS[command]] if command in COMMANDS else list(dict.fromkeys(COMMANDS.values()))
    for module in modules:
        importlib.import_module(f"lifepath.cli.commands.{module}").register(tree)
    return tree


def __getattr__(name: str) -> Any:
    if name == "app":
        tree = globals()["app"] = build_app()
        return tree
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _check_arguments(argv: list[str]) -> None:
    """Refuse an argument that is not text in the locale's encoding (Python keeps such bytes as lone
    surrogates, which no database, file or terminal accepts) before any command uses it."""
    for number, arg in enumerate(argv, 1):
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError as exc:
            from lifepath.support.text import safe

            shown = safe(arg.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace"))
            print(
                f"error: argument {number} ('{shown}') is not valid text: byte 0x{ord(arg[exc.start]) - 0xDC00:02x} "
                "cannot be decoded. Type it again in UTF-8 (a C1 control such as U+009B is the two bytes c2 9b).",
                file=sys.stderr,
            )
            raise SystemExit(2) from None


def run() -> None:
    """Console-script entry point (also ``python -m lifepath``): every byte printed goes through
    :mod:`lifepath.cli.output`."""
    from lifepath.cli import output

    argv = sys.argv[1:]
    if not COMPLETION.intersection(argv):
        # Typer's completion installer prints its own coloured line and no user text: shown as it is
        output.install()
    try:
        _check_arguments(argv)
        build_app(argv[0] if argv else None)(prog_name="lifepath")
    except output.OutputError as exc:  # outside a command (help, usage): still one paragraph, exit 2
        print("error: " + exc.paragraph(), file=sys.stderr)
        raise SystemExit(exc.exit_code) from None
    finally:
        output.flush_stdout()
