"""Finding the entry points of a group, remembered between runs.

Asking ``importlib.metadata`` for a group's entry points imports it (and the e-mail parser it reads
distribution versions with) and reads every installed distribution's metadata: about 20 ms of every
start, more than the rest of ``lifepath create`` together. What it finds depends only on what is on
``sys.path``, so the answer is kept in the cache directory under a fingerprint of the interpreter and of
every ``sys.path`` entry with its modification time. Installing, upgrading or removing a distribution
creates or deletes its ``.dist-info`` folder, which changes the modification time of the folder it is
in, so the next start scans again. (stevedore, OpenStack's plugin loader, caches entry points the same
way.) An entry point that can no longer be imported also forces a fresh scan before it counts as broken.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import sys
from dataclasses import asdict, dataclass
from typing import Any

from lifepath.support.cache import cache_dir, read_json, write_json

CACHE_FORMAT = "lifepath-entry-points/1"
#: how many fingerprints (interpreters, sets of paths) the cache file remembers
KEEP = 8


@dataclass(frozen=True)
class EntryPoint:
    """One entry point: its name, its ``module:attribute`` value and the distribution that declares it."""

    name: str
    value: str
    dist: str = ""
    version: str = ""

    def load(self) -> Any:
        """Import the module and look up the attribute, as ``importlib.metadata.EntryPoint.load`` does."""
        module, _, attr = self.value.partition(":")
        obj: Any = importlib.import_module(module.strip())
        for part in filter(None, attr.strip().split(".")):
            obj = getattr(obj, part)
        return obj


def fingerprint(group: str) -> str:
    """What the entry points of ``group`` depend on: the interpreter and each sys.path entry's mtime."""
    parts = [sys.executable, group]
    for entry in sys.path:
        try:
            parts.append(f"{entry}\0{os.stat(entry or '.').st_mtime_ns}")
        except OSError:
            parts.append(f"{entry}\0-")
    return hashlib.sha256("\n".join(parts).encode("utf-8", "surrogateescape")).hexdigest()


def scan(group: str) -> list[EntryPoint]:
    """Every entry point of ``group`` that ``importlib.metadata`` finds, sorted by name (stable)."""
    from importlib.metadata import entry_points

    found = []
    for ep in entry_points(group=group):
        dist = ep.dist
        name, version = (dist.name, dist.version) if dist is not None else ("", "")
        found.append(EntryPoint(ep.name, ep.value, name, version))
    return sorted(found, key=lambda e: e.name)


def entry_points(group: str, *, fresh: bool = False) -> list[EntryPoint]:
    """The entry points of ``group``: from the cache when nothing on sys.path changed, else scanned."""
    path = cache_dir() / "entry-points.json"
    key = fingerprint(group)
    doc = read_json(path, CACHE_FORMAT)
    known: dict[str, Any] = doc.get("groups", {}) if doc is not None else {}
    if not isinstance(known, dict):
        known = {}
    if not fresh and isinstance(known.get(key), list):
        try:
            return [EntryPoint(**e) for e in known[key]]
        except TypeError:
            pass  # written by another version: scan again
    found = scan(group)
    kept = {k: v for k, v in known.items() if k != key}
    kept = dict(list(kept.items())[-(KEEP - 1) :])
    kept[key] = [asdict(e) for e in found]
    write_json(path, {"format": CACHE_FORMAT, "groups": kept})
    return found
