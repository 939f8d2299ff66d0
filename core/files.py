"""Files a user hands lifepath or asks it to write.

Everything lifepath writes (an export, a batch of NPCs, a plot, a cache file) goes through
:func:`replacing`, a temporary file renamed into place, so a failure or an interrupted run never leaves
half a file where a whole one was. A JSON file a user gives a command is read with :func:`read_json`.
"""

from __future__ import annotations

import json
import os
import stat
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO

from lifepath.errors import LifepathError

_HINT = "check the folder exists and is writable"


def file_mode() -> int:
    """The mode a newly created file gets under the current umask (a temporary file is made 0600)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


@contextmanager
def replacing(path: Path, suffix: str = "") -> Iterator[Path]:
    """A temporary file beside ``path`` to write; it replaces ``path`` when the block ends normally and
    is removed when it does not. A temporary file that cannot be made is a :class:`LifepathError`."""
    folder = path.parent if str(path.parent) else Path(".")
    try:
        fd, name = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=suffix)
    except OSError as exc:
        raise LifepathError(f"cannot write {path} ({exc.strerror})", hint=_HINT) from None
    os.close(fd)
    tmp = Path(name)
    try:
        tmp.chmod(file_mode())
        yield tmp
        tmp.replace(path)
    finally:
        tmp.unlink(missing_ok=True)


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` through :func:`replacing`; any failure (a missing folder, a full
    disk) is a :class:`LifepathError` and leaves an existing file untouched."""
    try:
        with replacing(path) as tmp:
            tmp.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise LifepathError(f"cannot write {path} ({exc.strerror})", hint=_HINT) from None


#: the largest JSON file a command reads: an export of a long life is well under 1 MB
MAX_JSON_BYTES = 64 * 1024 * 1024
#: the deepest nesting of arrays and objects a command accepts (an export nests about 8 deep)
MAX_JSON_DEPTH = 100
STDIN = "-"


def _announce(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _name(path: Path) -> str:
    return "standard input" if str(path) == STDIN else str(path)


def _read_bytes(path: Path, announce: Callable[[str], None]) -> bytes:
    """At most :data:`MAX_JSON_BYTES` of ``path`` (``-``: standard input); more is a :class:`LifepathError`.

    A path that is not a regular file (a FIFO, a device, a terminal on standard input) may block until
    something writes to it, so ``reading NAME...`` is announced on stderr first.
    """
    name = _name(path)
    try:
        if str(path) == STDIN:
            stream = sys.stdin.buffer
            if sys.stdin.isatty():
                announce(f"reading {name}... (end it with Ctrl-D)")
            return _bounded(stream, name)
        info = path.stat()
        if stat.S_ISREG(info.st_mode) and info.st_size > MAX_JSON_BYTES:
            raise _too_big(name)
        if not stat.S_ISREG(info.st_mode) and not stat.S_ISDIR(info.st_mode):
            announce(f"reading {name}...")
        with path.open("rb") as stream:
            return _bounded(stream, name)
    except OSError as exc:
        raise LifepathError(f"cannot read {name} ({exc.strerror})") from None


def _too_big(name: str) -> LifepathError:
    return LifepathError(
        f"{name} is larger than {MAX_JSON_BYTES // (1024 * 1024)} MB, the most lifepath reads from one JSON file",
        hint="give a character export, a campaign export or a build file",
    )


def _bounded(stream: BinaryIO, name: str) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while True:
        wanted = min(1 << 20, MAX_JSON_BYTES + 1 - size)
        chunk = stream.read(wanted)
        chunks.append(chunk)
        size += len(chunk)
        if size > MAX_JSON_BYTES:
            raise _too_big(name)
        if len(chunk) < wanted:  # a buffered read is short only at the end (one Ctrl-D at a terminal)
            return b"".join(chunks)


def _depth(value: Any) -> int:
    """How deeply arrays and objects nest in ``value`` (a scalar is 0), without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            node = list(node.values())
        if isinstance(node, list):
            deepest = max(deepest, depth + 1)
            if deepest > MAX_JSON_DEPTH:
                return deepest
            stack.extend((item, depth + 1) for item in node)
    return deepest


def _too_deep(name: str) -> LifepathError:
    return LifepathError(
        f"{name} nests arrays and objects more than {MAX_JSON_DEPTH} deep, which no lifepath file does",
        hint="give a character export, a campaign export or a build file",
    )


def read_json(path: Path, *, hint: str, announce: Callable[[str], None] = _announce) -> Any:
    """The JSON document in ``path`` (``-`` reads standard input); a file that cannot be read or parsed is
    a :class:`LifepathError` naming the file (and the line), with ``hint`` for a syntax error.

    At most :data:`MAX_JSON_BYTES` are read and arrays and objects may nest :data:`MAX_JSON_DEPTH` deep;
    ``announce`` is told ``reading NAME...`` before a read that may block (a FIFO, a terminal).
    """
    name = _name(path)
    data = _read_bytes(path, announce)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LifepathError(f"{name} is not UTF-8 text (byte {exc.start + 1})", hint=hint) from None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LifepathError(f"this is not valid JSON ({exc.msg})", file=name, line=exc.lineno, hint=hint) from None
    except RecursionError:
        raise _too_deep(name) from None
    if _depth(value) > MAX_JSON_DEPTH:
        raise _too_deep(name)
    return value
