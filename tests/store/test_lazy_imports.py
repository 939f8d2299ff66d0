"""Commands that do not need the store do not pay for SQLAlchemy (nor SQLModel, nor Alembic)."""

from __future__ import annotations

import subprocess
import sys

import pytest

PROBE = """
import contextlib, io, sys
from lifepath.cli.main import app
with contextlib.redirect_stdout(io.StringIO()):
    try:
        app({args!r})
    except SystemExit as exit:
        assert exit.code in (0, None), exit.code
heavy = sorted(m for m in ("sqlalchemy", "sqlmodel", "alembic", "lifepath.store.service") if m in sys.modules)
print(",".join(heavy) or "none")
"""


@pytest.mark.parametrize(
    "args",
    [["--help"], ["create", "--auto", "--seed", "1"], ["create", "--auto", "--seed", "1", "--json"], ["rulesets"]],
    ids=["help", "create", "create-json", "rulesets"],
)
def test_commands_without_the_store_do_not_import_sqlalchemy(args):
    env_free = {"LIFEPATH_DB": ""}
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(args=args)], capture_output=True, text=True,
        env={**_env(), **env_free},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "none"


def test_importing_the_store_package_is_cheap():
    done = subprocess.run(
        [sys.executable, "-c", "import sys, lifepath, lifepath.store; "
         "print('sqlalchemy' in sys.modules or 'sqlmodel' in sys.modules)"],
        capture_output=True, text=True, env=_env(),
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


def test_a_store_command_does_not_import_alembic_for_an_up_to_date_database(tmp_path):
    db = str(tmp_path / "x.db")
    probe = PROBE.format(args=["campaign", "list", "--db", db])
    first = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=_env())
    assert first.returncode == 0, first.stderr
    assert "alembic" in first.stdout  # a new database is created by the migrations
    again = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=_env())
    assert again.returncode == 0, again.stderr
    assert again.stdout.strip().splitlines()[-1] == "lifepath.store.service,sqlalchemy,sqlmodel"


def _env() -> dict[str, str]:
    import os

    return {k: v for k, v in os.environ.items() if k != "LIFEPATH_DB"}
