"""``lifepath generate``: batches that do not depend on the number of workers, replay one character at a
time, stream to stdout or a file written whole, and save to a campaign."""

from __future__ import annotations

import csv
import io
import json
import math
import os
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from lifepath.batches.seeds import MAX_SEED, derive_seed
from lifepath.replay import verify
from lifepath.testing import make_registry

REGISTRY = make_registry()


def ok(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout


def one_error(done: subprocess.CompletedProcess[str], *fragments: str) -> str:
    """A user mistake: exit 2, one ``error:`` paragraph on stderr naming each fragment, no traceback."""
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    return lines[0]


def jsonl(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


# -- derived seeds --------------------------------------------------------------------------------


def test_derived_seeds_are_fixed_and_in_range() -> None:
    # pinned: changing the derivation would change every batch anyone has made
    assert derive_seed(1, 0) == 3191376284603112801
    seeds = {derive_seed(7, i) for i in range(2000)}
    assert len(seeds) == 2000
    assert all(0 <= s <= MAX_SEED for s in seeds)
    assert derive_seed(7, 3) != derive_seed(8, 3)


# -- the same output for any number of workers -------------------------------------------------------


@pytest.mark.parametrize("fmt", ["ucf", "jsonl", "csv"])
def test_the_output_is_the_same_for_one_worker_or_two(cli, tmp_path: Path, fmt: str) -> None:
    args = ["generate", "--count", "250", "--seed", "11", "--format", fmt]
    one = ok(cli(*args, "--workers", "1"))
    two = ok(cli(*args, "--workers", "2"))
    assert one == two
    ok(cli(*args, "--workers", "2", "--out", "batch.out"))
    assert (tmp_path / "batch.out").read_text(encoding="utf-8") == one
    if fmt == "jsonl":
        assert len(one.splitlines()) == 250
    elif fmt == "ucf":
        assert len(one.split("\n\n")) == 250  # a blank line between characters


@pytest.mark.parametrize("history", [False, True])
def test_a_character_of_a_batch_replays_alone(cli, history: bool) -> None:
    args = ("generate", "--count", "20", "--seed", "3", "--format", "jsonl") + (("--history",) if history else ())
    lines = ok(cli(*args)).splitlines()
    exported = json.loads(lines[13])
    assert exported["provenance"]["seed"] == derive_seed(3, 13)
    verdict = verify(REGISTRY, exported)
    assert verdict.identical, verdict.message
    assert lines[13] == json.dumps(exported, ensure_ascii=False)  # one record per line, as written


def test_the_same_seed_gives_the_same_character_as_create(cli) -> None:
    """Character i of a batch is `create --auto --seed derive_seed(S, i)`: with --history the very same
    export, and by default its sheet and provenance (a brief)."""
    full = jsonl(ok(cli("generate", "--count", "3", "--seed", "9", "--format", "jsonl", "--history")))[2]
    brief = jsonl(ok(cli("generate", "--count", "3", "--seed", "9", "--format", "jsonl")))[2]
    alone = json.loads(ok(cli("create", "--auto", "--seed", str(derive_seed(9, 2)), "--json")))
    assert full == alone
    assert brief == {
        "$schema": "https://lifepath.example/schemas/character-brief.schema.json",
        "format": "lifepath.character-brief/1",
        "sheet": alone["sheet"],
        "provenance": alone["provenance"],
    }


# -- options ------------------------------------------------------------------------------------------


def test_zero_term_npcs(cli) -> None:
    characters = jsonl(ok(cli("generate", "--count", "40", "--seed", "2", "--terms", "0", "--format", "jsonl")))
    assert len(characters) == 40
    for c in characters:
        assert c["sheet"]["careers"] == []
        assert c["provenance"]["options"]["terms"] == 0


class FirstCareer(Exception):
    """Ends a creation at its first career decision, carrying the answer."""


class StopAtFirstCareer:
    """The NPC policy of one character, stopped once it has chosen its first career (the rest of a life
    is not needed to count first careers)."""

    trusted = True

    def __init__(self, seed: int) -> None:
        from lifepath.decisions import PolicyChooser

        self.policy = PolicyChooser(seed)

    def choose(self, decision):
        answer = self.policy.choose(decision)
        if decision.key == "career":
            raise FirstCareer(answer)
        return answer


def first_careers(weights: dict[str, float], n: int, batch_seed: int) -> list[str]:
    """The first career chosen by characters 0..n-1 of a batch, as `generate --career` makes them."""
    from lifepath.creation import create
    from lifepath.engine.houserules import resolve
    from lifepath.testing import make_registry

    registry = make_registry("nowhere_yet")
    rules = resolve(registry.declaration("nowhere-yet"))
    firsts = []
    for i in range(n):
        seed = derive_seed(batch_seed, i)
        try:
            create(
                registry,
                "nowhere-yet",
                seed=seed,
                rules=rules,
                chooser=StopAtFirstCareer(seed),
                options={"career_weights": weights},
            )
        except FirstCareer as chosen:
            firsts.append(chosen.args[0])
    return firsts


def test_career_weights_reach_each_character(cli) -> None:
    """`generate --career Navy=3 --career scout`: the weights are recorded, and every character's first
    career is the one the policy draws under exactly those weights."""
    n = 120
    args = ("--count", str(n), "--seed", "5", "--format", "jsonl", "--career", "Navy=3", "--career", "scout")
    characters = jsonl(ok(cli("generate", *args)))
    assert characters[0]["provenance"]["options"]["career_weights"] == {"Navy": 3, "Scout": 1}
    firsts = [next(a for k, a in c["provenance"]["decisions"] if k == "career") for c in characters]
    assert firsts == first_careers({"Navy": 3, "Scout": 1}, n, 5)
    assert set(firsts) == {"navy", "scout"}


def test_career_weights_steer_the_first_career() -> None:
    """Navy=3, Scout=1: the first career chosen is the Navy with probability 3/4.

    With n = 5,000 the standard error of the share is sqrt(3/4 * 1/4 / 5000) = 0.0061; the test allows
    four (+/-0.0245: a band a correct engine leaves about once in 15,800 batches; the seed is fixed). A
    weighting one step off fails by far: 2:1 gives 2/3 (13 standard errors away), 4:1 gives 4/5 (8 away).
    """
    n = 5000
    firsts = Counter(first_careers({"Navy": 3, "Scout": 1}, n, 5))
    assert set(firsts) == {"navy", "scout"}
    tolerance = 4 * math.sqrt(0.75 * 0.25 / n)
    assert abs(firsts["navy"] / n - 0.75) < tolerance, firsts
    for wrong in (2 / 3, 4 / 5):
        assert abs(firsts["navy"] / n - wrong) > 2 * tolerance


def test_csv_has_a_header_and_one_row_per_character(cli) -> None:
    text = ok(cli("generate", "--count", "25", "--seed", "4", "--format", "csv"))
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][:2] == ["index", "seed"] and rows[0][-1] == "skills"
    upp = rows[0].index("Str"), rows[0].index("Soc")
    body = rows[1:]
    assert len(body) == 25
    assert [int(r[0]) for r in body] == list(range(25))
    assert [int(r[1]) for r in body] == [derive_seed(4, i) for i in range(25)]
    assert all(r[3] == "nowhere-yet" and all(v.isdigit() for v in r[upp[0] : upp[1] + 1]) for r in body)


# -- errors leave nothing behind --------------------------------------------------------------------


def test_an_unknown_career_is_one_message_and_no_file(cli, tmp_path: Path) -> None:
    done = cli("generate", "--count", "5", "--career", "Starfleet=2", "--out", "npcs.jsonl", "--format", "jsonl")
    one_error(done, "no career called 'Starfleet'", "Navy")
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("workers", ["1", "2"])
def test_an_error_while_generating_removes_the_partial_file(cli, tmp_path: Path, workers: str) -> None:
    """The homeworld is checked by the ruleset as each character is made, after the file is opened."""
    done = cli(
        "generate",
        "--count",
        "300",
        "--option",
        "homeworld=Nowhere",
        "--out",
        "npcs.csv",
        "--format",
        "csv",
        "--workers",
        workers,
    )
    one_error(done, "'Nowhere' is not one of the sample homeworlds")
    assert os.listdir(tmp_path) == []


def test_bad_values_are_one_message_each(cli) -> None:
    one_error(cli("generate", "--count", "2", "--format", "xml"), "'xml' is not a format `lifepath generate` writes")
    one_error(cli("generate", "--count", "2", "--career", "Navy=lots"), "'Navy=lots' is not a career weight")
    one_error(cli("generate", "--count", "2", "--species", "dragon"), "no species called 'dragon'")
    one_error(cli("generate", "--count", "2", "--rule", "max_terms=0"), "max_terms")


# -- campaigns ----------------------------------------------------------------------------------------


def test_a_batch_saved_to_a_campaign(cli, tmp_path: Path) -> None:
    db = str(tmp_path / "league.db")
    ok(cli("campaign", "new", "Spinward", "--rule", "max_terms=3", "--db", db))
    done = cli("generate", "--count", "120", "--seed", "8", "--campaign", "Spinward", "--db", db, "--workers", "2")
    assert ok(done) == ""  # saved, not printed
    assert "saved 120 character(s) in campaign 'Spinward'" in done.stderr
    roster = json.loads(ok(cli("roster", "Spinward", "--json", "--db", db)))
    assert len(roster) == 120
    assert {r["status"] for r in roster} == {"npc"}
    assert [r["seed"] for r in roster] == [derive_seed(8, i) for i in range(120)]  # saved in index order
    shown = json.loads(ok(cli("show", str(roster[7]["id"]), "--json", "--db", db)))
    assert shown["provenance"]["seed"] == derive_seed(8, 7)
    assert shown["provenance"]["house_rules"]["max_terms"] == 3


# -- data-only content: every worker loads it ------------------------------------------------------------

REPO = Path(__file__).resolve().parents[2]
COURIER = REPO / "docs" / "plugins" / "tutorial" / "lifepath_tutorial" / "data" / "courier.json"
MANIFEST = {
    "$schema": "https://lifepath.example/schemas/content-manifest.schema.json",
    "name": "couriers",
    "version": "1.0.0",
    "ruleset": "nowhere-yet",
    "careers": ["careers/courier.json"],
}


def courier_folder(root: Path) -> Path:
    folder = root / "couriers"
    (folder / "careers").mkdir(parents=True)
    (folder / "manifest.json").write_text(json.dumps(MANIFEST, indent=2) + "\n")
    (folder / "careers" / "courier.json").write_text(COURIER.read_text())
    return folder


def test_content_folders_reach_every_worker(cli, tmp_path: Path) -> None:
    folder = str(courier_folder(tmp_path / "content"))
    args = [
        "generate",
        "--count",
        "150",
        "--seed",
        "1",
        "-f",
        "jsonl",
        "--content",
        folder,
        "--career",
        "Courier",
        "--history",
    ]
    one = ok(cli(*args))
    assert one == ok(cli(*args, "--workers", "2"))
    first = jsonl(one)[120]
    assert {"name": "content:couriers", "version": "1.0.0"} in first["provenance"]["plugins"]
    chosen = next(e for e in first["history"] if e["type"] == "decision" and e["key"] == "career")
    assert chosen["answer"] == "courier"  # the only career weighted, so a forced decision


def test_a_campaigns_content_folders_are_loaded(cli, tmp_path: Path) -> None:
    folder = str(courier_folder(tmp_path / "content"))
    db = str(tmp_path / "league.db")
    ok(cli("campaign", "new", "Couriers", "--db", db))
    ok(cli("campaign", "add-content", "Couriers", folder, "--db", db))
    done = cli(
        "generate",
        "--count",
        "110",
        "--campaign",
        "Couriers",
        "--db",
        db,
        "--career",
        "Courier",
        "--workers",
        "2",
        "--out",
        "couriers.csv",
        "--format",
        "csv",
    )
    ok(done)
    rows = list(csv.reader(io.StringIO((tmp_path / "couriers.csv").read_text(encoding="utf-8"))))[1:]
    assert len(rows) == 110
    roster = json.loads(ok(cli("roster", "Couriers", "--json", "--db", db)))
    assert [r["seed"] for r in roster] == [int(r[1]) for r in rows]
