"""Nowhere Yet's creation procedure in the book's order (Cepheus Engine SRD, Character Creation), each
chapter a module of its own sharing one :class:`~.state.Creation`:

1. origin (:mod:`.origin`): species, sex, age of maturity, traits, the characteristics;
2. background (:mod:`.background`): the homeworld and the background skills;
3. careers (:mod:`.careers`): qualification (or the draft, or the Drifter), then term by term
   (:mod:`.terms`): basic training, survival, commission, advancement, skills and training, ageing and
   re-enlistment; with the hazards of a term (:mod:`.hazards`: mishap, injury, medical care, crisis) and
   of age (:mod:`.ageing`: the ageing throw, anagathics);
4. mustering out of each career (:mod:`.muster`), the bills paid after the last;
5. the finishing touches (:mod:`.finish`): name, goal, appearance, noble title.

Every number comes from the tables; the NPC policy's leanings are named in :mod:`.npc_weights`.
"""

from __future__ import annotations

from . import background, careers, finish, muster, origin
from .state import Creation, Died, Term

__all__ = ["Died", "Procedure", "Term"]


class Procedure(Creation):
    """One run of Nowhere Yet's procedure over a context."""

    def run(self) -> None:
        """The chapters of creation, in the book's order."""
        self.origin()
        self.characteristics()
        self.background()
        try:
            self.careers()
        except Died:
            pass  # the character's life ends here; only the finishing touches remain
        else:
            self.settle_debts()
        self.finish()

    # each chapter a method, so a measurement (bench/parts.py) can switch one off

    def origin(self) -> None:
        origin.choose_origin(self)

    def characteristics(self) -> None:
        origin.characteristics(self)

    def background(self) -> None:
        background.background(self)

    def careers(self) -> None:
        careers.careers(self)

    def settle_debts(self) -> None:
        muster.settle_debts(self)

    def finish(self) -> None:
        finish.finish(self)
