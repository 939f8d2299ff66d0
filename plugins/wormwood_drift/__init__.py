"""Wormwood Drift: a grimdark space-opera Directed Lifepath. Background, Formative Event, two to three
Career terms, Muster Out and, for the occult-trained, psionic Disciplines; nobody dies in creation,
failures leave Scars. Registered through the
``lifepath`` entry-point group like any third-party plugin; its Career Paths are registered as careers,
so other plugins can add more.
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

# Only what registration needs is imported here: the tables, the procedure and the renderer are
# imported when this ruleset is used, so other rulesets' start-up never pays for them.

RULESET_ID = "wormwood-drift"

#: the kinds of throw Wormwood Drift makes, as the ``lifepath_throw_modifiers`` hook is told them
#: (described in docs/rulesets/wormwood-drift.md); stable: a plugin may rely on them
THROW_KINDS = ("formative-event", "hard-term", "muster-out")


class WormwoodDrift(Ruleset):
    """The ruleset: identity, tables, house rules, procedure and text forms."""

    id: ClassVar[str] = RULESET_ID
    throw_kinds: ClassVar[tuple[str, ...]] = THROW_KINDS
    name: ClassVar[str] = "Wormwood Drift"
    version: ClassVar[str] = "1.1.0"
    summary: ClassVar[str] = (
        "Grimdark cosmic-horror space opera: a Directed Lifepath of Background, Formative Event, "
        "two to three Career terms and Muster Out, where failures leave Scars instead of corpses."
    )
    kind: ClassVar[str] = "lifepath"
    creation_options: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "background": {"type": "string", "description": "The Background (name or id, any case)."},
        "path": {"type": "string", "description": "The first Career Path (name or id, any case)."},
        "career": {"type": "string", "description": "The same as path."},
        "terms": {"type": "integer", "minimum": 0, "description": "How many terms the NPC policy aims for."},
    }

    def table_set(self) -> Tables:
        from .tables import tables

        return tables()

    def create(self, ctx: Context) -> None:
        from .procedure import run

        run(ctx, self.table_set())

    def render(self, character: Character) -> str:
        from .render import sheet_text

        return sheet_text(character, self.table_set())

    def sheet_sections(self, character: Character) -> list[Section]:
        from .sheet import sections

        return sections(character, self.table_set())

    def roster_fields(self, character: Character) -> dict[str, str]:
        from .render import roster

        return roster(character, self.table_set())

    def csv_columns(self) -> Sequence[str]:
        return tuple(self.table_set().attribute_names())

    def tallies(self) -> Sequence[Outcome]:
        """What ``lifepath odds`` counts beside careers, terms and ages: Background and Career Path (each with
        its per-option table), Formative Event, Attributes, skills, Scars, Hard Terms (``tallies.py``)."""
        from .tallies import tallies

        return tallies(self.table_set())


@hookimpl
def lifepath_register_rulesets(register: Callable[[Ruleset], None]) -> None:
    register(WormwoodDrift())


@hookimpl
def lifepath_register_careers(ruleset_id: str, register: Callable[..., None]) -> None:
    """The seven Career Paths, each registered from the one paths table."""
    if ruleset_id == RULESET_ID:
        from .tables import tables

        table = tables().files["paths"]
        for path in table.data["paths"]:
            register(path, table=table)


@hookimpl(trylast=True)
def lifepath_crisis(ctx: Context, crisis: Crisis) -> CrisisOutcome | None:
    """Wormwood Drift's answer: no death at character creation. A Hard Term (or any other crisis)
    marks the character with a Scar; a Hard Term's Scar replaces its Attribute increase."""
    if ctx.ruleset.id != RULESET_ID:
        return None
    from lifepath import CrisisOutcome

    if crisis.kind == "hard-term":
        return CrisisOutcome(
            "scar", "a Hard Term: a Scar instead of the Attribute increase; every skill and item gained is kept"
        )
    return CrisisOutcome("scar", "no death at character creation: a Scar instead")
