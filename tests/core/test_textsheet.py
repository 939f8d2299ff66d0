"""The full sheet as text: a ruleset's sections laid out at a given width, every value made safe, no line
longer than the width; and every ruleset's sheet at 80 columns."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lifepath.sheets import Chapter, Section, grid
from lifepath.sheets.textsheet import render_sections, text_sheet
from lifepath.testing import create_character, make_registry

SECTIONS = [
    Section("Identity", (("Name", "Ann Vos"), ("Goal", "Find the ship that left her behind at Regina"))),
    Section("Skills", (("Admin", "1"), ("Gun Combat", "0"), ("Pilot", "2"), ("Zero-G", "1")), columns=3),
    Section("Careers", table=grid(["Career", "Terms", "Rank"], [["Scout", 2, 1], ["Merchant", 1, None]])),
    Section("Traits", (("Armored", "A hide that counts as armour."), ("Plain", ""))),
    Section("Life story", story=(Chapter("Term 1", "Scout; survival passed; advancement failed", 0, 3),)),
    Section("Empty"),
]


def test_sections_are_laid_out_at_the_width() -> None:
    assert render_sections(SECTIONS, 40) == (
        "Identity\n"
        "========\n"
        "  Name: Ann Vos\n"
        "  Goal: Find the ship that left her\n"
        "        behind at Regina\n"
        "\n"
        "Skills\n"
        "======\n"
        "  Admin      1   Pilot      2\n"  # down the columns, as on paper
        "  Gun Combat 0   Zero-G     1\n"
        "\n"
        "Careers\n"
        "=======\n"
        "  Career    Terms  Rank\n"
        "  --------  -----  ----\n"
        "  Scout     2      1\n"
        "  Merchant  1\n"
        "\n"
        "Traits\n"
        "======\n"
        "  Armored: A hide that counts as armour.\n"
        "  Plain\n"
        "\n"
        "Life story\n"
        "==========\n"
        "  Term 1: Scout; survival passed;\n"
        "      advancement failed\n"
    )


def test_a_table_too_wide_becomes_one_block_per_row() -> None:
    wide = Section("Debts", table=grid(["Kind", "Amount", "Note"], [["anagathics", "Cr11,500", "drugs for a term"]]))
    assert render_sections([wide], 30) == (
        "Debts\n=====\n  - Kind: anagathics; Amount:\n    Cr11,500; Note: drugs for\n    a term\n"
    )


def test_every_value_is_made_safe() -> None:
    text = render_sections([Section("Id", (("Name", "Evil\x1b[31m\nName"),))], 80)
    assert "\x1b" not in text and "Evil\\u001b[31m\\nName" in text


printable = st.text(st.characters(min_codepoint=32, max_codepoint=126) | st.sampled_from("\n\x1b\x07é"), max_size=60)
pairs = st.lists(st.tuples(printable, printable), max_size=8)


@settings(max_examples=150, deadline=None)
@given(
    st.integers(30, 120),
    pairs,
    st.integers(1, 3),
    st.lists(st.lists(printable, min_size=3, max_size=3), max_size=4),
    st.lists(printable, max_size=3),
)
def test_no_line_is_longer_than_the_width(width, rows, columns, cells, paragraphs) -> None:
    sections = [
        Section("Rows", tuple(rows), columns=columns),
        Section("Table", table=grid(["A", "B", "C"], cells)),
        Section("Text", paragraphs=tuple(paragraphs), story=tuple(Chapter(p, p, 0, 1) for p in paragraphs)),
    ]
    text = render_sections(sections, width)
    assert all(len(line) <= width for line in text.splitlines())
    assert "\x1b" not in text


@pytest.mark.parametrize("ruleset", ["nowhere-yet", "black-nova", "d6-pool", "wormwood-drift"])
def test_every_ruleset_gets_a_full_sheet_within_80_columns(ruleset) -> None:
    registry = make_registry()
    character = create_character(registry, ruleset, seed=7)
    text = text_sheet(registry.ruleset(ruleset), character, 80)
    assert all(len(line) <= 80 for line in text.splitlines())
    assert text.startswith("Identity\n========\n")
    assert character.sheet.name in text


def test_the_nowhere_yet_sheet_has_everything() -> None:
    registry = make_registry()
    character = create_character(registry, "nowhere-yet", seed=7)
    text = text_sheet(registry.ruleset("nowhere-yet"), character, 80)
    for title in ("Characteristics", "Skills", "Careers", "Homeworld", "Benefits", "Debts", "Traits", "Life story"):
        assert f"\n{title}\n{'=' * len(title)}\n" in text
    for field in ("UPP:", "Goal:", "Appearance:", "UWP:", "Trade codes:", "Credits:", "Term 1:"):
        assert field in text
    assert "  Characteristic  Value  DM\n" in text


def test_a_story_label_too_long_for_the_width_puts_its_text_below() -> None:
    # found by the property above: a 26-character label at width 30 left one character past the edge
    label = "0" * 26
    text = render_sections([Section("Text", story=(Chapter(label, "the text", 0, 1),))], 30)
    assert text.splitlines()[2:] == [f"  {label}:", "      the text"]
    assert all(len(line) <= 30 for line in text.splitlines())
