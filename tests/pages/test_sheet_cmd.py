"""``lifepath sheet``: HTML and Markdown sheets of stored and exported characters, the PDF extra's message,
and names that hold HTML, quotes and ANSI escapes shown as text."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from .conftest import EVIL_NAME, EVIL_SHOWN, lifepath


class Text(HTMLParser):
    """The text and tags of a page, as a browser would parse them."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.links += [v or "" for k, v in attrs if k in ("href", "src")]

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse(html: str) -> Text:
    t = Text()
    t.feed(html)
    return t


def test_an_html_sheet_is_one_self_contained_file(campaign_db: Path, tmp_path: Path):
    out = tmp_path / "sheet.html"
    done = lifepath("sheet", "1", "--out", str(out), db=campaign_db)
    assert done.stdout == "" and f"wrote {out}" in done.stderr
    html = out.read_text(encoding="utf-8")
    page = parse(html)
    assert page.tags.count("style") == 1 and "link" not in page.tags and "script" not in page.tags
    assert not [u for u in page.links if u.startswith(("http:", "https:", "//"))]
    assert "@media print" in html and "@page" in html
    for title in ("Identity", "Characteristics", "Skills", "Careers", "Life story"):
        assert f">{title}</h2>" in html
    name = json.loads(lifepath("show", "1", "--json", db=campaign_db).stdout)["sheet"]["name"]
    assert f"<h1>{name}</h1>" in html


def test_a_sheet_of_an_export_file_and_of_stdin_are_the_same(campaign_db: Path, tmp_path: Path):
    export = lifepath("export", "2", db=campaign_db).stdout
    (tmp_path / "c.json").write_text(export, encoding="utf-8")
    from_file = lifepath("sheet", str(tmp_path / "c.json"), "--format", "md", db=campaign_db).stdout
    from_stdin = lifepath("sheet", "-", "--format", "md", db=campaign_db, input=export).stdout
    stored = lifepath("sheet", "2", "--format", "md", db=campaign_db).stdout
    # the stored character's sheet names its campaign (and player) under the name; an export does not know them
    assert from_file == from_stdin == stored.replace("*campaign: Spinward \\<Main\\>, ", "*")
    assert "*campaign: Spinward \\<Main\\>, Nowhere Yet" in stored
    assert from_file.startswith("# ")
    assert "## Characteristics" in from_file and "| Characteristic | Value | DM |" in from_file
    assert re.search(r"^1\. \*\*Origin:\*\* ", from_file, re.M)


def test_the_same_character_gives_the_same_sheet_byte_for_byte(tmp_path: Path):
    db = tmp_path / "x.db"
    made = lifepath("create", "--auto", "--seed", "7", "--json", db=db).stdout
    (tmp_path / "c.json").write_text(made)
    first = lifepath("sheet", str(tmp_path / "c.json"), db=db).stdout
    again = lifepath("sheet", str(tmp_path / "c.json"), db=db).stdout
    assert first == again
    # golden-ish: the parts a referee reads
    assert "<h1>Ksst Mound Xa&#39;kt</h1>" in first
    assert "<div><dt>UPP</dt><dd>387542</dd></div>" in first
    assert '<tr><th scope="row">Marine</th><td>1</td><td>0</td><td>Trooper</td><td>left</td></tr>' in first
    assert "<li><strong>Term 7:</strong> Drifter, term 2 in this career;" in first


@pytest.mark.parametrize("ruleset", ["d6-pool", "wormwood-drift", "black-nova"])
def test_every_ruleset_has_an_html_and_a_markdown_sheet(tmp_path: Path, ruleset: str):
    from lifepath import create
    from lifepath.decisions import PolicyChooser
    from lifepath.host.manager import get_registry

    db = tmp_path / "x.db"
    made = create(get_registry(), ruleset, seed=3, chooser=PolicyChooser(3)).to_json()
    name = json.loads(made)["sheet"]["name"]
    html = lifepath("sheet", "-", db=db, input=made).stdout
    md = lifepath("sheet", "-", "-f", "md", db=db, input=made).stdout
    assert f"<h1>{name}</h1>" in html.replace("&#39;", "'")
    assert md.startswith(f"# {name}\n")


def test_names_with_html_quotes_and_escapes_are_text_in_html_and_markdown(campaign_db: Path):
    html = lifepath("sheet", "3", db=campaign_db).stdout
    assert "\x1b" not in html and "<script>" not in html and "<b>Evil" not in html
    page = parse(html)
    assert EVIL_SHOWN in "".join(page.text)
    assert "script" not in page.tags and "b" not in page.tags
    md = lifepath("sheet", "3", "-f", "md", db=campaign_db).stdout
    assert "\x1b" not in md
    assert md.splitlines()[0] == "# " + re.sub(r"([\\`*_\[\]<>#|~])", r"\\\1", EVIL_NAME.replace("\x1b", "\\u001b"))


def test_pdf_without_the_extra_names_it_in_one_paragraph_and_writes_nothing(campaign_db: Path, tmp_path: Path):
    # the installed command, in an interpreter where WeasyPrint cannot be imported (as without the extra)
    out = tmp_path / "sheet.pdf"
    probe = (
        "import sys; sys.modules['weasyprint'] = None; from lifepath.cli.main import run; "
        f"sys.argv = ['lifepath', 'sheet', '1', '--format', 'pdf', '--out', {str(out)!r}]; run()"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "LIFEPATH_DB": str(campaign_db)},
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert "'pdf'" in done.stderr and "pip install 'lifepath[pdf]'" in done.stderr
    assert "libpango-1.0-0" in done.stderr
    assert not out.exists() and list(tmp_path.iterdir()) == []


@pytest.mark.skipif(importlib.util.find_spec("weasyprint") is None, reason="WeasyPrint (the extra 'pdf') is missing")
def test_pdf_with_the_extra_is_a_one_page_pdf(campaign_db: Path, tmp_path: Path):
    out = tmp_path / "sheet.pdf"
    lifepath("sheet", "1", "--format", "pdf", "--out", str(out), db=campaign_db)
    assert out.read_bytes().startswith(b"%PDF")
    import weasyprint

    html = lifepath("sheet", "1", db=campaign_db).stdout
    assert len(weasyprint.HTML(string=html).render().pages) == 1  # what the command wrote, laid out again
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.pdf"]


def test_mistakes_are_one_paragraph_and_exit_2(campaign_db: Path, tmp_path: Path):
    cases = [
        (["sheet", "1", "--format", "docx"], "there is no sheet format 'docx'"),
        (["sheet", "999"], "999"),
        (["sheet", "nothing.json"], "there is no file called nothing.json"),
        (["sheet", "-"], "not valid JSON"),
    ]
    for args, text in cases:
        done = lifepath(*args, db=campaign_db, check=False, input="{", cwd=tmp_path)
        assert done.returncode == 2, args
        assert text in done.stderr and "Traceback" not in done.stderr, done.stderr
    (tmp_path / "list.json").write_text("[1, 2]")
    done = lifepath("sheet", str(tmp_path / "list.json"), db=campaign_db, check=False)
    assert done.returncode == 2 and "not a character export" in done.stderr


def test_out_replaces_a_file_whole_or_not_at_all(campaign_db: Path, tmp_path: Path):
    out = tmp_path / "sheet.html"
    out.write_text("old")
    done = lifepath("sheet", "999", "--out", str(out), db=campaign_db, check=False)
    assert done.returncode == 2 and out.read_text() == "old"
    lifepath("sheet", "1", "--out", str(out), db=campaign_db)
    assert out.read_text().startswith("<!DOCTYPE html>")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.html"]
