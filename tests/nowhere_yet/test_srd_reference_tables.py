"""Spot checks of the Nowhere Yet reference tables against the Cepheus Engine SRD.

Every expected value below was typed by hand from the SRD (character-creation.md,
skills.md, worlds.md); none is derived from the JSON files under test.
"""

import importlib.resources
import json

import pytest


def load(name):
    return json.loads((importlib.resources.files("lifepath.plugins.nowhere_yet") / "data" / name).read_text())


def by_key(rows, key, value):
    matches = [row for row in rows if row[key] == value]
    assert len(matches) == 1, f"expected exactly one row with {key}={value!r}"
    return matches[0]


@pytest.fixture(scope="module")
def characteristics():
    return load("characteristics.json")


@pytest.fixture(scope="module")
def species():
    return {row["id"]: row for row in load("species.json")["species"]}


@pytest.fixture(scope="module")
def traits():
    return {row["id"]: row for row in load("traits.json")["traits"]}


@pytest.fixture(scope="module")
def skills():
    return {row["name"]: row for row in load("skills.json")["skills"]}


@pytest.fixture(scope="module")
def homeworld():
    return load("homeworld.json")


@pytest.fixture(scope="module")
def education():
    return load("education.json")


@pytest.fixture(scope="module")
def titles():
    return {row["soc"]: row for row in load("titles.json")["titles"]}


# ------------------------------------------------------------------ schemas


@pytest.mark.parametrize(
    "name, thing",
    [
        ("characteristics.json", "characteristics"),
        ("species.json", "species"),
        ("traits.json", "traits"),
        ("skills.json", "skills"),
        ("homeworld.json", "homeworld"),
        ("education.json", "education"),
        ("titles.json", "titles"),
    ],
)
def test_each_file_names_its_schema(name, thing):
    assert load(name)["$schema"] == f"https://lifepath.example/schemas/nowhere-yet.{thing}.schema.json"


# ------------------------------------------------------------------ characteristics


def test_characteristic_order(characteristics):
    assert [c["code"] for c in characteristics["characteristics"]] == ["Str", "Dex", "End", "Int", "Edu", "Soc"]


def test_characteristic_groups(characteristics):
    groups = {c["code"]: c["group"] for c in characteristics["characteristics"]}
    assert groups == {
        "Str": "physical",
        "Dex": "physical",
        "End": "physical",
        "Int": "mental",
        "Edu": "mental",
        "Soc": "mental",
    }


def test_characteristic_dice_and_maximum(characteristics):
    for c in characteristics["characteristics"]:
        assert c["dice"] == "2D6"
        assert c["maximum"] == 15


def test_modifier_formula_and_minimum(characteristics):
    assert characteristics["modifier"] == {"divisor": 3, "offset": -2}
    assert characteristics["minimum"] == 1


def test_pseudohex_skips_i_and_o(characteristics):
    digits = characteristics["pseudohex"]
    assert "I" not in digits and "O" not in digits
    # From the Characteristic Modifier by Score Range table.
    assert digits[11] == "B"
    assert digits[15] == "F"
    assert digits[18] == "J"
    assert digits[23] == "P"
    assert digits[33] == "Z"
    assert len(digits) == 34


# ------------------------------------------------------------------ species


def test_species_ids(species):
    assert set(species) == {"human-male", "human-female", "avian", "insectan", "merfolk", "reptilian", "esper"}


def test_only_esper_is_not_selectable(species):
    assert [sid for sid, row in species.items() if not row["selectable"]] == ["esper"]


@pytest.mark.parametrize(
    "sid, code, dice, maximum",
    [
        ("avian", "Str", "1D6", 13),
        ("avian", "Dex", "3D6", 17),
        ("avian", "End", "1D6", 13),
        ("avian", "Int", "2D6", 15),
        ("insectan", "Dex", "2D6+2", 17),
        ("insectan", "Str", "2D6", 15),
        ("reptilian", "Str", "2D6+1", 16),
        ("reptilian", "Dex", "2D6+1", 16),
        ("reptilian", "End", "2D6-2", 13),
        ("merfolk", "Dex", "2D6", 15),
        ("human-female", "Soc", "2D6", 15),
        ("esper", "Edu", "2D6", 15),
    ],
)
def test_species_characteristic_dice(species, sid, code, dice, maximum):
    assert species[sid]["characteristics"][code] == {"dice": dice, "maximum": maximum}


def test_insectan_caste(species):
    assert species["insectan"]["social_name"] == "Caste"
    assert species["avian"]["social_name"] == "Soc"
    assert species["insectan"]["sexes"] == ["worker", "soldier", "drone", "queen"]


def test_portraits(species):
    assert species["human-male"]["portrait"] == "male"
    assert species["human-female"]["portrait"] == "female"
    assert species["avian"]["portrait"] is None
    assert species["avian"]["sexes"] == ["male", "female"]


@pytest.mark.parametrize(
    "sid, maturity, ageing",
    [("human-male", 18, 34), ("avian", 22, 46), ("insectan", 18, 34), ("merfolk", 18, 34), ("reptilian", 22, 42)],
)
def test_species_ages(species, sid, maturity, ageing):
    assert species[sid]["age_of_maturity"] == maturity
    assert species[sid]["ageing_starts"] == ageing


def test_species_speed(species):
    assert species["avian"]["speed"] == {"metres": 4.5, "kind": "slow"}
    assert species["insectan"]["speed"] == {"metres": 9, "kind": "fast"}
    assert species["reptilian"]["speed"] == {"metres": 9, "kind": "fast"}
    assert species["merfolk"]["speed"] is None


def test_species_height_and_mass(species):
    assert species["avian"]["height"] == "105+(2D6x2) cm"
    assert species["avian"]["mass"] == "20+(2D6x2) kg"
    assert species["insectan"]["height"] == "160+(2D6x5) cm"
    assert species["reptilian"]["mass"] == "50+(2D6x5) kg"


def test_species_traits(species):
    assert set(species["merfolk"]["traits"]) == {"amphibious", "aquatic", "natural-swimmer", "water-dependent"}
    assert set(species["avian"]["traits"]) == {"flyer", "low-gravity-adaptation", "natural-pilot", "small"}
    assert "natural-weapon" in species["reptilian"]["traits"]
    assert "anti-psionic" in species["reptilian"]["traits"]
    assert species["esper"]["traits"] == ["psionic"]
    assert species["human-male"]["traits"] == []


def test_species_traits_exist(species, traits):
    for row in species.values():
        for trait_id in row["traits"]:
            assert trait_id in traits


# ------------------------------------------------------------------ traits


def test_trait_count(traits):
    assert len(traits) == 31


@pytest.mark.parametrize(
    "trait_id, grants",
    [
        ("flyer", [{"name": "Athletics", "level": 0}]),
        ("great-leaper", [{"name": "Athletics", "level": 0}]),
        ("natural-weapon", [{"name": "Natural Weapons", "level": 0}]),
        ("armored", []),
        ("caste", []),
    ],
)
def test_trait_grants(traits, trait_id, grants):
    assert traits[trait_id]["grants_skills"] == grants


def test_trait_names_and_creation_effects(traits):
    assert traits["natural-weapon"]["name"] == "Natural Weapon"
    assert traits["cold-blooded"]["name"] == "Cold-Blooded"
    assert traits["caste"]["creation_effect"] is not None
    assert traits["feral"]["creation_effect"] is not None
    assert traits["heat-endurance"]["creation_effect"] is None
    assert traits["heat-endurance"]["play_only"] is True
    assert {"notable", "weak", "uplifted"} <= set(traits)


# ------------------------------------------------------------------ skills


@pytest.mark.parametrize(
    "name, cascade",
    [
        ("Gun Combat", ["Archery", "Energy Pistol", "Energy Rifle", "Shotgun", "Slug Pistol", "Slug Rifle"]),
        ("Gunnery", ["Bay Weapons", "Heavy Weapons", "Screens", "Spinal Mounts", "Turret Weapons"]),
        ("Melee Combat", ["Natural Weapons", "Bludgeoning Weapons", "Piercing Weapons", "Slashing Weapons"]),
        ("Vehicle", ["Aircraft", "Mole", "Tracked Vehicle", "Watercraft", "Wheeled Vehicle"]),
        ("Aircraft", ["Grav Vehicle", "Rotor Aircraft", "Winged Aircraft"]),
        ("Watercraft", ["Motorboats", "Ocean Ships", "Sailing Ships", "Submarine"]),
        ("Animals", ["Farming", "Riding", "Survival", "Veterinary Medicine"]),
        ("Sciences", ["Life Sciences", "Physical Sciences", "Social Sciences", "Space Sciences"]),
    ],
)
def test_cascades(skills, name, cascade):
    assert skills[name]["cascade"] == cascade


def test_skill_groups(skills):
    assert skills["Admin"]["group"] == "basic"
    assert skills["Athletics"]["group"] == "basic"
    assert skills["Gun Combat"]["group"] == "weapon"
    assert skills["Watercraft"]["group"] == "transport"
    assert "Jack o' Trades" in skills
    assert "Zero-G" in skills
    assert "cascade" not in skills["Piloting"]


def test_specialisations_are_not_top_level(skills):
    # Survival too: the Available Skills list has it only under Animals (issue 15, bug 3)
    for leaf in ("Slug Rifle", "Mole", "Life Sciences", "Farming", "Submarine", "Survival"):
        assert leaf not in skills


# ------------------------------------------------------------------ homeworld


@pytest.mark.parametrize(
    "level, descriptor",
    [
        (0, "No Law"),
        (1, "Low Law"),
        (3, "Low Law"),
        (5, "Medium Law"),
        (7, "High Law"),
        (9, "High Law"),
        (10, "Extreme Law"),
        (14, "Extreme Law"),
    ],
)
def test_law_level_descriptor(homeworld, level, descriptor):
    found = [
        band["descriptor"]
        for band in homeworld["law_levels"]
        if band["min"] <= level and (band["max"] is None or level <= band["max"])
    ]
    assert found == [descriptor]


def test_skills_by_law_descriptor(homeworld):
    table = homeworld["skills_by_law_descriptor"]
    assert table["No Law"] == ["Gun Combat"]
    assert table["Medium Law"] == ["Gun Combat"]
    assert table["High Law"] == ["Melee Combat"]
    assert table["Extreme Law"] == []


@pytest.mark.parametrize(
    "code, field, values",
    [
        ("Ag", "population", [5, 6, 7]),
        ("Ag", "atmosphere", [4, 5, 6, 7, 8, 9]),
        ("As", "size", [0]),
        ("Ba", "law_level", [0]),
        ("De", "atmosphere", list(range(2, 16))),
        ("Ga", "atmosphere", [5, 6, 8]),
        ("Hi", "population", list(range(9, 16))),
        ("Ht", "tech_level", list(range(12, 34))),
        ("In", "atmosphere", [0, 1, 2, 4, 7, 9]),
        ("Lt", "tech_level", [0, 1, 2, 3, 4, 5]),
        ("Na", "hydrographics", [0, 1, 2, 3]),
        ("Ri", "population", [6, 7, 8]),
        ("Wa", "hydrographics", [10]),
        ("Va", "atmosphere", [0]),
    ],
)
def test_trade_code_requirements(homeworld, code, field, values):
    row = by_key(homeworld["trade_codes"], "code", code)
    assert row["requires"][field] == values


def test_trade_code_unconstrained_fields(homeworld):
    assert set(by_key(homeworld["trade_codes"], "code", "Hi")["requires"]) == {"population"}
    assert set(by_key(homeworld["trade_codes"], "code", "Po")["requires"]) == {"atmosphere", "hydrographics"}
    assert by_key(homeworld["trade_codes"], "code", "Fl")["name"] == "Fluid Oceans"
    assert len(homeworld["trade_codes"]) == 18


@pytest.mark.parametrize(
    "code, skill",
    [
        ("Ag", ["Animals"]),
        ("As", ["Zero-G"]),
        ("De", ["Survival"]),
        ("Fl", ["Watercraft"]),
        ("Ht", ["Computer"]),
        ("Hi", ["Streetwise"]),
        ("Ic", ["Zero-G"]),
        ("In", ["Broker"]),
        ("Lt", ["Survival"]),
        ("Po", ["Animals"]),
        ("Ri", ["Carousing"]),
        ("Va", ["Zero-G"]),
    ],
)
def test_skills_by_trade_code(homeworld, code, skill):
    assert homeworld["skills_by_trade_code"][code] == skill


def test_uwp_layout(homeworld):
    assert homeworld["uwp"]["fields"][0] == "starport"
    assert homeworld["uwp"]["fields"][-1] == "tech_level"
    assert homeworld["uwp"]["starports"] == ["A", "B", "C", "D", "E", "X"]


# ------------------------------------------------------------------ education


def test_education_skills(education):
    skills = education["skills"]
    assert len(skills) == 15
    assert "Space Sciences" in skills
    assert skills[0] == "Admin"
    assert "Engineering" in skills
    assert "Gun Combat" not in skills


# ------------------------------------------------------------------ titles


@pytest.mark.parametrize(
    "soc, male, female",
    [
        (10, "Lord", "Lady"),
        (11, "Knight", "Knightess"),
        (12, "Baron", "Baroness"),
        (13, "Marquis", "Marquesa"),
        (14, "Count", "Countess"),
        (15, "Duke", "Duchess"),
        (16, "Archduke", "Archduchess"),
        (17, "Crown Prince", "Crown Princess"),
        (18, "Emperor", "Empress"),
    ],
)
def test_titles(titles, soc, male, female):
    assert (titles[soc]["male"], titles[soc]["female"]) == (male, female)


def test_title_alternatives(titles):
    assert titles[11]["alternatives"] == ["Dame"]
    assert titles[12]["alternatives"] == ["Baronet"]
    assert titles[13]["alternatives"] == ["Marchioness"]
    assert "alternatives" not in titles[15]
    assert sorted(titles) == list(range(10, 19))
