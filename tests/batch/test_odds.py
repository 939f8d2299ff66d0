"""``lifepath odds``: figures that agree with exact probabilities, a stable JSON shape, side-by-side house
rules, the same figures for any number of workers, and plots."""

from __future__ import annotations

import json
import math
import subprocess
from collections import Counter
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

TWO_D6 = Counter(a + b for a, b in product(range(1, 7), repeat=2))
P_2D6 = {total: Fraction(n, 36) for total, n in TWO_D6.items()}


def ok(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout


def odds_json(cli, *args: str) -> dict:
    return json.loads(ok(cli("odds", *args, "--json")))


def p_enlist(target: int) -> Fraction:
    """P(2D6 + DM(Int) >= target), Int itself 2D6 and DM = floor(Int / 3) - 2 (Nowhere Yet's ladder)."""
    return sum(
        (p_int * p_throw for i, p_int in P_2D6.items() for t, p_throw in P_2D6.items() if t + i // 3 - 2 >= target),
        Fraction(0),
    )


def test_navy_enlistment_agrees_with_the_exact_probability(cli) -> None:
    """Humans forced into the Navy first: the first enlistment throw is 2D6 + Int DM >= 6.

    The exact rate is 923/1296 (about 0.712); with n = 3000 its standard error is about 0.0083, and the
    test allows four of them.
    """
    n = 3000
    exact = p_enlist(6)
    assert exact == Fraction(923, 1296)
    report = odds_json(cli, "--count", str(n), "--seed", "1", "--career", "Navy", "--species", "human-male")
    navy = next(c for c in report["runs"][0]["careers"] if c["career"] == "Navy")
    assert navy["tried"] == n
    assert navy["qualification"]["throws"] == n
    tolerance = 4 * math.sqrt(float(exact * (1 - exact)) / n)
    assert abs(navy["qualification"]["rate"] - float(exact)) < tolerance, (navy["qualification"], float(exact))


def figures_from_exports(docs: list[dict]) -> dict:
    """The odds report's figures counted directly from character exports, written here independently of
    lifepath.batches.odds: what each figure should be for these characters."""
    n = len(docs)
    careers: dict[str, dict] = {}

    def career(name: str) -> dict:
        return careers.setdefault(
            name, {"entered": 0, "terms": 0, "ranks": Counter(), "last": 0, "throws": 0, "successes": 0}
        )

    terms = distinct = no_career = dead = crises = credits = debt = 0
    ages: Counter[int] = Counter()
    for doc in docs:
        sheet = doc["sheet"]
        ages[sheet["age"]] += 1
        dead += sheet["status"] == "dead"
        credits += sheet["credits"]
        debt += sum(d["amount"] for d in sheet["debts"])
        served: dict[str, list[int]] = {}
        for record in sheet["careers"]:
            terms += record["terms"]
            entry = served.setdefault(record["name"], [0, 0])
            entry[0] += record["terms"]
            entry[1] = max(entry[1], record["rank"])
        distinct += len(served)
        no_career += not served
        for name, (served_terms, rank) in served.items():
            career(name)["entered"] += 1
            career(name)["terms"] += served_terms
            career(name)["ranks"][rank] += 1
        if sheet["careers"]:
            career(sheet["careers"][-1]["name"])["last"] += 1
        crises += any(e["type"] == "crisis" and e["kind"] != "survival" for e in doc["history"])
        first: dict[str, bool] = {}
        for e in doc["history"]:
            if e["type"] == "throw" and e["purpose"].startswith(("qualification: ", "enlistment: ")):
                first.setdefault(e["purpose"].split(": ", 1)[1], e["success"])
        for name, success in first.items():
            career(name)["throws"] += 1
            career(name)["successes"] += success
    return {
        "summary": {
            "characters": n,
            "mean_terms": terms / n,
            "mean_careers": distinct / n,
            "no_career": no_career,
            "death_rate": dead / n,
            "mean_age": sum(a * k for a, k in ages.items()) / n,
            "crisis_rate": crises / n,
            "mean_credits": credits / n,
            "mean_debt": debt / n,
        },
        "ages": {str(a): k for a, k in sorted(ages.items())},
        "careers": careers,
    }


def test_the_json_has_a_stable_shape(cli) -> None:
    report = odds_json(cli, "--count", "200", "--seed", "4")
    assert set(report) == {"ruleset", "count", "seed", "runs"}
    assert (report["ruleset"], report["count"], report["seed"]) == ("nowhere-yet", 200, 4)
    (run,) = report["runs"]
    assert run["label"] == "baseline"
    assert run["rules"]["max_terms"] == 7 and run["detailed"] is True
    assert set(run["summary"]) == {
        "characters",
        "mean_terms",
        "mean_careers",
        "no_career",
        "death_rate",
        "mean_age",
        "crisis_rate",
        "mean_credits",
        "mean_debt",
    }
    assert run["summary"]["characters"] == 200
    assert sum(run["age"]["distribution"].values()) == 200
    for career in run["careers"]:
        assert {
            "career",
            "entered",
            "terms",
            "mean_terms",
            "rank",
            "died_in",
            "tried",
            "qualification",
            "mishaps",
            "mishap_rate",
            "crisis",
            "last_career",
        } == set(career)
        assert sum(career["rank"]["distribution"].values()) == career["entered"]
        if career["qualification"] is not None:
            q = career["qualification"]
            assert q["throws"] <= career["tried"] and q["successes"] <= q["throws"]
    assert sum(c["last_career"]["characters"] for c in run["careers"]) == 200 - run["summary"]["no_career"]
    # the figures are those counted straight from the same 200 characters, as `generate` makes them
    made = ok(cli("generate", "--count", "200", "--seed", "4", "--format", "jsonl", "--history"))
    docs = [json.loads(line) for line in made.splitlines()]
    expected = figures_from_exports(docs)
    assert run["summary"] == pytest.approx(expected["summary"])
    assert run["age"]["distribution"] == expected["ages"]
    assert {c["career"] for c in run["careers"]} == set(expected["careers"])
    for c in run["careers"]:
        want = expected["careers"][c["career"]]
        assert (c["entered"], c["terms"], c["last_career"]["characters"]) == (
            want["entered"],
            want["terms"],
            want["last"],
        ), c["career"]
        assert c["rank"]["distribution"] == {str(r): k for r, k in sorted(want["ranks"].items())}, c["career"]
        got = c["qualification"] or {"throws": 0, "successes": 0}
        assert (got["throws"], got["successes"]) == (want["throws"], want["successes"]), c["career"]


def test_compare_gives_two_columns_and_fewer_terms_under_a_cap(cli) -> None:
    report = odds_json(cli, "--count", "400", "--seed", "2", "--compare", "max_terms=4")
    base, capped = report["runs"]
    assert (base["label"], capped["label"]) == ("baseline", "compare")
    assert (base["rules"]["max_terms"], capped["rules"]["max_terms"]) == (7, 4)
    assert capped["summary"]["mean_terms"] < base["summary"]["mean_terms"]
    text = ok(cli("odds", "--count", "100", "--seed", "2", "--compare", "max_terms=4"))
    header = next(line for line in text.splitlines() if "baseline" in line)
    assert "baseline (max_terms=7)" in header and "compare (max_terms=4)" in header


def test_the_figures_are_the_same_for_any_number_of_workers(cli) -> None:
    args = ("--count", "600", "--seed", "6", "--rule", "survival_failure=death")
    one, two = odds_json(cli, *args), odds_json(cli, *args, "--workers", "2")
    assert one == two
    assert one["runs"][0]["summary"]["death_rate"] > 0


def test_other_rulesets_get_the_generic_figures(cli) -> None:
    run = odds_json(cli, "--ruleset", "wormwood-drift", "--count", "100")["runs"][0]
    assert run["detailed"] is False
    assert run["summary"]["crisis_rate"] is None and run["summary"]["mean_credits"] is None
    assert run["careers"] and all("qualification" not in c for c in run["careers"])
    assert sum(c["entered"] for c in run["careers"]) >= 100


def test_the_terminal_output_has_tables_and_bars(cli) -> None:
    text = ok(cli("odds", "--count", "150", "--seed", "3"))
    for heading in ("Overall", "Careers", "Age at the end of creation", "qualified", "mishap/term", "ranks 0-"):
        assert heading in text
    assert "█" in text


def test_plot_writes_an_image(cli, tmp_path: Path) -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        pytest.skip("needed in CI: matplotlib is not installed (pip install 'lifepath[plot]')")
    ok(cli("odds", "--count", "100", "--plot", "odds.png", "--compare", "max_terms=3"))
    assert (tmp_path / "odds.png").read_bytes().startswith(b"\x89PNG")
    ok(cli("odds", "--count", "50", "--plot", "odds.svg", "--ruleset", "wormwood-drift"))
    assert b"<svg" in (tmp_path / "odds.svg").read_bytes()[:1000]


def test_plot_without_matplotlib_names_the_extra(cli, tmp_path: Path, without_modules) -> None:
    done = cli("odds", "--count", "10", "--plot", "odds.png", env=without_modules("matplotlib"))
    assert done.returncode == 2, done.stderr
    assert "pip install 'lifepath[plot]'" in done.stderr
    assert not (tmp_path / "odds.png").exists()


def test_a_plot_needs_png_or_svg(cli) -> None:
    done = cli("odds", "--count", "10", "--plot", "odds.jpg")
    assert done.returncode == 2 and "ending in .png or .svg" in done.stderr
