"""Comparing what a replay makes with what an export holds, and saying the difference in words.

Every difference is a :class:`Difference`: where it is (a dotted field path such as
``sheet.characteristics.Str`` and the JSON pointer ``/sheet/characteristics/Str``), what the replay makes
(``expected``), what the export holds (``found``) and one line of text. Values are written
``made -> exported``: ``characteristics.Str: 7 -> 9`` means the seed makes 7 and the export says 9.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: a value the replay or the export does not have at all
ABSENT: Any = None


@dataclass(frozen=True, slots=True)
class Difference:
    """One way an export differs from its replay (or cannot be trusted)."""

    #: ``history``, ``sheet``, ``provenance``, ``export``, ``replay`` or ``build``
    part: str
    #: a dotted field path (``sheet.traits``) or an event (``history event 14``)
    where: str
    #: the JSON pointer into the export (``/sheet/traits``); "" for the whole export
    pointer: str
    text: str
    expected: Any = ABSENT
    found: Any = ABSENT

    def to_dict(self) -> dict[str, Any]:
        return {
            "part": self.part,
            "where": self.where,
            "pointer": self.pointer,
            "expected": self.expected,
            "found": self.found,
            "text": self.text,
        }


def show(value: Any) -> str:
    """A value as it is written in the export (JSON), for one line of text."""
    return json.dumps(value, ensure_ascii=False)


def escape(key: str) -> str:
    """A key as one JSON pointer step."""
    return key.replace("~", "~0").replace("/", "~1")


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON values: 1, 1.0 and true are three different things in an export."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and bool(a == b)


def same(a: Any, b: Any) -> bool:
    """``a`` and ``b`` are the same JSON value (types included)."""
    return _same(a, b)


def _same_text(a: Any, b: Any) -> bool:
    """A quick sufficient test: the same JSON text is the same JSON value, types included (``1``, ``1.0``
    and ``true`` are written differently). Different text may still be the same value (keys in another
    order), which :func:`_same` decides."""
    try:
        return json.dumps(a) == json.dumps(b)
    except (TypeError, ValueError):
        return False


def _text_list(values: Sequence[Any]) -> bool:
    return all(isinstance(v, str) for v in values)


def _scalar_list(values: Sequence[Any]) -> bool:
    return all(isinstance(v, (str, int, float, bool)) or v is None for v in values)


def _counted(values: Sequence[Any]) -> Counter[str]:
    return Counter(show(v) for v in values)


def values(part: str, path: str, pointer: str, made: Any, found: Any, out: list[Difference]) -> None:
    """Append every difference between ``made`` (the replay) and ``found`` (the export) under ``path``."""
    if same(made, found):
        return
    if isinstance(made, dict) and isinstance(found, dict):
        for key in made:
            sub, ptr = f"{path}.{key}" if path else str(key), f"{pointer}/{escape(str(key))}"
            if key not in found:
                out.append(
                    Difference(
                        part, sub, ptr, f"{sub}: missing (the replay makes {show(made[key])})", made[key], ABSENT
                    )
                )
            else:
                values(part, sub, ptr, made[key], found[key], out)
        for key in found:
            if key not in made:
                sub, ptr = f"{path}.{key}" if path else str(key), f"{pointer}/{escape(str(key))}"
                out.append(
                    Difference(
                        part,
                        sub,
                        ptr,
                        f"{sub}: added {show(found[key])} (the replay has no such field)",
                        ABSENT,
                        found[key],
                    )
                )
        return
    if isinstance(made, list) and isinstance(found, list):
        if _text_list(made) and _text_list(found):
            _text_lists(part, path, pointer, made, found, out)
            return
        if _scalar_list(made) and _scalar_list(found):
            out.append(Difference(part, path, pointer, f"{path}: {show(made)} -> {show(found)}", made, found))
            return
        for i, (x, y) in enumerate(zip(made, found, strict=False)):
            values(part, f"{path}[{i}]", f"{pointer}/{i}", x, y, out)
        if len(made) != len(found):
            extra = found[len(made) :] if len(found) > len(made) else made[len(found) :]
            word = "added" if len(found) > len(made) else "missing"
            out.append(
                Difference(
                    part,
                    path,
                    pointer,
                    f"{path}: {len(made)} entries -> {len(found)} ({word}: " + ", ".join(show(v) for v in extra) + ")",
                    made,
                    found,
                )
            )
        return
    out.append(Difference(part, path, pointer, f"{path}: {show(made)} -> {show(found)}", made, found))


def _text_lists(part: str, path: str, pointer: str, made: list[Any], found: list[Any], out: list[Difference]) -> None:
    a, b = _counted(made), _counted(found)
    added = list((b - a).elements())
    removed = list((a - b).elements())
    words = []
    if added:
        words.append("added " + ", ".join(added))
    if removed:
        words.append("removed " + ", ".join(removed))
    if not words:
        words.append(f"the same entries in another order ({show(made)} -> {show(found)})")
    out.append(Difference(part, path, pointer, f"{path}: " + "; ".join(words), made, found))


# -- history events --------------------------------------------------------------------------------


def label(event: Any) -> str:
    """A short name for a history event: ``a throw for 'survival: Pirate' (2D6)``, ``decision 'career'``."""
    if not isinstance(event, Mapping):
        return f"{show(event)} (not an event)"
    kind = event.get("type")
    if kind == "throw":
        return f"a throw for {show(event.get('purpose'))} ({event.get('dice')})"
    if kind == "decision":
        return f"decision {show(event.get('key'))}"
    if kind == "change":
        return f"a change of {show(event.get('what'))}"
    if kind == "note":
        return f"a note {show(event.get('text'))}"
    if kind == "crisis":
        return f"a crisis ({event.get('kind')})"
    return f"an event of type {show(kind)}"


def _why(made: Mapping[str, Any], found: Mapping[str, Any], decision: int | None) -> str:
    """What may have been edited, for a throw or a decision that comes out differently."""
    if (
        made.get("type") == "throw"
        and made.get("purpose") == found.get("purpose")
        and made.get("faces") != found.get("faces")
    ):
        return " (the dice of the seed in provenance.seed do not give these faces: the throw or the seed was edited)"
    if made.get("type") == "decision" and made.get("options") != found.get("options"):
        return (
            " (the replay offers other options: the history was edited, or the seed or house rules it was made "
            "with are not provenance.seed and provenance.house_rules)"
        )
    if made.get("type") == "decision" and made.get("answer") != found.get("answer") and decision is not None:
        return (
            f" (the replay takes the answer from provenance.decisions[{decision}], decision {decision + 1}; "
            "the history or the recorded decisions were edited)"
        )
    return ""


def event(index: int, made: Any, found: Any, decision: int | None = None) -> Difference:
    """The difference at history event ``index`` (from 0), named by its kind and the fields that differ.
    ``decision``: the index in ``provenance.decisions`` of the answer a differing decision event got."""
    where = f"history event {index + 1}"
    pointer = f"/history/{index}"
    if isinstance(made, Mapping) and isinstance(found, Mapping) and made.get("type") == found.get("type"):
        fields: list[Difference] = []
        values("history", "", "", dict(made), dict(found), fields)
        what = "; ".join(d.text for d in fields)
        return Difference(
            "history", where, pointer, f"{where} ({label(made)}): {what}{_why(made, found, decision)}", made, found
        )
    return Difference(
        "history",
        where,
        pointer,
        f"{where}: the replay makes {label(made)}, the export has {label(found)}",
        made,
        found,
    )


def history(made: Sequence[Any], found: Sequence[Any], *, stopped: bool = False) -> list[Difference]:
    """How ``found`` (the export's history) differs from ``made`` (the replay's): the first differing
    event, a reordering, and a history that is shorter or longer. ``stopped``: the replay did not finish,
    so ``made`` is only a beginning."""
    out: list[Difference] = []
    if not stopped and _same_text(made, found):  # the common case, decided by the C encoder
        return out
    first = next((i for i, (x, y) in enumerate(zip(made, found, strict=False)) if not same(x, y)), None)
    if first is not None:
        if len(made) == len(found) and _counted(made) == _counted(found):
            out.append(
                Difference(
                    "history",
                    f"history event {first + 1}",
                    f"/history/{first}",
                    f"history event {first + 1}: the export has the same events in another order; here the replay "
                    f"makes {label(made[first])}, the export has {label(found[first])}",
                    made[first],
                    found[first],
                )
            )
        else:
            asked = sum(1 for e in made[: first + 1] if e.get("type") == "decision" and not e.get("forced"))
            out.append(event(first, made[first], found[first], asked - 1 if asked else None))
    if stopped:
        return out
    if len(found) < len(made):
        n = len(found)
        out.append(
            Difference(
                "history",
                f"history event {n + 1}",
                f"/history/{n}",
                f"the export's history ends after event {n}, but the replay goes on with event {n + 1} "
                f"({label(made[n])}) and makes {len(made)} events in all",
                made[n],
                ABSENT,
            )
        )
    elif len(found) > len(made):
        n = len(made)
        out.append(
            Difference(
                "history",
                f"history event {n + 1}",
                f"/history/{n}",
                f"the export's history has {len(found)} events, but the replay makes only {n}: event {n + 1} "
                f"({label(found[n])}) and every event after it are not made by the seed",
                ABSENT,
                found[n],
            )
        )
    return out
