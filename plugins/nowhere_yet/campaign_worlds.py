"""A homeworld from the campaign's own worlds (``lifepath campaign add-worlds``), recording only the one chosen.

A campaign may hold thousands of worlds; a character records none of them but its own:

* its options hold ``world_list``, the list's :func:`lifepath.support.sector.reference` (the SHA-256 of its canonical
  form and its count), and, when the world is known before creation (``--homeworld NAME``, or a campaign of
  a single world), ``world``: that world's token ``sector/hex UWP name`` (:func:`lifepath.support.sector.token`);
* otherwise the ``homeworld`` decision is asked over the whole list, one option a world (a person's menu
  pages through it and filters it with ``/text``; the NPC policy draws from it, every world alike, from
  its own stream as for any decision), and recorded with the chosen option only: the recorded answer is
  the world's token, and the history's decision event lists that one option (its prompt says how many
  worlds there were). A history of a campaign of 50,000 worlds is as long as one of 50.

The token holds all creation needs of the world (its name and UWP; trade codes and law level follow from
the UWP as for ``--uwp``), so a replay (``lifepath verify``, ``lifepath import``) takes the recorded
answer without needing the list: it is needed only to offer it, and is found in this process by its
reference (:func:`lifepath.support.sector.offered`), where ``create`` and ``generate`` put it. Characters made
before this (the whole list in the option ``worlds``) are still made, and replayed, by the procedure's
older path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lifepath import Context, Decision, LifepathError, Option
from lifepath.decisions import ScriptedChooser
from lifepath.engine.history_log import DECISION

if TYPE_CHECKING:  # the sector module (some 1.5 ms to import) only for a campaign with worlds
    from lifepath.support.sector import World

PROMPT = "Choose your homeworld"


def wanted(options: dict[str, Any]) -> bool:
    """Whether creation takes its homeworld from the campaign's worlds (the options of this module's shape)."""
    return "world" in options or "world_list" in options


def label(world: World) -> str:
    where = f"{world.sector} {world.hex}" if world.sector else world.hex
    return f"{world.name} {world.uwp} ({where})"


def choose(ctx: Context) -> World:
    """The homeworld: the one the options name, or the one chosen from the campaign's list."""
    from lifepath.support.sector import from_token, offered, token

    given = ctx.options.get("world")
    if given is not None:
        world = from_token(str(given))
        if world is None:
            raise LifepathError(
                f"the option world = '{given}' is not a world (sector/hex UWP name)",
                hint="choose the homeworld with --homeworld NAME",
            )
        ctx.choose(Decision("homeworld", PROMPT, (Option(str(given), label(world)),)))  # forced: one option
        return world
    ref = ctx.options.get("world_list")
    count = ref.get("count") if isinstance(ref, dict) else None
    prompt = f"{PROMPT} (one of the campaign's {count} worlds)"
    listed = offered(ref)
    if listed is None:
        if not isinstance(ctx.chooser, ScriptedChooser):  # a replay needs only its recorded answer
            raise LifepathError(
                f"the campaign's list of {count} worlds this character is made from is not here (it has changed "
                "since, or the option world_list was given by hand)",
                hint="start the character again in the campaign (`lifepath create --campaign NAME`)",
            )
        answer = ctx.chooser.choose(Decision("homeworld", prompt, (), free_text=True))
        world = from_token(answer)
    else:
        by_token = {token(w): w for w in listed}
        menu = tuple(Option(t, label(w)) for t, w in by_token.items())
        answer = ctx.chooser.choose(Decision("homeworld", prompt, menu))
        world = by_token.get(answer)
    if world is None:
        raise LifepathError(
            f"'{answer}' is not one of the campaign's worlds",
            hint="choose one of the worlds offered (`lifepath campaign worlds` lists them)",
        )
    ctx.decisions.append(["homeworld", answer])
    # recorded as a decision whose only option is the answer: the list itself stays in the campaign
    ctx.history.record((DECISION, Decision("homeworld", prompt, (Option(answer, label(world)),)), answer))
    return world
