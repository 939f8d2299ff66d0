"""Black Nova (ruleset 2.0): a small point-buy. Six attribute points buy Strength, Dexterity and
Intelligence ranks (0-3) or perks; seven skill points buy ranks (0-4) in seven skills, each tied to an
attribute; hit points, inventory slots and melee damage follow Strength. Rolls are 1D8 + skill + attribute.
Every character is a BNI crew member and gets the BNI standard issue.

One perk of the source is deliberately not shipped (see ``data/perks.json``). Registered through the
``lifepath`` entry-point group like any third-party plugin.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from lifepath import Ruleset, hookimpl

if TYPE_CHECKING:
    from lifepath import Character, Context, Crisis, CrisisOutcome
    from lifepath.engine.tallies import Outcome
    from lifepath.sheets import Section

    from .tables import Tables

# Only what registration needs is imported here: the tables and the procedure, the checker and the
# renderer are imported when this ruleset is used, so other rulesets' start-up never pays for them.

RULESET_ID = "black-nova"

#: the kinds of throw Black Nova makes, as the ``lifepath_throw_modifiers`` hook is told them: none (a point
#: build throws no dice), so the hook is never called for its characters
THROW_KINDS: tuple[str, ...] = ()

#: shared CSV columns this ruleset has nothing for (left empty rather than filled with a made-up 0)
_NO_CSV = ("careers", "terms", "rank", "age", "cash", "debt", "pension")


class BlackNova(Ruleset):
    """The Black Nova point-build."""

    id: ClassVar[str] = RULESET_ID
    throw_kinds: ClassVar[tuple[str, ...]] = THROW_KINDS
    name: ClassVar[str] = "Black Nova"
    version: ClassVar[str] = "1.1.0"
    summary: ClassVar[str] = (
        "Space-opera point-buy (ruleset 2.0): six attribute points for three attributes and perks, seven skill "
        "points for seven skills; rolls are 1D8 + skill + attribute."
    )
    kind: ClassVar[str] = "point-build"
    creation_options: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "focus": {"type": "string", "description": "An attribute (name or abbreviation) the NPC policy leans towards."},
        "name": {"type": "string", "description": "The character's name."},
    }

    def table_set(self) -> Tables:
        from .tables import tables

        return tables()

    def create(self, ctx: Context) -> None:
        (_CREATE or _creation())(ctx)

    def render(self, character: Character) -> str:
        from .render import render

        return render(self.table_set(), character)

    def sheet_sections(self, character: Character) -> list[Section]:
        from .sheet import sections

        return sections(character, self.table_set())

    def roster_fields(self, character: Character) -> dict[str, str]:
        from .render import roster_fields

        return roster_fields(self.table_set(), character)

    def csv_columns(self) -> Sequence[str]:
        return tuple(self.table_set().attribute_names())

    def csv_fields(self, character: Character) -> dict[str, Any]:
        """No species, careers, age or money in Black Nova: only the attributes are filled."""
        row: dict[str, Any] = dict.fromkeys(("species", *_NO_CSV), "")
        row.update({a: character.sheet.characteristics.get(a, "") for a in self.csv_columns()})
        return row

    def csv_skills(self, character: Character) -> list[tuple[str, Any]]:
        from .render import build_of

        order = list(build_of(self.table_set(), character).get("skills", {}))
        from lifepath.formats.table import in_order

        return in_order(character.sheet.skills, order)

    def check_build(self, build: dict[str, Any]) -> list[str]:
        from .check import check_build

        return check_build(self.table_set(), build)

    def tallies(self) -> Sequence[Outcome]:
        """What ``lifepath odds`` counts: perks (with a per-option table), attributes, skill ranks and the
        points left unspent (``tallies.py``)."""
        from .tallies import tallies

        return tallies(self.table_set())


#: :func:`.procedure.create`, imported when the first character is made and then kept: the import statement
#: and the table look-up cost some 18 k instructions a character (2% of one)
_CREATE: Callable[[Context], None] | None = None


def _creation() -> Callable[[Context], None]:
    global _CREATE
    from .procedure import create

    _CREATE = create
    return create


@hookimpl
def lifepath_register_rulesets(register: Callable[[Ruleset], None]) -> None:
    register(BlackNova())


@hookimpl(trylast=True)
def lifepath_crisis(ctx: Context, crisis: Crisis) -> CrisisOutcome | None:
    """Black Nova's answer: creation throws no dice and risks nothing, so a crisis (raised only by another
    plugin) leaves the character unharmed and is noted."""
    if ctx.ruleset.id != RULESET_ID:
        return None
    from lifepath import CrisisOutcome

    return CrisisOutcome("unharmed", "Black Nova creation has no hazards; the character is unharmed")
