"""Creation in a real headless Chromium (Debian's, driven by Playwright), one campaign of each ruleset: a
player opens "Create a character" from the roster, answers through the page alone, asks for a suggestion
and takes it, changes an earlier answer, reloads the tab and carries on, lets the rest be chosen, and the
saved character verifies and is byte for byte what the same answers make at the terminal. Each ruleset's
page is saved as a PNG at desktop and phone width (tests/pages/screenshots/)."""

from __future__ import annotations

import json
import re
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import Server, at_the_terminal, lifepath, screenshot, start_server

RULESETS = ["nowhere-yet", "wormwood-drift", "d6-pool", "black-nova"]


def campaign_of(ruleset: str) -> str:
    return f"At the table: {ruleset}"


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("table") / "table.db"
    for ruleset in RULESETS:
        lifepath("campaign", "new", campaign_of(ruleset), "--ruleset", ruleset, db=db)
    yield from start_server(db, "--allow-create")


def answered(page: Any) -> int:
    return int(page.locator("form.step input[name=expected]").get_attribute("value"))


def settled(page: Any, count: int) -> None:
    """Wait until the page shows ``count`` answers given (the script swaps the page in place, a plain form
    loads it)."""
    page.wait_for_function(
        "n => { const e = document.querySelector('form.step input[name=expected]');"
        " return e !== null && e.value === String(n); }",
        arg=count,
    )


def both_widths(page: Any, name: str) -> None:
    """The page as a PNG at desktop and at phone width (tests/pages/screenshots/NAME-desktop.png, -phone)."""
    screenshot(page, f"{name}-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, f"{name}-phone")
    page.set_viewport_size({"width": 1200, "height": 900})


def answer_first(page: Any) -> None:
    before = answered(page)
    page.locator("input[type=radio][name=answer]:not([disabled])").first.check()
    page.get_by_role("button", name="Answer", exact=True).click()
    settled(page, before + 1)


@pytest.mark.parametrize(
    ("ruleset", "script"),
    [*((r, True) for r in RULESETS), ("nowhere-yet", False)],
    ids=[*RULESETS, "nowhere-yet-without-script"],
)
def test_a_player_makes_a_character_in_the_browser(
    browser: Any, table: Server, ruleset: str, script: bool, tmp_path: Path
) -> None:
    context = browser.new_context(viewport={"width": 1200, "height": 900}, java_script_enabled=script)
    page = context.new_page()
    try:
        play(page, table, ruleset, script, tmp_path)
    finally:
        context.close()


def play(page: Any, table: Server, ruleset: str, script: bool, tmp_path: Path) -> None:
    roster = table.url + "/campaigns/" + urllib.parse.quote(campaign_of(ruleset), safe="")
    page.goto(roster)
    with page.expect_navigation():
        page.get_by_role("link", name="Create a character").click()
    name = f"create-{ruleset}" + ("" if script else "-without-script")
    both_widths(page, f"{name}-start")
    page.get_by_label("Your name (the player)").fill("Dana")
    page.get_by_text("Seed (optional)").click()
    page.get_by_label(re.compile("The same seed and the same answers")).fill("7")
    with page.expect_navigation():
        page.get_by_role("button", name="Start").click()
    assert page.get_by_role("heading", level=1).inner_text() == "Creating a character for Dana"
    assert ("Keys: 1 to 9" in page.content()) is script
    answer_first(page)
    if script:  # a key chooses the option and Enter answers, as at the terminal
        page.locator("legend").click()
        page.keyboard.press("1")
        assert page.locator("input[type=radio][name=answer]:checked").count() == 1
        page.keyboard.press("Enter")
        settled(page, 2)
    else:
        answer_first(page)
    # suggest, then take the suggestion (it is selected)
    page.get_by_role("button", name="Suggest").click()
    page.wait_for_selector("text=Suggested:")
    assert page.locator("input[type=radio][name=answer]:checked").count() == 1
    page.get_by_role("button", name="Answer", exact=True).click()
    settled(page, 3)
    both_widths(page, name)
    # change the second answer: the page asks that decision again, with one answer before it
    page.locator("ol.answers > li").nth(1).get_by_role("button", name=re.compile("Go back to decision 2")).click()
    settled(page, 1)
    answer_first(page)
    asked = page.locator("legend").inner_text()
    # a reload (or a closed tab reopened at the same address) carries on at the same decision
    page.reload()
    assert page.locator("legend").inner_text() == asked and answered(page) == 2
    page.get_by_role("button", name="Finish for me").click()
    page.wait_for_selector("h1:text('Character saved')")
    both_widths(page, f"{name}-saved")
    assert "Verify: identical" in page.locator("p.verdict").inner_text()
    link = page.get_by_role("link", name=re.compile(r"^character \d+$"))
    character_id = link.inner_text().removeprefix("character ")
    stored = lifepath("show", character_id, "--json", db=table.db).stdout
    data = json.loads(stored)
    assert data["sheet"]["name"] and data["provenance"]["ruleset"]["id"] == ruleset
    assert data["provenance"]["seed"] == 7
    assert at_the_terminal(stored, tmp_path, "--ruleset", ruleset) == stored
    # the roster shows the new character under the player's name
    with page.expect_navigation():
        page.get_by_role("link", name="Back to the roster").click()
    assert "Dana" in page.locator("table.roster").inner_text()
