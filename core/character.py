"""The character sheet, the finished character, and its JSON export.

One sheet shape serves every ruleset. The generic fields mean the same thing everywhere; what only one
ruleset has (Scars, derived scores, a homeworld, a UPP) lives in ``extra`` and in the career records'
``extra``, documented by that ruleset.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lifepath.engine.history_log import UNTAGGED, Tag, encode_compact

if TYPE_CHECKING:
    from lifepath.engine.history_log import EventLog

FORMAT = "lifepath.character/1"
SCHEMA_ID = "https://lifepath.example/schemas/character.schema.json"


@dataclass(slots=True)
class CareerRecord:
    """A career as served: terms, rank reached, how it ended, and anything ruleset-specific."""

    career: str
    name: str
    terms: int = 0
    rank: int = 0
    title: str | None = None
    ended: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "career": self.career,
            "name": self.name,
            "terms": self.terms,
            "rank": self.rank,
            "title": self.title,
            "ended": self.ended,
            "extra": self.extra,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> CareerRecord:
        return cls(
            d["career"], d["name"], d["terms"], d["rank"], d.get("title"), d.get("ended"), dict(d.get("extra", {}))
        )


@dataclass(slots=True)
class Debt:
    """Money owed at the end of creation: ``kind`` is medical, anagathic, legal..."""

    kind: str
    amount: int
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "amount": self.amount, "note": self.note}


@dataclass(slots=True)
class Sheet:
    """The character being built."""

    name: str = ""
    species: str = ""
    sex: str = ""
    age: int = 0
    characteristics: dict[str, int] = field(default_factory=dict)
    skills: dict[str, int] = field(default_factory=dict)
    careers: list[CareerRecord] = field(default_factory=list)
    credits: int = 0
    debts: list[Debt] = field(default_factory=list)
    equipment: list[str] = field(default_factory=list)
    traits: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    status: str = "alive"
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def total_terms(self) -> int:
        total = 0  # a loop: a comprehension is a call of its own, and this is asked some ten times a character
        for career in self.careers:
            total += career.terms
        return total

    @property
    def total_debt(self) -> int:
        return sum(d.amount for d in self.debts)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "species": self.species,
            "sex": self.sex,
            "age": self.age,
            "characteristics": dict(self.characteristics),
            "skills": dict(sorted(self.skills.items())),
            "careers": [c.to_dict() for c in self.careers],
            "credits": self.credits,
            "debts": [d.to_dict() for d in self.debts],
            "equipment": list(self.equipment),
            "traits": list(self.traits),
            "notes": list(self.notes),
            "status": self.status,
            "extra": self.extra,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Sheet:
        return cls(
            name=d.get("name", ""),
            species=d.get("species", ""),
            sex=d.get("sex", ""),
            age=d.get("age", 0),
            characteristics=dict(d.get("characteristics", {})),
            skills=dict(d.get("skills", {})),
            careers=[CareerRecord.from_dict(c) for c in d.get("careers", [])],
            credits=d.get("credits", 0),
            debts=[Debt(x["kind"], x["amount"], x.get("note", "")) for x in d.get("debts", [])],
            equipment=list(d.get("equipment", [])),
            traits=list(d.get("traits", [])),
            notes=list(d.get("notes", [])),
            status=d.get("status", "alive"),
            extra=dict(d.get("extra", {})),
        )


class Character:
    """A finished character: its sheet, the complete history that made it, and where it came from.

    ``history`` may be given as the creation's :class:`lifepath.engine.history_log.EventLog`: its JSON events are
    made the first time ``history`` is read (a batch that never reads it never pays for them), and
    :meth:`tags` reads the kinds and careers its throws were given.
    """

    __slots__ = ("_history", "_log", "provenance", "sheet")

    def __init__(self, sheet: Sheet, history: list[dict[str, Any]] | EventLog, provenance: dict[str, Any]) -> None:
        self.sheet = sheet
        self._history = history
        self._log = None if isinstance(history, list) else history
        self.provenance = provenance

    @property
    def history(self) -> list[dict[str, Any]]:
        history = self._history
        if not isinstance(history, list):
            history = self._history = history.events()
        return history

    @history.setter
    def history(self, events: list[dict[str, Any]]) -> None:
        self._history = events
        self._log = None

    def tags(self) -> list[Tag]:
        """Each history event's :class:`~lifepath.engine.history_log.Tag`: the ``kind`` and ``career`` its
        ruleset gave a throw, as creation recorded them. A character read from a file (or whose history
        was replaced) has only :data:`~lifepath.engine.history_log.UNTAGGED`: exports leave tags out."""
        log, history = self._log, self.history
        if log is not None and len(log) == len(history):
            return log.tags()
        return [UNTAGGED] * len(history)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Character):
            return NotImplemented
        return (self.sheet, self.history, self.provenance) == (other.sheet, other.history, other.provenance)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Character(sheet={self.sheet!r}, history={self.history!r}, provenance={self.provenance!r})"

    @property
    def ruleset(self) -> str:
        return str(self.provenance["ruleset"]["id"])

    def to_dict(self) -> dict[str, Any]:
        return {
            "$schema": SCHEMA_ID,
            "format": FORMAT,
            "sheet": self.sheet.to_dict(),
            "provenance": self.provenance,
            "history": self.history,
        }

    def compact_json(self) -> str:
        """The export as compact JSON (``separators=(",", ":")``, as the store keeps it and a replay compares
        it): exactly ``json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))``, but a history
        still held as the creation's log is encoded from it (:meth:`EventLog.compact_json`), without making
        its events."""
        history = self._history
        if isinstance(history, list):
            return encode_compact(self.to_dict())
        head = encode_compact(
            {"$schema": SCHEMA_ID, "format": FORMAT, "sheet": self.sheet.to_dict(), "provenance": self.provenance}
        )
        return head[:-1] + ',"history":' + history.compact_json() + "}"

    def to_json(self) -> str:
        """The export: the same character always gives the same bytes."""
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False) + "\n"

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Character:
        return cls(Sheet.from_dict(d["sheet"]), list(d["history"]), dict(d["provenance"]))

    def decisions(self) -> list[tuple[str, str]]:
        return [(k, a) for k, a in self.provenance.get("decisions", [])]
