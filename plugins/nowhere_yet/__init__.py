"""Nowhere Yet: the default lifepath ruleset, the Cepheus Engine SRD's character creation with its own
departures (no death in creation). Registered through the ``lifepath`` entry-point group like any
third-party plugin.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar

from lifepath import Ruleset, hookimpl

from .tables import tables

if TYPE_CHECKING:
    from lifepath import Character, CharacteristicSpec, Context, Crisis, CrisisOutcome
    from lifepath.engine.tallies import Outcome
    from lifepath.errors import TableError
    from lifepath.formats.foundry import ActorData
    from lifepath.sheets import RosterColumn, Section
    from lifepath.tables import Table, TableSet
    from lifepath.validation.meaning import Vocabulary

RULESET_ID = "nowhere-yet"

#: the kinds of throw Nowhere Yet makes, as the ``lifepath_throw_modifiers`` hook is told them (each is
#: described in docs/rulesets/nowhere-yet.md); stable: a plugin may rely on them
THROW_KINDS = (
    "characteristic",
    "draft",
    "qualification",
    "survival",
    "commission",
    "advancement",
    "skill",
    "reenlistment",
    "ageing",
    "mishap",
    "injury",
    "injury-loss",
    "medical-bills",
    "crisis-cost",
    "anagathics-cost",
    "benefit-cash",
    "benefit-material",
    "ship-shares",
)


def _cash(character: Character) -> int:
    return character.sheet.credits


def _debt(character: Character) -> int:
    return character.sheet.total_debt


class NowhereYet(Ruleset):
    id: ClassVar[str] = RULESET_ID
    throw_kinds: ClassVar[tuple[str, ...]] = THROW_KINDS
    name: ClassVar[str] = "Nowhere Yet"
    version: ClassVar[str] = "1.0.1"
    summary: ClassVar[str] = (
        "A life four years at a time: the Cepheus Engine SRD lifepath, where nobody dies in creation."
    )
    kind: ClassVar[str] = "lifepath"
    creation_options: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "career": {"type": "string", "description": "The career to aim for first (name or id, any case)."},
        "species": {"type": "string", "description": "The species or origin (name or id, any case)."},
        "terms": {"type": "integer", "minimum": 0, "description": "How many terms the NPC policy aims for."},
        "homeworld": {"type": "string", "description": "The homeworld's name: a sample world, or your own with uwp."},
        "uwp": {"type": "string", "description": "The homeworld's Universal World Profile, e.g. A788899-C."},
        "trade_codes": {"type": "string", "description": "The homeworld's trade codes, e.g. Ag,Ni (instead of uwp)."},
        "law_level": {"type": "integer", "minimum": 0, "description": "The homeworld's law level (instead of uwp)."},
    }

    def table_set(self) -> TableSet:
        return tables()

    def create(self, ctx: Context) -> None:
        procedure = _PROCEDURE or _procedure()  # imported on first use: start-up stays cheap
        procedure(ctx, tables()).run()

    def check_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """A homeworld given by profile, or by trade codes and law level, is read now (not once per
        character), so a bad UWP digit, trade code or law level stops the command before anything is made."""
        if any(options.get(k) is not None for k in ("uwp", "trade_codes", "law_level")):
            from .homeworld import check_options

            check_options(options, tables()["homeworld"])
        return dict(options)

    def vocabulary(self) -> Vocabulary:
        from .meaning import vocabulary

        return vocabulary()

    def meaning_errors(self, table: Table, vocabulary: Vocabulary) -> list[TableError]:
        from .meaning import meaning_errors

        return meaning_errors(table, vocabulary)

    def characteristic_names(self) -> Mapping[str, str]:
        """Str -> Strength, ... from the characteristics table (a species' own name for Soc is its code)."""
        return {str(c["code"]): str(c["name"]) for c in tables()["characteristics"]["characteristics"]}

    def tallies(self) -> Sequence[Outcome]:
        """None of its own: ``lifepath odds`` counts Nowhere Yet by career (qualification, mishaps, terms,
        ranks, crises, cash and debt), from its throws' kinds."""
        return ()

    def sheet_so_far(self, ctx: Context) -> list[str]:
        """The recap with the UPP beside the characteristics and the homeworld with its trade codes."""
        from lifepath.sheets.recap import recap_lines

        from .render import ORDER, upp

        chars = ctx.sheet.characteristics
        line = None
        if all(code in chars for code in ORDER):
            line = "  ".join(f"{code} {chars[code]}" for code in ORDER) + f" (UPP {upp(chars)})"
        home = ctx.sheet.extra.get("homeworld")
        where = f"{home['name']} ({' '.join(home['trade_codes']) or 'no trade codes'})" if home else ""
        return recap_lines(ctx, characteristics=line, extra={"Homeworld": where})

    def render(self, character: Character) -> str:
        from .render import ucf

        species = _species_data(character.sheet.species)
        name = species.get("name", character.sheet.species)
        return ucf(character, {character.sheet.species: name}, {character.sheet.species: species.get("speed")})

    def sheet_sections(self, character: Character) -> list[Section]:
        from .sheet import sections

        species = _species_data(character.sheet.species)
        return sections(character, species.get("name", character.sheet.species), species.get("speed"))

    def roster_fields(self, character: Character) -> dict[str, str]:
        from .render import upp

        fields = super().roster_fields(character)
        # Nowhere Yet's own species or a plugin's: the roster shows its name, never its id
        fields["species"] = str(_species_data(character.sheet.species).get("name", character.sheet.species))
        fields["profile"] = upp(character.sheet.characteristics)
        return fields

    def roster_columns(self) -> Sequence[RosterColumn]:
        from lifepath.sheets import RosterColumn

        # what creation leaves a Nowhere Yet character with: cash, and the medical debt crises became
        return (
            RosterColumn("cash", "Cash", _cash, numeric=True),
            RosterColumn("debt", "Debt", _debt, numeric=True),
        )

    def csv_columns(self) -> Sequence[str]:
        from .render import ORDER

        return ORDER

    def foundry_actor(self, character: Character) -> ActorData:
        from .vtt import actor

        return actor(character, dict(_species_data(character.sheet.species)))

    def text_1001(self, character: Character, number: int) -> str:
        from .vtt import block

        return block(character, dict(_species_data(character.sheet.species)), number)


#: the procedure's class once imported (an import statement per character costs more than a look-up)
_PROCEDURE: Any = None


def _procedure() -> Any:
    global _PROCEDURE
    from .procedure import Procedure

    _PROCEDURE = Procedure
    return Procedure


@lru_cache(maxsize=1)
def _own_species() -> dict[str, Mapping[str, Any]]:
    return {s["id"]: s for s in tables()["species"]["species"]}


def _species_data(species_id: str) -> Mapping[str, Any]:
    """A species' table entry: Nowhere Yet's own, else one a loaded plugin added (empty if neither)."""
    own = _own_species().get(species_id)
    if own is not None:
        return own
    from lifepath.host.manager import get_registry

    added = get_registry().species(RULESET_ID).get(species_id)
    return added.data if added is not None else {}


@hookimpl
def lifepath_register_rulesets(register: Callable[[Ruleset], None]) -> None:
    register(NowhereYet())


@hookimpl
def lifepath_register_careers(ruleset_id: str, register: Callable[..., None]) -> None:
    if ruleset_id == RULESET_ID:
        for table in tables().extra:
            register(table)


@hookimpl
def lifepath_register_species(ruleset_id: str, register: Callable[..., None]) -> None:
    if ruleset_id == RULESET_ID:
        table = tables().files["species"]
        for species in table.data["species"]:
            register(species, table=table)


@hookimpl
def lifepath_characteristics(ctx: Context, specs: dict[str, CharacteristicSpec]) -> None:
    """A species' own dice and racial maxima (Notable and Weak) replace the defaults."""
    if ctx.ruleset.id != RULESET_ID:
        return
    species = ctx.state.get("species") or {}
    for code, own in species.get("characteristics", {}).items():
        if code in specs:
            specs[code].dice = own["dice"]
            specs[code].maximum = own["maximum"]


@hookimpl
def lifepath_apply_trait(ctx: Context, trait: dict[str, Any], stage: str) -> None:
    """Traits that grant skills at creation (Flyer, Great Leaper, Natural Weapon) do so with the background skills."""
    if stage != "background" or ctx.ruleset.id != RULESET_ID:
        return
    grants = trait.get("grants_skills")
    if not grants:  # most traits grant nothing: no import statement to run for them
        return
    from .skills import skill_book

    book = skill_book()
    for grant in grants:
        book.grant(ctx, grant["name"], level=grant["level"], why=f"trait: {trait['name']}")


@hookimpl(trylast=True)
def lifepath_crisis(ctx: Context, crisis: Crisis) -> CrisisOutcome | None:
    """Nowhere Yet's answer: no death. A failed survival throw is a mishap; a characteristic at zero is
    restored to 1 and the 1D6 x Cr10,000 treatment becomes medical debt. House rules restore the printed rules.
    """
    if ctx.ruleset.id != RULESET_ID:
        return None
    from lifepath.creation import CrisisOutcome  # a module: no package look-up through lifepath's __getattr__

    if crisis.kind == "survival":
        if ctx.rules.get("survival_failure") == "death":
            return CrisisOutcome("death", "a failed survival throw is fatal under the printed rule")
        return CrisisOutcome("mishap", "a failed survival throw always goes to the mishap table")
    med = tables()["medical"]["crisis"]
    career = crisis.details.get("career") or (ctx.sheet.careers[-1].career if ctx.sheet.careers else None)
    notation = f"{med['dice']}x{med['multiplier']}"
    cost = ctx.roll(notation, f"{crisis.kind} crisis: cost of treatment", kind="crisis-cost", career=career).total
    if ctx.rules.get("crisis") == "printed":
        if ctx.sheet.credits >= cost:
            before = ctx.sheet.credits
            ctx.sheet.credits -= cost
            ctx.change("credits", before, ctx.sheet.credits, f"paid for {crisis.kind} crisis treatment")
            return CrisisOutcome("paid", f"treatment paid in full (Cr{cost:,})")
        return CrisisOutcome("death", f"the character cannot pay Cr{cost:,} for treatment and dies (printed rule)")
    return CrisisOutcome("medical-debt", f"restored to 1; Cr{cost:,} of treatment becomes medical debt", debt=cost)
