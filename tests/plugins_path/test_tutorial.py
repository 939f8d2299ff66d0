"""docs/plugins/tutorial.md is true: every code block is either a file of docs/plugins/tutorial/ shown
verbatim, the layout of that folder, or commands that this test runs (pip-installing the tutorial plugin
into a folder of its own, running its tests and the lifepath commands), checking the output shown.

Code blocks are fenced with an info string: ``LANG PATH`` for a file (PATH relative to
docs/plugins/tutorial/), ``tree`` for the layout, ``console`` for commands. In a console block, lines
starting with ``$ `` are commands and the lines after one are its output: a line ``...`` stands for any
number of lines, and a line ending in `` ...`` for any line that starts with the text before it.
"""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
TUTORIAL_MD = REPO / "docs" / "plugins" / "tutorial.md"
TUTORIAL = REPO / "docs" / "plugins" / "tutorial"
FOLDER_NAME = "lifepath-tutorial"
ARTEFACTS = {"build", "__pycache__", ".pytest_cache"}

CLI = Callable[..., subprocess.CompletedProcess[str]]
Env = Callable[..., dict[str, str]]


@dataclass(frozen=True)
class Block:
    lang: str
    path: str | None
    text: str
    line: int


def blocks(markdown: str) -> list[Block]:
    """Every fenced code block, with its language, optional file name and starting line."""
    found = []
    for m in re.finditer(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", markdown, re.M | re.S):
        info = m.group(1).split()
        found.append(
            Block(
                info[0] if info else "",
                info[1] if len(info) > 1 else None,
                m.group(2),
                markdown.count("\n", 0, m.start()) + 1,
            )
        )
    return found


def tutorial_files() -> set[str]:
    """The files of the tutorial plugin, relative to its folder (build artefacts left out)."""
    return {
        p.relative_to(TUTORIAL).as_posix()
        for p in TUTORIAL.rglob("*")
        if p.is_file()
        and not ARTEFACTS & set(p.relative_to(TUTORIAL).parts)
        and not any(part.endswith(".egg-info") for part in p.parts)
    }


def output_pattern(expected: list[str]) -> str:
    pattern = ""
    for line in expected:
        if line.strip() == "...":
            pattern += r"(?:[^\n]*\n)*?"
        elif line.endswith(" ..."):
            pattern += re.escape(line[: -len("...")]) + r"[^\n]*\n"
        else:
            pattern += re.escape(line.rstrip()) + r"\n"
    return pattern


def commands(block: Block) -> list[tuple[str, list[str]]]:
    """``(command, expected output lines)`` pairs of a console block."""
    out: list[tuple[str, list[str]]] = []
    for line in block.text.splitlines():
        if line.startswith("$ "):
            out.append((line[2:], []))
        else:
            assert out, f"tutorial.md line {block.line}: output before any command"
            out[-1][1].append(line)
    return out


MARKDOWN = TUTORIAL_MD.read_text(encoding="utf-8")
BLOCKS = blocks(MARKDOWN)


def test_every_block_is_a_file_the_layout_or_commands() -> None:
    assert BLOCKS
    for block in BLOCKS:
        where = f"tutorial.md line {block.line}"
        if block.lang in ("console", "tree"):
            assert block.path is None, where
        else:
            assert block.path, f"{where}: a ```{block.lang} block must name its file (```{block.lang} PATH)"


@pytest.mark.parametrize("block", [b for b in BLOCKS if b.path], ids=lambda b: str(b.path))
def test_each_file_block_is_the_real_file(block: Block) -> None:
    assert block.path is not None
    real = TUTORIAL / block.path
    assert real.is_file(), f"tutorial.md line {block.line} shows {block.path}, which is not in {TUTORIAL}"
    assert block.text == real.read_text(encoding="utf-8"), f"tutorial.md line {block.line} differs from {real}"


def test_the_layout_lists_every_file_and_every_file_is_shown() -> None:
    (tree,) = [b for b in BLOCKS if b.lang == "tree"]
    assert set(tree.text.split()) == tutorial_files()
    assert {b.path for b in BLOCKS if b.path} == tutorial_files()


def test_the_commands_work_as_shown(run_cli: CLI, tmp_path: Path, plugin_env: Env, run_pytest: CLI) -> None:
    """Follow the tutorial from an empty folder: its files are the real ones, pip-installed into a target
    folder in place of ``pip install -e .``; then every command shown is run and its output compared."""
    folder = tmp_path / FOLDER_NAME
    site = tmp_path / "site"
    env = plugin_env(site)
    ran = []
    for block in (b for b in BLOCKS if b.lang == "console"):
        for command, expected in commands(block):
            where = f"tutorial.md line {block.line}: $ {command}"
            words = shlex.split(command)
            if words[0] in ("mkdir", "cd"):
                assert words[1:] == [FOLDER_NAME], where
                if words[0] == "mkdir":
                    shutil.copytree(TUTORIAL, folder, ignore=shutil.ignore_patterns(*ARTEFACTS, "*.egg-info"))
                continue
            if words[:3] == ["pip", "install", "-e"] and words[3:] == ["."]:
                done = subprocess.run(
                    [
                        sys.executable,
                        "-m",
                        "pip",
                        "install",
                        "--quiet",
                        "--no-deps",
                        "--no-build-isolation",
                        "--no-cache-dir",
                        "--target",
                        str(site),
                        ".",
                    ],
                    capture_output=True,
                    text=True,
                    cwd=folder,
                    timeout=600,
                )
            elif words[0] == "pytest":
                assert words[1:] == ["-q"], where
                done = run_pytest(folder, env)
            elif words[0] == "lifepath":
                done = run_cli(*words[1:], env=env, cwd=folder)
            else:
                raise AssertionError(f"{where}: the tutorial shows a command this test does not know how to run")
            assert done.returncode == 0, f"{where}\n{done.stdout}\n{done.stderr}"
            if expected:
                pattern = output_pattern(expected)
                assert re.fullmatch(pattern, done.stdout), (
                    f"{where}: the output shown is not what the command prints; it prints:\n{done.stdout}"
                )
            ran.append(words[0])
    assert ran.count("lifepath") >= 3 and "pip" in ran and "pytest" in ran
