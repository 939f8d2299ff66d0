"""The roster web app in a real headless Chromium (Debian's, driven by Playwright): the roster lists the
seeded campaign, filtering narrows it, a character page shows the sheet and opens a throw, verify says
"identical" for a real character and "differs" for one tampered with in the database, a sheet prints on
the pages it promises, and names stay text. Each page is also saved as a PNG for a person to look at."""

from __future__ import annotations

import json
import re
import sqlite3
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import CAMPAIGN, EVIL_SHOWN, Server, lifepath, screenshot, start_server

ROSTER = "/campaigns/" + urllib.parse.quote(CAMPAIGN, safe="")


def rows(page: Any) -> list[str]:
    return page.locator("table.roster tbody th[scope=row]").all_inner_texts()


def test_the_roster_lists_the_campaign_and_filtering_narrows_it(page: Any, server: Server):
    page.goto(server.url + "/")
    assert page.get_by_role("heading", name="House rules").count() == 1
    screenshot(page, "campaigns")
    with page.expect_navigation():
        page.get_by_role("link", name=CAMPAIGN).click()
    assert page.get_by_role("heading", level=1).inner_text() == CAMPAIGN
    everyone = rows(page)
    assert len(everyone) == 8
    screenshot(page, "roster")
    page.get_by_label("Status").select_option("dead")
    with page.expect_navigation():
        page.get_by_role("button", name="Filter").click()
    assert len(rows(page)) == 1
    assert "status=dead" in page.url
    with page.expect_navigation():
        page.get_by_role("link", name="Clear").click()
    page.get_by_label("Name contains").fill("evil")
    with page.expect_navigation():
        page.keyboard.press("Enter")  # the form works from the keyboard, without any script
    assert rows(page) == [EVIL_SHOWN]
    page.set_viewport_size({"width": 390, "height": 844})  # a phone
    screenshot(page, "roster-phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390 + 1


def test_sorting_by_age_from_the_column_header(page: Any, server: Server):
    page.goto(server.url + ROSTER)
    with page.expect_navigation():
        page.locator("thead").get_by_role("link", name=re.compile("^Age")).click()
    ages = [int(a) for a in page.locator("table.roster tbody tr td:nth-child(7)").all_inner_texts()]
    assert ages == sorted(ages) and len(ages) == 8
    assert page.locator("th[aria-sort=ascending]").inner_text().startswith("Age")


def test_a_character_page_shows_the_sheet_and_a_throw_opens(page: Any, server: Server):
    page.goto(server.url + "/characters/2")
    for title in ("Identity", "Characteristics", "Skills", "Careers", "Life story", "Provenance"):
        assert page.get_by_role("heading", name=title, exact=True).count() == 1
    throw = page.locator("details.throw-detail").first
    assert throw.locator(".throw").is_hidden()
    throw.locator("summary").focus()
    page.keyboard.press("Enter")  # keyboard opens it
    assert throw.locator(".throw").is_visible()
    assert re.search(r"\d+D6? \[[\d+]+\]", throw.locator(".throw").inner_text())
    screenshot(page, "character")
    for width in (600, 390):  # 200% zoom of a 1200-pixel window, and a phone
        page.set_viewport_size({"width": width, "height": 900})
        assert page.evaluate("document.documentElement.scrollWidth") <= width + 1, width
    screenshot(page, "character-phone")


def test_verify_says_identical_for_a_real_character(page: Any, server: Server):
    page.goto(server.url + "/characters/1")
    with page.expect_navigation():
        page.get_by_role("button", name=re.compile("Verify")).click()
    verdict = page.locator("#verdict").inner_text()
    assert verdict.startswith("identical: ") and verdict.count("identical") == 1
    screenshot(page, "verify-identical")


@pytest.fixture
def tampered(campaign_db: Path, tmp_path: Path) -> Iterator[Server]:
    """A copy of the store where character 2's first throw was changed in the database itself."""
    copy = tmp_path / "tampered.db"
    copy.write_bytes(campaign_db.read_bytes())
    with sqlite3.connect(copy) as db:
        (text,) = db.execute("select document from character where id = 2").fetchone()
        doc = json.loads(text)
        throw = next(e for e in doc["history"] if e["type"] == "throw")
        throw["total"] += 1
        db.execute("update character set document = ? where id = 2", (json.dumps(doc),))
    yield from start_server(copy)


def test_verify_says_differs_for_a_tampered_character(page: Any, tampered: Server):
    page.goto(tampered.url + "/characters/2")
    with page.expect_navigation():
        page.get_by_role("button", name=re.compile("Verify")).click()
    verdict = page.locator("#verdict").inner_text()
    assert verdict.startswith("differs") and re.search(r"history (differs first at )?event 4\b", verdict)
    screenshot(page, "verify-differs")


def test_names_are_text_on_the_character_page_and_the_roster(page: Any, server: Server):
    page.goto(server.url + "/characters/3")
    assert page.get_by_role("heading", level=1).inner_text() == EVIL_SHOWN
    assert page.locator("h1 b, main script").count() == 0
    page.goto(server.url + ROSTER)
    assert EVIL_SHOWN in rows(page)
    assert page.locator("table.roster b").count() == 0


def count_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_a_sheet_prints_on_one_page_typically_and_two_for_a_long_career(page: Any, tmp_path: Path, paper: str):
    db = tmp_path / "x.db"
    pages = {}
    for seed, terms in ((3, "3"), (7, "9")):  # a typical character, and a long career
        made = lifepath("create", "--auto", "--seed", str(seed), "--terms", terms, "--json", db=db).stdout
        out = tmp_path / f"sheet-{seed}.html"
        lifepath("sheet", "-", "--out", str(out), db=db, input=made)
        page.goto(out.as_uri())
        page.emulate_media(media="print")
        pages[terms] = count_pages(page.pdf(format=paper))
        if paper == "A4" and seed == 7:
            page.set_viewport_size({"width": 760, "height": 1080})
            screenshot(page, "sheet-print")
            page.emulate_media(media="screen")
            page.set_viewport_size({"width": 1000, "height": 900})
            screenshot(page, "sheet")
    assert pages["3"] == 1
    assert 1 <= pages["9"] <= 2


@pytest.mark.parametrize("ruleset", ["nowhere-yet", "d6-pool", "wormwood-drift", "black-nova"])
def test_a_printed_sheet_keeps_labels_apart_from_values_and_names_player_and_campaign(
    page: Any, tmp_path: Path, ruleset: str
):
    """In print (Chromium's print media), every label ends before its value begins, on the same line, and
    no skill name wraps past two lines; a stored character's sheet names its player and campaign."""
    db = tmp_path / "x.db"
    lifepath("campaign", "new", "Reef Run", "--ruleset", ruleset, db=db)
    options = ["--species", "merfolk"] if ruleset == "nowhere-yet" else []  # long trait names
    lifepath("create", "--auto", "--seed", "7", *options, "--campaign", "Reef Run", "--player", "Sam", db=db)
    out = tmp_path / "sheet.html"
    lifepath("sheet", "1", "--out", str(out), db=db)
    page.goto(out.as_uri())
    page.emulate_media(media="print")
    assert "Player: Sam · Campaign: Reef Run" in page.locator("p.sub").inner_text()
    pairs = page.evaluate(
        # the label's text as drawn (a range: a box squeezed by flex lets its text overflow into the value)
        """() => [...document.querySelectorAll('dl.rows > div')].map(d => {
            const dt = d.querySelector('dt'), dd = d.querySelector('dd'), text = document.createRange();
            text.selectNodeContents(dt);
            const t = text.getBoundingClientRect(), v = document.createRange();
            v.selectNodeContents(dd);
            const w = v.getBoundingClientRect(), line = parseFloat(getComputedStyle(dt).lineHeight);
            return [dt.innerText, t.right, w.left, t.top, w.top, t.height / line];
        })"""
    )
    assert pairs
    for label, label_right, value_left, label_top, value_top, lines in pairs:
        assert value_left - label_right >= 4, f"{label!r} runs into its value"
        assert abs(label_top - value_top) < 2, f"{label!r} and its value are not on one line"
        assert lines < 2.5, f"{label!r} wraps to {lines:.1f} lines"


def test_the_odds_page_is_a_table_of_the_campaigns_rules(page: Any, server: Server):
    page.goto(server.url + ROSTER)
    with page.expect_navigation():
        page.get_by_role("link", name="Odds").click()
    page.goto(page.url + "?count=40")
    assert page.get_by_role("heading", level=1).inner_text() == f"Odds for {CAMPAIGN}"
    assert page.locator("table").first.locator("th[scope=row]").first.inner_text() == "characters"
    assert page.locator("table").first.locator("td").first.inner_text() == "40"
    screenshot(page, "odds")


@pytest.fixture
def editable(campaign_db: Path, tmp_path: Path) -> Iterator[Server]:
    copy = tmp_path / "edit.db"
    copy.write_bytes(campaign_db.read_bytes())
    yield from start_server(copy, "--allow-edit", "--campaign", CAMPAIGN)


def test_the_notes_form_saves_and_shows_them_as_text(page: Any, editable: Server):
    page.goto(editable.url + "/characters/7")
    box = page.get_by_label("Referee's notes", exact=False)
    assert box.input_value() == ""
    box.fill('Owes <b>Marc</b> & "Ann"\nSecond line')
    with page.expect_navigation():
        page.get_by_role("button", name="Save notes").click()
    notes = page.locator("#notes")
    assert notes.inner_text() == 'Owes <b>Marc</b> & "Ann"\nSecond line'  # text, on two lines
    assert notes.locator("b").count() == 0
    assert page.get_by_label("Referee's notes", exact=False).input_value() == 'Owes <b>Marc</b> & "Ann"\nSecond line'
    screenshot(page, "character-notes")


def test_the_odds_charts_are_images_with_names_and_the_table_stays(page: Any, server: Server):
    page.goto(server.url + ROSTER + "/odds?count=20")
    for name in ("Qualification by career", "Mishaps per term by career", "Mean terms by career"):
        chart = page.get_by_role("img", name=name)
        assert chart.count() == 1 and chart.is_visible()
        box = chart.bounding_box()
        assert box is not None and box["width"] > 100 and box["height"] > 100
    assert page.locator("figure.chart figcaption").count() == 3
    assert page.locator("table").count() == 2
    screenshot(page, "odds-charts")
    page.set_viewport_size({"width": 390, "height": 900})  # a phone: the charts shrink, nothing scrolls sideways
    assert page.evaluate("document.documentElement.scrollWidth") <= 391
