"""Files a user hands lifepath or asks it to write.

Everything lifepath writes (an export, a batch of NPCs, a plot, a cache file) goes through
:func:`replacing`, a temporary file renamed into place, so a failure or an interrupted run never leaves
half a file where a whole one was. A JSON file a user gives a command is read with :func:`read_json`.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

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


def read_json(path: Path, *, hint: str) -> Any:
    """The JSON document in ``path``; a file that cannot be read or parsed is a :class:`LifepathError`
    naming the file (and the line), with ``hint`` for a syntax error."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise LifepathError(f"cannot read {path} ({exc.strerror})") from None
    except json.JSONDecodeError as exc:
        raise LifepathError(f"this is not valid JSON ({exc.msg})", file=str(path), line=exc.lineno, hint=hint) from None
