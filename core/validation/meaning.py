"""Meaning checks: what a table names must exist, beyond the shape its schema checks.

A ruleset publishes its :class:`Vocabulary` (the skills and traits its tables may name) and checks a
table's meaning in :meth:`lifepath.Ruleset.meaning_errors`; plugins add skills and traits through
``lifepath_register_skills`` and ``lifepath_register_traits``. Every error names the file, the JSON pointer
and the nearest valid name.
"""

from __future__ import annotations

import difflib
import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from lifepath.errors import SoonRefused as SoonRefused
from lifepath.errors import TableError
from lifepath.support.jsonpos import line_of
from lifepath.tables import Table


@dataclass
class Vocabulary:
    """The names a ruleset's tables may use: skills by name, traits by id (each with who added it)."""

    skills: dict[str, str] = field(default_factory=dict)  # name -> one-line summary
    traits: dict[str, dict[str, Any]] = field(default_factory=dict)  # id -> {"id", "name", "summary", ...}
    skill_plugins: dict[str, str] = field(default_factory=dict)  # name -> plugin that registered it
    trait_plugins: dict[str, str] = field(default_factory=dict)  # id -> plugin that registered it

    def digest(self) -> str:
        """A hash of every name, so a table checked against one vocabulary is rechecked under another."""
        text = json.dumps([sorted(self.skills), sorted(self.traits)], ensure_ascii=False)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def trait_name(self, trait_id: str) -> str:
        """The name a trait is shown by (its id only if nobody defines it)."""
        entry = self.traits.get(trait_id)
        return str(entry.get("name", trait_id)) if entry else trait_id


def nearest(name: str, known: Iterable[str]) -> str | None:
    """The closest known name (case-insensitive), or None when nothing is close."""
    options = list(known)
    lowered = {o.lower(): o for o in options}
    if name.lower() in lowered:
        return lowered[name.lower()]
    found = difflib.get_close_matches(name.lower(), list(lowered), n=1, cutoff=0.6)
    return lowered[found[0]] if found else None


#: checks that warn before they refuse: the kind of name -> (the lifepath version that refuses it, what is
#: done with the name meanwhile). A species naming a trait nobody registered was accepted (a sheet-only
#: trait) before lifepath 0.1 checked trait ids.
SOON_REFUSED: dict[str, tuple[str, str]] = {
    "trait id": ("0.2", "it is kept as a sheet-only trait (shown by its id, with no effect)"),
}


def unknown_name(table: Table, pointer: str, kind: str, name: str, known: Iterable[str], how_to_add: str) -> TableError:
    """The error for a name the vocabulary does not have: file, line, pointer and the nearest valid name
    (a :class:`SoonRefused` for a kind in :data:`SOON_REFUSED`)."""
    near = nearest(name, known)
    hint = f"did you mean '{near}'? {how_to_add[:1].upper()}{how_to_add[1:]}" if near else how_to_add
    message = f"'{name}' is not a {kind} this ruleset knows"
    if kind in SOON_REFUSED:
        until, instead = SOON_REFUSED[kind]
        line = line_of(table.text, pointer) if table.text else None
        return SoonRefused(
            message, until=until, instead=instead, file=table.source, line=line, pointer=pointer, hint=hint
        )
    return problem(table, pointer, message, hint)


def problem(table: Table, pointer: str, message: str, hint: str) -> TableError:
    line = line_of(table.text, pointer) if table.text else None
    return TableError(message, file=table.source, line=line, pointer=pointer, hint=hint)


__all__ = ["SOON_REFUSED", "SoonRefused", "Vocabulary", "nearest", "problem", "unknown_name"]
