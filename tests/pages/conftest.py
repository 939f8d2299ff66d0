"""Fixtures for sheets, the roster web app and the static site.

``campaign_db`` is a real SQLite campaign store made with the installed ``lifepath`` command: a Nowhere
Yet campaign of eight characters, one of them renamed to a name holding HTML, quotes and ANSI escapes
(``EVIL_NAME``). ``server`` runs ``lifepath serve`` on a free port as a subprocess. ``browser`` is a real
headless Chromium: Debian's ``chromium`` driven by Playwright (which never downloads a browser of its
own); the browser tests skip, naming what is missing, where either is not installed.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

LIFEPATH = str(Path(sys.executable).with_name("lifepath"))
EVIL_NAME = "<b>Evil</b> \"Quote' \x1b[31mRED\x1b[0m & <script>alert(1)</script>"
#: what the evil name looks like once escaped and made visible
EVIL_SHOWN = "<b>Evil</b> \"Quote' \\u001b[31mRED\\u001b[0m & <script>alert(1)</script>"
CAMPAIGN = "Spinward <Main>"
SCREENSHOTS = Path(os.environ.get("LIFEPATH_SCREENSHOTS", Path(__file__).parent / "screenshots"))
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")


def lifepath(*args: str, db: Path, check: bool = True, **kw: Any) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LIFEPATH_DB": str(db)}
    done = subprocess.run([LIFEPATH, *args], capture_output=True, text=True, env=env, timeout=300, **kw)
    if check:
        assert done.returncode == 0, done.stderr
    return done


def at_the_terminal(stored: str, folder: Path, *args: str) -> str:
    """What ``lifepath create --answers`` prints (``--json``) when the decisions a person was asked in the
    export ``stored`` are typed in order, with its seed and ``args`` (its ruleset, its house rules): a
    character made on a page is byte for byte this."""
    import json

    data = json.loads(stored)
    asked = [e["answer"] for e in data["history"] if e["type"] == "decision" and not e.get("forced")]
    answers = folder / "answers.txt"
    answers.write_text("".join(a + "\n" for a in asked), encoding="utf-8")
    seed = str(data["provenance"]["seed"])
    return lifepath("create", "--seed", seed, *args, "--answers", str(answers), "--json", db=folder / "t.db").stdout


@pytest.fixture(scope="session")
def campaign_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A campaign store: 8 Nowhere Yet characters (ids 1-8), character 3 renamed to ``EVIL_NAME``."""
    db = tmp_path_factory.mktemp("pages") / "campaign.db"
    lifepath("campaign", "new", CAMPAIGN, "--ruleset", "nowhere-yet", "--rule", "max_terms=5", db=db)
    lifepath("generate", "--count", "8", "--seed", "11", "--campaign", CAMPAIGN, db=db)
    lifepath("rename", "3", EVIL_NAME, db=db)
    lifepath("set-status", "5", "dead", db=db)
    return db


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    url: str
    db: Path
    process: subprocess.Popen[str]


def start_server(db: Path, *extra: str, env: dict[str, str] | None = None) -> Iterator[Server]:
    """``lifepath serve`` on ``db`` (``env``: variables added to this process's environment)."""
    pytest.importorskip("starlette", reason="needed in CI: the web tests need the extra 'web' (starlette)")
    pytest.importorskip("uvicorn", reason="needed in CI: the web tests need the extra 'web' (uvicorn)")
    port = free_port()
    process = subprocess.Popen(
        [LIFEPATH, "serve", "--port", str(port), "--db", str(db), *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, **(env or {})},
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):  # wait for the port to accept connections (not a timing assertion)
            if process.poll() is not None:
                pytest.fail(f"lifepath serve exited: {process.stdout.read() if process.stdout else ''}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                time.sleep(0.1)
        yield Server(url, db, process)
    finally:
        process.terminate()
        process.wait(timeout=30)


@pytest.fixture(scope="session")
def server(campaign_db: Path) -> Iterator[Server]:
    """``lifepath serve`` (read-only) on the campaign store."""
    yield from start_server(campaign_db)


def chromium_path() -> str | None:
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip(
        "playwright.sync_api",
        reason="needed in CI: the browser tests need Playwright "
        "(pip install playwright; it uses Debian's chromium, never a browser of its own)",
    )
    path = chromium_path()
    if path is None:
        pytest.skip("needed in CI: the browser tests need Debian's chromium package (apt-get install chromium)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    p = context.new_page()
    yield p
    context.close()


def screenshot(page: Any, name: str) -> Path:
    """Write a full-page PNG for a person to look at (tests/pages/screenshots/, or $LIFEPATH_SCREENSHOTS)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
