"""An interactive creation session: a person answers, may go back, ask the NPC policy, or hand it the rest.

Creation is deterministic from the seed, the house rules and the recorded decisions, so going back is a
replay: :class:`Session` runs creation again with the recorded answers minus the last one (answered from
the record, quietly), then asks the person that decision again. Every throw before it comes out the same;
a throw after it differs only if the new answer changes what is thrown, and the session says so.

The session knows no terminal: the person is any :class:`Person` (``lifepath.cli.prompt.PromptChooser``
at the CLI), which may raise :class:`GoBack`, and may call :meth:`Session.suggest` and
:meth:`Session.finish_automatically`. Every answer is handed to ``on_answer`` as it is made (the CLI writes
the draft there), so an interrupted session can be resumed from its answers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from lifepath.decisions import Decision, PolicyChooser
from lifepath.errors import ScriptExhausted

if TYPE_CHECKING:
    from lifepath.character import Character
    from lifepath.creation import Context
    from lifepath.host.registry import Registry

Event = dict[str, Any]


def suggestion_policy(seed: int, answered: int) -> PolicyChooser:
    """The NPC policy that suggests the answer to a person's next decision, after ``answered`` answers: one
    stream per decision number, so going back and asking again suggests the same (the terminal's ``r``, the
    creation page's *Suggest*)."""
    return PolicyChooser(f"{seed}:suggest:{answered}")


def finishing_policy(seed: int, answered: int) -> PolicyChooser:
    """The NPC policy that answers every decision after ``answered`` answers once a person hands it the rest
    (the terminal's ``auto``, the creation page's *Finish for me*)."""
    return PolicyChooser(f"{seed}:auto:{answered}")


class GoBack(Exception):
    """Raised by a person's chooser: undo the last decision and ask it again."""


class Person(Protocol):
    """Whoever answers the decisions the record does not (a person at a terminal, a test)."""

    def choose(self, decision: Decision) -> str: ...

    def show(self, event: Event) -> None: ...

    def tell(self, text: str) -> None: ...


class Session:
    """One character made by a person, with undo, suggestions and an automatic finish."""

    def __init__(
        self,
        registry: Registry,
        ruleset_id: str,
        *,
        seed: int,
        rules: Mapping[str, Any],
        options: Mapping[str, Any],
        person: Person,
        answers: Sequence[Sequence[str]] = (),
        on_answer: Callable[[list[list[str]]], None] | None = None,
    ) -> None:
        self.registry = registry
        self.ruleset_id = ruleset_id
        self.seed = seed
        self.rules = dict(rules)
        self.options = dict(options)
        self.person = person
        self.on_answer = on_answer
        #: the answers of the current run so far, ``[key, answer]`` (replayed ones included)
        self.answers: list[list[str]] = []
        self._script: list[list[str]] = [[str(k), str(a)] for k, a in answers]
        self._replaying = 0
        self._auto: PolicyChooser | None = None
        #: after an undo: the undone answer, and the throws its run showed after it
        self.undone: list[str] | None = None
        self._old_throws: list[Event] = []
        self._run_events: list[Event] = []
        self._compare_from: int | None = None
        self._pending_compare = False
        self._warned = False
        #: the creation context of the current run (set as each run starts)
        self.context: Context | None = None

    # -- what the person may ask for ----------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return bool(self.answers)

    def suggest(self, decision: Decision) -> str:
        """The NPC policy's answer to this decision: the same for the same decision number, however
        often the person went back (the answer is recorded, so replays never ask the policy again)."""
        return suggestion_policy(self.seed, len(self.answers)).choose(decision)

    def finish_automatically(self) -> None:
        """Let the NPC policy answer this and every later decision."""
        self._auto = finishing_policy(self.seed, len(self.answers))

    @property
    def automatic(self) -> bool:
        return self._auto is not None

    @property
    def previews(self) -> bool:
        """Whether the decision about to be asked goes to the person (who is shown each option's preview):
        not while the record is replayed, nor once the NPC policy finishes."""
        return self._auto is None and self._replaying >= len(self._script)

    def sheet_so_far(self) -> list[str]:
        """The character as made so far, in the ruleset's words (empty before creation starts)."""
        if self.context is None:
            return []
        return self.registry.ruleset(self.ruleset_id).sheet_so_far(self.context)

    @property
    def replaying(self) -> bool:
        """Whether creation is still running through recorded answers (quietly)."""
        return self._replaying < len(self._script)

    # -- the chooser and observer creation sees -----------------------------------------------------

    def choose(self, decision: Decision) -> str:
        if self._replaying < len(self._script):
            key, answer = self._script[self._replaying]
            if key != decision.key:
                raise ScriptExhausted(
                    f"recorded decision {self._replaying + 1} was '{key}' but creation now asks '{decision.key}'",
                    hint="the draft does not match its seed, rules and ruleset version; start a new character",
                )
            self._replaying += 1
            self.answers.append([key, answer])
            return answer
        answer = self._auto.choose(decision) if self._auto is not None else self.person.choose(decision)
        self.answers.append([decision.key, answer])
        if self._pending_compare:
            self._pending_compare = False
            self._compare_from = 0
        if self.on_answer is not None:
            self.on_answer([list(a) for a in self.answers])
        return answer

    def show(self, event: Event) -> None:
        """Observer: events of the replayed part are not shown again, except those after the last
        replayed answer (what leads up to the decision asked again)."""
        self._run_events.append(event)
        if self._replaying < len(self._script):
            return
        self._check_changed(event)
        self.person.show(event)

    def _check_changed(self, event: Event) -> None:
        """After an undo, say once when a throw differs from the one the earlier answer led to."""
        if self._compare_from is None or self._warned or event.get("type") != "throw":
            return
        index = self._compare_from
        self._compare_from += 1
        if index >= len(self._old_throws):  # past what was seen before the undo: nothing to compare
            self._compare_from = None
        elif self._old_throws[index] != event:
            self._warned = True
            self.person.tell("note: your new answer changed what is thrown from here on")

    # -- running ------------------------------------------------------------------------------------

    def run(self) -> Character:
        """Make the character, going back whenever the person asks; returns the finished character."""
        from lifepath.creation import create

        while True:
            self.answers = []
            self._replaying = 0
            self._run_events = []
            try:
                return create(
                    self.registry,
                    self.ruleset_id,
                    seed=self.seed,
                    rules=self.rules,
                    chooser=self,
                    options=self.options,
                    observer=self.show,
                    on_context=self._started,
                )
            except GoBack:
                self._go_back()

    def _started(self, ctx: Context) -> None:
        self.context = ctx

    def _go_back(self) -> None:
        if not self.answers:
            return
        undone = self.answers[-1]
        # the throws shown after the undone decision, to compare with the ones its new answer brings
        events = self._run_events
        decisions = [i for i, e in enumerate(events) if e.get("type") == "decision" and not e.get("forced")]
        after = decisions[len(self.answers) - 1] + 1 if len(decisions) >= len(self.answers) else len(events)
        self._old_throws = [e for e in events[after:] if e.get("type") == "throw"]
        self._script = [list(a) for a in self.answers[:-1]]
        self.undone = undone
        self._compare_from = None
        self._warned = False
        self._pending_compare = True
        if self.on_answer is not None:
            self.on_answer([list(a) for a in self._script])
