"""Spot checks of the Nowhere Yet rule tables against hand-typed SRD values.

Every expected value below was typed in by hand from the Cepheus Engine SRD
(character-creation.md), not derived from the data files themselves.
"""

import importlib.resources
import json

import pytest


def load(name):
    path = importlib.resources.files("lifepath.plugins.nowhere_yet") / "data" / name
    return json.loads(path.read_text(encoding="utf-8"))


def row(table, roll):
    (found,) = [r for r in table["rows"] if r["roll"] == roll]
    return found


@pytest.fixture(scope="module")
def mishaps():
    return load("mishaps.json")


@pytest.fixture(scope="module")
def injuries():
    return load("injuries.json")


@pytest.fixture(scope="module")
def ageing():
    return load("ageing.json")


@pytest.fixture(scope="module")
def medical():
    return load("medical.json")


@pytest.fixture(scope="module")
def procedure():
    return load("procedure.json")


# ------------------------------------------------------------------ mishaps


def test_mishaps_shape(mishaps):
    assert mishaps["dice"] == "1D6"
    assert mishaps["mishap_years"] == 2
    assert [r["roll"] for r in mishaps["rows"]] == [1, 2, 3, 4, 5, 6]


def test_mishap_1_is_severe_injury_or_lower_of_two(mishaps):
    r = row(mishaps, 1)
    assert r["injury"] == {"mode": "fixed-or-lower-of-two", "fixed_result": 2}
    assert r["discharge"] == "medical"
    assert r["lose_all_benefits"] is False


def test_mishap_2_honourable_no_cost(mishaps):
    r = row(mishaps, 2)
    assert r["discharge"] == "honourable"
    assert r["debt"] is None and r["prison_years"] == 0 and r["injury"] is None


def test_mishap_3_legal_debt_10000(mishaps):
    r = row(mishaps, 3)
    assert r["discharge"] == "honourable"
    assert r["debt"] == {"amount": 10000, "kind": "legal"}
    assert r["lose_all_benefits"] is False


def test_mishap_4_dishonourable_loses_benefits(mishaps):
    r = row(mishaps, 4)
    assert r["discharge"] == "dishonourable"
    assert r["lose_all_benefits"] is True
    assert r["prison_years"] == 0


def test_mishap_5_prison_four_years(mishaps):
    r = row(mishaps, 5)
    assert r["discharge"] == "dishonourable"
    assert r["prison_years"] == 4
    assert r["lose_all_benefits"] is True


def test_mishap_6_medical_rolls_injury(mishaps):
    r = row(mishaps, 6)
    assert r["discharge"] == "medical"
    assert r["injury"] == {"mode": "roll"}


# ------------------------------------------------------------------ injuries


def test_injury_1_nearly_killed(injuries):
    r = row(injuries, 1)
    assert r["primary"] == {"choose_from": ["Str", "Dex", "End"], "amount": "1D6"}
    assert r["secondary"] == {"mode": "others-each-or-one", "each": 2, "one": 4}


def test_injury_2_severely_injured(injuries):
    r = row(injuries, 2)
    assert r["primary"]["amount"] == "1D6"
    assert sorted(r["primary"]["choose_from"]) == ["Dex", "End", "Str"]
    assert r["secondary"] is None


def test_injury_3_missing_eye_or_limb(injuries):
    r = row(injuries, 3)
    assert r["primary"] == {"choose_from": ["Str", "Dex"], "amount": 2}


@pytest.mark.parametrize("roll, amount", [(4, 2), (5, 1)])
def test_injury_4_and_5_any_physical(injuries, roll, amount):
    r = row(injuries, roll)
    assert sorted(r["primary"]["choose_from"]) == ["Dex", "End", "Str"]
    assert r["primary"]["amount"] == amount
    assert r["secondary"] is None


def test_injury_6_no_effect(injuries):
    r = row(injuries, 6)
    assert r["primary"] is None and r["secondary"] is None


# ------------------------------------------------------------------ ageing


def ageing_band(ageing, result):
    hits = [
        r
        for r in ageing["rows"]
        if (r["min_result"] is None or r["min_result"] <= result)
        and (r["max_result"] is None or result <= r["max_result"])
    ]
    assert len(hits) == 1, f"result {result} falls in {len(hits)} bands"
    return hits[0]


def test_ageing_basics(ageing):
    assert ageing["dice"] == "2D6"
    assert ageing["starts_at_age_default"] == 34


@pytest.mark.parametrize(
    "result, physical, mental",
    [
        (-9, [2, 2, 2], [1]),
        (-6, [2, 2, 2], [1]),
        (-5, [2, 2, 2], []),
        (-4, [2, 2, 1], []),
        (-3, [2, 1, 1], []),
        (-2, [1, 1, 1], []),
        (-1, [1, 1], []),
        (0, [1], []),
        (1, [], []),
        (12, [], []),
    ],
)
def test_ageing_bands(ageing, result, physical, mental):
    band = ageing_band(ageing, result)
    assert sorted(band["physical"], reverse=True) == physical
    assert band["mental"] == mental


# ------------------------------------------------------------------ medical


def coverage(medical, row_id, roll):
    (r,) = [r for r in medical["rows"] if r["id"] == row_id]
    reached = [c["percent"] for c in r["coverage"] if c["min_roll"] <= roll]
    return reached[-1] if reached else 0


@pytest.mark.parametrize(
    "row_id, roll, percent",
    [
        ("service", 3, 0),
        ("service", 4, 75),
        ("service", 8, 100),
        ("employer", 4, 50),
        ("employer", 8, 75),
        ("employer", 12, 100),
        ("none", 4, 0),
        ("none", 8, 50),
        ("none", 12, 75),
    ],
)
def test_medical_coverage(medical, row_id, roll, percent):
    assert coverage(medical, row_id, roll) == percent


def test_medical_costs(medical):
    assert medical["cost_per_point"] == 5000
    assert medical["dice"] == "2D6"
    assert medical["rank_is_dm"] is True
    assert medical["crisis"] == {"dice": "1D6", "multiplier": 10000, "restore_to": 1}
    assert medical["anagathics"] == {"dice": "1D6", "multiplier": 2500}


def test_medical_rows_cover_all_24_careers_once(medical):
    careers = [c for r in medical["rows"] for c in r["careers"]]
    assert len(careers) == 24 == len(set(careers))
    by_row = {r["id"]: set(r["careers"]) for r in medical["rows"]}
    assert "scout" in by_row["service"]
    assert "athlete" in by_row["employer"]
    assert "rogue" in by_row["none"]


# ------------------------------------------------------------------ retirement


@pytest.mark.parametrize("terms, credits", [(5, 10000), (6, 12000), (7, 14000), (8, 16000)])
def test_retirement_pay(terms, credits):
    table = load("retirement.json")
    (entry,) = [p for p in table["pay"] if p["terms"] == terms]
    assert entry["credits"] == credits


def test_retirement_minimum_and_beyond():
    table = load("retirement.json")
    assert table["min_terms"] == 5
    assert table["per_term_beyond"] == {"after_terms": 8, "credits": 2000}


# ------------------------------------------------------------------ draft


@pytest.mark.parametrize(
    "roll, career",
    [
        (1, "aerospace-defense"),
        (2, "marine"),
        (3, "maritime-defense"),
        (4, "navy"),
        (5, "scout"),
        (6, "surface-defense"),
    ],
)
def test_draft(roll, career):
    table = load("draft.json")
    assert table["dice"] == "1D6"
    assert row(table, roll)["career"] == career


# ------------------------------------------------------------------ procedure


@pytest.mark.parametrize(
    "key, value",
    [
        ("term_years", 4),
        ("qualification_dm_per_previous_career", -2),
        ("background_skills_base", 3),
        ("homeworld_skill_picks", 2),
        ("survival_natural_fail", 2),
        ("reenlistment_natural_hold", 12),
        ("default_max_terms", 7),
        ("max_cash_rolls", 3),
        ("prison_years", 4),
        ("ship_share_value", 2000000),
        ("advanced_education_min_edu", 8),
        ("noble_title_min_soc", 10),
        ("ageing_dice", "2D6"),
        ("benefit_dice", "1D6"),
    ],
)
def test_procedure_constants(procedure, key, value):
    assert procedure[key] == value


def test_procedure_benefit_modifiers(procedure):
    assert procedure["benefit_rolls_by_rank"] == [
        {"rank": 4, "extra": 1},
        {"rank": 5, "extra": 2},
        {"rank": 6, "extra": 3},
    ]
    assert procedure["cash_dm"] == {"gambling": 1, "retired": 1}
    assert procedure["material_dm"] == {"min_rank": 5, "dm": 1}


# ------------------------------------------------------------------ names and finishing touches


def _lists(names):
    yield "male", names["given"]["male"]
    yield "female", names["given"]["female"]
    yield "neutral", names["given"]["neutral"]
    yield "family", names["family"]
    for sp, lists in names["species"].items():
        yield f"{sp}.given", lists["given"]
        yield f"{sp}.family", lists["family"]


def test_names_non_empty_and_unique():
    names = load("names.json")
    assert set(names["species"]) == {"avian", "insectan", "reptilian", "merfolk"}
    for label, values in _lists(names):
        assert values, label
        assert all(isinstance(v, str) and v.strip() == v and v for v in values), label
        assert len(values) == len(set(values)), f"duplicates in {label}"


def test_names_sizes():
    names = load("names.json")
    assert len(names["given"]["male"]) >= 40
    assert len(names["given"]["female"]) >= 40
    assert len(names["given"]["neutral"]) >= 20
    assert len(names["family"]) >= 60


def test_finishing_lists():
    fin = load("finishing.json")
    assert len(fin["goals"]) >= 30
    assert len(fin["goals"]) == len(set(fin["goals"]))
    for key, minimum in {"build": 12, "hair": 12, "eyes": 10, "feature": 24, "dress": 12}.items():
        values = fin["appearance"][key]
        assert len(values) >= minimum and len(values) == len(set(values)), key
    for sp in ("avian", "insectan", "reptilian", "merfolk"):
        assert len(fin["alien_appearance"][sp]["feature"]) >= 8
