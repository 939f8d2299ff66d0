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

A throw's entry also keeps the ``kind`` and ``career`` the ruleset gave ``ctx.roll``: :meth:`EventLog.tags`
and :meth:`lifepath.character.Character.tags` read them beside the events, so a reader in the same
process (the odds report) counts throws by kind and career instead of parsing their words. The export's
events leave them out: exports stay byte for byte what they were, and a history read back from a file
has no tags.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from json.encoder import encode_basestring
from typing import TYPE_CHECKING, Any, NamedTuple, overload

if TYPE_CHECKING:
    from lifepath.decisions import Decision
    from lifepath.engine.dice import Dice

#: entry kinds (the first item of every entry)
THROW, DECISION, FORCED, CHANGE, NOTE, EVENT = range(6)

Entry = tuple[Any, ...]


class Tag(NamedTuple):
    """What the ruleset said of an event beyond its words: a throw's stable ``kind`` and its ``career`` id
    (``ctx.roll(..., kind=, career=)``); ``None`` for what it did not give, and for every other event."""

    kind: str | None
    career: str | None


#: the tag of an event the ruleset said nothing more of
UNTAGGED = Tag(None, None)
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
    return {
        "type": "decision",
        "key": decision.key,
        "prompt": decision.prompt,
        "options": decision.option_ids(),
        "answer": e[2],
    }


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


def _value(value: Any) -> str:
    """``encode_compact(value)``, written here for a string, a whole number (not a bool), ``None`` and the
    two bools, the values of nearly every event (the C encoder's set-up costs more than the writing of one
    small value); anything else goes to the encoder."""
    kind = type(value)
    if kind is str:
        return _string(value)
    if kind is int:
        return _int(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    return encode_compact(value)


_string: Callable[[str], str] = encode_basestring  # what encode_compact writes for a str
_int: Callable[[int], str] = int.__repr__  # and for an int (only ever given exact ints: not a bool, no subclass)


def _throw_text(e: Entry) -> str | None:
    """A throw entry as compact JSON, byte for byte :func:`encode_compact` of its event; ``None`` when a
    value is of a type only the encoder writes (then the event is made and encoded)."""
    _, purpose, dice, faces, dms, total, target, rule, success = e[:9]
    notation = dice.notation
    if type(purpose) is not str or type(notation) is not str or type(total) is not int:
        return None
    for face in faces:
        if type(face) is not int:
            return None
    if dms:
        written = []
        for source, value in dms:
            if value:
                if type(source) is not str or type(value) is not int:
                    return None
                written.append("[" + _string(source) + "," + _int(value) + "]")
        modifiers = ",".join(written)
    else:
        modifiers = ""
    text = (
        '{"type":"throw","purpose":'
        + _string(purpose)
        + ',"dice":'
        + _string(notation)
        + ',"faces":['
        + ",".join(map(_int, faces))
        + '],"dms":['
        + modifiers
        + '],"total":'
        + _int(total)
    )
    if target is None:
        return text + "}"
    if type(target) is not int:
        return None
    text += ',"target":' + _int(target)
    if rule is not None:
        if type(rule) is not str:
            return None
        text += ',"rule":' + _string(rule)
    return text + ',"success":' + _value(success) + "}"


def _entry_text(e: Entry) -> str:
    """One entry's event as compact JSON: exactly ``encode_compact(event_of(e))``, written without making
    the event for the common kinds (a saved character's history is some hundred events)."""
    kind = e[0]
    if kind in _ANSWER_ENDS:
        decision: Decision = e[1]
        return decision.json_head() + _value(e[2]) + _ANSWER_ENDS[kind]
    if kind == CHANGE:
        what, why = e[1], e[4]
        if type(what) is str and type(why) is str:
            return (
                '{"type":"change","what":'
                + _string(what)
                + ',"from":'
                + _value(e[2])
                + ',"to":'
                + _value(e[3])
                + ',"why":'
                + _string(why)
                + "}"
            )
    elif kind == THROW:
        text = _throw_text(e)
        if text is not None:
            return text
    elif kind == NOTE and not e[2] and type(e[1]) is str:
        return '{"type":"note","text":' + _string(e[1]) + "}"
    return encode_compact(_MAKERS[kind](e))


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
            events.extend([makers[e[0]](e) for e in entries[len(events) :]])
        return events

    def compact_json(self) -> str:
        """The events as compact JSON text: exactly ``json.dumps(list(self), ensure_ascii=False,
        separators=(",", ":"))``, made without building the events not yet made. Saving and replaying a
        character encode its history this way: a decision's prompt and options are encoded once per
        decision (:meth:`lifepath.decisions.Decision.json_head`), and the throws, changes and notes are
        written straight from their entries (the JSON encoder costs several times more for each small
        event than writing it does); events already made (and perhaps edited) are encoded as they are."""
        made, entries = self._events, self._entries
        parts = [encode_compact(made)[1:-1]] if made else []
        parts.extend(map(_entry_text, entries[len(made) :] if made else entries))
        return "[" + ",".join(parts) + "]"

    def events(self) -> list[dict[str, Any]]:
        """Every event, made now if not yet (a new list; the events themselves are shared)."""
        return list(self._made())

    def tags(self) -> list[Tag]:
        """Each event's :class:`Tag`, in the history's order (a throw's kind and career id)."""
        return [Tag(e[9], e[10]) if e[0] == THROW else UNTAGGED for e in self._entries]

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
