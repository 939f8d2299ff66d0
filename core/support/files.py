"""Files a user hands lifepath or asks it to write.

Everything lifepath writes (an export, a batch of NPCs, a plot, a cache file) goes through
:func:`replacing`, a temporary file renamed into place, so a failure or an interrupted run never leaves
half a file where a whole one was. A JSON file a user gives a command is read with :func:`read_json`.

The temporary file is ``.NAME.XXXXXXXX.part`` beside the target ``NAME``. While it is written:

* the replaced file keeps its permission bits (a 0600 export stays 0600); a new file gets the mode the
  umask gives;
* the writer holds an exclusive ``flock`` on it, so the next write to the same target can tell a live
  writer's file from one a killed process (``kill -9``, a power cut) left behind, and removes only the
  stale ones;
* SIGTERM (in the main thread) removes it before the process ends, exactly as an exception would.
"""

from __future__ import annotations

import json
import os
import re
import signal
import stat
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from types import FrameType
from typing import Any, BinaryIO

from lifepath.errors import LifepathError

_HINT = "check the folder exists and is writable"
#: what every temporary file of :func:`replacing` ends with
PART = ".part"


class Terminated(SystemExit):
    """Raised inside :func:`replacing` when SIGTERM arrives, so the temporary file is removed on the way out
    (the process still ends with 128 + SIGTERM, as if the signal had killed it)."""

    def __init__(self) -> None:
        super().__init__(128 + signal.SIGTERM)


def file_mode() -> int:
    """The mode a newly created file gets under the current umask (a temporary file is made 0600)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def part_pattern(path: Path) -> re.Pattern[str]:
    """The names :func:`replacing` gives temporary files for ``path`` (and nothing else's)."""
    return re.compile(rf"\.{re.escape(path.name)}\.[a-z0-9_]{{8}}(\.[^./]+)?{re.escape(PART)}")


def lock(fd: int, *, wait: bool) -> bool:
    """Take an exclusive lock on ``fd``; False when another process holds one (or when locks are not
    available, where nothing is ever called stale)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
    except OSError:
        return False
    return True


def remove_stale_parts(path: Path) -> list[Path]:
    """Remove temporary files an interrupted earlier write to ``path`` left behind (ours by name, and no
    longer locked by a live writer); return what was removed."""
    folder = path.parent if str(path.parent) else Path(".")
    pattern = part_pattern(path)
    removed = []
    try:
        names = [e.name for e in os.scandir(folder) if pattern.fullmatch(e.name)]
    except OSError:
        return []
    for name in names:
        candidate = folder / name
        try:
            fd = os.open(candidate, os.O_RDONLY)
        except OSError:
            continue
        try:
            if lock(fd, wait=False):
                candidate.unlink(missing_ok=True)
                removed.append(candidate)
        except OSError:
            pass
        finally:
            os.close(fd)
    return removed


@contextmanager
def _terminate_cleanly() -> Iterator[None]:
    """Turn SIGTERM into :class:`Terminated` for the length of the block (main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(_signum: int, _frame: FrameType | None) -> None:
        raise Terminated()

    if callable(signal.getsignal(signal.SIGTERM)):
        # a command already turns SIGTERM into an exception of its own (lifepath.cli.errors.sigterm_unwinds,
        # which also says so on stderr): that unwinds through this block too, and removes the file
        yield
        return
    try:
        previous = signal.signal(signal.SIGTERM, handler)
    except (ValueError, OSError):  # pragma: no cover - no signals here
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@contextmanager
def replacing(path: Path, suffix: str = "") -> Iterator[Path]:
    """A temporary file beside ``path`` to write; it replaces ``path`` when the block ends normally and
    is removed when it does not (an exception, Ctrl-C or SIGTERM). A ``path`` that exists and is not a
    regular file (a folder, a device, a FIFO) is refused, never replaced. The new file keeps the permission bits
    of the file it replaces. Stale temporary files of earlier, killed writes to ``path`` are removed
    first. ``suffix`` (``.png``) goes before ``.part``. A temporary file that cannot be made is a
    :class:`LifepathError`."""
    folder = path.parent if str(path.parent) else Path(".")
    ending = suffix if suffix.endswith(PART) else suffix + PART
    if path.exists() and not path.is_file():
        # renaming over a device or a FIFO would replace it (as root, /dev/null becomes a plain file)
        raise LifepathError(
            f"cannot write {path}: it is not a regular file (a folder, a device or a pipe is never replaced)",
            hint="give the name of a file to write",
        )
    try:
        mode = path.stat().st_mode & 0o777 if path.is_file() else file_mode()
    except OSError:
        mode = file_mode()
    remove_stale_parts(path)
    with _terminate_cleanly():
        try:
            fd, name = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=ending)
        except OSError as exc:
            raise LifepathError(f"cannot write {path} ({exc.strerror})", hint=_HINT) from None
        tmp = Path(name)
        try:
            lock(fd, wait=True)
            tmp.chmod(mode)
            yield tmp
            tmp.replace(path)
        finally:
            with suppress(OSError):
                tmp.unlink(missing_ok=True)
            os.close(fd)


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
_READ_HINT = "give a character export, a campaign export or a build file"


def _announce(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _name(path: Path) -> str:
    return "standard input" if str(path) == STDIN else str(path)


def _read_bytes(path: Path, announce: Callable[[str], None]) -> bytes:
    return read_bounded(path, announce=announce)


def read_bounded(
    path: Path,
    *,
    limit: int = MAX_JSON_BYTES,
    what: str = "one JSON file",
    hint: str = _READ_HINT,
    announce: Callable[[str], None] = _announce,
) -> bytes:
    """At most ``limit`` bytes of ``path`` (``-``: standard input); more is a :class:`LifepathError`. The read
    itself is bounded, so a device (``/dev/zero``), a pipe or a file that grows is refused like a large file.

    A path that is not a regular file (a FIFO, a device, a terminal on standard input) may block until
    something writes to it, so ``reading NAME...`` is announced on stderr first.
    """
    name = _name(path)
    try:
        if str(path) == STDIN:
            stream = sys.stdin.buffer
            if sys.stdin.isatty():
                announce(f"reading {name}... (end it with Ctrl-D)")
            return _bounded(stream, name, (limit, what, hint))
        info = path.stat()
        if stat.S_ISREG(info.st_mode) and info.st_size > limit:
            raise _too_big(name, (limit, what, hint))
        if not stat.S_ISREG(info.st_mode) and not stat.S_ISDIR(info.st_mode):
            announce(f"reading {name}...")
        with path.open("rb") as stream:
            return _bounded(stream, name, (limit, what, hint))
    except OSError as exc:
        raise LifepathError(f"cannot read {name} ({exc.strerror})") from None


#: the most a read takes, what it reads (in the message) and the hint when there is more
_Limit = tuple[int, str, str]


def _too_big(name: str, limit: _Limit = (MAX_JSON_BYTES, "one JSON file", _READ_HINT)) -> LifepathError:
    most, what, hint = limit
    return LifepathError(
        f"{name} is larger than {most // (1024 * 1024)} MB, the most lifepath reads from {what}", hint=hint
    )


def _bounded(stream: BinaryIO, name: str, limit: _Limit = (MAX_JSON_BYTES, "one JSON file", _READ_HINT)) -> bytes:
    most = limit[0]
    chunks: list[bytes] = []
    size = 0
    while True:
        wanted = min(1 << 20, most + 1 - size)
        chunk = stream.read(wanted)
        chunks.append(chunk)
        size += len(chunk)
        if size > most:
            raise _too_big(name, limit)
        if len(chunk) < wanted:  # a buffered read is short only at the end (one Ctrl-D at a terminal)
            return b"".join(chunks)


def _depth(value: Any) -> int:
    """How deeply arrays and objects nest in ``value`` (a scalar is 0), without recursion; counting stops
    once it passes :data:`MAX_JSON_DEPTH`."""
    if type(value) is not dict and type(value) is not list:
        return 0
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > deepest:
            deepest = depth
            if deepest > MAX_JSON_DEPTH:
                return deepest
        for item in node.values() if type(node) is dict else node:
            if type(item) is dict or type(item) is list:
                stack.append((item, depth + 1))
    return deepest


def too_deep(value: Any) -> bool:
    """Whether arrays and objects nest in ``value`` more than :data:`MAX_JSON_DEPTH` deep."""
    return _depth(value) > MAX_JSON_DEPTH


def too_deep_error(
    name: str, text: str | None = None, *, line: int | None = None, what: str = "", hint: str = _READ_HINT
) -> LifepathError:
    """The paragraph for JSON nested more than :data:`MAX_JSON_DEPTH` deep, naming the line where it first
    does (found in ``text`` when given, else ``line``); ``what`` begins the message (``character 3: ``)."""
    if text is not None:
        from lifepath.support.jsonpos import deeper_than

        found = deeper_than(text, MAX_JSON_DEPTH)
        line = (line - 1 + found) if line is not None and found is not None else found or line
    return LifepathError(
        f"{what}arrays and objects nest more than {MAX_JSON_DEPTH} deep here, which no lifepath file does",
        file=name,
        line=line,
        hint=hint,
    )


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
    if too_deep(value):
        raise _too_deep(name)
    return value
