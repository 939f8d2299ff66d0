"""Creation pages under a table's load, run by hand (``python bench/creation.py``), never in CI: issue 32's
figure.

It makes a SQLite campaign of each ruleset in a temporary folder, starts a real ``lifepath serve
--allow-create`` on 127.0.0.1, starts 20 characters in progress (five per ruleset, each answered some
steps into creation, as players at a table are), then measures a decision step, the whole of what a
player's answer costs (the POST that answers, its redirect, and the next step's page, each replaying the
draft from the database), for every draft in turn, ``--rounds`` times: the median (p50) and the 90th
percentile, one client at a time. Target: p50 at most 150 ms.

Every request goes to 127.0.0.1 only, and every loop is bounded. It prints a table and one JSON line.
"""

from __future__ import annotations

import argparse
import html
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

RULESETS = ("nowhere-yet", "wormwood-drift", "d6-pool", "black-nova")
TARGET_P50_MS = 150.0


def lifepath_command() -> list[str]:
    found = Path(sys.executable).with_name("lifepath")
    return [str(found)] if found.exists() else [sys.executable, "-m", "lifepath"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def fetch(url: str, form: dict[str, str] | None = None) -> tuple[str, str]:
    data = urllib.parse.urlencode(form).encode() if form is not None else None
    with urllib.request.urlopen(urllib.request.Request(url, data=data), timeout=120) as r:
        return r.geturl(), r.read().decode()


def field(page: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', page)
    if found is None:
        raise SystemExit(f"no {name} on the page: {page[:300]}")
    return html.unescape(found.group(1))


def first_option(page: str) -> str:
    found = re.search(r'<input type="radio" name="answer" value="([^"]*)">', page)
    if found is None:
        raise SystemExit(f"no option to take: {page[:300]}")
    return html.unescape(found.group(1))


def answer(url: str, page: str) -> tuple[str, str]:
    form = {"csrf": field(page, "csrf"), "expected": field(page, "expected"), "answer": first_option(page)}
    return fetch(url, form)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--drafts", type=int, default=20, help="characters in progress (default 20)")
    parser.add_argument("--warm", type=int, default=10, help="steps answered before measuring (default 10)")
    parser.add_argument("--rounds", type=int, default=3, help="steps measured per draft (default 3)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="lifepath-bench-creation-"))
    env = {**os.environ, "LIFEPATH_CACHE_DIR": str(folder / "cache")}
    db = folder / "table.db"
    cli = lifepath_command()
    for ruleset in RULESETS:
        subprocess.run([*cli, "campaign", "new", ruleset, "--ruleset", ruleset, "--db", str(db)], env=env, check=True)
    port = free_port()
    server = subprocess.Popen(
        [*cli, "serve", "--allow-create", "--port", str(port), "--db", str(db)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    figures: dict[str, Any] = {"drafts": args.drafts, "rounds": args.rounds, "cpus": os.cpu_count()}
    try:
        for _ in range(300):
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                time.sleep(0.1)
        drafts: list[tuple[str, str]] = []
        for n in range(args.drafts):
            create = f"{base}/campaigns/{urllib.parse.quote(RULESETS[n % len(RULESETS)], safe='')}/create"
            _url, page = fetch(create)
            url, page = fetch(create, {"csrf": field(page, "csrf"), "player": f"Player {n + 1}"})
            for _step in range(args.warm):
                if "Character saved" in page:
                    break
                url, page = answer(url, page)
            drafts.append((url, page))
        steps: list[float] = []
        for _round in range(args.rounds):
            for i, (url, page) in enumerate(drafts):
                if "Character saved" in page:
                    continue
                start = time.perf_counter()
                url, page = answer(url, page)
                steps.append(time.perf_counter() - start)
                drafts[i] = (url, page)
        ordered = sorted(steps)
        figures.update(
            steps=len(steps),
            step_p50_ms=1000 * statistics.median(ordered),
            step_p90_ms=1000 * ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))],
        )
    finally:
        server.terminate()
        server.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)
    met = "met" if figures["step_p50_ms"] <= TARGET_P50_MS else "NOT met"
    print(f"characters in progress: {figures['drafts']}, decision steps measured: {figures['steps']}")
    print(f"decision step (answer, redirect, next page), p50: {figures['step_p50_ms']:.1f} ms  <= 150  {met}")
    print(f"decision step, p90: {figures['step_p90_ms']:.1f} ms")
    print(json.dumps({k: round(v, 3) if isinstance(v, float) else v for k, v in figures.items()}))


if __name__ == "__main__":
    main()
