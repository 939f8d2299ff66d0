"""lifepath-uplift: an example third-party plugin for the Nowhere Yet ruleset.

It adds one career (Salvager), one species (Uplifted Ape, from the SRD's Uplifted trait) and one house
rule, ``uplift_patron_pays``: when it is true, the patron species pays for crisis treatment of its
uplifted clients, so they leave creation without the medical debt Nowhere Yet would otherwise give them.

Everything here uses only lifepath's public API (``from lifepath import ...``). The host reads
``lifepath_requires`` before it accepts the plugin and refuses it, with one warning, when the installed
Nowhere Yet does not match.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lifepath import Context, Crisis, CrisisOutcome, Table, hookimpl, load_table

#: the ruleset versions this plugin is written for; checked by the host before it uses the plugin
lifepath_requires = {"nowhere-yet": ">=1.0,<2"}

RULESET = "nowhere-yet"
HOUSE_RULE = "uplift_patron_pays"
UPLIFTED_TRAIT = "uplifted"


def _species_table() -> Table:
    return load_table(__name__, "data/uplifted-ape.json")


def our_species() -> set[str]:
    """Ids of the species this plugin adds."""
    return {item["id"] for item in _species_table().data["species"]}


@hookimpl
def lifepath_register_careers(ruleset_id: str, register: Callable[..., None]) -> None:
    """The Salvager career, for Nowhere Yet only."""
    if ruleset_id == RULESET:
        register(load_table(__name__, "data/salvager.json"))


@hookimpl
def lifepath_register_species(ruleset_id: str, register: Callable[..., None]) -> None:
    """Each species in the species file, registered with the file it came from."""
    if ruleset_id == RULESET:
        table = _species_table()
        for species in table.data["species"]:
            register(species, table=table)


@hookimpl
def lifepath_register_house_rules(ruleset_id: str, register: Callable[[str, dict[str, Any]], None]) -> None:
    """Declare ``uplift_patron_pays`` (off unless a referee turns it on)."""
    if ruleset_id == RULESET:
        register(HOUSE_RULE, {
            "type": "boolean",
            "default": False,
            "description": "The patron species pays crisis treatment for its uplifted clients: no medical debt.",
        })


@hookimpl
def lifepath_apply_trait(ctx: Context, trait: dict[str, Any], stage: str) -> None:
    """Uplifted: at the end of creation, write down that the character is a client of its patron."""
    if ctx.ruleset.id != RULESET or trait.get("id") != UPLIFTED_TRAIT or stage != "finish":
        return
    before = ctx.sheet.extra.get("client_of")
    ctx.sheet.extra["client_of"] = "its patron species"
    ctx.change("client of", before, "its patron species", f"trait: {trait.get('name', 'Uplifted')}")


@hookimpl
def lifepath_crisis(ctx: Context, crisis: Crisis) -> CrisisOutcome | None:
    """With the house rule on, the patron pays for an uplifted client's crisis treatment.

    Only injury and ageing crises of this plugin's species are answered; for anything else this returns
    ``None`` and the next implementation (in the end Nowhere Yet's own) decides.
    """
    if ctx.ruleset.id != RULESET or crisis.kind == "survival":
        return None
    if not ctx.rules.get(HOUSE_RULE) or ctx.sheet.species not in our_species():
        return None
    return CrisisOutcome(
        "patron-paid",
        "the patron species pays for treatment: restored to 1 with no medical debt",
        details={"rule": HOUSE_RULE},
    )
