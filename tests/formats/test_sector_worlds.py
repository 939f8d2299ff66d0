"""A campaign's worlds stored once (issue 26, part 6): two subsectors sharing hex numbers in one campaign,
characters recording only their own world, the campaign export importing and verifying in a new database,
every field length-limited and control-free at add-worlds and at import alike, and characters of the old
shape (the whole list in their options) still verifying and importing."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lifepath.errors import LifepathError
from lifepath.support.sector import NAME_LIMIT, SectorError, World, find, from_token, parse, read_worlds, token

EXAMPLES = Path(__file__).parents[2] / "examples" / "sectors"
MARROWIND, CORROWEN = EXAMPLES / "marrowind.t5.tab", EXAMPLES / "corrowen.t5.tab"
HEADER = "Hex\tName\tUWP\tBases\tRemarks\n"

Run = Callable[..., subprocess.CompletedProcess[str]]


def ok(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def old_shape() -> dict[str, Any]:
    """A character as the release before this one made it in a campaign with worlds: the whole list (name and
    UWP each) in its option ``worlds``, every name an option of its homeworld decision."""
    from lifepath.creation import create
    from lifepath.decisions import PolicyChooser
    from lifepath.host.manager import get_registry

    old = [{"name": w.name, "uwp": w.uwp} for w in read_worlds(MARROWIND)]
    made = create(get_registry(), "nowhere-yet", seed=11, chooser=PolicyChooser(11), options={"worlds": old})
    doc: dict[str, Any] = json.loads(made.compact_json())
    assert doc["provenance"]["options"]["worlds"] == old
    assert next(e for e in doc["history"] if e.get("key") == "homeworld")["options"] == [w["name"] for w in old]
    return doc


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One campaign holding both example subsectors (which share hex numbers), with characters made by the
    NPC policy and by --homeworld, exported and imported into a new database: made once for the module."""
    script = Path(sys.executable).with_name("lifepath")
    command = [str(script)] if script.exists() else [sys.executable, "-c", "from lifepath.cli.main import run; run()"]
    home = tmp_path_factory.mktemp("worlds")
    first, second = home / "first.db", home / "second.db"

    def run(*args: str, db: Path = first) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, "LIFEPATH_DB": str(db), "LIFEPATH_DRAFTS_DIR": str(home / "drafts")}
        return subprocess.run([*command, *args], capture_output=True, text=True, env=env, cwd=home, timeout=600)

    ok(run("campaign", "new", "Reaches"))
    ok(run("campaign", "add-worlds", "Reaches", str(MARROWIND)))
    ok(run("campaign", "add-worlds", "Reaches", str(CORROWEN)))
    ok(run("generate", "--count", "5", "--seed", "5", "--campaign", "Reaches"))
    ok(run("create", "--campaign", "Reaches", "--auto", "--seed", "3", "--homeworld", "corrowen/Straun"))
    old = home / "old.json"  # a character of the old shape (the whole list in its options), imported too
    old.write_text(json.dumps(old_shape(), ensure_ascii=False, indent=2), encoding="utf-8")
    ok(run("import", str(old), "--campaign", "Reaches"))
    export = home / "reaches.jsonl"
    export.write_text(ok(run("export", "--campaign", "Reaches")), encoding="utf-8")
    imported = run("import", str(export), db=second)
    verified = run("verify", "--campaign", "Reaches", db=second)
    again = run("export", "--campaign", "Reaches", db=second)
    return {
        "run": run,
        "home": home,
        "export": export,
        "imported": imported,
        "verified": verified,
        "again": again,
        "first": first,
        "second": second,
    }


def test_two_subsectors_sharing_hexes_live_in_one_campaign() -> None:
    both = read_worlds(MARROWIND, sector="marrowind") + read_worlds(CORROWEN, sector="corrowen")
    assert {w.hex for w in both if w.sector == "marrowind"} & {w.hex for w in both if w.sector == "corrowen"}
    assert len({w.key for w in both}) == len(both)
    assert find(both, "corrowen/Straun").uwp == "E430200-6" and find(both, "marrowind/0606").name == "Straun"
    with pytest.raises(LifepathError, match="a world of 2 sectors") as caught:
        find(both, "straun")
    assert "marrowind/Straun, corrowen/Straun" in (caught.value.hint or "")
    for world in both:
        assert from_token(token(world)) == World(world.hex, world.name, world.uwp, "", world.sector)


def test_the_export_of_two_subsectors_sharing_hexes_imports_and_verifies(league: dict[str, Any]) -> None:
    assert league["imported"].returncode == 0, league["imported"].stderr
    assert "imported 7 character(s)" in league["imported"].stdout
    assert league["verified"].returncode == 0, league["verified"].stdout + league["verified"].stderr
    assert "7 of 7 character(s) of campaign 'Reaches' replay exactly" in league["verified"].stdout
    assert ok(league["again"]) == league["export"].read_text(encoding="utf-8")  # byte for byte
    listed = ok(league["run"]("campaign", "worlds", "Reaches", db=league["second"]))
    assert "corrowen" in listed and "marrowind" in listed and listed.count("0101") == 2


def test_a_character_records_its_own_world_and_no_other(league: dict[str, Any]) -> None:
    header, *lines = league["export"].read_text(encoding="utf-8").splitlines()
    worlds = [World.from_dict(w) for w in json.loads(header)["campaign"]["worlds"]]
    assert len(worlds) == 14 and len(lines) == 7
    homes = set()
    for line in lines:
        character = json.loads(line)["character"]
        if "worlds" in character["provenance"]["options"]:
            continue  # the old shape's character (test_an_old_shape_character_still_verifies_and_imports)
        home = character["sheet"]["extra"]["homeworld"]
        mine = [w for w in worlds if token(w) in line]
        assert len(mine) == 1 and (mine[0].name, mine[0].uwp) == (home["name"], home["uwp"])
        others = {w.name for w in worlds if w.name != home["name"]}
        assert not [name for name in others if name in line], home["name"]
        options = character["provenance"]["options"]
        assert "worlds" not in options and options["world_list"]["count"] == 14
        homes.add(token(mine[0]))
    assert "corrowen/0402 E430200-6 Straun" in homes and len(homes) > 2


def test_a_long_list_does_not_lengthen_a_character() -> None:
    """2,000 worlds: the character holds one of them, and is as long as one made from 14."""
    from lifepath.campaigns import world_options
    from lifepath.creation import create
    from lifepath.decisions import PolicyChooser
    from lifepath.host.manager import get_registry
    from lifepath.replay import verify

    rows = [
        f"{c:02d}{r:02d}\tDeepworld {c}-{r}\tB{c % 10}6{r % 10}777-9\t\tNi" for c in range(1, 51) for r in range(1, 41)
    ]
    deep = [w.to_dict() for w in parse(HEADER + "\n".join(rows) + "\n", None, "deep.tab", "Deep Rift")]
    small = [w.to_dict() for w in read_worlds(MARROWIND, sector="marrowind") + read_worlds(CORROWEN, sector="c")]
    registry = get_registry()
    sizes = []
    for stored in (deep, small):
        options: dict[str, Any] = {}
        world_options(registry.ruleset("nowhere-yet"), stored, options)
        made = create(registry, "nowhere-yet", seed=21, chooser=PolicyChooser(21), options=options)
        text = made.compact_json()
        assert verify(registry, json.loads(text), text=text).identical
        sizes.append(len(text))
        if stored is deep:
            assert len(set(re.findall(r"Deepworld \d+-\d+", text))) == 1  # its own world, and no other
            assert len(text) < len(json.dumps(deep)) / 4
    assert abs(sizes[0] - sizes[1]) < 2_000, sizes  # not 2,000 worlds' worth longer


@pytest.mark.parametrize(
    ("line", "fragment"),
    [
        ("0102\tNul\x00World\tA788899-C\t\tAg", "line 3, column 2 (Name): the name holds a NUL character"),
        (
            f"0102\t{'N' * (NAME_LIMIT + 1)}\tA788899-C\t\tAg",
            f"line 3, column 2 (Name): the name is {NAME_LIMIT + 1} "
            f"characters long, more than the {NAME_LIMIT} allowed",
        ),
        (
            "0102\tEscaped\tA788899-C\t\tAg\x1b[2J",
            "line 3, column 5 (Remarks): the remarks field holds the control character U+001B",
        ),
        ("0102\tLong\tA788899-C\t\t" + "Ag " * 70, "column 5 (Remarks): the remarks field is 209 characters long"),
        (
            "0102\tSplit\u2028Here\tA788899-C\t\tAg",
            "line 3, column 2 (Name): the name holds the control character U+2028",
        ),
    ],
)
def test_a_bad_field_is_refused_naming_file_line_and_field(line: str, fragment: str) -> None:
    text = HEADER + "0101\tGood\tA788899-C\t\tAg\n" + line + "\n"
    with pytest.raises(SectorError) as caught:
        parse(text, None, "bad.tab", "rift")
    message = caught.value.paragraph()
    assert message.startswith("bad.tab: ") and fragment in message, message
    assert "\n" not in message and "\x00" not in message and "\x1b" not in message


def test_add_worlds_refuses_a_nul_and_an_over_long_name_and_stores_nothing(
    league: dict[str, Any], tmp_path: Path
) -> None:
    run = league["run"]
    bad = tmp_path / "bad.tab"
    bad.write_text(
        HEADER + "0101\tNul\x00World\tA788899-C\t\tAg\n0102\t" + "N" * 61 + "\tA788899-C\t\t\n", encoding="utf-8"
    )
    done = run("campaign", "add-worlds", "Reaches", str(bad))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert str(bad) in done.stderr and "line 2, column 2 (Name): the name holds a NUL character" in done.stderr
    assert "line 3, column 2 (Name): the name is 61 characters long" in done.stderr
    slash = run("campaign", "add-worlds", "Reaches", str(MARROWIND), "--sector", "a/b")
    assert slash.returncode == 2 and "holds a '/'" in slash.stderr
    assert len(ok(run("campaign", "worlds", "Reaches")).splitlines()) == 1 + 14  # nothing was added


@pytest.mark.parametrize(
    ("change", "pointer", "fragment"),
    [
        (lambda w: w[3].update(name="Nul\x00World"), "/campaign/worlds/3/name", "NUL"),
        (lambda w: w[3].update(remarks="Ag\x1b[2J"), "/campaign/worlds/3/remarks", "U+001B"),
        (lambda w: w[9].update(hex="0101"), "/campaign/worlds/9/hex", "also world 8's"),
        (lambda w: w[9].update(sector="marrowind"), "/campaign/worlds/9/hex", "also world 1's"),
    ],
)
def test_the_import_checks_the_worlds_as_add_worlds_does(
    league: dict[str, Any], tmp_path: Path, change: Callable[[list[dict[str, Any]]], None], pointer: str, fragment: str
) -> None:
    from lifepath.store import exchange

    header, rest = league["export"].read_text(encoding="utf-8").split("\n", 1)
    head = json.loads(header)
    change(head["campaign"]["worlds"])
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(head) + "\n" + rest, encoding="utf-8")
    found = exchange.ImportFile.read(path)
    with pytest.raises(LifepathError) as caught:
        exchange._check_worlds(found, head["campaign"]["worlds"])
    message = caught.value.paragraph()
    assert pointer in message and fragment in message, message


def test_an_old_shape_character_still_verifies_and_imports(league: dict[str, Any]) -> None:
    """Characters made before the list was kept once (the fixture imports one, exports, imports and verifies
    it with the others) still replay, alone too."""
    from lifepath.host.manager import get_registry
    from lifepath.replay import verify

    assert verify(get_registry(), old_shape()).identical
    lines = league["export"].read_text(encoding="utf-8").splitlines()[1:]
    assert sum("worlds" in json.loads(line)["character"]["provenance"]["options"] for line in lines) == 1


def test_a_list_that_is_not_here_is_one_clear_paragraph() -> None:
    from lifepath.creation import create
    from lifepath.decisions import PolicyChooser
    from lifepath.host.manager import get_registry

    with pytest.raises(LifepathError, match="list of 3 worlds this character is made from is not here"):
        create(
            get_registry(),
            "nowhere-yet",
            seed=1,
            chooser=PolicyChooser(1),
            options={"world_list": {"count": 3, "sha256": "0" * 64}},
        )
