"""Where a Nowhere Yet character's instructions go, part by part (issue 16), run by hand:
``python bench/parts.py [COUNT]`` (valgrind needed; a few minutes).

Each part is measured apart under ``valgrind --tool=callgrind``: COUNT characters' worth of one kind of core
call, on a fresh creation context per character, less the same run without them, divided by COUNT. The
calls per character are those a Nowhere Yet ``--auto`` character makes on average (counted with cProfile
over 2,000 characters): 27 throws (``ctx.roll``), 38 decisions (``ctx.choose``, one of them forced) and 13
decisions fetched from a ``DecisionCache``, 34 changes and 11 notes, 6 creation-hook calls (with an
implementation that does nothing, so the figure is the cost of calling). The context with its policy
chooser, and the seeding of the two random streams within it, are measured the same way. The whole
character is ``bench/run.py``'s figure; what the parts leave of it is the procedure's own logic (its
steps, table look-ups, the compiled records and skills, the sheet).

Then the same character by stage: each stage of the procedure switched off in turn (its method made to do
nothing; the stages after it still run), so each figure is what that stage costs with everything it calls.
Last, the floor: the same seeding, throws, draws, records and hook calls as one flat loop with no API
around them and no rules at all, built up a part at a time, and what that leaves of issue 16's 800 k for
the rules themselves.

Then the whole character with the history's recording switched off, and the creation-hook calls too: what
is left is the rules and the calls they make, with no history recorded and no plugin asked.

Every loop runs inside a function, as the code it stands for does: a loop at a module's top level keeps
its names in the module's dict, and that cost 150 k a character more in the floor (554 k measured so,
before this was seen, against about 400 k).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from run import collected, counted_script  # bench/run.py, beside this script (its folder is on sys.path)

import lifepath

_SCRIPT = """
import sys
mode, count = sys.argv[1], int(sys.argv[2])
from lifepath.creation import Context, create
from lifepath.decisions import Decision, DecisionCache, Option, PolicyChooser
from lifepath.engine.dice import DiceStream, parse
from lifepath.engine.hookcall import call_hook
from lifepath.engine.houserules import resolve
from lifepath.host.manager import get_registry
registry = get_registry()
rules = resolve(registry.declaration("nowhere-yet"))
for seed in range(20):  # warm the tables and caches, as bench/run.py does
    create(registry, "nowhere-yet", seed=seed, rules=rules, chooser=PolicyChooser(seed))
ruleset = registry.ruleset("nowhere-yet")
two = parse("2D6")
five = Decision("k", "Pick one", tuple(Option(f"o{i}", f"o{i}", 1.0 + i) for i in range(5)))
forced = Decision("f", "Only", (Option("x"),))
cache = DecisionCache()
trait = {"id": "t", "name": "T", "summary": ""}
manager = registry.manager


def main():  # in a function, as real code runs: a loop at module level pays for its names in a dict
    for seed in range(1000, 1000 + count):
        if mode == "seeding":
            PolicyChooser(seed)
            DiceStream(seed)
            continue
        ctx = Context(ruleset, registry, rules, seed, PolicyChooser(seed), {})
        if mode == "dice":
            for _ in range(27):
                ctx.roll(two, "survival: Technician", dms=(("Dex DM", -1),), target=6)
        elif mode == "decisions":
            for _ in range(37):
                ctx.choose(five)
            ctx.choose(forced)
            for _ in range(13):
                cache.get("k", "Pick one", five.options, context="why")
        elif mode == "history":
            for _ in range(34):
                ctx.change("skill Admin", 0, 1, "rank 0 in Technician")
            for _ in range(11):
                ctx.note("term 1: Technician")
        elif mode == "hooks":
            for _ in range(6):
                call_hook(manager, "lifepath_apply_trait", ctx=ctx, trait=trait, stage="background")


main()
"""

#: the floor: the same services with no API around them and no rules at all, as one flat loop: both random
#: streams seeded as creation seeds them, 27 throws of two faces each recorded as a tuple, 38 policy draws
#: over running totals made beforehand, each recorded, 45 changes and notes recorded, and the 6 hook calls
#: through pluggy (a hook is the plugins' say; skipping pluggy is not an option the project takes)
_FLOOR = """
import random, sys
from bisect import bisect_right
from lifepath.decisions import Decision, Option
from lifepath.engine.dice import parse
from lifepath.host.manager import get_registry
parts, count = sys.argv[1].split(","), int(sys.argv[2])
registry = get_registry()
hook = registry.manager.pm.hook.lifepath_apply_trait
two = parse("2D6")
five = Decision("k", "Pick one", tuple(Option(f"o{i}", f"o{i}", 1.0 + i) for i in range(5)))
options, cumulative = five.enabled(), five.cumulative_weights()
total = cumulative[-1]
dms = (("Dex DM", -1),)
trait = {"id": "t", "name": "T", "summary": ""}
class Ctx:  # what the hook implementations read
    ruleset = registry.ruleset("nowhere-yet")
ctx = Ctx()
throws, records, hooks = "throws" in parts, "records" in parts, "hooks" in parts


def main():  # in a function, as real code runs: a loop at module level pays for its names in a dict
    for seed in range(1000, 1000 + count):
        draw = random.Random(seed).random
        policy = random.Random(f"policy:{seed}").random
        if not throws:
            continue
        log = []
        record = log.append
        for _ in range(27):
            first, second = int(draw() * 6) + 1, int(draw() * 6) + 1
            result = first + second - 1
            success = result >= 6
            if records:
                record((0, "survival: Technician", two, [first, second], dms, result, 6, None, success))
        for _ in range(38):
            answer = options[bisect_right(cumulative, policy() * total)].id
            if records:
                record((1, five, answer))
        if records:
            for _ in range(45):
                record((3, "skill Admin", 0, 1, "rank 0 in Technician"))
        if hooks:
            for _ in range(6):
                hook(ctx=ctx, trait=trait, stage="background")


main()
"""

#: the procedure's stages, each switched off (its method made to do nothing) in turn, cumulatively
_STAGES = """
import sys
from lifepath.creation import create
from lifepath.decisions import PolicyChooser
from lifepath.engine.houserules import resolve
from lifepath.host.manager import get_registry
from lifepath.plugins.nowhere_yet.procedure import Procedure
off, count = sys.argv[1], int(sys.argv[2])
registry = get_registry()
rules = resolve(registry.declaration("nowhere-yet"))
for seed in range(20):
    create(registry, "nowhere-yet", seed=seed, rules=rules, chooser=PolicyChooser(seed))
for stage in off.split(","):
    if stage:
        setattr(Procedure, stage, lambda self, *args, **kwargs: None)
for seed in range(1000, 1000 + count):
    create(registry, "nowhere-yet", seed=seed, rules=rules, chooser=PolicyChooser(seed))
"""

#: the stages in the order they are switched off: the first figure is the careers (terms, musters, ageing,
#: debts), the last what is left with every stage off (create, the context, seeding, provenance)
STAGES = ("careers", "finish", "background", "characteristics", "origin")


def _script(folder: Path, name: str, text: str, env: dict[str, str]) -> Path:
    return counted_script(folder, name, text, env, "")


def stages(folder: Path, count: int, env: dict[str, str]) -> None:
    """Each stage's instructions per character: the run with it switched off less the run before."""
    script = _script(folder, "stages", _STAGES, env)
    zero = collected(script, "", 0, env)
    before = (collected(script, "", count, env) - zero) / count
    print(f"the whole character:                           {before / 1e3:8.1f} k")
    for i, stage in enumerate(STAGES):
        after = (collected(script, ",".join(STAGES[: i + 1]), count, env) - zero) / count
        print(f"  {stage + ':':<45}{(before - after) / 1e3:8.1f} k")
        before = after
    print(f"  {'create, the context, seeding, provenance:':<45}{before / 1e3:8.1f} k")


#: the floor built up a part at a time: each run adds one part to the one before
FLOOR_PARTS = (
    ("seeding", "seeding the two random streams"),
    ("throws", "27 throws of 2D6 and 38 policy draws"),
    ("throws,records", "110 events recorded as tuples"),
    ("throws,records,hooks", "6 creation-hook calls through pluggy"),
)


def floor(folder: Path, count: int, env: dict[str, str]) -> float:
    """The floor, printed part by part; returns the whole of it."""
    script = _script(folder, "floor", _FLOOR, env)
    zero = collected(script, "", 0, env)
    before = 0.0
    for parts, label in FLOOR_PARTS:
        whole = (collected(script, parts, count, env) - zero) / count
        print(f"  {label + ':':<45}{(whole - before) / 1e3:8.1f} k")
        before = whole
    return before


#: the whole character with costs switched off: ``records`` runs a copy of the installed package whose
#: context records nothing (each ``self._record((...))`` line of ``lifepath/creation.py`` made ``pass``, so
#: no entry is built either); ``hooks`` answers every creation hook without calling pluggy or a plugin (a
#: crisis becomes medical debt of nothing, so the characters differ a little from the real ones)
_SWITCHED = """
import sys
switch, count = sys.argv[1].split(","), int(sys.argv[2])
import lifepath.creation
from lifepath.creation import CrisisOutcome, create
from lifepath.decisions import PolicyChooser
from lifepath.engine.houserules import resolve
from lifepath.host.manager import get_registry
if "hooks" in switch:
    def unanswered(manager, name, **kwargs):
        return CrisisOutcome("medical-debt") if name == "lifepath_crisis" else None
    lifepath.creation.call_hook = unanswered
registry = get_registry()
rules = resolve(registry.declaration("nowhere-yet"))
for seed in range(20):
    create(registry, "nowhere-yet", seed=seed, rules=rules, chooser=PolicyChooser(seed))


def main():
    for seed in range(1000, 1000 + count):
        create(registry, "nowhere-yet", seed=seed, rules=rules, chooser=PolicyChooser(seed))


main()
"""


def switched_off(folder: Path, count: int, env: dict[str, str]) -> None:
    """The whole character, then with the history's recording, and the hook calls too, switched off."""
    copy = folder / "unrecorded"
    shutil.copytree(Path(lifepath.__file__).parent, copy / "lifepath")
    creation = copy / "lifepath" / "creation.py"
    text, changed = re.subn(r"(?m)^(\s*)self\._record\(\(.*$", r"\1pass", creation.read_text(encoding="utf-8"))
    assert changed >= 4, "the context's record calls have moved: update bench/parts.py"
    creation.write_text(text, encoding="utf-8")
    script = _script(folder, "switched", _SWITCHED, env)
    unrecorded = {**env, "PYTHONPATH": str(copy)}
    # the copy's own first run outside valgrind, as _script made the installed package's
    subprocess.run([sys.executable, str(script), "", "0"], capture_output=True, env=unrecorded, check=True)
    for label, switch, run_env in (
        ("as it is", "", env),
        ("with nothing recorded", "", unrecorded),
        ("with nothing recorded and no hook called", "hooks", unrecorded),
    ):
        per = (collected(script, switch, count, run_env) - collected(script, switch, 0, run_env)) / count
        print(f"  {label + ':':<45}{per / 1e3:8.1f} k")


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    folder = Path(tempfile.mkdtemp(prefix="lifepath-parts-"))
    env = {**os.environ, "LIFEPATH_CACHE_DIR": str(folder / "cache")}
    script = _script(folder, "parts", _SCRIPT, env)
    zero = collected(script, "none", 0, env)
    base = collected(script, "none", count, env)
    print(f"context and policy chooser (seeding included): {(base - zero) / count / 1e3:8.1f} k per character")
    seeding = (collected(script, "seeding", count, env) - zero) / count
    print(f"  seeding the two random streams:              {seeding / 1e3:8.1f} k")
    for mode, label in (
        ("dice", "27 throws"),
        ("decisions", "38 decisions, 13 cache look-ups"),
        ("history", "34 changes, 11 notes"),
        ("hooks", "6 creation-hook calls"),
    ):
        per = (collected(script, mode, count, env) - base) / count
        print(f"{mode} ({label}):{' ' * max(1, 36 - len(mode) - len(label))}{per / 1e3:8.1f} k per character")
    print("\nby stage of the procedure (each switched off in turn):")
    stages(folder, count, env)
    print("\nthe floor: the same seeding, draws, records and hook calls, flat, with no rules:")
    least = floor(folder, count, env)
    print(f"  {'the floor:':<45}{least / 1e3:8.1f} k")
    print(f"  left of issue 16's 800 k for every rule of a character: {(800e3 - least) / 1e3:.1f} k")
    print("\nthe whole character with costs switched off:")
    switched_off(folder, count, env)
    return 0


if __name__ == "__main__":
    sys.exit(main())
