"""The sheet's section model: each ruleset's sections, the default a third-party ruleset gets, and
:func:`lifepath.sheets.pages.visible`, which shows control characters as symbols."""

from __future__ import annotations

import itertools
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lifepath import Ruleset, create
from lifepath.decisions import PolicyChooser
from lifepath.host.manager import get_registry
from lifepath.sheets import Section, chapters, default_sections, term_label
from lifepath.sheets.pages import render_sheet, visible

EXPECTED = {
    "nowhere-yet": ["Identity", "Characteristics", "Skills", "Careers", "Homeworld", "Benefits", "Life story"],
    "d6-pool": ["Identity", "Attributes", "Skills", "Derived", "Points ledger"],
    "wormwood-drift": [
        "Identity",
        "Attributes",
        "Resolve and derived values",
        "Skills",
        "Scars",
        "Disciplines",
        "Life story",
    ],
    "black-nova": ["Identity", "Attributes", "Derived values", "Perks", "Skills", "Gear"],
}


def make(ruleset_id: str, seed: int = 7):
    registry = get_registry()
    return registry.ruleset(ruleset_id), create(registry, ruleset_id, seed=seed, chooser=PolicyChooser(seed))


def test_every_shipped_ruleset_supplies_its_own_sections():
    for ruleset_id, titles in EXPECTED.items():
        ruleset, character = make(ruleset_id)
        got = [s.title for s in ruleset.sheet_sections(character)]
        assert [t for t in got if t in titles] == titles, (ruleset_id, got)
        assert all(isinstance(s, Section) and not s.empty for s in ruleset.sheet_sections(character))


def test_nowhere_yet_shows_the_upp_with_dms_and_one_story_line_per_term():
    ruleset, character = make("nowhere-yet")
    sections = {s.title: s for s in ruleset.sheet_sections(character)}
    assert dict(sections["Identity"].rows)["UPP"] == ruleset.roster_fields(character)["profile"]
    table = sections["Characteristics"].table
    assert table is not None and table.headers == ("Characteristic", "Value", "DM")
    # DM = value // 3 - 2 (the characteristics table's modifier)
    assert all(int(dm) == int(value) // 3 - 2 for _, value, dm in table.rows)
    story = sections["Life story"].story
    assert [c.label for c in story] == ["Origin"] + [f"Term {n}" for n in range(1, character.sheet.total_terms + 1)]
    # the chapters cover the history without gaps or overlaps
    assert story[0].start == 0 and story[-1].end == len(character.history)
    assert all(a.end == b.start for a, b in itertools.pairwise(story))


def test_wormwood_shows_scars_and_resolve_and_black_nova_its_derived_values():
    ruleset, character = make("wormwood-drift")
    sections = {s.title: s for s in ruleset.sheet_sections(character)}
    resolve = character.sheet.extra["derived"]["resolve"]
    assert dict(sections["Resolve and derived values"].rows)["Resolve"] == str(resolve)
    assert [r[0] for r in sections["Scars"].table.rows] == [s["scar"] for s in character.sheet.extra["scars"]]
    assert "Defense" in dict(sections["Resolve and derived values"].rows)
    terms = character.sheet.extra["terms"]
    story = sections["Life story"].story
    assert [c.label for c in story][1:] == [f"Term {t['term']}" for t in terms]
    assert all(c.text.startswith(t["path"]) for c, t in zip(story[1:], terms, strict=True))
    ruleset, character = make("black-nova")
    sections = {s.title: s for s in ruleset.sheet_sections(character)}
    assert dict(sections["Derived values"].rows)["Hit points"] == str(character.sheet.extra["hit_points"])
    # each perk with what it does, from perks.json
    from lifepath.plugins.black_nova.tables import tables

    summaries = {p["name"]: p["summary"] for p in tables().perks()}
    assert sections["Perks"].rows == tuple((name, summaries[name]) for name in character.sheet.traits)


@pytest.mark.parametrize("ruleset_id", sorted(EXPECTED))
def test_every_full_sheet_says_how_a_check_is_rolled(ruleset_id: str) -> None:
    ruleset, character = make(ruleset_id)
    (check,) = [s for s in ruleset.sheet_sections(character) if s.title == "How a check is rolled"]
    assert len(check.paragraphs) == 1 and check.paragraphs[0][0].isupper() and len(check.paragraphs[0]) > 40


def test_the_full_sheets_keep_what_the_short_forms_show():
    """Nowhere Yet's speed trait and Wormwood Drift's rank or title, on the short form, are on the sheet."""
    ruleset = get_registry().ruleset("nowhere-yet")
    character = create(get_registry(), "nowhere-yet", seed=7, chooser=PolicyChooser(7), options={"species": "avian"})
    assert "Slow Speed (4.5m)" in ruleset.render(character)
    traits = dict(next(s for s in ruleset.sheet_sections(character) if s.title == "Traits").rows)
    assert traits["Slow Speed"] == "moves 4.5 metres a combat round"
    ruleset, character = make("wormwood-drift", seed=1)
    titled = [c for c in character.sheet.careers if c.title]
    assert titled and all(c.title in ruleset.render(character) for c in titled)
    careers = next(s for s in ruleset.sheet_sections(character) if s.title == "Careers").table
    assert [row[2] for row in careers.rows if row[2]] == [c.title for c in titled]


class Bare(Ruleset):
    """A third-party ruleset that implements nothing for sheets."""

    id = "bare"
    name = "Bare"


def test_a_ruleset_that_writes_nothing_gets_the_default_sheet():
    _, character = make("nowhere-yet")
    sections = Bare().sheet_sections(character)
    assert sections == default_sections(character)
    titles = [s.title for s in sections]
    assert titles[:3] == ["Identity", "Characteristics", "Skills"]
    assert "Careers" in titles and titles[-1] == "Life story"
    html = render_sheet(Bare(), character, "html")
    assert '<h2 id="s-careers">Careers</h2>' in html


def test_chapters_start_where_the_history_says_a_term_starts():
    history = [
        {"type": "note", "text": "born"},
        {"type": "throw"},
        {"type": "note", "text": "term 1: Navy"},
        {"type": "throw"},
        {"type": "note", "text": "term 2: Navy"},
    ]
    got = chapters(history, term_label, first="Origin")
    assert [(c.label, c.start, c.end) for c in got] == [("Origin", 0, 2), ("Term 1", 2, 4), ("Term 2", 4, 5)]
    assert got[0].text == "born"


def test_visible_shows_escape_sequences_as_the_cli_does():
    assert visible("a\x1b[31mb\x07\x7f\x9b\u202e") == "a\\u001b[31mb\\u0007\\u007f\\u009b\\u202e"
    assert visible("tab\tand\nnewline") == "tab\\tand\nnewline"
    assert visible(3) == 3


@given(st.text())
def test_visible_text_holds_no_control_character_but_newline(text):
    shown = visible(text)
    assert not [c for c in shown if unicodedata.category(c) == "Cc" and c != "\n"]
    assert visible(shown) == shown


class Own(Ruleset):
    """A third-party ruleset that lays out its own sheet."""

    id = "own"
    name = "Own"

    def sheet_sections(self, character):
        return [Section("Luck", rows=(("Name", character.sheet.name), ("Luck", "lucky")))]


def test_a_ruleset_that_implements_sheet_sections_gets_exactly_its_sections():
    _, character = make("nowhere-yet")
    html = render_sheet(Own(), character, "html")
    assert '<h2 id="s-luck">Luck</h2>' in html and "<dt>Luck</dt><dd>lucky</dd>" in html
    assert "Characteristics" not in html
    md = render_sheet(Own(), character, "md")
    assert "## Luck\n\n- **Name:** " in md and "- **Luck:** lucky\n" in md


def test_the_life_story_tells_every_throw_of_a_term_with_its_outcome():
    """Seed 4 takes anagathics: its terms' chapters tell the second survival throw and the enlistment, as
    the history holds them (the story once left out every throw whose purpose did not start "survival")."""
    ruleset, character = make("nowhere-yet", seed=4)
    story = " ".join(
        chapter.text
        for section in ruleset.sheet_sections(character)
        if section.title == "Life story"
        for chapter in section.story
    )
    told = [
        e
        for e in character.history
        if e.get("type") == "throw" and "success" in e and not str(e["purpose"]).startswith("characteristic")
    ]
    assert any(str(e["purpose"]).startswith("second survival") for e in told)
    for e in told:
        assert f"{e['purpose']} {'passed' if e['success'] else 'failed'}" in story, e["purpose"]
