"""The D6 creation pool ("Character Generation, Version 3.0"): a point-build ruleset.

Six attributes written as die codes with pips (three pips make a die) and stored on the sheet as pips;
a base class whose primary attribute may reach 4D; 80 creation points spent on attribute dice, skill
and specialisation ranks, Advantages and Special Abilities, with up to 10 more from Disadvantages.
Registered through the ``lifepath`` entry-point group like any third-party plugin.

Readings of the source this plugin takes (each also stated where it is applied):

* a skill rank adds one die to the skill's attribute; a specialisation rank adds one die on top of the
  skill; both are capped at +3 for a class skill and +2 for any other;
* attribute dice are bought whole (4 points) and may then be split into pips, so the pips of all
  attributes together must make whole dice; every attribute starts at 0 and must reach 1D;
* specialisation ranks are bought in groups of three for one point; a part group still costs a whole
  point (points are never spent as fractions);
* unspent points are legal (and shown on the sheet) unless the house rule ``unspent_points`` is
  ``violation``, under which creation offers only choices that leave a pool it can still spend exactly;
  an over-spent pool is always a violation;
* species come from species tables registered through ``lifepath_register_species`` (Human and the
  invented Quillkin ship); their starting Traits are free and cannot also be bought;
* every attribute, Willpower, Extranormal and ranked skill has a Passive value (its dice, at least 1),
  and Extranormal is named with its type;
* Move is improved at 3D or more (pips ignored) in Strength or Stamina;
* the skill list and the trait lists are invented examples (the source names no skills); the skill list
  is the registered table ``data/skills.json``, and its "description" says how to replace it.

The whole list, with the house rule that changes each reading, is ``docs/rulesets/d6-pool.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from lifepath import Ruleset, hookimpl

if TYPE_CHECKING:
    from lifepath import Character, Context, Crisis, CrisisOutcome
    from lifepath.engine.tallies import Outcome
    from lifepath.sheets import Section

    from .tables import Book

# Only what registration needs is imported here: the tables and the procedure, the checker and the
# renderer are imported when this ruleset is used, so other rulesets' start-up never pays for them.

RULESET_ID = "d6-pool"

#: the kinds of throw D6 Pool makes, as the ``lifepath_throw_modifiers`` hook is told them: none (a point
#: build throws no dice), so the hook is never called for its characters
THROW_KINDS: tuple[str, ...] = ()

#: shared CSV columns this ruleset has nothing for (left empty rather than filled with a made-up 0)
_NO_CSV = ("careers", "terms", "rank", "age", "cash", "debt", "pension")


class D6Pool(Ruleset):
    """The D6 creation pool as a lifepath ruleset."""

    id: ClassVar[str] = RULESET_ID
    throw_kinds: ClassVar[tuple[str, ...]] = THROW_KINDS
    name: ClassVar[str] = "D6 creation pool"
    version: ClassVar[str] = "1.1.0"
    summary: ClassVar[str] = (
        "Character Generation 3.0: six die-code attributes, a base class and 80 creation points to spend."
    )
    kind: ClassVar[str] = "point-build"
    creation_options: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "class": {"type": "string", "description": "The base class (any case)."},
        "career": {"type": "string", "description": "The same as class."},
        "concept": {"type": "string", "description": "The character's concept, in a few words."},
        "name": {"type": "string", "description": "The character's name."},
        "species": {"type": "string", "description": "The species (name or id, any case)."},
        "extranormal": {"type": "string", "description": "The Extranormal type: Magic, Psionics or your own."},
    }

    def table_set(self) -> Book:
        from .tables import book

        return book()

    def create(self, ctx: Context) -> None:
        from .procedure import Procedure

        Procedure(ctx, self.table_set()).run()

    def sheet_so_far(self, ctx: Context) -> list[str]:
        """The recap with die codes: attributes, skills and specialisations, traits bought, points left."""
        from .recap import lines

        return lines(ctx)

    def render(self, character: Character) -> str:
        from .render import render

        return render(self.table_set(), character)

    def sheet_sections(self, character: Character) -> list[Section]:
        from .sheet import sections

        return sections(character, self.table_set())

    def roster_fields(self, character: Character) -> dict[str, str]:
        from .render import profile

        sheet = character.sheet
        return {
            "species": sheet.species,
            "careers": str(sheet.extra.get("class", "")),
            "age": "",
            "profile": profile(self.table_set(), sheet.characteristics),
        }

    def csv_columns(self) -> Sequence[str]:
        return ("class", *self.table_set().attributes)

    def csv_fields(self, character: Character) -> dict[str, Any]:
        """No careers, age or money in the D6 pool; the class has its own column, attributes as die codes."""
        from .codes import to_code

        book, sheet = self.table_set(), character.sheet
        row: dict[str, Any] = dict.fromkeys(_NO_CSV, "")
        row["species"] = sheet.species
        row["class"] = str(sheet.extra.get("class", ""))
        chars = sheet.characteristics
        row.update({a: to_code(chars[a], book.per_die) for a in book.attributes if a in chars})
        return row

    def csv_skills(self, character: Character) -> list[tuple[str, Any]]:
        order = list(self.table_set().skills)
        from lifepath.formats.table import in_order

        return in_order(character.sheet.skills, order)

    def check_build(self, build: dict[str, Any]) -> list[str]:
        from .check import check_build

        return check_build(self.table_set(), build)

    def tallies(self) -> Sequence[Outcome]:
        """What ``lifepath odds`` counts: class and species (each with its per-option table), attributes as
        die codes, skills, specialisations and traits bought, points spent and left (``tallies.py``)."""
        from .tallies import tallies

        return tallies(self.table_set())


@hookimpl
def lifepath_register_rulesets(register: Callable[[Ruleset], None]) -> None:
    register(D6Pool())


@hookimpl
def lifepath_register_species(ruleset_id: str, register: Callable[..., None]) -> None:
    """The ruleset's own species table, registered like a plugin's (``d6-pool.species.schema.json``)."""
    if ruleset_id == RULESET_ID:
        from .tables import book

        table = book().files["species"]
        for species in table.data["species"]:
            register(species, table=table)


@hookimpl(trylast=True)
def lifepath_crisis(ctx: Context, crisis: Crisis) -> CrisisOutcome | None:
    """Nothing in point-build creation can kill or break a character, so a crisis changes nothing here."""
    if ctx.ruleset.id != RULESET_ID:
        return None
    from lifepath import CrisisOutcome

    return CrisisOutcome("none", "the creation pool has no crises; nothing happens")
