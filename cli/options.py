"""The options many commands share, each declared once.

Typer's idiom for a shared option: an ``Annotated`` alias that carries the ``typer.Option``, used as the
parameter's type (``db: DbOption = None``), so every command spells the flag, its environment variable
and its help the same way, and a change to one of them is made here once.
"""

from __future__ import annotations

from typing import Annotated

import typer

DB_HELP = "Campaign database: a SQLite file, sqlite:///PATH or postgresql://USER@HOST/DB (default: your data folder)."

#: ``--db URL`` (or ``LIFEPATH_DB``): the campaign database; None for the default one in the data folder
DbOption = Annotated[str | None, typer.Option("--db", envvar="LIFEPATH_DB", help=DB_HELP)]

#: ``--json``: the command's result as JSON instead of text (a command whose JSON is something more
#: particular, a full export say, declares its own ``--json`` with its own help)
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
