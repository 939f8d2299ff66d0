"""``lifepath.engine.steps``: a draft (seed, house rules, options, answers) replayed to the decision it waits
for, as a front end that keeps nothing between requests needs it. The same answers make the same character
as the terminal's session, byte for byte; going back, suggesting and finishing automatically are the
terminal's own."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from lifepath.decisions import Decision, ScriptedChooser
from lifepath.engine import steps
from lifepath.engine.houserules import resolve
from lifepath.engine.session import Session
from lifepath.engine.steps import Progress, answer_problem, replay_to, suggestion
from lifepath.errors import ScriptExhausted

RULESETS = ["nowhere-yet", "wormwood-drift", "d6-pool", "black-nova"]


def new_progress(registry: Any, ruleset: str, seed: int) -> Progress:
    return Progress(ruleset, seed, resolve(registry.declaration(ruleset)))


def walk(
    registry: Any, draft: Progress, pick: Callable[[Progress, Decision], str]
) -> tuple[steps.Step, list[steps.Step]]:
    """Answer every waiting decision with ``pick``, replaying from the draft each time as a page does."""
    seen = []
    step = replay_to(registry, draft)
    while not step.finished:
        assert step.decision is not None
        seen.append(step)
        answer = pick(step.draft, step.decision)
        assert answer_problem(step.decision, answer) == ""
        step = replay_to(registry, step.draft.answered(step.decision.key, answer))
    return step, seen


class Answers:
    """A person at the terminal's session who gives these answers, in order (and may hand over to ``auto``)."""

    def __init__(self, answers: list[str], auto_at: int | None = None) -> None:
        self.answers = answers
        self.auto_at = auto_at
        self.session: Session | None = None

    def choose(self, decision: Decision) -> str:
        assert self.session is not None
        given = len(self.session.answers)
        if self.auto_at is not None and given == self.auto_at:
            self.session.finish_automatically()  # the prompt's `auto`: this one takes the suggestion
            return self.session.suggest(decision)
        return self.answers[given]

    def show(self, event: dict[str, Any]) -> None:
        pass

    def tell(self, text: str) -> None:
        pass


def at_the_terminal(registry: Any, draft: Progress, person: Answers) -> str:
    session = Session(registry, draft.ruleset, seed=draft.seed, rules=draft.rules, options=draft.options, person=person)
    person.session = session
    return session.run().to_json()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_draft_answered_step_by_step_makes_what_the_terminal_makes(lifepath_registry: Any, ruleset: str) -> None:
    registry = lifepath_registry
    draft = new_progress(registry, ruleset, seed=21)
    done, seen = walk(registry, draft, suggestion)
    assert done.character is not None and seen
    answers = [answer for _key, answer in done.draft.answers]
    assert len(answers) == len(seen) == len(done.asked)
    assert at_the_terminal(registry, draft, Answers(answers)) == done.character.to_json()
    # and the draft's answers are the character's own recorded decisions
    assert list(done.draft.answers) == done.character.decisions()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_finish_for_me_is_the_terminals_auto(lifepath_registry: Any, ruleset: str) -> None:
    registry = lifepath_registry
    draft = new_progress(registry, ruleset, seed=5)
    _done, seen = walk(registry, draft, suggestion)
    for at in (0, len(seen) // 2):
        step = seen[at]
        assert step.decision is not None
        finished = steps.finish_automatically(registry, step.draft, step.decision)
        assert finished.character is not None
        given = [answer for _key, answer in step.draft.answers]
        assert at_the_terminal(registry, draft, Answers(given, auto_at=at)) == finished.character.to_json()


def test_going_back_asks_that_decision_again_after_the_same_events(lifepath_registry: Any) -> None:
    registry = lifepath_registry
    _done, seen = walk(registry, new_progress(registry, "nowhere-yet", seed=8), suggestion)
    last = seen[-1].draft
    for k in (0, 3, len(seen) // 2):
        again = replay_to(registry, last.back_to(k))
        assert again.decision is not None and seen[k].decision is not None
        assert again.decision.key == seen[k].decision.key
        assert [o.id for o in again.decision.options] == [o.id for o in seen[k].decision.options]
        assert again.since == seen[k].since
        assert again.sheet == seen[k].sheet
        assert [a.answer for a in again.asked] == [a for _key, a in last.answers[:k]]


def test_the_waiting_decision_carries_its_previews_and_the_replayed_ones_none(lifepath_registry: Any) -> None:
    registry = lifepath_registry
    _done, seen = walk(registry, new_progress(registry, "nowhere-yet", seed=3), suggestion)
    careers = next(s for s in seen if s.decision is not None and s.decision.key == "career")
    assert careers.decision is not None
    shown = [o.previewed() for o in careers.decision.options if o.disabled is None]
    assert shown and all(p is not None and p.throws for p in shown if p is not None)
    assert any("%" in p.short() for p in shown if p is not None)
    assert careers.sheet and any("Str" in line or "Strength" in line for line in careers.sheet)


def test_an_answer_is_checked_before_it_is_kept(lifepath_registry: Any) -> None:
    registry = lifepath_registry
    _done, seen = walk(registry, new_progress(registry, "black-nova", seed=1), suggestion)
    menu = next(s.decision for s in seen if s.decision is not None and not s.decision.free_text)
    assert "is not one of the options" in answer_problem(menu, "no-such-option")
    disabled = Decision("x", "X?", (steps_option("a"), steps_option("b", disabled="already taken")))
    assert answer_problem(disabled, "b") == "'B' cannot be taken now: already taken"
    assert answer_problem(disabled, "a") == ""
    named = Decision("name", "Name?", (steps_option("Ann"),), free_text=True)
    assert "control character" in answer_problem(named, "Ann\x1b[2J")
    assert answer_problem(named, "Anyone At All") == ""


def steps_option(option_id: str, disabled: str | None = None) -> Any:
    from lifepath.decisions import Option

    return Option(option_id, option_id.upper(), disabled=disabled)


def test_a_draft_that_no_longer_fits_its_ruleset_says_so(lifepath_registry: Any) -> None:
    registry = lifepath_registry
    draft = new_progress(registry, "nowhere-yet", seed=2)
    with pytest.raises(ScriptExhausted, match="creation now asks"):
        replay_to(registry, draft.answered("not-a-decision", "1"))
    done, _seen = walk(registry, draft, suggestion)
    with pytest.raises(ScriptExhausted, match="more than creation asks for"):
        replay_to(registry, done.draft.answered("extra", "1"))


def test_the_same_draft_made_twice_is_the_same_character(lifepath_registry: Any) -> None:
    """What a page's every request relies on: a replay of a draft is deterministic, and what a person
    answered replays through a plain scripted chooser too."""
    from lifepath.creation import create

    registry = lifepath_registry
    done, _seen = walk(registry, new_progress(registry, "d6-pool", seed=9), suggestion)
    assert done.character is not None
    again = replay_to(registry, done.draft)
    assert again.character is not None and again.character.to_json() == done.character.to_json()
    scripted = create(
        registry,
        "d6-pool",
        seed=9,
        rules=done.draft.rules,
        chooser=ScriptedChooser(sequence=list(done.draft.answers)),
    )
    assert scripted.to_json() == done.character.to_json()


def test_a_new_answer_after_going_back_says_whether_it_changed_what_is_thrown(lifepath_registry: Any) -> None:
    """A different career leads to other throws (True); another name, a choice that changes no rule, to the
    same ones (False), as the terminal's note says."""
    registry = lifepath_registry
    done, seen = walk(registry, new_progress(registry, "nowhere-yet", seed=14), suggestion)
    before = replay_to(registry, done.draft)

    def again(key: str) -> bool | None:
        at = next(i for i, s in enumerate(seen) if s.decision is not None and s.decision.key == key)
        decision = seen[at].decision
        assert decision is not None
        taken = done.draft.answers[at][1]
        other = next(o.id for o in decision.enabled() if o.id != taken)
        step = replay_to(registry, done.draft.back_to(at).answered(decision.key, other))
        verdict = steps.changed_throws(before, step)
        while verdict is None:  # not enough thrown yet: answer on, as a player does
            assert step.decision is not None
            step = replay_to(registry, step.draft.answered(step.decision.key, suggestion(step.draft, step.decision)))
            verdict = steps.changed_throws(before, step)
        return verdict

    assert again("career") is True
    assert again("sex") is False  # every throw of the rest of the life, the same
