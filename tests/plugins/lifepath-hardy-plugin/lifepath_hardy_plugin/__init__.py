"""lifepath-hardy-plugin: a Nowhere Yet species, the Kessari, whose Hardy trait gives +1 on survival throws.

Written from docs/plugins/hooks.md alone: a trait registered with ``lifepath_register_traits``, a species
naming it, and ``lifepath_throw_modifiers`` adding the named DM ``("Hardy", 1)`` to every throw whose kind
is ``"survival"`` for a character whose species has the trait. The DM is recorded in the throw and a
replay gives it again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lifepath import Context, ThrowInfo, hookimpl, load_table

lifepath_requires = {"nowhere-yet": ">=1.0,<2"}

RULESET = "nowhere-yet"
HARDY = "hardy"


@hookimpl
def lifepath_register_traits(ruleset_id: str, register: Callable[[dict[str, Any]], None]) -> None:
    """The Hardy trait, for the species below to name."""
    if ruleset_id == RULESET:
        register({"id": HARDY, "name": "Hardy", "summary": "+1 DM on survival throws."})


@hookimpl
def lifepath_register_species(ruleset_id: str, register: Callable[..., None]) -> None:
    """The Kessari: humans in every number, and Hardy."""
    if ruleset_id == RULESET:
        table = load_table(__name__, "data/kessari.json")
        for species in table.data["species"]:
            register(species, table=table)


@hookimpl
def lifepath_throw_modifiers(ctx: Context, throw: ThrowInfo) -> list[tuple[str, int]] | None:
    """Hardy: +1 on every survival throw of a character whose species has the trait."""
    if ctx.ruleset.id != RULESET or throw.kind != "survival":
        return None
    if HARDY not in ctx.state["species"].get("traits", ()):
        return None
    return [("Hardy", 1)]
