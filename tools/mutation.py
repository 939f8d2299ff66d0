"""Mutation testing of the engine's core modules, run by hand (``tox -e mutation``), never in CI.

cosmic-ray mutates one module at a time IN PLACE and runs a fast, targeted test command per module (the
few test files that cover it, ``-x`` so a killed mutant stops at the first failure). It works with the
editable install because the mutated file is the file the ``lifepath`` package is imported from.

    python tools/mutation.py run [MODULE ...]     # one cosmic-ray session per module, resumable
    python tools/mutation.py report               # writes docs/mutation-report.md from the sessions
    python tools/mutation.py rekey                # moves verdicts whose line moved (same code) to its new line

Sessions are SQLite files under ``.mutation/`` (``--sessions`` to read or write elsewhere). ``run`` resumes
a session that exists; ``--fresh`` starts it again. Surviving mutants are judged in
``tools/mutation-verdicts.toml``: ``equivalent`` (no test can tell the mutant from the original) or ``left``
(a real difference deliberately not tested, with the reason); ``operator = "*"`` judges every mutant of
a line. The score counts killed mutants (timeouts included) over all mutants that ran, minus the
equivalent ones.

``report`` keeps each session's outcomes in ``tools/mutation-results/MODULE.json`` (counts, and every
survivor with its diff) beside the hash of the source they were run on, and commits them with the report:
on a machine without the sessions, a module whose source is unchanged is reported from that file, and one
that changed must be run again.

Do not edit the modules under test while a session runs: the mutant is in the working tree.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import shlex
import shutil
import sqlite3
import subprocess
import sys
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
VERDICTS = ROOT / "tools" / "mutation-verdicts.toml"
REPORT = ROOT / "docs" / "mutation-report.md"
#: each module's outcomes as plain data, with the hash of the source they were run on
RESULTS = ROOT / "tools" / "mutation-results"
#: what the report says beside its table (the state of the work, in words), kept by hand
NOTES = ROOT / "tools" / "mutation-notes.md"

# Each module under test and the few test files that cover it, fastest-to-fail first.
MODULES: dict[str, tuple[str, ...]] = {
    "core/engine/dice.py": ("tests/core/test_dice.py",),
    "core/decisions.py": (
        "tests/core/test_decisions.py",
        "tests/core/test_disabled_options.py",
        "tests/core/test_lean_api.py",
        "tests/core/test_compact_json.py",
    ),
    "core/engine/houserules.py": ("tests/core/test_houserules.py", "tests/bad_input/test_house_rules.py"),
    "core/replay/__init__.py": (
        "tests/integrity/test_replay_details.py",
        "tests/integrity/test_replay_edges.py",
        "tests/integrity/test_verify.py",
        "tests/integrity/test_mutations.py",
        "tests/core/test_replay.py",
        "tests/core/test_recorded.py",
        "tests/core/test_compact_json.py",
    ),
    **{
        f"plugins/nowhere_yet/{stage}.py": (
            "tests/nowhere_yet/test_golden.py",
            "tests/nowhere_yet/test_procedure_paths.py",
            "tests/nowhere_yet/test_srd_careers_a.py",
            "tests/nowhere_yet/test_srd_careers_b.py",
            "tests/nowhere_yet/test_srd_rule_tables.py",
            "tests/nowhere_yet/test_readings.py",
            "tests/nowhere_yet/test_procedure_details.py",
        )
        for stage in ("state", "origin", "background", "careers", "terms", "hazards", "ageing", "muster", "finish")
    },
}
#: a survivor of the slowest module runs its tests in about 15 s on a loaded machine; a mutant that loops (some
#: also grow without bound: give workers a memory limit, e.g. `ulimit -v`) is stopped long before it matters
TIMEOUT_SECONDS = 120.0


def _session(sessions: Path, module: str) -> Path:
    return sessions / (Path(module).stem + ".sqlite")


def _config(sessions: Path, module: str, tests: Sequence[str] = (), workers: Sequence[str] = ()) -> Path:
    """The cosmic-ray config of ``module``: its own test files (or ``tests``), run by this Python, or by the
    ``python`` first on each worker's PATH when ``workers`` (http-worker URLs) share the work."""
    python = "python" if workers else shlex.quote(sys.executable)
    command = f"{python} -m pytest -x -q -p no:randomly {' '.join(tests or MODULES[module])}"
    path = sessions / (Path(module).stem + ".toml")
    distributor = (
        'name = "http"\n\n[cosmic-ray.distributor.http]\nworker-urls = ' + json.dumps(list(workers)) + "\n"
        if workers
        else 'name = "local"\n'
    )
    path.write_text(
        "[cosmic-ray]\n"
        f'module-path = "{module}"\n'
        f"timeout = {TIMEOUT_SECONDS}\n"
        "excluded-modules = []\n"
        f"test-command = {command!r}\n"
        "\n[cosmic-ray.distributor]\n" + distributor,
        encoding="utf-8",
    )
    return path


def run(
    modules: Iterable[str],
    sessions: Path,
    fresh: bool,
    retry_survivors: bool,
    tests: Sequence[str] = (),
    workers: Sequence[str] = (),
) -> None:
    """Run (or resume) one cosmic-ray session per module: one worker in the repository root, or the
    http-workers at ``workers``, each in a clone of its own (the mutant is written into the clone)."""
    sessions.mkdir(parents=True, exist_ok=True)
    for module in modules:
        config, session = _config(sessions, module, tests, workers), _session(sessions, module)
        if fresh and session.exists():
            session.unlink()
        print(f"mutation: {module} ({session})", flush=True)
        if retry_survivors:
            if session.exists():
                _retry_survivors(config, session)
            continue
        if not session.exists():
            _cosmic_ray("init", config, session)
        _cosmic_ray("exec", config, session)


def _cosmic_ray(command: str, config: Path, session: Path) -> None:
    tool = Path(sys.executable).parent / "cosmic-ray"
    subprocess.run([str(tool), command, str(config), str(session)], cwd=ROOT, check=True)


def _retry_survivors(config: Path, session: Path) -> None:
    """Run only the surviving mutants again (after adding tests), in a session of their own, and write
    their new results back; mutants not run yet stay pending (``exec`` would run those too, in random order)."""
    retry = session.with_suffix(".retry.sqlite")
    retry.unlink(missing_ok=True)
    shutil.copyfile(session, retry)
    with sqlite3.connect(retry) as db:
        survivors = "SELECT job_id FROM work_results WHERE test_outcome = 'SURVIVED'"
        db.execute(f"DELETE FROM mutation_specs WHERE job_id NOT IN ({survivors})")
        db.execute(f"DELETE FROM work_items WHERE job_id NOT IN ({survivors})")
        db.execute("DELETE FROM work_results")
    db.close()
    _cosmic_ray("exec", config, retry)
    with sqlite3.connect(session) as db:
        db.execute("ATTACH DATABASE ? AS retry", (str(retry),))
        db.execute("INSERT OR REPLACE INTO work_results SELECT * FROM retry.work_results")
    db.close()
    retry.unlink()


@dataclass
class Tally:
    module: str
    total: int = 0
    killed: int = 0
    timeouts: int = 0
    incompetent: int = 0
    pending: int = 0
    equivalent: list[dict[str, Any]] = field(default_factory=list)
    left: list[dict[str, Any]] = field(default_factory=list)
    unjudged: list[dict[str, Any]] = field(default_factory=list)

    @property
    def survived(self) -> int:
        return len(self.equivalent) + len(self.left) + len(self.unjudged)

    @property
    def score(self) -> float | None:
        judged = self.killed + len(self.left) + len(self.unjudged)
        return None if judged == 0 else self.killed / judged


def _verdicts() -> dict[tuple[str, int, str, str], dict[str, str]]:
    """Verdicts keyed by (module, line, operator, the line's code), so they survive edits elsewhere."""
    if not VERDICTS.exists():
        return {}
    data = tomllib.loads(VERDICTS.read_text(encoding="utf-8"))
    return {(v["module"], int(v["line"]), v["operator"], v["code"].strip()): v for v in data.get("survivor", [])}


ANNOTATION_WHY = (
    "the mutation is inside a type annotation, and the module starts with `from __future__ import annotations`, "
    "so annotations are never evaluated at run time (mypy --strict, not a test, guards them)"
)


def _annotation_spans(source: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Where the type annotations are, if the module defers them (so no test can see a mutant in one)."""
    tree = ast.parse(source)
    deferred = any(
        isinstance(node, ast.ImportFrom)
        and node.module == "__future__"
        and any(a.name == "annotations" for a in node.names)
        for node in tree.body
    )
    if not deferred:
        return []
    found: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.arg) and node.annotation is not None:
            found.append(node.annotation)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns is not None:
            found.append(node.returns)
        elif isinstance(node, ast.AnnAssign):
            found.append(node.annotation)
    return [((a.lineno, a.col_offset), (a.end_lineno or a.lineno, a.end_col_offset or 0)) for a in found]


def _outcomes(session: Path) -> dict[str, Any]:
    """A session's outcomes as plain data: the counts, and each survivor's position, operator and diff."""
    from cosmic_ray.work_db import WorkDB, use_db  # type: ignore[import-untyped]  # tox -e mutation has it
    from cosmic_ray.work_item import TestOutcome  # type: ignore[import-untyped]

    out: dict[str, Any] = {"total": 0, "pending": 0, "killed": 0, "timeouts": 0, "incompetent": 0, "survivors": []}
    with use_db(str(session), WorkDB.Mode.open) as db:
        out["total"] = db.num_work_items
        out["pending"] = sum(1 for _ in db.pending_work_items)
        for item, result in db.completed_work_items:
            if result.test_outcome is None or result.test_outcome == TestOutcome.INCOMPETENT:
                out["incompetent"] += 1
            elif result.test_outcome == TestOutcome.KILLED:
                out["killed"] += 1
                out["timeouts"] += result.output == "timeout"
            else:
                spec = item.mutations[0]
                out["survivors"].append(
                    {
                        "start": list(spec.start_pos),
                        "end": list(spec.end_pos),
                        "operator": spec.operator_name,
                        "diff": result.diff or "",
                    }
                )
    out["survivors"].sort(key=lambda e: (e["start"], e["operator"], e["diff"]))
    return out


def _results_file(module: str) -> Path:
    return RESULTS / (Path(module).stem + ".json")


def _source_hash(module: str) -> str:
    return hashlib.sha256((ROOT / module).read_bytes()).hexdigest()


def _results(module: str, sessions: Path) -> dict[str, Any] | None:
    """The outcomes of ``module``: from its session when there is one (and kept in tools/mutation-results/,
    so the report can be written again on another machine), else from that kept file while the module's
    source is still the one it was run on."""
    session = _session(sessions, module)
    kept = _results_file(module)
    if session.exists():
        outcomes = {"module": module, "source_sha256": _source_hash(module), **_outcomes(session)}
        RESULTS.mkdir(exist_ok=True)
        kept.write_text(json.dumps(outcomes, indent=1) + "\n", encoding="utf-8")
        return outcomes
    if kept.exists():
        earlier: dict[str, Any] = json.loads(kept.read_text(encoding="utf-8"))
        if earlier.get("source_sha256") == _source_hash(module):
            return earlier
    return None


def _tally(module: str, outcomes: dict[str, Any], verdicts: dict[tuple[str, int, str, str], dict[str, str]]) -> Tally:
    source = (ROOT / module).read_text(encoding="utf-8")
    lines = source.splitlines()
    annotations = _annotation_spans(source)
    tally = Tally(
        module,
        outcomes["total"],
        outcomes["killed"],
        outcomes["timeouts"],
        outcomes["incompetent"],
        outcomes["pending"],
    )
    for survivor in outcomes["survivors"]:
        line, operator = survivor["start"][0], survivor["operator"]
        code = lines[line - 1].strip()
        entry = {"line": line, "operator": operator, "code": code, "diff": survivor["diff"]}
        verdict = verdicts.get((module, line, operator, code)) or verdicts.get((module, line, "*", code))
        start, end = tuple(survivor["start"]), tuple(survivor["end"])
        if verdict is None and any(a <= start and end <= b for a, b in annotations):
            verdict = {"kind": "equivalent", "why": ANNOTATION_WHY}
        if verdict is None:
            tally.unjudged.append(entry)
        elif verdict["kind"] == "equivalent":
            tally.equivalent.append({**entry, "why": verdict["why"]})
        else:
            tally.left.append({**entry, "why": verdict["why"]})
    return tally


def _survivor_lines(module: str, session: Path) -> set[tuple[int, str, str]]:
    """(line, operator, code) of every surviving mutant of ``module`` in its session."""
    lines = (ROOT / module).read_text(encoding="utf-8").splitlines()
    return {(e["start"][0], e["operator"], lines[e["start"][0] - 1].strip()) for e in _outcomes(session)["survivors"]}


def rekey(sessions: Path) -> list[str]:
    """Move each verdict that no longer meets a survivor at its line, but whose code (and operator) a
    survivor now has at exactly one other line, to that line; rewrite the verdicts file and say what moved.
    Code edited elsewhere shifts lines; a verdict is about the code, so it follows it (review the moves)."""
    text = VERDICTS.read_text(encoding="utf-8")
    head, *blocks = text.split("\n[[survivor]]\n")
    survivors = {m: _survivor_lines(m, _session(sessions, m)) for m in MODULES if _session(sessions, m).exists()}
    data = [tomllib.loads("[[survivor]]\n" + b)["survivor"][0] for b in blocks]
    exact = {(v["module"], int(v["line"]), v["operator"], v["code"].strip()) for v in data}
    moved = []
    for i, v in enumerate(data):
        found = survivors.get(v["module"])
        if found is None:
            continue
        code, op, line = v["code"].strip(), v["operator"], int(v["line"])

        def meets(s: tuple[int, str, str], code: str = code, op: str = op) -> bool:
            return s[2] == code and op in ("*", s[1])

        if any(s[0] == line and meets(s) for s in found):
            continue
        lines = {s[0] for s in found if meets(s) and (v["module"], s[0], s[1], code) not in exact}
        if len(lines) == 1:
            (new,) = lines
            blocks[i] = blocks[i].replace(f"line = {line}\n", f"line = {new}\n", 1)
            moved.append(f"{v['module']}: {op} `{code}` line {line} -> {new}")
    VERDICTS.write_text("\n[[survivor]]\n".join([head, *blocks]), encoding="utf-8")
    return moved


def _diff_lines(diff: str) -> str:
    changed = [ln for ln in diff.splitlines() if ln[:1] in "+-" and not ln.startswith(("+++", "---"))]
    return "\n".join(changed)


def report(sessions: Path, out: Path) -> list[Tally]:
    verdicts = _verdicts()
    results = {m: _results(m, sessions) for m in MODULES}
    tallies = [_tally(m, r, verdicts) for m, r in results.items() if r is not None]
    missing = [m for m, r in results.items() if r is None]
    text = [
        "# Mutation report",
        "",
        "Generated by `python tools/mutation.py report` from the cosmic-ray sessions of `tox -e mutation`",
        "(see CONTRIBUTING.md). Score = killed / (mutants run - equivalent survivors); timeouts count as",
        "killed. Survivors are judged in `tools/mutation-verdicts.toml`. cosmic-ray runs pending mutants in",
        "random order, so the mutants run of an unfinished module are a random sample of it.",
        "",
        "| module | mutants | run | killed | (of which timeouts) | survived | equivalent | left | unjudged "
        "| pending | score |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    totals = Tally("all")
    for t in tallies:
        text.append(_row(t))
        totals.total += t.total
        totals.killed += t.killed
        totals.timeouts += t.timeouts
        totals.incompetent += t.incompetent
        totals.pending += t.pending
        totals.equivalent += t.equivalent
        totals.left += t.left
        totals.unjudged += t.unjudged
    text.append(_row(totals))
    if missing:
        text += ["", "Not run on the current code: " + ", ".join(f"`{m}`" for m in missing) + "."]
    if NOTES.exists():
        text += ["", NOTES.read_text(encoding="utf-8").strip()]
    for t in tallies:
        if not t.survived:
            continue
        text += ["", f"## Survivors in `{t.module}`", ""]
        for kind, entries in (("unjudged", t.unjudged), ("left", t.left), ("equivalent", t.equivalent)):
            for e in sorted(entries, key=lambda e: (e["line"], e["operator"])):
                why = e.get("why", "not judged yet")
                text += [
                    f"- line {e['line']}, `{e['operator']}` — **{kind}**: {why}",
                    "",
                    "  ```diff",
                    *("  " + ln for ln in _diff_lines(e["diff"]).splitlines()),
                    "  ```",
                    "",
                ]
    out.write_text("\n".join(text).rstrip() + "\n", encoding="utf-8")
    return tallies


def _row(t: Tally) -> str:
    run_count = t.killed + t.survived + t.incompetent
    score = "n/a" if t.score is None else f"{t.score:.1%}"
    return (
        f"| {t.module} | {t.total} | {run_count} | {t.killed} | {t.timeouts} | {t.survived} | "
        f"{len(t.equivalent)} | {len(t.left)} | {len(t.unjudged)} | {t.pending} | {score} |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--sessions", type=Path, default=ROOT / ".mutation", help="where session files live")
    sub = parser.add_subparsers(dest="command", required=True)
    run_p = sub.add_parser("run", help="run or resume cosmic-ray sessions")
    run_p.add_argument("modules", nargs="*", help=f"default: all of {', '.join(MODULES)}")
    run_p.add_argument("--fresh", action="store_true", help="discard existing sessions first")
    run_p.add_argument(
        "--retry-survivors",
        action="store_true",
        help="run only the surviving mutants of existing sessions again (after adding tests)",
    )
    run_p.add_argument(
        "--tests",
        nargs="+",
        default=(),
        metavar="FILE",
        help="test files to run instead of the module's own: with --retry-survivors, the files "
        "added since (a survivor has already passed the others)",
    )
    run_p.add_argument(
        "--worker-url",
        action="append",
        default=[],
        metavar="URL",
        help="share the work among `cosmic-ray http-worker`s, each started in a clone of its own "
        "with that clone's editable venv first on PATH (repeat for each worker)",
    )
    sub.add_parser("rekey", help="move verdicts to the line their code moved to")
    rep = sub.add_parser("report", help="write the report")
    rep.add_argument("--out", type=Path, default=REPORT)
    args = parser.parse_args(argv)
    unknown = [m for m in getattr(args, "modules", []) if m not in MODULES]
    if unknown:
        parser.error(f"not a module under mutation test: {', '.join(unknown)}; choose from {', '.join(MODULES)}")
    if args.command == "rekey":
        for line in rekey(args.sessions.resolve()):
            print("moved:", line)
        return 0
    if args.command == "run":
        run(
            args.modules or list(MODULES),
            args.sessions.resolve(),
            args.fresh,
            args.retry_survivors,
            args.tests,
            args.worker_url,
        )
    for t in report(args.sessions.resolve(), args.out if args.command == "report" else REPORT):
        print(_row(t))
    return 0


if __name__ == "__main__":
    sys.exit(main())
