"""Careers (and other tables the procedure asks about for every character) compiled once into plain records.

A career's table is read the same way by every character who tries it: the same option in the career
menu (for each policy weight it can have), the same throw purposes and prompts. :func:`career` makes that
record the first time a career is met and keeps it for as long as the career's table is alive, so a
character's terms look things up instead of building them. The records hold no rules of their own: every
number still comes from the career's table, which the record keeps as ``data``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lifepath import Option
from lifepath.host.registry import Contribution
from lifepath.tables import MadeOnce

#: records compiled from the tables, each made once per table object (:class:`lifepath.tables.MadeOnce`)
once = MadeOnce().get


def _throw_text(data: Mapping[str, Any], step: str) -> str:
    spec = data.get(step)
    return f"{step} {spec['characteristic']} {spec['target']}+" if isinstance(spec, Mapping) else ""


class Career:
    """One career's table with what every character's pass through it reuses.

    A plain class rather than a dataclass: this module is imported by every ``create``, and making a
    slotted dataclass costs about a millisecond of start-up each.
    """

    __slots__ = (
        "attempt_prompts",
        "attempt_purposes",
        "data",
        "detail",
        "id",
        "name",
        "options",
        "qualification_code",
        "qualification_purpose",
        "reenlist_prompt",
        "reenlistment_purpose",
        "second_survival_purpose",
        "service_options",
        "service_skills",
        "survival_purpose",
    )

    def __init__(
        self,
        *,
        id: str,
        name: str,
        data: Mapping[str, Any],
        qualification_code: str | None,
        detail: str,
        qualification_purpose: str,
        survival_purpose: str,
        second_survival_purpose: str,
        reenlist_prompt: str,
        attempt_prompts: dict[str, str],
        attempt_purposes: dict[str, str],
        reenlistment_purpose: str,
        service_skills: tuple[str, ...],
        service_options: dict[str, Option],
    ) -> None:
        self.id = id
        self.name = name
        self.data = data
        #: the characteristic its qualification throw uses (None for a career without one, the Drifter)
        self.qualification_code = qualification_code
        #: the throws it leads to, e.g. ``qualification Edu 6+, survival Dex 4+`` (shown to a person)
        self.detail = detail
        self.qualification_purpose = qualification_purpose
        self.survival_purpose = survival_purpose
        self.second_survival_purpose = second_survival_purpose
        self.reenlist_prompt = reenlist_prompt
        #: "Try for a commission in ...?", "Try for advancement in ...?" and the throws' purposes, by step
        self.attempt_prompts = attempt_prompts
        self.attempt_purposes = attempt_purposes
        self.reenlistment_purpose = reenlistment_purpose
        #: the distinct skills of the service-skills table, in table order
        self.service_skills = service_skills
        self.service_options = service_options
        #: the career menu's option for this career, by policy weight
        self.options: dict[float, Option] = {}

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
        attempt_prompts={
            "commission": f"Try for a commission in {name}?",
            "advancement": f"Try for advancement in {name}?",
        },
        attempt_purposes={"commission": f"commission: {name}", "advancement": f"advancement: {name}"},
        reenlistment_purpose=f"reenlistment: {name}",
        service_skills=service,
        service_options={s: Option(s, s, 1.0) for s in service},
    )


def career(contribution: Contribution) -> Career:
    """The compiled record of a career, made the first time it is asked for."""
    return once("career", contribution, lambda: _compile(contribution))


class Menu:
    """The career menu of one set of careers: the records in order, and the menus already made for a
    character's circumstances (careers closed to them, the DMs their characteristics give)."""

    __slots__ = ("careers", "codes", "made", "records")

    def __init__(self, careers: tuple[Contribution, ...], records: tuple[Career, ...], codes: tuple[str, ...]) -> None:
        self.careers = careers
        self.records = records
        #: the characteristics the careers' qualifications use (the DMs a menu's weights depend on)
        self.codes = codes
        self.made: dict[tuple[object, ...], tuple[Option, ...]] = {}


_MENUS: dict[tuple[int, ...], Menu] = {}


def menu(careers: Mapping[str, Contribution]) -> Menu:
    """The compiled menu of ``careers`` (a registry's careers of the ruleset), made once per set."""
    values = tuple(careers.values())
    token = tuple(map(id, values))
    found = _MENUS.get(token)
    if found is None:  # a found menu holds its careers, so the same ids are the same careers
        records = tuple(career(c) for c in values)
        codes = tuple(dict.fromkeys(r.qualification_code for r in records if r.qualification_code))
        found = _MENUS[token] = Menu(values, records, codes)
    return found
