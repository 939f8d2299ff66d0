"""Fixtures for the campaign-store tests: the same tests run against SQLite and PostgreSQL.

``store_url`` is parametrized over ``sqlite`` (a fresh file per test) and ``postgres`` (a fresh schema
per test in the database named by ``LIFEPATH_TEST_POSTGRES_URL``, selected through ``search_path``;
skipped with the reason printed when the variable is not set or psycopg is missing, and failed instead
when ``CI=true``). ``new_url()`` makes further fresh databases of the same kind,
for round trips. ``run_cli`` runs the installed ``lifepath`` console script in a subprocess;
``flow_cli`` is ``run_cli`` on SQLite and the same commands in-process on PostgreSQL (see its docstring).
"""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import quote

import pytest

from lifepath.host.registry import Registry
from lifepath.testing import make_registry

POSTGRES_ENV = "LIFEPATH_TEST_POSTGRES_URL"
LIFEPATH = os.path.join(os.path.dirname(sys.executable), "lifepath")
HERE = Path(__file__).parent

#: skip reasons starting with this fail the run when CI=true (tests/conftest.py)
NEEDED_IN_CI = "needed in CI: "


def require_psycopg() -> None:
    """Skip (with the reason printed; a failure under CI) when psycopg 3 is not installed."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip(f"{NEEDED_IN_CI}psycopg is not installed (pip install 'lifepath[postgres]')")


BACKENDS = [
    pytest.param("sqlite", id="sqlite"),
    pytest.param("postgres", id="postgres", marks=pytest.mark.postgres),
]


def _pg_admin(url: str, sql: str) -> None:
    import psycopg

    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://"), autocommit=True) as conn:
        conn.execute(sql)


class Databases:
    """Fresh databases of one kind, dropped again at the end of the test."""

    def __init__(self, kind: str, tmp: Path) -> None:
        self.kind = kind
        self.tmp = tmp
        self.schemas: list[str] = []
        self.base = os.environ.get(POSTGRES_ENV, "")
        if kind == "postgres":
            if not self.base:
                pytest.skip(
                    f"{NEEDED_IN_CI}PostgreSQL tests need {POSTGRES_ENV}, e.g. postgresql://postgres@127.0.0.1:5432/test"
                )
            require_psycopg()

    def new(self) -> str:
        if self.kind == "sqlite":
            return str(self.tmp / f"roster-{uuid.uuid4().hex[:8]}.db")
        schema = f"lp_test_{uuid.uuid4().hex[:12]}"
        _pg_admin(self.base, f'CREATE SCHEMA "{schema}"')
        self.schemas.append(schema)
        sep = "&" if "?" in self.base else "?"
        return f"{self.base}{sep}options={quote(f'-csearch_path={schema}', safe='')}"

    def drop(self) -> None:
        for schema in self.schemas:
            _pg_admin(self.base, f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Databases]:
    dbs = Databases(request.param, tmp_path)
    yield dbs
    dbs.drop()


@pytest.fixture(scope="module", params=BACKENDS)
def module_backend(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Databases]:
    """Like ``backend``, shared by the tests of a module (for read-only checks against one database)."""
    dbs = Databases(request.param, tmp_path_factory.mktemp("shared"))
    yield dbs
    dbs.drop()


@pytest.fixture
def store_url(backend: Databases) -> str:
    """A fresh, empty database of each kind: a SQLite file path or a PostgreSQL URL."""
    return backend.new()


@pytest.fixture
def new_url(backend: Databases) -> Callable[[], str]:
    """Make another fresh database of the same kind as ``store_url``."""
    return backend.new


@pytest.fixture(scope="session")
def registry() -> Registry:
    """Every installed plugin, built once for the session."""
    return make_registry()


@pytest.fixture
def store(store_url: str, registry: Registry) -> Iterator[object]:
    from lifepath.store import open_store

    with open_store(store_url, registry=registry, warn=lambda _text: None) as opened:
        yield opened


def cli_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "LIFEPATH_DB"}
    env.update(extra)
    return env


@pytest.fixture
def run_cli() -> Callable[..., subprocess.CompletedProcess[str]]:
    """``run_cli(*args, db=None, input=None, **env)``: the installed CLI in a subprocess (stdin is not a
    terminal); keyword arguments other than those are environment variables."""

    def run(
        *args: str, db: str | None = None, input: str | None = None, check: bool = False, **env: str
    ) -> subprocess.CompletedProcess[str]:
        cmd = [LIFEPATH, *args]
        if db is not None:
            cmd += ["--db", db]
        done = subprocess.run(cmd, capture_output=True, text=True, input=input or "", env=cli_env(**env), timeout=300)
        if check and done.returncode != 0:
            raise AssertionError(f"{cmd} failed ({done.returncode}):\n{done.stderr}")
        return done

    return run


@pytest.fixture
def flow_cli(
    run_in_process: Callable[..., subprocess.CompletedProcess[str]],
) -> Callable[..., subprocess.CompletedProcess[str]]:
    """The runner of a multi-step CLI flow parametrized over both databases, called like ``run_cli``.

    It runs the command lines in this process (tests/in_process.py), on SQLite as on PostgreSQL: what the
    console script adds around a command (its output filter, its argument checks, a process's exit) is the
    same whatever the database and whatever the step, and is proved by the ``run_cli`` steps each flow keeps
    (its first, at least) and by the console-script tests of tests/bad_input; every step whose outcome
    depends on the database still runs against it, for a few hundredths of a second instead of the second
    a new process spends starting Python and SQLAlchemy.
    """

    def run(
        *args: str, db: str | None = None, input: str | None = None, check: bool = False, **env: str
    ) -> subprocess.CompletedProcess[str]:
        done = run_in_process(*args, db=db, input=input or "", env=env)
        if check and done.returncode != 0:
            raise AssertionError(f"{done.args} failed ({done.returncode}):\n{done.stderr}")
        return done

    return run
