"""Interactive creation at the CLI: a person (or an answers file) answers through a
:class:`~lifepath.engine.session.Session`, and every answer is kept in a draft until the character is finished."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING

from lifepath.errors import LifepathError

if TYPE_CHECKING:
    from lifepath.character import Character
    from lifepath.engine.drafts import Draft
    from lifepath.host.registry import Registry


def read_answers(source: str) -> Iterator[str]:
    """The lines of an answers file (``-``: standard input), one answer each."""
    if source == "-":
        text = sys.stdin.read()
    else:
        from pathlib import Path

        try:
            text = Path(source).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise LifepathError(
                f"cannot read the answers file {source} ({exc})",
                hint="give a UTF-8 text file with one answer a line, or - for standard input",
            ) from None
    return iter(text.splitlines())


def make(registry: Registry, draft: Draft, answers: str | None) -> Character:
    """Make the draft's character, asking a person for what neither the draft nor the answers say.
    On Ctrl-C, Ctrl-D or an error the draft is kept and how to resume it is printed."""
    import typer

    from lifepath.cli.prompt import PromptChooser, terminal_width, wrap
    from lifepath.engine.help import explain, glossary
    from lifepath.engine.session import Session

    terminal = sys.stdin.isatty() and answers != "-"
    if not terminal and answers is None:
        raise LifepathError(
            "interactive creation needs a terminal to ask you questions",
            hint="run it in a terminal, give --answers FILE, or add --auto to let the NPC policy answer",
        )
    ruleset = registry.ruleset(draft.ruleset)
    prompt = PromptChooser(
        explain=lambda decision: explain(ruleset, decision),
        glossary=lambda: glossary(ruleset),
        answers=read_answers(answers) if answers is not None else None,
        answers_name="standard input" if answers == "-" else str(answers),
        interactive=terminal,
    )
    session = Session(
        registry,
        draft.ruleset,
        seed=draft.seed,
        rules=draft.rules,
        options=draft.options,
        person=prompt,
        answers=draft.decisions,
        on_answer=draft.record,
    )
    prompt.session = session
    prompt.recap_first = bool(draft.decisions)
    draft.write()
    # the command on a line of its own, so that no terminal width breaks it
    kept = f"the draft is kept in {draft.path}; resume it with:"
    resume = f"  lifepath create --resume {draft.name}"
    try:
        character = session.run()
    except KeyboardInterrupt:
        print("\n" + "\n".join(wrap(f"stopped: {kept}", terminal_width(), "")), file=sys.stderr)
        print(resume, file=sys.stderr)
        raise typer.Exit(130) from None
    except LifepathError:
        print("\n" + "\n".join(wrap(kept, terminal_width(), "")), file=sys.stderr)
        print(resume, file=sys.stderr)
        raise
    return character
