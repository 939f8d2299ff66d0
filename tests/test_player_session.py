"""A new player at a real terminal (pexpect on a pseudo-terminal), for every ruleset: help at a prompt, going
back a decision, a bad name refused, and a draft interrupted with Ctrl-C and resumed, which finishes
identical to the same answers given in one sitting. Characters made with undo and resume verify identical.
Every wait is bounded by the ``terminal`` fixture's timeout; ``auto`` lets the NPC policy finish quickly."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

RULESETS = ["nowhere-yet", "wormwood-drift", "d6-pool", "black-nova"]
#: keep Nowhere Yet short: one term
SHORT = {"nowhere-yet": ["--rule", "max_terms=1"], "wormwood-drift": [], "d6-pool": [], "black-nova": []}


def start(terminal: Any, ruleset: str, *args: str, seed: int = 11) -> Any:
    return terminal("create", "-r", ruleset, "--seed", str(seed), *SHORT[ruleset], *args, timeout=30)


def answer_until(session: Any, marker: str, line: str = "1", limit: int = 300) -> str:
    """Answer ``line`` to every prompt until one shows ``marker``; returns that prompt's text (unanswered)."""
    for _ in range(limit):
        before = session.expect(session.PROMPT)
        if marker in before:
            return before
        session.child.sendline(session.open_answer(before, line))
    raise AssertionError(f"never asked {marker!r}:\n{session.seen[-2000:]}")


def decisions(export: Path) -> list[list[str]]:
    return json.loads(export.read_text(encoding="utf-8"))["provenance"]["decisions"]


def verified(run_cli: Any, export: Path) -> None:
    result = run_cli("verify", str(export))
    assert result.returncode == 0 and "identical" in result.stdout + result.stderr, result.stdout + result.stderr


#: a decision each ruleset asks early whose help a new player needs, and words of its help and options
HELP_AT = {
    # throw-bearing: each career shows its qualification and survival throws
    "nowhere-yet": ("Choose a career", ["qualification throw", "Bureaucrat: qualification 6+", "survival 4+"]),
    # throw-bearing: 'roll' throws on the Formative Event table
    "wormwood-drift": ("Formative Event", ["to throw 1D10 on the table"]),
    # point-build rulesets throw no dice while making a character: help explains the costs instead
    "d6-pool": ("Spend creation points", ["an attribute die (4 points"]),
    "black-nova": (
        "Raise an attribute or buy a perk",
        ["Every point must be spent", "Strength 0 -> 1: +1 to Melee rolls; hit points 3 -> 4"],
    ),
}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_help_explains_the_choice(terminal, ruleset) -> None:
    session = start(terminal, ruleset)
    marker, words = HELP_AT[ruleset]
    prompt = answer_until(session, marker)
    assert "? help" in prompt and "b back" in prompt and "r suggest" in prompt and "auto" in prompt
    session.child.sendline("?")
    help_text = session.expect(session.PROMPT)
    for word in words:
        assert word in help_text, help_text
    assert "please answer" not in help_text
    session.child.sendline("auto")
    out = session.finish()
    assert session.exit_code == 0, out[-2000:]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_undo_asks_the_previous_decision_again(terminal, run_cli, tmp_path, ruleset) -> None:
    export = tmp_path / "undone.json"
    session = start(terminal, ruleset, "--out", str(export))
    first = session.expect(session.PROMPT)
    session.child.sendline("1")
    session.answer("b")
    again = session.expect(session.PROMPT)
    assert "(going back: you had answered" in again
    assert first.strip().splitlines()[0] in again  # the same question, asked again
    session.child.sendline("2")
    session.answer("auto")
    out = session.finish()
    assert session.exit_code == 0, out[-2000:]
    recorded = decisions(export)
    assert len(recorded) >= 2
    history = json.loads(export.read_text(encoding="utf-8"))["history"]
    asked = next(e for e in history if e["type"] == "decision" and not e.get("forced"))
    assert asked["answer"] == asked["options"][1]
    verified(run_cli, export)


def test_undo_with_the_same_answer_throws_the_same_dice(terminal) -> None:
    """Nowhere Yet throws the characteristics after the origin is chosen: going back and choosing the same
    origin shows the very same throws again, and no note that they changed."""
    session = start(terminal, "nowhere-yet")
    session.answer("1")
    first = answer_until(session, "homeworld")
    session.child.sendline("b")
    session.expect("(going back")
    session.child.sendline("1")
    again = answer_until(session, "homeworld")
    panels = [line for line in first.splitlines() if line.strip().startswith("roll:")]
    assert panels and panels == [line for line in again.splitlines() if line.strip().startswith("roll:")]
    assert "changed what is thrown" not in session.seen
    session.child.sendline("auto")
    session.finish()
    assert session.exit_code == 0


#: the name prompt, and what each ruleset asks before it (answered "1")
NAME_AT = {
    "nowhere-yet": "Choose a given name",
    "wormwood-drift": "Name your character",
    "d6-pool": "Name your character",
    "black-nova": "What is the character's name?",
}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_bad_name_is_refused(terminal, tmp_path, ruleset) -> None:
    export = tmp_path / "named.json"
    session = start(terminal, ruleset, "--out", str(export))
    answer_until(session, NAME_AT[ruleset])
    session.child.sendline("X" * 61)
    assert "at most 60" in session.expect(session.PROMPT)
    session.child.sendline("Bad\x01Name")
    assert "control character" in session.expect(session.PROMPT)
    session.child.sendline("?")
    assert "printable characters, at most 60" in session.expect(session.PROMPT)
    session.child.sendline("")  # Enter: a random name from the list
    session.expect("suggested: ")
    out = session.answer_all("auto")
    assert session.exit_code == 0, out[-2000:]
    names = [
        e["answer"]
        for e in json.loads(export.read_text(encoding="utf-8"))["history"]
        if e["type"] == "decision" and e["prompt"].startswith(NAME_AT[ruleset])
    ]
    assert names and names[0] not in ("?", "", "X" * 61) and "\x01" not in names[0]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_resumed_draft_finishes_like_one_sitting(terminal, run_cli, tmp_path, ruleset) -> None:
    resumed = tmp_path / "resumed.json"
    session = start(terminal, ruleset, "--out", str(resumed))
    session.answer("1")
    session.answer("2")
    session.expect(session.PROMPT)
    session.child.sendintr()
    out = session.finish()
    assert session.exit_code == 130 and "Traceback" not in out, out[-2000:]
    # the message wraps at the terminal's width (a long drafts path moves "with:" to the next line); the
    # command that resumes is on a line of its own, whole
    assert "resume it with: lifepath create --resume" in " ".join(out.split())
    assert f"\r\n  lifepath create --resume {ruleset}-" in out
    assert not resumed.exists()
    drafts = list((tmp_path / "drafts").glob("*.json"))
    assert len(drafts) == 1 and len(json.loads(drafts[0].read_text(encoding="utf-8"))["decisions"]) == 2

    again = terminal("create", "--resume", timeout=30)
    again.answer("auto")
    out = again.finish()
    assert again.exit_code == 0, out[-2000:]
    assert not list((tmp_path / "drafts").glob("*.json"))  # a finished character's draft is gone

    answers = tmp_path / "answers.txt"
    answers.write_text("1\n2\nauto\n", encoding="utf-8")
    single = tmp_path / "single.json"
    result = run_cli(
        "create", "-r", ruleset, "--seed", "11", *SHORT[ruleset], "--answers", str(answers), "--out", str(single)
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert resumed.read_bytes() == single.read_bytes()
    verified(run_cli, resumed)


def create_with_answers(run_cli: Any, tmp_path: Path, lines: str, *args: str) -> Any:
    answers = tmp_path / "answers.txt"
    answers.write_text(lines, encoding="utf-8")
    return run_cli("create", "--seed", "3", "--rule", "max_terms=1", "--answers", str(answers), "--json", *args)


def test_undo_says_when_the_new_answer_changes_the_throws(run_cli, tmp_path) -> None:
    """Nowhere Yet: going back from human to an avian origin changes the characteristic throws, and the
    player is told; going back and giving the same answer makes exactly the character without the detour."""
    changed = create_with_answers(run_cli, tmp_path, "1\nb\n3\nauto\n")
    assert changed.returncode == 0, changed.stderr[-2000:]
    assert "(going back: you had answered human-male)" in changed.stderr
    assert changed.stderr.count("note: your new answer changed what is thrown from here on") == 1
    same = create_with_answers(run_cli, tmp_path, "1\nb\n1\nauto\n")
    straight = create_with_answers(run_cli, tmp_path, "1\nauto\n")
    assert "changed what is thrown" not in same.stderr
    assert same.returncode == straight.returncode == 0
    assert same.stdout == straight.stdout and same.stdout != changed.stdout


def test_answers_that_run_out_without_a_terminal_are_an_error_and_keep_the_draft(run_cli, tmp_path) -> None:
    result = create_with_answers(run_cli, tmp_path, "1\n2\n")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "ran out at decision" in result.stderr and "resume it with:\n  lifepath create --resume" in result.stderr
    assert result.stdout == ""
    [draft] = (tmp_path / "drafts").glob("*.json")
    assert len(json.loads(draft.read_text(encoding="utf-8"))["decisions"]) == 2
    finished = run_cli("create", "--resume", draft.stem, "--answers", "-", "--json", input="auto\n")
    assert finished.returncode == 0, finished.stderr[-2000:]
    assert finished.stdout == create_with_answers(run_cli, tmp_path, "1\n2\nauto\n").stdout
    assert not list((tmp_path / "drafts").glob("*.json"))


def test_an_answer_that_does_not_fit_names_the_file_and_the_decision(run_cli, tmp_path) -> None:
    result = create_with_answers(run_cli, tmp_path, "1\n99\n")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "answers.txt do not fit decision" in result.stderr and "a number from 1 to" in result.stderr


def test_without_a_terminal_or_answers_create_still_says_what_to_do(run_cli) -> None:
    result = run_cli("create", "--seed", "3", input="")
    assert result.returncode == 2 and "--answers FILE" in result.stderr and "--auto" in result.stderr


def test_resume_refuses_options_that_would_change_the_draft(run_cli, tmp_path) -> None:
    assert create_with_answers(run_cli, tmp_path, "1\n").returncode == 2  # leaves a draft
    result = run_cli("create", "--resume", "--seed", "4")
    assert result.returncode == 2 and "--seed cannot change it" in result.stderr
    missing = run_cli("create", "--resume", "no-such-draft")
    assert missing.returncode == 2 and "no draft 'no-such-draft'" in missing.stderr
    both = run_cli("create", "--auto", "--answers", "-", input="1\n")
    assert both.returncode == 2 and "--answers and --auto" in both.stderr


def test_a_resumed_draft_is_saved_to_its_campaign(run_cli, tmp_path) -> None:
    db = str(tmp_path / "roster.db")
    assert run_cli("campaign", "new", "Drift", "--ruleset", "wormwood-drift", "--db", db).returncode == 0
    answers = tmp_path / "answers.txt"
    answers.write_text("2\n", encoding="utf-8")
    stopped = run_cli(
        "create", "--campaign", "Drift", "--player", "Sam", "--db", db, "--seed", "5", "--answers", str(answers)
    )
    assert stopped.returncode == 2 and "resume it with" in stopped.stderr
    [draft] = (tmp_path / "drafts").glob("*.json")
    assert json.loads(draft.read_text(encoding="utf-8"))["save"]["db"] == db
    # the draft remembers the database: the resume the message shows needs no --db, and refuses another one
    elsewhere = run_cli("create", "--resume", "--db", str(tmp_path / "other.db"), "--answers", "-", input="auto\n")
    assert elsewhere.returncode == 2 and "Traceback" not in elsewhere.stderr
    said = " ".join(elsewhere.stderr.split())  # one paragraph, whatever the width it is printed at
    assert f"saves to the campaign database {db};" in said
    assert f"Resume without --db, or with --db {db}" in said
    assert not (tmp_path / "other.db").exists() and draft.exists()
    # run_cli sets LIFEPATH_DB to a database of its own (tests/conftest.py): a default, which gives way to
    # the draft's database
    finished = run_cli("create", "--resume", "--answers", "-", input="auto\n")
    assert finished.returncode == 0, finished.stderr[-2000:]
    assert "saved as character 1 in campaign 'Drift'" in finished.stderr
    roster = run_cli("roster", "Drift", "--db", db)
    assert roster.returncode == 0 and "Sam" in roster.stdout


def test_a_draft_keeps_a_relative_database_as_a_path_and_a_url_without_its_password(tmp_path, monkeypatch) -> None:
    from lifepath.engine.drafts import remembered_db

    monkeypatch.chdir(tmp_path)
    assert remembered_db("roster.db") == str(tmp_path / "roster.db")
    assert remembered_db("sqlite:///roster.db") == "sqlite:///roster.db"
    assert remembered_db("postgresql://ref@db.example:5432/league") == "postgresql://ref@db.example:5432/league"
    assert remembered_db("postgresql://ref:s3cret@db.example/league") == "postgresql://ref@db.example/league"
    assert remembered_db("postgresql://ref:p@ss@[::1]:5432/x") == "postgresql://ref@[::1]:5432/x"


def test_q_stops_and_keeps_the_draft(run_cli, tmp_path) -> None:
    result = create_with_answers(run_cli, tmp_path, "1\nq\n")
    assert result.returncode == 130 and "the draft is kept in" in result.stderr and "Traceback" not in result.stderr
    [draft] = (tmp_path / "drafts").glob("*.json")
    assert json.loads(draft.read_text(encoding="utf-8"))["decisions"] == [["species", "human-male"]]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_character_made_by_hand_outside_a_campaign_is_kept_in_the_roster(terminal, run_cli, ruleset) -> None:
    """No --campaign, no --out: the finished character is kept in the default database's personal campaign
    of its ruleset, the last line says where and how to open it, and the roster and verify find it."""
    session = start(terminal, ruleset)
    session.expect(session.PROMPT)
    session.child.sendline("1")
    session.expect(session.PROMPT)
    session.child.sendline("auto")
    out = session.finish()
    assert session.exit_code == 0, out[-2000:]
    from lifepath.host.manager import get_registry

    campaign = f"My {get_registry().ruleset(ruleset).name} characters"
    (row,) = json.loads(run_cli("roster", "--json").stdout)
    assert (row["campaign"], row["ruleset"]) == (campaign, ruleset)
    said = " ".join(out.split())
    assert f"kept as character {row['id']} in campaign '{campaign}': `lifepath show {row['id']}` shows it" in said
    assert "identical" in run_cli("verify", str(row["id"])).stdout
