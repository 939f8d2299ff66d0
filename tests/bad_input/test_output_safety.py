"""Names holding control characters never reach the terminal raw (issue 17, unsafe output).

One campaign is named with every kind of control character, and one character per kind is renamed to
hold it; then every text command's standard output and error must hold no control character but the line
feeds the program printed itself, each control shown as JSON writes it (``\\u001b``, ``\\n``...), and JSON
output must give back the exact names.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import unicodedata
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lifepath.support.text import safe

#: one name per kind of control character, and how the output must show it
KINDS: dict[str, tuple[str, str]] = {
    "ansi colour": ("Red\x1b[31mAlert\x1b[0m", "Red\\u001b[31mAlert\\u001b[0m"),
    "clear screen": ("Wipe\x1b[2J\x1b[HOut", "Wipe\\u001b[2J\\u001b[HOut"),
    "cursor move": ("Up\x1b[5ALeft\x1b[10D", "Up\\u001b[5ALeft\\u001b[10D"),
    "window title": ("Title\x1b]0;pwned\x07Bar", "Title\\u001b]0;pwned\\u0007Bar"),
    "newline": ("Line\nBreak", "Line\\nBreak"),
    "carriage return": ("Over\rWrite", "Over\\rWrite"),
    "backspace": ("Back\x08\x08Space", "Back\\b\\bSpace"),
    "delete": ("Del\x7fete", "Del\\u007fete"),
    "c1 control": ("Csi\x9b31mOne\x85Two", "Csi\\u009b31mOne\\u0085Two"),
}
CAMPAIGN = "Camp\x1b[1mBold\x07\r\n\x9b\x7f"
CAMPAIGN_SHOWN = "Camp\\u001b[1mBold\\u0007\\r\\n\\u009b\\u007f"

Run = Callable[..., subprocess.CompletedProcess[str]]


def command() -> list[str]:
    script = Path(sys.executable).with_name("lifepath")
    return [str(script)] if script.exists() else [sys.executable, "-c", "from lifepath.cli.main import run; run()"]


def raw_controls(text: str) -> list[str]:
    """Every control character in ``text`` but the line feed."""
    return [c for c in text if unicodedata.category(c) == "Cc" and c != "\n"]


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    """A lifepath runner on one database holding the campaign and a character per kind of control."""
    folder = tmp_path_factory.mktemp("unsafe")
    env = {**os.environ, "LIFEPATH_DB": str(folder / "roster.db"), "PYTHONIOENCODING": "utf-8"}

    def call(*args: str) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [*command(), *args], capture_output=True, text=True, encoding="utf-8", env=env, cwd=folder, timeout=600
        )
        assert "Traceback" not in done.stderr, done.stderr
        return done

    made = call("campaign", "new", CAMPAIGN)
    assert made.returncode == 0, made.stderr
    batch = call("generate", "--count", str(len(KINDS)), "--seed", "7", "--campaign", CAMPAIGN)
    assert batch.returncode == 0, batch.stderr
    for number, (name, shown) in enumerate(KINDS.values(), 1):
        renamed = call("rename", str(number), name)
        assert renamed.returncode == 0, renamed.stderr
        assert not raw_controls(renamed.stdout + renamed.stderr)
        assert shown in renamed.stdout and renamed.stdout.count("\n") == 1
    call.env = env  # type: ignore[attr-defined]
    return call


def check_clean(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 0, done.stderr
    assert not raw_controls(done.stdout), done.stdout
    assert not raw_controls(done.stderr), done.stderr
    return done.stdout


@pytest.mark.parametrize("args", [("roster",), ("roster", CAMPAIGN)], ids=["every campaign", "one campaign"])
def test_roster_shows_every_control_escaped_one_row_per_character(run: Run, args: tuple[str, ...]) -> None:
    out = check_clean(run(*args))
    lines = out.splitlines()
    assert len(lines) == 1 + len(KINDS)  # the header, then one row each: no name splits a row
    for number, (_, shown) in enumerate(KINDS.values(), 1):
        assert lines[number].split()[0] == str(number) and shown in lines[number]
    if len(args) == 1:
        assert all(CAMPAIGN_SHOWN in line for line in lines[1:])


@pytest.mark.parametrize("kind", list(KINDS))
def test_show_keeps_the_name_on_the_sheet_first_line(run: Run, kind: str) -> None:
    number = list(KINDS).index(kind) + 1
    out = check_clean(run("show", str(number)))
    assert KINDS[kind][1] in out.splitlines()[0]  # the name stays on the first line


def test_show_with_history_is_clean(run: Run) -> None:
    out = check_clean(run("show", "4", "--history"))
    assert KINDS["window title"][1] in out


def test_campaign_list_show_and_check_are_clean(run: Run) -> None:
    listing = check_clean(run("campaign", "list")).splitlines()
    assert len(listing) == 2 and listing[1].startswith(CAMPAIGN_SHOWN + "  ")
    shown = check_clean(run("campaign", "show", CAMPAIGN))
    assert f"campaign:   {CAMPAIGN_SHOWN}\n" in shown
    checked = check_clean(run("campaign", "check", CAMPAIGN))
    # a one-line message keeps a line feed of the name as a line break (documented); the rest is escaped
    assert CAMPAIGN_SHOWN.replace("\\n", "\n") in checked


def test_set_status_message_is_clean(run: Run) -> None:
    out = check_clean(run("set-status", "5", "npc"))
    assert out == f"5 {KINDS['newline'][1]}: npc -> npc\n"


def test_error_paragraphs_show_names_escaped_on_one_line(run: Run) -> None:
    done = run("campaign", "show", CAMPAIGN + "?")
    assert done.returncode == 2
    assert not raw_controls(done.stderr) and done.stderr.count("\n") == 1
    assert f"there is no campaign called '{CAMPAIGN_SHOWN}?'" in done.stderr
    assert f"are: {CAMPAIGN_SHOWN}." in done.stderr


def test_json_output_gives_back_the_exact_names(run: Run) -> None:
    roster = json.loads(check_clean(run("roster", "--json")))
    assert [row["name"] for row in roster] == [name for name, _ in KINDS.values()]
    assert {row["campaign"] for row in roster} == {CAMPAIGN}
    for number, (name, _) in enumerate(KINDS.values(), 1):
        if number in (1, 8, 9):  # ESC, DEL and C1: json.dumps writes the last two raw, the guard escapes them
            document = json.loads(check_clean(run("show", str(number), "--json")))
            assert document["sheet"]["name"] == name
    camps = json.loads(check_clean(run("campaign", "list", "--json")))
    assert [c["name"] for c in camps] == [CAMPAIGN]


def test_export_to_a_file_keeps_the_bytes(run: Run, tmp_path: Path) -> None:
    target = tmp_path / "nine.json"
    check_clean(run("export", "9", "--out", str(target)))
    stored = target.read_text(encoding="utf-8")
    assert "\x9b" in stored and "\x85" in stored  # a file is data, not terminal output: nothing replaced
    assert json.loads(stored)["sheet"]["name"] == KINDS["c1 control"][0]


def test_a_terminal_gets_the_same_escapes_as_a_pipe(run: Run) -> None:
    pexpect = pytest.importorskip("pexpect")
    piped = check_clean(run("roster"))
    child = pexpect.spawn(
        command()[0], [*command()[1:], "roster"], env=run.env, encoding="utf-8", timeout=120, dimensions=(50, 400)
    )
    seen = child.read()
    child.close()
    assert child.exitstatus == 0
    assert not raw_controls(seen.replace("\r\n", "\n"))  # the terminal's own line ends are CR LF
    assert seen.replace("\r\n", "\n") == piped


# -- the function every output goes through -------------------------------------------------------------


@given(st.text())
def test_safe_leaves_no_control_character_and_only_line_feeds_when_asked(text: str) -> None:
    assert not [c for c in safe(text) if unicodedata.category(c) == "Cc"]
    assert raw_controls(safe(text, newlines=True)) == []
    assert safe(text, newlines=True).count("\n") == text.count("\n")


@given(st.recursive(st.text() | st.integers(), lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner)))
def test_json_through_the_guard_is_valid_with_the_same_values(value: object) -> None:
    for indent in (None, 2):
        shown = safe(json.dumps(value, ensure_ascii=False, indent=indent), newlines=True)
        assert json.loads(shown) == value


def test_safe_shows_each_control_as_json_writes_it() -> None:
    assert safe("a\x1b[2Jb\x07\n\r\t\b\f\x7f\x9b\x00") == "a\\u001b[2Jb\\u0007\\n\\r\\t\\b\\f\\u007f\\u009b\\u0000"
    assert safe("plain text, \u00e9t\u00e9 \u2603") == "plain text, \u00e9t\u00e9 \u2603"
