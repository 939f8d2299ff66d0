"""``lifepath export --campaign NAME --format site --out DIR``: plain files with relative links."""

from __future__ import annotations

import re
from pathlib import Path

from .conftest import CAMPAIGN, EVIL_SHOWN, lifepath
from .test_sheet_cmd import parse


def test_the_site_has_the_roster_and_every_character_with_relative_links(campaign_db: Path, tmp_path: Path):
    out = tmp_path / "site"
    done = lifepath("export", "--campaign", CAMPAIGN, "--format", "site", "--out", str(out), db=campaign_db)
    assert "wrote 10 page(s)" in done.stderr
    names = sorted(p.name for p in out.iterdir())
    pages = [f"character-{i}.html" for i in range(1, 9)]
    assert names == sorted([".lifepath-site", "index.html", "roster.html", *pages])
    for page in out.glob("*.html"):
        html = page.read_text(encoding="utf-8")
        links = parse(html).links
        for link in links:
            assert not link.startswith(("/", "http:", "https:")), (page.name, link)
            if not link.startswith("#"):
                assert (out / link).exists(), (page.name, link)
        assert "<form" not in html and "\x1b" not in html and "<script>" not in html
    assert EVIL_SHOWN in "".join(parse((out / "character-3.html").read_text()).text)
    assert EVIL_SHOWN in "".join(parse((out / "roster.html").read_text()).text)
    assert len(re.findall(r'href="character-\d+.html"', (out / "roster.html").read_text())) == 8


def test_the_site_replaces_its_own_folder_but_not_another(campaign_db: Path, tmp_path: Path):
    out = tmp_path / "site"
    lifepath("export", "--campaign", CAMPAIGN, "--format", "site", "--out", str(out), db=campaign_db)
    (out / "stale.html").write_text("old")
    lifepath("export", "--campaign", CAMPAIGN, "--format", "site", "--out", str(out), db=campaign_db)
    assert not (out / "stale.html").exists()
    other = tmp_path / "mine"
    other.mkdir()
    (other / "notes.txt").write_text("keep")
    done = lifepath("export", "--campaign", CAMPAIGN, "--format", "site", "--out", str(other), db=campaign_db,
                    check=False)
    assert done.returncode == 2 and "not a site lifepath wrote" in done.stderr
    assert sorted(p.name for p in other.iterdir()) == ["notes.txt"]
    done = lifepath("export", "--format", "site", "--out", str(tmp_path / "x"), db=campaign_db, check=False)
    assert done.returncode == 2 and "whole campaign" in done.stderr


def test_the_site_leaves_out_the_referees_notes(campaign_db: Path, tmp_path: Path):
    db = tmp_path / "notes.db"
    db.write_bytes(campaign_db.read_bytes())
    lifepath("note", "2", "Secret: the patron is a Zhodani agent", db=db)
    out = tmp_path / "site"
    lifepath("export", "--campaign", CAMPAIGN, "--format", "site", "--out", str(out), db=db)
    html = (out / "character-2.html").read_text(encoding="utf-8")
    assert "Zhodani" not in html and 'id="h-notes"' not in html
    assert "Provenance" in html  # the page itself is there
