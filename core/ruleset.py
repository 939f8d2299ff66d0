"""What a ruleset plugin supplies: identity, tables, house-rule declaration and a creation procedure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from lifepath.tables import Table, TableSet

if TYPE_CHECKING:
    from lifepath.character import Character
    from lifepath.creation import Context
    from lifepath.engine.tallies import Outcome
    from lifepath.errors import TableError
    from lifepath.sheets import RosterColumn, Section
    from lifepath.validation.meaning import Vocabulary


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
    #: the stable kinds of throw it gives ``ctx.roll(kind=...)``, each documented on its page: the
    #: ``lifepath_throw_modifiers`` hook is told them, and the odds report counts its per-career figures
    #: for a ruleset whose kinds include ``qualification``, ``survival`` and ``mishap``
    throw_kinds: ClassVar[tuple[str, ...]] = ()
    #: the creation options ``ctx.options`` may hold, each declared in the house-rule subset of JSON
    #: Schema (``type``, ``description`` and, as needed, ``enum``, ``minimum``, ``maximum``); ``None``
    #: leaves them undeclared (any ``--option KEY=VALUE`` passes as text). See :mod:`lifepath.engine.creation_options`.
    creation_options: ClassVar[Mapping[str, Mapping[str, Any]] | None] = None

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
        from lifepath.validation.meaning import Vocabulary

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

    def check_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Check typed creation options together, before any character is made; return them (normalised
        if need be). Raise a :class:`~lifepath.errors.LifepathError` (such as ``OptionError``) naming the
        flag and the fix."""
        return dict(options)

    def create(self, ctx: Context) -> None:
        """Run creation, using ``ctx`` for every throw, decision and change."""
        raise NotImplementedError

    def sheet_so_far(self, ctx: Context) -> list[str]:
        """The character being made, in a few lines (``s`` at a prompt, the recap when a draft resumes).

        The default (:func:`lifepath.sheets.recap.recap`) reads the shared sheet; override it where the
        numbers need the ruleset's words (die codes, a UPP).
        """
        from lifepath.sheets.recap import recap

        return recap(ctx)

    def characteristic_names(self) -> Mapping[str, str]:
        """Each characteristic's name by the code the history records (``{"Str": "Strength"}``), so the lines
        a person reads during creation say ``Strength 9``; the default has none (the code is shown)."""
        return {}

    def tallies(self) -> Sequence[Outcome]:
        """What ``lifepath odds`` (and the web odds page) tallies for this ruleset's characters beyond
        careers, terms and ages: :mod:`lifepath.engine.tallies` definitions (``Labels``, ``Numbers``,
        ``Share``), each read from the character's decision, change and crisis events and the sheet's
        fields, never from text. A ``Labels`` with ``by=True`` also gets a per-option table: for each of
        its labels, what the characters who have it ended with.

        The default (:func:`lifepath.engine.tallies.default_tallies`) counts the characteristics' means
        and who has which skill; return ``()`` for none."""
        from lifepath.engine.tallies import default_tallies

        return default_tallies()

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

    def roster_columns(self) -> Sequence[RosterColumn]:
        """This ruleset's own roster columns (:class:`lifepath.sheets.RosterColumn`), shown after the
        shared ones on the roster of one of its campaigns (none by default)."""
        return ()

    def sheet_sections(self, character: Character) -> list[Section]:
        """The sections of the character's printed sheet and web page, in order (see :mod:`lifepath.sheets`).

        The default (:func:`lifepath.sheets.default_sections`) shows the generic sheet: identity,
        characteristics, skills, careers, possessions, traits, notes and a life story of one chapter per
        term. Override it to show what only this ruleset has (a UPP, Scars, die codes...).
        """
        from lifepath.sheets import default_sections

        return default_sections(character)

    # -- CSV (lifepath.formats.table); other formats ask for their own protocol, see
    # lifepath.formats.registry (a twodsix actor: foundry_actor; a "1001 characters" block: text_1001) -------

    def csv_columns(self) -> Sequence[str]:
        """This ruleset's own CSV columns (its characteristics, one each), between the shared columns and
        the skills; :meth:`csv_fields` gives their values."""
        return ()

    def csv_fields(self, character: Character) -> dict[str, Any]:
        """One character's values for the shared CSV columns and for :meth:`csv_columns`.

        The shared columns are species, careers (names, in order), terms (all careers), rank (in the last
        career), age, cash, debt and pension; an empty string means the ruleset has no such thing.
        """
        sheet = character.sheet
        row: dict[str, Any] = {
            "species": self.roster_fields(character).get("species", sheet.species),
            "careers": ", ".join(c.name for c in sheet.careers),
            "terms": sheet.total_terms,
            "rank": sheet.careers[-1].rank if sheet.careers else "",
            "age": sheet.age,
            "cash": sheet.credits,
            "debt": sheet.total_debt,
            "pension": sheet.extra.get("pension", 0),
        }
        for name in self.csv_columns():
            row[name] = sheet.characteristics.get(name, "")
        return row

    def csv_skills(self, character: Character) -> list[tuple[str, Any]]:
        """Skills and levels in the order the ruleset's text form lists them (default: by name)."""
        return sorted(character.sheet.skills.items())

    def check_build(self, build: dict[str, Any]) -> list[str]:
        """Every rule a hand-made build breaks (point-build rulesets); empty when legal."""
        raise NotImplementedError(f"{self.name} has no hand-made builds to check")
