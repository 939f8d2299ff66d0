"""Version requirements a plugin declares (``">=1.0,<2"``), checked without third-party packages."""

from __future__ import annotations

import re

from lifepath.errors import LifepathError

_CLAUSE = re.compile(r"^\s*(>=|<=|==|!=|>|<|~=)?\s*([0-9]+(?:\.[0-9]+)*)\s*$")


def _key(version: str) -> tuple[int, ...]:
    parts = [int(p) for p in re.findall(r"\d+", version)[:3]]
    return tuple(parts + [0] * (3 - len(parts)))


def satisfies(version: str, requirement: str) -> bool:
    """Whether ``version`` meets every comma-separated clause of ``requirement``."""
    v = _key(version)
    for clause in requirement.split(","):
        if not clause.strip():
            continue
        m = _CLAUSE.match(clause)
        if not m:
            raise LifepathError(f"'{requirement}' is not a version requirement", hint='write it like ">=1.0,<2"')
        op, target = m.group(1) or "==", _key(m.group(2))
        ok = {
            ">=": v >= target,
            "<=": v <= target,
            ">": v > target,
            "<": v < target,
            "==": v == target,
            "!=": v != target,
            "~=": v >= target and v[0] == target[0],
        }[op]
        if not ok:
            return False
    return True
