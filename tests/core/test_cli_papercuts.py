"""Issue 11, item 5 (papercuts): `python -m lifepath`, `-h` for `--help`, shell completion, and
`schema validate` reading standard input (`-`) and reporting as JSON (`--json`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
COURIER = REPO / "docs" / "plugins" / "tutorial" / "lifepath_tutorial" / "data" / "courier.json"
CLI = Callable[..., subprocess.CompletedProcess[str]]
#: Typer's switch for a completion option that takes the shell's name instead of detecting it
NAMED_SHELL = {"_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}


def test_python_dash_m_lifepath_is_the_lifepath_command(run_cli: CLI, tmp_path: Path) -> None:
    module = subprocess.run(
        [sys.executable, "-m", "lifepath", "create", "--auto", "--seed", "11"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=600,
        env={**os.environ, "LIFEPATH_DB": str(tmp_path / "x.db")},
    )
    script = run_cli("create", "--auto", "--seed", "11")
    assert module.returncode == 0, module.stderr
    assert module.stdout == script.stdout and module.stdout.count("\n") >= 3
    usage = subprocess.run([sys.executable, "-m", "lifepath", "--help"], capture_output=True, text=True, timeout=600)
    assert usage.stdout.startswith("Usage: lifepath [OPTIONS] COMMAND [ARGS]...")


def test_dash_h_is_help_everywhere(run_cli: CLI) -> None:
    for words in ([], ["schema", "validate"], ["campaign"], ["create"]):
        short, long = run_cli(*words, "-h"), run_cli(*words, "--help")
        assert short.returncode == long.returncode == 0, short.stderr
        assert short.stdout == long.stdout and "-h, --help" in short.stdout


def test_shell_completion_is_offered(run_cli: CLI) -> None:
    usage = run_cli("--help").stdout
    assert "--install-completion" in usage and "--show-completion" in usage
    # the shell named, as Typer's own tests do: detection reads the parent processes, which under a test
    # runner may be no shell at all
    shown = run_cli("--show-completion", "bash", env=NAMED_SHELL)
    assert shown.returncode == 0 and "_LIFEPATH_COMPLETE=complete_bash" in shown.stdout
    # the completion itself: what the shell would run on `lifepath sch<TAB>`
    done = run_cli(env={"_LIFEPATH_COMPLETE": "complete_bash", "COMP_WORDS": "lifepath sch", "COMP_CWORD": "1"})
    assert done.returncode == 0 and done.stdout.split() == ["schema"]


def test_schema_validate_reads_standard_input(run_cli: CLI) -> None:
    done = run_cli("schema", "validate", "-", input=COURIER.read_text())
    assert (done.returncode, done.stdout) == (0, "ok: <stdin>\n1 file(s) valid\n")
    broken = run_cli("schema", "validate", "-", input='{\n  "$schema": 3,\n')
    assert broken.returncode == 1 and broken.stderr.startswith("error: <stdin>, line 3: this is not valid JSON")
    assert "Traceback" not in broken.stderr


def test_schema_validate_json_reports_every_file(run_cli: CLI, tmp_path: Path) -> None:
    text = COURIER.read_text()
    line = next(i for i, row in enumerate(text.splitlines(), 1) if '"Navigation"' in row)
    bad = tmp_path / "bad.json"
    bad.write_text(text.replace('"Navigation"', '"Navigaton"', 1))
    done = run_cli("schema", "validate", "--json", str(COURIER), "-", str(bad), input=text)
    assert done.returncode == 1 and done.stderr == ""
    report = json.loads(done.stdout)
    assert (report["valid"], report["problems"]) == (False, 1)
    files = [(f["file"], f["valid"]) for f in report["files"]]
    assert files == [(str(COURIER), True), ("<stdin>", True), (str(bad), False)]
    [error] = report["files"][2]["errors"]
    assert error["line"] == line and error["pointer"].startswith("/skill_tables/")
    assert error["message"] == "'Navigaton' is not a skill this ruleset knows"
    assert error["hint"].startswith("did you mean 'Navigation'?")
    ok = run_cli("schema", "validate", "--json", str(COURIER))
    assert ok.returncode == 0 and json.loads(ok.stdout)["valid"] is True


def test_install_completion_says_where_without_raw_escape_codes(run_cli: CLI, tmp_path: Path) -> None:
    """Typer's own coloured line is shown as colour, not as the text '\\u001b[32m' (issue 29's tour)."""
    done = run_cli("--install-completion", "bash", env={"HOME": str(tmp_path), **NAMED_SHELL})
    said = done.stdout + done.stderr
    assert done.returncode == 0, said
    assert "\\u001b" not in said and "completion installed in" in said
    assert (tmp_path / ".bash_completions" / "lifepath.sh").is_file()


def test_show_last_is_the_character_saved_last(run_cli: CLI) -> None:
    """The README's `show last --history`: the newest character, not whichever has id 1."""
    assert run_cli("show", "last").returncode == 2  # nothing yet: one paragraph, no traceback
    assert run_cli("campaign", "new", "Tour").returncode == 0
    assert run_cli("generate", "--count", "2", "--seed", "3", "--campaign", "Tour").returncode == 0
    last, second, first = run_cli("show", "last", "--history"), run_cli("show", "2", "--history"), run_cli("show", "1")
    assert last.returncode == 0 and last.stdout == second.stdout and last.stdout != first.stdout
    wrong = run_cli("show", "newest")
    assert wrong.returncode == 2 and "'newest' is not a character id" in wrong.stderr
    assert "Traceback" not in wrong.stderr
