"""The one place where user mistakes become a message and a non-zero exit, never a traceback."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import Any, TypeVar

import typer

from lifepath.errors import LifepathError

F = TypeVar("F", bound=Callable[..., Any])


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread by :func:`sigterm_unwinds` so a command stops as on Ctrl-C."""


@contextmanager
def sigterm_unwinds() -> Iterator[None]:
    """Within the block, SIGTERM raises :class:`Terminated`: workers are stopped, partial files removed
    and nothing is committed, exactly as for Ctrl-C; a second SIGTERM kills the process at once."""
    import signal

    def handler(signum: int, frame: Any) -> None:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        raise Terminated()

    try:
        previous = signal.signal(signal.SIGTERM, handler)
    except ValueError:  # not the main thread: nothing to install
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


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
        except Terminated:
            print("\nterminated; nothing was saved", file=sys.stderr)
            raise typer.Exit(143) from None
        except KeyboardInterrupt:
            print("\ninterrupted; nothing was saved", file=sys.stderr)
            raise typer.Exit(130) from None

    return wrapper  # type: ignore[return-value]
