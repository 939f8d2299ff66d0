"""The interactive chooser: a person answers each decision at the terminal, seeing every throw.

Besides an answer (a number, an option id or its name) a person may type ``?``/``help`` (explain this
choice), ``b``/``back``/``undo`` (go back one decision), ``r`` (take the NPC policy's suggestion),
``auto`` (let the policy finish the character), ``q``/``quit`` (stop; the draft is kept) or press Enter
(the decision's default, or a drawn name for a name). Answers may also come from a file (``--answers``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TextIO

from lifepath.decisions import Decision, free_text_problem
from lifepath.errors import LifepathError
from lifepath.history import describe

if TYPE_CHECKING:
    from lifepath.session import Session

BACK = ("b", "back", "undo")
HELP = ("?", "help")
QUIT = ("q", "quit")


class PromptChooser:
    """Asks a person. Options are numbered; a number or an option's name answers.

    Reads from ``stdin`` and writes prompts and panels to ``stderr``, so that standard output carries only
    the finished character (text or ``--json``) and can be redirected while a person plays.
    """

    def __init__(
        self,
        stdin: TextIO | None = None,
        out: TextIO | None = None,
        *,
        session: Session | None = None,
        explain: Callable[[Decision], str] | None = None,
        answers: Iterator[str] | None = None,
        answers_name: str = "",
        interactive: bool = True,
    ) -> None:
        self.stdin = stdin or sys.stdin
        self.out = out or sys.stderr
        self.session = session
        self.explain = explain
        self.answers = answers
        self.answers_name = answers_name
        self.interactive = interactive
        self._from_file = False

    def tell(self, text: str) -> None:
        print(text, file=self.out)

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

    def keys(self, decision: Decision) -> str:
        """The prompt line's list of what may be typed, e.g. ``[1-9, ? help, b back, r suggest, auto, Enter = 3]``."""
        n = len(decision.options)
        parts = [f"1-{n}" if n > 1 else "1"]
        if decision.free_text:
            parts.append("or type your own")
        parts.append("? help")
        if self.session is not None:
            parts += ["b back", "r suggest", "auto"]
        if decision.default:
            ids = decision.option_ids()
            index = ids.index(decision.default) + 1 if decision.default in ids else 0
            parts.append(f"Enter = {index or decision.default}")
        elif decision.free_text and self.session is not None:
            parts.append("Enter = random")
        return "[" + ", ".join(parts) + "]"

    def _read(self, decision: Decision) -> str:
        self._from_file = False
        if self.answers is not None:
            line = next(self.answers, None)
            if line is not None:
                self._from_file = True
                print(line, file=self.out)
                return line.strip()
            self.answers = None
            if not self.interactive:
                raise LifepathError(
                    f"the answers in {self.answers_name} ran out at decision '{decision.key}' ({decision.prompt})",
                    hint="add a line for it (a number, an option id or name; 'auto' lets the NPC policy finish)",
                )
        line = self.stdin.readline()
        if not line:
            raise KeyboardInterrupt
        return line.strip()

    def _refuse(self, decision: Decision, problem: str) -> None:
        if self._from_file:
            raise LifepathError(
                f"the answers in {self.answers_name} do not fit decision '{decision.key}' ({decision.prompt}): "
                + problem,
                hint=f"legal answers are a number from 1 to {len(decision.options)} or one of: "
                + ", ".join(decision.option_ids()[:12]),
            )
        print(f"  {problem}", file=self.out)

    def choose(self, decision: Decision) -> str:
        print(f"\n{decision.prompt}", file=self.out)
        if decision.context:
            print(f"  {decision.context}", file=self.out)
        session = self.session
        if session is not None and session.undone is not None and session.undone[0] == decision.key:
            print(f"  (going back: you had answered {session.undone[1]})", file=self.out)
            session.undone = None
        for i, option in enumerate(decision.options, 1):
            detail = f"  ({option.detail})" if option.detail else ""
            print(f"  {i:>2}. {option.text()}{detail}", file=self.out)
        print(f"  {self.keys(decision)}", file=self.out)
        while True:
            print("> ", end="", file=self.out, flush=True)
            answer = self._read(decision)
            word = answer.lower()
            if word in HELP:
                text = self.explain(decision) if self.explain is not None else "(no help available)"
                print("\n".join("  " + line for line in text.splitlines()), file=self.out)
                continue
            if word in QUIT:
                raise KeyboardInterrupt
            if session is not None and word in BACK:
                if session.can_undo:
                    from lifepath.session import GoBack

                    raise GoBack
                self._refuse(decision, "this is the first decision: there is nothing to go back to")
                continue
            if session is not None and word == "auto":
                session.finish_automatically()
                answer = session.suggest(decision)
                print(f"  the NPC policy finishes from here: {self._name(decision, answer)}", file=self.out)
                return answer
            if session is not None and (word == "r" or (decision.free_text and word in ("", "random"))):
                answer = session.suggest(decision)
                print(f"  suggested: {self._name(decision, answer)}", file=self.out)
                return answer
            if not answer and decision.default:
                return decision.default
            if answer.isdigit() and 1 <= int(answer) <= len(decision.options):
                return decision.options[int(answer) - 1].id
            for option in decision.options:
                if word in (option.id.lower(), option.text().lower()):
                    return option.id
            if decision.free_text:
                problem = free_text_problem(answer)
                if not problem:
                    return answer
                self._refuse(decision, f"{problem}: type another, or press Enter for a random one")
                continue
            self._refuse(decision, f"please answer with a number from 1 to {len(decision.options)} (? for help)")

    @staticmethod
    def _name(decision: Decision, answer: str) -> str:
        for option in decision.options:
            if option.id == answer:
                return option.text()
        return answer
