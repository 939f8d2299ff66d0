"""A character being made, replayed to the decision it waits for: what a front end that keeps nothing
between requests (the creation page of ``lifepath serve``) shows for one step of creation.

Creation is deterministic from the seed, the house rules, the options and the answers, so a character in
progress is just those (:class:`Progress`; the terminal keeps them in a draft file,
:mod:`lifepath.engine.drafts`, the web page in the store); :func:`replay_to` runs creation again from
them, answers every recorded decision from the record (no preview is made for those), and stops at the
first decision the record has no answer for. It gives a :class:`Step`: that decision, with each option's
preview, what the last answer led to (the throws, changes and notes since it), every decision answered so
far (to go back to any of them), and the sheet so far; or, once no decision is left, the finished
character.

The answers are the ones a person gives at the terminal, so the same draft answered the same way makes the
same character, byte for byte, wherever it was answered. :func:`suggestion` and
:func:`finish_automatically` use the terminal session's own NPC-policy streams
(:func:`lifepath.engine.session.suggestion_policy`, :func:`~lifepath.engine.session.finishing_policy`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lifepath.decisions import Decision, PolicyChooser, free_text_problem
from lifepath.engine.session import finishing_policy, suggestion_policy
from lifepath.errors import ScriptExhausted

if TYPE_CHECKING:
    from lifepath.character import Character
    from lifepath.creation import Context
    from lifepath.host.registry import Registry

Event = dict[str, Any]


@dataclass(frozen=True)
class Progress:
    """What a character being made is: its ruleset, seed, house rules (resolved), creation options and the
    answers given so far, each ``[decision key, answer]``."""

    ruleset: str
    seed: int
    rules: Mapping[str, Any]
    options: Mapping[str, Any] = field(default_factory=dict)
    answers: tuple[tuple[str, str], ...] = ()

    def answered(self, key: str, answer: str) -> Progress:
        """The draft with one more answer."""
        return Progress(self.ruleset, self.seed, self.rules, self.options, (*self.answers, (key, answer)))

    def back_to(self, count: int) -> Progress:
        """The draft with only its first ``count`` answers (0: none): the decision after them is asked again."""
        return Progress(self.ruleset, self.seed, self.rules, self.options, self.answers[: max(0, count)])


@dataclass(frozen=True)
class Asked:
    """A decision answered: its number (1 for the first a person answered), prompt and the answer's words."""

    number: int
    key: str
    prompt: str
    answer: str
    label: str


@dataclass
class Step:
    """Creation replayed to where it waits (see the module's docstring)."""

    draft: Progress
    #: the decision waiting for an answer, each option with its preview (None once finished)
    decision: Decision | None
    #: the finished character (None while a decision waits)
    character: Character | None
    #: what the last answer led to: the events after its decision (all of them before the first answer)
    since: list[Event]
    #: every decision answered so far, in order
    asked: list[Asked]
    #: the character as made so far, in the ruleset's words
    sheet: list[str]
    #: every event so far, in order
    events: list[Event] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        return self.character is not None


class _Waiting(Exception):
    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.key)
        self.decision = decision


class _StepChooser:
    """Answers from the draft, then from ``then`` (the NPC policy finishing) or stops at the next decision."""

    def __init__(self, answers: Sequence[tuple[str, str]], then: PolicyChooser | None) -> None:
        self.answers = answers
        self.then = then
        self.given = 0
        self.asked: list[Asked] = []

    @property
    def previews(self) -> bool:
        """Only the decision the person is asked gets previews: not the recorded ones, nor the policy's."""
        return self.then is None and self.given >= len(self.answers)

    def choose(self, decision: Decision) -> str:
        if self.given < len(self.answers):
            key, answer = self.answers[self.given]
            if key != decision.key:
                raise ScriptExhausted(
                    f"recorded answer {self.given + 1} was to '{key}' but creation now asks '{decision.key}'",
                    hint="the draft does not match its seed, rules and ruleset version; start a new character",
                )
            self.given += 1
        elif self.then is not None:
            answer = self.then.choose(decision)
        else:
            raise _Waiting(decision)
        self.asked.append(Asked(len(self.asked) + 1, decision.key, decision.prompt, answer, label_of(decision, answer)))
        return answer


def label_of(decision: Decision, answer: str) -> str:
    """The words of ``answer``: its option's label, or the answer itself (typed text, a shorthand)."""
    for option in decision.options:
        if option.id == answer:
            return option.text()
    return answer


def replay_to(registry: Registry, draft: Progress, *, finish_with: PolicyChooser | None = None) -> Step:
    """Creation from ``draft`` to the first decision it has no answer for (or to the end: with
    ``finish_with`` every such decision goes to that NPC policy). Raises
    :class:`~lifepath.errors.ScriptExhausted` when a recorded answer no longer fits, and the ruleset's
    :class:`~lifepath.errors.LifepathError` for an illegal one (check a new answer with
    :func:`answer_problem` first)."""
    from lifepath.creation import create
    from lifepath.engine.history_log import EventLog

    chooser = _StepChooser(draft.answers, finish_with)
    log = EventLog()
    held: list[Context] = []
    try:
        character = create(
            registry,
            draft.ruleset,
            seed=draft.seed,
            rules=draft.rules,
            chooser=chooser,
            options=draft.options,
            log=log,
            on_context=held.append,
        )
    except _Waiting as waiting:
        events = log.events()
        sheet = registry.ruleset(draft.ruleset).sheet_so_far(held[0]) if held else []
        return Step(draft, waiting.decision, None, _since_last_answer(events), chooser.asked, sheet, events)
    if chooser.given < len(draft.answers):
        raise ScriptExhausted(
            f"the draft has {len(draft.answers) - chooser.given} answer(s) more than creation asks for",
            hint="the draft does not match its seed, rules and ruleset version; start a new character",
        )
    done = Progress(
        draft.ruleset,
        draft.seed,
        draft.rules,
        draft.options,
        tuple((key, answer) for key, answer in character.decisions()),
    )
    sheet = registry.ruleset(draft.ruleset).sheet_so_far(held[0]) if held else []
    history = character.history
    return Step(done, None, character, _since_last_answer(history), chooser.asked, sheet, list(history))


def _since_last_answer(events: Sequence[Event]) -> list[Event]:
    """The events after the last decision a person (or the record) answered; forced ones do not count."""
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        if event.get("type") == "decision" and not event.get("forced"):
            return list(events[index + 1 :])
    return list(events)


def answer_problem(decision: Decision, answer: str) -> str:
    """Why ``answer`` cannot answer ``decision`` (empty when it can): a disabled option says its reason."""
    if any(option.id == answer for option in decision.enabled()):
        return ""
    if decision.free_text:  # any text a person types, within the limits of a name
        return free_text_problem(answer)
    for option in decision.options:  # a menu may list an option twice, once greyed: only greyed here
        if option.id == answer and option.disabled is not None:
            return f"'{option.text()}' cannot be taken now: {option.disabled}"
    if decision.is_legal(answer):
        return ""
    if decision.shorthand is not None and answer not in decision.option_ids():
        return decision.shorthand.problem(answer) or f"'{answer}' is not one of the options"
    return f"'{answer}' is not one of the options"


def suggestion(draft: Progress, decision: Decision) -> str:
    """The NPC policy's answer to the waiting decision (the same one the terminal's ``r`` gives)."""
    return suggestion_policy(draft.seed, len(draft.answers)).choose(decision)


def finish_automatically(registry: Registry, draft: Progress, decision: Decision) -> Step:
    """The NPC policy answers the waiting ``decision`` and every later one, as the terminal's ``auto`` does:
    the waiting one takes the :func:`suggestion`, the later ones the policy's ``auto`` stream."""
    first = draft.answered(decision.key, suggestion(draft, decision))
    return replay_to(registry, first, finish_with=finishing_policy(draft.seed, len(draft.answers)))


def throws_after(events: Sequence[Event], answered: int) -> list[Event]:
    """The throws after the ``answered``-th decision a person (or the record) answered (1 for the first;
    forced decisions do not count); none when there were not so many."""
    seen = 0
    for index, event in enumerate(events):
        if event.get("type") == "decision" and not event.get("forced"):
            seen += 1
            if seen == answered:
                return [e for e in events[index + 1 :] if e.get("type") == "throw"]
    return []


def common_answers(first: Sequence[Sequence[str]], second: Sequence[Sequence[str]]) -> int:
    """How many answers two records share from the start."""
    count = 0
    for a, b in zip(first, second, strict=False):
        if list(a) != list(b):
            break
        count += 1
    return count


def changed_throws(before: Step, after: Step) -> bool | None:
    """After going back and answering again: whether the new answers changed what is thrown. ``before`` is
    the record as it was before going back, ``after`` as it is now; the throws after the first answer in
    which they differ are compared as far as both go (the dice are one stream: they differ only when an
    answer changed what is thrown). True when one differs, False when every throw the old record had was
    thrown the same, None while there is not yet enough to tell."""
    fork = common_answers(before.draft.answers, after.draft.answers) + 1
    old, new = throws_after(before.events, fork), throws_after(after.events, fork)
    if any(a != b for a, b in zip(old, new, strict=False)):
        return True
    return False if len(new) >= len(old) or after.finished else None


__all__ = [
    "Asked",
    "Progress",
    "Step",
    "answer_problem",
    "changed_throws",
    "common_answers",
    "finish_automatically",
    "label_of",
    "replay_to",
    "suggestion",
    "throws_after",
]
