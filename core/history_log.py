"""The history as creation records it: a compact log, turned into the JSON events only when read.

Creation records some sixty events per character. Building each as a dict (and its option list, its
modifier list) costs more than the rules themselves, and most of those dicts are never looked at: a batch
of NPCs, a benchmark, a replay that compares sheets. So :class:`EventLog` keeps one small tuple per event
(a kind code and the values, the decision itself rather than its option ids) and makes the event dicts,
exactly as the export holds them, the first time anything reads the history (an export, ``show
--history``, ``verify``, ``ctx.history[-1]``). They are made once and kept, so a plugin that edits an
event it read sees its edit in the export.

With an observer (interactive creation, replay's comparison) every event is made and shown as it
happens, as before.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, overload

if TYPE_CHECKING:
    from lifepath.decisions import Decision
    from lifepath.dice import Dice

#: entry kinds (the first item of every entry)
THROW, DECISION, FORCED, CHANGE, NOTE, EVENT = range(6)

Entry = tuple[Any, ...]
Observer = Callable[[dict[str, Any]], None]


def throw_event(
    purpose: str,
    dice: Dice,
    faces: list[int],
    dms: Sequence[tuple[str, int]],
    total: int,
    target: int | None,
    rule: str | None,
    success: bool | None,
) -> dict[str, Any]:
    """A throw's event; modifiers of 0 are left out (they changed nothing)."""
    event: dict[str, Any] = {
        "type": "throw",
        "purpose": purpose,
        "dice": dice.notation,
        "faces": faces,
        "dms": [[source, value] for source, value in dms if value],
        "total": total,
    }
    if target is not None:
        event["target"] = target
        if rule is not None:
            event["rule"] = rule
        event["success"] = success
    return event


def _throw(e: Entry) -> dict[str, Any]:
    return throw_event(e[1], e[2], e[3], e[4], e[5], e[6], e[7], e[8])


def _decision(e: Entry) -> dict[str, Any]:
    decision: Decision = e[1]
    return {"type": "decision", "key": decision.key, "prompt": decision.prompt, "options": decision.option_ids(),
            "answer": e[2]}


def _forced(e: Entry) -> dict[str, Any]:
    event = _decision(e)
    event["forced"] = True
    return event


def _change(e: Entry) -> dict[str, Any]:
    return {"type": "change", "what": e[1], "from": e[2], "to": e[3], "why": e[4]}


def _note(e: Entry) -> dict[str, Any]:
    event: dict[str, Any] = {"type": "note", "text": e[1]}
    if e[2]:
        event.update(e[2])
    return event


def _ready(e: Entry) -> dict[str, Any]:
    event = e[1]  # EVENT: a ready-made dict, kept as given
    assert isinstance(event, dict)
    return event


#: the maker of each kind's event, indexed by the kind code (one call per event when a history is read:
#: saving a batch makes some hundred events per character)
_MAKERS: tuple[Callable[[Entry], dict[str, Any]], ...] = (_throw, _decision, _forced, _change, _note, _ready)


def event_of(entry: Entry) -> dict[str, Any]:
    """The JSON event an entry stands for."""
    return _MAKERS[entry[0]](entry)


#: compact JSON, as documents are stored and a replay compares them (the one encoder of that form: the
#: history's text, a decision's head and a character's document must agree byte for byte)
encode_compact = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_ANSWER_ENDS = {DECISION: "}", FORCED: ',"forced":true}'}


class EventLog(Sequence[dict[str, Any]]):
    """A character's history: reads as a list of JSON events, records compact entries.

    ``record`` is what :class:`lifepath.creation.Context` calls; ``append`` takes a ready-made event
    (a plugin's own), as the history list always has.
    """

    __slots__ = ("_entries", "_events", "observer", "record")

    def __init__(self, observer: Observer | None = None) -> None:
        self._entries: list[Entry] = []
        self._events: list[dict[str, Any]] = []  # the events made so far, for entries[:len(_events)]
        self.observer = observer
        self.record: Callable[[Entry], None] = self._entries.append if observer is None else self._record_and_show

    def _record_and_show(self, entry: Entry) -> None:
        self._entries.append(entry)
        assert self.observer is not None
        self.observer(self._made()[-1])

    def append(self, event: dict[str, Any]) -> None:
        """Add a ready-made event (shown to the observer like any other)."""
        self.record((EVENT, event))

    def _made(self) -> list[dict[str, Any]]:
        events, entries = self._events, self._entries
        if len(events) < len(entries):
            makers = _MAKERS
            events.extend([makers[e[0]](e) for e in entries[len(events):]])
        return events

    def compact_json(self) -> str:
        """The events as compact JSON text: exactly ``json.dumps(list(self), ensure_ascii=False,
        separators=(",", ":"))``, made without building the events not yet made. Saving and replaying a
        character encode its history this way: a decision's prompt and options are encoded once per
        decision (:meth:`lifepath.decisions.Decision.json_head`), the other events a run at a time."""
        made, entries = self._events, self._entries
        parts = [encode_compact(made)[1:-1]] if made else []
        pending: list[dict[str, Any]] = []
        makers, ends = _MAKERS, _ANSWER_ENDS
        for entry in entries[len(made):]:
            end = ends.get(entry[0])
            if end is None:
                pending.append(makers[entry[0]](entry))
                continue
            if pending:
                parts.append(encode_compact(pending)[1:-1])
                pending = []
            parts.append(entry[1].json_head() + encode_compact(entry[2]) + end)
        if pending:
            parts.append(encode_compact(pending)[1:-1])
        return "[" + ",".join(parts) + "]"

    def events(self) -> list[dict[str, Any]]:
        """Every event, made now if not yet (a new list; the events themselves are shared)."""
        return list(self._made())

    def __len__(self) -> int:
        return len(self._entries)

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...

    @overload
    def __getitem__(self, index: slice) -> list[dict[str, Any]]: ...

    def __getitem__(self, index: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        return self._made()[index]

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self._made())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog):
            other = other._made()
        return isinstance(other, list) and self._made() == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"EventLog({self._made()!r})"
