"""The background: the homeworld (given by profile, taken from the campaign's worlds, or chosen from a list)
and the background skills at level 0, the first picks from the homeworld's trade codes or the education
list, the rest from the education list."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from lifepath import Decision, LifepathError, Option

from . import campaign_worlds, previews
from . import npc_weights as w
from .compiled import once
from .homeworld import Homeworld, sample_world
from .homeworld import build as build_homeworld
from .questions import DECISIONS
from .skills import skill_book
from .state import Creation


def homeworld_choice(worlds: list[Mapping[str, Any]]) -> Decision:
    opts = tuple(Option(world["name"], f"{world['name']} {world['uwp']}") for world in worlds)
    return Decision("homeworld", "Choose your homeworld", opts)


@lru_cache(maxsize=1)
def education_options() -> tuple[Option, ...]:
    from .tables import tables

    return tuple(Option(s, s, w.EDUCATION_SKILL) for s in tables()["education"]["skills"])


@lru_cache(maxsize=256)
def homeworld_options(skills: tuple[str, ...]) -> tuple[Option, ...]:
    return tuple(Option(s, f"{s} (homeworld)", w.HOMEWORLD_SKILL) for s in skills)


def keyed(options: tuple[Option, ...]) -> tuple[tuple[Option, str], ...]:
    """Skill options with the sheet key each lands on (a leaf specialisation is written under its cascade),
    worked out once per tuple of options."""
    key = skill_book().key
    return once("keyed", options, lambda: tuple((o, key(o.id)) for o in options))


#: the greyed options of the background skill menu, by option, reason: a taken one keeps its number
_GREYED: dict[tuple[int, str], Option] = {}


def _greyed(option: Option, why: str) -> Option:
    token = (id(option), why)
    found = _GREYED.get(token)
    if found is None or found.id != option.id:
        found = _GREYED[token] = Option(option.id, option.label, option.weight, option.detail, why)
    return found


def background_pool(
    homeworld: tuple[tuple[Option, str], ...],
    education: tuple[tuple[Option, str], ...],
    taken: Mapping[str, int],
    from_homeworld: bool,
    picks: int,
) -> tuple[Option, ...]:
    """One background pick's menu: the homeworld's skills, then the education list's, the same lines in the
    same places at every pick (so a number never moves between picks); a skill already held, a homeworld
    skill after the homeworld's picks, or an education skill while its homeworld line stands for it, is
    greyed with the reason. The enabled options, in order, are those the earlier menus offered, so the NPC
    policy's draws are unchanged."""
    lines = _menu_lines(homeworld, education, from_homeworld, picks)
    return tuple([held if sheet_key in taken else option for option, held, sheet_key in lines])


def _menu_lines(
    homeworld: tuple[tuple[Option, str], ...],
    education: tuple[tuple[Option, str], ...],
    from_homeworld: bool,
    picks: int,
) -> tuple[tuple[Option, Option, str], ...]:
    """Each line of a background menu as (the option while its skill is not held, the option once it is, the
    skill's sheet key): worked out once per pair of lists (kept objects: :func:`keyed`) and pick, so a
    pick's menu costs one pass over the held skills (making it line by line cost an NPC some 4%)."""

    def made() -> tuple[tuple[Option, Option, str], ...]:
        lines: list[tuple[Option, Option, str]] = []
        offered = {option.id for option, _key in homeworld}
        schooled = {option.id for option, _key in education}
        for option, sheet_key in homeworld:
            shown = option
            if not from_homeworld:
                also = "; it is also on the education list below" if option.id in schooled else ""
                shown = _greyed(option, f"only the first {picks} pick(s) come from the homeworld{also}")
            lines.append((shown, _greyed(option, "already taken"), sheet_key))
        for option, sheet_key in education:
            shown = option
            if from_homeworld and option.id in offered:
                shown = _greyed(option, "offered above as a homeworld skill")
            lines.append((shown, _greyed(option, "already taken"), sheet_key))
        return tuple(lines)

    return once(("background menu", id(education), from_homeworld, picks), homeworld, made)


def background(c: Creation) -> None:
    """The homeworld, then the background skills."""
    home = homeworld(c)
    c.sheet.extra["homeworld"] = home.to_dict()
    c.ctx.note(f"homeworld {home.name}: {home.law_descriptor}, trade codes {' '.join(home.trade_codes) or 'none'}")
    background_skills(c, home)


def homeworld(c: Creation) -> Homeworld:
    """The homeworld the options give by profile, the campaign's world, or one chosen from a list."""
    opts = c.ctx.options
    if opts.get("uwp") or opts.get("trade_codes") or opts.get("law_level") is not None:
        codes = str(opts.get("trade_codes") or "")
        return build_homeworld(
            str(opts.get("homeworld") or "Homeworld"),
            opts.get("uwp"),
            [code for code in codes.replace(" ", ",").split(",") if code],
            opts.get("law_level"),
            c.t["homeworld"],
        )
    if campaign_worlds.wanted(opts):
        # a campaign's own worlds, the list kept in the campaign: only the one chosen is recorded
        world = campaign_worlds.choose(c.ctx)
        return sample_world(world.name, world.uwp)
    return listed_homeworld(c)


def listed_homeworld(c: Creation) -> Homeworld:
    """A homeworld chosen from a campaign's own worlds as earlier versions recorded them (the whole list in
    the option ``worlds``; still replayed), or from the sample list."""
    opts = c.ctx.options
    own = opts.get("worlds")
    sample = c.t["homeworlds"]["worlds"]
    worlds = own or sample
    if opts.get("homeworld"):
        named = [world for world in worlds if world["name"].lower() == str(opts["homeworld"]).lower()]
        if not named:
            which = "the campaign's worlds" if own else "the sample homeworlds"
            raise LifepathError(
                f"'{opts['homeworld']}' is not one of {which}",
                hint="give its profile with --uwp, or choose one of: " + ", ".join(x["name"] for x in worlds),
            )
        worlds = named
    listed = worlds
    asked = (
        once("homeworld", listed, lambda: homeworld_choice(listed))  # the sample list: one decision per process
        if listed is sample
        else homeworld_choice(listed)
    )
    choice = c.ctx.choose(asked, preview=previews.homeworld(c))
    world = next(x for x in worlds if x["name"] == choice)
    return sample_world(world["name"], world["uwp"])


def background_skills(c: Creation, home: Homeworld) -> None:
    """The background skills, each at level 0 and none taken twice."""
    ctx, proc = c.ctx, c.proc
    count = max(proc["background_skills_minimum"], proc["background_skills_base"] + c.dm("Edu"))
    education = keyed(education_options())
    homeworld = keyed(homeworld_options(home.skills))
    ctx.apply_traits(c.trait_rows, "background")
    picks = proc["homeworld_skill_picks"]
    taken = c.sheet.skills
    for pick in range(count):
        pool = background_pool(homeworld, education, taken, pick < picks, picks)
        asked = DECISIONS.get("background-skill", f"Background skill {pick + 1} of {count}", pool)
        if not asked.enabled():
            ctx.note("no background skill is left to choose")
            break
        skill = ctx.choose(asked, preview=previews.skill(c, "background skill"))
        c.book.grant(ctx, skill, level=0, why="background skill")
