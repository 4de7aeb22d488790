"""The Power, Clue and Map decks: counts, schema, balance, and every clue true (R-20..R-24)."""

from __future__ import annotations

import copy
import json
from collections import Counter
from importlib import resources

import pytest

from cardroom import atlas
from cardroom.geoplunge import decks


def _raw(name: str):
    return json.loads(resources.files("cardroom").joinpath(f"data/{name}").read_text("utf-8"))


# ------------------------------------------------------------------ Power deck


def test_power_deck_has_15_cards_with_stable_ids() -> None:
    deck = decks.power_deck()
    assert len(deck) == 15
    assert [c.id for c in deck] == [f"P{i:02d}" for i in range(1, 16)]
    assert decks.power_card("P07") is deck[6]
    with pytest.raises(KeyError):
        decks.power_card("P16")


def test_power_fields_are_in_their_sets() -> None:
    for c in decks.power_deck():
        assert c.base in decks.BASES
        assert c.category in decks.CATEGORIES
        assert len(c.abc) == 3 and set(c.abc) <= {"A", "B", "C"}
        assert c.version in decks.VERSIONS
        assert c.geostar in decks.GEOSTARS
        assert 1 <= len(c.circles) <= 2 and len(set(c.circles)) == len(c.circles)
        assert set(c.circles) <= set(decks.CHUMMY_COLOURS)
        assert c.square in ("red", "blue")


def test_power_distribution_is_balanced() -> None:
    """R-20: every base 3 times, category and version 5 times each, every base with every
    version once and with every category once; clue letters 15 each."""
    deck = decks.power_deck()
    assert Counter(c.base for c in deck) == {b: 3 for b in decks.BASES}
    assert Counter(c.category for c in deck) == {k: 5 for k in decks.CATEGORIES}
    assert Counter(c.version for c in deck) == {v: 5 for v in decks.VERSIONS}
    assert len({(c.base, c.version) for c in deck}) == 15
    assert len({(c.base, c.category) for c in deck}) == 15
    for v in decks.VERSIONS:  # each version sees every category (2, 2, 1)
        assert sorted(Counter(c.category for c in deck if c.version == v).values()) == [1, 2, 2]
    assert Counter("".join(c.abc for c in deck)) == {"A": 15, "B": 15, "C": 15}
    # all six orders of A, B, C appear, and some cards repeat a letter
    assert {"".join(p) for p in ("ABC", "ACB", "BAC", "BCA", "CAB", "CBA")} <= {c.abc for c in deck}
    assert any(len(set(c.abc)) < 3 for c in deck)


def test_power_chummy_marks_are_balanced() -> None:
    """R-21: five colours, each on 4 circles; 5 cards with two circles; squares 8/7."""
    deck = decks.power_deck()
    assert Counter(x for c in deck for x in c.circles) == {k: 4 for k in decks.CHUMMY_COLOURS}
    assert sum(len(c.circles) == 2 for c in deck) == 5
    assert sorted(Counter(c.square for c in deck).values()) == [7, 8]
    assert {c.geostar for c in deck} == set(decks.GEOSTARS)


def test_turning_until_three_bases_differ_always_ends() -> None:
    """Level 4 Play the Ranks Step 2: in any order of the deck, three distinct bases show up
    before the deck runs out (the worst order puts all cards of two bases first)."""
    bases = Counter(c.base for c in decks.power_deck())
    worst = sum(sorted(bases.values())[-2:])  # the two most common bases, all first
    assert worst + 1 <= 15


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda d: d.pop(), "15 cards"),
        (lambda d: d[0].update(base=2), "bad base"),
        (lambda d: d[0].update(category="area"), "bad category"),
        (lambda d: d[0].update(abc="ABD"), "abc"),
        (lambda d: d[0].update(version="PTR3"), "bad version"),
        (lambda d: d[0].update(geostar="flag"), "bad geostar"),
        (lambda d: d[0].update(circles=[]), "circles"),
        (lambda d: d[0].update(circles=["red", "red"]), "circles"),
        (lambda d: d[0].update(circles=["red", "blue", "green"]), "circles"),
        (lambda d: d[0].update(square="green"), "square"),
        (lambda d: d[0].update(extra=1), "keys"),
        (lambda d: d[1].update(id="P01"), "id"),
        (lambda d: [c.update(base=1 if i % 2 else 10) for i, c in enumerate(d)], "distinct"),
    ],
)
def test_power_schema_check_refuses_faults(mutate, message) -> None:
    data = copy.deepcopy(_raw("power_deck.json"))
    mutate(data)
    with pytest.raises(decks.DeckError, match=message):
        decks.check_power_deck(data)


def test_geostar_values_and_ranks_come_from_the_atlas() -> None:
    ga = atlas.by_code()["GA"]
    assert decks.geostar_value("name", "GA") == "Georgia"
    assert decks.geostar_value("capital", "GA") == ga.capital == "Atlanta"
    assert decks.geostar_value("postal_code", "GA") == "GA"
    assert decks.geostar_value("nickname", "GA") == ga.nickname
    assert decks.geostar_value("top_city_2", "GA") == ga.top_cities[1].name
    assert decks.geostar_value("flower", "GA") == ga.flower
    assert decks.geostar_value("bird", "GA") == ga.bird
    assert decks.geostar_label("top_city_3") == "Top city #3"
    # the rule books' examples: Georgia statehood 4, population 8; Florida population 3
    assert decks.category_rank("statehood", "GA") == 4
    assert decks.category_rank("population", "GA") == 8
    assert decks.category_rank("population", "FL") == 3
    assert decks.category_rank("size", "AK") == 1


# ------------------------------------------------------------------ Clue deck


def test_clue_deck_counts() -> None:
    deck = decks.clue_deck()
    assert len(deck) == 45
    assert Counter(c.type for c in deck) == {"A": 15, "B": 15, "C": 15}
    assert len({c.id for c in deck}) == 45
    assert decks.clue_card("B07").type == "B"
    with pytest.raises(KeyError):
        decks.clue_card("D01")


def test_clue_options_follow_the_types() -> None:
    """R-22: A and B cards usually offer options (at least 12 of 15 have two or more);
    a C card has one clue, the most telling kind."""
    deck = decks.clue_deck()
    for t in "AB":
        assert sum(len(c.options) >= 2 for c in deck if c.type == t) >= 12
    for c in deck:
        assert 1 <= len(c.options) <= 3
        assert all(decks.CLUE_KINDS[k].type == c.type for k in c.options)
        if c.type == "C":
            assert len(c.options) == 1
    # every kind of clue is printed somewhere, and the flag needs the cut-out card
    assert {k for c in deck for k in c.options} == set(decks.CLUE_KINDS)
    assert sum(c.options == ("flag",) for c in deck) == 3


def test_every_clue_is_answerable_from_the_atlas_and_true_for_its_state() -> None:
    """For every state and every option of every card: the clue has a value read from the
    card's fields, the state matches it, and a worded sentence exists."""
    fields = set(atlas.StateFacts.__dataclass_fields__) | {"flag"}
    for kind in decks.CLUE_KINDS.values():
        assert kind.field in fields
    for card in decks.clue_deck():
        for k in card.options:
            for s in atlas.states():
                values = decks.clue_values(k, s.code)
                assert values, (k, s.code)
                for v in values:
                    assert isinstance(v, str) and v
                    assert decks.clue_matches(k, v, s.code)
                    assert decks.clue_text(k, v)


def test_clue_values_read_the_right_fields() -> None:
    assert decks.clue_values("border", "ME") == ("New Hampshire",)
    assert decks.clue_values("border", "HI") == ("none",)
    assert decks.clue_text("border", "none") == "It borders no other state"
    assert decks.clue_value("capital", "MN") == "Saint Paul"
    assert decks.clue_value("statehood_rank", "GA") == "4"
    assert decks.clue_value("statehood_band", "GA") == "1-10"
    assert decks.clue_value("population_band", "ME") == "41-50"
    assert decks.clue_value("time_zone", "GA") == "Eastern"
    assert "red" in decks.clue_text("time_zone", "Eastern")
    assert decks.clue_value("statehood_year", "HI") == "1959"
    assert decks.clue_value("code_letter", "TX") == "T"
    assert "Saint Paul" not in decks.clue_values("top_city", "MN")  # never the capital
    assert decks.clue_matches("bird", "Northern Cardinal", "OH")
    assert not decks.clue_matches("bird", "Northern Cardinal", "TX")
    # a flag shows a token, not the postal code, and the screen can find the flag
    tok = decks.flag_token("TX")
    assert "TX" not in tok.upper() and decks.flag_of_token(tok) == "TX"
    assert len({decks.flag_token(s.code) for s in atlas.states()}) == 50


def test_telling_clues_narrow_more_than_broad_ones() -> None:
    """R-22: on average a Type C clue leaves fewer candidate states than a B clue, and a B
    clue fewer than an A clue (measured over the 50 states and every value)."""

    def mean_left(kind_type: str) -> float:
        sizes = []
        for k, kind in decks.CLUE_KINDS.items():
            if kind.type != kind_type:
                continue
            for s in atlas.states():
                for v in decks.clue_values(k, s.code):
                    sizes.append(sum(decks.clue_matches(k, v, o.code) for o in atlas.states()))
        return sum(sizes) / len(sizes)

    a, b, c = mean_left("A"), mean_left("B"), mean_left("C")
    assert a > b > c
    # a Type C clue names one state to a player who knows it, except two largest cities
    # that share a name (Portland: ME and OR; Charleston: SC and WV)
    assert c < 1.02


def test_clue_schema_check_refuses_faults() -> None:
    base = _raw("clue_deck.json")
    for mutate, message in [
        (lambda d: d.pop(), "45 cards"),
        (lambda d: d[0].update(options=["border"]), "Type B"),
        (lambda d: d[0].update(options=[]), "options"),
        (lambda d: d[0].update(options=["time_zone", "time_zone"]), "options"),
        (lambda d: d[0].update(options=["nope"]), "unknown clue kind"),
        (lambda d: d[30].update(options=["flag", "nickname"]), "one clue"),
        (lambda d: d[1].update(id="A01"), "id"),
        (lambda d: d.insert(0, d.pop()), "A01..A15"),
    ]:
        data = copy.deepcopy(base)
        mutate(data)
        with pytest.raises(decks.DeckError, match=message):
            decks.check_clue_deck(data)


# ------------------------------------------------------------------ Map deck


def test_map_deck_counts_and_ids() -> None:
    deck = decks.map_deck()
    assert len(deck) == 50
    assert [c.id for c in deck] == [f"M{i:02d}" for i in range(1, 51)]
    assert {c.state for c in deck} == {s.code for s in atlas.states()}
    for c in deck:
        assert c.fips == atlas.by_code()[c.state].fips
        assert decks.map_card(c.id) is c and decks.map_card_of(c.state) is c
    # the ids do not give the state away (not alphabetical by name or code)
    alphabetical = [s.code for s in atlas.states()]
    assert sum(c.state == a for c, a in zip(deck, alphabetical, strict=True)) < 5
    assert [c.state for c in deck] != sorted(c.state for c in deck)


def test_map_schema_check_refuses_faults() -> None:
    base = _raw("map_deck.json")
    for mutate, message in [
        (lambda d: d.pop(), "50 cards"),
        (lambda d: d[0].update(fips="99"), "fips"),
        (lambda d: d[0].update(state="XX"), "unknown state"),
        (lambda d: d[1].update(state=d[0]["state"], fips=d[0]["fips"]), "every state once"),
        (lambda d: d[0].update(id="M99"), "id"),
    ]:
        data = copy.deepcopy(base)
        mutate(data)
        with pytest.raises(decks.DeckError, match=message):
            decks.check_map_deck(data)


# ------------------------------------------------------------------ printable sheets

sheets_mod = pytest.importorskip("sitebuild.decks")
needs_geometry = pytest.mark.skipif(
    not (sheets_mod.NODE / "us-atlas" / "states-albers-10m.json").exists(),
    reason="node_modules/us-atlas is not installed",
)


@needs_geometry
def test_every_map_card_shows_its_state_in_red_by_geometry_id() -> None:
    """Each Map card draws all 50 states (Alaska and Hawaii too) with no labels, exactly
    one in red, and that shape's geometry id is the card's state's."""
    import xml.etree.ElementTree as ET

    for card in decks.map_deck():
        root = ET.fromstring(sheets_mod.map_card_svg(card))
        paths = [e for e in root.iter() if e.tag.endswith("path")]
        assert len(paths) == 50
        assert {p.get("data-fips") for p in paths} >= {"02", "15"}  # AK, HI
        red = [p for p in paths if "red" in (p.get("class") or "").split()]
        assert len(red) == 1 and red[0].get("data-fips") == card.fips
        assert atlas.by_code()[card.state].fips == red[0].get("data-fips")
        assert not [e for e in root.iter() if e.tag.endswith("text")]  # no labels


@needs_geometry
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_sheets_hold_nine_cards_a_page_with_backs(paper: str) -> None:
    import re

    out = sheets_mod.sheets(paper)
    size = {"letter": "8.5in 11in", "a4": "210mm 297mm"}[paper]
    for name, (_, cards) in sheets_mod.SHEETS.items():
        html = out[name]
        assert f"size: {size}" in html and "break-inside: avoid" in html
        if name == "answer-key":
            assert html.count('class="key"') == 2
            assert all(f">{s.code}</text>" in html for s in atlas.states())
            continue
        pages = re.findall(r'<section class="sheet (fronts|backs)">(.*?)</section>', html)
        assert len(pages) == 2 * -(-cards // 9)
        fronts = [p for kind, p in pages if kind == "fronts"]
        backs = [p for kind, p in pages if kind == "backs"]
        for p in fronts + backs:
            assert p.count('<div class="card') == 9  # blanks fill the last page
        assert sum(p.count('<div class="card blank"') for p in fronts) == 9 * len(fronts) - cards
        assert sum(p.count('class="card back"') for p in backs) == cards
    # the decks' contents
    assert all(f'data-card="{s.code}"' in out["geoplunge"] for s in atlas.states())
    assert all(f'data-map="{c.id}"' in out["map"] for c in decks.map_deck())
    assert all(f'data-power="{c.id}"' in out["power"] for c in decks.power_deck())
    assert all(f'data-clue="{c.id}"' in out["clue"] for c in decks.clue_deck())
    with pytest.raises(ValueError):
        sheets_mod.power_sheet("legal")


def test_backs_are_mirrored_for_double_sided_printing() -> None:
    html = sheets_mod._pages([f'<div class="card f{i}"></div>' for i in range(4)], "B")
    backs = html.split('<section class="sheet backs">')[1]
    # row 1 holds fronts 0, 1, 2 and row 2 front 3: backs go right to left on each row
    assert backs.startswith("BBB")
    assert backs.count("B") == 4
    row2 = backs[len("BBB") :]
    assert row2.startswith('<div class="card blank"></div><div class="card blank"></div>B')


def test_patos_clue_of_the_late_ratifiers_names_washington():
    """The State IQ clue for North Carolina and Rhode Island: not "None" (item 13)."""
    from datetime import date

    washington_took_office = date(1789, 4, 30)
    for code in ("NC", "RI"):
        s = atlas.by_code()[code]
        assert date.fromisoformat(s.statehood_date) > washington_took_office
        text = decks.clue_text("patos", decks.clue_value("patos", code))
        assert text == "President at time of statehood: George Washington", text
    assert decks.clue_value("patos", "VA") == "None"  # ratified 25 June 1788


# 2020 Census (P.L. 94-171) populations of New Jersey's largest municipalities: the five
# largest incorporated cities, and the townships (county subdivisions, not places) that
# are larger than Trenton. Written out here, independently of states.json.
NJ_CITIES_2020 = {"Newark": 311_549, "Jersey City": 292_449, "Paterson": 159_732,
                  "Elizabeth": 137_298, "Trenton": 90_871}  # fmt: skip
NJ_TOWNSHIPS_2020 = {"Lakewood": 135_158, "Edison": 107_588, "Woodbridge": 103_639,
                     "Toms River": 95_438, "Hamilton": 92_297}  # fmt: skip


def test_new_jersey_cities_are_incorporated_cities_and_say_so():
    """Play-test item 15 (R-222): New Jersey's list keeps the incorporated cities (Trenton,
    not the larger townships) and every text that shows the list says what it counts."""
    nj = atlas.by_code()["NJ"]
    assert {c.name: c.population for c in nj.top_cities} == NJ_CITIES_2020
    assert all(p > NJ_CITIES_2020["Trenton"] for p in NJ_TOWNSHIPS_2020.values())
    assert not set(NJ_TOWNSHIPS_2020) & {c.name for c in nj.top_cities}
    assert atlas.cities_noun("NJ") == "incorporated cities"
    assert decks.clue_text("top_city", "Trenton") == (
        "One of its five largest incorporated cities is Trenton"
    )
    assert decks.clue_text("top_city", "Hilo") == "One of its five largest census places is Hilo"
    from cardroom.web.kit.cards import card_html

    assert "Largest incorporated cities" in card_html(nj)
    assert "Largest census places" in card_html(atlas.by_code()["HI"])
    from cardroom.geoplunge import challenge

    for c in challenge.deck():
        for q in c.questions:
            if q.topic == "cities" and "largest" in q.text and "capital" not in q.text:
                assert "largest city in" in q.text or "incorporated" in q.text, q.text
