"""Creation's first chapter: the concept (a couple of words: who is this character?) and the name, each
typed or picked from the examples, or given as a creation option."""

from __future__ import annotations

from lifepath import Option

from .previews import cosmetic
from .purchase import kept
from .state import Creation

#: each question's prompt
PROMPTS = {
    "concept": "Choose a concept (a couple of words: who is this character?)",
    "name": "Name your character",
}

#: where each question's examples are in the names table
EXAMPLES = {"concept": "concepts", "name": "names"}


def concept_and_name(c: Creation) -> None:
    """The concept, then the name."""
    for key in ("concept", "name"):
        given = c.ctx.options.get(key)
        if given:
            value = str(given).strip()
            c.ctx.note(f"{key} given as a creation option: {value}")
        else:
            examples = kept(
                c.book, ("examples", key), lambda k: tuple(Option(x, x) for x in c.book["names"][EXAMPLES[k]]), key
            )
            decision = c.book.decisions.get(key, PROMPTS[key], examples, free_text=True, context=c.status())
            value = c.ctx.choose(decision, preview=cosmetic)
        if key == "concept":
            c.build.concept = value
        else:
            c.build.name = value
            c.ctx.sheet.name = value
