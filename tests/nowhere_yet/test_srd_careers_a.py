"""Spot checks of the first two SRD career table blocks (Athlete .. Bureaucrat, Colonist .. Marine).

Every expected value below was typed by hand from the Cepheus Engine SRD,
Chapter 1: Character Creation, Career Tables; none is derived from the JSON.
A path is a tuple of keys and list indexes into the career's JSON document;
list indexes are positions (ranks start at 0, benefit and skill rolls at 1,
so roll N is index N-1).
"""

import importlib.resources
import json

import pytest

CAREER_IDS = [
    "athlete",
    "aerospace-defense",
    "agent",
    "barbarian",
    "belter",
    "bureaucrat",
    "colonist",
    "diplomat",
    "drifter",
    "entertainer",
    "hunter",
    "marine",
]


def load(career_id):
    return json.loads(
        (
            importlib.resources.files("lifepath.plugins.nowhere_yet") / "data" / "careers" / f"{career_id}.json"
        ).read_text()
    )


def dig(document, path):
    for key in path:
        document = document[key]
    return document


def throw(characteristic, target):
    return {"characteristic": characteristic, "target": target}


def grant(name, level):
    return {"name": name, "level": level}


def skill(name):
    return {"skill": name}


def char(characteristic, change=1):
    return {"characteristic": characteristic, "change": change}


LOW = {"type": "passage", "class": "low"}
MID = {"type": "passage", "class": "mid"}
HIGH = {"type": "passage", "class": "high"}
WEAPON = {"type": "weapon"}
EXPLORERS = {"type": "explorers_society"}
SHARES_1D6 = {"type": "ship_shares", "dice": "1D6"}


def stat(characteristic, change=1):
    return {"type": "characteristic", "characteristic": characteristic, "change": change}


CELLS = [
    # Athlete
    ("athlete", ("name",), "Athlete"),
    ("athlete", ("military",), False),
    ("athlete", ("medical_bills_row",), "employer"),
    ("athlete", ("qualification",), throw("End", 8)),
    ("athlete", ("survival",), throw("Dex", 5)),
    ("athlete", ("commission",), None),
    ("athlete", ("reenlistment",), 6),
    ("athlete", ("ranks", 0, "title"), None),
    ("athlete", ("ranks", 0, "skill"), grant("Athletics", 1)),
    ("athlete", ("ranks", 3, "skill"), None),
    ("athlete", ("material_benefits", 4), EXPLORERS),
    ("athlete", ("material_benefits", 6), None),
    ("athlete", ("cash_benefits", 0), 2000),
    ("athlete", ("cash_benefits", 5), 100000),
    ("athlete", ("skill_tables", "personal_development", 3), char("Soc")),
    ("athlete", ("skill_tables", "service_skills", 4), skill("Gambling")),
    ("athlete", ("skill_tables", "specialist", 2), skill("Athletics")),
    ("athlete", ("skill_tables", "advanced_education", 5), skill("Sciences")),
    # Aerospace System Defense
    ("aerospace-defense", ("name",), "Aerospace System Defense"),
    ("aerospace-defense", ("military",), True),
    ("aerospace-defense", ("medical_bills_row",), "service"),
    ("aerospace-defense", ("qualification",), throw("End", 5)),
    ("aerospace-defense", ("survival",), throw("Dex", 5)),
    ("aerospace-defense", ("commission",), throw("Edu", 6)),
    ("aerospace-defense", ("advancement",), throw("Edu", 7)),
    ("aerospace-defense", ("reenlistment",), 5),
    ("aerospace-defense", ("ranks", 0, "title"), "Airman"),
    ("aerospace-defense", ("ranks", 0, "skill"), grant("Aircraft", 1)),
    ("aerospace-defense", ("ranks", 3, "title"), "Squadron Leader"),
    ("aerospace-defense", ("ranks", 3, "skill"), grant("Leadership", 1)),
    ("aerospace-defense", ("ranks", 6, "title"), "Air Commodore"),
    ("aerospace-defense", ("material_benefits", 4), WEAPON),
    ("aerospace-defense", ("material_benefits", 6), stat("Soc")),
    ("aerospace-defense", ("cash_benefits", 5), 50000),
    ("aerospace-defense", ("skill_tables", "personal_development", 5), skill("Vehicle")),
    ("aerospace-defense", ("skill_tables", "service_skills", 5), skill("Aircraft")),
    ("aerospace-defense", ("skill_tables", "specialist", 1), skill("Gravitics")),
    ("aerospace-defense", ("skill_tables", "advanced_education", 2), skill("Jack o' Trades")),
    # Agent
    ("agent", ("qualification",), throw("Soc", 6)),
    ("agent", ("survival",), throw("Int", 6)),
    ("agent", ("commission",), throw("Edu", 7)),
    ("agent", ("advancement",), throw("Edu", 6)),
    ("agent", ("reenlistment",), 6),
    ("agent", ("medical_bills_row",), "employer"),
    ("agent", ("ranks", 0, "title"), "Agent"),
    ("agent", ("ranks", 0, "skill"), grant("Streetwise", 1)),
    ("agent", ("ranks", 2, "title"), "Sp Agent in Charge"),
    ("agent", ("ranks", 4, "skill"), grant("Admin", 1)),
    ("agent", ("ranks", 5, "title"), "Assistant Director"),
    ("agent", ("material_benefits", 4), stat("Soc")),
    ("agent", ("material_benefits", 6), EXPLORERS),
    ("agent", ("cash_benefits", 5), 50000),
    ("agent", ("skill_tables", "personal_development", 1), char("End")),
    ("agent", ("skill_tables", "service_skills", 3), skill("Bribery")),
    ("agent", ("skill_tables", "specialist", 0), skill("Gun Combat")),
    ("agent", ("skill_tables", "advanced_education", 5), skill("Leadership")),
    # Barbarian
    ("barbarian", ("qualification",), throw("End", 5)),
    ("barbarian", ("survival",), throw("Str", 6)),
    ("barbarian", ("advancement",), None),
    ("barbarian", ("reenlistment",), 5),
    ("barbarian", ("medical_bills_row",), "none"),
    ("barbarian", ("ranks", 0, "title"), None),
    ("barbarian", ("ranks", 0, "skill"), grant("Melee Combat", 1)),
    ("barbarian", ("material_benefits", 3), WEAPON),
    ("barbarian", ("material_benefits", 4), stat("End")),
    ("barbarian", ("cash_benefits", 0), 0),
    ("barbarian", ("cash_benefits", 5), 10000),
    ("barbarian", ("skill_tables", "personal_development", 5), skill("Gun Combat")),
    ("barbarian", ("skill_tables", "service_skills", 0), skill("Mechanics")),
    ("barbarian", ("skill_tables", "specialist", 1), skill("Jack o' Trades")),
    ("barbarian", ("skill_tables", "advanced_education", 5), skill("Broker")),
    # Belter
    ("belter", ("qualification",), throw("Int", 4)),
    ("belter", ("survival",), throw("Dex", 7)),
    ("belter", ("commission",), None),
    ("belter", ("reenlistment",), 5),
    ("belter", ("medical_bills_row",), "none"),
    ("belter", ("ranks", 0, "skill"), grant("Zero-G", 1)),
    ("belter", ("material_benefits", 4), SHARES_1D6),
    ("belter", ("cash_benefits", 2), 5000),
    ("belter", ("cash_benefits", 5), 20000),
    ("belter", ("cash_benefits", 6), 50000),
    ("belter", ("skill_tables", "personal_development", 5), skill("Gambling")),
    ("belter", ("skill_tables", "service_skills", 4), skill("Prospecting")),
    ("belter", ("skill_tables", "specialist", 4), skill("Sciences")),
    ("belter", ("skill_tables", "advanced_education", 3), skill("Navigation")),
    # Bureaucrat
    ("bureaucrat", ("qualification",), throw("Soc", 6)),
    ("bureaucrat", ("survival",), throw("Edu", 4)),
    ("bureaucrat", ("commission",), throw("Soc", 5)),
    ("bureaucrat", ("advancement",), throw("Int", 8)),
    ("bureaucrat", ("reenlistment",), 5),
    ("bureaucrat", ("medical_bills_row",), "employer"),
    ("bureaucrat", ("ranks", 0, "title"), "Assistant"),
    ("bureaucrat", ("ranks", 0, "skill"), grant("Admin", 1)),
    ("bureaucrat", ("ranks", 4, "title"), "Chief"),
    ("bureaucrat", ("ranks", 4, "skill"), grant("Advocate", 1)),
    ("bureaucrat", ("ranks", 6, "title"), "Minister"),
    ("bureaucrat", ("material_benefits", 2), stat("Int")),
    ("bureaucrat", ("material_benefits", 4), MID),
    ("bureaucrat", ("cash_benefits", 5), 50000),
    ("bureaucrat", ("skill_tables", "personal_development", 0), char("Dex")),
    ("bureaucrat", ("skill_tables", "service_skills", 2), skill("Carousing")),
    ("bureaucrat", ("skill_tables", "specialist", 2), skill("Perception")),
    ("bureaucrat", ("skill_tables", "advanced_education", 5), skill("Admin")),
    # Colonist
    ("colonist", ("qualification",), throw("End", 5)),
    ("colonist", ("survival",), throw("End", 6)),
    ("colonist", ("commission",), throw("Int", 7)),
    ("colonist", ("advancement",), throw("Edu", 6)),
    ("colonist", ("reenlistment",), 5),
    ("colonist", ("medical_bills_row",), "none"),
    ("colonist", ("ranks", 0, "title"), "Citizen"),
    ("colonist", ("ranks", 0, "skill"), grant("Survival", 1)),
    ("colonist", ("ranks", 3, "title"), "Council Advisor"),
    ("colonist", ("ranks", 3, "skill"), grant("Liaison", 1)),
    ("colonist", ("ranks", 5, "title"), "Lieutenant Governor"),
    ("colonist", ("material_benefits", 4), MID),
    ("colonist", ("material_benefits", 6), stat("Soc")),
    ("colonist", ("cash_benefits", 5), 20000),
    ("colonist", ("skill_tables", "personal_development", 3), char("Int")),
    ("colonist", ("skill_tables", "service_skills", 2), skill("Animals")),
    ("colonist", ("skill_tables", "specialist", 3), skill("Engineering")),
    ("colonist", ("skill_tables", "advanced_education", 4), skill("Admin")),
    # Diplomat
    ("diplomat", ("qualification",), throw("Soc", 6)),
    ("diplomat", ("survival",), throw("Edu", 5)),
    ("diplomat", ("commission",), throw("Int", 7)),
    ("diplomat", ("advancement",), throw("Soc", 7)),
    ("diplomat", ("reenlistment",), 5),
    ("diplomat", ("medical_bills_row",), "employer"),
    ("diplomat", ("ranks", 0, "title"), "Attaché"),
    ("diplomat", ("ranks", 0, "skill"), grant("Liaison", 1)),
    ("diplomat", ("ranks", 3, "skill"), grant("Admin", 1)),
    ("diplomat", ("ranks", 6, "title"), "Ambassador"),
    ("diplomat", ("material_benefits", 2), MID),
    ("diplomat", ("material_benefits", 4), stat("Soc")),
    ("diplomat", ("cash_benefits", 5), 50000),
    ("diplomat", ("cash_benefits", 6), 100000),
    ("diplomat", ("skill_tables", "personal_development", 5), skill("Carousing")),
    ("diplomat", ("skill_tables", "service_skills", 4), skill("Liaison")),
    ("diplomat", ("skill_tables", "specialist", 4), skill("Steward")),
    ("diplomat", ("skill_tables", "advanced_education", 2), skill("Liaison")),
    # Drifter
    ("drifter", ("qualification",), throw("Dex", 5)),
    ("drifter", ("survival",), throw("End", 5)),
    ("drifter", ("commission",), None),
    ("drifter", ("advancement",), None),
    ("drifter", ("reenlistment",), 5),
    ("drifter", ("medical_bills_row",), "none"),
    ("drifter", ("ranks", 0, "title"), None),
    ("drifter", ("ranks", 0, "skill"), None),
    ("drifter", ("material_benefits", 4), MID),
    ("drifter", ("material_benefits", 6), None),
    ("drifter", ("cash_benefits", 0), 0),
    ("drifter", ("cash_benefits", 5), 10000),
    ("drifter", ("skill_tables", "personal_development", 4), skill("Bribery")),
    ("drifter", ("skill_tables", "service_skills", 0), skill("Streetwise")),
    ("drifter", ("skill_tables", "specialist", 0), skill("Electronics")),
    ("drifter", ("skill_tables", "advanced_education", 0), skill("Computer")),
    # Entertainer
    ("entertainer", ("qualification",), throw("Soc", 8)),
    ("entertainer", ("survival",), throw("Int", 4)),
    ("entertainer", ("commission",), None),
    ("entertainer", ("reenlistment",), 6),
    ("entertainer", ("medical_bills_row",), "employer"),
    ("entertainer", ("ranks", 0, "title"), None),
    ("entertainer", ("ranks", 0, "skill"), grant("Carousing", 1)),
    ("entertainer", ("material_benefits", 2), stat("Soc")),
    ("entertainer", ("material_benefits", 4), EXPLORERS),
    ("entertainer", ("cash_benefits", 0), 2000),
    ("entertainer", ("cash_benefits", 5), 100000),
    ("entertainer", ("skill_tables", "personal_development", 1), char("Int")),
    ("entertainer", ("skill_tables", "service_skills", 1), skill("Admin")),
    ("entertainer", ("skill_tables", "specialist", 3), skill("Liaison")),
    ("entertainer", ("skill_tables", "advanced_education", 2), skill("Carousing")),
    # Hunter
    ("hunter", ("qualification",), throw("End", 5)),
    ("hunter", ("survival",), throw("Str", 8)),
    ("hunter", ("advancement",), None),
    ("hunter", ("reenlistment",), 6),
    ("hunter", ("medical_bills_row",), "employer"),
    ("hunter", ("ranks", 0, "title"), None),
    ("hunter", ("ranks", 0, "skill"), grant("Survival", 1)),
    ("hunter", ("material_benefits", 3), HIGH),
    ("hunter", ("material_benefits", 4), SHARES_1D6),
    ("hunter", ("cash_benefits", 3), 20000),
    ("hunter", ("cash_benefits", 5), 50000),
    ("hunter", ("skill_tables", "personal_development", 4), skill("Athletics")),
    ("hunter", ("skill_tables", "service_skills", 3), skill("Recon")),
    ("hunter", ("skill_tables", "specialist", 0), skill("Admin")),
    ("hunter", ("skill_tables", "advanced_education", 4), skill("Tactics")),
    # Marine
    ("marine", ("name",), "Marine"),
    ("marine", ("military",), True),
    ("marine", ("medical_bills_row",), "service"),
    ("marine", ("qualification",), throw("Int", 6)),
    ("marine", ("survival",), throw("End", 6)),
    ("marine", ("commission",), throw("Edu", 6)),
    ("marine", ("advancement",), throw("Soc", 7)),
    ("marine", ("reenlistment",), 6),
    ("marine", ("ranks", 0, "title"), "Trooper"),
    ("marine", ("ranks", 0, "skill"), grant("Zero-G", 1)),
    ("marine", ("ranks", 3, "title"), "Major"),
    ("marine", ("ranks", 3, "skill"), grant("Tactics", 1)),
    ("marine", ("ranks", 4, "title"), "Lt Colonel"),
    ("marine", ("material_benefits", 0), LOW),
    ("marine", ("material_benefits", 4), stat("Soc")),
    ("marine", ("material_benefits", 6), EXPLORERS),
    ("marine", ("cash_benefits", 5), 50000),
    ("marine", ("skill_tables", "personal_development", 4), char("Edu")),
    ("marine", ("skill_tables", "service_skills", 5), skill("Battle Dress")),
    ("marine", ("skill_tables", "specialist", 3), skill("Survival")),
    ("marine", ("skill_tables", "advanced_education", 2), skill("Gravitics")),
]


@pytest.mark.parametrize(
    ("career_id", "path", "expected"),
    CELLS,
    ids=[f"{c}:{'/'.join(map(str, p))}" for c, p, _ in CELLS],
)
def test_cell_matches_srd(career_id, path, expected):
    assert dig(load(career_id), path) == expected


@pytest.mark.parametrize("career_id", CAREER_IDS)
def test_every_career_has_at_least_eight_checked_cells(career_id):
    assert sum(1 for c, _, _ in CELLS if c == career_id) >= 8


@pytest.mark.parametrize("career_id", CAREER_IDS)
def test_table_shapes(career_id):
    career = load(career_id)
    assert career["id"] == career_id
    assert [r["rank"] for r in career["ranks"]] == list(range(7))
    assert len(career["material_benefits"]) == 7
    assert len(career["cash_benefits"]) == 7
    assert sorted(career["skill_tables"]) == [
        "advanced_education",
        "personal_development",
        "service_skills",
        "specialist",
    ]
    assert all(len(table) == 6 for table in career["skill_tables"].values())
