"""Black Nova's tables, loaded once per process from the package's data folder, with typed views."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any

from lifepath.tables import TableSet

if TYPE_CHECKING:
    from lifepath import Decision

    from .menus import MenuTexts

PACKAGE = "lifepath.plugins.black_nova"

#: options (or decisions) kept (:meth:`Tables.kept_options`, :meth:`Tables.kept_decisions`) before the store
#: starts again: some 20 MB at most for the two (a kept decision and its options take about a kilobyte)
KEPT_LIMIT = 20_000

NAMES = ("attributes", "perks", "skills", "derived", "rolls", "names", "procedure", "gear")


@dataclass(frozen=True)
class Pool:
    """A pool of points and the rank range of what it buys."""

    points: int
    cost_per_rank: int
    minimum: int
    maximum: int
    all_must_be_spent: bool


@dataclass(frozen=True)
class Tables(TableSet):
    """Every table of the ruleset, plus typed views of the numbers creation and checking use."""

    # -- views (each worked out once: creation reads them for every character) ------------------------

    def attribute_pool(self) -> Pool:
        return self._attribute_pool

    @cached_property
    def _attribute_pool(self) -> Pool:
        return _pool(self["attributes"])

    def skill_pool(self) -> Pool:
        return self._skill_pool

    @cached_property
    def _skill_pool(self) -> Pool:
        return _pool(self["skills"])

    def attribute_names(self) -> list[str]:
        return list(self._attribute_names)

    @cached_property
    def _attribute_names(self) -> tuple[str, ...]:
        return tuple(a["name"] for a in self["attributes"]["attributes"])

    def abbreviations(self) -> dict[str, str]:
        return {a["name"]: a["abbreviation"] for a in self["attributes"]["attributes"]}

    def skill_attributes(self) -> dict[str, str]:
        """Skill name to the attribute it adds, in sheet order (read-only: the same mapping every time)."""
        return self._skill_attributes

    @cached_property
    def _skill_attributes(self) -> dict[str, str]:
        return {s["name"]: s["attribute"] for s in self["skills"]["skills"]}

    @cached_property
    def _perks_by_name(self) -> dict[str, dict[str, Any]]:
        return {p["name"]: p for p in self["perks"]["perks"]}

    @cached_property
    def _options_made(self) -> dict[tuple[object, ...], Any]:
        return {}

    def kept_options(self) -> dict[tuple[object, ...], Any]:
        """The spending menus' options already made, each option and each menu's list of them, by everything
        their text and weight depend on (see :meth:`.procedure.Procedure.attribute_options`): the same for
        every character in that state. It starts again past :data:`KEPT_LIMIT` entries, so a long batch does
        not grow it without end."""
        made = self._options_made
        if len(made) >= KEPT_LIMIT:
            made.clear()
        return made

    @cached_property
    def _decisions_made(self) -> dict[tuple[object, ...], Decision]:
        return {}

    def kept_decisions(self) -> dict[tuple[object, ...], Decision]:
        """The decisions already made, by everything their prompt, context and options depend on (see
        :meth:`.procedure.Procedure.attribute_decision`): a decision asked again keeps its enabled options and
        the NPC policy's running totals. It starts again past :data:`KEPT_LIMIT` decisions."""
        made = self._decisions_made
        if len(made) >= KEPT_LIMIT:
            made.clear()
        return made

    @cached_property
    def derived_made(self) -> dict[tuple[int, ...], Any]:
        """Derived values already worked out, by the ranks they follow from (see :func:`.derived.derive`)."""
        return {}

    @cached_property
    def menu_texts(self) -> MenuTexts:
        """What the spending menus say that no point spent changes (:mod:`.menus`)."""
        from .menus import MenuTexts

        return MenuTexts.of(self)

    def perks(self) -> list[dict[str, Any]]:
        return list(self["perks"]["perks"])

    def perk_names(self) -> list[str]:
        return [p["name"] for p in self["perks"]["perks"]]

    def perk_cost(self, name: str) -> int:
        return int(self._perks_by_name[name]["cost"])

    def perk_max_each(self) -> int:
        return int(self["perks"]["max_each"])

    def exclusions(self) -> dict[str, list[str]]:
        """House-rule name to the pair of perk names it can make exclusive (read-only: the same mapping every
        time)."""
        return self._exclusions

    @cached_property
    def _exclusions(self) -> dict[str, list[str]]:
        by_id = {p["id"]: p["name"] for p in self["perks"]["perks"]}
        return {rule: [by_id[i] for i in ids] for rule, ids in self["perks"].get("house_rule_exclusions", {}).items()}

    def perk_summary(self, name: str) -> str:
        return str(self._perks_by_name[name]["summary"])

    def name_examples(self) -> int:
        return int(self["procedure"]["name_examples"])

    def policy(self) -> dict[str, float]:
        """The NPC policy's weights (read-only: the same mapping every time)."""
        return self._policy

    @cached_property
    def _policy(self) -> dict[str, float]:
        return {k: float(v) for k, v in self["procedure"]["policy"].items()}

    def die(self) -> str:
        return str(self["rolls"]["die"])

    def standard_issue(self) -> list[dict[str, Any]]:
        """The BNI standard issue, in the printed order."""
        return list(self["gear"]["standard_issue"])

    @cached_property
    def standard_issue_names(self) -> tuple[str, ...]:
        """The names of the BNI standard issue, in the printed order."""
        return tuple(str(item["name"]) for item in self["gear"]["standard_issue"])


def _pool(data: dict[str, Any]) -> Pool:
    return Pool(
        int(data["points"]),
        int(data["cost_per_rank"]),
        int(data["minimum"]),
        int(data["maximum"]),
        bool(data["all_must_be_spent"]),
    )


@lru_cache(maxsize=1)
def tables() -> Tables:
    return Tables.load(PACKAGE, NAMES)
