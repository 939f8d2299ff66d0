"""The origin: species (a playable one, or the one the options name), sex, the age of maturity, the
species' traits, then the characteristics, rolled where they fall or (house rule ``characteristics``
= ``assign``) rolled and placed, each within the species' limits."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lifepath import CharacteristicSpec, Decision, LifepathError, Option
from lifepath.host.registry import Contribution

from . import npc_weights as w
from . import previews
from .compiled import once
from .questions import DECISIONS, static_choice
from .state import MENTAL, PHYSICAL, Creation

#: the origin menus made so far, by the ids of their species (kept beside the menu, so the ids stay theirs)
_ORIGINS: dict[tuple[int, ...], tuple[tuple[Contribution, ...], tuple[Option, ...]]] = {}


def origin_options(pool: list[Contribution]) -> tuple[Option, ...]:
    """The origin menu's options, made once per set of species: humans the NPC policy's likelier pick."""
    token = tuple(map(id, pool))
    known = _ORIGINS.get(token)
    if known is None:
        opts = tuple(Option(c.id, c.name, w.HUMAN_ORIGIN if c.id.startswith("human") else w.OTHER_ORIGIN) for c in pool)
        known = _ORIGINS[token] = (tuple(pool), opts)
    return known[1]


def playable_species(c: Creation, species: Mapping[str, Contribution]) -> list[Contribution]:
    """The species the origin menu offers: every selectable one, or the one the option ``species`` names."""
    ctx = c.ctx
    wanted = ctx.options.get("species")
    if not wanted:
        return [s for s in species.values() if s.data.get("selectable", True)]
    chosen = ctx.registry.find("species", ctx.ruleset.id, str(wanted))
    if not chosen.data.get("selectable", True):
        raise LifepathError(
            f"{chosen.name} is described but not a playable origin in Nowhere Yet",
            hint="choose one of: " + ", ".join(s.name for s in species.values() if s.data.get("selectable", True)),
        )
    return [chosen]


def choose_origin(c: Creation) -> None:
    """Species, sex, the age of maturity, the traits, and how each characteristic is generated."""
    ctx = c.ctx
    species = ctx.registry.species(ctx.ruleset.id)
    menu = origin_options(playable_species(c, species))
    sid = ctx.choose(DECISIONS.get("species", "Choose your origin", menu), preview=previews.origin(c, species))
    data: Mapping[str, Any] = species[sid].data
    c.sheet.species = sid
    sexes = data.get("sexes")
    if sexes:
        prompt = "Choose the portrait's sex"
        asked: Decision = once("sex", sexes, lambda: static_choice("sex", prompt, tuple(sexes)))
        c.sheet.sex = ctx.choose(asked, preview=previews.cosmetic)
    c.sheet.age = int(data["age_of_maturity"])
    ctx.change("age", 0, c.sheet.age, f"age of maturity for {data['name']}")
    take_traits(c, data)
    if data.get("social_name", "Soc") != "Soc":
        c.sheet.extra["social_name"] = data["social_name"]
    table = c.t["characteristics"]
    base = [
        CharacteristicSpec(s["code"], s["name"], s["dice"], s["maximum"], table["minimum"])
        for s in table["characteristics"]
    ]
    ctx.state["species"] = data
    c.species = data
    c.specs = ctx.characteristic_specs(base)
    c.dm_labels = {code: f"{c.label(code)} DM" for code in (*PHYSICAL, *MENTAL, *c.specs)}


def take_traits(c: Creation, data: Mapping[str, Any]) -> None:
    """The species' traits: Nowhere Yet's own and those plugins register (lifepath_register_traits), by id."""
    ctx = c.ctx
    traits = ctx.registry.vocabulary(ctx.ruleset.id).traits
    c.trait_rows = [traits.get(tid, {"id": tid, "name": tid, "summary": ""}) for tid in data.get("traits", [])]
    c.sheet.traits = [t["name"] for t in c.trait_rows]
    if c.trait_rows:
        # traits that matter only in play are recorded, not simulated: one line each on the sheet
        c.sheet.extra["trait_notes"] = {t["name"]: t["summary"] for t in c.trait_rows}


def characteristics(c: Creation) -> None:
    """The characteristics, then the traits' say on them."""
    if c.ctx.rules.get("characteristics") == "assign":
        assign_characteristics(c)
    else:
        roll_in_order(c)
    c.ctx.apply_traits(c.trait_rows, "characteristics")


def roll_in_order(c: Creation) -> None:
    """Each characteristic rolled where it falls."""
    ctx, chars = c.ctx, c.sheet.characteristics
    for spec in c.specs.values():
        value = ctx.roll(spec.dice, f"characteristic: {spec.name}", kind="characteristic").total
        chars[spec.code] = bound(c, spec, value)
        ctx.change(f"characteristic {c.label(spec.code)}", None, chars[spec.code], f"rolled {spec.dice}")


def assign_characteristics(c: Creation) -> None:
    """Every characteristic rolled first, then each result placed (the NPC places the best first)."""
    ctx, specs, chars = c.ctx, c.specs, c.sheet.characteristics
    results: list[int] = []
    for spec in specs.values():
        purpose = f"characteristic roll {len(results) + 1} of {len(specs)}"
        results.append(ctx.roll(spec.dice, purpose, kind="characteristic").total)
    pool = list(results)
    for spec in specs.values():
        ranked = sorted(set(pool), reverse=True)
        opts = tuple(Option(str(v), str(v), float(v)) for v in ranked)
        asked = Decision("assign-characteristic", f"Which result goes to {spec.name}?", opts)
        dm = c.t["characteristics"]["modifier"]
        value = int(ctx.choose(asked, preview=previews.assigned(spec, int(dm["divisor"]), int(dm["offset"]))))
        pool.remove(value)
        chars[spec.code] = bound(c, spec, value)
        ctx.change(f"characteristic {c.label(spec.code)}", None, chars[spec.code], "assigned from the rolls")


def bound(c: Creation, spec: CharacteristicSpec, value: int) -> int:
    """A rolled value held within the characteristic's maximum and minimum (each held value noted)."""
    if spec.maximum is not None and value > spec.maximum:
        c.ctx.note(f"{spec.name} {value} is over the racial maximum; held at {spec.maximum}")
        value = spec.maximum
    if value < spec.minimum:
        c.ctx.note(f"{spec.name} {value} is under the minimum; raised to {spec.minimum}")
        value = spec.minimum
    return value
