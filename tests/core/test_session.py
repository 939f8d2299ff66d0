"""The interactive Session in process: any mix of answers and going back makes exactly the character that
the answers left standing make in one straight run (creation is a replay of its decisions)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lifepath.decisions import Decision, ScriptedChooser
from lifepath.engine.houserules import resolve
from lifepath.engine.session import GoBack, Session
from lifepath.testing import make_registry

REGISTRY = make_registry()


class Player:
    """Answers from a list of moves: an option index (wrapped to the enabled options) or "back"."""

    def __init__(self, session_ref: list[Session], moves: list[Any]) -> None:
        self.moves = list(moves)
        self.ref = session_ref
        self.told: list[str] = []

    def choose(self, decision: Decision) -> str:
        while self.moves:
            move = self.moves.pop(0)
            if move == "back":
                if self.ref[0].can_undo:
                    raise GoBack
                continue
            enabled = decision.enabled()  # a disabled option is no answer a person can give
            return enabled[move % len(enabled)].id
        self.ref[0].finish_automatically()
        return self.ref[0].suggest(decision)

    def show(self, event: dict[str, Any]) -> None:
        pass

    def tell(self, text: str) -> None:
        self.told.append(text)


def run(ruleset: str, seed: int, moves: list[Any]) -> tuple[Session, Any, Player]:
    ref: list[Session] = []
    player = Player(ref, moves)
    rules = resolve(REGISTRY.declaration(ruleset))
    session = Session(REGISTRY, ruleset, seed=seed, rules=rules, options={}, person=player)
    ref.append(session)
    return session, session.run(), player


@pytest.mark.parametrize("ruleset", ["black-nova", "d6-pool", "wormwood-drift", "nowhere-yet"])
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31 - 1), moves=st.lists(st.one_of(st.integers(0, 9), st.just("back")), max_size=12))
def test_going_back_leaves_the_character_its_final_answers_make(ruleset: str, seed: int, moves: list[Any]) -> None:
    from lifepath.creation import create

    session, character, _player = run(ruleset, seed, moves)
    straight = create(
        REGISTRY,
        ruleset,
        seed=seed,
        rules=session.rules,
        chooser=ScriptedChooser([(k, a) for k, a in character.provenance["decisions"]]),
    )
    assert straight.to_json() == character.to_json()
    assert session.answers == character.provenance["decisions"]


def test_going_back_to_the_first_decision_and_a_changed_answer_is_noted() -> None:
    _s, same, player = run("nowhere-yet", 3, [0, "back", 0])
    _s, straight, _p = run("nowhere-yet", 3, [0])
    assert same.to_json() == straight.to_json() and player.told == []
    _s, changed, player = run("nowhere-yet", 3, [0, "back", 2])
    assert changed.provenance["decisions"][0] == ["species", "avian"]
    assert player.told == ["note: your new answer changed what is thrown from here on"]


def test_on_answer_sees_every_answer_and_the_undo() -> None:
    seen: list[int] = []
    ref: list[Session] = []
    player = Player(ref, [0, 1, "back", 1])
    session = Session(
        REGISTRY,
        "black-nova",
        seed=1,
        rules=resolve(REGISTRY.declaration("black-nova")),
        options={},
        person=player,
        on_answer=lambda answers: seen.append(len(answers)),
    )
    ref.append(session)
    session.run()
    assert seen[:4] == [1, 2, 1, 2]  # answer, answer, back (one fewer), the answer again
