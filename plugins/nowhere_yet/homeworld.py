"""Homeworlds: reading a UWP, deriving trade codes and the law-level descriptor from the tables."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from lifepath import LifepathError

PSEUDOHEX = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"
_UWP = re.compile(
    r"^([ABCDEX])([0-9A-HJ-NP-Z])([0-9A-HJ-NP-Z])([0-9A-HJ-NP-Z])([0-9A-HJ-NP-Z])([0-9A-HJ-NP-Z])([0-9A-HJ-NP-Z])-([0-9A-HJ-NP-Z])$"
)


@dataclass(frozen=True)
class Homeworld:
    name: str
    uwp: str | None
    trade_codes: tuple[str, ...]
    law_level: int
    law_descriptor: str
    skills: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "uwp": self.uwp,
            "trade_codes": list(self.trade_codes),
            "law_level": self.law_level,
            "law": self.law_descriptor,
        }


def parse_uwp(text: str) -> dict[str, Any]:
    m = _UWP.match(text.strip().upper())
    if not m:
        raise LifepathError(
            f"'{text}' is not a Universal World Profile",
            hint="write it as starport, six pseudohex digits, a dash and the tech level, e.g. A788899-C",
        )
    digits = [PSEUDOHEX.index(g) for g in m.groups()[1:]]
    fields = ("size", "atmosphere", "hydrographics", "population", "government", "law_level", "tech_level")
    return {"starport": m.group(1), **dict(zip(fields, digits, strict=True))}


def check_ranges(text: str, profile: Mapping[str, Any], table: Mapping[str, Any]) -> None:
    """Refuse a profile with a digit outside the range the table gives for it (size and atmosphere 33, say)."""
    for field, limits in table["uwp"]["ranges"].items():
        value = int(profile[field])
        if not _within(value, limits):
            raise LifepathError(
                f"--uwp '{text}' has {field.replace('_', ' ')} {PSEUDOHEX[value]} ({value}), which no world has",
                hint=f"give a {field.replace('_', ' ')} digit {_range_words(limits)}",
            )


def _top(limits: Mapping[str, Any]) -> int:
    return len(PSEUDOHEX) - 1 if limits["max"] is None else int(limits["max"])


def _within(value: int, limits: Mapping[str, Any]) -> bool:
    return int(limits["min"]) <= value <= _top(limits)


def _range_words(limits: Mapping[str, Any]) -> str:
    lo, hi = int(limits["min"]), _top(limits)
    return f"from {PSEUDOHEX[lo]} to {PSEUDOHEX[hi]}" + (f" ({lo} to {hi})" if hi > 9 else "")


def check_options(options: Mapping[str, Any], table: Mapping[str, Any]) -> None:
    """Check the homeworld options together (``--uwp`` or ``--trade-codes``/``--law-level``) before any
    character is made: a profile already gives the trade codes and law level, so both at once is refused."""
    uwp, codes, law = options.get("uwp"), options.get("trade_codes"), options.get("law_level")
    if uwp is not None and (codes is not None or law is not None):
        both = " and ".join(f for f, v in (("--trade-codes", codes), ("--law-level", law)) if v is not None)
        raise LifepathError(
            f"--uwp and {both} both describe the homeworld (a UWP gives its trade codes and law level)",
            hint=f"give either --uwp, or {both} without --uwp",
        )
    split = [c for c in str(codes or "").replace(" ", ",").split(",") if c]
    build(str(options.get("homeworld") or "Homeworld"), uwp, split, law, table)


def trade_codes(profile: Mapping[str, Any], table: Mapping[str, Any]) -> list[str]:
    codes = []
    for code in table["trade_codes"]:
        if all(profile[f] in allowed for f, allowed in code["requires"].items()):
            codes.append(code["code"])
    return codes


def law_descriptor(level: int, table: Mapping[str, Any]) -> str:
    for row in table["law_levels"]:
        if row["min"] <= level and (row["max"] is None or level <= row["max"]):
            return str(row["descriptor"])
    raise LifepathError(f"law level {level} is not on the law-level table", hint="use a law level of 0 or more")


def build(name: str, uwp: str | None, codes: list[str] | None, law: int | None, table: Mapping[str, Any]) -> Homeworld:
    known = {c["code"].lower(): c["code"] for c in table["trade_codes"]}
    known.update({c["name"].lower(): c["code"] for c in table["trade_codes"]})
    if uwp:
        profile = parse_uwp(uwp)
        check_ranges(uwp.strip().upper(), profile, table)
        found = trade_codes(profile, table)
        level = int(profile["law_level"])
        uwp_text: str | None = uwp.strip().upper()
    else:
        found = []
        for c in codes or []:
            if c.strip().lower() not in known:
                raise LifepathError(
                    f"'{c}' is not a trade code", hint="known trade codes: " + ", ".join(sorted(set(known.values())))
                )
            found.append(known[c.strip().lower()])
        level = 0 if law is None else law
        limits = table["uwp"]["ranges"]["law_level"]
        if not _within(level, limits):
            raise LifepathError(
                f"--law-level {level} is not a law level a world can have",
                hint=f"use a law level from {limits['min']} to {_top(limits)}",
            )
        uwp_text = None
    descriptor = law_descriptor(level, table)
    skills: list[str] = []
    for s in [
        *table["skills_by_law_descriptor"].get(descriptor, []),
        *(x for c in found for x in table["skills_by_trade_code"].get(c, [])),
    ]:
        if s not in skills:
            skills.append(s)
    return Homeworld(name, uwp_text, tuple(found), level, descriptor, tuple(skills))


@lru_cache(maxsize=256)
def sample_world(name: str, uwp: str) -> Homeworld:
    """A sample homeworld from the ruleset's list, derived once per process."""
    from .tables import tables

    return build(name, uwp, None, None, tables()["homeworld"])
