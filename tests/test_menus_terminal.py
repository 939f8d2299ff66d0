"""Menus and the final sheet as a person sees them on a real pseudo-terminal: options keep their numbers
and are shown disabled with the reason, a long menu pages and filters, and interactive creation ends with
the full sheet fitted to the terminal's width. Every wait is bounded by the ``terminal`` fixture."""

from __future__ import annotations

import re

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def plain(text: str) -> str:
    return ANSI.sub("", text).replace("\r\n", "\n")


def test_black_nova_keeps_numbers_and_shows_a_full_attribute_disabled(terminal) -> None:
    session = terminal("create", "--ruleset", "black-nova", "--seed", "5")
    for answer in ["Zed Quarry", "1", "1", "1"]:
        session.answer(answer)
    first = plain(session.expect(session.PROMPT))
    # Strength is full: still number 1, greyed, with the reason; Dexterity is still number 2
    assert "   1. Strength 3 (cannot be taken: already at the maximum rank of 3)\n" in first
    assert "   2. Dexterity 0 -> 1" in first
    assert "\x1b[2m   1. Strength 3" in session.seen  # dimmed on a colour terminal
    session.child.sendline("1")
    refused = plain(session.expect(session.PROMPT))
    assert "1. Strength 3 cannot be taken: already at the maximum rank of 3" in refused
    session.child.sendline("2")
    second = plain(session.expect(session.PROMPT))
    assert "   1. Strength 3 (cannot be taken" in second and "   2. Dexterity 1 -> 2" in second
    # the status is the last thing before the keys and the prompt
    tail = second.rstrip("\n").splitlines()
    assert tail[-1].startswith("  [1-") and "all 6 points must be spent." in "".join(tail[-4:-1])
    session.child.sendline("auto")
    out = session.finish()
    assert session.exit_code == 0, out[-2000:]


def test_a_long_d6_menu_pages_and_filters(terminal) -> None:
    session = terminal("create", "--ruleset", "d6-pool", "--seed", "4")
    for answer in ["", "1", "1", "1", "1"]:  # concept, name, species, class, no Disadvantages
        session.answer(answer)
    spend = plain(session.expect(session.PROMPT))
    assert "   3. Buy a specialisation rank" in spend
    session.child.sendline("3")
    menu = plain(session.expect(session.PROMPT))
    assert "  15. " in menu and "  16. " not in menu and "n/p page, /text filter" in menu
    assert "(options 1-15, page 1 of 4; n next, p previous, /text filter)" in menu
    session.child.sendline("n")
    page = plain(session.expect(session.PROMPT))
    assert "  16. " in page and "  30. " in page and "  15. " not in page and "  31. " not in page
    session.child.sendline("/comm")
    found = plain(session.expect(session.PROMPT))
    listed = re.findall(r"^ +(\d+)\. (.*)$", found, re.MULTILINE)
    assert listed and all("comm" in text.lower() for _n, text in listed)
    number, text = listed[0]
    session.child.sendline(number)  # the number shown in the filtered list is the option's own number
    after = plain(session.expect(session.PROMPT))
    assert f"specialisation {text.split(' +')[0]} +0 -> +1" in after
    session.child.sendline("auto")
    out = session.finish()
    assert session.exit_code == 0, out[-2000:]


def test_interactive_creation_ends_with_the_full_sheet_within_80_columns(terminal, tmp_path) -> None:
    printed = tmp_path / "character.txt"
    session = terminal("create", "--ruleset", "nowhere-yet", "--seed", "11", env={"COLUMNS": "80"}, stdout_to=printed)
    session.child.setwinsize(40, 80)
    session.answer("auto")
    out = plain(session.finish())
    assert session.exit_code == 0, out[-2000:]
    sheet = out[out.index("\nIdentity\n========\n") :]
    for title in ("Characteristics", "Skills", "Careers", "Homeworld", "Benefits", "Traits", "Life story"):
        assert f"\n{title}\n" in sheet
    assert "Goal:" in sheet and "Appearance:" in sheet
    assert all(len(line) <= 80 for line in sheet.splitlines()), max(sheet.splitlines(), key=len)
    # standard output keeps the short form (the UCF), as without a terminal
    assert "Identity" not in printed.read_text(encoding="utf-8")


def test_create_and_show_print_the_sheet_with_the_flag(run_cli) -> None:
    assert run_cli("campaign", "new", "Spinward").returncode == 0
    made = run_cli("create", "--auto", "--seed", "7", "--campaign", "Spinward", "--sheet", env={"COLUMNS": "60"})
    assert made.returncode == 0, made.stderr
    assert made.stdout.startswith("Identity\n========\n")
    assert all(len(line) <= 60 for line in made.stdout.splitlines())
    shown = run_cli("show", "1", "--sheet", env={"COLUMNS": "60"})
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout == made.stdout
    assert not run_cli("show", "1").stdout.startswith("Identity")
