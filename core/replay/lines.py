"""A line of ``lifepath generate --format jsonl``, found identical to its replay without reading it whole.

``lifepath verify FILE.jsonl`` replays every line of a file of characters. Nearly every line is exactly
what ``generate`` wrote, and for such a line the whole of :func:`lifepath.replay.verify` (parse the line,
check the history's shape, replay, encode the parsed export and the replay again, compare) costs twice what
making the character did. :func:`identical` decides the common case for the cost of making it:

* it reads only the sheet and the provenance, at the places ``generate`` writes them (``{"$schema": ...,
  "format": ..., "sheet": {...}, "provenance": {...}`` and, for a full export, ``, "history": [...]}``), so
  the provenance read is the top-level one and the history (most of a full export's bytes) is never parsed;
* it checks the provenance as :func:`lifepath.replay.verify` does, replays it with exactly the recorded
  content, and writes the replayed character as ``generate`` does (a full export or a brief);
* the line is identical when that text is the line, to the letter, and the replay used every recorded
  decision and found no house-rule difference: the line is then the export of the character its own
  provenance makes, which is what the full verify proves.

Anything else (another layout, a tampered field, a replay that stops or differs, an error) gives ``None``,
and the caller verifies the line the full way, which says what differs or why it cannot be replayed. So
the verdicts are the full verify's, only cheaper where nothing differs.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from lifepath.character import FORMAT, SCHEMA_ID
from lifepath.decisions import ScriptedChooser
from lifepath.errors import LifepathError
from lifepath.replay import _house_rules, _read_provenance
from lifepath.replay import brief as briefs

if TYPE_CHECKING:
    from lifepath.character import Character
    from lifepath.host.registry import Registry

_DECODER = json.JSONDecoder()
#: how ``generate`` starts a line (``json.dumps`` with its default separators), full export and brief
_FULL_HEAD = f'{{"$schema": {json.dumps(SCHEMA_ID)}, "format": {json.dumps(FORMAT)}, "sheet": '
_BRIEF_HEAD = f'{{"$schema": {json.dumps(briefs.SCHEMA_ID)}, "format": {json.dumps(briefs.FORMAT)}, "sheet": '
_PROVENANCE = ', "provenance": '
_HISTORY = ', "history": '
#: what a replay or a tampered value may raise; the full verify then says what it means
_FALLBACK = (LifepathError, KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError)


def identical(registry: Registry, text: str) -> dict[str, Any] | None:
    """The sheet of the character on ``text`` (one line as ``generate --format jsonl`` writes it, without its
    line feed) when the line is, to the letter, what its seed and recorded decisions make; else ``None``:
    then :func:`lifepath.replay.verify` of the parsed line gives the verdict."""
    try:
        return _identical(registry, text)
    except _FALLBACK:
        return None


def _identical(registry: Registry, text: str) -> dict[str, Any] | None:
    if text.startswith(_FULL_HEAD):
        full, start = True, len(_FULL_HEAD)
    elif text.startswith(_BRIEF_HEAD):
        full, start = False, len(_BRIEF_HEAD)
    else:
        return None
    sheet, end = _DECODER.raw_decode(text, start)
    if not text.startswith(_PROVENANCE, end):
        return None
    provenance, end = _DECODER.raw_decode(text, end + len(_PROVENANCE))
    if not (text.startswith(_HISTORY, end) if full else end == len(text) - 1):
        return None  # (the rest is compared with the replay's text below)
    if type(sheet) is not dict or type(provenance) is not dict:
        return None
    made = _replayed(registry, sheet, provenance)
    if made is None or not made.history:
        return None
    for event in made.history:  # as the full verify reads the line's (or the brief's rebuilt) history
        if type(event) is not dict or type(event.get("type")) is not str:
            return None
    written = made.to_dict() if full else briefs.to_dict(made)
    if json.dumps(written, ensure_ascii=False) != text:
        return None
    return sheet


def replayed_text(registry: Registry, document: dict[str, Any]) -> str | None:
    """What the character ``document`` (a full export, parsed) replays to, as compact JSON (as the store
    keeps documents: :meth:`lifepath.Character.compact_json`), when its provenance replays with exactly
    the recorded content, uses every recorded decision and finds no house-rule difference; else ``None``.

    When the text is the document's own compact text, to the letter, the document is identical to its
    replay, as :func:`lifepath.replay.verify` would find it (``lifepath import`` compares it with the line it
    read, so its history is neither checked nor encoded again); anything else, ``None`` included, goes to
    the full verify, which says what differs."""
    try:
        sheet, provenance, history = document["sheet"], document["provenance"], document["history"]
        if type(sheet) is not dict or type(provenance) is not dict or type(history) is not list or not history:
            return None
        for event in history:  # the document's own events, which the caller's text comparison makes the replay's
            if type(event) is not dict or type(event.get("type")) is not str:
                return None
        made = _replayed(registry, sheet, provenance)
        return None if made is None else made.compact_json()
    except _FALLBACK:
        return None


def _replayed(registry: Registry, sheet: dict[str, Any], provenance: dict[str, Any]) -> Character | None:
    """The character ``provenance`` makes with exactly its recorded content, or ``None`` when the replay
    would differ whatever it made: a house-rule difference, a recorded decision never asked for."""
    ex = _read_provenance(provenance, sheet, [])  # a ReplayError: the full verify names the field
    registry.ruleset(ex.ruleset_id)
    from lifepath.host.recorded import registry_for

    registry = registry_for(registry, ex.ruleset_id, ex.provenance)
    rule_differences, _runnable = _house_rules(registry, ex)
    if rule_differences:
        return None
    from lifepath.creation import create

    chooser = ScriptedChooser(sequence=list(ex.decisions))
    made = create(registry, ex.ruleset_id, seed=ex.seed, rules=ex.rules, chooser=chooser, options=ex.options)
    return None if chooser.unused else made


__all__ = ["identical", "replayed_text"]
