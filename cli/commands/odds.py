"""``lifepath odds``: what a ruleset and its house rules do to characters, from a seeded Monte Carlo.

The counting is :func:`lifepath.batches.odds.compute_odds` (plain data, also printed by ``--json``); this module
draws it: rich tables, unicode bars for the age and rank distributions, and ``--plot`` with matplotlib
(the optional extra ``lifepath[plot]``). ``--compare NAME=VALUE`` runs the same characters (the same
seeds) under a second set of house rules, the first set changed by those values, and shows both side by
side.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from lifepath.cli.commands import command

if TYPE_CHECKING:
    from rich.console import Console

BLOCKS = " ▏▎▍▌▋▊▉█"
SPARKS = "▁▂▃▄▅▆▇█"
BAR_WIDTH = 32
PLOT_SUFFIXES = (".png", ".svg")


def register(app: typer.Typer) -> None:
    command(app, "odds")(odds)


# -- small formatters ---------------------------------------------------------------------------


def percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def number(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def money(value: float | None) -> str:
    return "-" if value is None else f"Cr{round(value):,}"


def bar(share: float, width: int = BAR_WIDTH) -> str:
    """A horizontal bar ``share`` (0 to 1) of ``width`` cells long, in eighths of a cell."""
    eighths = round(max(0.0, min(1.0, share)) * width * 8)
    full, part = divmod(eighths, 8)
    return "█" * full + (BLOCKS[part] if part else "")


def sparkline(distribution: Mapping[str, int], top: int) -> str:
    """One column per value from 0 to ``top``, as high as its share of the largest (blank: none)."""
    counts = [distribution.get(str(v), 0) for v in range(top + 1)]
    most = max(counts) or 1
    return "".join(" " if c == 0 else SPARKS[min(len(SPARKS) - 1, (c * len(SPARKS) - 1) // most)] for c in counts)


def age_bins(runs: Sequence[Mapping[str, Any]], most: int = 15) -> list[tuple[int, int]]:
    """Age ranges ``(low, high)`` covering every run's ages, in widths of 1, 2, 4, 5 or 10 years."""
    ages = [int(a) for run in runs for a in run["age"]["distribution"]]
    if not ages:
        return []
    low, high = min(ages), max(ages)
    width = next((w for w in (1, 2, 4, 5, 10, 20) if math.ceil((high - low + 1) / w) <= most), 50)
    return [(start, start + width - 1) for start in range(low, high + 1, width)]


def binned(run: Mapping[str, Any], bins: Sequence[tuple[int, int]]) -> list[float]:
    """The share of the run's characters in each age range."""
    dist = {int(a): n for a, n in run["age"]["distribution"].items()}
    total = sum(dist.values()) or 1
    return [sum(n for a, n in dist.items() if lo <= a <= hi) / total for lo, hi in bins]


def differing_rules(runs: Sequence[Mapping[str, Any]]) -> list[str]:
    names = sorted({k for run in runs for k in run["rules"]})
    return [k for k in names if len({json.dumps(run["rules"].get(k)) for run in runs}) > 1]


def run_label(run: Mapping[str, Any], keys: Sequence[str]) -> str:
    shown = ", ".join(f"{k}={'none' if run['rules'].get(k) is None else run['rules'].get(k)}" for k in keys)
    return f"{run['label']} ({shown})" if shown else str(run["label"])


# -- terminal output ----------------------------------------------------------------------------


def render(console: Console, result: Mapping[str, Any]) -> None:
    """The tables and bar charts for one run or two, on ``console``."""
    from rich.text import Text

    from lifepath.support.text import safe

    runs: list[Mapping[str, Any]] = result["runs"]
    keys = differing_rules(runs)
    labels = [run_label(r, keys) for r in runs]
    first = runs[0]
    detailed = bool(first["detailed"])
    console.print(
        f"[bold]{result['ruleset']}[/bold]: {result['count']:,} characters per run, seed {result['seed']}"
        + (f", options {json.dumps(first['options'], ensure_ascii=False)}" if first["options"] else "")
    )

    outcomes = any(run.get("outcomes") for run in runs)
    careers = any(run["careers"] for run in runs)
    ages = any(set(run["age"]["distribution"]) - {"0"} for run in runs)
    if careers or ages or not outcomes:  # a point-build ruleset's own tallies say more than terms and ages
        generic(console, runs, labels, detailed)
    elif len(runs) > 1:  # the Overall table's headings are not there to name the rules
        console.print(Text(safe("runs: " + ", ".join(labels))))
    if outcomes:
        from lifepath.cli.odds_outcomes import option_tables, outcome_tables

        short = [str(run["label"]) for run in runs]  # the columns' headings; the Overall table names the rules
        for table in [*outcome_tables(runs, short), *option_tables(runs, labels)]:
            console.print(table)


def generic(console: Console, runs: Sequence[Mapping[str, Any]], labels: Sequence[str], detailed: bool) -> None:
    """The figures every ruleset has: overall, per career and the ages (a line instead of a table without)."""
    from rich.table import Table

    outcomes = any(run.get("outcomes") for run in runs)
    summary = Table(title="Overall", title_justify="left")
    summary.add_column("")
    for label in labels:
        summary.add_column(label, justify="right")
    rows: list[tuple[str, Callable[[Mapping[str, Any]], str]]] = [
        ("mean terms", lambda s: number(s["mean_terms"])),
        ("mean careers", lambda s: number(s["mean_careers"])),
        ("no career", lambda s: f"{s['no_career']:,}"),
        ("mean age", lambda s: number(s["mean_age"], 1)),
        ("died in creation", lambda s: percent(s["death_rate"])),
    ]
    if detailed:
        rows += [
            ("had a crisis", lambda s: percent(s["crisis_rate"])),
            ("mean credits", lambda s: money(s["mean_credits"])),
            ("mean debt", lambda s: money(s["mean_debt"])),
        ]
    for name, show in rows:
        summary.add_row(name, *(show(r["summary"]) for r in runs))
    console.print(summary)
    if any(run["careers"] for run in runs):
        console.print(career_table(runs, labels, detailed))
    elif not outcomes:
        console.print("No character served a career (a point-build ruleset has none).")
    if any(set(run["age"]["distribution"]) - {"0"} for run in runs):
        console.print(age_chart(runs, labels))
    elif not outcomes:
        console.print("No character has an age: the ruleset records none.")


def career_table(runs: Sequence[Mapping[str, Any]], labels: Sequence[str], detailed: bool) -> Any:
    """Per career, one row per run (the rows of a career grouped when comparing)."""
    from rich.table import Table

    by_name = [{c["career"]: c for c in run["careers"]} for run in runs]
    names = sorted({n for found in by_name for n in found})
    top = max((int(r) for found in by_name for c in found.values() for r in c["rank"]["distribution"]), default=0)
    table = Table(title="Careers", title_justify="left")
    columns: list[tuple[str, Callable[[Mapping[str, Any]], str]]] = []
    if detailed:
        columns += [
            ("tried", lambda c: f"{c['tried']:,}"),
            ("qualified", lambda c: percent(c["qualification"]["rate"]) if c["qualification"] else "-"),
        ]
    columns += [
        ("entered", lambda c: f"{c['entered']:,}"),
        ("mean terms", lambda c: number(c["mean_terms"])),
    ]
    if detailed:
        columns += [("mishap/term", lambda c: percent(c["mishap_rate"]))]
    columns += [("mean rank", lambda c: number(c["rank"]["mean"]))]
    if detailed:
        columns += [
            ("crisis", lambda c: percent(c["crisis"]["rate"])),
            ("cash (last)", lambda c: money(c["last_career"]["mean_credits"])),
            ("debt (last)", lambda c: money(c["last_career"]["mean_debt"])),
        ]
    table.add_column("career")
    if len(runs) > 1:
        table.add_column("run")
    for heading, _ in columns:
        table.add_column(heading, justify="right")
    table.add_column(f"ranks 0-{top}")
    for name in names:
        for i, found in enumerate(by_name):
            lead = [name if i == 0 else ""] + ([str(runs[i]["label"])] if len(runs) > 1 else [])
            if name not in found:
                table.add_row(*lead, *("-" for _ in columns), "", end_section=len(runs) > 1 and i == len(runs) - 1)
                continue
            cells = [show(found[name]) for _, show in columns]
            spark = sparkline(found[name]["rank"]["distribution"], top)
            table.add_row(*lead, *cells, spark, end_section=len(runs) > 1 and i == len(runs) - 1)
    return table


def age_chart(runs: Sequence[Mapping[str, Any]], labels: Sequence[str]) -> Any:
    """The age distribution as horizontal bars, one bar column per run (scaled to the largest share)."""
    from rich.table import Table

    bins = age_bins(runs)
    shares = [binned(run, bins) for run in runs]
    most = max((s for run in shares for s in run), default=0.0) or 1.0
    table = Table(title="Age at the end of creation", title_justify="left")
    table.add_column("age")
    for label in labels:
        table.add_column(label)
        table.add_column("", justify="right")
    for i, (lo, hi) in enumerate(bins):
        cells: list[str] = []
        for run in shares:
            cells += [bar(run[i] / most), percent(run[i])]
        table.add_row(str(lo) if lo == hi else f"{lo}-{hi}", *cells)
    return table


# -- the plot -------------------------------------------------------------------------------------


def check_plot_target(path: Path) -> str:
    """The file's suffix, once it is known to be one we plot to and matplotlib is importable."""
    from lifepath.errors import LifepathError

    suffix = path.suffix.lower()
    if suffix not in PLOT_SUFFIXES:
        raise LifepathError(f"cannot plot to '{path.name}'", hint="give a file name ending in .png or .svg")
    try:
        import matplotlib  # type: ignore[import-not-found,unused-ignore]  # the optional extra "plot"
    except ImportError:
        raise LifepathError(
            "--plot needs matplotlib, which is not installed", hint="install it with: pip install 'lifepath[plot]'"
        ) from None
    matplotlib.use("Agg")
    return suffix


def plot(result: Mapping[str, Any], path: Path) -> None:
    """Write the charts to ``path`` (.png or .svg) with matplotlib, through a temporary file."""
    from lifepath.errors import LifepathError
    from lifepath.support.files import replacing

    suffix = check_plot_target(path)
    import matplotlib.pyplot as plt  # type: ignore[import-not-found,unused-ignore]

    runs: list[Mapping[str, Any]] = result["runs"]
    keys = differing_rules(runs)
    labels = [run_label(r, keys) for r in runs]
    detailed = bool(runs[0]["detailed"])
    names = sorted({c["career"] for run in runs for c in run["careers"]})
    fig, axes = plt.subplots(1, 3 if detailed else 2, figsize=(16 if detailed else 11, 6), layout="constrained")
    width = 0.8 / len(runs)
    bins = age_bins(runs)
    for i, (run, label) in enumerate(zip(runs, labels, strict=True)):
        shares = binned(run, bins)
        axes[0].bar([j + i * width for j in range(len(bins))], [100 * s for s in shares], width, label=label)
        found = {c["career"]: c for c in run["careers"]}
        terms = [(found[n]["mean_terms"] or 0.0) if n in found else 0.0 for n in names]
        axes[1].barh([j + i * width for j in range(len(names))], terms, width, label=label)
        if detailed:
            rates = [
                100 * found[n]["qualification"]["rate"] if n in found and found[n]["qualification"] else 0.0
                for n in names
            ]
            axes[2].barh([j + i * width for j in range(len(names))], rates, width, label=label)
    axes[0].set_xticks([j + width * (len(runs) - 1) / 2 for j in range(len(bins))])
    axes[0].set_xticklabels([str(lo) if lo == hi else f"{lo}-{hi}" for lo, hi in bins], rotation=45)
    axes[0].set(title="Age at the end of creation", xlabel="age", ylabel="% of characters")
    for ax, title, xlabel in (
        (axes[1], "Mean terms served", "terms"),
        *([(axes[2], "First qualification throw", "% qualified")] if detailed else []),
    ):
        ax.set_yticks([j + width * (len(runs) - 1) / 2 for j in range(len(names))])
        ax.set_yticklabels(names)
        ax.invert_yaxis()
        ax.set(title=title, xlabel=xlabel)
    if len(runs) > 1:
        fig.legend(*axes[0].get_legend_handles_labels(), loc="outside lower center", ncols=len(runs))
    fig.suptitle(f"{result['ruleset']}: {result['count']:,} characters, seed {result['seed']}")
    try:
        with replacing(path, suffix=suffix) as tmp:
            fig.savefig(tmp, format=suffix[1:])
    except OSError as exc:
        raise LifepathError(
            f"cannot write {path} ({exc.strerror})", hint="check the folder exists and is writable"
        ) from None
    finally:
        plt.close(fig)
    print(f"wrote {path}", file=sys.stderr)


# -- the command ----------------------------------------------------------------------------------


def odds(
    count: int = typer.Option(2000, "--count", "-n", min=1, help="Characters per run."),
    seed: int = typer.Option(1, "--seed", help="The batch seed (character i is character i of `generate --seed`)."),
    ruleset: str = typer.Option("nowhere-yet", "--ruleset", "-r", help="Ruleset id or name."),
    rule: list[str] = typer.Option([], "--rule", help="House rule NAME=VALUE (repeatable): the baseline."),
    compare: list[str] = typer.Option(
        [], "--compare", help="House rule NAME=VALUE (repeatable): a second run, the baseline with these changed."
    ),
    species: str = typer.Option(None, "--species", help="The species/origin of every character."),
    career: list[str] = typer.Option([], "--career", help="First career weights NAME=WEIGHT or NAME (repeatable)."),
    terms: int = typer.Option(None, "--terms", min=0, help="How many terms the NPC policy aims for."),
    option: list[str] = typer.Option([], "--option", help="A ruleset-specific creation option KEY=VALUE (repeatable)."),
    workers: int = typer.Option(
        1, "--workers", "-w", min=1, help="Worker processes; the figures are the same for any number."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the figures as JSON."),
    plot_to: Path = typer.Option(
        None, "--plot", help="Also draw the charts to FILE.png or FILE.svg (needs matplotlib)."
    ),
) -> None:
    """Odds for referees: a seeded Monte Carlo of NPCs under a ruleset and its house rules.

    Per career: who tried it, first qualification throws, mishaps per term, terms served, ranks, crises,
    and what its last members mustered out with; overall: the age distribution and more. A ruleset
    whose throws have no qualification, survival and mishap kinds (all but nowhere-yet today) gets the
    generic figures (careers, terms, ranks, ages) and the outcomes it declares (Ruleset.tallies: a
    class, attributes, skills, points left...), each with per-option tables: what the characters who
    chose each class (Background, perk...) ended with.
    """
    from lifepath.batches.odds import Batch, compute_odds
    from lifepath.cli.batching import cap_workers
    from lifepath.cli.commands.generate import batch_options, resolve_rules
    from lifepath.host.manager import get_registry

    if plot_to is not None:
        check_plot_target(plot_to)  # before the long part
    workers = cap_workers(workers)
    registry = get_registry()
    rs = registry.ruleset(ruleset)
    baseline = resolve_rules(registry, rs.id, {}, rule)
    rule_sets = [("baseline", baseline)]
    if compare:
        rule_sets.append(("compare", resolve_rules(registry, rs.id, baseline, compare)))
    options = batch_options(registry, rs.id, career=career, species=species, terms=terms, option=option)
    from lifepath.cli.commands.generate import progress_bar

    runs = []
    from lifepath.cli.errors import sigterm_unwinds

    with sigterm_unwinds(), progress_bar(sys.stderr.isatty(), count * len(rule_sets), "rolling") as advance:
        for label, rules in rule_sets:
            report = compute_odds(Batch(rs.id, seed, rules, options), count, workers=workers, progress=advance)
            runs.append({"label": label, **report})
    result = {"ruleset": rs.id, "count": count, "seed": seed, "runs": runs}
    if plot_to is not None:
        plot(result, plot_to)
    if as_json:
        sys.stdout.write(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
        return
    from lifepath.cli.output import console as safe_console

    console = safe_console(width=None if sys.stdout.isatty() else 160, soft_wrap=False)
    render(console, result)
