"""Creation's seventh chapter: the Extranormal type (Magic, Psionics or one of the person's own), asked
only when the house rule ``extranormal_minimum`` leaves the ability within the character's reach."""

from __future__ import annotations

from lifepath import Decision, Option

from .derived import derive, has_extranormal
from .names import find, normalise
from .previews import cosmetic
from .purchase import kept
from .state import Creation


def name_extranormal(c: Creation) -> None:
    """Extranormal is listed with its type (Extranormal: Magic): one of the table's, or the person's own;
    none when the house rule extranormal_minimum puts the ability out of the character's reach."""
    entry = c.book.derived["extranormal"]
    minimum = int(c.rules["extranormal_minimum"])
    if not has_extranormal(c.book, c.build.attributes, minimum):
        c.ctx.note(
            f"no {entry['name']} ability: neither {' nor '.join(entry['from'])} reaches {minimum}D "
            "(house rule extranormal_minimum)"
        )
        return
    given = c.ctx.options.get("extranormal")
    if given:
        value = normalise(str(given))
        c.ctx.note(f"Extranormal type given as a creation option: {value}")
    else:
        dice = derive(c.book, c.build.attributes).extranormal
        value = c.ctx.choose(
            Decision(
                "extranormal",
                f"Name the kind of your {entry['name']} ({dice}D): magic, psionics or another talent",
                kept(c.book, ("extranormal types",), lambda: tuple(Option(t, t) for t in entry["types"])),
                free_text=True,
                context=c.status(),
            ),
            preview=cosmetic,
        )
    c.build.extranormal_type = find(entry["types"], value) or normalise(value)
    c.ctx.change("extranormal type", None, c.build.extranormal_type, "the kind of extraordinary ability")
