"""The hooks a lifepath plugin can implement.

Every built-in ruleset implements these exactly as a third party's plugin does, through the entry-point
group ``lifepath``. Registration hooks receive a ``register`` callback rather than returning values:
call it once per thing you add.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pluggy import HookimplMarker, HookspecMarker

if TYPE_CHECKING:
    from lifepath.creation import CharacteristicSpec, Context, Crisis, CrisisOutcome, ThrowInfo
    from lifepath.formats.registry import Format
    from lifepath.ruleset import Ruleset

hookspec = HookspecMarker("lifepath")
hookimpl = HookimplMarker("lifepath")


@hookspec
def lifepath_register_rulesets(register: Callable[[Ruleset], None]) -> None:
    """Add whole rulesets.

    Called once, when the registry is first built.

    :param register: call ``register(ruleset)`` with a :class:`lifepath.Ruleset` for each ruleset.
    :returns: nothing; use ``register``.
    """


@hookspec
def lifepath_register_careers(ruleset_id: str, register: Callable[[Any], None]) -> None:
    """Add careers to a named ruleset.

    Called once per registered ruleset, the first time that ruleset is used in the process (its tables
    are read and checked then, not at start-up).

    :param ruleset_id: the ruleset whose careers are being collected, e.g. ``"nowhere-yet"``; add only
        careers written for it.
    :param register: call ``register(table)`` with a :class:`lifepath.Table` (or a mapping) per career,
        shaped as that ruleset's career schema says. It is validated and checked for meaning (the skills
        it names exist...) before it is accepted; one whose id, name or alias another career has is
        refused unless it declares ``replaces`` (see :mod:`lifepath.host.clashes`).
    :returns: nothing; use ``register``.
    """


@hookspec
def lifepath_register_species(ruleset_id: str, register: Callable[[Any], None]) -> None:
    """Add species (origins) to a named ruleset.

    Called once per registered ruleset, the first time that ruleset is used in the process (its tables
    are read and checked then, not at start-up).

    :param ruleset_id: the ruleset whose species are being collected.
    :param register: call ``register(table)`` with a :class:`lifepath.Table` (or a mapping) per species,
        shaped as that ruleset's species schema says; its traits are named by id (the ruleset's own or
        registered with ``lifepath_register_traits``). Clashes are decided as for careers.
    :returns: nothing; use ``register``.
    """


@hookspec
def lifepath_register_house_rules(ruleset_id: str, register: Callable[[str, dict[str, Any]], None]) -> None:
    """Declare house rules for a named ruleset, beyond those the ruleset declares itself.

    Called once per registered ruleset, the first time that ruleset is used in the process (its tables
    are read and checked then, not at start-up).

    :param ruleset_id: the ruleset the rules apply to.
    :param register: call ``register(name, schema)`` per rule, where ``schema`` is a JSON Schema
        property (``type``, ``default``, ``description``, and ``enum``/``minimum``/``maximum`` as needed).
    :returns: nothing; use ``register``.
    """


@hookspec
def lifepath_register_skills(ruleset_id: str, register: Callable[[str, str], None]) -> None:
    """Add skills to a named ruleset's skill list, so careers and species may name them.

    Called once per registered ruleset, the first time that ruleset is used in the process, before its
    careers and species are collected (they are checked against the list).

    :param ruleset_id: the ruleset whose skill list is being collected.
    :param register: call ``register(name, summary)`` per new skill: its name as tables write it and one
        line on what it covers. A name the ruleset already has is the same skill (nothing changes).
    :returns: nothing; use ``register``.
    """


@hookspec
def lifepath_register_traits(ruleset_id: str, register: Callable[[dict[str, Any]], None]) -> None:
    """Add species traits to a named ruleset, so species may name them by id.

    Called once per registered ruleset, the first time that ruleset is used in the process, before its
    species are collected (they are checked against the traits known).

    :param ruleset_id: the ruleset whose traits are being collected.
    :param register: call ``register({"id": ..., "name": ..., "summary": ...})`` per trait: a kebab-case
        id, the name the sheet shows and a one-line note. Its effect on creation, if any, is yours to
        apply in ``lifepath_apply_trait``.
    :returns: nothing; use ``register``.
    """


@hookspec
def lifepath_characteristics(ctx: Context, specs: dict[str, CharacteristicSpec]) -> None:
    """Adjust how a character's characteristics are generated, before any is rolled.

    Called once per character, after the species is known and before characteristics are thrown.
    Change ``specs`` in place (its ``dice`` or ``maximum``); the ruleset then rolls them.

    :param ctx: the creation context (``ctx.sheet.species``, ``ctx.rules`` and ``ctx.ruleset.id`` are set).
    :param specs: characteristic code to its :class:`lifepath.CharacteristicSpec`, in sheet order.
    :returns: nothing; change ``specs`` in place.
    """


@hookspec
def lifepath_apply_trait(ctx: Context, trait: dict[str, Any], stage: str) -> None:
    """Apply a species trait's effect on creation.

    Called for each trait of the character's species at each creation stage the ruleset names
    (Nowhere Yet: ``"characteristics"`` after they are rolled, ``"background"`` with background skills,
    ``"finish"`` before the sheet is closed). Implementations act only on traits they know (by
    ``trait["id"]``) and record every change through ``ctx``.

    :param ctx: the creation context.
    :param trait: the trait's table entry (``id``, ``name``, ``summary``...).
    :param stage: the creation stage being run.
    :returns: nothing.
    """


@hookspec(firstresult=True)
def lifepath_crisis(ctx: Context, crisis: Crisis) -> CrisisOutcome | None:
    """Decide what happens when a characteristic reaches zero or a throw would kill.

    Called by a ruleset at the moment of the crisis. This is a ``firstresult`` hook: the first
    implementation to return an outcome decides, so a house-rule plugin overrides the ruleset's own
    answer (which each shipped ruleset registers ``trylast``). Return ``None`` to let the next decide.

    :param ctx: the creation context (``ctx.rules`` holds the house rules in force).
    :param crisis: what happened: ``crisis.kind`` (``"injury"``, ``"ageing"``, ``"survival"``...),
        ``crisis.characteristics`` at zero, ``crisis.cause``.
    :returns: a :class:`lifepath.CrisisOutcome` (``"medical-debt"``, ``"death"``, ``"scar"``...) or ``None``.
    """


@hookspec
def lifepath_throw_modifiers(ctx: Context, throw: ThrowInfo) -> list[tuple[str, int]] | None:
    """Add named DMs to a throw a ruleset is about to make (a species trait's +1 on survival, say).

    Called before the dice of every throw a ruleset makes with a ``kind`` (each ruleset declares its kinds
    in ``THROW_KINDS`` and documents them: Nowhere Yet's ``"qualification"``, ``"survival"``,
    ``"commission"``, ``"advancement"``, ``"reenlistment"``, ``"ageing"``, ``"injury"``, ``"mishap"``,
    ``"benefit-cash"``...), and only when some plugin implements this hook. Every implementation is
    called; their DMs join the throw's own, in the order pluggy calls them, and are recorded, shown and
    replayed under their names like any other. Never throw dice here: answer from the sheet and the throw.

    :param ctx: the creation context (``ctx.ruleset.id``, ``ctx.sheet``, ``ctx.rules``; Nowhere Yet keeps the
        species entry in ``ctx.state["species"]``).
    :param throw: the :class:`lifepath.ThrowInfo` about to be made: ``kind``, ``purpose``, ``career`` (the id of
        the career it belongs to, or ``None``), ``dice``, ``target`` (``None`` for a table throw) and ``dms``
        (the throw's own modifiers).
    :returns: a list of ``(name, value)`` DMs, e.g. ``[("Hardy", 1)]``; an empty list or ``None`` adds none.
    """


@hookspec
def lifepath_register_formats(register: Callable[[Format], None]) -> None:
    """Register output formats: call ``register(Format(...))`` once per format.

    A :class:`lifepath.formats.registry.Format` names the format (``--format NAME``), says what it is called
    in messages, writes one character as text (``write(ruleset, character, number)``), says how many combine
    (one file, or a folder of one file each), which rulesets it can map (``supports``) and which commands
    offer it (``export``, ``generate``). A name lifepath or an earlier plugin already registered is one
    warning and the first is kept. Called once per command that lists or writes formats.

    :param register: the function to call with each :class:`~lifepath.formats.registry.Format`.
    """
