"""What a ruleset plugin supplies: identity, tables, house-rule declaration and a creation procedure."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from lifepath.tables import Table, TableSet

if TYPE_CHECKING:
    from lifepath.character import Character
    from lifepath.creation import Context
    from lifepath.errors import TableError
    from lifepath.meaning import Vocabulary


class Ruleset:
    """Base class for a ruleset. Subclass it, fill in the class attributes, implement :meth:`create`.

    A ruleset owns its procedure; the core owns the services (dice, decisions, sheet, history, hooks).
    """

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    version: ClassVar[str] = "0"
    summary: ClassVar[str] = ""
    #: the shape of creation: "lifepath" (random or directed) or "point-build"
    kind: ClassVar[str] = "lifepath"

    def table_set(self) -> TableSet | None:
        """The ruleset's :class:`~lifepath.tables.TableSet`, if it keeps its tables in one (most do).

        With one, :meth:`tables` and :meth:`house_rules` need no code of their own.
        """
        return None

    def tables(self) -> Sequence[Table]:
        """The ruleset's own tables (careers and species come through hooks); validated on load."""
        tables = self.table_set()
        return tables.all() if tables is not None else ()

    def schemas(self) -> Sequence[dict[str, Any]]:
        """JSON Schemas this ruleset's tables use that are not shipped in ``lifepath.schemas``."""
        return ()

    def vocabulary(self) -> Vocabulary:
        """The skills and traits this ruleset's own tables define (plugins add to it through
        ``lifepath_register_skills`` and ``lifepath_register_traits``). Default: none, nothing checked."""
        from lifepath.meaning import Vocabulary

        return Vocabulary()

    def meaning_errors(self, table: Table, vocabulary: Vocabulary) -> list[TableError]:
        """Problems of meaning in a table a plugin adds (a skill or trait ``vocabulary`` lacks, a career
        whose advancement needs a commission it cannot get...), each naming file, pointer and fix. Run
        after the table has matched its schema. Default: none."""
        return []

    def house_rules(self) -> dict[str, Any]:
        """The house-rule declaration: a JSON Schema object whose properties are the rules."""
        tables = self.table_set()
        if tables is not None:
            return dict(tables.house_rules.data)
        return {"type": "object", "properties": {}}

    def create(self, ctx: Context) -> None:
        """Run creation, using ``ctx`` for every throw, decision and change."""
        raise NotImplementedError

    def render(self, character: Character) -> str:
        """The ruleset's standard text form of a finished character."""
        return character.sheet.name

    def roster_fields(self, character: Character) -> dict[str, str]:
        """Columns for a roster: ``species``, ``careers``, ``age``, ``profile`` and anything else."""
        sheet = character.sheet
        return {
            "species": sheet.species,
            "careers": ", ".join(f"{c.name} ({c.terms})" for c in sheet.careers),
            "age": str(sheet.age),
            "profile": "",
        }

    def check_build(self, build: dict[str, Any]) -> list[str]:
        """Every rule a hand-made build breaks (point-build rulesets); empty when legal."""
        raise NotImplementedError(f"{self.name} has no hand-made builds to check")
