"""The interactive chooser: a person answers each decision at the terminal, seeing every throw.

Besides an answer (a number, an option id or its name) a person may type ``?``/``help`` (explain this
choice), ``?N`` (everything option N does for this character: its effects, the throws it leads to with
their exact chances, its risks), ``??`` (the ruleset's glossary), ``s``/``sheet`` (the character so far),
``b``/``back``/``undo`` (go back one decision), ``r`` (show the NPC policy's suggestion; Enter then takes
it), ``auto`` (let the policy finish the character), ``q``/``quit`` (stop; the draft is kept) or press
Enter (the decision's default, or a drawn name for a name). Answers may also come from a file
(``--answers``), where ``r`` takes the suggestion at once.

Each option's line ends with the short form of its preview (what it does, the chance of each throw).
Every option keeps its number for the whole question; one that cannot be taken now is listed greyed with
the reason, and typing its number says why. A menu longer than :data:`PAGE` options is shown a page at a
time: ``n``/``p`` turn the page and ``/text`` lists only the options containing "text" (``/`` alone lists all
again). The decision's status (points left, age, term...) is printed after the menu, right above the prompt
line, and every line is wrapped at the terminal's width without breaking a word.
"""

from __future__ import annotations

import os
import shutil
import sys
import textwrap
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, TextIO

from lifepath.decisions import Decision, free_text_problem
from lifepath.errors import LifepathError
from lifepath.sheets.history import spoken
from lifepath.support.text import safe

if TYPE_CHECKING:
    from lifepath.engine.session import Session

BACK = ("b", "back", "undo")
HELP = ("?", "help")
GLOSSARY = ("??", "glossary")
SHEET = ("s", "sheet")
QUIT = ("q", "quit")
#: the most options a menu shows at once; longer menus page (``n``/``p``) and filter (``/text``)
PAGE = 15


def terminal_width() -> int:
    """The terminal's width (``COLUMNS``, else the terminal's own, else 80), at least 40."""
    return max(shutil.get_terminal_size((80, 24)).columns, 40)


def wrap(text: str, width: int, first: str = "  ", rest: str | None = None) -> list[str]:
    """``text`` wrapped at ``width`` with a hanging indent, never breaking a word (only one longer than a
    whole line)."""
    return textwrap.wrap(
        text,
        width,
        initial_indent=first,
        subsequent_indent=" " * len(first) if rest is None else rest,
        break_on_hyphens=False,
    ) or [first.rstrip()]


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
        glossary: Callable[[], str] | None = None,
        answers: Iterator[str] | None = None,
        answers_name: str = "",
        interactive: bool = True,
    ) -> None:
        self.stdin = stdin or sys.stdin
        self.out = out or sys.stderr
        self.session = session
        self._names: Mapping[str, str] | None = None
        self.explain = explain
        self.glossary = glossary
        self.answers = answers
        self.answers_name = answers_name
        self.interactive = interactive
        self._from_file = False
        self._page = 0
        self._filter = ""
        self._suggested = ""
        #: a resumed draft: show the character so far before its first question
        self.recap_first = False

    @property
    def previews(self) -> bool:
        """Whether creation should fill in each option's preview: always for a person (the session says
        when a decision is replayed or left to the NPC policy, and then none is made)."""
        return self.session is None or self.session.previews

    def width(self) -> int:
        return terminal_width()

    def _grey(self, line: str) -> None:
        """Print a disabled option's line, dimmed on a colour terminal (not with ``NO_COLOR``). The dim code
        goes to the stream behind the CLI's safe output, which would show it instead of obeying it."""
        isatty = getattr(self.out, "isatty", None)
        if isatty is not None and isatty() and "NO_COLOR" not in os.environ:
            from lifepath.cli.output import raw

            self.out.flush()
            stream = raw(self.out)
            stream.write(f"\x1b[2m{safe(line)}\x1b[0m\n")
            stream.flush()
        else:
            print(line, file=self.out)

    def tell(self, text: str) -> None:
        print(text, file=self.out)

    def show(self, event: dict[str, Any]) -> None:
        """Observer for the creation context: print throws as panels, other events as lines."""
        if event.get("type") in ("throw", "change", "note", "crisis"):
            # one line each (a throw with its dice, DMs and verdict), so the player's numbers stay on screen
            text = spoken(event, self._characteristic_names())
            indent = "  " if event.get("type") == "throw" else ""
            for line in wrap(
                safe(text.strip()), self.width(), indent + ("  " if text.startswith("  ") else ""), "      "
            ):
                print(line, file=self.out)

    def _characteristic_names(self) -> Mapping[str, str]:
        """The ruleset's names for its characteristic codes (none without a session), read once."""
        if self._names is None:
            session = self.session
            self._names = (
                session.registry.ruleset(session.ruleset_id).characteristic_names() if session is not None else {}
            )
        return self._names

    def keys(self, decision: Decision) -> str:
        """The prompt line's list of what may be typed, e.g. ``[1-9, ? help, b back, r suggest, auto, Enter = 3]``."""
        n = len(decision.options)
        parts = [f"1-{n}" if n > 1 else "1"]
        if decision.free_text:
            parts.append("or type your own")
        if decision.shorthand is not None:
            parts.append(decision.shorthand.hint)
        if n > PAGE:
            parts.append("n/p page, /text filter")
        parts.append("? help, ?N option N")
        if self.session is not None:
            parts += ["s sheet", "b back", "r suggest", "auto"]
        if decision.default and decision.default not in self._disabled_ids(decision):
            index = self._number(decision, decision.default)
            parts.append(f"Enter = {index or decision.default}")
        elif decision.free_text and self.session is not None:
            parts.append("Enter = random")
        return "[" + ", ".join(parts) + "]"

    @staticmethod
    def _disabled_ids(decision: Decision) -> set[str]:
        return {o.id for o in decision.options if o.disabled is not None}

    @staticmethod
    def _number(decision: Decision, option_id: str) -> int:
        """The number an option is shown with (0 when there is no such option)."""
        for i, option in enumerate(decision.options, 1):
            if option.id == option_id:
                return i
        return 0

    def _shown(self, decision: Decision) -> list[int]:
        """The numbers (1-based) of the options on the current page, after the filter."""
        numbers = [
            i
            for i, o in enumerate(decision.options, 1)
            if not self._filter or self._filter in f"{o.id} {o.text()}".lower()
        ]
        pages = max((len(numbers) + PAGE - 1) // PAGE, 1)
        self._page = min(max(self._page, 0), pages - 1)
        return numbers[self._page * PAGE : (self._page + 1) * PAGE]

    def _menu(self, decision: Decision) -> None:
        """The options of the current page, then the status and the keys (the last lines before the prompt)."""
        width = self.width()
        n = len(decision.options)
        numbers = self._shown(decision) if n > PAGE else list(range(1, n + 1))
        shared = self._shared_preview(decision)
        for i in numbers:
            option = decision.options[i - 1]
            first = f"  {i:>2}. "
            if option.disabled is not None:
                for line in wrap(safe(f"{option.text()} (cannot be taken: {option.disabled})"), width, first):
                    self._grey(line)
                continue
            preview = option.previewed()
            short = preview.short() if preview is not None and not shared else ""
            detail = f" ({short})" if short else ""
            for line in wrap(safe(f"{option.text()}{detail}"), width, first):
                print(line, file=self.out)
        if n > PAGE:
            what = f"options containing '{self._filter}'" if self._filter else "options"
            if not numbers:
                print(f"  (no {what}; / alone lists them all again)", file=self.out)
            else:
                total = len(
                    [
                        i
                        for i, o in enumerate(decision.options, 1)
                        if not self._filter or self._filter in f"{o.id} {o.text()}".lower()
                    ]
                )
                page, pages = self._page + 1, (total + PAGE - 1) // PAGE
                print(
                    f"  ({what} {numbers[0]}-{numbers[-1]}, page {page} of {pages}; n next, p previous, /text filter)",
                    file=self.out,
                )
        if shared:
            for line in wrap(safe(f"every option: {shared}"), width):
                print(line, file=self.out)
        if decision.context:
            for line in wrap(safe(decision.context), width):
                print(line, file=self.out)
        for line in wrap(self.keys(decision), width):
            print(line, file=self.out)

    @staticmethod
    def _shared_preview(decision: Decision) -> str:
        """The short preview every option has alike (names, looks: it changes no rule), said once under the
        menu instead of on every line; empty when the options differ."""
        shorts = {p.short() if (p := o.previewed()) is not None else "" for o in decision.options}
        if len(decision.options) > 1 and len(shorts) == 1:
            return shorts.pop()
        return ""

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
                hint=f"legal answers are a number from 1 to {len(decision.options)} (of an option not marked as "
                "unavailable) or one of: " + ", ".join(o.text() for o in decision.enabled()[:12]),
            )
        print(f"  {problem}", file=self.out)

    def choose(self, decision: Decision) -> str:
        width = self.width()
        if self.session is not None and self.recap_first:
            self.recap_first = False
            print("\nresuming; the character so far:", file=self.out)
            self._sheet(width)
        print("", file=self.out)
        for line in wrap(safe(decision.prompt), width, ""):
            print(line, file=self.out)
        session = self.session
        if session is not None and session.undone is not None and session.undone[0] == decision.key:
            print(f"  (going back: you had answered {session.undone[1]})", file=self.out)
            session.undone = None
        self._page, self._filter, self._suggested = 0, "", ""
        paged = len(decision.options) > PAGE
        self._menu(decision)
        while True:
            print("> ", end="", file=self.out, flush=True)
            answer = self._read(decision)
            word = answer.lower()
            if paged and (word in ("n", "p") or word.startswith("/")):
                if word == "n":
                    self._page += 1
                elif word == "p":
                    self._page -= 1
                else:
                    self._filter, self._page = word[1:].strip(), 0
                self._menu(decision)
                continue
            if word in GLOSSARY:
                text = self.glossary() if self.glossary is not None else "(no glossary available)"
                self._print_block(text, width)
                continue
            if word.startswith("?") and word[1:].strip().isdigit():
                self._explain_option(decision, int(word[1:].strip()), width)
                continue
            if session is not None and word in SHEET:
                print("  the character so far:", file=self.out)
                self._sheet(width)
                continue
            if word in HELP:
                text = self.explain(decision) if self.explain is not None else "(no help available)"
                self._print_block(text, width)
                continue
            if word in QUIT:
                raise KeyboardInterrupt
            if session is not None and word in BACK:
                if session.can_undo:
                    from lifepath.engine.session import GoBack

                    raise GoBack
                self._refuse(decision, "this is the first decision: there is nothing to go back to")
                continue
            if session is not None and word == "auto":
                session.finish_automatically()
                answer = session.suggest(decision)
                taken = self._name(decision, answer)
                print(f"  the NPC policy makes every choice from here; for this one it takes {taken}", file=self.out)
                return answer
            if session is not None and word == "r" and not self._from_file:
                self._suggested = session.suggest(decision)
                number = self._number(decision, self._suggested)
                shown = f"{number}. " if number else ""
                print(
                    f"  suggested: {shown}{self._name(decision, self._suggested)} (Enter takes it, or answer as usual)",
                    file=self.out,
                )
                continue
            if not answer and self._suggested:
                if self._confirmed(decision, self._suggested, width):
                    return self._suggested
                continue
            if session is not None and (word == "r" or (decision.free_text and word in ("", "random"))):
                answer = session.suggest(decision)
                print(f"  suggested: {self._name(decision, answer)}", file=self.out)
                return answer
            if not answer and decision.default and decision.default not in self._disabled_ids(decision):
                return decision.default
            chosen = None
            if answer.isdigit() and 1 <= int(answer) <= len(decision.options):
                chosen = decision.options[int(answer) - 1]
            else:
                # a menu may list one id twice, once greyed (a skill offered by the homeworld and by the
                # education list): the name answers the line that can be taken
                named = [o for o in decision.options if word in (o.id.lower(), o.text().lower())]
                chosen = next((o for o in named if o.disabled is None), named[0] if named else None)
            if chosen is not None and chosen.disabled is None:
                if self._confirmed(decision, chosen.id, width):
                    return chosen.id
                continue
            if chosen is not None:
                number = self._number(decision, chosen.id)
                self._refuse(decision, f"{number}. {chosen.text()} cannot be taken: {chosen.disabled}")
                continue
            if decision.shorthand is not None and answer:
                problem = decision.shorthand.problem(answer)
                if not problem:
                    return answer
                self._refuse(decision, problem)
                continue
            if decision.free_text:
                problem = free_text_problem(answer)
                if not problem:
                    return answer
                self._refuse(decision, f"{problem}: type another, or press Enter for a random one")
                continue
            self._refuse(decision, f"please answer with a number from 1 to {len(decision.options)} (? for help)")

    def _confirmed(self, decision: Decision, answer: str, width: int) -> bool:
        """Whether the option ``answer`` may be taken: yes, unless its preview asks a question first (the
        sheet so far is shown with it) and the person does not say yes. An answers file is not asked."""
        option = next((o for o in decision.options if o.id == answer), None)
        preview = option.previewed() if option is not None else None
        if preview is None or not preview.confirm or self._from_file:
            return True
        print("  the character so far:", file=self.out)
        self._sheet(width)
        print(f"  {safe(preview.confirm)} [y/N] ", end="", file=self.out, flush=True)
        line = self.stdin.readline()
        if not line:
            raise KeyboardInterrupt
        if line.strip().lower() in ("y", "yes"):
            return True
        print("  not taken: choose again", file=self.out)
        return False

    def _sheet(self, width: int) -> None:
        """The character so far, from the session, each line wrapped under its indent."""
        lines = (self.session.sheet_so_far() if self.session is not None else []) or ["(nothing is on the sheet yet)"]
        for line in lines:
            print("\n".join(wrap(safe(line), width, "    ", "      ")), file=self.out)

    def _print_block(self, text: str, width: int) -> None:
        """Lines of help, each wrapped under its own indent."""
        for line in text.splitlines():
            indent = len(line) - len(line.lstrip())
            print(
                "\n".join(wrap(safe(line.strip()), width, "  " + " " * indent, "  " + " " * (indent + 4))),
                file=self.out,
            )

    def _explain_option(self, decision: Decision, number: int, width: int) -> None:
        """``?N``: everything option N does for this character."""
        if not 1 <= number <= len(decision.options):
            self._refuse(decision, f"there is no option {number}: ?N takes a number from 1 to {len(decision.options)}")
            return
        option = decision.options[number - 1]
        lines = [f"{number}. {option.text()}"]
        preview = option.previewed()
        if preview is not None:
            lines += [f"  {line}" for line in preview.lines()]
        else:
            lines.append("  (the ruleset says nothing more about this option)")
        if option.disabled is not None:
            lines.append(f"  cannot be taken now: {option.disabled}")
        self._print_block("\n".join(lines), width)

    @staticmethod
    def _name(decision: Decision, answer: str) -> str:
        for option in decision.options:
            if option.id == answer:
                return option.text()
        return answer
