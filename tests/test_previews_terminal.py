"""Choices made with open eyes, at a real terminal (pexpect on a pseudo-terminal), for every ruleset: a number
answers, ``?N`` tells everything option N does, ``s`` shows the sheet so far, and every Nowhere Yet career
shows its chance of getting in, equal to an enumeration of the dice with this character's DMs."""

from __future__ import annotations

import itertools
import json
import re
from importlib import resources
from typing import Any

import pytest

from lifepath.creation import Context, create
from lifepath.decisions import Decision
from lifepath.testing import make_registry

RULESETS = ["nowhere-yet", "wormwood-drift", "d6-pool", "black-nova"]
SEED = 11


class _Stop(Exception):
    pass


class _Asked:
    """A chooser that answers from a list and stops at the next decision, keeping it (with its previews)."""

    previews = True

    def __init__(self, answers: list[str]) -> None:
        self.answers = list(answers)
        self.stopped_at: Decision | None = None

    def choose(self, decision: Decision) -> str:
        if not self.answers:
            self.stopped_at = decision
            raise _Stop
        return self.answers.pop(0)


def asked(ruleset: str, answers: list[str]) -> tuple[Decision, list[str]]:
    """The decision creation asks after ``answers`` (with its previews), and the sheet so far there."""
    registry = make_registry()
    chooser = _Asked(answers)
    contexts: list[Context] = []
    with pytest.raises(_Stop):
        create(registry, ruleset, seed=SEED, chooser=chooser, on_context=contexts.append)
    assert chooser.stopped_at is not None
    return chooser.stopped_at, registry.ruleset(ruleset).sheet_so_far(contexts[0])


def words(text: str) -> str:
    """Text with every run of white space (the terminal's wrapping, its \\r\\n) as one space."""
    return " ".join(text.split())


def reply(session: Any, line: str) -> str:
    """Type ``line`` at the prompt; the words printed in answer, up to the next prompt (the echo left out)."""
    session.child.sendline(line)
    return words(session.expect(session.PROMPT)).removeprefix(line).strip()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_number_answers_question_n_explains_option_n_and_s_shows_the_sheet_so_far(terminal, ruleset) -> None:
    first, _ = asked(ruleset, [])
    session = terminal("create", "-r", ruleset, "--seed", str(SEED), timeout=30)
    menu = session.expect(session.PROMPT)
    assert "?N option N" in menu and "s sheet" in menu
    # ?2: option 2's name, then every line of its preview
    explained = reply(session, "?2")
    option = first.options[1]
    preview = option.previewed()
    assert preview is not None and preview.lines(), f"option 2 of '{first.key}' has no preview"
    assert explained.startswith(f"2. {option.text()}")
    for line in preview.lines():
        assert words(line) in explained, (line, explained)
    assert f"there is no option 99: ?N takes a number from 1 to {len(first.options)}" in reply(session, "?99")
    # a number answers: option 1, as the export's first decision records
    session.child.sendline("1")
    second, sheet = asked(ruleset, [first.options[0].id])
    shown = session.expect(session.PROMPT)
    assert words(second.prompt) in words(shown)
    if ruleset == "nowhere-yet":  # a characteristic by its name, as a person says it, not its code
        assert re.search(r"  Strength \d+ \(rolled 2D6\)", shown), shown
    # s: the character so far, as the ruleset writes it after that answer
    recap = reply(session, "s")
    assert recap.startswith("the character so far:")
    for line in sheet:
        assert words(line) in recap, (line, recap)
    session.child.sendline("auto")
    out = session.finish()
    assert session.exit_code == 0, out[-2000:]


def _enlistment_percent(target: int, dm: int) -> int:
    """The chance of 2D6 + dm >= target, counted over the 36 faces, in whole percent as the menu rounds it."""
    hits = sum(1 for a, b in itertools.product(range(1, 7), repeat=2) if a + b + dm >= target)
    value = round(hits * 100 / 36)
    return 1 if value == 0 and hits else 99 if value == 100 and hits < 36 else value


def test_every_nowhere_yet_career_shows_its_exact_chance_of_getting_in(terminal) -> None:
    """The first career menu, both pages: each career's percent equals an enumeration of 2D6 with the
    character's characteristic DM (read from the sheet so far) against the career table's target."""
    data = resources.files("lifepath.plugins.nowhere_yet").joinpath("data")
    modifier = json.loads(data.joinpath("characteristics.json").read_text(encoding="utf-8"))["modifier"]
    careers = {}
    for path in data.joinpath("careers").iterdir():
        career = json.loads(path.read_text(encoding="utf-8"))
        careers[career["name"]] = career
    session = terminal("create", "--seed", str(SEED), "--rule", "max_terms=1", timeout=30)
    for _ in range(40):  # the NPC policy's suggestion at every question (r, then Enter to take it)
        before = session.expect(session.PROMPT)
        if "Choose a career" in before:
            break
        reply(session, "r")
        session.child.sendline("")
    else:
        raise AssertionError(f"never asked for a career:\n{session.seen[-2000:]}")
    session.child.sendline("s")
    recap = words(session.expect(session.PROMPT))
    upp = dict(re.findall(r"\b(Str|Dex|End|Int|Edu|Soc) (\d+)\b", recap.split("Characteristics:")[1]))
    assert len(upp) == 6, recap
    session.child.sendline("n")
    menu = words(before + session.expect(session.PROMPT))
    checked = 0
    for name, career in careers.items():
        if name == "Drifter":
            assert "Drifter (always accepted" in menu
            continue
        word = "enlistment" if career.get("military") else "qualification"
        q = career["qualification"]
        dm = int(upp[q["characteristic"]]) // modifier["divisor"] + modifier["offset"]
        shown = re.search(rf"\d+\. {re.escape(name)} \({word} (\d+)\+(?: \(DM ([+-]\d+)\))?: (\d+)%", menu)
        assert shown is not None, (name, menu)
        assert int(shown.group(1)) == q["target"] and int(shown.group(2) or 0) == dm
        assert int(shown.group(3)) == _enlistment_percent(q["target"], dm), name
        checked += 1
    assert checked == len(careers) - 1 >= 20
    session.child.sendline("auto")
    assert session.finish() and session.exit_code == 0


def test_r_shows_the_suggestion_and_enter_takes_it(terminal, tmp_path) -> None:
    export = tmp_path / "me.json"
    first, _ = asked("nowhere-yet", [])
    session = terminal("create", "--seed", str(SEED), "--rule", "max_terms=1", "--out", str(export), timeout=30)
    session.expect(session.PROMPT)
    said = reply(session, "r")
    match = re.search(r"suggested: (\d+)\. (.+?) \(Enter takes it", said)
    assert match is not None, said
    number, name = int(match.group(1)), match.group(2)
    assert first.options[number - 1].text() == name
    session.child.sendline("")
    session.expect(session.PROMPT)
    session.child.sendline("auto")
    session.finish()
    assert session.exit_code == 0
    decisions: list[Any] = json.loads(export.read_text(encoding="utf-8"))["provenance"]["decisions"]
    assert decisions[0] == ["species", first.options[number - 1].id]
