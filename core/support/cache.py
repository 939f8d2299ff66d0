"""The user's cache directory and the small JSON files lifepath keeps there.

Everything in it can be thrown away: it only spares work a later run would otherwise repeat (validating
tables, scanning installed distributions for plugins). ``LIFEPATH_CACHE_DIR`` moves it (the tests point
it at a temporary folder).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any


def cache_dir() -> Path:
    """``LIFEPATH_CACHE_DIR``, else the platform's user cache directory for lifepath.

    On Linux that is ``$XDG_CACHE_HOME/lifepath`` or ``~/.cache/lifepath``, worked out here because
    importing ``platformdirs`` costs a few milliseconds of every start; other systems ask it.
    """
    root = os.environ.get("LIFEPATH_CACHE_DIR")
    if root:
        return Path(root)
    if sys.platform.startswith("linux"):
        xdg = os.environ.get("XDG_CACHE_HOME", "").strip()
        base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".cache"
        return base / "lifepath"
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("lifepath"))


def read_json(path: Path | None, format_id: str) -> dict[str, Any] | None:
    """A cache file's document, or None when it is missing, unreadable or of another format."""
    if path is None:
        return None
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(doc, dict) or doc.get("format") != format_id:
        return None
    return doc


def write_json(path: Path | None, document: dict[str, Any]) -> None:
    """Write a cache file atomically; a cache that cannot be written is simply not kept."""
    if path is None:
        return
    from lifepath.errors import LifepathError
    from lifepath.support.files import write_atomic

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps(document))
    except (OSError, LifepathError):
        pass
