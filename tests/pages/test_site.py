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
    roster = (out / "roster.html").read_text()
    assert len(re.findall(r'href="character-\d+.html"', roster)) == 8
    headers = [h.strip() for h in re.findall(r'<th scope="col"[^>]*>(.*?)</th>', roster, re.S)]
    assert headers[-3:] == ["Status", "Cash", "Debt"], "Nowhere Yet's own columns, as on the served page"
    assert len(re.findall(r'<td class="numeric">\d+</td>\s*<td class="numeric">\d+</td>\s*</tr>', roster)) == 8


def test_a_re_export_replaces_only_its_own_files(campaign_db: Path, tmp_path: Path):
    """The referee's ``.git``, ``CNAME`` and own page stay; a page of a character deleted since goes; a page
    of lifepath's name that lifepath did not write is refused before anything is written."""
    db = tmp_path / "league.db"
    db.write_bytes(campaign_db.read_bytes())
    out = tmp_path / "site"
    lifepath("export", "--campaign", CAMPAIGN, "--format", "site", "--out", str(out), db=db)
    manifest = (out / ".lifepath-site").read_text().splitlines()[1:]
    assert manifest == sorted(["index.html", "roster.html", *(f"character-{i}.html" for i in range(1, 9))])
    (out / ".git").mkdir()
    (out / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (out / "CNAME").write_text("league.example\n")
    (out / "house-rules.html").write_text("the referee's own page")
    (out / ".index.html.abcd1234.part").write_text("left by a killed export")
    from lifepath.store import open_store
    from lifepath.testing import create_character

    with open_store(str(db), warn=lambda _t: None) as store:
        store.delete_character(8)
        store.rename(2, "Renamed Since")
    done = lifepath("export", "--campaign", CAMPAIGN, "--format", "site", "--out", str(out), db=db)
    assert "wrote 9 page(s)" in done.stderr
    assert (out / ".git" / "HEAD").read_text() == "ref: refs/heads/main\n"
    assert (out / "CNAME").read_text() == "league.example\n"
    assert (out / "house-rules.html").read_text() == "the referee's own page"
    assert not (out / "character-8.html").exists() and not (out / ".index.html.abcd1234.part").exists()
    assert "Renamed Since" in (out / "character-2.html").read_text()
    assert "character-8.html" not in (out / ".lifepath-site").read_text()
    assert not [p for p in out.iterdir() if p.name.endswith(".part")]
    with open_store(str(db), warn=lambda _t: None) as store:
        added = store.add_character(
            CAMPAIGN, create_character(store.registry, "nowhere-yet", seed=3, rules={"max_terms": 5})
        )
    (out / f"character-{added}.html").write_text("mine")  # not lifepath's, and the new character's page name
    before = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}
    done = lifepath("export", "--campaign", CAMPAIGN, "--format", "site", "--out", str(out), db=db, check=False)
    assert done.returncode == 2 and f"character-{added}.html, which lifepath did not write" in done.stderr
    assert {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()} == before


def test_the_site_replaces_its_own_folder_but_not_another(campaign_db: Path, tmp_path: Path):
    out = tmp_path / "site"
    lifepath("export", "--campaign", CAMPAIGN, "--format", "site", "--out", str(out), db=campaign_db)
    (out / "stale.html").write_text("old")
    lifepath("export", "--campaign", CAMPAIGN, "--format", "site", "--out", str(out), db=campaign_db)
    assert (out / "stale.html").read_text() == "old"  # not lifepath's: kept
    other = tmp_path / "mine"
    other.mkdir()
    (other / "notes.txt").write_text("keep")
    done = lifepath(
        "export", "--campaign", CAMPAIGN, "--format", "site", "--out", str(other), db=campaign_db, check=False
    )
    assert done.returncode == 2 and "not a site lifepath wrote" in done.stderr
    assert sorted(p.name for p in other.iterdir()) == ["notes.txt"]
    done = lifepath("export", "--format", "site", "--out", str(tmp_path / "x"), db=campaign_db, check=False)
    assert done.returncode == 2 and "whole campaign" in done.stderr


def test_an_older_lifepaths_site_is_taken_over_by_its_page_names(campaign_db: Path, tmp_path: Path):
    """A marker without a list (an older lifepath's): its pages' names count as lifepath's, nothing else."""
    out = tmp_path / "site"
    out.mkdir()
    (out / ".lifepath-site").write_text("written by `lifepath export --format site`\n")
    (out / "character-99.html").write_text("an old page")
    (out / "notes.txt").write_text("keep")
    lifepath("export", "--campaign", CAMPAIGN, "--format", "site", "--out", str(out), db=campaign_db)
    assert not (out / "character-99.html").exists() and (out / "notes.txt").read_text() == "keep"
    assert (out / "character-1.html").exists()


def test_the_roster_is_paged_with_links_between_the_pages(campaign_db: Path, tmp_path: Path):
    """Pages of PER_PAGE characters (3 here, set through the module for the test's sake): roster.html,
    roster-2.html, roster-3.html, each linking to the next and the previous."""
    import os
    import subprocess
    import sys

    out = tmp_path / "site"
    code = (
        "import sys, lifepath.web.site as s; s.PER_PAGE = 3; from pathlib import Path; "
        "from lifepath.store import open_store\n"
        "with open_store(sys.argv[1]) as st: print(s.write_site(st, sys.argv[2], Path(sys.argv[3])))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(campaign_db), CAMPAIGN, str(out)],
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "LIFEPATH_DB"},
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "12"
    pages = ["roster.html", "roster-2.html", "roster-3.html"]
    assert sorted(p.name for p in out.glob("roster*.html")) == sorted(pages)
    ids = []
    for number, name in enumerate(pages, 1):
        html = (out / name).read_text()
        ids += re.findall(r'href="character-(\d+).html"', html)
        previous = f'rel="prev" href="{pages[number - 2]}"' if number > 1 else 'rel="prev"'
        following = f'rel="next" href="{pages[number]}"' if number < 3 else 'rel="next"'
        assert (previous in html) == (number > 1) and (following in html) == (number < 3)
        assert f"Page {number} of 3" in html
    assert ids == [str(i) for i in range(1, 9)]


def test_the_site_leaves_out_the_referees_notes(campaign_db: Path, tmp_path: Path):
    db = tmp_path / "notes.db"
    db.write_bytes(campaign_db.read_bytes())
    lifepath("note", "2", "Secret: the patron is a Zhodani agent", db=db)
    out = tmp_path / "site"
    lifepath("export", "--campaign", CAMPAIGN, "--format", "site", "--out", str(out), db=db)
    html = (out / "character-2.html").read_text(encoding="utf-8")
    assert "Zhodani" not in html and 'id="h-notes"' not in html
    assert "Provenance" in html  # the page itself is there
