"""Spot checks of the last two SRD career table blocks (Maritime Defense .. Physician, Pirate .. Technician).

Every expected value below was typed by hand from the Cepheus Engine SRD,
Chapter 1: Character Creation, Career Tables (and the Medical Bills table);
none is computed from the JSON. An accessor is a tuple of keys and list
indexes into the career's JSON document. Ranks are indexed from 0; benefit
rolls and skill-table rolls start at 1, so roll N is index N-1.

The SRD prints the rank skill "Pilot-1" for Merchant rank 3, Pirate rank 2
and Scout rank 0; the data files correct it to the skill's listed name
"Piloting", so that is what is expected here.
"""

import importlib.resources
import json

import pytest

CAREER_IDS = [
    "maritime-defense",
    "mercenary",
    "merchant",
    "navy",
    "noble",
    "physician",
    "pirate",
    "rogue",
    "scientist",
    "scout",
    "surface-defense",
    "technician",
]


def load(career_id):
    return json.loads(
        (
            importlib.resources.files("lifepath.plugins.nowhere_yet") / "data" / "careers" / f"{career_id}.json"
        ).read_text()
    )


def dig(document, accessor):
    for key in accessor:
        document = document[key]
    return document


def throw(characteristic, target):
    return {"characteristic": characteristic, "target": target}


def grant(name, level=1):
    return {"name": name, "level": level}


def skill(name):
    return {"skill": name}


def plus(characteristic, change=1):
    return {"characteristic": characteristic, "change": change}


def stat(characteristic, change=1):
    return {"type": "characteristic", "characteristic": characteristic, "change": change}


LOW = {"type": "passage", "class": "low"}
MID = {"type": "passage", "class": "mid"}
HIGH = {"type": "passage", "class": "high"}
WEAPON = {"type": "weapon"}
EXPLORERS = {"type": "explorers_society"}
SHARES = {"type": "ship_shares", "dice": "1D6"}
COURIER = {"type": "courier_vessel"}
RESEARCH = {"type": "research_vessel"}

PD = ("skill_tables", "personal_development")
SS = ("skill_tables", "service_skills")
SP = ("skill_tables", "specialist")
AE = ("skill_tables", "advanced_education")


CELLS = [
    # Maritime Defense
    ("maritime-defense", ("name",), "Maritime System Defense"),
    ("maritime-defense", ("military",), True),
    ("maritime-defense", ("medical_bills_row",), "service"),
    ("maritime-defense", ("qualification",), throw("End", 5)),
    ("maritime-defense", ("survival",), throw("End", 5)),
    ("maritime-defense", ("commission",), throw("Int", 6)),
    ("maritime-defense", ("advancement",), throw("Edu", 7)),
    ("maritime-defense", ("reenlistment",), 5),
    ("maritime-defense", ("ranks", 0, "title"), "Seaman"),
    ("maritime-defense", ("ranks", 0, "skill"), grant("Watercraft")),
    ("maritime-defense", ("ranks", 3), {"rank": 3, "title": "Lt Commander", "skill": grant("Leadership")}),
    ("maritime-defense", ("ranks", 6, "title"), "Admiral"),
    ("maritime-defense", ("material_benefits", 4), WEAPON),
    ("maritime-defense", ("material_benefits", 6), stat("Soc")),
    ("maritime-defense", ("cash_benefits", 5), 50000),
    ("maritime-defense", ("cash_benefits", 3), 10000),
    ("maritime-defense", PD + (5,), skill("Vehicle")),
    ("maritime-defense", SS + (4,), skill("Survival")),
    ("maritime-defense", SP + (3,), skill("Demolitions")),
    ("maritime-defense", AE + (2,), skill("Jack o' Trades")),
    # Mercenary
    ("mercenary", ("military",), True),
    ("mercenary", ("medical_bills_row",), "employer"),
    ("mercenary", ("qualification",), throw("Int", 4)),
    ("mercenary", ("survival",), throw("End", 6)),
    ("mercenary", ("commission",), throw("Int", 7)),
    ("mercenary", ("advancement",), throw("Int", 6)),
    ("mercenary", ("reenlistment",), 5),
    ("mercenary", ("ranks", 0, "title"), "Private"),
    ("mercenary", ("ranks", 0, "skill"), grant("Gun Combat")),
    ("mercenary", ("ranks", 3, "skill"), grant("Tactics")),
    ("mercenary", ("ranks", 6, "title"), "Brigadier"),
    ("mercenary", ("material_benefits", 4), stat("Soc")),
    ("mercenary", ("material_benefits", 6), SHARES),
    ("mercenary", ("cash_benefits", 5), 50000),
    ("mercenary", ("cash_benefits", 6), 100000),
    ("mercenary", PD + (3,), skill("Zero-G")),
    ("mercenary", SS + (5,), skill("Battle Dress")),
    ("mercenary", SP + (0,), skill("Gravitics")),
    ("mercenary", AE + (4,), skill("Sciences")),
    # Merchant
    ("merchant", ("military",), False),
    ("merchant", ("medical_bills_row",), "employer"),
    ("merchant", ("qualification",), throw("Int", 4)),
    ("merchant", ("survival",), throw("Int", 5)),
    ("merchant", ("commission",), throw("Int", 5)),
    ("merchant", ("advancement",), throw("Edu", 8)),
    ("merchant", ("reenlistment",), 4),
    ("merchant", ("ranks", 0, "title"), "Crewman"),
    ("merchant", ("ranks", 0, "skill"), grant("Steward")),
    ("merchant", ("ranks", 1, "title"), "Deck Cadet"),
    ("merchant", ("ranks", 3), {"rank": 3, "title": "Third Officer", "skill": grant("Piloting")}),
    ("merchant", ("ranks", 6, "title"), "Captain"),
    ("merchant", ("material_benefits", 4), SHARES),
    ("merchant", ("material_benefits", 6), EXPLORERS),
    ("merchant", ("cash_benefits", 5), 50000),
    ("merchant", ("cash_benefits", 3), 20000),
    ("merchant", PD + (5,), skill("Steward")),
    ("merchant", SS + (4,), skill("Broker")),
    ("merchant", SP + (2,), skill("Jack o' Trades")),
    ("merchant", AE + (1,), skill("Engineering")),
    # Navy
    ("navy", ("military",), True),
    ("navy", ("medical_bills_row",), "service"),
    ("navy", ("qualification",), throw("Int", 6)),
    ("navy", ("survival",), throw("Int", 5)),
    ("navy", ("commission",), throw("Soc", 7)),
    ("navy", ("advancement",), throw("Edu", 6)),
    ("navy", ("reenlistment",), 5),
    ("navy", ("ranks", 0, "title"), "Starman"),
    ("navy", ("ranks", 0, "skill"), grant("Zero-G")),
    ("navy", ("ranks", 1, "title"), "Midshipman"),
    ("navy", ("ranks", 3, "skill"), grant("Tactics")),
    ("navy", ("ranks", 6, "title"), "Commodore"),
    ("navy", ("material_benefits", 3), MID),
    ("navy", ("material_benefits", 4), stat("Soc")),
    ("navy", ("cash_benefits", 5), 50000),
    ("navy", ("cash_benefits", 6), 50000),
    ("navy", PD + (3,), plus("Int")),
    ("navy", SS + (3,), skill("Gunnery")),
    ("navy", SP + (4,), skill("Leadership")),
    ("navy", AE + (2,), skill("Engineering")),
    # Noble
    ("noble", ("military",), False),
    ("noble", ("medical_bills_row",), "employer"),
    ("noble", ("qualification",), throw("Soc", 8)),
    ("noble", ("survival",), throw("Soc", 4)),
    ("noble", ("commission",), throw("Edu", 5)),
    ("noble", ("advancement",), throw("Int", 8)),
    ("noble", ("reenlistment",), 6),
    ("noble", ("ranks", 0, "title"), "Courtier"),
    ("noble", ("ranks", 0, "skill"), grant("Carousing")),
    ("noble", ("ranks", 4), {"rank": 4, "title": "Count", "skill": grant("Advocate")}),
    ("noble", ("ranks", 6, "title"), "Archduke"),
    ("noble", ("material_benefits", 0), HIGH),
    ("noble", ("material_benefits", 4), EXPLORERS),
    ("noble", ("cash_benefits", 0), 2000),
    ("noble", ("cash_benefits", 5), 100000),
    ("noble", PD + (0,), plus("Dex")),
    ("noble", PD + (3,), plus("Soc")),
    ("noble", SS + (0,), skill("Athletics")),
    ("noble", SP + (5,), skill("Animals")),
    ("noble", AE + (3,), skill("Linguistics")),
    # Physician
    ("physician", ("military",), False),
    ("physician", ("medical_bills_row",), "employer"),
    ("physician", ("qualification",), throw("Edu", 6)),
    ("physician", ("survival",), throw("Int", 4)),
    ("physician", ("commission",), throw("Int", 5)),
    ("physician", ("advancement",), throw("Edu", 8)),
    ("physician", ("reenlistment",), 5),
    ("physician", ("ranks", 0, "title"), "Intern"),
    ("physician", ("ranks", 0, "skill"), grant("Medicine")),
    ("physician", ("ranks", 4, "skill"), grant("Admin")),
    ("physician", ("ranks", 5, "title"), "Service Chief"),
    ("physician", ("material_benefits", 2), stat("Int")),
    ("physician", ("material_benefits", 4), EXPLORERS),
    ("physician", ("cash_benefits", 1), 10000),
    ("physician", ("cash_benefits", 5), 100000),
    ("physician", PD + (5,), skill("Gun Combat")),
    ("physician", SS + (2,), skill("Mechanics")),
    ("physician", SP + (3,), skill("Medicine")),
    ("physician", SP + (4,), skill("Medicine")),
    ("physician", AE + (2,), skill("Jack o' Trades")),
    # Pirate
    ("pirate", ("military",), False),
    ("pirate", ("medical_bills_row",), "employer"),
    ("pirate", ("qualification",), throw("Dex", 5)),
    ("pirate", ("survival",), throw("Dex", 6)),
    ("pirate", ("commission",), throw("Str", 7)),
    ("pirate", ("advancement",), throw("Int", 6)),
    ("pirate", ("reenlistment",), 5),
    ("pirate", ("ranks", 0, "title"), "Crewman"),
    ("pirate", ("ranks", 0, "skill"), grant("Gunnery")),
    ("pirate", ("ranks", 2), {"rank": 2, "title": "Lieutenant", "skill": grant("Piloting")}),
    ("pirate", ("ranks", 1, "title"), "Corporal"),
    ("pirate", ("material_benefits", 3), HIGH),
    ("pirate", ("material_benefits", 4), stat("Soc")),
    ("pirate", ("cash_benefits", 5), 50000),
    ("pirate", ("cash_benefits", 6), 100000),
    ("pirate", PD + (4,), skill("Bribery")),
    ("pirate", SS + (0,), skill("Streetwise")),
    ("pirate", SP + (0,), skill("Zero-G")),
    ("pirate", AE + (4,), skill("Advocate")),
    # Rogue
    ("rogue", ("military",), False),
    ("rogue", ("medical_bills_row",), "none"),
    ("rogue", ("qualification",), throw("Dex", 5)),
    ("rogue", ("survival",), throw("Dex", 4)),
    ("rogue", ("commission",), throw("Str", 6)),
    ("rogue", ("advancement",), throw("Int", 7)),
    ("rogue", ("reenlistment",), 4),
    ("rogue", ("ranks", 0, "title"), "Independent"),
    ("rogue", ("ranks", 0, "skill"), grant("Streetwise")),
    ("rogue", ("ranks", 2), {"rank": 2, "title": "Soldier", "skill": grant("Gun Combat")}),
    ("rogue", ("ranks", 5, "title"), "Consigliere"),
    ("rogue", ("material_benefits", 3), MID),
    ("rogue", ("material_benefits", 4), WEAPON),
    ("rogue", ("cash_benefits", 3), 5000),
    ("rogue", ("cash_benefits", 5), 20000),
    ("rogue", ("cash_benefits", 6), 50000),
    ("rogue", PD + (5,), skill("Gambling")),
    ("rogue", SS + (1,), skill("Mechanics")),
    ("rogue", SP + (3,), skill("Broker")),
    ("rogue", AE + (1,), skill("Gravitics")),
    # Scientist
    ("scientist", ("military",), False),
    ("scientist", ("medical_bills_row",), "employer"),
    ("scientist", ("qualification",), throw("Edu", 6)),
    ("scientist", ("survival",), throw("Edu", 5)),
    ("scientist", ("commission",), throw("Int", 7)),
    ("scientist", ("advancement",), throw("Int", 6)),
    ("scientist", ("reenlistment",), 5),
    ("scientist", ("ranks", 0, "title"), "Instructor"),
    ("scientist", ("ranks", 0, "skill"), grant("Sciences")),
    ("scientist", ("ranks", 3), {"rank": 3, "title": "Assistant Professor", "skill": grant("Computer")}),
    ("scientist", ("ranks", 6, "title"), "Distinguished Professor"),
    ("scientist", ("material_benefits", 4), stat("Soc")),
    ("scientist", ("material_benefits", 6), RESEARCH),
    ("scientist", ("cash_benefits", 5), 50000),
    ("scientist", ("cash_benefits", 6), 50000),
    ("scientist", PD + (4,), plus("Edu")),
    ("scientist", SS + (4,), skill("Bribery")),
    ("scientist", SP + (0,), skill("Navigation")),
    ("scientist", SP + (3,), skill("Sciences")),
    ("scientist", AE + (3,), skill("Linguistics")),
    # Scout
    ("scout", ("military",), False),
    ("scout", ("medical_bills_row",), "service"),
    ("scout", ("qualification",), throw("Int", 6)),
    ("scout", ("survival",), throw("End", 7)),
    ("scout", ("commission",), None),
    ("scout", ("advancement",), None),
    ("scout", ("reenlistment",), 6),
    ("scout", ("ranks", 0), {"rank": 0, "title": None, "skill": grant("Piloting")}),
    ("scout", ("ranks", 1), {"rank": 1, "title": None, "skill": None}),
    ("scout", ("ranks", 6), {"rank": 6, "title": None, "skill": None}),
    ("scout", ("material_benefits", 4), EXPLORERS),
    ("scout", ("material_benefits", 5), COURIER),
    ("scout", ("material_benefits", 6), None),
    ("scout", ("cash_benefits", 5), 50000),
    ("scout", ("cash_benefits", 2), 10000),
    ("scout", PD + (3,), skill("Jack o' Trades")),
    ("scout", SS + (5,), skill("Piloting")),
    ("scout", SP + (2,), skill("Demolitions")),
    ("scout", AE + (2,), skill("Linguistics")),
    # Surface Defense
    ("surface-defense", ("name",), "Surface System Defense"),
    ("surface-defense", ("military",), True),
    ("surface-defense", ("medical_bills_row",), "service"),
    ("surface-defense", ("qualification",), throw("End", 5)),
    ("surface-defense", ("survival",), throw("Edu", 5)),
    ("surface-defense", ("commission",), throw("End", 6)),
    ("surface-defense", ("advancement",), throw("Edu", 7)),
    ("surface-defense", ("reenlistment",), 5),
    ("surface-defense", ("ranks", 0, "title"), "Private"),
    ("surface-defense", ("ranks", 0, "skill"), grant("Gun Combat")),
    ("surface-defense", ("ranks", 3, "skill"), grant("Leadership")),
    ("surface-defense", ("ranks", 6, "title"), "General"),
    ("surface-defense", ("material_benefits", 1), stat("Int")),
    ("surface-defense", ("material_benefits", 4), WEAPON),
    ("surface-defense", ("cash_benefits", 5), 50000),
    ("surface-defense", ("cash_benefits", 4), 20000),
    ("surface-defense", PD + (3,), skill("Athletics")),
    ("surface-defense", SS + (5,), skill("Battle Dress")),
    ("surface-defense", SP + (4,), skill("Survival")),
    ("surface-defense", AE + (4,), skill("Leadership")),
    # Technician
    ("technician", ("military",), False),
    ("technician", ("medical_bills_row",), "employer"),
    ("technician", ("qualification",), throw("Edu", 6)),
    ("technician", ("survival",), throw("Dex", 4)),
    ("technician", ("commission",), throw("Edu", 5)),
    ("technician", ("advancement",), throw("Int", 8)),
    ("technician", ("reenlistment",), 5),
    ("technician", ("ranks", 0, "title"), "Technician"),
    ("technician", ("ranks", 0, "skill"), grant("Computer")),
    ("technician", ("ranks", 4), {"rank": 4, "title": "Director", "skill": grant("Admin")}),
    ("technician", ("ranks", 5, "title"), "Vice-President"),
    ("technician", ("material_benefits", 3), MID),
    ("technician", ("material_benefits", 4), MID),
    ("technician", ("cash_benefits", 5), 50000),
    ("technician", ("cash_benefits", 0), 1000),
    ("technician", PD + (5,), skill("Gun Combat")),
    ("technician", SS + (4,), skill("Electronics")),
    ("technician", SP + (2,), skill("Gravitics")),
    ("technician", SP + (5,), skill("Animals")),
    ("technician", AE + (5,), skill("Sciences")),
]


@pytest.mark.parametrize(
    ("career_id", "accessor", "expected"),
    CELLS,
    ids=[f"{c}-{'.'.join(map(str, a))}" for c, a, _ in CELLS],
)
def test_cell_matches_srd(career_id, accessor, expected):
    assert dig(load(career_id), accessor) == expected


@pytest.mark.parametrize("career_id", CAREER_IDS)
def test_career_is_covered_and_shaped(career_id):
    document = load(career_id)
    assert document["id"] == career_id
    assert sum(1 for c, _, _ in CELLS if c == career_id) >= 8
    assert [r["rank"] for r in document["ranks"]] == list(range(7))
    assert len(document["material_benefits"]) == 7
    assert len(document["cash_benefits"]) == 7
    for table in document["skill_tables"].values():
        assert len(table) == 6
