"""Shared by the integrity tests: one registry, untouched NPC exports of every ruleset, and an audit that
runs ``lifepath check``'s whole-export check (a replay, and the build check for a point-build) through
the Python API."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from lifepath.creation import create
from lifepath.decisions import PolicyChooser
from lifepath.errors import ReplayError
from lifepath.replay import check_export, verify
from lifepath.testing import make_registry

REGISTRY = make_registry()
RULESETS = ("nowhere-yet", "wormwood-drift", "d6-pool", "black-nova")
SEEDS = (1, 7)


@cache
def _export_text(ruleset: str, seed: int) -> str:
    character = create(REGISTRY, ruleset, seed=seed, chooser=PolicyChooser(seed))
    return character.to_json()


def export(ruleset: str, seed: int) -> dict[str, Any]:
    """A fresh copy of the ``--auto`` export of ``ruleset`` with ``seed`` (made once per session)."""
    doc: dict[str, Any] = json.loads(_export_text(ruleset, seed))
    return doc


def audit(doc: dict[str, Any], *, whole: bool = True) -> tuple[bool, str]:
    """(refused, the text a user reads): :func:`check_export` (or :func:`verify`), and a
    :class:`ReplayError` for an export that cannot be replayed at all, named as if read from export.json."""
    try:
        verdict = (check_export if whole else verify)(REGISTRY, doc)
    except ReplayError as exc:
        exc.file = "export.json"
        return True, exc.paragraph()
    return not verdict.identical, verdict.message
