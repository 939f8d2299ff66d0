"""Wormwood Drift's tables compiled once into plain records, and the decisions every character is asked alike.

Every character reads the tables the same way: the same Background and Formative Event menus, the same
Muster Out menu and list of names, the same numbers from ``creation.json``, and on each Career Path the
same options, prompts and words. :func:`compiled` (and :func:`path_menu`, for a registry's Paths) makes
those records the first time they are needed and keeps them as long as the tables are alive, so a character
looks things up instead of rebuilding menus, options, dice and text. A decision made once keeps the NPC
policy's running totals (:class:`lifepath.decisions.DecisionCache`), so no character works them out again.
Built afresh for every character, they cost two thirds of its instructions (3.4 M a character then, 1.1 M now).

The records hold no rules of their own: every number and every word still comes from the tables.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from lifepath import Decision, Option
from lifepath.decisions import DecisionCache
from lifepath.engine.dice import parse
from lifepath.tables import MadeOnce

from .derived import formula_text

if TYPE_CHECKING:
    from lifepath.host.registry import Contribution

    from .tables import Tables

#: the decisions asked with options made once (term skills, gear, Contacts, Path menus...)
DECISIONS = DecisionCache()

#: records compiled from the tables, each made once per table object (:class:`lifepath.tables.MadeOnce`)
once = MadeOnce().get


@lru_cache(maxsize=4096, typed=True)  # typed: a weight of 1 is not the weight 1.0 an option shows
def option(id: str, label: str = "", weight: float = 1.0) -> Option:
    """The option ``Option(id, label, weight)``, made once (so that a decision over it is made once too)."""
    return Option(id, label, weight)


def examples(texts: list[str]) -> tuple[tuple[str, Option], ...]:
    """The example answers of a free-text decision, each with its lower-case form (to leave out those the
    character already has) and its option, made once per list."""
    return once("examples", texts, lambda: tuple((str(x).lower(), Option(str(x))) for x in texts))


def by_key(rows: list[Mapping[str, Any]], key: str) -> dict[Any, Mapping[str, Any]]:
    """The rows by their ``key`` value; the first row wins where two share one (as a search would find)."""
    out: dict[Any, Mapping[str, Any]] = {}
    for row in rows:
        out.setdefault(row[key], row)
    return out


class Numbers:
    """The numbers of ``creation.json`` and ``attributes.json`` every character reads."""

    __slots__ = (
        "attribute_increase",
        "attribute_max",
        "attribute_min",
        "attribute_names",
        "credits_per_term",
        "formula_texts",
        "hard_term_dice",
        "skill_ranks",
        "species",
        "start",
        "starting_age",
        "term_years",
    )

    def __init__(self, t: Tables) -> None:
        creation, attributes = t["creation"], t["attributes"]
        self.attribute_names = tuple(t.attribute_names())
        self.start = int(attributes["starting_value"])
        self.attribute_max = int(attributes["maximum"])
        self.attribute_min = int(attributes["minimum"])
        self.species = str(creation["species"])
        self.starting_age = int(creation["starting_age"])
        self.term_years = int(creation["term_years"])
        self.skill_ranks = int(creation["skill_ranks_per_term"])
        self.attribute_increase = int(creation["attribute_increase_per_term"])
        self.credits_per_term = int(creation["credits_per_term"])
        self.hard_term_dice = parse(str(creation["hard_term_dice"]))
        #: each derived value's formula in words (``10 + Wits + Presence``), by id
        self.formula_texts = {key: formula_text(f) for key, f in creation["derived"].items()}


class Backgrounds:
    """The Background menu (one decision for every character), each row by id and the words it records."""

    __slots__ = ("decision", "options", "rows", "why")

    def __init__(self, table: Mapping[str, Any]) -> None:
        rows = list(table["backgrounds"])
        self.rows = by_key(rows, "id")
        #: each option, with what the Background gives in a line
        self.options = {
            r["id"]: Option(
                r["id"], r["name"], 1.0, f"+{r['bonus']} {r['attribute']}, {r['skill']}, {r['gear']}; Scar: {r['scar']}"
            )
            for r in reversed(rows)  # the first row of an id wins, as in self.rows
        }
        self.decision = Decision(
            "background", "Stage One: choose a Background", tuple(self.options[r["id"]] for r in rows)
        )
        #: ``Background: Void-Born``: the note and the reason of every change the Background makes
        self.why = {i: f"Background: {r['name']}" for i, r in self.rows.items()}

    def only(self, row: Mapping[str, Any]) -> Decision:
        """The menu fixed to one Background (``--option background=...``): asked, and answered, alone."""
        return DECISIONS.get(self.decision.key, self.decision.prompt, (self.options[row["id"]],))


class FormativeEvents:
    """The Formative Event menu (roll, or one of the events), the events by id and by roll, and the dice."""

    __slots__ = ("by_id", "by_roll", "decision", "dice", "events", "highest", "lowest", "why")

    def __init__(self, table: Mapping[str, Any], roll_weight: float) -> None:
        self.events = list(table["events"])
        self.by_id = by_key(self.events, "id")
        self.by_roll = by_key(self.events, "roll")
        self.lowest = min(e["roll"] for e in self.events)
        self.highest = max(e["roll"] for e in self.events)
        self.dice = parse(str(table["dice"]))
        opts = [Option("roll", f"roll {table['dice']}", roll_weight)]
        opts += [Option(e["id"], e["event"], 1.0, f"{e['skill']}; Scar: {e['scar']}") for e in self.events]
        self.decision = Decision("formative-event", "Stage Two: roll or choose a Formative Event", tuple(opts))
        #: ``Formative Event: Survived a colony collapse``: its note and the reason of its changes, by event
        self.why = {i: f"Formative Event: {e['event']}" for i, e in self.by_id.items()}


class MusterMenu:
    """The Muster Out menu (roll, or one of the benefits), its roll's rows and dice, and its prompts."""

    __slots__ = ("dice", "highest", "lowest", "options", "questions", "rows")

    def __init__(self, table: Mapping[str, Any], weights: Mapping[str, float]) -> None:
        labels = {str(x["id"]): str(x["label"]) for x in table["benefits"]}
        self.options = (
            Option("roll", f"roll {table['roll']['dice']}", weights["roll"]),
            *(Option(k, v, weights.get(k, 1.0)) for k, v in labels.items()),
        )
        rows = table["roll"]["rows"]
        self.rows = {roll: str(r["benefit"]) for roll, r in by_key(rows, "roll").items()}
        self.lowest = min(r["roll"] for r in rows)
        self.highest = max(r["roll"] for r in rows)
        self.dice = parse(str(table["roll"]["dice"]))
        self.questions: dict[tuple[int, int], Decision] = {}

    def decision(self, number: int, count: int) -> Decision:
        """Benefit ``number`` of ``count``: the same decision for every character with as many benefits."""
        found = self.questions.get((number, count))
        if found is None:
            prompt = f"Muster Out benefit {number} of {count}: roll or choose"
            found = self.questions[number, count] = Decision("muster-out", prompt, self.options)
        return found


class Compiled:
    """Every table of one set compiled (see :func:`compiled`)."""

    __slots__ = ("backgrounds", "cyberware", "events", "muster", "names", "numbers", "scars")

    def __init__(self, t: Tables) -> None:
        from .muster import WEIGHTS  # the menus' NPC policy weights, named beside their stages
        from .origin import ROLL_WEIGHT

        self.numbers = Numbers(t)
        self.backgrounds = Backgrounds(t["backgrounds"])
        self.events = FormativeEvents(t["formative_events"], ROLL_WEIGHT)
        self.muster = MusterMenu(t["muster_out"], WEIGHTS)
        self.names = Decision(
            "name", "Name your character", tuple(Option(str(n)) for n in t["names"]["names"]), free_text=True
        )
        #: the pieces of cyberware by item
        self.cyberware = {str(p["item"]): p for p in t["cyberware"]["pieces"]}
        scars = t["scars"]
        texts = [str(x) for x in scars["examples"]]
        if scars["include_printed_scars"]:
            texts += [str(b["scar"]) for b in t["backgrounds"]["backgrounds"]]
            texts += [str(e["scar"]) for e in t["formative_events"]["events"]]
        #: the example Scars offered, with their lower-case forms
        self.scars = tuple((x.lower(), Option(x)) for x in texts)


class TermWords:
    """What term ``number`` on one Path records and asks, in words (the same for every character)."""

    __slots__ = (
        "attribute_prompt",
        "contact_prompt",
        "gear_prompt",
        "hard_term",
        "scar_prompt",
        "scar_source",
        "skill_prompts",
        "why",
    )

    def __init__(self, name: str, number: int, ranks: int) -> None:
        #: ``term 2: Void Corps``: the term's note and the reason of every change it makes
        self.why = f"term {number}: {name}"
        self.skill_prompts = tuple(f"Term {number} ({name}): skill rank {i + 1} of {ranks}" for i in range(ranks))
        self.gear_prompt = f"Term {number} ({name}): which piece of gear?"
        self.contact_prompt = f"Term {number} ({name}): who is your Contact?"
        #: the purpose of the Hard Term check
        self.hard_term = f"Hard Term check: term {number} ({name})"
        self.scar_source = f"Hard Term: {self.why}"
        self.scar_prompt = f"Term {number} was a Hard Term: write its Scar"
        self.attribute_prompt = f"Term {number} ({name}): which Attribute rises by 1?"


class Path:
    """One Career Path (a registered career) with what every term on it reuses: its options on the Path
    menu, its gear options, its Contacts, how much the NPC policy leans to each Attribute and the words of
    each term. Made by :class:`PathMenu`."""

    __slots__ = (
        "attribute_options",
        "attribute_weights",
        "contacts",
        "contribution",
        "data",
        "detail",
        "fallback_contact",
        "gear",
        "id",
        "menu_options",
        "name",
        "ranks",
        "skills",
        "terms_changed",
        "words",
    )

    def __init__(self, contribution: Contribution, t: Tables, ranks: int, new_gear_weight: float) -> None:
        data = contribution.data
        self.contribution = contribution
        self.id, self.name, self.data = contribution.id, contribution.name, data
        self.skills = tuple(str(s) for s in data["skills"])
        #: what the Path offers in a line, beside its option on the Path menu
        self.detail = f"{', '.join(data['skills'])}; gear: {' or '.join(data['gear'])}"
        #: each piece of gear: (its name, its option when the character has none, when they carry one already,
        #: which weighs 1 against ``new_gear_weight``)
        self.gear = tuple((g, Option(g, g, new_gear_weight), Option(g, g, 1.0)) for g in data["gear"])
        self.contacts = examples(data["contacts"])
        self.fallback_contact = f"another contact from the {self.name}"
        #: the change of its term count: ``terms in Void Corps``
        self.terms_changed = f"terms in {self.name}"
        rows = {s["name"]: s for s in t["skills"]["skills"]}
        used = [rows[s]["attribute"] for s in data["skills"] if s in rows]
        #: the NPC policy's weight of each Attribute for this Path's term: 1, plus 1 per Path skill it governs
        self.attribute_weights = {a: 1.0 + used.count(a) for a in t.attribute_names()}
        self.attribute_options: dict[tuple[str, int], Option] = {}
        self.menu_options: dict[float, Option] = {}
        #: skill ranks per term
        self.ranks = ranks
        self.words: dict[int, TermWords] = {}

    def option(self, weight: float) -> Option:
        """The Path's option on the Path menu at the NPC policy's ``weight``."""
        found = self.menu_options.get(weight)
        if found is None:
            found = self.menu_options[weight] = Option(self.id, self.name, weight, self.detail)
        return found

    def term(self, number: int) -> TermWords:
        """The words of term ``number`` on this Path."""
        found = self.words.get(number)
        if found is None:
            found = self.words[number] = TermWords(self.name, number, self.ranks)
        return found

    def attribute_option(self, name: str, value: int) -> Option:
        """The option raising Attribute ``name`` from ``value`` (``Wits 2``), at this Path's weight for it."""
        found = self.attribute_options.get((name, value))
        if found is None:
            weight = self.attribute_weights.get(name, 1.0)
            found = self.attribute_options[name, value] = Option(name, f"{name} {value}", weight)
        return found


class PathMenu:
    """The Career Paths of one registry compiled (see :func:`path_menu`), and the Path decisions already
    made, by term number and previous Path."""

    __slots__ = ("careers", "paths", "questions", "tables")

    def __init__(self, careers: tuple[Contribution, ...], t: Tables) -> None:
        from .career import NEW_GEAR_WEIGHT  # the NPC policy's weights, named beside the stage

        #: what the menu was compiled from, kept so that the ids it is found by stay theirs
        self.careers, self.tables = careers, t
        ranks = compiled(t).numbers.skill_ranks
        self.paths = {c.id: Path(c, t, ranks, NEW_GEAR_WEIGHT) for c in careers}
        self.questions: dict[tuple[int, str | None], Decision] = {}


#: the compiled menus by the ids of the tables and careers they were made from
_MENUS: dict[tuple[int, ...], PathMenu] = {}
#: how many menus are kept (one a registry): past it, all are forgotten, so that a process making many
#: registries (the tests, a server) does not keep every one's careers alive
MENU_LIMIT = 64


def path_menu(careers: Mapping[str, Contribution], t: Tables) -> PathMenu:
    """The compiled menu of ``careers`` (a registry's Career Paths), made once per set of them."""
    values = tuple(careers.values())
    token = (id(t), *map(id, values))
    found = _MENUS.get(token)
    if found is None:  # a found menu holds its careers and tables, so the same ids are the same objects
        if len(_MENUS) >= MENU_LIMIT:
            _MENUS.clear()
        found = _MENUS[token] = PathMenu(values, t)
    return found


def compiled(t: Tables) -> Compiled:
    """The compiled record of a set of tables, made the first time it is asked for."""
    return once("tables", t, lambda: Compiled(t))
