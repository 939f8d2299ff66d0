"""Careers (and other tables the procedure asks about for every character) compiled once into plain records.

A career's table is read the same way by every character who tries it: the same option in the career
menu (for each policy weight it can have), the same throw purposes and prompts. :func:`career` makes that
record the first time a career is met and keeps it for as long as the career's table is alive, so a
character's terms look things up instead of building them. The records hold no rules of their own: every
number still comes from the career's table, which the record keeps as ``data``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from lifepath import Option
from lifepath.registry import Contribution

T = TypeVar("T")

#: records by the id of the object they were compiled from (kept beside it, so the id stays its own)
_BY_IDENTITY: dict[int, tuple[object, Any]] = {}


def once(source: object, make: Callable[[], T]) -> T:
    """``make()``, computed once per ``source`` object (by identity: tables are read-only once loaded)."""
    known = _BY_IDENTITY.get(id(source))
    if known is not None and known[0] is source:
        value: T = known[1]
        return value
    value = make()
    _BY_IDENTITY[id(source)] = (source, value)
    return value


def _throw_text(data: Mapping[str, Any], step: str) -> str:
    spec = data.get(step)
    return f"{step} {spec['characteristic']} {spec['target']}+" if isinstance(spec, Mapping) else ""


@dataclass(slots=True)
class Career:
    """One career's table with what every character's pass through it reuses."""

    id: str
    name: str
    data: Mapping[str, Any]
    #: the characteristic its qualification throw uses (None for a career without one, the Drifter)
    qualification_code: str | None
    #: the throws it leads to, e.g. ``qualification Edu 6+, survival Dex 4+`` (shown to a person)
    detail: str
    qualification_purpose: str
    survival_purpose: str
    second_survival_purpose: str
    reenlist_prompt: str
    reenlistment_purpose: str
    #: the distinct skills of the service-skills table, in table order
    service_skills: tuple[str, ...]
    service_options: dict[str, Option]
    #: the career menu's option for this career, by policy weight
    options: dict[float, Option] = field(default_factory=dict)

    def option(self, weight: float) -> Option:
        found = self.options.get(weight)
        if found is None:
            found = self.options[weight] = Option(self.id, self.name, weight, self.detail)
        return found


def _compile(contribution: Contribution) -> Career:
    data = contribution.data
    name = str(data["name"])
    qualification = data.get("qualification")
    service = tuple(dict.fromkeys(e["skill"] for e in data["skill_tables"]["service_skills"] if "skill" in e))
    detail = ", ".join(t for t in (_throw_text(data, "qualification"), _throw_text(data, "survival")) if t)
    word = "enlistment" if data.get("military") else "qualification"
    return Career(
        id=contribution.id,
        name=contribution.name,
        data=data,
        qualification_code=qualification["characteristic"] if isinstance(qualification, Mapping) else None,
        detail=detail,
        qualification_purpose=f"{word}: {name}",
        survival_purpose=f"survival: {name}",
        second_survival_purpose=f"second survival (anagathics): {name}",
        reenlist_prompt=f"Serve another term in {name}?",
        reenlistment_purpose=f"reenlistment: {name}",
        service_skills=service,
        service_options={s: Option(s, s, 1.0) for s in service},
    )


def career(contribution: Contribution) -> Career:
    """The compiled record of a career, made the first time it is asked for."""
    return once(contribution, lambda: _compile(contribution))
