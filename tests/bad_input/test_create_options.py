"""Creation options (issues 15 and 17): ``create``'s flags and ``--option KEY=VALUE`` of ``create`` and
``generate`` are typed and checked in one place (:mod:`lifepath.engine.creation_options`), so a bad value is one
clear error naming the flag and the fix, exit code 2, never a traceback or a silently ignored option."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lifepath.engine import creation_options
from lifepath.errors import LifepathError, OptionError
from lifepath.plugins.nowhere_yet.homeworld import PSEUDOHEX, build
from lifepath.plugins.nowhere_yet.tables import tables
from lifepath.testing import make_registry

NOWHERE_YET = make_registry("nowhere_yet").ruleset("nowhere-yet")
FIELDS = ("size", "atmosphere", "hydrographics", "population", "government", "law_level", "tech_level")

Run = Callable[..., subprocess.CompletedProcess[str]]


def refused(done: subprocess.CompletedProcess[str], *words: str) -> str:
    """A user mistake: exit 2, one ``error:`` paragraph naming every word, no traceback, nothing printed."""
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    for word in words:
        assert word in lines[0], (word, lines[0])
    assert done.stdout == ""
    return lines[0]


def ok(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout


# -- 1. generate types its options exactly as create does --------------------------------------------


def test_generate_takes_a_law_level_option_as_create_takes_the_flag(run_cli: Run) -> None:
    line = ok(run_cli("generate", "--count", "1", "--seed", "11", "--option", "law_level=3", "--format", "jsonl"))
    batch = json.loads(line)
    assert batch["provenance"]["options"] == {"law_level": 3}  # a number, as from create --law-level
    assert batch["sheet"]["extra"]["homeworld"]["law_level"] == 3
    seed = str(batch["provenance"]["seed"])
    single = json.loads(ok(run_cli("create", "--auto", "--seed", seed, "--law-level", "3", "--json")))
    assert (single["sheet"], single["provenance"]) == (batch["sheet"], batch["provenance"])


def test_create_types_an_option_given_as_text_like_its_flag(run_cli: Run) -> None:
    by_option = ok(run_cli("create", "--auto", "--seed", "4", "--option", "law_level=7", "--json"))
    by_flag = ok(run_cli("create", "--auto", "--seed", "4", "--law-level", "7", "--json"))
    assert by_option == by_flag


@pytest.mark.parametrize("command", ["create", "generate"])
def test_a_law_level_that_is_not_a_number_names_the_option(run_cli: Run, command: str) -> None:
    extra = ["--auto"] if command == "create" else ["--count", "1"]
    refused(
        run_cli(command, *extra, "--seed", "1", "--option", "law_level=high"),
        "--option law_level 'high'",
        "whole number",
    )


# -- 3. options the ruleset does not know, empty values, impossible homeworlds ----------------------

CASES = {
    "no equals sign": (["--option", "foo"], ["--option 'foo'", "KEY=VALUE"]),
    "unknown name": (["--option", "hoemworld=Regina"], ["no creation option 'hoemworld'", "did you mean 'homeworld'"]),
    "empty option": (["--option", "law_level="], ["--option law_level is empty"]),
    "empty career": (["--career", ""], ["--career is empty", "leave out --career"]),
    "empty uwp": (["--uwp", ""], ["--uwp is empty", "leave out --uwp"]),
    "size 33": (["--uwp", "AZ88899-C"], ["--uwp 'AZ88899-C'", "size Z (33)", "from 0 to A (0 to 10)"]),
    "size and atmosphere 33": (["--uwp", "AZZ8899-C"], ["size Z (33)"]),
    "atmosphere 33": (["--uwp", "A7Z8899-C"], ["atmosphere Z (33)", "from 0 to F (0 to 15)"]),
    "uwp and trade codes": (
        ["--uwp", "A788899-C", "--trade-codes", "Ag"],
        ["--uwp and --trade-codes", "Give either --uwp"],
    ),
    "uwp and law level": (["--uwp", "A788899-C", "--law-level", "2"], ["--uwp and --law-level"]),
    "law level 99": (["--law-level", "99"], ["--law-level 99", "from 0 to 33"]),
    "negative law level": (["--law-level", "-1"], ["--law-level -1", "at least 0"]),
    "given twice": (["--option", "law_level=3", "--law-level", "3"], ["'law_level' is given twice", "Give it once"]),
    "terms not a number": (["--option", "terms=many"], ["--option terms 'many'", "whole number"]),
    "flag another ruleset's": (
        ["--ruleset", "wormwood-drift", "--species", "Vargr"],
        ["Wormwood Drift has no creation option 'species'", "Its options are: background, career, path, terms"],
    ),
    "option of a ruleset without options of that name": (
        ["--ruleset", "black-nova", "--option", "focsu=Strength"],
        ["Black Nova", "did you mean 'focus'"],
    ),
}


@pytest.mark.parametrize("args,words", list(CASES.values()), ids=list(CASES))
def test_create_refuses_bad_options(run_cli: Run, args: list[str], words: list[str]) -> None:
    refused(run_cli("create", "--auto", "--seed", "1", *args), *words)


@pytest.mark.parametrize(
    "args,words",
    [
        (["--option", "hoemworld=Regina"], ["no creation option 'hoemworld'"]),
        (["--option", "uwp=AZZ8899-C"], ["size Z (33)"]),
        (["--option", "uwp=A788899-C", "--option", "trade_codes=Ag"], ["--uwp and --trade-codes"]),
        (["--ruleset", "d6-pool", "--terms", "2"], ["D6 creation pool has no creation option 'terms'"]),
    ],
)
def test_generate_refuses_the_same_bad_options_before_making_anything(
    run_cli: Run, args: list[str], words: list[str]
) -> None:
    refused(run_cli("generate", "--count", "2", "--seed", "1", *args), *words)


def test_odds_checks_its_options_in_the_same_place(run_cli: Run) -> None:
    refused(
        run_cli("odds", "--count", "5", "--seed", "1", "--option", "law_level=high"),
        "--option law_level 'high'",
        "whole number",
    )
    refused(run_cli("odds", "--count", "5", "--seed", "1", "--option", "law_level"), "KEY=VALUE")


def test_uwp_ranges_are_the_srd_ranges() -> None:
    """worlds.md: Size 0-10 (A), Atmosphere never above 15 (F), Hydrographics and Population never above
    10 (A), Government never above 15 (F), Law Level and Tech Level never below 0 (no maximum printed)."""
    ranges = tables()["homeworld"]["uwp"]["ranges"]
    assert {k: (v["min"], v["max"]) for k, v in ranges.items()} == {
        "size": (0, 10),
        "atmosphere": (0, 15),
        "hydrographics": (0, 10),
        "population": (0, 10),
        "government": (0, 15),
        "law_level": (0, None),
        "tech_level": (0, None),
    }


@pytest.mark.parametrize(
    "highest,beyond,field",
    [
        ("AA88899-C", "AB88899-C", "size"),
        ("A8F8899-C", "A8G8899-C", "atmosphere"),
        ("A88A899-C", "A88B899-C", "hydrographics"),
        ("A888A99-C", "A888B99-C", "population"),
        ("A8888F9-C", "A8888G9-C", "government"),
    ],
)
def test_each_uwp_digit_is_checked_at_its_edge(highest: str, beyond: str, field: str) -> None:
    table = tables()["homeworld"]
    assert build("Edge", highest, None, None, table).uwp == highest
    with pytest.raises(LifepathError, match=f"has {field} "):
        build("Edge", beyond, None, None, table)


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=-50, max_value=120))
def test_an_option_as_text_is_typed_and_checked_exactly_as_its_flag(level: int) -> None:
    """``--option law_level=N`` (generate, odds, create) and ``--law-level N`` (create) give the same
    options, or the same refusal."""
    outcomes = []
    for pairs, flags in (([f"law_level={level}"], {}), ([], {"law_level": level})):
        try:
            outcomes.append(creation_options.parse(NOWHERE_YET, pairs, flags))
        except LifepathError as exc:
            assert isinstance(exc, OptionError) or "--law-level" in exc.message, exc.message
            outcomes.append(exc.paragraph().replace("--option law_level", "--law-level"))
    assert outcomes[0] == outcomes[1]
    assert (outcomes[0] == {"law_level": level}) == (0 <= level <= len(PSEUDOHEX) - 1)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_a_uwp_is_accepted_exactly_when_every_digit_is_in_its_range(data: st.DataObject) -> None:
    table = tables()["homeworld"]
    ranges = table["uwp"]["ranges"]
    digits = [data.draw(st.integers(0, len(PSEUDOHEX) - 1), label=field) for field in FIELDS]
    uwp = "A" + "".join(PSEUDOHEX[d] for d in digits[:6]) + "-" + PSEUDOHEX[digits[6]]
    top = {f: len(PSEUDOHEX) - 1 if r["max"] is None else r["max"] for f, r in ranges.items()}
    legal = all(ranges[f]["min"] <= d <= top[f] for f, d in zip(FIELDS, digits, strict=True))
    try:
        build("Drawn", uwp, None, None, table)
    except LifepathError as exc:
        assert not legal, exc.message
        first = next(f for f, d in zip(FIELDS, digits, strict=True) if not ranges[f]["min"] <= d <= top[f])
        assert f"has {first.replace('_', ' ')} " in exc.message
    else:
        assert legal


def test_a_good_uwp_still_makes_its_homeworld(run_cli: Run) -> None:
    doc = json.loads(ok(run_cli("create", "--auto", "--seed", "1", "--uwp", "a788899-c", "--json")))
    assert doc["sheet"]["extra"]["homeworld"]["uwp"] == "A788899-C"


# -- workers -----------------------------------------------------------------------------------------


def test_workers_beyond_the_cpus_are_capped_with_a_warning(run_cli: Run) -> None:
    args = ("generate", "--count", "3", "--seed", "5", "--format", "jsonl")
    capped = run_cli(*args, "--workers", "10000")
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    assert f"warning: --workers 10000 is more than the {usable} CPU(s) here; using {usable}" in capped.stderr
    one = run_cli(*args, "--workers", "1")
    assert "warning" not in one.stderr
    assert ok(capped) == ok(one)
