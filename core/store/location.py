"""Which database ``--db`` / ``LIFEPATH_DB`` names, as far as that can be told without SQLAlchemy.

A plain path (and no ``--db`` at all: ``LIFEPATH_DB``, else ``lifepath.db`` in the user's data
directory) is a SQLite file, which :func:`sqlite_file` gives; a URL (``sqlite:///...``,
``postgresql://...``) is read by :func:`lifepath.store.engine.database_url`, which asks this module
first, so the two agree on every plain path. The read-only commands use :func:`sqlite_file` to read an
up-to-date SQLite file with the standard library (:mod:`lifepath.store.sqlite_reads`).
"""

from __future__ import annotations

import os
from pathlib import Path

from lifepath.errors import StoreError

#: seconds a SQLite connection waits for another process's write to finish
SQLITE_BUSY_TIMEOUT = 30.0
URL_HINT = (
    "give a SQLite file path, a sqlite:///PATH URL or a postgresql://USER@HOST/DATABASE URL "
    "with --db or the LIFEPATH_DB environment variable"
)


def default_path() -> Path:
    """``lifepath.db`` in the user's data directory."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("lifepath")) / "lifepath.db"


def named(spec: str | None) -> str | None:
    """What names the database: ``spec`` (``--db``), else ``LIFEPATH_DB``, trimmed; None for the default file."""
    if spec is None or not spec.strip():
        spec = os.environ.get("LIFEPATH_DB") or None
    return None if spec is None else spec.strip()


def sqlite_file(spec: str | None) -> Path | None:
    """The SQLite file ``spec`` names when it is a plain path or names nothing (the default file, whose
    folder is created); None when it is a URL."""
    given = named(spec)
    if given is None:
        path = default_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError(
                f"cannot create the data folder {path.parent} for the default campaign database ({e.strerror})",
                hint=URL_HINT,
            ) from None
        return path
    if "://" in given:
        return None
    return Path(given).expanduser().absolute()


__all__ = ["SQLITE_BUSY_TIMEOUT", "URL_HINT", "default_path", "named", "sqlite_file"]
