"""Derived values: Resolve (section 1.7), Stamina and Lifeblood (4.1), carrying capacity (5.4), each
``base + Attributes - cost x installed cyberware`` with its numbers from ``creation.json``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def derived_values(
    characteristics: Mapping[str, int], formulas: Mapping[str, Any], cyberware: int, cyberware_costs: bool
) -> dict[str, int]:
    """Every derived value by id (``resolve``, ``stamina``, ``lifeblood``, ``carrying``)."""
    out: dict[str, int] = {}
    for key, f in formulas.items():
        value = int(f["base"]) + sum(int(characteristics[a]) for a in f["attributes"])
        if cyberware_costs:
            value -= int(f["cyberware_cost"]) * cyberware
        out[key] = value
    return out


def formula_text(formula: Mapping[str, Any]) -> str:
    """A formula in words, e.g. ``10 + Wits + Presence``."""
    return " + ".join([str(formula["base"]), *formula["attributes"]])
