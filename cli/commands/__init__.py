"""The commands, one module per command or group, each with ``register(app)``.

Every command is added with :func:`command`, which applies the CLI's error handling
(:func:`lifepath.cli.errors.friendly`: a :class:`~lifepath.errors.LifepathError` is one paragraph on stderr
and exit 1, never a traceback). ``lifepath.cli.main.COMMANDS`` names the module of each top-level
command, so ``lifepath NAME`` imports only its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import typer

from lifepath.cli.errors import friendly

F = TypeVar("F", bound=Callable[..., Any])


def command(group: typer.Typer, name: str, **options: Any) -> Callable[[F], F]:
    """``@command(app, "roster")``: add the function as ``name`` in ``group``, with the error handling."""

    def add(func: F) -> F:
        wrapped = friendly(func)
        group.command(name, **options)(wrapped)
        return wrapped

    return add


__all__ = ["command"]
