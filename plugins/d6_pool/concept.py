"""Creation's first chapter: the concept (a couple of words: who is this character?) and the name, each
typed or picked from the examples, or given as a creation option."""

from __future__ import annotations

from lifepath import Decision, Option

from .previews import cosmetic
from .state import Creation


def concept_and_name(c: Creation) -> None:
    """The concept, then the name."""
    names = c.book["names"]
    for key, what, examples in (("concept", "concept", names["concepts"]), ("name", "name", names["names"])):
        given = c.ctx.options.get(key)
        if given:
            value = str(given).strip()
            c.ctx.note(f"{what} given as a creation option: {value}")
        else:
            prompt = (
                "Choose a concept (a couple of words: who is this character?)"
                if key == "concept"
                else "Name your character"
            )
            value = c.ctx.choose(
                Decision(key, prompt, tuple(Option(x, x) for x in examples), free_text=True, context=c.status()),
                preview=cosmetic,
            )
        if key == "concept":
            c.build.concept = value
        else:
            c.build.name = value
            c.ctx.sheet.name = value
