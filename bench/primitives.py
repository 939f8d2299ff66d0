"""What one Python operation costs in instructions on this interpreter, run by hand:
``python bench/primitives.py [COUNT]`` (valgrind needed; under a minute).

Issue 16 asks for a Nowhere Yet character in at most 0.8 M instructions. A character is some 110 history
events, 65 random draws, 120 calls on the creation context and the rules around them, so what each kind
of operation costs says what a design can reach before it is written. Each operation runs COUNT times in
a loop inside a function (as real code runs); the figure is that run less a run of none, divided by
COUNT, less the same for a loop with an empty body.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from run import collected, counted_script  # bench/run.py, beside this script (its folder is on sys.path)

#: what each operation is, and the statement that does it once (``i`` is the loop's counter)
OPERATIONS = {
    "call": ("a call of a function of three arguments", "three(i, 2, 3)"),
    "keywords": ("a call with two keyword arguments", "keywords(i, 2, c=3, d=4)"),
    "method": ("a method call", "thing.method(i, 2)"),
    "fstring": ("an f-string of one name", 'text = f"survival: {name}"'),
    "fstring3": ("an f-string of two names and a number", 'text = f"term {i}: {name}, term {k} in this career"'),
    "record": ("a tuple of six appended to a list", "append((0, name, i, k, None, name))"),
    "item": ("a dict's item by a string key", 'value = row["target"]'),
    "attribute": ("a slotted object's attribute", "value = thing.x"),
    "face": ("a face drawn: int(draw() * 6) + 1", "value = int(draw() * 6) + 1"),
    "dataclass": ("a slotted dataclass of three fields made", "Plain(i, 2, 3)"),
    "frozen": ("a frozen slotted dataclass of three fields made", "Frozen(i, 2, 3)"),
}

_HEAD = """
import random, sys
from dataclasses import dataclass
operation, count = sys.argv[1], int(sys.argv[2])


def three(a, b, c):
    return a


def keywords(a, b, *, c=None, d=None):
    return a


class Thing:
    __slots__ = ("x",)

    def __init__(self):
        self.x = 1

    def method(self, a, b):
        return a


@dataclass(slots=True)
class Plain:
    a: int
    b: int
    c: int


@dataclass(frozen=True, slots=True)
class Frozen:
    a: int
    b: int
    c: int


def op_empty(n):
    for i in range(n):
        pass
"""

_OPERATION = """

def op_{name}(n):
    thing, row, name, k = Thing(), {{"target": 6}}, "Technician", 3
    draw, append = random.Random(1).random, [].append
    for i in range(n):
        {statement}
"""


def script_text() -> str:
    body = "".join(_OPERATION.format(name=name, statement=statement) for name, (_, statement) in OPERATIONS.items())
    return _HEAD + body + '\n\nglobals()["op_" + operation](count)\n'


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    folder = Path(tempfile.mkdtemp(prefix="lifepath-primitives-"))
    env = dict(os.environ)
    script = counted_script(folder, "primitives", script_text(), env, "empty")
    zero = collected(script, "empty", 0, env)
    empty = (collected(script, "empty", count, env) - zero) / count
    print(f"instructions per operation ({sys.version.split()[0]}; a loop's own step, {empty:.0f}, taken off):")
    for name, (label, _) in OPERATIONS.items():
        per = (collected(script, name, count, env) - zero) / count - empty
        print(f"  {label + ':':<50}{per:8.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
