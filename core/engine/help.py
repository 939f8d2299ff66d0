"""Help for a person at a decision: the ruleset's words for the decision's key, and each option's detail.

A ruleset keeps its help in ``data/help.json`` (schema ``help.schema.json``), keyed by decision key. The
file is read only when a person asks for help, and is not one of the ruleset's creation tables, so it
is not part of a character's table digest: better help never changes a character.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING

from lifepath.decisions import Decision

if TYPE_CHECKING:
    from lifepath.ruleset import Ruleset


def _package(ruleset: Ruleset) -> str:
    name = type(ruleset).__module__
    try:
        module = importlib.import_module(name)
    except ImportError:
        return name
    return name if hasattr(module, "__path__") else name.rpartition(".")[0]


@cache
def _texts(package: str) -> dict[str, str]:
    from importlib import resources

    from lifepath.tables import load_table

    try:
        if not resources.files(package).joinpath("data", "help.json").is_file():
            return {}
    except (ModuleNotFoundError, TypeError, ValueError):  # a ruleset defined outside any package
        return {}
    return dict(load_table(package, "data/help.json").data["decisions"])


def decision_texts(ruleset: Ruleset) -> dict[str, str]:
    """The ruleset's help text for each decision key it declares (empty when it ships none)."""
    return _texts(_package(ruleset))


def explain(ruleset: Ruleset, decision: Decision) -> str:
    """Lines explaining ``decision``: what it means, then each option that carries a detail."""
    lines = []
    text = decision_texts(ruleset).get(decision.key)
    lines.append(text if text else f"(no help is written for '{decision.key}' yet)")
    details = [(i, o) for i, o in enumerate(decision.options, 1) if o.detail]
    if details:
        lines.append("Options:")
        lines.extend(
            f"  {i:>2}. {o.text()}: {o.detail}" + (f" (cannot be taken now: {o.disabled})" if o.disabled else "")
            for i, o in details
        )
    if decision.default:
        lines.append(f"Enter alone takes {decision.default}.")
    return "\n".join(lines)
