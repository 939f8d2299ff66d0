"""Matching names a user types (``--option background=...``, ``--option path=...``) case-insensitively."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from lifepath import UnknownName

T = TypeVar("T")


def _keys(data: Mapping[str, Any]) -> list[str]:
    return [str(k) for k in (data.get("id"), data.get("name"), *data.get("aliases", [])) if k]


def find(named: Sequence[tuple[T, Mapping[str, Any]]], text: str, kind: str) -> T:
    """The item whose id, name or alias equals ``text``, ignoring case and surrounding space.

    ``named`` pairs each item with the mapping that holds its ``id``, ``name`` and ``aliases``. Unknown
    text raises :class:`lifepath.UnknownName` listing the known names.
    """
    low = text.strip().lower()
    for item, data in named:
        if low in (k.lower() for k in _keys(data)):
            return item
    known = ", ".join(str(data.get("name", data.get("id", ""))) for _, data in named)
    raise UnknownName(f"Wormwood Drift has no {kind} called '{text}'", hint=f"known {kind} names: {known}")
