"""Spreadsheet-safe CSV: a text cell starting with ``= + - @``, a tab or a carriage return gets a leading ``'``
(OWASP's rule), in every CSV lifepath writes; numbers lifepath writes as numbers stay as they are."""

from __future__ import annotations

import csv
import io

import pytest

from lifepath.formats import table
from lifepath.testing import create_character, make_registry

HOSTILE = {
    '=HYPERLINK("http://example.com/x","click")': '\'=HYPERLINK("http://example.com/x","click")',
    "@SUM(1)": "'@SUM(1)",
    "+1": "'+1",
    "-2+3": "'-2+3",
    "\tTab": "'\tTab",
    "\rCR": "'\rCR",
}


@pytest.mark.parametrize("text", list(HOSTILE))
def test_a_text_cell_that_starts_a_formula_is_neutralised(text: str) -> None:
    assert table.cell(text) == HOSTILE[text]
    [read] = list(csv.reader(io.StringIO(table.line([text]), newline="")))
    assert read == [HOSTILE[text]]


@pytest.mark.parametrize("value", [-1, -12.5, 0, 3, "", "Ann", " =not at the start", "Admin-1, Vacc Suit-0", "3D+1"])
def test_numbers_and_other_text_are_written_as_they_are(value: object) -> None:
    assert table.cell(value) == value
    assert list(csv.reader(io.StringIO(table.line(["a", value, "b"])))) == [["a", str(value), "b"]]


def test_a_row_and_the_generate_header_go_through_the_same_rule() -> None:
    from lifepath.cli.commands.generate import csv_row

    assert table.row(["name", "debt", "player"], {"name": "=1+1", "debt": -2, "player": "@me"}) == "'=1+1,-2,'@me\n"
    assert csv_row(["index", "=cmd|' /C calc'!A0"]) == "index,'=cmd|' /C calc'!A0\n"


def test_the_roster_csv_neutralises_names_players_and_campaigns(run_cli, tmp_path) -> None:
    from lifepath.store import open_store
    from lifepath.store.models import CampaignCreate

    registry = make_registry()
    names = ['=HYPERLINK("http://example.com/x","click")', "+1", "-2+3"]
    with open_store(str(tmp_path / "default.db"), registry=registry, warn=lambda _t: None) as store:
        store.new_campaign(CampaignCreate(name="@Crew", ruleset="nowhere-yet"))
        for seed, name in enumerate(names, start=1):
            cid = store.add_character("@Crew", create_character(registry, "nowhere-yet", seed=seed), player="@SUM(1)")
            store.rename(cid, name)
    for extra in ([], ["--skill-columns"]):
        done = run_cli("roster", "@Crew", "--format", "csv", *extra)
        assert done.returncode == 0, done.stderr
        rows = list(csv.DictReader(io.StringIO(done.stdout)))
        assert [r["name"] for r in rows] == [HOSTILE[n] for n in names]
        assert {r["player"] for r in rows} == {"'@SUM(1)"} and {r["campaign"] for r in rows} == {"'@Crew"}
        for r in rows:
            assert all(not v.startswith(table.FORMULA_START) for k, v in r.items() if not _number(v)), r


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def test_a_carriage_return_inside_a_cell_stays_inside_its_row() -> None:
    text = table.line(["Ann\rBob", -1, "x"])
    assert list(csv.reader(io.StringIO(text, newline=""))) == [["Ann\rBob", "-1", "x"]]
