"""Writing a file from the command line: all of it or nothing, never half a file."""

from __future__ import annotations

from pathlib import Path


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path`` and rename it into place.

    A failure (a missing folder, a full disk) raises a :class:`~lifepath.errors.LifepathError` and leaves
    any existing file untouched.
    """
    import os
    import tempfile

    from lifepath.errors import LifepathError

    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent if str(path.parent) else ".", prefix=f".{path.name}.")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise LifepathError(
            f"cannot write {path} ({exc.strerror})", hint="check the folder exists and is writable"
        ) from None
