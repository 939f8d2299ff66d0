"""``lifepath serve`` over plain HTTP (no browser): pages, server-side filtering and sorting, CSRF refusal,
read-only refusal, edits with the token, and names shown as text on every page."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import CAMPAIGN, EVIL_SHOWN, Server, lifepath, start_server
from .test_sheet_cmd import parse

ROSTER = "/campaigns/" + urllib.parse.quote(CAMPAIGN, safe="")


def get(server: Server, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(server.url + path, timeout=120) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def post(server: Server, path: str, fields: dict[str, str]) -> tuple[int, str]:
    data = urllib.parse.urlencode(fields).encode()
    try:
        with urllib.request.urlopen(urllib.request.Request(server.url + path, data=data), timeout=120) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def token(html: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', html)
    assert found, "no token on the page"
    return found.group(1)


def names_in_roster(html: str) -> list[str]:
    return [urllib.parse.unquote(m) for m in re.findall(r'<th scope="row"><a href="/characters/(\d+)">', html)]


def test_the_campaigns_page_lists_the_campaign_and_its_house_rules(server: Server):
    status, html = get(server, "/")
    assert status == 200
    assert "Spinward &lt;Main&gt;" in html and "<h3>House rules</h3>" in html
    assert "<dt>max_terms</dt><dd>5 <em>(set by the campaign)</em></dd>" in html
    assert '<dt>survival_failure</dt><dd>mishap <span class="sub">(default)</span></dd>' in html
    assert f'href="{ROSTER}"' in html


def test_the_roster_filters_and_sorts_on_the_server(server: Server):
    _, every = get(server, ROSTER)
    assert names_in_roster(every) == [str(i) for i in range(1, 9)]
    _, dead = get(server, ROSTER + "?status=dead")
    assert names_in_roster(dead) == ["5"]
    _, by_age = get(server, ROSTER + "?sort=age&order=desc")
    ages = [int(a) for a in re.findall(r'<td class="numeric">(\d+)</td>\s*<td>[^<]*</td>\s*<td>\w+</td>', by_age)]
    assert ages == sorted(ages, reverse=True) and len(ages) == 8
    _, young = get(server, ROSTER + "?age_max=25")
    assert 0 < len(names_in_roster(young)) < 8
    _, evil = get(server, ROSTER + "?q=" + urllib.parse.quote("evil"))
    assert names_in_roster(evil) == ["3"]


def test_a_post_without_the_token_is_refused(server: Server):
    assert post(server, "/characters/1/verify", {})[0] == 403
    assert post(server, "/characters/1/verify", {"csrf": "guess"})[0] == 403
    status, _ = post(server, "/characters/1/edit", {"name": "Mallory"})
    assert status == 403
    assert lifepath("roster", "--json", db=server.db).stdout.count("Mallory") == 0


def test_a_read_only_server_refuses_edits_even_with_the_token(server: Server):
    _, html = get(server, "/characters/1")
    assert 'action="/characters/1/edit"' not in html
    status, body = post(server, "/characters/1/edit", {"csrf": token(html), "name": "Mallory"})
    assert status == 403 and "read-only" in body


def test_verify_with_the_token_reports_identical(server: Server):
    _, html = get(server, "/characters/2")
    status, body = post(server, "/characters/2/verify", {"csrf": token(html)})
    assert status == 200
    assert '<div class="verdict identical"' in body


@pytest.fixture
def editable(campaign_db: Path, tmp_path: Path) -> Iterator[Server]:
    copy = tmp_path / "edit.db"
    copy.write_bytes(campaign_db.read_bytes())
    yield from start_server(copy, "--allow-edit", "--campaign", CAMPAIGN)


def test_with_allow_edit_a_form_with_the_token_renames_and_sets_status(editable: Server):
    _, html = get(editable, "/characters/4")
    fields = {"csrf": token(html), "name": "Renamed <i>", "status": "retired", "player": "Ann"}
    status, body = post(editable, "/characters/4/edit", fields)
    assert status == 200 and "<h1>Renamed &lt;i&gt;</h1>" in body  # followed the redirect back to the page
    row = next(r for r in json.loads(lifepath("roster", "--json", db=editable.db).stdout) if r["id"] == 4)
    assert (row["name"], row["status"], row["player"]) == ("Renamed <i>", "retired", "Ann")
    # a renamed character still verifies (the store keeps the name it was made with)
    _, body = post(editable, "/characters/4/verify", {"csrf": token(body)})
    assert '<div class="verdict identical"' in body


@pytest.mark.parametrize("path", ["/", ROSTER, "/characters/3", ROSTER + "/odds?count=20"])
def test_a_name_with_html_quotes_and_escapes_is_text_on_every_page(server: Server, path: str):
    status, html = get(server, path)
    assert status == 200
    assert "\x1b" not in html and "<script>" not in html and "<b>Evil" not in html
    page = parse(html)
    assert "script" not in page.tags
    if path not in ("/", ROSTER + "/odds?count=20"):
        assert EVIL_SHOWN in "".join(page.text)


def test_the_odds_page_counts_characters_under_the_campaigns_rules(server: Server):
    status, html = get(server, ROSTER + "/odds?count=20")
    assert status == 200
    assert "20 characters of nowhere-yet" in html
    assert '<th scope="col">Career</th>' in html
    # the same figures `lifepath odds` gives under the campaign's rule (max_terms=5)
    cli = json.loads(
        lifepath("odds", "--count", "20", "--seed", "1", "--rule", "max_terms=5", "--json", db=server.db).stdout
    )["runs"][0]["summary"]
    shown = dict(re.findall(r'<tr><th scope="row">([^<]+)</th><td class="numeric">([^<]+)</td></tr>', html))
    assert shown["mean terms"] == f"{cli['mean_terms']:,.2f}"
    assert shown["mean age"] == f"{cli['mean_age']:,.2f}"


def test_pages_fetch_nothing_from_elsewhere(server: Server):
    with urllib.request.urlopen(server.url + "/characters/1", timeout=120) as r:
        policy = r.headers["Content-Security-Policy"]
        r.read()
    assert "default-src 'none'" in policy and "script-src" not in policy
    for path in ("/", ROSTER, "/characters/1"):
        links = parse(get(server, path)[1]).links
        assert links and not [u for u in links if not u.startswith(("/", "#", "?"))], path


def test_unknown_pages_are_404(server: Server):
    assert get(server, "/characters/999")[0] == 404
    assert get(server, "/campaigns/Nope")[0] == 404


def test_serve_names_an_unknown_campaign_and_the_missing_extra(campaign_db: Path):
    done = lifepath("serve", "--campaign", "Nope", db=campaign_db, check=False)
    assert done.returncode == 2 and "Nope" in done.stderr and "Traceback" not in done.stderr
    # the same command where Starlette cannot be imported, as without the extra "web"
    probe = (
        "import sys; sys.modules['starlette'] = None; sys.argv = ['lifepath', 'serve']; "
        "from lifepath.cli.main import run; run()"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "LIFEPATH_DB": str(campaign_db)},
    )
    assert done.returncode == 2
    assert "pip install 'lifepath[web]'" in done.stderr and len(done.stderr.strip().splitlines()) == 1


@pytest.fixture
def unknown_ruleset(campaign_db: Path, tmp_path: Path) -> Iterator[Server]:
    """A copy of the store where character 6 says it was made under a ruleset nobody installed."""
    import sqlite3

    copy = tmp_path / "unknown.db"
    copy.write_bytes(campaign_db.read_bytes())
    with sqlite3.connect(copy) as db:
        (text,) = db.execute("select document from character where id = 6").fetchone()
        doc = json.loads(text)
        doc["provenance"]["ruleset"]["id"] = "not-installed"
        db.execute("update character set document = ?, ruleset = 'not-installed' where id = 6", (json.dumps(doc),))
    yield from start_server(copy)


def test_a_character_of_a_missing_ruleset_is_a_message_not_a_crash(unknown_ruleset: Server):
    status, html = get(unknown_ruleset, "/characters/6")
    assert status == 409 and "not-installed" in html and "Traceback" not in html
    assert get(unknown_ruleset, "/characters/1")[0] == 200


EVIL_NOTES = 'Owes <b>Marc</b> & "Ann"\n\x1b[2J<script>alert(1)</script>'


def test_notes_need_the_token_and_are_shown_as_text(editable: Server):
    _, html = get(editable, "/characters/6")
    assert 'action="/characters/6/notes"' in html and "No notes." in html
    assert post(editable, "/characters/6/notes", {"notes": "forged"})[0] == 403
    assert post(editable, "/characters/6/notes", {"csrf": "guess", "notes": "forged"})[0] == 403
    assert "forged" not in get(editable, "/characters/6")[1]
    status, body = post(editable, "/characters/6/notes", {"csrf": token(html), "notes": EVIL_NOTES})
    assert status == 200  # followed the redirect back to the page
    assert "\x1b" not in body and "<script>" not in body and "<b>Marc" not in body
    assert '<div class="notes" id="notes">Owes &lt;b&gt;Marc&lt;/b&gt; &amp; &#34;Ann&#34;\n\\u001b[2J' in body
    assert "script" not in parse(body).tags
    row = next(r for r in json.loads(lifepath("roster", "--json", db=editable.db).stdout) if r["id"] == 6)
    assert row["notes"] == EVIL_NOTES
    # the notes are not in the document: the character still verifies
    assert '<div class="verdict identical"' in post(editable, "/characters/6/verify", {"csrf": token(body)})[1]
    # over the limit: refused, nothing changed
    status, body = post(editable, "/characters/6/notes", {"csrf": token(body), "notes": "x" * 10_001})
    assert status == 400 and "more than the 10,000" in body
    assert json.loads(lifepath("show", "6", "--json", db=editable.db).stdout)  # still readable
    assert (
        next(r for r in json.loads(lifepath("roster", "--json", db=editable.db).stdout) if r["id"] == 6)["notes"]
        == EVIL_NOTES
    )


def test_a_read_only_server_shows_notes_but_refuses_to_change_them(campaign_db: Path, tmp_path: Path):
    copy = tmp_path / "notes.db"
    copy.write_bytes(campaign_db.read_bytes())
    lifepath("note", "2", "Kept <i>here</i>", db=copy)
    for running in start_server(copy):
        _, html = get(running, "/characters/2")
        assert "Kept &lt;i&gt;here&lt;/i&gt;" in html and 'action="/characters/2/notes"' not in html
        status, _ = post(running, "/characters/2/notes", {"csrf": token(html), "notes": "changed"})
        assert status == 403
    assert "Kept <i>here</i>" in lifepath("show", "2", db=copy).stdout


def test_the_odds_page_draws_accessible_charts_beside_its_table(server: Server):
    status, html = get(server, ROSTER + "/odds?count=20")
    assert status == 200
    assert '<th scope="col">Career</th>' in html  # the table stays
    charts = re.findall(
        r'<figure class="chart" id="(chart-[a-z]+)">\s*<svg [^>]*role="img" '
        r'aria-labelledby="(\1-title \1-desc)"',
        html,
    )
    assert [c for c, _ in charts] == ["chart-qualification", "chart-mishaps", "chart-terms"]
    for chart_id, _ in charts:
        assert f'<title id="{chart_id}-title">' in html and f'<desc id="{chart_id}-desc">' in html
    assert html.count("<figcaption>") == 3 and "<script" not in html
    # each bar is as long as the table's figure says: qualification rates on a 300-unit scale
    cli = json.loads(
        lifepath("odds", "--count", "20", "--seed", "1", "--rule", "max_terms=5", "--json", db=server.db).stdout
    )["runs"][0]["careers"]
    figure = html.split('id="chart-qualification"')[1].split("</figure>")[0]
    bars = re.findall(
        r'<title>([^<]+): ([^<]+)</title>\s*<text[^>]*>[^<]*</text>\s*<rect [^>]*width="([\d.]+)"', figure
    )
    assert len(bars) == len(cli)
    for (label, text, width), career in zip(bars, cli, strict=True):
        rate = (career.get("qualification") or {}).get("rate")
        assert label == career["career"]
        assert float(width) == (0.0 if rate is None else round(300 * rate, 1))
        assert text == ("-" if rate is None else f"{100 * rate:.1f}%")


def test_the_roster_shows_the_rulesets_own_columns_read_from_each_sheet(server: Server):
    """Nowhere Yet adds Cash and Debt after the shared columns: on the page (not sort links: they are read
    from the documents shown), in the terminal and in the JSON, each the sheet's own figures."""
    lines = lifepath("export", "--campaign", CAMPAIGN, db=server.db).stdout.splitlines()
    sheets = {(entry := json.loads(line))["id"]: entry["character"]["sheet"] for line in lines[1:]}
    expected = {i: (s["credits"], sum(d["amount"] for d in s["debts"])) for i, s in sheets.items()}
    assert len(expected) == 8 and any(debt for _, debt in expected.values())

    _, html = get(server, ROSTER)
    headers = re.findall(r'<th scope="col"[^>]*>\s*(.*?)\s*</th>', html, re.S)
    assert [re.sub(r"<[^>]+>|[▲▼ ]", "", h) for h in headers][-3:] == ["Status", "Cash", "Debt"]
    assert "<a " in headers[-3] and "<a " not in headers[-2] and "<a " not in headers[-1]
    assert "sort=status" in html and "sort=cash" not in html and "sort=debt" not in html
    cells = re.findall(
        r'<a href="/characters/(\d+)">.*?<td class="numeric">(\d+)</td>\s*<td class="numeric">(\d+)</td>\s*</tr>',
        html,
        re.S,
    )
    assert {int(i): (int(c), int(d)) for i, c, d in cells} == expected

    rows = json.loads(lifepath("roster", CAMPAIGN, "--json", db=server.db).stdout)
    assert {r["id"]: (r["extra"]["cash"], r["extra"]["debt"]) for r in rows} == expected
    table = lifepath("roster", CAMPAIGN, db=server.db).stdout.splitlines()
    assert table[0].split()[-3:] == ["status", "cash", "debt"]
    assert {int(line.split()[0]): tuple(map(int, line.split()[-2:])) for line in table[1:9]} == expected
    every = lifepath("roster", db=server.db).stdout.splitlines()[0].split()
    assert every[-1] == "status", "a roster of every campaign (several rulesets) shows the shared columns only"
