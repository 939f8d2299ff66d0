"""The "1001 characters" text block (Cepheus Engine supplement layout), which twodsix's paste macro reads.

    1. Honorific Given Family (Gender Species) 789A98 Age 34
    Career (N terms), Career (N terms)   Cr12000
    [species traits, only when the species is not exactly "Human"]
    Skill-1, Skill (Speciality)-2, ...
    [benefits, comma separated]
    Character Event Log:
    [one event per line]

The text is written around the macro's known misreadings (twodsix 7.5.2, "Parser for CE 1001 Characters"):

- it reads the funds only without a thousands separator ("Cr70000") and a negative number as debt, so the
  funds are one plain number: cash less debts;
- it takes the *first* "Age" on line 1 as the age and the first "(" and ")" as the gender's parentheses, so
  an honorific holding "Age" (Special Agent) is left out of the line (the log says "Known as: ..."), an "Age"
  still left before the age gets an invisible word joiner (U+2060) after its "A", and parentheses in the name
  become square brackets;
- it takes the first "Cr" on line 2 as the funds, so a "Cr" in a career's name gets the same word joiner;
- gender and species are one word each (it splits the parentheses at the space): spaces become hyphens;
- it reads UPP digits up to G (16): a characteristic above 16 is also written on the log's first lines
  (:data:`HIGH`), to be set by hand;
- a skill its Cepheus SRD compendium lacks is "Unknown skill", so such skills are not on the skills line but
  on the log's first line (:data:`OTHER_SKILLS`), where they reach the actor's bio as they are.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SEPARATOR = "   "
LOG_HEADING = "Character Event Log:"
#: the first log line when a character has skills the macro's compendium lacks
OTHER_SKILLS = "Skills not in twodsix's Cepheus SRD list: "
#: the log line of characteristics above the macro's last digit, G (16)
HIGH = "Characteristics above 16 (the macro reads UPP digits up to G): "
MACRO_MAX = 16
#: the log line naming the character in full when the honorific had to leave line 1
KNOWN_AS = "Known as: "
#: the macro's marker of the age on line 1, and of the funds on line 2
AGE, CREDITS = "Age", "Cr"
JOINER = "\u2060"


@dataclass(slots=True)
class Block:
    """What a ruleset puts in one block (``Ruleset.text_1001`` fills it and calls :func:`render`). ``name``
    is the personal name, ``honorific`` a title before it (a rank), ``skills`` those twodsix's compendium
    has (in its spelling), ``other_skills`` those it lacks, ``characteristics`` (name, value) in UPP order."""

    number: int
    name: str
    gender: str
    species: str
    upp: str
    age: int
    careers: list[tuple[str, int]]
    funds: int
    traits: list[str]
    skills: list[tuple[str, int]]
    benefits: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    honorific: str = ""
    other_skills: list[tuple[str, int]] = field(default_factory=list)
    characteristics: list[tuple[str, int]] = field(default_factory=list)


def _line(text: str) -> str:
    """One line of the block: no line breaks inside (they would start a new field)."""
    return " ".join(text.split())


def _word(text: str) -> str:
    return "-".join(_line(text).replace("(", "[").replace(")", "]").split()) or "Unknown"


def defuse(text: str, marker: str) -> str:
    """``text`` with a word joiner after the first letter of every ``marker`` in it, so a search for the
    marker no longer finds it there (the text looks the same)."""
    return text.replace(marker, marker[0] + JOINER + marker[1:])


def shown_name(block: Block) -> str:
    """The name as line 1 carries it (what the macro reads as the actor's name)."""
    name = _line(block.name).replace("(", "[").replace(")", "]") or "Unnamed"
    honorific = _line(block.honorific)
    if honorific and AGE not in honorific:
        name = f"{honorific} {name}"
    return name


def _skills(skills: list[tuple[str, int]]) -> str:
    return ", ".join(f"{name}-{level}" for name, level in skills)


def render(block: Block) -> str:
    careers = ", ".join(f"{name} ({terms} term{'s' if terms != 1 else ''})" for name, terms in block.careers)
    head = f"{block.number}. {shown_name(block)} ({_word(block.gender)} {_word(block.species)}) {block.upp}"
    lines = [
        f"{defuse(head, AGE)} {AGE} {block.age}",
        defuse(_line(careers) or "No career", CREDITS) + f"{SEPARATOR}{CREDITS}{block.funds}",
    ]
    if _word(block.species) != "Human":
        lines.append(_line(", ".join(block.traits)) or "No traits")
    lines.append(_line(_skills(block.skills)) or "No skills")
    if block.benefits:
        lines.append(_line(", ".join(block.benefits)))
    lines.append(LOG_HEADING)
    if block.other_skills:
        lines.append(OTHER_SKILLS + _line(_skills(block.other_skills)))
    high = [f"{name} {value}" for name, value in block.characteristics if value > MACRO_MAX]
    if high:
        lines.append(HIGH + ", ".join(high))
    honorific = _line(block.honorific)
    if honorific and AGE in honorific:
        lines.append(KNOWN_AS + f"{honorific} {_line(block.name)}")
    lines.extend(_line(event) for event in block.events if event.strip())
    return "\n".join(lines) + "\n"
