"""``lifepath odds`` for the rulesets other than Nowhere Yet: the outcomes each declares (``Ruleset.tallies``)
and their per-option tables, checked figure by figure against the same characters' exports as ``generate``
writes them, counted here from their sheets by other routes than the tallies take (the sheet's traits
where a tally reads the build, the sheet's Background where it reads the decision, the sheet's careers
where it reads the ``path`` decisions, the terms' Hard Term flags where it reads the crises).

Each ruleset's odds and exports are made once for the module (a few hundred milliseconds each); the
checks of chunking, rewording and Nowhere Yet run in-process.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import pytest

from lifepath.batches.odds import Batch, Tally, tallies_of, tally_chunk
from lifepath.engine import houserules
from lifepath.host.registry import Registry
from lifepath.testing import create_character, make_registry

LIFEPATH = os.path.join(os.path.dirname(sys.executable), "lifepath")
REPO = Path(__file__).resolve().parents[2]
COUNT, SEED = 40, 5
RULESETS = ("d6-pool", "wormwood-drift", "black-nova")


def run(tmp: Path, *args: str) -> str:
    env = {**os.environ, "LIFEPATH_DB": str(tmp / "default.db"), "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run(
        [LIFEPATH, *args], capture_output=True, text=True, encoding="utf-8", env=env, cwd=tmp, timeout=600
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[dict[str, Any], list[dict[str, Any]]]]:
    """For each ruleset: the run of ``odds --json`` and the sheets of the same characters (``generate``)."""
    tmp = tmp_path_factory.mktemp("odds-rulesets")
    out = {}
    for ruleset in RULESETS:
        common = ("--ruleset", ruleset, "--count", str(COUNT), "--seed", str(SEED))
        (report,) = json.loads(run(tmp, "odds", *common, "--json"))["runs"]
        lines = run(tmp, "generate", *common, "--format", "jsonl").splitlines()
        out[ruleset] = (report, [json.loads(line)["sheet"] for line in lines])
    return out


# -- the figures, counted here ----------------------------------------------------------------------


def ordered(counts: Mapping[str, int]) -> list[tuple[str, int]]:
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


def labels_entry(per_sheet: Iterable[set[str]], n: int) -> list[dict[str, Any]]:
    counts: Counter[str] = Counter()
    for labels in per_sheet:
        counts.update(labels)
    return [{"label": label, "characters": k, "share": k / n} for label, k in ordered(counts)]


def means(per_sheet: list[dict[str, int]]) -> dict[str, float]:
    names: dict[str, list[int]] = defaultdict(list)
    for numbers in per_sheet:
        for name, value in numbers.items():
            names[name].append(value)
    return {name: sum(values) / len(values) for name, values in names.items()}


def entry(run: Mapping[str, Any], key: str, within: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    found = [o for o in (within if within is not None else run["outcomes"]) if o["key"] == key]
    assert len(found) == 1, key
    return found[0]


def check_numbers(got: Mapping[str, Any], expected: Mapping[str, float], show: Callable[[float], str] = str) -> None:
    by_name = {n["name"]: n for n in got["names"]}
    assert list(by_name) == list(expected)
    for name, mean in expected.items():
        assert by_name[name]["mean"] == pytest.approx(mean, rel=1e-12), name
        assert by_name[name]["mean_shown"] == show(mean), name


def check_options(
    run: Mapping[str, Any],
    key: str,
    label_of: Callable[[dict[str, Any]], Iterable[str]],
    sheets: list[dict[str, Any]],
    check: Callable[[dict[str, Any], list[dict[str, Any]]], None],
) -> None:
    """The per-option table of ``key``: one column per label (commonest first), each with its characters
    and ``check`` of its outcomes against the sheets that have the label."""
    (by,) = [b for b in run["by_option"] if b["key"] == key]
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for sheet in sheets:
        for label in set(label_of(sheet)):
            groups[label].append(sheet)
    expected = ordered({label: len(group) for label, group in groups.items()})
    assert [(o["label"], o["characters"]) for o in by["options"]] == expected
    for option in by["options"]:
        assert option["share"] == len(groups[option["label"]]) / len(sheets)
        assert key not in {o["key"] for o in option["outcomes"]}
        check(option, groups[option["label"]])


# -- D6 pool ------------------------------------------------------------------------------------------


def die_code(pips: float) -> str:
    def code(p: int) -> str:
        return f"{p // 3}D" + (f"+{p % 3}" if p % 3 else "")

    return code(int(pips)) if isinstance(pips, int) else f"{code(round(pips))} ({pips:.2f} pips)"


def traits(sheet: dict[str, Any], kind: str) -> set[str]:
    """The bought traits of a kind, read from the sheet's trait lines (``Fame (Advantage, 2)``); a
    species' own (``(Quillkin Special Ability, 1 rank)``) are not bought."""
    return {m[1] for t in sheet["traits"] if (m := re.match(rf"^(.+) \({kind}, ", t))}


def test_d6_pool_counts_classes_species_attributes_purchases_and_points(made) -> None:
    run, sheets = made["d6-pool"]
    n = len(sheets)
    assert n == COUNT and run["careers"] == []
    assert set(run) >= {"outcomes", "by_option"}
    assert [o["key"] for o in run["outcomes"]] == [
        "class",
        "species",
        "attributes",
        "skills",
        "specialisations",
        "advantages",
        "special_abilities",
        "disadvantages",
        "points",
        "unspent",
    ]
    assert entry(run, "class")["counts"] == labels_entry(({s["extra"]["class"]} for s in sheets), n)
    assert entry(run, "species")["counts"] == labels_entry(({s["species"]} for s in sheets), n)
    check_numbers(entry(run, "attributes"), means([s["characteristics"] for s in sheets]), die_code)
    attributes = {n["name"]: n for n in entry(run, "attributes")["names"]}
    strength = Counter(s["characteristics"]["Strength"] for s in sheets)
    assert attributes["Strength"]["distribution"] == {str(p): strength[p] for p in sorted(strength)}
    assert attributes["Strength"]["shown"] == {str(p): die_code(p) for p in sorted(strength)}
    bought = [{k for k, v in s["extra"]["build"]["skills"].items() if v > 0} for s in sheets]
    assert entry(run, "skills")["counts"] == labels_entry(bought, n)
    for key, kind in (
        ("advantages", "Advantage"),
        ("special_abilities", "Special Ability"),
        ("disadvantages", "Disadvantage"),
    ):
        assert entry(run, key)["counts"] == labels_entry((traits(s, kind) for s in sheets), n), key
    left = [s["extra"]["points"]["pool"] - s["extra"]["points"]["spent"] for s in sheets]
    points = {p["name"]: p for p in entry(run, "points")["names"]}
    assert points["left unspent"]["mean"] == sum(left) / n
    assert points["in the pool"]["mean"] == pytest.approx(sum(s["extra"]["points"]["pool"] for s in sheets) / n)
    unspent = sum(x > 0 for x in left)
    assert entry(run, "unspent") == {
        "key": "unspent",
        "title": "Points left unspent",
        "kind": "share",
        "characters": unspent,
        "rate": unspent / n,
    }

    def per_class(option: dict[str, Any], group: list[dict[str, Any]]) -> None:
        k = len(group)
        check_numbers(
            entry(run, "attributes", option["outcomes"]), means([s["characteristics"] for s in group]), die_code
        )
        skills = labels_entry(({a for a, v in s["extra"]["build"]["skills"].items() if v > 0} for s in group), k)
        assert entry(run, "skills", option["outcomes"])["counts"] == skills
        assert entry(run, "species", option["outcomes"])["counts"] == labels_entry(({s["species"]} for s in group), k)
        share = entry(run, "unspent", option["outcomes"])
        assert share["rate"] == sum(s["extra"]["points"]["left"] > 0 for s in group) / k

    check_options(run, "class", lambda s: [s["extra"]["class"]], sheets, per_class)
    check_options(run, "species", lambda s: [s["species"]], sheets, lambda option, group: None)


def test_d6_pool_prints_its_tables_and_a_column_per_class(made, tmp_path: Path) -> None:
    _, sheets = made["d6-pool"]
    text = run(tmp_path, "odds", "--ruleset", "d6-pool", "--count", str(COUNT), "--seed", str(SEED))
    assert "No character served a career" not in text and "No character has an age" not in text
    for title in ("Class", "Attributes", "Skills bought", "Advantages", "Creation points", "By Class", "By Species"):
        assert re.search(rf"^{title} *$", text, re.M), title
    classes = ordered(Counter(s["extra"]["class"] for s in sheets))
    table = text.split("\nBy Class")[1].split("\nBy Species")[0]
    header = next(line for line in table.splitlines() if classes[0][0] in line)
    assert re.findall(r"\w+", header) == [name for name, _ in classes]
    row = next(line for line in table.splitlines() if line.startswith("│ characters"))
    cells = [c.strip() for c in row.strip("│").split("│")][1:]
    assert cells == [f"{k} ({100 * k / COUNT:.1f}%)" for _, k in classes]
    mean = sum(s["characteristics"]["Agility"] for s in sheets if s["extra"]["class"] == classes[0][0]) / classes[0][1]
    agility = next(line for line in table.splitlines() if line.startswith("│   Agility"))
    assert [c.strip() for c in agility.strip("│").split("│")][1] == die_code(mean)


# -- Wormwood Drift -------------------------------------------------------------------------------------


def paths_of(sheet: dict[str, Any]) -> set[str]:
    return {c["name"] for c in sheet["careers"]}


def hard(sheet: dict[str, Any]) -> bool:
    return any(term["hard_term"] for term in sheet["extra"]["terms"])


def test_wormwood_drift_counts_backgrounds_paths_scars_attributes_and_skills(made) -> None:
    run, sheets = made["wormwood-drift"]
    n = len(sheets)
    assert run["careers"], "a lifepath ruleset keeps its career figures"
    assert entry(run, "background")["counts"] == labels_entry(({s["extra"]["background"]} for s in sheets), n)
    assert entry(run, "path")["counts"] == labels_entry((paths_of(s) for s in sheets), n)
    assert entry(run, "formative_event")["counts"] == labels_entry(({s["extra"]["formative_event"]} for s in sheets), n)
    check_numbers(entry(run, "attributes"), means([s["characteristics"] for s in sheets]), lambda v: f"{v:.2f}")
    assert entry(run, "skills")["counts"] == labels_entry((set(s["skills"]) for s in sheets), n)
    check_numbers(
        entry(run, "scars"), {"Scars": sum(len(s["extra"]["scars"]) for s in sheets) / n}, lambda v: f"{v:.2f}"
    )
    assert entry(run, "hard_term")["characters"] == sum(hard(s) for s in sheets)
    ends = means(
        [{"Terms": sum(c["terms"] for c in s["careers"]), "Age": s["age"], "Credits": s["credits"]} for s in sheets]
    )
    check_numbers(entry(run, "end"), ends, lambda v: f"{v:.2f}")
    # the career table and the Career Path tally count the same characters
    assert {c["career"]: c["entered"] for c in run["careers"]} == {
        c["label"]: c["characters"] for c in entry(run, "path")["counts"]
    }

    def per_background(option: dict[str, Any], group: list[dict[str, Any]]) -> None:
        k = len(group)
        outcomes = option["outcomes"]
        check_numbers(
            entry(run, "attributes", outcomes), means([s["characteristics"] for s in group]), lambda v: f"{v:.2f}"
        )
        check_numbers(
            entry(run, "scars", outcomes),
            {"Scars": sum(len(s["extra"]["scars"]) for s in group) / k},
            lambda v: f"{v:.2f}",
        )
        assert entry(run, "hard_term", outcomes)["rate"] == sum(hard(s) for s in group) / k
        assert entry(run, "path", outcomes)["counts"] == labels_entry((paths_of(s) for s in group), k)
        assert entry(run, "skills", outcomes)["counts"] == labels_entry((set(s["skills"]) for s in group), k)

    check_options(run, "background", lambda s: [s["extra"]["background"]], sheets, per_background)
    check_options(run, "path", paths_of, sheets, lambda option, group: None)


# -- Black Nova -----------------------------------------------------------------------------------------


def black_nova_data(name: str) -> dict[str, Any]:
    return json.loads((REPO / "plugins" / "black_nova" / "data" / f"{name}.json").read_text(encoding="utf-8"))


def test_black_nova_counts_perks_attributes_skill_ranks_and_points_left(made) -> None:
    run, sheets = made["black-nova"]
    n = len(sheets)
    skills = [s["name"] for s in black_nova_data("skills")["skills"]]
    costs = {p["name"]: p["cost"] for p in black_nova_data("perks")["perks"]}
    pool, skill_pool = black_nova_data("attributes")["points"], black_nova_data("skills")["points"]

    def perks(sheet: dict[str, Any]) -> set[str]:
        return set(sheet["traits"]) or {"no perk"}

    def ranks(sheet: dict[str, Any]) -> dict[str, int]:
        return {name: sheet["skills"].get(name, 0) for name in skills}

    def left(sheet: dict[str, Any]) -> dict[str, int]:
        spent = sum(sheet["characteristics"].values()) + sum(costs[t] for t in sheet["traits"])
        return {"attribute points": pool - spent, "skill points": skill_pool - sum(sheet["skills"].values())}

    assert entry(run, "perks")["counts"] == labels_entry((perks(s) for s in sheets), n)
    check_numbers(entry(run, "attributes"), means([s["characteristics"] for s in sheets]), lambda v: f"{v:.2f}")
    check_numbers(entry(run, "skills"), means([ranks(s) for s in sheets]), lambda v: f"{v:.2f}")
    check_numbers(entry(run, "unspent"), means([left(s) for s in sheets]), lambda v: f"{v:.2f}")
    assert entry(run, "unspent_any")["characters"] == sum(any(v > 0 for v in left(s).values()) for s in sheets) == 0

    def per_perk(option: dict[str, Any], group: list[dict[str, Any]]) -> None:
        outcomes = option["outcomes"]
        check_numbers(
            entry(run, "attributes", outcomes), means([s["characteristics"] for s in group]), lambda v: f"{v:.2f}"
        )
        check_numbers(entry(run, "skills", outcomes), means([ranks(s) for s in group]), lambda v: f"{v:.2f}")

    check_options(run, "perks", perks, sheets, per_perk)


# -- in-process: chunks, words, Nowhere Yet ------------------------------------------------------------


@pytest.fixture(scope="module")
def registry() -> Registry:
    return make_registry()


def batch(registry: Registry, ruleset: str) -> Batch:
    return Batch(ruleset, SEED, houserules.resolve(registry.declaration(ruleset), {}, []), {})


@pytest.mark.parametrize("ruleset", RULESETS)
def test_chunks_merge_into_the_figures_of_one_chunk(registry: Registry, ruleset: str) -> None:
    """Workers hand back chunks in index order and they are merged: any cut gives the same report."""
    b, outcomes = batch(registry, ruleset), tallies_of(registry, ruleset)
    whole = tally_chunk(b, registry, 0, 24)
    parts = [tally_chunk(b, registry, start, stop) for start, stop in ((0, 7), (7, 8), (8, 24))]
    for part in parts[1:]:
        parts[0].merge(part)
    assert parts[0].report(outcomes) == whole.report(outcomes)
    assert whole.report(outcomes) == tally_chunk(b, registry, 0, 24).report(outcomes)  # and again the same


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rewording_every_text_leaves_the_outcomes_as_they_were(registry: Registry, ruleset: str) -> None:
    outcomes = tallies_of(registry, ruleset)
    plain, reworded = Tally(detailed=False), Tally(detailed=False)
    for seed in range(1, 16):
        plain.add(create_character(registry, ruleset, seed=seed), {}, outcomes)
        character = create_character(registry, ruleset, seed=seed)
        for event in character.history:
            for field in ("text", "purpose", "why", "prompt", "context"):
                if field in event:
                    event[field] = "reworded"
        character.sheet.notes = ["reworded"]
        reworded.add(character, {}, outcomes)
    assert reworded.report(outcomes) == plain.report(outcomes)
    assert plain.report(outcomes)["by_option"]


def test_nowhere_yet_declares_no_tallies_and_its_report_has_no_outcomes(registry: Registry) -> None:
    assert tuple(registry.ruleset("nowhere-yet").tallies()) == ()
    report = tally_chunk(batch(registry, "nowhere-yet"), registry, 0, 3).report(())
    assert "outcomes" not in report and "by_option" not in report


def test_a_tally_reader_that_fails_names_the_tally_and_the_character(registry: Registry) -> None:
    from lifepath.batches.outcomes import check, read
    from lifepath.engine.tallies import Labels, Numbers
    from lifepath.errors import LifepathError

    character = create_character(registry, "black-nova", seed=1)
    with pytest.raises(LifepathError, match=r"'broken' could not read a character \(KeyError"):
        read([Labels("broken", "Broken", lambda c: c.sheet.extra["nothing"])], character)
    with pytest.raises(LifepathError, match="gave Strength a value that is not a whole number"):
        read([Numbers("halves", "Halves", lambda c: {"Strength": 1.5})], character)  # type: ignore[dict-item]
    with pytest.raises(LifepathError, match="declares the odds tally 'twice' twice"):
        check([Labels("twice", "A", lambda c: []), Labels("twice", "B", lambda c: [])], "black-nova")
