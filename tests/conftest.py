"""Test set-up shared by every test: a private validation cache, so no test reads the user's, and skips
that CI does not accept.

A test whose skip reason starts with :data:`NEEDED_IN_CI` (a PostgreSQL server or URL, psycopg,
matplotlib) is skipped on a developer's machine with that reason printed (``-rs`` is in ``addopts``), but
FAILS when ``CI`` is ``true`` or ``1`` in the environment: in CI a missing part must not quietly turn a
test into a skip.
"""

from __future__ import annotations

import os
import re
import tempfile

os.environ["LIFEPATH_CACHE_DIR"] = tempfile.mkdtemp(prefix="lifepath-test-cache-")
os.environ.pop("LIFEPATH_PLUGINS", None)
os.environ.pop("LIFEPATH_DISABLE_PLUGINS", None)
os.environ.pop("LIFEPATH_DB", None)

import subprocess
import sys
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

import pytest

PLUGINS = Path(__file__).parent / "plugins"

#: the start of a skip reason that CI turns into a failure (see the module docstring)
NEEDED_IN_CI = "needed in CI: "


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("true", "1")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, Any]:
    """Under CI, a skip for something CI must have (reason starting with NEEDED_IN_CI) is a failure."""
    report = yield
    if report.skipped and in_ci() and isinstance(report.longrepr, tuple):
        reason = str(report.longrepr[2])
        if NEEDED_IN_CI in reason:
            report.outcome = "failed"
            report.longrepr = f"{item.nodeid}: {reason.removeprefix('Skipped: ')} (CI is set: this may not be skipped)"
    return report


def lifepath_command() -> list[str]:
    """The installed console script, next to the interpreter running the tests."""
    script = Path(sys.executable).with_name("lifepath")
    return [str(script)] if script.exists() else [sys.executable, "-c", "from lifepath.cli.main import run; run()"]


@pytest.fixture
def run_cli(tmp_path: Path) -> Callable[..., subprocess.CompletedProcess[str]]:
    """Run the real installed ``lifepath`` command; returns the completed process (text output)."""

    def run(
        *args: str, env: dict[str, str] | None = None, input: str | None = None, cwd: Path | None = None
    ) -> subprocess.CompletedProcess[str]:
        full_env = {
            **os.environ,
            "LIFEPATH_DB": str(tmp_path / "default.db"),
            "LIFEPATH_DRAFTS_DIR": str(tmp_path / "drafts"),
            **(env or {}),
        }
        return subprocess.run(
            [*lifepath_command(), *args],
            capture_output=True,
            text=True,
            env=full_env,
            input=input,
            cwd=cwd or tmp_path,
            timeout=600,
        )

    return run


@pytest.fixture
def run_in_process(tmp_path: Path) -> Callable[..., subprocess.CompletedProcess[str]]:
    """``run_in_process(*args, db=None, input=None, env=None, cwd=None)``: the command ``run_cli`` would run,
    in this process (see tests/in_process.py for when a test may use it), with the same default database
    and drafts folder; returns a completed-process result all the same."""
    from tests.in_process import run_in_process as run

    def call(
        *args: str,
        db: str | None = None,
        input: str | None = None,
        env: dict[str, str] | None = None,
        cwd: Path | None = None,
    ) -> subprocess.CompletedProcess[str]:
        return run(
            tmp_path, *args, db=db, input=input, env=env, cwd=cwd or tmp_path, default_db=tmp_path / "default.db"
        )

    return call


@pytest.fixture
def without_modules(tmp_path: Path) -> Callable[..., dict[str, str]]:
    """``without_modules("psycopg", ...)``: environment variables for a subprocess in which importing those
    top-level packages raises ImportError, as when they are not installed (a folder first on PYTHONPATH
    holds a package of that name whose ``__init__`` raises)."""

    def env(*names: str) -> dict[str, str]:
        shadow = tmp_path / "not-installed"
        for name in names:
            (shadow / name).mkdir(parents=True, exist_ok=True)
            (shadow / name / "__init__.py").write_text(
                f"raise ImportError({f'No module named {name!r} (hidden by the test)'!r})\n", encoding="utf-8"
            )
        path = os.pathsep.join(p for p in (str(shadow), os.environ.get("PYTHONPATH", "")) if p)
        return {"PYTHONPATH": path}

    return env


def _greyed(menu: str, number: int) -> bool:
    """Whether the menu lists option ``number`` as one that cannot be taken now."""
    for text in re.sub(r"\x1b\[[0-9;]*m", "", menu).splitlines():  # a greyed line is dimmed on a terminal
        if text.lstrip().startswith(f"{number}. "):
            return "(cannot be taken:" in text
    return False


class Terminal:
    """The installed ``lifepath`` running on a real pseudo-terminal (pexpect), as a person at a terminal
    sees it: stdin, stdout and stderr are the terminal unless ``stdout_to`` sends standard output to a file.

    Every wait is bounded by ``timeout`` seconds; the child is killed when the test ends.
    """

    #: a question's prompt: "> " at the start of a line (a throw panel's "-> SUCCESS" is not one)
    PROMPT = "\n> "

    def __init__(self, child: Any) -> None:
        self.child = child
        self.seen = ""

    def expect(self, text: str) -> str:
        """Wait for ``text`` (exact); returns what came before it."""
        self.child.expect_exact(text)
        self.seen += self.child.before + self.child.after
        return str(self.child.before)

    def answer(self, line: str) -> None:
        """Wait for the next prompt and type ``line`` and Enter."""
        self.expect(self.PROMPT)
        self.child.sendline(line)

    @staticmethod
    def open_answer(menu: str, line: str) -> str:
        """``line``, or when it is the number of an option the menu shows greyed, the next open number."""
        answer = line
        while answer.isdigit() and _greyed(menu, int(answer)):
            answer = str(int(answer) + 1)
        return answer

    def answer_all(self, line: str = "1", limit: int = 500) -> str:
        """Answer every remaining prompt with ``line`` until the program ends; returns the whole transcript.

        A number whose option the menu shows greyed (it cannot be taken now, e.g. a background skill already
        taken, which keeps its number) is replaced by the next open one, as a person would pick."""
        import pexpect

        for _ in range(limit):
            if self.child.expect_exact([self.PROMPT, pexpect.EOF]) == 1:
                self.seen += self.child.before
                return self.finish()
            before = self.child.before
            self.seen += before + self.child.after
            self.child.sendline(self.open_answer(before, line))
        raise AssertionError(f"still asking after {limit} answers:\n{self.seen[-2000:]}")

    def finish(self) -> str:
        """Wait for the end; returns the transcript (``exit_code`` then holds the exit status)."""
        import pexpect

        if self.child.isalive() or not self.child.closed:
            self.child.expect(pexpect.EOF)
            self.seen += self.child.before
        self.child.close()
        return self.seen

    @property
    def exit_code(self) -> int | None:
        return self.child.exitstatus  # type: ignore[no-any-return]


@pytest.fixture
def terminal(tmp_path: Path, request: pytest.FixtureRequest) -> Callable[..., Terminal]:
    """``terminal(*args, env=None, cwd=None, stdout_to=None, timeout=60)``: start the installed ``lifepath``
    on a pseudo-terminal 120 columns wide, with the same private default database as ``run_cli``."""
    try:
        import pexpect
    except ImportError:
        pytest.skip(f"{NEEDED_IN_CI}pexpect is not installed (pip install pexpect)")

    def start(
        *args: str,
        env: dict[str, str] | None = None,
        cwd: Path | None = None,
        stdout_to: Path | None = None,
        timeout: float = 60,
    ) -> Terminal:
        full_env = {
            **os.environ,
            "LIFEPATH_DB": str(tmp_path / "default.db"),
            "LIFEPATH_DRAFTS_DIR": str(tmp_path / "drafts"),
            "TERM": "xterm-256color",
            "COLUMNS": "120",
            "LINES": "40",
            **(env or {}),
        }
        command = [*lifepath_command(), *args]
        if stdout_to is not None:  # the shell only redirects, then becomes lifepath
            command = ["/bin/sh", "-c", 'out="$1"; shift; exec "$@" > "$out"', "sh", str(stdout_to), *command]
        child = pexpect.spawn(
            command[0],
            command[1:],
            env=full_env,
            cwd=str(cwd or tmp_path),
            timeout=timeout,
            encoding="utf-8",
            dimensions=(40, 120),
        )
        child.delaybeforesend = None  # answer as soon as asked: no fixed pauses
        request.addfinalizer(lambda: child.close(force=True))
        return Terminal(child)

    return start


IMPORTS_PROBE = """
import contextlib, io, json, sys
from lifepath.cli.main import run
sys.argv = ["lifepath", *json.loads(sys.argv[1])]
with contextlib.redirect_stdout(io.StringIO()):
    try:
        run()
    except SystemExit as exit:
        assert exit.code in (0, None), exit.code
print(json.dumps(sorted(sys.modules)))
"""


@pytest.fixture
def imported_modules() -> Callable[..., set[str]]:
    """Run a lifepath command line in a fresh interpreter, the way the console script does, and return
    every module it imported (the command must succeed). ``env`` adds to the environment."""

    def probe(args: list[str], *, env: dict[str, str] | None = None, cwd: Path | None = None) -> set[str]:
        import json

        done = subprocess.run(
            [sys.executable, "-c", IMPORTS_PROBE, json.dumps(args)],
            capture_output=True,
            text=True,
            env={**os.environ, **(env or {})},
            cwd=cwd,
            timeout=600,
        )
        assert done.returncode == 0, done.stderr
        return set(json.loads(done.stdout.strip().splitlines()[-1]))

    return probe


@pytest.fixture(scope="session")
def test_plugins_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The three test distributions under tests/plugins, really pip-installed into a folder of their own.

    Tests put that folder on PYTHONPATH for a subprocess, so the plugins are found through the entry-point
    group exactly as an installed third-party plugin is, without touching the test environment itself.
    """
    target = tmp_path_factory.mktemp("site")
    dists = [str(p) for p in sorted(PLUGINS.iterdir()) if (p / "pyproject.toml").exists()]
    build = tmp_path_factory.mktemp("build")
    from tests.installs import pip_install  # here: tests/test_ci_skips.py runs this file on its own

    pip_install(target, *dists, cwd=build)
    return target
