"""The questions every character is asked, built once and reused: the shared cache of decisions, yes/no
questions, and decisions over a fixed list (names, goals, looks). A decision made once keeps its enabled
options and the NPC policy's running totals, so no character works them out again."""

from __future__ import annotations

from functools import lru_cache

from lifepath import Decision, Option
from lifepath.decisions import DecisionCache

#: the decisions every character is asked, made once (see lifepath.decisions.DecisionCache)
DECISIONS = DecisionCache()


@lru_cache(maxsize=2048)
def yes_no(key: str, prompt: str, yes_weight: float, context: str = "", default: str = "") -> Decision:
    """A yes/no decision; ``default`` is what a person takes with Enter alone."""
    return Decision(
        key,
        prompt,
        (Option("yes", "yes", yes_weight), Option("no", "no", 1.0 - yes_weight)),
        context=context,
        default=default,
    )


@lru_cache(maxsize=256)
def static_choice(key: str, prompt: str, ids: tuple[str, ...], free_text: bool = False) -> Decision:
    """A decision over a fixed list (names, goals, looks), built once per process."""
    return Decision(key, prompt, tuple(Option(i) for i in ids), free_text=free_text)
