"""The interactive chooser: a person answers each decision at the terminal, seeing every throw."""

from __future__ import annotations

import sys
from typing import Any, TextIO

from lifepath.decisions import Decision
from lifepath.history import describe


class PromptChooser:
    """Asks a person. Options are numbered; a number or an option's name answers.

    Reads from ``stdin`` and writes prompts and panels to ``stderr``, so that standard output carries only
    the finished character (text or ``--json``) and can be redirected while a person plays.
    """

    def __init__(self, stdin: TextIO | None = None, out: TextIO | None = None) -> None:
        self.stdin = stdin or sys.stdin
        self.out = out or sys.stderr

    def show(self, event: dict[str, Any]) -> None:
        """Observer for the creation context: print throws as panels, other events as lines."""
        if event.get("type") == "throw":
            self._panel(event)
        elif event.get("type") in ("change", "note", "crisis"):
            print(describe(event), file=self.out)

    def _panel(self, e: dict[str, Any]) -> None:
        faces = " + ".join(str(f) for f in e["faces"])
        lines = [f"  {e['purpose']}", f"  dice:      {e['dice']}  [{faces}]"]
        for source, value in e.get("dms", []):
            lines.append(f"  modifier:  {value:+d}  {source}")
        lines.append(f"  total:     {e['total']}")
        if "target" in e:
            verdict = "SUCCESS" if e["success"] else "FAILURE"
            lines.append(f"  target:    {e['target']}+   -> {verdict}" + (f" ({e['rule']})" if "rule" in e else ""))
        width = max(len(x) for x in lines) + 2
        print("+" + "-" * width + "+", file=self.out)
        for x in lines:
            print(f"|{x:<{width}}|", file=self.out)
        print("+" + "-" * width + "+", file=self.out)

    def choose(self, decision: Decision) -> str:
        print(f"\n{decision.prompt}", file=self.out)
        if decision.context:
            print(f"  {decision.context}", file=self.out)
        for i, option in enumerate(decision.options, 1):
            detail = f"  ({option.detail})" if option.detail else ""
            print(f"  {i:>2}. {option.text()}{detail}", file=self.out)
        if decision.free_text:
            print("  (or type your own)", file=self.out)
        while True:
            print("> ", end="", file=self.out, flush=True)
            line = self.stdin.readline()
            if not line:
                raise KeyboardInterrupt
            answer = line.strip()
            if answer.isdigit() and 1 <= int(answer) <= len(decision.options):
                return decision.options[int(answer) - 1].id
            for option in decision.options:
                if answer.lower() in (option.id.lower(), option.text().lower()):
                    return option.id
            if decision.free_text and answer:
                return answer
            print(f"  please answer with a number from 1 to {len(decision.options)}", file=self.out)
