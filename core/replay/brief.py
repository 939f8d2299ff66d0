"""Character briefs: a character's sheet and provenance without its history, and the history rebuilt.

A brief (format :data:`FORMAT`, ``schemas/character-brief.schema.json``) is what ``lifepath generate
--format jsonl`` writes by default: everything of a full export (``lifepath.character/1``) but the history.
The history is not lost: the provenance holds the seed, house rules, options and every recorded decision,
and replaying them makes the history again (the engine is deterministic). Not encoding it makes a batch
several times cheaper to write and its file several times smaller.

:func:`rebuild` turns a brief into the full export it stands for (the history made by replaying it);
:func:`verify` checks a brief as :func:`lifepath.replay.verify` checks a full export, by rebuilding the
history and then verifying the result, so a brief's sheet and provenance are compared with what its seed
and decisions make, field by field, with the same messages.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from lifepath.character import FORMAT as FULL_FORMAT
from lifepath.character import SCHEMA_ID as FULL_SCHEMA_ID
from lifepath.errors import LifepathError, ReplayError

if TYPE_CHECKING:
    from lifepath.character import Character
    from lifepath.host.registry import Registry
    from lifepath.replay import Verdict

FORMAT = "lifepath.character-brief/1"
SCHEMA_ID = "https://lifepath.example/schemas/character-brief.schema.json"


def to_dict(character: Character) -> dict[str, Any]:
    """The brief of ``character``: its export without the history (the history is never encoded)."""
    return {
        "$schema": SCHEMA_ID,
        "format": FORMAT,
        "sheet": character.sheet.to_dict(),
        "provenance": character.provenance,
    }


def is_brief(data: Any) -> bool:
    """Whether ``data`` (a parsed JSON value) says it is a brief."""
    return isinstance(data, Mapping) and data.get("format") == FORMAT


def _replay_history(registry: Registry, provenance: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The history the provenance's seed, rules, options and decisions make, replayed with exactly the
    content it records (:func:`lifepath.host.recorded.registry_for`: a plugin installed since is left out, a
    missing one is a :class:`~lifepath.host.recorded.ContentMismatch`); when the replay stops (a tampered
    record), the events made up to that point, so that :func:`lifepath.replay.verify` names where and why
    it stops."""
    from lifepath.creation import create
    from lifepath.decisions import ScriptedChooser
    from lifepath.engine.history_log import EventLog
    from lifepath.host.recorded import registry_for

    try:
        ruleset = provenance["ruleset"]["id"]
        registry.ruleset(ruleset)
    except (LifepathError, KeyError, TypeError):
        return []
    registry = registry_for(registry, ruleset, provenance)
    log = EventLog()
    try:
        decisions = [(str(k), str(a)) for k, a in provenance["decisions"]]
        made = create(
            registry,
            ruleset,
            seed=provenance["seed"],
            rules=dict(provenance["house_rules"]),
            chooser=ScriptedChooser(sequence=decisions),
            options=dict(provenance.get("options", {})),
            log=log,
        )
    except (LifepathError, KeyError, TypeError, ValueError, AttributeError, IndexError):
        history: list[dict[str, Any]] = json.loads(log.compact_json())
        return history
    return made.history


def rebuild(registry: Registry, record: Mapping[str, Any]) -> dict[str, Any]:
    """The full export (``lifepath.character/1``) that the brief ``record`` stands for: its own sheet and
    provenance, and the history its seed and recorded decisions make.

    The sheet and provenance are kept exactly as the record has them (rebuilding proves nothing about them:
    :func:`verify` does). A record that is no brief, or whose provenance cannot start a replay, is a
    :class:`ReplayError` naming the field.
    """
    if not is_brief(record):
        raise ReplayError(
            f'this is not a character brief (its "format" is not {FORMAT})',
            pointer="/format",
            hint="give a line written by `lifepath generate --format jsonl`",
        )
    provenance = record.get("provenance")
    if not isinstance(provenance, Mapping):
        raise ReplayError(
            'the brief has no provenance ("provenance" must be an object)',
            pointer="/provenance",
            hint="a brief's provenance is what rebuilds its history; write the batch again",
        )
    history = _replay_history(registry, provenance)
    if not history:
        raise ReplayError(
            "the brief's provenance does not start a replay (its ruleset, seed, house rules, options or decisions "
            "cannot be used), so its history cannot be rebuilt",
            pointer="/provenance",
            hint="write the batch again with `lifepath generate --format jsonl`",
        )
    schema = record.get("$schema")
    full: dict[str, Any] = {
        "$schema": FULL_SCHEMA_ID if schema == SCHEMA_ID else schema,
        "format": FULL_FORMAT,
        "sheet": record.get("sheet"),
        "provenance": provenance,
        "history": history,
    }
    for key, value in record.items():  # anything else is kept, so verify reports it
        if key not in full:
            full[key] = value
    if "sheet" not in record:
        del full["sheet"]
    if "$schema" not in record:
        del full["$schema"]
    return full


def verify(registry: Registry, record: Mapping[str, Any]) -> Verdict:
    """Verify a brief: rebuild its history (:func:`rebuild`), then :func:`lifepath.replay.verify` the result.

    The history is the replay's own, so what is compared is the brief's sheet and provenance with what its
    seed and decisions make; a difference is reported as ``verify`` reports one of a full export.
    """
    from lifepath.replay import verify as verify_full

    return verify_full(registry, rebuild(registry, record))


__all__ = ["FORMAT", "SCHEMA_ID", "is_brief", "rebuild", "to_dict", "verify"]
