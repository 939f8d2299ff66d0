"""``lifepath`` command lines run in this process, answered as ``run_cli``'s subprocesses are.

A subprocess of the installed console script costs about a second (Python, SQLAlchemy and the plugins
start afresh each time); the same command run in-process by the test kit's :class:`LifepathRunner`
(``core/testing.py``: the real command tree, plugins built afresh for every command as a new process builds
them) costs a few hundredths of one. Tests use it for the steps that only set up state and for the
database-dependent steps of a PostgreSQL variant whose console-script behaviour the SQLite variant already
proves, and keep ``run_cli`` for what only the console script does: its output filter (control characters
shown, not sent), its checks of the arguments themselves, and its exit codes and error paragraphs as a
shell sees them.

The environment a command needs (HOME, the drafts folder, the default database, every installed plugin:
``LIFEPATH_PLUGINS`` is unset, as for ``run_cli``) is set for that command only, so a ``run_cli``
subprocess later in the same test starts from the test's own environment.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from lifepath.testing import LifepathRunner


def run_in_process(
    home: Path,
    *args: str | Path,
    db: str | None = None,
    input: str | None = None,
    env: dict[str, str] | None = None,
    cwd: Path | None = None,
    default_db: Path | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run ``lifepath ARGS... [--db DB]`` in-process; the result has ``returncode``, ``stdout`` and ``stderr``
    like a finished subprocess. ``home`` is the HOME (and drafts folder parent); ``default_db`` the database
    without ``--db`` (by default one under ``home``); ``env`` more variables for this command only (not
    ``PYTHONPATH``: a plugin installed into a folder of its own needs a real subprocess)."""
    if env and "PYTHONPATH" in env:
        raise ValueError("PYTHONPATH has no effect in-process: run the command with run_cli")
    words = [str(a) for a in args] + (["--db", db] if db is not None else [])
    home.mkdir(parents=True, exist_ok=True)
    before = dict(os.environ)
    try:
        with pytest.MonkeyPatch.context() as patch:
            runner = LifepathRunner(home, [], patch)  # no plugin list: every installed plugin, as run_cli loads
            if default_db is not None:
                patch.setenv("LIFEPATH_DB", str(default_db))
            for name, value in (env or {}).items():
                patch.setenv(name, value)
            if cwd is not None:
                patch.chdir(cwd)
            done = runner(*words, input=input)
    finally:  # a variable the command itself set (a warning given once per process, say) goes too
        if dict(os.environ) != before:
            os.environ.clear()
            os.environ.update(before)
    return subprocess.CompletedProcess(["lifepath", *words], done.exit_code, done.stdout, done.stderr)
