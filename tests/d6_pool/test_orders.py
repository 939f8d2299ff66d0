"""A D6 purchase in one answer (issue 29's "D6 pool in few steps"): typed at the spending menu, ``skill
stealth +2`` buys exactly what two skill-menu purchases buy, is refused with the reason when the menus would
not offer it, and replays to the same character; finishing with points unspent asks first at a real
terminal (pexpect), and "no" keeps the build open."""

from __future__ import annotations

import json
from typing import Any

import pytest

from lifepath.creation import create
from lifepath.decisions import Decision
from lifepath.replay import verify
from lifepath.testing import make_registry

START = ["Scout", "Ada", "human", "Rogue", "done"]


class _Stop(Exception):
    pass


class _Script:
    previews = False

    def __init__(self, answers: list[str]) -> None:
        self.answers = list(answers)
        self.last: Decision | None = None

    def choose(self, decision: Decision) -> str:
        self.last = decision
        if not self.answers:
            raise _Stop
        return self.answers.pop(0)


def spending_menu() -> Decision:
    """The first spending menu of the build START makes (seed 1)."""
    chooser = _Script(START)
    with pytest.raises(_Stop):
        create(make_registry(), "d6-pool", seed=1, chooser=chooser)
    assert chooser.last is not None and chooser.last.key == "spend" and chooser.last.shorthand is not None
    return chooser.last


def made(answers: list[str]) -> Any:
    return create(make_registry(), "d6-pool", seed=1, chooser=_Script([*START, *answers, "done", "Magic"]))


@pytest.mark.parametrize(
    ("typed", "menus"),
    [
        ("skill stealth +2", ["skill", "Stealth", "skill", "Stealth"]),
        ("Stealth 2", ["skill", "Stealth", "skill", "Stealth"]),
        ("agility +1D", ["attribute", "Agility"]),
        ("str +2d", ["attribute", "Strength", "attribute", "Strength"]),
        (
            "acrobatics: tumbling +2",
            ["specialisation", "Acrobatics: Tumbling", "specialisation", "Acrobatics: Tumbling"],
        ),
        ("melee +1", ["skill", "Melee Combat"]),
        ("contacts 2", ["advantage", "Contacts (2)"]),
        ("ability night vision +1", ["special_ability", "Night Vision"]),
    ],
)
def test_a_typed_purchase_buys_what_the_menus_buy(typed: str, menus: list[str]) -> None:
    assert spending_menu().shorthand.problem(typed) == ""  # type: ignore[union-attr]
    by_shorthand, by_menus = made([typed]), made(menus)
    assert by_shorthand.sheet == by_menus.sheet
    # the answer is recorded as typed, and replays to the same character
    assert ("spend", typed) in by_shorthand.decisions()
    verdict = verify(make_registry(), by_shorthand.to_dict())
    assert verdict.identical, verdict.message


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("agility +5D", "Agility goes up to 4D: 5 dice is too many"),
        ("stealth +4", "Stealth goes up to +3: it is +0 now"),
        ("contacts", "Contacts is taken at 1, 2 or 3 points: type contacts 1"),
        ("skill fencing +1", "'skill fencing +1' is not a purchase"),
        ("acro +1", ""),  # the start of one skill's name is enough
        ("m +1", "'m' could be Insight: Moods, Marksmanship"),
        ("stealth +80", "80 of those cost 80 points; 56 points left"),
    ],
)
def test_what_the_menus_would_not_offer_is_refused_with_the_reason(typed: str, said: str) -> None:
    problem = spending_menu().shorthand.problem(typed)  # type: ignore[union-attr]
    assert said in problem if said else problem == ""


def test_a_refused_typed_answer_in_a_replayed_script_is_not_a_legal_answer() -> None:
    with pytest.raises(Exception, match="not a legal answer"):
        made(["agility +5D"])


def test_at_a_terminal_a_purchase_takes_one_answer_and_finishing_with_points_left_asks_first(
    terminal, tmp_path
) -> None:
    export = tmp_path / "ada.json"
    session = terminal("create", "-r", "d6-pool", "--seed", "1", "--out", str(export), timeout=30)
    for line in START:
        session.expect(session.PROMPT)
        session.child.sendline(line)
    menu = session.expect(session.PROMPT)
    assert "or type a purchase: agility +1D, skill stealth +2" in " ".join(menu.split())
    session.child.sendline("skill stealth +2")
    said = " ".join(session.expect(session.PROMPT).split())
    assert "Stealth +0 -> +1 (a skill rank" in said and "Stealth +1 -> +2 (a skill rank" in said, said
    session.child.sendline("skill stealth +9")
    assert "Stealth goes up to +3: it is +2 now" in " ".join(session.expect(session.PROMPT).split())
    session.child.sendline("6")  # Finish the build (54 points left unspent)
    asked = " ".join(session.expect("[y/N] ").split())
    assert "the character so far:" in asked and "Skills: Stealth +2 (3D)" in asked
    assert "54 points stay unspent: finish the build anyway?" in asked
    session.child.sendline("n")
    assert "not taken: choose again" in session.expect(session.PROMPT)
    session.child.sendline("6")
    session.expect("[y/N] ")
    session.child.sendline("y")
    session.expect(session.PROMPT)  # the Extranormal type
    session.child.sendline("Magic")
    session.finish()
    assert session.exit_code == 0
    decisions = json.loads(export.read_text(encoding="utf-8"))["provenance"]["decisions"]
    assert decisions[5:] == [["spend", "skill stealth +2"], ["spend", "done"], ["extranormal", "Magic"]]
