"""Instructions per generated character: lifepath's Nowhere Yet against its peers, run by hand
(``python bench/peers.py --peers-dir DIR``; valgrind needed; a few minutes), never in CI.

Same interpreter, same method: every generator runs under the interpreter running this script and is counted
by ``valgrind --tool=callgrind`` as ``bench/run.py`` counts Nowhere Yet (its ``counted_script`` and
``collected``; PYTHONHASHSEED=0): a process that makes COUNT characters less one that makes none, divided by
COUNT, so the start-up, the imports and the loading of rules cancel out. Each process first makes 20
characters (seeds 0 to 19) as a warm-up, then the counted ones on seeds 1000 to 1000 + COUNT - 1, each
character seeded on its own (``random.seed(seed)`` for a peer drawing from Python's ``random``); nothing is
rendered and nothing reaches a terminal (a peer's prints go to a throwaway ``io.StringIO``). Nowhere Yet is
``bench/run.py``'s own script, kind ``create`` (``create --auto`` with full history, created only), measured
in the same run, so every ratio is from one machine and one interpreter.

The peers (the ones the project's issue names) are not part of lifepath and none of their code is copied
here: check them out side by side in one folder and name it with ``--peers-dir``. Each one's folder name,
repository and the commit measured are in :data:`PEERS` and in ``--help``; the figures were taken from
those commits (a git checkout at another commit is measured all the same, and the commit it is at is
printed):

* ``cetools``: https://github.com/lgw4/cetools, branch ``003-npc-generator`` (its ``main`` has dice and task
  checks only, no NPC generator), ``generate_character(Roller(seed), load_rules())``. Its code uses
  Python 3.12 syntax (``type X = ...`` statements) and its ``pyproject.toml`` asks for 3.13: under an older
  interpreter it is skipped, with the reason. Under 3.13 it needs its package metadata too (it reads its
  own version): ``pip install --no-deps DIR/cetools`` into that interpreter's environment, beside lifepath.
* ``CTchargen``: https://github.com/makhidkarun/CTchargen (Omer Golan-Joel's Classic Traveller generator,
  the upstream), ``chargen.character()``. Its module makes and prints one character when imported (to the
  throwaway buffer, before the warm-up) and it reads its name files by relative path, so the driver works
  in its folder.
* ``CTchargen-jasonmcalpin``: https://github.com/jasonmcalpin/CTchargen, a fork of that rewritten as a
  package, ``src.character.Character()``; measured when its folder is there, as a second reading of the
  name "CTchargen". Importing it makes an ``output`` folder in its checkout.
* ``travgen``: https://github.com/gruevyhat/travgen (Mongoose Traveller; the legacy Python generator),
  ``traveller.character.Character()`` with its defaults (three terms), as its ``travgen char`` does.

It prints a table and then one JSON line with every figure.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from run import _INSTRUCTIONS, collected, counted_script, load  # bench/run.py (this script's folder is on sys.path)

# -- the drivers: each run as ``python DRIVER PEER_DIR COUNT`` (bench/run.py's ``collected`` passes the peer's
# folder where its own scripts take a kind); each makes 20 characters, then COUNT, and keeps none of them

_CETOOLS = """
import io, os, sys
peer, count = sys.argv[1], int(sys.argv[2])
sys.stdout = io.StringIO()
sys.path.insert(0, os.path.join(peer, "src"))
from cetools.dice import Roller
from cetools.generator import generate_character
from cetools.rules import load_rules
rules = load_rules()
for seed in range(20):
    generate_character(Roller(seed), rules)
for seed in range(1000, 1000 + count):
    generate_character(Roller(seed), rules)
"""


def _seeded_by_random(imports: str, make: str, setup: str = "") -> str:
    """The driver of a peer drawing from Python's ``random``: ``random.seed(seed)`` before each character."""
    return f"""
import io, os, random, sys
peer, count = sys.argv[1], int(sys.argv[2])
sys.stdout = io.StringIO()
{setup}sys.path.insert(0, peer)
{imports}
for seed in [*range(20), *range(1000, 1000 + count)]:
    random.seed(seed)
    {make}
"""


# importing chargen makes and prints a character (to the throwaway buffer); it opens malenames.txt,
# femalenames.txt and surnames.txt by relative path, for each character
_CTCHARGEN = _seeded_by_random("import chargen", "chargen.character()", setup="os.chdir(peer)\n")
_CTCHARGEN_FORK = _seeded_by_random("from src.character import Character", "Character()")
_TRAVGEN = _seeded_by_random("from traveller.character import Character", "Character()")


@dataclass(frozen=True)
class Peer:
    key: str  #: its folder under --peers-dir, and its name in the table
    repo: str  #: GitHub owner/name
    commit: str  #: the commit measured
    branch: str  #: the branch that commit is on
    makes: str  #: what one character is, for the table
    script: str  #: the driver
    needs: tuple[int, int] = (3, 0)  #: the oldest Python it runs under unchanged
    why: str = ""  #: why it needs that


PEERS = (
    Peer(
        "cetools",
        "lgw4/cetools",
        "48a107c5bbcc5ed478ccc59f0a4980ecce0913e8",
        "003-npc-generator",
        "Cepheus SRD lifepath: careers, terms, ageing, muster, full history",
        _CETOOLS,
        (3, 12),
        "its modules use `type X = ...` statements (Python 3.12 syntax; its pyproject asks for >=3.13)",
    ),
    Peer(
        "CTchargen",
        "makhidkarun/CTchargen",
        "cab7d3bdff12b44f0153e80f771b0a38e254035b",
        "master",
        "Classic Traveller: one career, terms, skills, muster; no history, no ageing",
        _CTCHARGEN,
    ),
    Peer(
        "CTchargen-jasonmcalpin",
        "jasonmcalpin/CTchargen",
        "6c6ba6ea097f0b3742f1f70b7b0d8ea65323ea74",
        "master",
        "Classic Traveller fork: career, terms, skills, kit, ageing, psionics; no history",
        _CTCHARGEN_FORK,
    ),
    Peer(
        "travgen",
        "gruevyhat/travgen",
        "085a77a4f1807cb223af912950ff10698ea8c51b",
        "main",
        "Mongoose Traveller: 3 terms, careers, events rolled not applied, ageing, muster, text history",
        _TRAVGEN,
    ),
)

NOWHERE_YET = "Cepheus Engine lifepath: careers, terms, ageing, muster, full history"


def checkout_commit(folder: Path) -> str | None:
    """The commit a git checkout is at (None when ``folder`` is not one, e.g. a ``git archive`` copy)."""
    if not (folder / ".git").exists() or shutil.which("git") is None:
        return None
    done = subprocess.run(["git", "-C", str(folder), "rev-parse", "HEAD"], capture_output=True, text=True)
    return done.stdout.strip() or None


def per_character(script: Path, argument: str, count: int, env: dict[str, str]) -> float:
    """Instructions per character: a run of ``count`` less a run of none, divided by ``count``."""
    return (collected(script, argument, count, env) - collected(script, argument, 0, env)) / count


def failure(exc: subprocess.CalledProcessError) -> str:
    """The last line a failed driver wrote to stderr (its exception, as a rule)."""
    lines = [line for line in (exc.stderr or b"").decode(errors="replace").splitlines() if line.strip()]
    return lines[-1].strip() if lines else f"exit status {exc.returncode}"


def measure_peer(peer: Peer, peers_dir: Path, count: int, folder: Path, env: dict[str, str]) -> dict[str, Any]:
    """One peer's figures (or why it was skipped), keyed by the peer."""
    k = peer.key
    out: dict[str, Any] = {f"{k}_repo": peer.repo, f"{k}_commit": peer.commit}
    checkout = (peers_dir / peer.key).resolve()
    if not checkout.is_dir():
        out[f"{k}_skipped"] = f"no checkout at {checkout} (git clone https://github.com/{peer.repo} {checkout})"
        return out
    out[f"{k}_checkout_commit"] = checkout_commit(checkout) or "not a git checkout"
    if sys.version_info < peer.needs:
        need = ".".join(map(str, peer.needs))
        out[f"{k}_skipped"] = f"needs Python {need}+, this is {sys.version.split()[0]}: {peer.why}"
        return out
    try:
        script = counted_script(folder, f"peer_{k.replace('-', '_')}", peer.script, env, str(checkout))
    except subprocess.CalledProcessError as exc:
        out[f"{k}_skipped"] = f"does not run here unchanged: {failure(exc)}"
        return out
    start = time.perf_counter()
    out[f"{k}_instructions_per_char"] = per_character(script, str(checkout), count, env)
    out[f"{k}_callgrind_s"] = time.perf_counter() - start
    return out


def times(ratio: float) -> str:
    return f"{1 / ratio:.2f}x fewer" if ratio < 1 else f"{ratio:.2f}x more"


def report(figures: dict[str, Any]) -> str:
    rows = [("generator", "source", "instructions/char", "to Nowhere Yet", "makes")]
    nowhere_yet = f"{figures['nowhere_yet_instructions_per_char'] / 1e6:.3f} M"
    rows.append(("lifepath Nowhere Yet", figures["lifepath_commit"], nowhere_yet, "1", NOWHERE_YET))
    for peer in PEERS:
        k = peer.key
        if f"{k}_repo" not in figures:  # not asked for (--only)
            continue
        source = f"{peer.repo}@{peer.commit[:10]}"
        if f"{k}_instructions_per_char" in figures:
            value, ratio = figures[f"{k}_instructions_per_char"], figures[f"{k}_ratio"]
            rows.append((k, source, f"{value / 1e6:.3f} M", f"{ratio:.3f} ({times(ratio)})", peer.makes))
        else:
            rows.append((k, source, "skipped", "", peer.makes))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = [
        f"{a:<{widths[0]}}  {b:<{widths[1]}}  {c:>{widths[2]}}  {d:<{widths[3]}}  {e}".rstrip()
        for a, b, c, d, e in rows
    ]
    for peer in PEERS:
        if f"{peer.key}_skipped" in figures:
            lines.append(f"{peer.key} skipped: {figures[f'{peer.key}_skipped']}")
        checkout = figures.get(f"{peer.key}_checkout_commit")
        if checkout and checkout != "not a git checkout" and checkout != peer.commit:
            lines.append(f"{peer.key}: the checkout is at {checkout}, not {peer.commit} (measured all the same)")
    return "\n".join(lines)


def lifepath_commit() -> str:
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True)
    dirty = subprocess.run(["git", "-C", str(root), "status", "--porcelain"], capture_output=True, text=True)
    commit = done.stdout.strip()[:10] or "unknown"
    return commit + (" + uncommitted changes" if dirty.stdout.strip() else "")


def epilog() -> str:
    lines = ["the peers (check each out as a folder of --peers-dir named as below):", ""]
    for peer in PEERS:
        lines.append(f"  {peer.key}: https://github.com/{peer.repo} ({peer.branch}) at {peer.commit}")
        lines.append(f"    git clone https://github.com/{peer.repo} DIR/{peer.key}")
        lines.append(f"    git -C DIR/{peer.key} checkout {peer.commit}")
        if peer.needs > (3, 0):
            lines.append(f"    needs Python {'.'.join(map(str, peer.needs))}+: {peer.why}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        epilog=epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--peers-dir", type=Path, required=True, help="the folder holding the peers' checkouts")
    parser.add_argument("--count", type=int, default=1000, help="characters counted per generator (default 1000)")
    parser.add_argument(
        "--only", action="append", choices=[p.key for p in PEERS], help="measure only this peer (repeatable)"
    )
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt install valgrind): nothing to count", file=sys.stderr)
        return 1
    if not args.peers_dir.is_dir():
        parser.error(f"--peers-dir {args.peers_dir} is not a folder")

    folder = Path(tempfile.mkdtemp(prefix="lifepath-peers-"))
    env = {**os.environ, "LIFEPATH_CACHE_DIR": str(folder / "cache"), "LIFEPATH_DB": str(folder / "cli.db")}
    valgrind = subprocess.run(["valgrind", "--version"], capture_output=True, text=True).stdout.strip()
    figures: dict[str, Any] = {
        "python": sys.version.split()[0],
        "valgrind": valgrind,
        "cpus": os.cpu_count(),
        "load_start": load(),
        "count": args.count,
        "lifepath_commit": lifepath_commit(),
    }
    try:
        print(f"measuring: Nowhere Yet ({args.count} characters under callgrind)...", file=sys.stderr)
        start = time.perf_counter()
        script = counted_script(folder, "instructions", _INSTRUCTIONS, env, "create")
        figures["nowhere_yet_instructions_per_char"] = per_character(script, "create", args.count, env)
        figures["nowhere_yet_callgrind_s"] = time.perf_counter() - start
        for peer in PEERS:
            if args.only and peer.key not in args.only:
                continue
            print(f"measuring: {peer.key} ({args.count} characters under callgrind)...", file=sys.stderr)
            figures.update(measure_peer(peer, args.peers_dir, args.count, folder, env))
            if f"{peer.key}_instructions_per_char" in figures:
                ratio = figures[f"{peer.key}_instructions_per_char"] / figures["nowhere_yet_instructions_per_char"]
                figures[f"{peer.key}_ratio"] = ratio
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    figures["load_end"] = load()
    print(
        f"Python {figures['python']}, {figures['valgrind']}, {figures['cpus']} CPUs, {args.count} characters "
        f"per generator (N less 0, PYTHONHASHSEED=0), load average {figures['load_start']} at the start and "
        f"{figures['load_end']} at the end (instruction counts do not depend on it)"
    )
    print(report(figures))
    print(json.dumps({k: round(v, 3) if isinstance(v, float) else v for k, v in figures.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
