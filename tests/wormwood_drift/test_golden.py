"""Golden characters: fixed seeds (and one fully scripted life) whose sheet is frozen.

Each was generated once and checked by hand against the rules before freezing: Attributes are 1 + the
Background bonus + one per term that was not a Hard Term; skills are 1 (Background) + 1 (Formative
Event) + 2 per term; Scars are the Background's, the Event's and one per Hard Term; credits are
terms x 1,000 + Muster Out credits; Resolve 10 + Wits + Presence (less 1 for installed cyberware),
Stamina 10 + Might + Agility, Lifeblood 5 + Might, carrying Might + 4, Defense 8 + Agility; Disciplines only
with Occultism and Willpower of 1 or more, at most the Willpower rank (the scripted life's Willpower 2 takes two).
Ruleset 1.1.0 added Defense, the Disciplines line and the cyberware line: the sheets were regenerated then and
reviewed; every other line is unchanged from 1.0.0.
"""

from __future__ import annotations

from lifepath.testing import create_character, make_registry

REGISTRY = make_registry()
RULESET = REGISTRY.ruleset("wormwood-drift")

SEED_1 = """\
Marisol Teague (Human, Corporate Scion), age 30
Formative event: Raised by a religious order
Might 1  Agility 3  Wits 2  Presence 2
Resolve 14  Stamina 14  Lifeblood 6  Carry 5 slots  Defense 11
Skills: Gun Combat 3 [Slug/Energy/Archaic], Medicine 2 [Trauma/Xenobiology], Occultism 1, Persuade 1, Survival 1
Scars: Someone is always watching; haunted by a broken vow
Disciplines: none
Contacts: a frontier trader who kept the garrison supplied; a former squadmate now flying picket duty; \
a Corps chaplain who heard your last confession
Rivals: none
Gear: Credit chip, false name; Rifle; Sidearm; Void suit
Credits: 4,000cr
Terms: 3 - Colonial Militia (1), Void Corps (2, Lieutenant)
"""

SEED_2 = """\
Ilse Marrow (Human, Colonial Stock), age 30
Formative event: Survived a colony collapse
Might 3  Agility 1  Wits 2  Presence 1
Resolve 13  Stamina 14  Lifeblood 8  Carry 7 slots  Defense 9
Skills: Command 1, Gun Combat 1 [Slug/Energy/Archaic], Persuade 2, Pilot 2 [Grav/Void/Void-Jump], Survival 2
Scars: Distrusts corporate tech; flinches at sudden silence; counts the exits in every room, every time
Disciplines: none
Contacts: a militia medic you served beside; a freighter captain who remembers a fair deal; \
a customs officer who looked the other way once
Rivals: none
Gear: Worn tool-kit; Rifle; Cargo manifest; Trade goods
Credits: 4,000cr; ship-shares 1
Terms: 3 (1 hard) - Colonial Militia (1), Merchant Marine (2, Third Mate)
"""

SEED_31 = """\
Rurik Vell (Human, Corporate Scion), age 30
Formative event: Raised by a religious order
Might 2  Agility 1  Wits 1  Presence 2
Resolve 13  Stamina 13  Lifeblood 7  Carry 6 slots  Defense 9
Skills: Gun Combat 3 [Slug/Energy/Archaic], Medicine 3 [Trauma/Xenobiology], Occultism 1, Persuade 1
Scars: Someone is always watching; haunted by a broken vow; drinks to forget one particular jump; \
answers to a name that isn’t theirs
Disciplines: none
Contacts: a corporate fixer with a key to the records vault; a frontier trader who kept the garrison supplied; \
a colony administrator who trusts you with bad news
Rivals: none
Gear: Credit chip, false name; Corporate credentials; Rifle; Field kit
Credits: 4,000cr; ship-shares 1
Terms: 3 (2 hard) - Corporate Enforcer (1), Colonial Militia (2, Trooper)
"""

SCRIPTED_ANSWERS: dict[str, list[str] | str] = {
    "background": "hive-descended",
    "formative-event": "first-contact",
    "path": ["xenoarchaeologist", "cult-initiate", "cult-initiate"],
    "term-skill": ["Lore", "Lore", "Occultism", "Willpower", "Occultism", "Willpower"],
    "term-gear": ["Field scanner", "Forbidden text", "Ritual tools"],
    "contact": [
        "Professor Anselm Dray, who taught me to read the glyphs",
        "a cult elder who still sends you letters",
        "a lapsed initiate hiding in plain sight",
    ],
    "term-attribute": ["Wits", "Presence", "Presence"],
    "another-term": "yes",
    "muster-out": ["credits", "credits", "rival"],
    "rival": "the Keeper I left bleeding on the altar",
    "discipline": ["void-sight", "telepathy"],
    "name": "Mireille Aubrac",
}

SCRIPTED = """\
Mireille Aubrac (Human, Hive-Descended), age 30
Formative event: Witnessed a First Contact go wrong
Might 1  Agility 1  Wits 3  Presence 3
Resolve 15  Stamina 12  Lifeblood 6  Carry 5 slots  Defense 9
Skills: Engineer 1 [Drives/Life Support/Weapons], Lore 3 [Xeno/Occult/Corporate/Colonial], Occultism 2, Willpower 2
Scars: Discomfort in true solitude; −1 Resolve around unknown xenoforms
Disciplines: Void-Sight, Telepathy (use: 2D6 + Presence + Occultism vs TN 8/11/14 for Tier 1/2/3, \
costing 1/2/3 Resolve)
Cyberware: Neural interface jack (+1 Wits: Hacking; -1 max Resolve)
Contacts: Professor Anselm Dray, who taught me to read the glyphs; a cult elder who still sends you letters; \
a lapsed initiate hiding in plain sight
Rivals: the Keeper I left bleeding on the altar
Gear: Neural interface jack; Field scanner; Forbidden text; Ritual tools
Credits: 5,000cr
Terms: 3 - Xenoarchaeologist (1), Cult Initiate (2)
"""


def test_seed_1() -> None:
    c = create_character(REGISTRY, "wormwood-drift", 1)
    assert RULESET.render(c) == SEED_1
    assert c.sheet.characteristics == {"Might": 1, "Agility": 3, "Wits": 2, "Presence": 2}
    assert c.sheet.credits == 4000
    assert c.sheet.age == 30
    assert [(r.name, r.terms, r.rank) for r in c.sheet.careers] == [("Colonial Militia", 1, 0), ("Void Corps", 2, 2)]
    assert RULESET.roster_fields(c) == {
        "species": "Human",
        "careers": "Colonial Militia (1), Void Corps (2)",
        "age": "30",
        "profile": "M1 A3 W2 P2 | 2 scars",
    }


def test_seed_2_with_a_hard_term() -> None:
    c = create_character(REGISTRY, "wormwood-drift", 2)
    assert RULESET.render(c) == SEED_2
    assert [t["hard_term"] for t in c.sheet.extra["terms"]] == [False, True, False]
    assert RULESET.roster_fields(c)["profile"] == "M3 A1 W2 P1 | 3 scars"


def test_seed_31_with_two_hard_terms() -> None:
    c = create_character(REGISTRY, "wormwood-drift", 31)
    assert RULESET.render(c) == SEED_31
    assert [t["hard_term"] for t in c.sheet.extra["terms"]] == [True, False, True]
    assert c.sheet.extra["derived"] == {"resolve": 13, "stamina": 13, "lifeblood": 7, "carrying": 6, "defense": 9}


def test_scripted_life() -> None:
    c = create_character(REGISTRY, "wormwood-drift", 99, answers=SCRIPTED_ANSWERS)
    assert RULESET.render(c) == SCRIPTED
    assert c.sheet.extra["cyberware"] == [
        {"item": "Neural interface jack", "attribute": "Wits", "task": "Hacking", "bonus": 1, "resolve_cost": 1}
    ]
    assert c.sheet.extra["disciplines"] == ["Void-Sight", "Telepathy"]
    assert c.sheet.extra["muster_credits"] == 2000
    assert c.sheet.skills == {"Engineer": 1, "Lore": 3, "Occultism": 2, "Willpower": 2}
    assert RULESET.roster_fields(c) == {
        "species": "Human",
        "careers": "Xenoarchaeologist (1), Cult Initiate (2)",
        "age": "30",
        "profile": "M1 A1 W3 P3 | 2 scars",
    }
