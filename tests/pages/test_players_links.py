"""Players at the table: ``lifepath serve --host 0.0.0.0 --allow-create`` prints one players' link per
campaign. A link's cookie reaches that campaign's creation pages and nothing else (no roster, no sheet, no
other campaign, no other campaign's drafts), a request without a link is refused, and a link replaced with
``lifepath campaign new-table-link`` lets nobody in any more, even into a character started with it."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from .conftest import LIFEPATH, lifepath
from .test_server_safety import request, token

RED, BLUE = "Red table", "Blue table"


def create_path(campaign: str) -> str:
    return "/campaigns/" + urllib.parse.quote(campaign, safe="") + "/create"


@dataclass
class Lan:
    port: int
    db: Path
    host: str
    keys: dict[str, str]

    def cookie(self, key: str) -> dict[str, str]:
        return {"Cookie": f"lifepath_table_{self.port}={key}"}


@pytest.fixture(scope="module")
def lan(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lan]:
    pytest.importorskip("uvicorn", reason="needed in CI: the web tests need the extra 'web' (uvicorn)")
    db = tmp_path_factory.mktemp("players") / "table.db"
    for name in (RED, BLUE):
        lifepath("campaign", "new", name, "--ruleset", "nowhere-yet", db=db)
    lifepath("generate", "--count", "1", "--seed", "3", "--campaign", RED, db=db)
    process = subprocess.Popen(
        [LIFEPATH, "serve", "--host", "0.0.0.0", "--port", "0", "--allow-create", "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ},
    )
    printed: list[str] = []
    try:
        assert process.stdout is not None
        for line in process.stdout:  # every line comes before the server answers
            printed.append(line)
            if sum("players' link for campaign" in x for x in printed) == 2 or "Traceback" in line:
                break
        text = "".join(printed)
        port = re.search(r"serving every campaign on http://\S+:(\d+)/", text)
        keys = dict(re.findall(r"players' link for campaign '([^']+)' .*?/table/(\S+)", text))
        assert port and set(keys) == {RED, BLUE}, text
        assert "/join/" in text  # the referee's own link, apart from the players'
        number = int(port.group(1))
        yield Lan(number, db, f"{socket.gethostname().lower()}:{number}", keys)
    finally:
        process.terminate()
        process.wait(timeout=30)


def start(lan: Lan, key: str, campaign: str) -> str:
    """A draft started by the player holding ``key``: its path."""
    status, _, page = request(lan.port, "GET", create_path(campaign), host=lan.host, headers=lan.cookie(key))
    assert status == 200, page
    body = {"csrf": token(page), "player": "Hal", "seed": "5"}
    status, headers, _ = request(
        lan.port, "POST", create_path(campaign), host=lan.host, headers=lan.cookie(key), body=body
    )
    assert status == 303 and headers["location"].startswith("/drafts/")
    return headers["location"]


def test_a_players_link_reaches_its_campaigns_creation_pages_and_nothing_else(lan: Lan) -> None:
    red, blue = lan.keys[RED], lan.keys[BLUE]
    assert red != blue
    status, headers, _ = request(lan.port, "GET", f"/table/{red}", host=lan.host)
    assert status == 303 and headers["location"] == create_path(RED)
    cookie = headers["set-cookie"]
    assert f"lifepath_table_{lan.port}={red}" in cookie
    assert "httponly" in cookie.lower() and "samesite=strict" in cookie.lower()
    assert request(lan.port, "GET", "/table/not-a-key", host=lan.host)[0] == 403
    # nothing without a link, and with one only the creation pages of its campaign
    assert request(lan.port, "GET", create_path(RED), host=lan.host)[0] == 403
    status, _, page = request(lan.port, "GET", create_path(RED), host=lan.host, headers=lan.cookie(red))
    assert status == 200 and 'href="/"' not in page and '/campaigns/Red%20table"' not in page
    for path in ("/", "/campaigns/Red%20table", "/characters/1", "/campaigns/Red%20table/odds"):
        assert request(lan.port, "GET", path, host=lan.host, headers=lan.cookie(red))[0] == 403, path
    status, _, page = request(lan.port, "GET", create_path(BLUE), host=lan.host, headers=lan.cookie(red))
    assert status == 403 and "for the campaign Red table" in page
    assert (
        request(lan.port, "GET", create_path(RED), host=f"evil.example:{lan.port}", headers=lan.cookie(red))[0] == 400
    )
    # two players at once: each opens their own draft, not the other's
    mine = start(lan, red, RED)
    theirs = start(lan, blue, BLUE)
    assert request(lan.port, "GET", mine, host=lan.host, headers=lan.cookie(red))[0] == 200
    assert request(lan.port, "GET", theirs, host=lan.host, headers=lan.cookie(blue))[0] == 200
    assert request(lan.port, "GET", theirs, host=lan.host, headers=lan.cookie(red))[0] == 404
    assert request(lan.port, "GET", mine, host=lan.host, headers=lan.cookie(blue))[0] == 404
    assert request(lan.port, "GET", mine, host=lan.host)[0] == 403


def test_a_replaced_players_link_lets_nobody_in(lan: Lan) -> None:
    old = lan.keys[RED]
    started = start(lan, old, RED)
    done = lifepath("campaign", "new-table-link", RED, db=lan.db)
    new = re.search(r"/table/(\S+)", done.stdout)
    assert new and new.group(1) != old
    for path in (create_path(RED), started, f"/table/{old}"):
        status, _, page = request(lan.port, "GET", path, host=lan.host, headers=lan.cookie(old))
        assert status == 403 and "replaced" in page, path
    status, headers, _ = request(lan.port, "GET", f"/table/{new.group(1)}", host=lan.host)
    assert status == 303 and headers["location"] == create_path(RED)
    assert request(lan.port, "GET", started, host=lan.host, headers=lan.cookie(new.group(1)))[0] == 200
