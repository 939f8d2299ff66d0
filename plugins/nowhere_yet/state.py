"""What every creation stage shares: one character's creation in progress (:class:`Creation`), the career
being served (:class:`Term`), and the edits and throws each stage makes through the context (a
characteristic changed within its limits, a characteristic throw, years of age, a debt, a death).

Nothing here is exported: the sheet and the history are. Every number still comes from the tables.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn

from lifepath import CareerRecord, CharacteristicSpec, Context, Debt
from lifepath.engine.dice import parse

from .compiled import Career, once
from .skills import skill_book
from .tables import Tables

if TYPE_CHECKING:
    from lifepath.engine.previews import Chance

PHYSICAL = ("Str", "Dex", "End")
MENTAL = ("Int", "Edu", "Soc")
TWO_D6 = parse("2D6")


class Died(Exception):
    """Raised by :meth:`Creation.die`: every path to death (a fatal survival throw, an injury or ageing crisis,
    the ageing throw on stopping anagathics) ends the careers there, whatever step it came from."""


@dataclass
class Term:
    """Per-career state while it is being served."""

    record: CareerRecord
    career: Mapping[str, Any]
    drafted: bool
    compiled: Career
    lost_terms: int = 0
    all_lost: bool = False


class Creation:
    """One character's creation in progress: the context, the tables, and the state across the whole of
    creation (not exported; the sheet and history are)."""

    def __init__(self, ctx: Context, t: Tables) -> None:
        self.ctx = ctx
        # plain dicts of the tables' data (a TableSet looks each name up through a method)
        self.t: Mapping[str, Any] = once("tables", t, lambda: {name: t[name] for name in t.files})
        self.proc = t["procedure"]
        self.book = skill_book()
        self.sheet = ctx.sheet
        mod = t["characteristics"]["modifier"]
        self.divisor, self.offset = int(mod["divisor"]), int(mod["offset"])
        self.max_terms: int | None = ctx.rules.get("max_terms", self.proc["default_max_terms"])
        target = ctx.options.get("terms")
        self.target_terms: int | None = int(target) if target is not None else None
        # -- the origin (set by the origin stage) --
        #: the species' table entry
        self.species: Mapping[str, Any] = {}
        #: how each characteristic is generated, by code, after the plugins' say
        self.specs: dict[str, CharacteristicSpec] = {}
        #: the species' traits, each given the plugins' say at every stage
        self.trait_rows: list[Mapping[str, Any]] = []
        #: each characteristic's DM as a throw names it (``Str DM``)
        self.dm_labels: dict[str, str] = {}
        # -- the careers --
        #: careers entered, in order
        self.entered: list[str] = []
        #: careers left cleanly (closed to the draft) and careers left by a mishap
        self.left_clean: set[str] = set()
        self.ejected: set[str] = set()
        self.drafted_once = False
        self.crisis_survivor = False
        # -- anagathics, benefits, death --
        self.anagathic_terms = 0
        self.on_anagathics = False
        self.cash_rolls = 0
        #: the kinds of weapon gained as benefits (``gun``, ``blade``), in order
        self.weapons: list[str] = []
        self.dead = False

    # -- characteristics --------------------------------------------------------------------------

    def dm(self, code: str) -> int:
        """A characteristic's DM."""
        return self.sheet.characteristics[code] // self.divisor + self.offset

    def label(self, code: str) -> str:
        """A characteristic's name on this character (a species may call Soc something else)."""
        if code == "Soc":
            return str(self.species.get("social_name", "Soc"))
        return code

    def alter(self, code: str, change: int, why: str) -> None:
        """Change a characteristic within its limits (the maximum applies to gains)."""
        chars = self.sheet.characteristics
        before = chars[code]
        after = before + change
        maximum = self.specs[code].maximum
        if change > 0 and maximum is not None:
            after = min(after, max(before, maximum))
        after = max(after, 0)
        if after != before:
            chars[code] = after
            self.ctx.change(f"characteristic {self.label(code)}", before, after, why)
        elif change > 0:
            self.ctx.note(f"{self.label(code)} is already at its maximum of {maximum}; {why} adds nothing")

    def throw(
        self,
        spec: Mapping[str, Any] | None,
        purpose: str,
        dms: list[tuple[str, int]] | None = None,
        *,
        kind: str,
        career: str,
        auto_fail: int | None = None,
    ) -> bool:
        """A characteristic throw against its target (``kind`` and ``career`` as the throw hook is told them)."""
        assert spec is not None
        code = spec["characteristic"]
        first = (self.dm_labels[code], self.sheet.characteristics[code] // self.divisor + self.offset)
        all_dms = (first, *dms) if dms else (first,)
        # every argument by name, none through **: a call with ** costs several times more (some 12 a character)
        throw = self.ctx.roll(
            TWO_D6, purpose, dms=all_dms, target=spec["target"], auto_fail=auto_fail, kind=kind, career=career
        )
        return bool(throw.success)

    def chance(
        self,
        spec: Mapping[str, Any],
        purpose: str,
        dms: list[tuple[str, int]] | None = None,
        *,
        kind: str,
        career: str,
        auto_fail: int | None = None,
    ) -> Chance:
        """The exact chance of the characteristic throw :meth:`throw` would make now with the same arguments
        (for a preview; nothing is thrown), called by the purpose's first word (``survival``)."""
        from dataclasses import replace

        code = spec["characteristic"]
        first = (self.dm_labels[code], self.sheet.characteristics[code] // self.divisor + self.offset)
        all_dms = (first, *dms) if dms else (first,)
        chance = self.ctx.chance(
            TWO_D6, purpose, dms=all_dms, target=spec["target"], auto_fail=auto_fail, kind=kind, career=career
        )
        return replace(chance, purpose=purpose.partition(":")[0])

    # -- age, debt, death -------------------------------------------------------------------------

    def terms(self) -> int:
        """Terms served in every career so far."""
        return self.sheet.total_terms

    def age_by(self, years: int, why: str) -> None:
        before = self.sheet.age
        self.sheet.age += years
        self.ctx.change("age", before, self.sheet.age, why)

    def debt(self, kind: str, amount: int, note: str) -> None:
        self.sheet.debts.append(Debt(kind, amount, note))
        self.ctx.change(f"debt ({kind})", None, amount, note)

    def die(self, note: str) -> NoReturn:
        """Record the death and end the careers (the procedure catches ``Died`` and goes to the finishing
        touches)."""
        self.dead = True
        self.sheet.status = "dead"
        self.ctx.note(f"the character dies: {note}")
        raise Died(note)
