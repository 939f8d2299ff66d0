"""Every byte the CLI prints goes through here: control characters are shown, never obeyed.

:func:`install` (called once by the console script) puts a :class:`SafeStream` in front of
``sys.stdout`` and ``sys.stderr``, so ``typer.echo``, ``print`` and ``sys.stdout.write`` in every command
pass their text through :func:`lifepath.support.text.safe` (line feeds kept: the program prints those itself).
An ANSI colour code, a clear-screen, a window-title OSC, a carriage return, a backspace, DEL or a C1
control in a name comes out as ``\\u001b``, ``\\r``, ``\\b``, ``\\u007f``, ``\\u009b``..., piped or on a
terminal. JSON output stays valid JSON with the same values (see :mod:`lifepath.support.text`), and files
written with ``--out`` are not touched at all.

Single values that must stay on one line (a table cell, an error paragraph) are made safe with line
feeds escaped too, where the table or the error is built (:func:`table`, ``LifepathError``).

rich draws its own colours, so a rich console gets the raw stream (:func:`console`) and makes every
text it renders safe itself. A write that fails (a full disk behind standard output) becomes one clear
error instead of a traceback.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from lifepath.errors import OutputError as OutputError
from lifepath.support.text import safe

if TYPE_CHECKING:
    from rich.console import Console

    from lifepath.character import Character


class SafeStream:
    """A text stream in front of another that shows control characters instead of sending them."""

    def __init__(self, raw: TextIO, label: str) -> None:
        self.raw = raw
        self.label = label

    def write(self, text: str) -> int:
        if not isinstance(text, str):  # click probes with b"": this is a text stream
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        if not text:  # nor is an empty write sent on (it could fail where nothing was written)
            return 0
        try:
            self.raw.write(safe(text, newlines=True))
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise self._failed(exc) from None
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        try:
            self.raw.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise self._failed(exc) from None

    def _failed(self, exc: OSError) -> OutputError:
        """The error for a failed write; what is still buffered is dropped (the descriptor now goes to
        the null device), so the interpreter's last flush does not fail again."""
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self.raw.fileno())
            os.close(devnull)
        except (OSError, ValueError):
            pass
        return OutputError(
            f"cannot write to {self.label} ({exc.strerror or exc})",
            hint="make room on the disk it goes to, or send it somewhere else",
        )

    def isatty(self) -> bool:
        return self.raw.isatty()

    def fileno(self) -> int:
        return self.raw.fileno()

    def writable(self) -> bool:
        return True

    def readable(self) -> bool:
        return False

    def __getattr__(self, name: str) -> Any:
        # no `buffer`: writing bytes around this stream would skip it (click then writes text here)
        if name == "buffer":
            raise AttributeError(name)
        return getattr(self.raw, name)


def raw(stream: TextIO) -> TextIO:
    """The stream behind a :class:`SafeStream` (for rich, which draws its own control codes)."""
    return stream.raw if isinstance(stream, SafeStream) else stream


def install() -> None:
    """Put a :class:`SafeStream` in front of standard output and standard error (once)."""
    if not isinstance(sys.stdout, SafeStream):
        sys.stdout = SafeStream(sys.stdout, "standard output")  # type: ignore[assignment, unused-ignore]
    if not isinstance(sys.stderr, SafeStream):
        sys.stderr = SafeStream(sys.stderr, "standard error")  # type: ignore[assignment, unused-ignore]


def flush_stdout() -> None:
    """Flush standard output before the interpreter does; a failure is one error paragraph and exit 2."""
    try:
        sys.stdout.flush()
    except OutputError as exc:
        print("error: " + exc.paragraph(), file=sys.stderr)
        raise SystemExit(exc.exit_code) from None
    except (BrokenPipeError, ValueError):
        pass


def console(*, stderr: bool = False, **options: Any) -> Console:
    """A rich console on the raw standard output (or error) that makes every text it renders safe."""
    from rich.console import Console
    from rich.text import Text

    class SafeConsole(Console):
        def render_str(self, text: str, **kwargs: Any) -> Text:
            return super().render_str(safe(text, newlines=True), **kwargs)

    return SafeConsole(file=raw(sys.stderr if stderr else sys.stdout), **options)


def displayed(character: Character) -> Character:
    """A copy of ``character`` for a text rendering, every string in it safe with line feeds escaped
    too: a name holding a line feed stays on its line of the sheet (the stored character is unchanged)."""
    from lifepath.character import Character

    return Character.from_dict(_safe_values(character.to_dict()))


def _safe_values(value: Any) -> Any:
    if isinstance(value, str):
        return safe(value)
    if isinstance(value, list):
        return [_safe_values(v) for v in value]
    if isinstance(value, dict):
        return {k: _safe_values(v) for k, v in value.items()}
    return value


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """Plain text columns, left-aligned, two spaces apart (numbers right-aligned); a control character in
    a cell is shown escaped (:func:`lifepath.support.text.safe`), so a name cannot split a row or move the cursor."""
    cells = [[("" if v is None else safe(str(v))) for v in row] for row in rows]
    widths = [max([len(h)] + [len(r[i]) for r in cells]) for i, h in enumerate(headers)]
    numeric = [all(isinstance(row[i], int) for row in rows) and bool(rows) for i in range(len(headers))]

    def line(values: Sequence[str]) -> str:
        out = [v.rjust(w) if num else v.ljust(w) for v, w, num in zip(values, widths, numeric, strict=True)]
        return "  ".join(out).rstrip()

    return "\n".join([line(list(headers)), *(line(r) for r in cells)]) + "\n"


def write_out(out: Path | None, text: str) -> None:
    """Write ``text`` to ``out`` atomically, or to stdout when ``out`` is None."""
    if out is None:
        sys.stdout.write(text)
        return
    from lifepath.support.files import write_atomic

    write_atomic(out, text)
    print(f"wrote {out}", file=sys.stderr)
