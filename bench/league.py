"""A league-sized roster, run by hand (``python bench/league.py``), never in CI: issue 26's figures.

It builds once (cached in ``/tmp/lifepath-bench-league/``) a SQLite campaign of 10,000 Nowhere Yet
characters with ``lifepath generate --count 10000 --campaign League --workers 2``, starts a real
``lifepath serve`` on 127.0.0.1 and measures, against issue 26's targets:

* the roster's first page and a filtered, sorted later page, and a page filtered by career, for one
  client: median (p50) of 20 requests each (target 150 ms);
* requests per second with 20 concurrent clients asking for roster pages for 15 s (bounded by time and by
  a request count; target 40/s);
* a character page, p50 of 20 different characters (target 80 ms);
* ``lifepath export --format site`` of the campaign: wall time (target 20 s), CPU time, and peak resident
  memory of its largest process (``ru_maxrss``) and of all its processes added up (target 150 MB);
  ``--only-site`` measures only this.

Every request goes to 127.0.0.1 only. It prints a table and then one JSON line with every figure.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

TARGETS = {
    "roster_first_p50_ms": 150.0,
    "roster_filtered_p50_ms": 150.0,
    "concurrent_rps": 40.0,
    "character_p50_ms": 80.0,
    "site_s": 20.0,
    "site_tree_rss_mb": 150.0,
}
CACHE = Path("/tmp/lifepath-bench-league")
CAMPAIGN = "League"
FILTERED = {"species": "Human (female)", "age_min": "30", "sort": "name", "order": "desc", "page": "3"}
CAREER = {"career": "navy", "sort": "age"}


def lifepath_command() -> list[str]:
    """The installed console script beside this interpreter (or the module, if there is none)."""
    script = Path(sys.executable).with_name("lifepath")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from lifepath.cli.main import run; run()"]


def environment() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != "LIFEPATH_DB"}


def league_db(count: int) -> Path:
    """The cached campaign database of ``count`` characters, built first if it is not there (into a
    temporary name, renamed when complete, so an interrupted build is never taken for a cached one)."""
    CACHE.mkdir(exist_ok=True)
    db = CACHE / f"league-{count}.db"
    if db.exists():
        return db
    tmp = CACHE / f".building-{count}.db"
    tmp.unlink(missing_ok=True)
    print(f"building the {count:,}-character campaign (once, cached as {db})...", file=sys.stderr)
    run = [*lifepath_command()]
    subprocess.run(
        [*run, "campaign", "new", CAMPAIGN, "--db", str(tmp)], check=True, env=environment(), stdout=subprocess.DEVNULL
    )
    subprocess.run(
        [
            *run,
            "generate",
            "--count",
            str(count),
            "--seed",
            "26",
            "--campaign",
            CAMPAIGN,
            "--workers",
            "2",
            "--db",
            str(tmp),
        ],
        check=True,
        env=environment(),
        stdout=subprocess.DEVNULL,
    )
    tmp.rename(db)
    return db


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: Path, workers: int = 1) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    process = subprocess.Popen(
        [*lifepath_command(), "serve", "--port", str(port), "--db", str(db), "--workers", str(workers)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=environment(),
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):  # up to 60 s for the first open (an upgrade of an older cached database)
        if process.poll() is not None:
            raise SystemExit("lifepath serve exited before it answered")
        try:
            with urllib.request.urlopen(url + "/", timeout=60):  # every worker up: the page answers
                return process, url
        except OSError:
            time.sleep(0.1)
    process.terminate()
    raise SystemExit("lifepath serve did not start listening")


def get(url: str) -> tuple[int, float]:
    """Status and seconds of one GET (the whole body read)."""
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=120) as r:
            r.read()
            status = r.status
    except urllib.error.HTTPError as e:
        e.read()
        status = e.code
    return status, time.perf_counter() - start


def p50(url: str, paths: list[str]) -> float:
    """Median milliseconds over ``paths`` (after one warm-up request); a non-200 answer stops the run."""
    get(url + paths[0])
    times = []
    for path in paths:
        status, seconds = get(url + path)
        if status != 200:
            raise SystemExit(f"{path} answered {status}")
        times.append(seconds)
    return statistics.median(times) * 1000


def concurrent(url: str, paths: list[str], clients: int, seconds: float, cap: int) -> dict[str, Any]:
    """Requests per second of ``clients`` threads asking for ``paths`` in turn for ``seconds`` (at most
    ``cap`` requests in all)."""
    lock = threading.Lock()
    done: list[float] = []
    failed = [0]
    deadline = time.perf_counter() + seconds

    def client(n: int) -> None:
        i = n
        while time.perf_counter() < deadline:
            with lock:
                if len(done) + failed[0] >= cap:
                    return
            status, took = get(url + paths[i % len(paths)])
            i += 1
            with lock:
                if status == 200:
                    done.append(took)
                else:
                    failed[0] += 1

    start = time.perf_counter()
    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - start
    return {
        "concurrent_rps": len(done) / wall,
        "concurrent_requests": len(done),
        "concurrent_failed": failed[0],
        "concurrent_p50_ms": statistics.median(done) * 1000 if done else None,
        "concurrent_max_ms": max(done) * 1000 if done else None,
    }


def tree_rss_kb(pid: int, *, children: bool = True) -> int:
    """Resident memory (VmRSS) of ``pid`` and every process under it (only ``pid``'s without ``children``),
    added up (Linux's /proc; 0 elsewhere)."""
    total, todo = 0, [pid]
    while todo:
        process = todo.pop()
        try:
            with open(f"/proc/{process}/status", encoding="ascii", errors="replace") as fh:
                total += next((int(line.split()[1]) for line in fh if line.startswith("VmRSS:")), 0)
            for task in os.listdir(f"/proc/{process}/task") if children else ():
                with open(f"/proc/{process}/task/{task}/children", encoding="ascii") as fh:
                    todo.extend(int(c) for c in fh.read().split())
        except (OSError, ValueError):
            continue
    return total


def site(db: Path, workers: int | None = None) -> dict[str, Any]:
    """Wall time, CPU time and peak memory of ``export --format site`` in a child process of its own: the
    largest process's peak RSS (``ru_maxrss`` of the children) and the whole tree's (the exporter, its
    worker and multiprocessing's resource tracker, not the measuring process: VmRSS added up, sampled every
    0.1 s)."""
    out = CACHE / "site"
    shutil.rmtree(out, ignore_errors=True)
    probe = (
        "import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, stderr=subprocess.DEVNULL); "
        "u = resource.getrusage(resource.RUSAGE_CHILDREN); print(u.ru_maxrss, u.ru_utime + u.ru_stime)"
    )
    command = [
        *lifepath_command(),
        "export",
        "--campaign",
        CAMPAIGN,
        "--format",
        "site",
        "--out",
        str(out),
        "--db",
        str(db),
        *([] if workers is None else ["--workers", str(workers)]),
    ]
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-c", probe, *command], stdout=subprocess.PIPE, text=True, env=environment()
    )
    tree = 0
    while child.poll() is None:
        tree = max(tree, tree_rss_kb(child.pid) - tree_rss_kb(child.pid, children=False))
        time.sleep(0.1)
    seconds = time.perf_counter() - start
    output = child.stdout.read() if child.stdout else ""
    if child.returncode != 0:
        raise SystemExit("export --format site failed")
    largest, cpu = output.split()[-2:]
    files = sum(1 for _ in out.iterdir())
    size = sum(p.stat().st_size for p in out.iterdir())
    shutil.rmtree(out, ignore_errors=True)
    return {
        "site_s": seconds,
        "site_cpu_s": float(cpu),
        "site_rss_mb": int(largest) * 1024 / 1e6,
        "site_tree_rss_mb": tree * 1024 / 1e6,
        "site_files": files,
        "site_mb": size / 1e6,
    }


def report(figures: dict[str, Any]) -> str:
    rows = [
        ("roster first page, p50", "roster_first_p50_ms", "ms", "<="),
        ("roster filtered + sorted page, p50", "roster_filtered_p50_ms", "ms", "<="),
        ("roster filtered by career, p50", "roster_career_p50_ms", "ms", ""),
        (f"{figures['clients']} clients, roster pages", "concurrent_rps", "/s", ">="),
        ("character page, p50", "character_p50_ms", "ms", "<="),
        ("export --format site, wall", "site_s", "s", "<="),
        ("export --format site, CPU (all processes)", "site_cpu_s", "s", ""),
        ("export --format site, peak RSS, largest", "site_rss_mb", "MB", ""),
        ("export --format site, peak RSS, all", "site_tree_rss_mb", "MB", "<="),
    ]
    lines = [f"{'measure':40} {'value':>10}  target  ok"]
    for label, key, unit, sense in rows:
        value = figures.get(key)
        if value is None:  # not measured in this run (--only-site)
            continue
        target = TARGETS.get(key)
        ok = "" if target is None else ("yes" if (value <= target if sense == "<=" else value >= target) else "NO")
        shown = f"{sense} {target:g} {unit}" if target is not None else ""
        lines.append(f"{label:40} {value:10.1f} {unit:3} {shown:>12} {ok}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10_000, help="characters in the campaign")
    parser.add_argument("--clients", type=int, default=20, help="concurrent clients")
    parser.add_argument("--seconds", type=float, default=15.0, help="how long the concurrent run lasts (10-20)")
    parser.add_argument("--only-site", action="store_true", help="measure only `export --format site`")
    parser.add_argument(
        "--serve-workers", type=int, default=1, help="--workers of lifepath serve (default: 1, one process)"
    )
    parser.add_argument(
        "--site-workers", type=int, default=None, help="--workers of the site export (default: lifepath's)"
    )
    args = parser.parse_args()
    db = league_db(args.count)
    figures: dict[str, Any] = {
        "count": args.count,
        "clients": args.clients,
        "python": sys.version.split()[0],
        "cpus": os.cpu_count(),
        "load_start": round(os.getloadavg()[0], 2),
        "serve_workers": args.serve_workers,
    }
    if not args.only_site:
        serve_figures(db, args, figures)
    print("measuring: export --format site...", file=sys.stderr)
    figures.update(site(db, args.site_workers))
    figures["load_end"] = round(os.getloadavg()[0], 2)
    print(
        f"Python {figures['python']}, {figures['cpus']} CPUs, load average {figures['load_start']} at the start "
        f"and {figures['load_end']} at the end; {args.count:,} characters"
    )
    print(report(figures))
    print(json.dumps({k: round(v, 3) if isinstance(v, float) else v for k, v in figures.items()}))


def serve_figures(db: Path, args: argparse.Namespace, figures: dict[str, Any]) -> None:
    """The served roster's and character pages' figures, from a real ``lifepath serve``."""
    roster = "/campaigns/" + urllib.parse.quote(CAMPAIGN, safe="")
    filtered = roster + "?" + urllib.parse.urlencode(FILTERED)
    career = roster + "?" + urllib.parse.urlencode(CAREER)
    process, url = start_server(db, args.serve_workers)
    try:
        print("measuring: roster pages, one client...", file=sys.stderr)
        figures["roster_first_p50_ms"] = p50(url, [roster] * 20)
        figures["roster_filtered_p50_ms"] = p50(url, [filtered] * 20)
        figures["roster_career_p50_ms"] = p50(url, [career] * 20)
        print("measuring: character pages...", file=sys.stderr)
        ids = random.Random(26).sample(range(1, args.count + 1), 21)
        figures["character_p50_ms"] = p50(url, [f"/characters/{i}" for i in ids])
        print(f"measuring: {args.clients} clients for {args.seconds:g} s...", file=sys.stderr)
        pages = [roster, filtered, roster + "?page=7", roster + "?sort=age&order=desc&page=2"]
        figures.update(concurrent(url, pages, args.clients, min(max(args.seconds, 1.0), 20.0), cap=5_000))
    finally:
        process.terminate()
        process.wait(timeout=30)


if __name__ == "__main__":
    main()
