"""README.md's tour, run as written: every shell command of its ``sh`` code blocks, in order, with the
installed ``lifepath`` console script, in a fresh HOME and working folder (holding a copy of the
clone's ``examples/``, as the commands expect to be run from a clone's root).

Only the commands listed in SKIPPED (set-up that installs things) are not run, and only those in SHORTENED
run with a smaller count; each says why. Interactive commands (``lifepath create`` without ``--auto``)
run on a real pseudo-terminal, answering "1" to every question (or the NPC policy's suggestion, shown by "r"
and taken by Enter, when option 1 cannot be taken). A command exits 0 unless EXIT_CODES
says otherwise. The Universal Character Format block must be what its command prints.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"

#: commands not run, with the reason
SKIPPED = {
    "python3 -m venv .venv": "set-up: the tests already run in an environment with lifepath installed",
    ". .venv/bin/activate": "set-up: as above",
    "pip install .": "set-up: installing is what the test environment did (tox installs the wheel)",
    "pip install tox": "set-up: the command that runs this very suite",
    "tox": "set-up: the command that runs this very suite",
}
#: long commands run smaller: (text replaced, replacement, reason)
SHORTENED = {
    "lifepath generate --count 200000 --workers 2 --seed 9 --format jsonl --out npcs.jsonl": (
        "--count 200000",
        "--count 1000",
        "200,000 characters take minutes on two cores; the same command with 1,000 uses the same code paths "
        "(two workers, chunks, JSON lines), and tests/batch/test_generate.py checks --workers gives the same output",
    ),
}
#: commands whose documented outcome is not exit code 0
EXIT_CODES = {"lifepath check build.json": 1}


def sh_commands(markdown: str) -> list[str]:
    """Every command of the ``sh`` blocks, in order: comments dropped, ``a && b`` split into a and b."""
    commands = []
    for block in re.findall(r"^```sh\n(.*?)^```", markdown, flags=re.M | re.S):
        for line in block.splitlines():
            line = re.sub(r"\s+#\s.*$", "", line).strip()
            if line:
                commands += [part.strip() for part in line.split(" && ")]
    return commands


COMMANDS = sh_commands(README.read_text(encoding="utf-8"))


def is_interactive(command: str) -> bool:
    return command.startswith("lifepath create") and "--auto" not in command


def test_the_lists_name_commands_the_readme_has() -> None:
    for command in [*SKIPPED, *SHORTENED, *EXIT_CODES]:
        assert command in COMMANDS, f"{command!r} is listed here but README.md no longer has it"
    assert sum(is_interactive(c) for c in COMMANDS) == 3  # create, create --campaign ..., create --ruleset d6-pool


@pytest.fixture(scope="module")
def tour(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A fresh working folder (with the clone's examples/) and an environment with a fresh HOME."""
    root = tmp_path_factory.mktemp("tour")
    work = root / "work"
    shutil.copytree(REPO / "examples", work / "examples", ignore=shutil.ignore_patterns("build", "*.egg-info"))
    home = root / "home"
    home.mkdir()
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("LIFEPATH_", "XDG_")) and k not in ("HOME", "PYTHONPATH")
    }
    env.update(HOME=str(home), PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}")
    return work, env


def run_interactive(command: str, work: Path, env: dict[str, str]) -> tuple[int, str]:
    pexpect = pytest.importorskip("pexpect", reason="needed in CI: pexpect is not installed")
    child = pexpect.spawn("bash", ["-c", command], cwd=str(work), env=env, encoding="utf-8", timeout=60)
    child.delaybeforesend = None
    seen = ""
    try:
        for _ in range(500):
            if child.expect_exact(["\n> ", pexpect.EOF]) == 1:
                seen += child.before
                break
            seen += child.before + child.after
            # "1" keeps meaning the first option; once that cannot be taken, the NPC policy's suggestion:
            # r shows it, Enter takes it
            if "Enter takes it" in child.before:
                child.sendline("")
            else:
                child.sendline("r" if "cannot be taken" in child.before else "1")
        child.close()
    finally:
        child.close(force=True)
    return child.exitstatus, seen


def test_the_tour_runs_as_written(tour) -> None:
    work, env = tour
    ran = []
    for command in COMMANDS:
        if command in SKIPPED:
            continue
        if command in SHORTENED:
            old, new, _reason = SHORTENED[command]
            command = command.replace(old, new)
        if is_interactive(command):
            code, out = run_interactive(command, work, env)
            err = out
            assert "Traceback" not in out, (command, out[-3000:])
        else:
            done = subprocess.run(
                ["bash", "-c", command], cwd=work, env=env, capture_output=True, text=True, timeout=300
            )
            code, out, err = done.returncode, done.stdout, done.stderr
            assert "Traceback" not in err, (command, err)
        assert code == EXIT_CODES.get(command, 0), (command, code, out[-3000:], err[-3000:])
        ran.append(command)
    assert len(ran) == len(COMMANDS) - sum(c in SKIPPED for c in COMMANDS)
    # what the tour made is there
    for made in ("npc.json", "run.jsonl", "other.db", "crew.csv", "npcs.jsonl", "bn.json", "build.json"):
        assert (work / made).exists(), made
    assert (work / "lifepath-my-careers" / "pyproject.toml").exists()
    assert len((work / "crew.csv").read_text(encoding="utf-8").splitlines()) == 501  # a header and 500 rows


def test_the_ucf_example_is_what_its_command_prints(tour) -> None:
    work, env = tour
    text = README.read_text(encoding="utf-8")
    intro = "A character is printed in the SRD's Universal Character Format (`lifepath create --auto --seed 269`):"
    assert intro in text
    block = re.search(re.escape(intro) + r"\n\n```\n(.*?)```", text, flags=re.S)
    assert block is not None
    done = subprocess.run(
        ["bash", "-c", "lifepath create --auto --seed 269"],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == block[1]
