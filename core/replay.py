"""Replay: re-run a character's creation from its export and say whether it comes out the same."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lifepath.character import Character
from lifepath.decisions import ScriptedChooser
from lifepath.errors import LifepathError, ReplayError

if TYPE_CHECKING:
    from lifepath.registry import Registry


@dataclass
class Verdict:
    """The audit of one character: identical, or where the replay first parts from the export."""

    identical: bool
    message: str
    event_index: int | None = None
    stored_event: Any = None
    replayed_event: Any = None
    provenance_differences: list[str] | None = None


def _describe(event: Any) -> str:
    return json.dumps(event, ensure_ascii=False) if event is not None else "(nothing)"


def verify(registry: Registry, exported: dict[str, Any]) -> Verdict:
    """Replay ``exported`` (a character export as a dict) and compare history, sheet and provenance."""
    try:
        stored = Character.from_dict(exported)
        prov = stored.provenance
        ruleset_id = prov["ruleset"]["id"]
        seed = prov["seed"]
        rules = prov["house_rules"]
        decisions = [(str(k), str(a)) for k, a in prov["decisions"]]
        options = prov.get("options", {})
    except (KeyError, TypeError, ValueError) as exc:
        raise ReplayError(
            f"the export's provenance cannot be read (missing {exc})", hint="export the character again"
        ) from None
    registry.ruleset(ruleset_id)  # unknown ruleset -> UnknownName with the known list
    differences = []
    version = registry.ruleset(ruleset_id).version
    if prov["ruleset"].get("version") != version:
        differences.append(f"made with {ruleset_id} {prov['ruleset'].get('version')}, replayed with {version}")
    if prov.get("tables_sha256") != registry.digest(ruleset_id):
        differences.append("the ruleset's tables have changed since it was made")

    from lifepath.creation import create

    chooser = ScriptedChooser(sequence=decisions)
    try:
        replayed = create(registry, ruleset_id, seed=seed, rules=rules, chooser=chooser, options=options)
    except LifepathError as exc:
        return Verdict(False, f"the replay stopped: {exc.paragraph()}", None, None, None, differences)

    a, b = stored.history, replayed.history
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return Verdict(
                False,
                f"history differs first at event {i + 1}: "
                f"the export has {_describe(x)}, the replay gives {_describe(y)}",
                i,
                x,
                y,
                differences,
            )
    if len(a) != len(b):
        i = min(len(a), len(b))
        x_end: dict[str, Any] | None = a[i] if i < len(a) else None
        y_end: dict[str, Any] | None = b[i] if i < len(b) else None
        return Verdict(
            False,
            f"history differs first at event {i + 1}: "
            f"the export has {_describe(x_end)}, the replay gives {_describe(y_end)}",
            i,
            x,
            y,
            differences,
        )
    if stored.sheet.to_dict() != replayed.sheet.to_dict():
        keys = [k for k, v in stored.sheet.to_dict().items() if replayed.sheet.to_dict().get(k) != v]
        return Verdict(
            False,
            f"the history replays exactly but the sheet differs in: {', '.join(keys)}",
            None,
            None,
            None,
            differences,
        )
    if chooser.unused:
        return Verdict(
            False, f"{chooser.unused} recorded decision(s) were never asked for", None, None, None, differences
        )
    note = "identical: the seed and recorded decisions reproduce this character exactly"
    if differences:
        note += " (note: " + "; ".join(differences) + ")"
    return Verdict(True, note, provenance_differences=differences)
