"""The one place where user mistakes become a message and a non-zero exit, never a traceback."""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

import typer

from lifepath.errors import LifepathError

F = TypeVar("F", bound=Callable[..., Any])


def fail(error: LifepathError) -> None:
    print("error: " + error.paragraph(), file=sys.stderr)
    raise typer.Exit(error.exit_code)


def friendly(func: F) -> F:
    """Decorate a command so a :class:`LifepathError` prints one paragraph and exits non-zero."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except LifepathError as exc:
            fail(exc)
        except BrokenPipeError:
            sys.stderr.close()
            raise typer.Exit(1) from None
        except KeyboardInterrupt:
            print("\ninterrupted; nothing was saved", file=sys.stderr)
            raise typer.Exit(130) from None

    return wrapper  # type: ignore[return-value]
