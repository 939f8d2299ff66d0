"""The person's prompt in process, reading real text streams: what the prompt line offers, Enter taking the
default, help and bad input asking again rather than answering, and free-text checks."""

from __future__ import annotations

import io

import pytest

from lifepath.cli.prompt import PromptChooser
from lifepath.decisions import FREE_TEXT_LIMIT, Decision, Option, free_text_problem

YES_NO = Decision("reenlist", "Serve another term?", (Option("yes"), Option("no")), default="yes")


def ask(decision: Decision, typed: str) -> tuple[str, str]:
    out = io.StringIO()
    prompt = PromptChooser(io.StringIO(typed), out, explain=lambda d: f"HELP FOR {d.key}")
    return prompt.choose(decision), out.getvalue()


def test_the_prompt_line_names_the_keys_and_the_default() -> None:
    _answer, shown = ask(YES_NO, "1\n")
    assert "[1-2, ? help, ?N option N, Enter = 1]" in shown


def test_enter_takes_the_default() -> None:
    assert ask(YES_NO, "\n")[0] == "yes"
    no_default = Decision("reenlist", "Serve?", (Option("yes"), Option("no")))
    answer, shown = ask(no_default, "\n2\n")
    assert answer == "no" and "please answer with a number from 1 to 2" in shown


@pytest.mark.parametrize("word", ["?", "help", "HELP"])
def test_help_explains_and_asks_again(word: str) -> None:
    answer, shown = ask(YES_NO, f"{word}\nno\n")
    assert answer == "no" and "HELP FOR reenlist" in shown and "please answer" not in shown


def test_quit_and_end_of_input_stop() -> None:
    for typed in ("q\n", ""):
        with pytest.raises(KeyboardInterrupt):
            ask(YES_NO, typed)


def test_free_text_is_checked() -> None:
    name = Decision("name", "Name?", (Option("Ada"),), free_text=True)
    answer, shown = ask(name, "X" * (FREE_TEXT_LIMIT + 1) + "\nBad\x07Bell\n?\nKess Varga\n")
    assert answer == "Kess Varga"
    assert f"at most {FREE_TEXT_LIMIT}" in shown and "control character" in shown and "HELP FOR name" in shown
    assert free_text_problem("Ada Okonkwo") == "" and free_text_problem("  ") == "the answer is empty"
