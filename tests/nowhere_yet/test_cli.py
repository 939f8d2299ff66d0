"""Nowhere Yet through the installed command line: interactive creation, options, and clear errors."""

from __future__ import annotations

import json


def test_interactive_creation_shows_a_panel_for_every_throw(run_cli) -> None:
    result = run_cli("create", "--seed", "5", env={"LIFEPATH_INTERACTIVE": "1"}, input="1\n" * 400)
    assert result.returncode == 0, result.stderr
    out = result.stderr
    assert "Choose your origin" in out and "  1. Human (male)" in out
    assert out.count("|  target:") >= 3 and "dice:      2D6" in out and "modifier:" in out
    assert "SUCCESS" in out or "FAILURE" in out
    panels = out.count("|  dice:")
    assert " Age " in result.stdout.splitlines()[0] and "Choose" not in result.stdout
    throws = json.loads(
        run_cli("create", "--seed", "5", "--json", env={"LIFEPATH_INTERACTIVE": "1"}, input="1\n" * 400).stdout
    )
    assert panels == sum(1 for e in throws["history"] if e["type"] == "throw")


def test_interactive_answers_by_name_and_retries_bad_input(run_cli) -> None:
    answers = "dragon\n99\navian\n" + "1\n" * 400
    result = run_cli("create", "--seed", "5", "--json", env={"LIFEPATH_INTERACTIVE": "1"}, input=answers)
    assert result.returncode == 0
    doc = json.loads(result.stdout)
    assert doc["sheet"]["species"] == "avian"
    assert "please answer with a number from 1 to 6" in result.stderr


def test_interactive_without_a_terminal_says_to_use_auto(run_cli) -> None:
    result = run_cli("create", "--seed", "5")
    assert result.returncode == 2
    assert "needs a terminal" in result.stderr and "--auto" in result.stderr


def test_names_match_case_insensitively(run_cli) -> None:
    doc = json.loads(
        run_cli("create", "--auto", "--seed", "9", "--species", "AVIAN", "--career", "navy", "--json").stdout
    )
    assert doc["sheet"]["species"] == "avian"
    first = next(e for e in doc["history"] if e["type"] == "decision" and e["key"] == "career")
    assert first["options"] == ["navy"]


def test_unknown_names_list_the_known_ones(run_cli) -> None:
    career = run_cli("create", "--auto", "--career", "astronaut")
    assert career.returncode == 2 and "no career called 'astronaut'" in career.stderr and "Navy" in career.stderr
    species = run_cli("create", "--auto", "--species", "elf")
    assert species.returncode == 2 and "Avian" in species.stderr and "Reptilian" in species.stderr
    esper = run_cli("create", "--auto", "--species", "esper")
    assert esper.returncode == 2 and "not a playable origin" in esper.stderr
    ruleset = run_cli("create", "--auto", "--ruleset", "traveller")
    assert ruleset.returncode == 2 and "nowhere-yet" in ruleset.stderr
    uwp = run_cli("create", "--auto", "--uwp", "Z999")
    assert uwp.returncode == 2 and "Universal World Profile" in uwp.stderr
    for result in (career, species, esper, ruleset, uwp):
        assert "Traceback" not in result.stderr and result.stdout == ""


def test_zero_terms_and_target_terms(run_cli) -> None:
    zero = json.loads(run_cli("create", "--auto", "--seed", "4", "--terms", "0", "--json").stdout)
    assert zero["sheet"]["careers"] == [] and zero["sheet"]["age"] == 18
    aimed = [
        json.loads(run_cli("create", "--auto", "--seed", str(s), "--terms", "2", "--json").stdout) for s in range(3)
    ]
    assert all(sum(c["terms"] for c in doc["sheet"]["careers"]) >= 1 for doc in aimed)


def test_history_output(run_cli) -> None:
    out = run_cli("create", "--auto", "--seed", "18", "--history").stdout
    assert "CRISIS (injury)" in out and "medical-debt" in out
    assert "survival: " in out and " vs " in out
