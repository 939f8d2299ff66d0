"""The creation context a ruleset works through, and :func:`create`, which runs one character.

Every throw, decision and change goes through the context and into the character's history, in order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lifepath.character import Character, Sheet
from lifepath.decisions import Chooser, Decision, PolicyChooser, Previewer, policy_draw
from lifepath.engine.dice import Dice, DiceStream, parse
from lifepath.engine.history_log import CHANGE, DECISION, FORCED, NOTE, THROW, EventLog
from lifepath.engine.hookcall import PluginHookError, call_hook
from lifepath.errors import LifepathError

if TYPE_CHECKING:
    from lifepath.engine.previews import Chance
    from lifepath.host.registry import Registry
    from lifepath.ruleset import Ruleset


@dataclass(slots=True)
class Throw:
    """The result of :meth:`Context.roll`."""

    total: int
    natural: int
    faces: list[int]
    success: bool | None


@dataclass(frozen=True, slots=True)
class ThrowInfo:
    """A throw about to be made, as the ``lifepath_throw_modifiers`` hook is shown it."""

    #: the ruleset's stable name for the kind of throw (``"survival"``, ``"qualification"``...)
    kind: str
    #: what the history calls it (``"survival: Scout"``)
    purpose: str
    #: the id of the career it belongs to, or ``None``
    career: str | None
    dice: Dice
    #: the total to reach, or ``None`` for a table throw
    target: int | None
    #: the throw's own ``(source, value)`` modifiers
    dms: tuple[tuple[str, int], ...]


@dataclass(slots=True)
class CharacteristicSpec:
    """How one characteristic is generated: its name, dice and maximum (changeable by hooks)."""

    code: str
    name: str
    dice: str
    maximum: int | None
    minimum: int = 0
    note: str = ""


@dataclass(slots=True)
class Crisis:
    """A crisis handed to the ``lifepath_crisis`` hook."""

    kind: str
    cause: str
    characteristics: list[str] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class CrisisOutcome:
    """What a crisis did: ``kind`` is ``"medical-debt"``, ``"death"``, ``"scar"`` or a plugin's own."""

    kind: str
    note: str = ""
    debt: int = 0
    details: dict[str, Any] = field(default_factory=dict)


def _is_dm(dm: object) -> bool:
    """Whether a throw hook's answer is a ``(name, value)`` DM: a name and a whole number (not a bool)."""
    return (
        isinstance(dm, tuple | list) and len(dm) == 2 and isinstance(dm[0], str) and bool(dm[0]) and type(dm[1]) is int
    )


class Context:
    """Services for one character's creation. A ruleset's ``create(ctx)`` uses nothing else."""

    def __init__(
        self,
        ruleset: Ruleset,
        registry: Registry,
        rules: Mapping[str, Any],
        seed: int,
        chooser: Chooser,
        options: Mapping[str, Any] | None = None,
        observer: Callable[[dict[str, Any]], None] | None = None,
        log: EventLog | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.registry = registry
        self.hooks = registry.manager.pm.hook
        # the throw hook only when a plugin implements it (looked at once per character: a hook call
        # through pluggy costs some 17 k instructions, more than a whole throw)
        modifiers = self.hooks.lifepath_throw_modifiers
        self._modifiers = modifiers if modifiers.get_hookimpls() else None
        self.rules = dict(rules)
        self.seed = seed
        self.chooser = chooser
        self._trusted = bool(getattr(chooser, "trusted", False))
        # the NPC policy itself (not a subclass, which may answer its own way) is asked without a call
        self._policy = chooser._random.random if type(chooser) is PolicyChooser else None
        self.options = dict(options or {})
        self.dice = DiceStream(seed)
        self._draw = self.dice.draw
        self.sheet = Sheet()
        #: the history: reads as the list of JSON events, records compact entries (lifepath.engine.history_log)
        self.history = log if log is not None else EventLog(observer)
        self._record = self.history.record
        self.decisions: list[list[str]] = []
        #: scratch space a ruleset may use during creation (not exported)
        self.state: dict[str, Any] = {}

    # -- throws -----------------------------------------------------------------------------------

    def roll(
        self,
        notation: str | Dice,
        purpose: str,
        *,
        dms: Iterable[tuple[str, int]] = (),
        target: int | None = None,
        auto_fail: int | None = None,
        auto_success: int | None = None,
        kind: str | None = None,
        career: str | None = None,
    ) -> Throw:
        """Throw dice, record it, and return the result.

        :param notation: a dice notation, or a :class:`lifepath.engine.dice.Dice` parsed once beforehand (with
            :func:`lifepath.engine.dice.parse`, e.g. when the tables are compiled), which saves the look-up.

        :param dms: ``(source, value)`` modifiers, each recorded with its source.
        :param target: succeed on a total of at least this (``None``: a table lookup, no outcome).
        :param auto_fail: a natural total that always fails (Nowhere Yet's natural 2 on survival).
        :param auto_success: a natural total that always succeeds.
        :param kind: the throw's stable kind, one of the ruleset's ``THROW_KINDS`` (``"survival"``...); a
            throw with a kind is shown to the ``lifepath_throw_modifiers`` hook first, and the named DMs its
            implementations return join ``dms``.
        :param career: the id of the career the throw belongs to, if any (shown to the hook).
        """
        dice = notation if isinstance(notation, Dice) else parse(notation)
        if self._modifiers is not None and kind is not None:
            dms = self._modified(ThrowInfo(kind, purpose, career, dice, target, tuple(dms)))
        count = dice.count
        if count == 2 and not dice.d66:  # most throws are 2D6 or 1D6: drawn here, without a call
            draw, sides = self._draw, dice.sides
            first, second = int(draw() * sides) + 1, int(draw() * sides) + 1
            faces = [first, second]
            natural = first + second
        elif count == 1:
            natural = int(self._draw() * dice.sides) + 1
            faces = [natural]
        else:
            faces = self.dice.faces(dice)
            natural = faces[0] * 10 + faces[1] if dice.d66 else sum(faces)
        if dms.__class__ is not tuple:
            dms = tuple(dms)
        dm_total = 0
        for _source, value in dms:
            dm_total += value
        total = (natural + dice.modifier + dm_total) * dice.multiplier
        success: bool | None = None
        rule: str | None = None
        if target is not None:
            success = total >= target
            if auto_fail is not None and natural == auto_fail and success:
                success = False
                rule = f"a natural {auto_fail} always fails"
            elif auto_success is not None and natural == auto_success and not success:
                success = True
                rule = f"a natural {auto_success} always succeeds"
        self._record((THROW, purpose, dice, faces, dms, total, target, rule, success, kind, career))
        return Throw(total, natural, faces, success)

    def chance(
        self,
        notation: str | Dice,
        purpose: str,
        *,
        dms: Iterable[tuple[str, int]] = (),
        target: int,
        auto_fail: int | None = None,
        auto_success: int | None = None,
        kind: str | None = None,
        career: str | None = None,
    ) -> Chance:
        """The exact chance of a throw :meth:`roll` would make with the same arguments, without throwing:
        the throw hook adds its DMs as it would to the throw itself. Nothing is recorded and no die is
        drawn, so a preview never changes a character."""
        from lifepath.engine.previews import Chance, probability

        dice = notation if isinstance(notation, Dice) else parse(notation)
        dms = tuple(dms)
        if self._modifiers is not None and kind is not None:
            dms = self._modified(ThrowInfo(kind, purpose, career, dice, target, dms))
        dm = sum(value for _source, value in dms)
        chance = probability(dice, target, dm, auto_fail=auto_fail, auto_success=auto_success)
        return Chance(purpose, dice.notation or str(dice), target, dms, chance)

    def _modified(self, throw: ThrowInfo) -> tuple[tuple[str, int], ...]:
        """The throw's DMs and those every ``lifepath_throw_modifiers`` implementation adds."""
        answers = call_hook(self.registry.manager, "lifepath_throw_modifiers", ctx=self, throw=throw)
        added: list[tuple[str, int]] = []
        for answer in answers:
            for dm in answer if isinstance(answer, list | tuple) else (answer,):
                if not _is_dm(dm):
                    impls = self.hooks.lifepath_throw_modifiers.get_hookimpls()
                    raise PluginHookError(
                        f"a lifepath_throw_modifiers hook returned {dm!r} for the {throw.kind} throw "
                        f"'{throw.purpose}', which is not a (name, whole number) DM",
                        hint='return a list such as [("Hardy", 1)]; the plugins implementing the hook: '
                        + ", ".join(sorted({str(i.plugin_name) for i in impls})),
                    )
                added.append((dm[0], dm[1]))
        return (*throw.dms, *added) if added else throw.dms

    # -- decisions --------------------------------------------------------------------------------

    @property
    def previewing(self) -> bool:
        """Whether the decision about to be asked is shown to a person with each option's preview (the
        chooser's ``previews`` is true): never for the NPC policy, nor while a session replays its recorded
        answers. A ruleset whose previews take work to set up can skip them when this is false (Nowhere
        Yet's are made only then), since :meth:`choose` would not call them."""
        return self._policy is None and bool(getattr(self.chooser, "previews", False))

    def choose(self, decision: Decision, preview: Previewer | None = None) -> str:
        """Ask the chooser, check the answer is legal, record it and return it.

        ``preview(option)`` says what an option does for this character (a
        :class:`~lifepath.engine.previews.Preview` or a line of text); it is called only when the chooser
        shows previews to a person (its ``previews`` attribute is true), never for the NPC policy.
        """
        enabled = decision._enabled or decision.enabled()
        if len(enabled) == 1 and not decision.free_text:
            answer = enabled[0].id
            self._record((FORCED, decision, answer))
            return answer
        policy = self._policy
        if policy is not None:
            answer = policy_draw(policy, decision)
        else:
            asked = decision
            if preview is not None and self.previewing:
                asked = decision.with_previews(preview)
            answer = self.chooser.choose(asked)
        if not self._trusted and not decision.is_legal(answer):
            raise LifepathError(
                f"'{answer}' is not a legal answer to '{decision.prompt}'",
                hint=f"legal answers: {', '.join(decision.option_ids())}",
            )
        self.decisions.append([decision.key, answer])
        self._record((DECISION, decision, answer))
        return answer

    # -- changes and notes ------------------------------------------------------------------------

    def change(self, what: str, before: Any, after: Any, why: str) -> None:
        """Record a change to the sheet (the caller has made it)."""
        self._record((CHANGE, what, before, after, why))

    def note(self, text: str, **details: Any) -> None:
        """Record something that happened that is neither a throw nor a decision."""
        self._record((NOTE, text, details))

    # -- hooks (a third-party implementation that raises is named: lifepath.engine.hookcall) ------------------

    def characteristic_specs(self, specs: Sequence[CharacteristicSpec]) -> dict[str, CharacteristicSpec]:
        """Let plugins adjust how characteristics are generated, then return the specs by code."""
        by_code = {s.code: s for s in specs}
        call_hook(self.registry.manager, "lifepath_characteristics", ctx=self, specs=by_code)
        return by_code

    def apply_traits(self, traits: Iterable[Mapping[str, Any]], stage: str) -> None:
        """Give every trait's plugins their say at ``stage``."""
        for trait in traits:
            call_hook(self.registry.manager, "lifepath_apply_trait", ctx=self, trait=trait, stage=stage)

    def crisis(self, crisis: Crisis) -> CrisisOutcome:
        """Hand a crisis to the ``lifepath_crisis`` hook; the first plugin to answer decides."""
        outcome: CrisisOutcome | None = call_hook(self.registry.manager, "lifepath_crisis", ctx=self, crisis=crisis)
        if outcome is None:
            raise LifepathError(
                f"no plugin decides crises for {self.ruleset.id} ({crisis.kind}: {crisis.cause})",
                hint="install or enable the ruleset's plugin",
            )
        self.history.append(
            {
                "type": "crisis",
                "kind": crisis.kind,
                "cause": crisis.cause,
                "characteristics": crisis.characteristics,
                "outcome": outcome.kind,
                "note": outcome.note,
            }
        )
        return outcome


def create(
    registry: Registry,
    ruleset_id: str,
    *,
    seed: int,
    rules: Mapping[str, Any] | None = None,
    chooser: Chooser,
    options: Mapping[str, Any] | None = None,
    observer: Callable[[dict[str, Any]], None] | None = None,
    log: EventLog | None = None,
    on_context: Callable[[Context], None] | None = None,
) -> Character:
    """Run one character's creation under ``ruleset_id`` and return it with history and provenance.

    ``rules`` are the resolved house rules (see :func:`lifepath.engine.houserules.resolve`); when omitted the
    declaration's defaults are used. ``observer`` is shown every event as it happens; ``log``, a new
    :class:`~lifepath.engine.history_log.EventLog` of the caller's, records the history instead of one of
    creation's own, so that a caller whose creation may stop (a replay) can read what happened before it
    stopped without paying for every event as it happens. ``on_context`` is handed the creation context
    before creation starts (a session reads the sheet so far from it).
    """
    ruleset = registry.ruleset(ruleset_id)
    if rules is not None:
        resolved = dict(rules)
    else:
        from lifepath.engine.houserules import resolve  # only here: an import statement costs each character

        resolved = resolve(registry.declaration(ruleset.id))
    opts = {k: v for k, v in sorted((options or {}).items()) if v not in (None, [], {})}
    ctx = Context(ruleset, registry, resolved, seed, chooser, opts, observer, log)
    if on_context is not None:
        on_context(ctx)
    ruleset.create(ctx)
    provenance = {
        "ruleset": {"id": ruleset.id, "version": ruleset.version},
        "plugins": registry.contributors(ruleset.id),
        "tables_sha256": registry.digest(ruleset.id),
        "house_rules": resolved,
        "seed": seed,
        "options": opts,
        "decisions": ctx.decisions,
    }
    distributions = registry.distributions(ruleset.id)
    if distributions:  # only plugins not built in have one: a character of lifepath's own has no such key
        provenance["distributions"] = distributions
    return Character(ctx.sheet, ctx.history, provenance)
