"""Reading a character's history: one line of plain text per event."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def _signed(v: int) -> str:
    return f"+{v}" if v >= 0 else str(v)


def describe(event: dict[str, Any]) -> str:
    """One readable line for a history event."""
    kind = event.get("type")
    if kind == "throw":
        faces = "+".join(str(f) for f in event["faces"])
        # each DM under its name, as recorded (["Hardy", 1] reads "Hardy +1")
        dms = ",".join(f" {s} {_signed(v)}" for s, v in event.get("dms", []))
        text = f"{event['purpose']}: {event['dice']} [{faces}]{dms} = {event['total']}"
        if "target" in event:
            text += f" vs {event['target']}+: {'success' if event['success'] else 'failure'}"
        if "rule" in event:
            text += f" ({event['rule']})"
        return text
    if kind == "decision":
        return f"{event['prompt']} -> {event['answer']}" + (" (only choice)" if event.get("forced") else "")
    if kind == "change":
        return f"  {event['what']}: {event['from']} -> {event['to']} ({event['why']})"
    if kind == "crisis":
        return f"CRISIS ({event['kind']}): {event['cause']} -> {event['outcome']}: {event['note']}"
    if kind == "note":
        return f"-- {event['text']}"
    return str(event)


def _plain(value: Any) -> str:
    """A changed value as a person writes it: a mapping as ``Strength 0, Agility 1``, a list joined."""
    if isinstance(value, dict):
        return ", ".join(f"{k} {_plain(v)}" for k, v in value.items()) or "nothing"
    if isinstance(value, list | tuple):
        return ", ".join(_plain(v) for v in value) or "nothing"
    return str(value)


def spoken(event: dict[str, Any], names: Mapping[str, str] | None = None) -> str:
    """One line for a person watching creation (the terminal, the creation page): a throw on one line with
    its verdict, a change as ``Strength 9 (rolled 2D6)`` or ``Gun Combat 0 -> 1 (...)``, never ``None`` or a
    bracketed mapping. ``names`` gives a characteristic's name for the code the history records
    (``Ruleset.characteristic_names``). :func:`describe` keeps the ``--history`` form, which exports and
    goldens hold."""
    kind = event.get("type")
    if kind == "throw":
        faces = "+".join(str(f) for f in event["faces"])
        dms = "".join(f" {s} {_signed(v)}" for s, v in event.get("dms", []) if v)
        text = f"roll: {event['purpose']}: {event['dice']} [{faces}]{dms} = {event['total']}"
        if "target" in event:
            text += f", needs {event['target']}+ -> {'SUCCESS' if event['success'] else 'FAILURE'}"
        if "rule" in event:
            text += f" ({event['rule']})"
        return text
    if kind == "change":
        what = str(event["what"])
        if what.startswith("characteristic "):
            code = what.removeprefix("characteristic ")
            what = (names or {}).get(code, code)
        what = what.removeprefix("skill ")
        before, after = event["from"], event["to"]
        why = f" ({event['why']})" if event.get("why") else ""
        if before is None or before in ("", {}, []):
            return f"  {what} {_plain(after)}{why}"
        return f"  {what} {_plain(before)} -> {_plain(after)}{why}"
    if kind == "crisis":
        return f"CRISIS ({event['kind']}): {event['cause']}: {event['outcome']}" + (
            f"; {event['note']}" if event.get("note") else ""
        )
    if kind == "note":
        return f"-- {event['text']}"
    return describe(event)


def render(history: list[dict[str, Any]]) -> str:
    return "\n".join(describe(e) for e in history) + "\n"


def made_with(provenance: dict[str, Any]) -> str:
    """The line ``--history`` ends with: which plugins (name and version) made the character, the content a
    replay of it needs (``lifepath verify``)."""
    plugins = provenance.get("plugins")
    listed = (
        ", ".join(f"{p.get('name')} {p.get('version', '')}".strip() for p in plugins if isinstance(p, dict))
        if isinstance(plugins, list)
        else ""
    )
    return f"-- made with the plugins: {listed or 'none recorded'}\n"
