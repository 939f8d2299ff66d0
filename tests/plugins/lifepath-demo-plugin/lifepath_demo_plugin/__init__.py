"""A small third-party plugin used by the tests: everything a plugin can add, through the entry point."""

from __future__ import annotations

from typing import Any

from lifepath import Context, Crisis, CrisisOutcome, Decision, Option, Ruleset, hookimpl, load_table


class Coinflip(Ruleset):
    """A toy ruleset: one throw and one decision."""

    id = "coinflip"
    name = "Coinflip"
    version = "0.3.0"
    summary = "A one-throw ruleset from a test plugin."

    def house_rules(self) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {
                "luck": {
                    "type": "integer",
                    "default": 0,
                    "minimum": -2,
                    "maximum": 2,
                    "description": "DM on the throw.",
                }
            },
        }

    def create(self, ctx: Context) -> None:
        side = ctx.choose(Decision("call", "Heads or tails?", (Option("heads"), Option("tails"))))
        throw = ctx.roll("1D6", "the flip", dms=[("luck", ctx.rules["luck"])], target=4)
        ctx.sheet.name = f"Flipper who called {side}"
        ctx.sheet.characteristics["Luck"] = throw.total

    def render(self, character: Any) -> str:
        return f"{character.sheet.name} (luck {character.sheet.characteristics['Luck']})\n"


@hookimpl
def lifepath_register_rulesets(register: Any) -> None:
    register(Coinflip())


@hookimpl
def lifepath_register_careers(ruleset_id: str, register: Any) -> None:
    if ruleset_id == "nowhere-yet":
        register(load_table(__name__, "data/smuggler.json"))


@hookimpl
def lifepath_register_species(ruleset_id: str, register: Any) -> None:
    if ruleset_id == "nowhere-yet":
        table = load_table(__name__, "data/selkie.json")
        for species in table.data["species"]:
            register(species, table=table)


@hookimpl
def lifepath_register_house_rules(ruleset_id: str, register: Any) -> None:
    if ruleset_id == "nowhere-yet":
        register(
            "demo_crisis",
            {
                "type": "string",
                "enum": ["off", "scar"],
                "default": "off",
                "description": "scar: a crisis leaves a scar instead of medical debt.",
            },
        )


@hookimpl
def lifepath_crisis(ctx: Context, crisis: Crisis) -> CrisisOutcome | None:
    if ctx.ruleset.id == "nowhere-yet" and ctx.rules.get("demo_crisis") == "scar" and crisis.kind != "survival":
        return CrisisOutcome("scar", "the demo plugin leaves a scar instead of a bill")
    return None
