"""Creation from the creation pool, in the book's order: concept and name, species, base class, every
attribute to its minimum, Disadvantages, then purchases one at a time until the person stops or nothing
legal is left, and the Extranormal type; then the finished sheet. Each stage is a module of its own, all
sharing one :class:`~.state.Creation`.

Only legal purchases can be taken, each labelled with its price (the spending menus list every kind,
attribute, skill and specialisation in a fixed order, the ones that cannot be taken now disabled with
the reason, so each keeps its number), and every decision shows the points left; so an interactive
build cannot break a rule, and the NPC policy (``--auto``) spends the pool at random among legal
purchases and always stops (every purchase spends points or a paid-for specialisation rank, and both
run out).
"""

from __future__ import annotations

from . import attributes, ranks, traits
from .concept import concept_and_name
from .disadvantages import take_disadvantages
from .extranormal import name_extranormal
from .finish import finish
from .purchase import Purchase
from .species_and_class import choose_class, choose_species
from .spending import spend
from .state import BACK, DONE, Creation, pts

SPLIT = attributes.SPLIT

__all__ = ["BACK", "DONE", "SPLIT", "Procedure", "Purchase", "pts"]


class Procedure(Creation):
    """One run of creation over a context."""

    def run(self) -> None:
        """The chapters of creation, in the book's order."""
        concept_and_name(self)  # 1. Concept and name
        choose_species(self)  # 2. Species
        choose_class(self)  # 3. Base class
        attributes.minimum_attributes(self)  # 4. Every attribute bought up to 1D
        take_disadvantages(self)  # 5. Disadvantages
        spend(self)  # 6. Purchases
        name_extranormal(self)  # 7. The Extranormal type
        finish(self)  # the sheet
        # the sheet now says it all: the context lets go of this creation, which holds the context, so that
        # the two are freed as soon as the character is made rather than by the cycle collector
        del self.ctx.state["creation"]

    # -- one stage's pieces, to try on their own ----------------------------------------------------

    def minimum_attributes(self) -> None:
        attributes.minimum_attributes(self)

    def attribute_offers(self) -> list[Purchase]:
        return attributes.attribute_offers(self)

    def skill_offers(self) -> list[Purchase]:
        return ranks.skill_offers(self)

    def specialisation_offers(self) -> list[Purchase]:
        return ranks.specialisation_offers(self)

    def advantage_offers(self) -> list[Purchase]:
        return traits.advantage_offers(self)

    def ability_offers(self) -> list[Purchase]:
        return traits.ability_offers(self)
