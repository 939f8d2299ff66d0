"""Decisions and the choosers that answer them.

The engine never asks a person directly. Every choice (a career, whether to reenlist, a skill table, a
cascade specialisation, which characteristic an injury takes) is a :class:`Decision` with its legal
options, handed to a :class:`Chooser`:

* ``PromptChooser`` (in ``lifepath.cli.prompt``) asks a person at a terminal;
* :class:`PolicyChooser` answers for NPCs from the ruleset's weights, with its own random stream;
* :class:`ScriptedChooser` answers from a recorded list, for replay and tests.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from dataclasses import replace as _replace
from functools import update_wrapper
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, Protocol, TypeVar

from lifepath.engine.history_log import encode_compact
from lifepath.errors import LifepathError, ScriptExhausted

if TYPE_CHECKING:
    from lifepath.engine.previews import Preview

#: what a ruleset passes as ``preview=`` to ``Context.choose``: an option's preview for this character, or
#: ``None`` (or a plain line of text) for an option it has nothing to say about
Previewer = Callable[["Option"], "Preview | str | None"]


class _Making(Protocol):
    """What a ruleset's preview factory is given first: its creation state, which holds the context."""

    @property
    def ctx(self) -> Any: ...


_S = TypeVar("_S", bound=_Making)
_P = ParamSpec("_P")


def for_a_person(
    make: Callable[Concatenate[_S, _P], Previewer],
) -> Callable[Concatenate[_S, _P], Previewer | None]:
    """A ruleset's preview factory, ``make(state, ...)``, that makes nothing and returns None unless the
    decision is shown to a person (``state.ctx.previewing``; see :attr:`lifepath.creation.Context.previewing`):
    a character made in bulk then pays one call per decision, not the preview's set-up."""

    def made(state: _S, /, *args: _P.args, **kwargs: _P.kwargs) -> Previewer | None:
        return make(state, *args, **kwargs) if state.ctx.previewing else None

    update_wrapper(made, make)  # its name and docstring
    return made


@dataclass(frozen=True, slots=True)
class Option:
    """One legal answer: ``id`` is what is recorded, ``label`` what a person reads.

    ``weight`` is the NPC policy's preference (0 means never, unless every option is 0). ``disabled``,
    when set, is why the option cannot be taken now: it is still listed (so every option keeps its number
    in a menu), but nobody may choose it, not a person, the NPC policy nor a replay script, and the policy's
    weights and draws are those of the enabled options alone.

    ``preview`` is what the option does for this character (see :mod:`lifepath.engine.previews`); the
    context fills it in only for a chooser that shows previews to a person.
    """

    id: str
    label: str = ""
    weight: float = 1.0
    detail: str = ""
    disabled: str | None = None
    preview: Preview | None = None

    def __init__(
        self,
        id: str,
        label: str = "",
        weight: float = 1.0,
        detail: str = "",
        disabled: str | None = None,
        preview: Preview | None = None,
    ) -> None:
        # the fields' own slots set directly (see _slot_setters): what the generated __init__ does, cheaper
        _option_id(self, id)
        _option_label(self, label)
        _option_weight(self, weight)
        _option_detail(self, detail)
        _option_disabled(self, disabled)
        _option_preview(self, preview)

    def text(self) -> str:
        return self.label or self.id

    def previewed(self) -> Preview | None:
        """The option's preview, or its ``detail`` as a one-line preview, or ``None``."""
        if self.preview is not None:
            return self.preview
        if self.detail:
            from lifepath.engine.previews import preview_of

            return preview_of(self.detail)
        return None


@dataclass(frozen=True, slots=True)
class Shorthand:
    """Answers a person may type beyond a decision's options, such as a purchase in one line
    (``skill dodge +2``): ``hint`` is shown beside the prompt's keys, and ``problem(text)`` says what is
    wrong with a typed answer (empty when it is accepted). The answer is recorded as typed, so the ruleset
    reads it again on replay; the NPC policy only ever chooses options."""

    hint: str
    problem: Callable[[str], str]


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice the procedure needs made.

    ``key`` is a stable name for the kind of decision (``career``, ``reenlist``...), recorded with the
    answer so a replay can tell when a script no longer fits. With ``free_text`` a person may type any
    answer; the options are then examples (and what the NPC policy draws from). ``default`` (an option
    id, or empty) is what a person takes by pressing Enter, e.g. for a "serve another term?" question.
    ``shorthand`` (a :class:`Shorthand`) accepts typed answers beside the options.
    """

    key: str
    prompt: str
    options: tuple[Option, ...]
    free_text: bool = False
    context: str = ""
    default: str = ""
    shorthand: Shorthand | None = field(default=None, compare=False)

    _ids: list[str] | None = field(default=None, init=False, repr=False, compare=False)
    _enabled: tuple[Option, ...] | None = field(default=None, init=False, repr=False, compare=False)
    _cumulative: tuple[float, ...] | None = field(default=None, init=False, repr=False, compare=False)
    _json_head: str | None = field(default=None, init=False, repr=False, compare=False)

    def __init__(
        self,
        key: str,
        prompt: str,
        options: tuple[Option, ...],
        free_text: bool = False,
        context: str = "",
        default: str = "",
        shorthand: Shorthand | None = None,
    ) -> None:
        # the fields' own slots set directly (see _slot_setters): what the generated __init__ does, cheaper
        _decision_key(self, key)
        _decision_prompt(self, prompt)
        _decision_options(self, options)
        _decision_free_text(self, free_text)
        _decision_context(self, context)
        _decision_default(self, default)
        _decision_shorthand(self, shorthand)
        _decision_ids(self, None)
        _decision_enabled(self, None)
        _decision_cumulative(self, None)
        _decision_json_head(self, None)

    def enabled(self) -> tuple[Option, ...]:
        """The options that may be chosen (not disabled), in order."""
        enabled = self._enabled
        if enabled is None:
            # one pass that also keeps the NPC policy's running totals (cumulative_weights): a fresh decision
            # asked of the policy needs both, and a loop costs less than a list, min() and accumulate(), or
            # map() with attrgetter (callgrind: 4.8 k against 7.5 k instructions for five options; the D6
            # pool's seventy fresh menus a character 121 k less than two passes). The totals are the same
            # floats as adding each clamped weight (0.0 + w is w, and t + 0.0 is t). The enabled options
            # are gathered only when some are disabled, which few menus have (about 150 instructions an
            # option less; 53 options: 31.6 k against 39.7 k).
            options = self.options
            running: list[float] = []
            total = 0.0
            for option in options:
                if option.disabled is None:
                    weight = option.weight
                    if weight > 0.0:
                        total += weight
                    running.append(total)
            if len(running) == len(options):
                enabled = options
            else:
                enabled = tuple([option for option in options if option.disabled is None])
            _decision_enabled(self, enabled)
            _decision_cumulative(self, tuple(running))
        return enabled

    def reworded(self, prompt: str, context: str = "", shorthand: Shorthand | None = None) -> Decision:
        """This decision in other words: the same key, options, free text and default, asked with ``prompt``,
        ``context`` and ``shorthand``, and with the enabled options, option ids and NPC policy's running
        totals worked out for this one, none of which depend on the words. For a menu whose options are
        kept while its wording names the state (the points left, the sheet so far): a menu made once and
        reworded at each asking skips the pass over its options."""
        enabled = self._enabled or self.enabled()
        made = Decision(self.key, prompt, self.options, self.free_text, context, self.default, shorthand)
        _decision_enabled(made, enabled)
        _decision_cumulative(made, self._cumulative)
        _decision_ids(made, self._ids)
        return made

    def option_ids(self) -> list[str]:
        """The ids of the options that may be chosen, in order (computed once per decision: treat the list
        as read-only). Disabled options are left out: they are not legal answers and are not recorded."""
        ids = self._ids
        if ids is None:
            ids = [o.id for o in self.enabled()]
            _decision_ids(self, ids)
        return ids

    def json_head(self) -> str:
        """The start of this decision's event as compact JSON, up to its answer (made once per decision:
        a reused decision's prompt and options are encoded once, however many characters it is asked of)."""
        head = self._json_head
        if head is None:
            head = encode_compact(
                {
                    "type": "decision",
                    "key": self.key,
                    "prompt": self.prompt,
                    "options": self.option_ids(),
                    "answer": None,
                }
            )
            head = head[: -len("null}")]
            _decision_json_head(self, head)
        return head

    def with_previews(self, preview: Previewer) -> Decision:
        """A copy of this decision whose options carry ``preview(option)`` (a string becomes a one-line
        preview); the copy has the same key, prompt and option ids, so it records the same answer."""
        from lifepath.engine.previews import preview_of

        made = []
        for option in self.options:
            shown = preview(option)
            if isinstance(shown, str):
                shown = preview_of(shown) if shown else None
            made.append(_replace(option, preview=shown) if shown is not None else option)
        return _replace(self, options=tuple(made))

    def is_legal(self, answer: str) -> bool:
        if self.free_text:
            return bool(answer.strip())
        if answer in self.option_ids():
            return True
        return self.shorthand is not None and not self.shorthand.problem(answer)

    def cumulative_weights(self) -> tuple[float, ...]:
        """Running totals of the enabled options' policy weights (negative weights count as 0), worked out
        with the enabled options (:meth:`enabled`)."""
        cumulative = self._cumulative
        if cumulative is None:
            self.enabled()
            cumulative = self._cumulative
            assert cumulative is not None
        return cumulative


def _slot_setters(cls: type, *names: str) -> tuple[Callable[[Any, Any], None], ...]:
    """The setter of each slot ``names`` of the frozen dataclass ``cls``, for its hand-written ``__init__``.

    A frozen dataclass's generated ``__init__`` sets every field with ``object.__setattr__(self, name,
    value)``, which looks the slot up by its name each time: 18 k instructions for a :class:`Decision`'s
    eleven slots and 10 k for an :class:`Option`'s six (callgrind). Calling each slot's descriptor directly
    does the same in 10 k and 6 k, and the D6 pool makes some seventy fresh decisions a character. The
    hand-written ``__init__`` takes the same arguments as the generated one, and ``dataclasses.replace``
    calls it as it would the generated one; a frozen instance stays frozen (``__setattr__`` still raises).
    """
    return tuple(cls.__dict__[name].__set__ for name in names)


(_option_id, _option_label, _option_weight, _option_detail, _option_disabled, _option_preview) = _slot_setters(
    Option, "id", "label", "weight", "detail", "disabled", "preview"
)
(
    _decision_key,
    _decision_prompt,
    _decision_options,
    _decision_free_text,
    _decision_context,
    _decision_default,
    _decision_shorthand,
    _decision_ids,
    _decision_enabled,
    _decision_cumulative,
    _decision_json_head,
) = _slot_setters(
    Decision,
    "key",
    "prompt",
    "options",
    "free_text",
    "context",
    "default",
    "shorthand",
    "_ids",
    "_enabled",
    "_cumulative",
    "_json_head",
)

#: the longest free-text answer (a name, a concept) a person may type
FREE_TEXT_LIMIT = 60


def free_text_problem(answer: str) -> str:
    """Why ``answer`` is not an acceptable free-text answer (empty when it is)."""
    if not answer.strip():
        return "the answer is empty"
    if len(answer) > FREE_TEXT_LIMIT:
        return f"the answer is {len(answer)} characters long; at most {FREE_TEXT_LIMIT} are allowed"
    if not answer.isprintable():
        return "the answer holds a control character; use letters, digits, spaces and punctuation"
    return ""


def options(ids: Iterable[str], weights: Mapping[str, float] | None = None) -> tuple[Option, ...]:
    """Build options from plain ids, with optional per-id policy weights."""
    w = weights or {}
    return tuple(Option(i, i, w.get(i, 1.0)) for i in ids)


class Chooser(Protocol):
    """Anything that answers decisions."""

    def choose(self, decision: Decision) -> str:
        """Return the id of one of ``decision.options`` (or any text, for a free-text decision)."""
        ...


class PolicyChooser:
    """The NPC policy: a weighted draw over each decision's options, from its own random stream.

    The stream is seeded from the character's seed but is not the dice stream, so answers recorded
    from a policy replay through a :class:`ScriptedChooser` to exactly the same throws.
    """

    #: answers are always one of the options, so the context need not check them
    trusted = True

    def __init__(self, seed: int | str) -> None:
        self._random = random.Random(f"policy:{seed}")

    def choose(self, decision: Decision) -> str:
        return policy_draw(self._random.random, decision)


def policy_draw(random: Callable[[], float], decision: Decision) -> str:
    """The NPC policy's answer to ``decision``, drawn with ``random`` over the enabled options' weights
    (:class:`lifepath.creation.Context` calls it directly for a :class:`PolicyChooser`)."""
    # a reused decision (see DecisionCache) has its enabled options and running totals already
    opts = decision._enabled or decision.enabled()  # disabled options take no part in the draws
    if not opts:
        raise LifepathError(f"decision '{decision.key}' has no options for the NPC policy to pick from")
    cumulative = decision._cumulative or decision.cumulative_weights()
    total = cumulative[-1]
    if total <= 0:
        return opts[int(random() * len(opts))].id
    index = bisect_right(cumulative, random() * total)
    return opts[index if index < len(opts) else -1].id


class DecisionCache:
    """Decisions made once and reused, for a ruleset that asks the same questions of every character.

    ``get`` returns the same :class:`Decision` for the same key, prompt and option *objects* (options made
    once, e.g. when the tables are compiled, and kept), so its enabled options, option ids and the NPC
    policy's running totals are worked out once, not per character. The options are told apart by
    identity, which is safe: a cached decision keeps its options alive, so no other object can have their
    ids meanwhile. The cache forgets everything when it passes ``limit`` decisions.
    """

    __slots__ = ("_made", "limit")

    def __init__(self, limit: int = 4096) -> None:
        self._made: dict[tuple[object, ...], Decision] = {}
        self.limit = limit

    def get(
        self,
        key: str,
        prompt: str,
        options: tuple[Option, ...],
        *,
        free_text: bool = False,
        context: str = "",
        default: str = "",
    ) -> Decision:
        token = (key, prompt, tuple(map(id, options)), free_text, context, default)
        decision = self._made.get(token)
        if decision is None:
            if len(self._made) >= self.limit:
                self._made.clear()
            decision = self._made[token] = Decision(key, prompt, options, free_text, context, default)
        return decision


@dataclass
class ScriptedChooser:
    """Answers from a recorded script.

    Built from a list of ``(key, answer)`` pairs (a replay: each answer is taken in order and its key must
    match), or with :meth:`by_key` from a mapping of key to a list of answers (a test: answers for each
    kind of decision are taken in order, and other decisions go to ``fallback``).
    """

    sequence: list[tuple[str, str]] = field(default_factory=list)
    keyed: dict[str, list[str]] | None = None
    fallback: Chooser | None = None
    _position: int = 0

    @classmethod
    def by_key(cls, answers: Mapping[str, Sequence[str] | str], fallback: Chooser | None = None) -> ScriptedChooser:
        keyed = {k: [v] if isinstance(v, str) else list(v) for k, v in answers.items()}
        return cls(keyed=keyed, fallback=fallback)

    def choose(self, decision: Decision) -> str:
        if self.keyed is not None:
            queue = self.keyed.get(decision.key)
            if queue:
                return queue.pop(0)
            if self.fallback is not None:
                return self.fallback.choose(decision)
            raise ScriptExhausted(
                f"the script has no answer left for decision '{decision.key}' ({decision.prompt})",
                hint=f"add an answer for '{decision.key}'; legal answers are: {', '.join(decision.option_ids())}",
            )
        if self._position >= len(self.sequence):
            if self.fallback is not None:
                return self.fallback.choose(decision)
            raise ScriptExhausted(
                f"the recorded decisions ran out at decision {self._position + 1} ('{decision.key}')",
                hint="the export's history does not match its seed and rules",
            )
        key, answer = self.sequence[self._position]
        self._position += 1
        if key != decision.key:
            raise ScriptExhausted(
                f"recorded decision {self._position} was '{key}' but creation now asks '{decision.key}'",
                hint="the export's history does not match its seed and rules",
            )
        return answer

    @property
    def unused(self) -> int:
        """How many recorded answers were never asked for."""
        if self.keyed is not None:
            return sum(len(v) for v in self.keyed.values())
        return len(self.sequence) - self._position
