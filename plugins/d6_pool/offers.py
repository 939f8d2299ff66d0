"""What the spending menu offers now, by kind: attribute dice, skill and specialisation ranks, Advantages
and Special Ability ranks, each a list of :class:`~.purchase.Purchase` in table order."""

from __future__ import annotations

from .attributes import attribute_offers
from .purchase import Purchase
from .ranks import skill_offers, specialisation_offers
from .state import Creation
from .traits import ability_offers, advantage_offers

#: the menu's label for each kind of purchase
LABELS = {
    "attribute": "Buy an attribute die",
    "skill": "Buy a skill rank",
    "specialisation": "Buy a specialisation rank",
    "advantage": "Take an Advantage",
    "special_ability": "Buy a Special Ability rank",
}


def on_offer(c: Creation) -> dict[str, list[Purchase]]:
    """Every kind's purchases as the build stands (a kind with nothing affordable has none)."""
    return {
        "attribute": attribute_offers(c),
        "skill": skill_offers(c),
        "specialisation": specialisation_offers(c),
        "advantage": advantage_offers(c),
        "special_ability": ability_offers(c),
    }
