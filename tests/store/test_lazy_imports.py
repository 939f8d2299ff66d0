"""Commands that do not need the store do not pay for SQLAlchemy (nor SQLModel, nor Alembic)."""

from __future__ import annotations

import subprocess
import sys

import pytest

HEAVY = ("sqlalchemy", "sqlmodel", "alembic", "lifepath.store.service")


@pytest.mark.parametrize(
    "args",
    [["--help"], ["create", "--auto", "--seed", "1"], ["create", "--auto", "--seed", "1", "--json"], ["rulesets"]],
    ids=["help", "create", "create-json", "rulesets"],
)
def test_commands_without_the_store_do_not_import_sqlalchemy(args, imported_modules):
    assert not imported_modules(args, env={"LIFEPATH_DB": ""}) & set(HEAVY)


def test_importing_the_store_package_is_cheap():
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, lifepath, lifepath.store; print('sqlalchemy' in sys.modules or 'sqlmodel' in sys.modules)",
        ],
        capture_output=True,
        text=True,
        env=_env(),
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


def test_a_store_command_does_not_import_alembic_for_an_up_to_date_database(tmp_path, imported_modules):
    args = ["campaign", "list", "--db", str(tmp_path / "x.db")]
    assert "alembic" in imported_modules(args)  # a new database is created by the migrations
    again = imported_modules(args)
    assert sorted(again & {*HEAVY}) == ["lifepath.store.service", "sqlalchemy", "sqlmodel"]


def _env() -> dict[str, str]:
    import os

    return {k: v for k, v in os.environ.items() if k != "LIFEPATH_DB"}
