"""Worlds from sector files: both layouts of the shipped example, every kind of bad file refused line by
line with nothing imported, odd names surviving, and creation in the campaign using the worlds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lifepath.support.sector import SectorError, parse, read_worlds

EXAMPLES = Path(__file__).parents[2] / "examples" / "sectors"
T5 = EXAMPLES / "marrowind.t5.tab"
SEC = EXAMPLES / "marrowind.sec"
HEADER = "Hex\tName\tUWP\tBases\tRemarks\tZone\tPBG\tAllegiance\tStars\n"
NAMES = ["Hallorn Reach", "Vessick", "Tamsin Drift", "Gaoleth", "Ōrenmere", 'Quill "Ferry"', "Straun", "Belamire"]


def test_both_layouts_of_the_example_give_the_same_worlds() -> None:
    t5, sec = read_worlds(T5), read_worlds(SEC)
    assert t5 == sec
    assert [w.name for w in t5] == NAMES
    assert t5[0].to_dict() == {"hex": "0101", "name": "Hallorn Reach", "uwp": "A867974-C", "remarks": "Hi In"}


def test_the_format_can_be_forced() -> None:
    assert read_worlds(T5, "t5") == read_worlds(SEC, "sec")
    with pytest.raises(SectorError, match="not a valid SEC sector file"):
        read_worlds(T5, "sec")


BAD = {
    "bad-uwp-t5": (
        HEADER + "0101\tGood\tA788899-C\t\tAg\n0102\tBad\tA78889-C\t\t\n",
        "line 3, column 3 (UWP): 'A78889-C' is not a UWP",
    ),
    "bad-starport": (HEADER + "0101\tBad\tF788899-C\t\t\n", "line 2, column 3 (UWP): 'F788899-C'"),
    "short-t5": (
        HEADER + "0101\tGood\tA788899-C\n0102\tShort\n",
        "line 3: 2 field(s) where the header needs at least 3",
    ),
    "wrong-separator": (HEADER.replace("\t", ",") + "0101,Good,A788899-C\n", "line 1: the header has no tabs"),
    "duplicate-hex": (HEADER + "0101\tOne\tA788899-C\n0101\tTwo\tB788899-C\n", "line 3: hex 0101 is also on line 2"),
    "duplicate-name": (HEADER + "0101\tOne\tA788899-C\n0102\tone\tB788899-C\n", "the name 'one' is also on line 2"),
    "empty": ("", "no worlds in it"),
    "only-comments": ("# nothing here\n\n", "no worlds in it"),
    "bad-uwp-sec": (
        "Good          0101 A788899-C\nBad           0102 A7888I9-C\n",
        "line 2, column 20 (UWP): 'A7888I9-C'",
    ),
    "short-sec": ("Good          0101 A788899-C\nShort         0102 A78\n", "line 2: too short"),
    "bad-hex-sec": ("Good          01x1 A788899-C\n", "line 1, column 15 (hex): '01x1' is not a hex"),
    "tab-in-sec": ("Good\t0101\tA788899-C\n", "line 1: a tab in a fixed-column SEC line"),
}


@pytest.mark.parametrize("case", list(BAD))
def test_a_bad_file_names_the_line_and_column(case: str) -> None:
    text, expected = BAD[case]
    with pytest.raises(SectorError) as caught:
        parse(text, None, "bad.tab")
    message = caught.value.paragraph()
    assert expected in message, message
    assert message.startswith("bad.tab: ") and "no world was imported" in message and "\n" not in message


def test_every_bad_line_is_named_at_once() -> None:
    text = HEADER + "0101\tA\tA78889-C\n0102\tB\tZ788899-C\n0103\tC\tA788899-C\n"
    with pytest.raises(SectorError) as caught:
        parse(text, None, "x")
    assert "line 2," in str(caught.value) and "line 3," in str(caught.value) and "line 4" not in str(caught.value)


def test_add_worlds_is_all_or_nothing_and_lists_them(run_cli, run_in_process, tmp_path: Path) -> None:
    assert run_in_process("campaign", "new", "Marrowind").returncode == 0  # set-up, in-process
    bad = tmp_path / "bad.tab"
    bad.write_text(T5.read_text(encoding="utf-8") + "0801\tBroken\tA7-C\n", encoding="utf-8")
    done = run_cli("campaign", "add-worlds", "Marrowind", str(bad))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "line 10, column 3 (UWP): 'A7-C' is not a UWP" in done.stderr
    assert "has no worlds of its own" in run_cli("campaign", "worlds", "Marrowind").stdout
    added = run_cli("campaign", "add-worlds", "Marrowind", str(T5))
    assert added.returncode == 0, added.stderr
    listed = run_cli("campaign", "worlds", "Marrowind").stdout
    assert [line.split("  ")[1].strip() for line in listed.splitlines()[1:]] == NAMES
    again = run_cli("campaign", "add-worlds", "Marrowind", str(SEC), "--format", "sec")
    assert again.returncode == 2 and "already has the world(s) Hallorn Reach" in again.stderr
    assert run_cli("campaign", "worlds", "Marrowind").stdout == listed


def test_creation_in_the_campaign_uses_its_worlds(run_cli, run_in_process) -> None:
    assert run_in_process("campaign", "new", "Marrowind").returncode == 0  # set-up, in-process
    assert run_in_process("campaign", "add-worlds", "Marrowind", str(SEC)).returncode == 0
    assert run_in_process("generate", "--count", "12", "--seed", "5", "--campaign", "Marrowind").returncode == 0
    exported = run_cli("export", "--campaign", "Marrowind")
    assert exported.returncode == 0, exported.stderr
    lines = [json.loads(line) for line in exported.stdout.splitlines()[1:]]  # after the header, one a character
    assert len(lines) == 12
    homes = {line["character"]["sheet"]["extra"]["homeworld"]["name"] for line in lines}
    assert homes <= set(NAMES) and len(homes) > 1
    verified = run_cli("verify", "--campaign", "Marrowind")
    assert verified.returncode == 0, verified.stdout + verified.stderr
    made = run_cli("create", "--campaign", "Marrowind", "--auto", "--seed", "3", "--homeworld", "Ōrenmere", "--json")
    assert made.returncode == 0, made.stderr
    home = json.loads(made.stdout)["sheet"]["extra"]["homeworld"]
    assert home == {
        "name": "Ōrenmere",
        "uwp": "C686553-7",
        "trade_codes": home["trade_codes"],
        "law_level": 3,
        "law": home["law"],
    }
    assert "Ag" in home["trade_codes"]
    unknown = run_cli("create", "--campaign", "Marrowind", "--auto", "--homeworld", "Callisande")
    assert unknown.returncode == 2 and "not one of the campaign's worlds" in unknown.stderr
