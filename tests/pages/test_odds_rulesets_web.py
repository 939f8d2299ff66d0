"""The web odds page of a D6 pool campaign: the ruleset's own outcomes and the per-option tables, with the
figures of the same characters as ``generate --campaign`` makes them (the page's batch seed is 1), and a
species name holding HTML (from a content folder of the campaign's) shown as text in every table."""

from __future__ import annotations

import html as htmllib
import json
import re
import urllib.parse
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from tests.in_process import run_in_process

from .conftest import Server, start_server
from .test_web import get

CAMPAIGN = "Pool <b>&"
EVIL = '<i>Evil</i> & "Kin"'
COUNT = 20
MANIFEST = {
    "$schema": "https://lifepath.example/schemas/content-manifest.schema.json",
    "name": "evil-kin",
    "version": "1.0.0",
    "description": "A species whose name holds HTML.",
    "ruleset": "d6-pool",
    "species": ["species.json"],
}
SPECIES = {
    "$schema": "https://lifepath.example/schemas/d6-pool.species.schema.json",
    "description": "A test species whose name holds HTML.",
    "species": [
        {
            "id": "evil-kin",
            "name": EVIL,
            "creation_points": 80,
            "disadvantage_limit": 10,
            "traits": [],
            "weight": 8.0,
            "summary": "Human in all but name.",
        }
    ],
}


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, list[dict[str, Any]]]]:
    """A served store with a D6 pool campaign that uses the content folder, and the sheets of the
    characters 0 to COUNT - 1 of batch seed 1 under it."""
    tmp = tmp_path_factory.mktemp("pool-odds")
    folder = tmp / "evil"
    folder.mkdir()
    (folder / "manifest.json").write_text(json.dumps(MANIFEST), encoding="utf-8")
    (folder / "species.json").write_text(json.dumps(SPECIES), encoding="utf-8")
    db = tmp / "pool.db"

    def setup(*args: str) -> str:  # set-up steps, in-process (tests/in_process.py); the server is the real one
        done = run_in_process(tmp / "home", *args, db=str(db))
        assert done.returncode == 0, done.stderr
        return done.stdout

    setup("campaign", "new", CAMPAIGN, "--ruleset", "d6-pool")
    setup("campaign", "add-content", CAMPAIGN, str(folder))
    setup("generate", "--count", str(COUNT), "--seed", "1", "--campaign", CAMPAIGN)
    lines = setup("export", "--campaign", CAMPAIGN).splitlines()[1:]
    sheets = [json.loads(line)["character"]["sheet"] for line in lines]
    for server in start_server(db):
        yield server, sheets


def section(page: str, heading_id: str) -> str:
    return page.split(f'id="{heading_id}"', 1)[1].split("</table>", 1)[0]


def cells(row: str) -> list[str]:
    return [htmllib.unescape(c) for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)]


def rows(table: str) -> list[list[str]]:
    return [cells(r) for r in re.findall(r"<tr>(.*?)</tr>", table, re.S)]


def die_code(pips: float) -> str:
    def code(p: int) -> str:
        return f"{p // 3}D" + (f"+{p % 3}" if p % 3 else "")

    return f"{code(round(pips))} ({pips:.2f} pips)"


def test_the_odds_page_of_a_d6_pool_campaign_shows_its_outcomes_and_a_table_per_class(pool) -> None:
    server, sheets = pool
    status, page = get(server, f"/campaigns/{urllib.parse.quote(CAMPAIGN, safe='')}/odds?count={COUNT}")
    assert status == 200, page
    assert f"{COUNT} characters of d6-pool" in page
    assert "<i>Evil" not in page and "<b>&" not in page
    assert "&lt;i&gt;Evil&lt;/i&gt; &amp; &#34;Kin&#34;" in page

    classes = sorted(Counter(s["extra"]["class"] for s in sheets).items(), key=lambda c: (-c[1], c[0]))
    species = sorted(Counter(s["species"] for s in sheets).items(), key=lambda c: (-c[1], c[0]))
    assert EVIL in dict(species), "the content folder's species is among the characters"
    # the Class and Species tables: every label, its characters and share, commonest first
    for heading, expected in (("outcome-class", classes), ("outcome-species", species)):
        body = rows(section(page, heading))
        assert body[0][1:] == ["Characters", "Share"]
        assert [tuple(r) for r in body[1:]] == [(name, str(k), f"{100 * k / COUNT:.1f}%") for name, k in expected]

    # By Class: a column for each class, the characters of each, their mean attributes as die codes
    by_class = rows(section(page, "by-class"))
    assert by_class[0] == ["Class", *(name for name, _ in classes)]
    assert by_class[1] == ["characters", *(f"{k} ({100 * k / COUNT:.1f}%)" for _, k in classes)]
    table = {r[0]: r[1:] for r in by_class[2:]}
    for attribute in ("Agility", "Intellect"):
        assert table[attribute] == [
            die_code(sum(s["characteristics"][attribute] for s in sheets if s["extra"]["class"] == name) / k)
            for name, k in classes
        ]
    unspent = table["Points left unspent"]
    assert unspent == [
        f"{100 * sum(s['extra']['points']['left'] > 0 for s in sheets if s['extra']['class'] == n) / k:.1f}%"
        for n, k in classes
    ]
    species_of_class = table["Species (commonest)"]
    for (name, k), cell in zip(classes, species_of_class, strict=True):
        counts = Counter(s["species"] for s in sheets if s["extra"]["class"] == name)
        top = sorted(counts.items(), key=lambda c: (-c[1], c[0]))[:3]
        assert cell == "<br>".join(f"{label} {100 * n / k:.1f}%" for label, n in top)  # each line escaped

    # By Species: the evil name is a column heading, as text
    by_species = rows(section(page, "by-species"))
    assert by_species[0] == ["Species", *(name for name, _ in species)]
