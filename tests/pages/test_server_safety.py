"""``lifepath serve`` as only its referee can reach it, and as it stays responsive (issue 26), over real HTTP
to real ``lifepath serve`` subprocesses: a foreign Host is refused, a cross-origin POST is refused even with
the token, writes stay inside the served campaign, the security headers are on every answer, a campaign
named with ``/`` opens, an id past 2^63 is 404, odds in flight do not hold up a character page, a SQLite
file another process is writing is a 503 page, ``--host 0.0.0.0 --allow-edit`` needs its join link,
``--port 0`` says the port it got, and a port in use is one paragraph."""

from __future__ import annotations

import http.client
import os
import re
import socket
import sqlite3
import subprocess
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import CAMPAIGN, LIFEPATH, Server, lifepath, start_server

SLASHED = "Rim/Coreward"
SLASHED_PATH = "/campaigns/" + urllib.parse.quote(SLASHED, safe="")
#: character 9 is the one character of SLASHED; 1-8 are CAMPAIGN's
MINE = 9
SECURITY_HEADERS = {"x-frame-options": "DENY", "x-content-type-options": "nosniff", "referrer-policy": "same-origin"}


def request(
    port: int,
    method: str,
    path: str,
    *,
    host: str | None = None,
    body: dict[str, str] | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, str], str]:
    """One request to 127.0.0.1:``port`` with the Host header ``host`` (default: 127.0.0.1:PORT)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    sent = {"Host": f"127.0.0.1:{port}" if host is None else host, **(headers or {})}
    data = urllib.parse.urlencode(body).encode() if body is not None else None
    if data is not None:
        sent["Content-Type"] = "application/x-www-form-urlencoded"
    try:
        conn.request(method, path, body=data, headers=sent)
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read().decode()
    finally:
        conn.close()


def port_of(server: Server) -> int:
    return int(server.url.rsplit(":", 1)[1])


def token(html: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', html)
    assert found, "no token on the page"
    return found.group(1)


def notes_of(db: Path, character_id: int) -> str:
    with sqlite3.connect(db) as conn:
        (notes,) = conn.execute("select notes from character where id = ?", (character_id,)).fetchone()
    return str(notes or "")


@pytest.fixture(scope="module")
def league(campaign_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The pages' store and a second campaign whose name holds a ``/``, with one character (id 9)."""
    db = tmp_path_factory.mktemp("safety") / "league.db"
    db.write_bytes(campaign_db.read_bytes())
    lifepath("campaign", "new", SLASHED, "--ruleset", "nowhere-yet", db=db)
    lifepath("generate", "--count", "1", "--seed", "5", "--campaign", SLASHED, db=db)
    return db


@pytest.fixture(scope="module")
def served(league: Path) -> Iterator[Server]:
    """``serve --campaign Rim/Coreward --allow-edit`` on loopback."""
    yield from start_server(league, "--allow-edit", "--campaign", SLASHED)


def test_a_foreign_host_is_refused_and_the_own_names_are_not(served: Server):
    port = port_of(served)
    for foreign in (f"evil.example:{port}", "evil.example", f"127.0.0.1:{port + 1}", "", "[::1"):
        status, headers, body = request(port, "GET", "/", host=foreign)
        assert status == 400, foreign
        assert "Wrong address" in body and headers["x-frame-options"] == "DENY"
    for own in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", f"LocalHost:{port}"):
        assert request(port, "GET", "/", host=own)[0] == 200, own


def test_the_security_headers_are_on_every_answer(served: Server):
    port = port_of(served)
    for path, expected in (("/", 200), (f"/characters/{MINE}", 200), ("/characters/1", 404), ("/nope", 404)):
        status, headers, _ = request(port, "GET", path)
        assert status == expected, path
        policy = headers["content-security-policy"]
        assert "default-src 'none'" in policy and "frame-ancestors 'none'" in policy and "script-src" not in policy
        assert {k: headers[k] for k in SECURITY_HEADERS} == SECURITY_HEADERS


def test_a_cross_origin_post_is_refused_even_with_the_token(served: Server):
    port = port_of(served)
    page = request(port, "GET", f"/characters/{MINE}")[2]
    form = {"csrf": token(page), "notes": "forged by another site"}
    for foreign in (
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        {"Origin": f"http://localhost:{port + 1}"},
        {"Referer": "http://evil.example/page.html"},
    ):
        status, _, body = request(port, "POST", f"/characters/{MINE}/notes", body=form, headers=foreign)
        assert status == 403 and "another site" in body, foreign
    assert notes_of(served.db, MINE) == ""
    status, headers, _ = request(
        port,
        "POST",
        f"/characters/{MINE}/notes",
        body={**form, "notes": "ours"},
        headers={"Origin": f"http://localhost:{port}"},
    )
    assert (status, headers["location"]) == (303, f"/characters/{MINE}#h-notes")
    assert notes_of(served.db, MINE) == "ours"


def test_writes_outside_the_served_campaign_are_404(served: Server):
    port = port_of(served)
    csrf = token(request(port, "GET", f"/characters/{MINE}")[2])
    before = lifepath("roster", "--json", db=served.db).stdout
    for action, fields in (
        ("edit", {"name": "Mallory", "status": "dead", "player": "Eve"}),
        ("notes", {"notes": "x"}),
        ("verify", {}),
    ):
        status, _, body = request(port, "POST", f"/characters/1/{action}", body={"csrf": csrf, **fields})
        assert status == 404 and "no character 1 here" in body, action
    assert lifepath("roster", "--json", db=served.db).stdout == before
    assert request(port, "GET", "/characters/1")[0] == 404


def test_ids_out_of_range_are_404_not_500(served: Server):
    port = port_of(served)
    csrf = token(request(port, "GET", f"/characters/{MINE}")[2])
    for big in (2**63 - 1, 2**63, 2**64, 10**40):
        assert request(port, "GET", f"/characters/{big}")[0] == 404, big
        assert request(port, "POST", f"/characters/{big}/edit", body={"csrf": csrf, "name": "X"})[0] == 404, big
    status, _, body = request(port, "GET", "/characters/18446744073709551616")
    assert status == 404 and str(served.db) not in body


def odds_report(port: int, path: str) -> tuple[int, str]:
    """The odds page once worked out: follows the "being worked out" page as its meta refresh would."""
    for _ in range(600):
        status, _, body = request(port, "GET", path)
        if status != 202:
            return status, body
        assert 'http-equiv="refresh"' in body and "being worked out" in body
        time.sleep(0.2)  # the page's own refresh, shortened; not a timing assertion
    pytest.fail(f"the odds at {path} were never worked out")


def test_a_campaign_named_with_a_slash_opens_its_roster_and_odds(served: Server):
    port = port_of(served)
    status, _, home = request(port, "GET", "/")
    assert status == 200 and f'href="{SLASHED_PATH}"' in home
    status, _, roster = request(port, "GET", SLASHED_PATH)
    assert status == 200 and f'href="/characters/{MINE}"' in roster and f'href="{SLASHED_PATH}/odds"' in roster
    status, odds = odds_report(port, SLASHED_PATH + "/odds?count=10")
    assert status == 200 and "10 characters of nowhere-yet" in odds
    assert request(port, "GET", "/campaigns/" + urllib.parse.quote(CAMPAIGN, safe=""))[0] == 404  # not served


def test_odds_in_flight_do_not_hold_up_a_character_page(served: Server):
    port = port_of(served)
    # a count above the page's default answers at once and is worked out in the background
    status, _, body = request(port, "GET", SLASHED_PATH + "/odds?count=5000")
    assert status == 202 and "being worked out" in body and f"Odds for {SLASHED}" in body
    status, _, page = request(port, "GET", f"/characters/{MINE}")
    assert status == 200 and "<h1>" in page
    # the 5,000 characters (seconds of work) are still being made after the page was served
    status, _, again = request(port, "GET", SLASHED_PATH + "/odds?count=5000")
    assert status == 202 and "made so far" in again


def test_a_busy_sqlite_file_is_a_503_page_and_the_other_pages_go_on(served: Server):
    port = port_of(served)
    csrf = token(request(port, "GET", f"/characters/{MINE}")[2])
    other = sqlite3.connect(served.db, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        other.execute("update character set player = 'lock' where id = 2")
        status, headers, body = request(port, "POST", f"/characters/{MINE}/notes", body={"csrf": csrf, "notes": "late"})
        assert status == 503 and "The roster is busy" in body and headers["retry-after"] == "5"
        assert str(served.db) not in body and "Traceback" not in body
        assert request(port, "GET", f"/characters/{MINE}")[0] == 200  # a reader is not held up by the writer
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert notes_of(served.db, MINE) != "late"


@pytest.fixture(scope="module")
def lan(league: Path) -> Iterator[tuple[int, str, str]]:
    """``serve --host 0.0.0.0 --port 0 --allow-edit``: its port, join secret and what it printed."""
    pytest.importorskip("uvicorn", reason="needed in CI: the web tests need the extra 'web' (uvicorn)")
    process = subprocess.Popen(
        [LIFEPATH, "serve", "--host", "0.0.0.0", "--port", "0", "--allow-edit", "--db", str(league)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ},
    )
    printed = []
    try:
        assert process.stdout is not None
        for line in process.stdout:  # the three lines come before the server answers
            printed.append(line)
            if "/join/" in line or "Traceback" in line:
                break
        text = "".join(printed)
        found = re.search(r"serving every campaign on http://\S+:(\d+)/ \(editable\)", text)
        secret = re.search(r"/join/(\S+)", text)
        assert found and secret, text
        yield int(found.group(1)), secret.group(1), text
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_port_0_says_the_port_and_beyond_loopback_warns(lan: tuple[int, str, str]):
    port, _, printed = lan
    assert 0 < port < 65536
    assert "WARNING: listening on 0.0.0.0, beyond this machine" in printed and "docs/security.md" in printed


def test_beyond_loopback_with_edits_only_the_join_link_gets_in(lan: tuple[int, str, str]):
    port, secret, _ = lan
    name = f"{socket.gethostname().lower()}:{port}"  # the machine's own name is one it answers to
    status, _, body = request(port, "GET", "/", host=name)
    assert status == 403 and "join link" in body
    assert request(port, "GET", "/", host=f"evil.example:{port}")[0] == 400
    assert request(port, "GET", "/join/not-the-secret", host=name)[0] == 403
    status, headers, _ = request(port, "GET", f"/join/{secret}", host=name)
    assert status == 303 and headers["location"] == "/"
    cookie = headers["set-cookie"]
    assert f"lifepath_join_{port}={secret}" in cookie
    assert "httponly" in cookie.lower() and "samesite=strict" in cookie.lower()
    joined = {"Cookie": f"lifepath_join_{port}={secret}"}
    status, _, page = request(port, "GET", "/characters/2", host=name, headers=joined)
    assert status == 200
    status, _, _ = request(
        port, "POST", "/characters/2/notes", host=name, headers=joined, body={"csrf": token(page), "notes": "joined"}
    )
    assert status == 303
    assert request(port, "GET", "/characters/2", host=name, headers={"Cookie": f"lifepath_join_{port}=guess"})[0] == 403


def test_a_port_in_use_is_one_paragraph(league: Path):
    pytest.importorskip("uvicorn", reason="needed in CI: the web tests need the extra 'web' (uvicorn)")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = lifepath("serve", "--port", str(port), db=league, check=False)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and f"the port {port} is already in use" in done.stderr
    assert "serving" not in done.stderr and "Traceback" not in done.stderr


def spawned_workers(pid: int) -> list[int]:
    """The worker processes ``pid`` spawned (multiprocessing's ``spawn_main``), read from /proc."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [int(c) for c in children if b"spawn_main" in Path(f"/proc/{c}/cmdline").read_bytes()]


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads worker processes from Linux's /proc")
def test_serve_in_two_workers_shares_one_token_and_one_policy(league: Path):
    gen = start_server(league, "--workers", "2", "--allow-edit", "--campaign", SLASHED)
    server = next(gen)
    try:
        port = port_of(server)
        for _ in range(300):  # the supervisor starts its workers once the socket is bound
            if len(spawned_workers(server.process.pid)) == 2 and request(port, "GET", "/")[0] == 200:
                break
            time.sleep(0.1)
        workers = spawned_workers(server.process.pid)
        assert len(workers) == 2
        # each connection may reach either worker: the pages carry one token, and a write with it lands
        pages = [request(port, "GET", f"/characters/{MINE}")[2] for _ in range(12)]
        assert len({token(page) for page in pages}) == 1
        for n in range(6):
            status, _, _ = request(
                port, "POST", f"/characters/{MINE}/notes", body={"csrf": token(pages[0]), "notes": f"take {n}"}
            )
            assert status == 303
        assert notes_of(server.db, MINE) == "take 5"
        # and every worker keeps the Host check and the campaign's scope
        assert {request(port, "GET", "/", host="evil.example")[0] for _ in range(6)} == {400}
        assert {request(port, "GET", "/characters/1")[0] for _ in range(6)} == {404}
    finally:
        gen.close()
    assert not [w for w in workers if Path(f"/proc/{w}").exists()], "the workers outlived the server"
