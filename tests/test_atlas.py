"""The 50-state atlas, checked against sources independent of ``states.json``.

- identity, capitals, FIPS codes, statehood years and time zones: the ``us`` package;
- borders: adjacency recomputed here from the Census geometry shipped by us-atlas;
- populations and electoral votes: national totals published by the Census Bureau;
- PATOS: a table of presidential terms written out below.

Only checks that tie fields of one record together (ranks, capital flags) use the
data itself, and each of those compares two different fields.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from datetime import date
from itertools import combinations
from pathlib import Path

import pytest
import us

from cardroom import atlas

ROOT = Path(__file__).resolve().parent.parent
TOPOLOGY = ROOT / "node_modules" / "us-atlas" / "states-albers-10m.json"

STATES = atlas.states()
BY_CODE = atlas.by_code()
US = {s.abbr: s for s in us.STATES}

ZONES = {"Eastern", "Central", "Mountain", "Pacific", "Alaska", "Hawaii"}
ORIGINAL_13 = {"DE", "PA", "NJ", "GA", "CT", "MA", "MD", "SC", "NH", "VA", "NY", "NC", "RI"}

# The keys `cardroom atlas --json` prints, exactly as issue 2 lists them
# (`fips`, the join key to the map geometry, stays an attribute only).
ISSUE_KEYS = {
    "code", "name", "capital", "nickname", "statehood_date", "statehood_rank", "patos",
    "population_2020", "population_2010", "population_rank", "area_sq_mi", "area_rank",
    "water_pct", "top_cities", "borders", "time_zones", "electoral_votes", "bird", "flower",
}  # fmt: skip
CLI_KEYS = ISSUE_KEYS

# Census Bureau national totals (resident population, 50 states + DC).
US_RESIDENT_2020 = 331_449_281
DC_2020 = 689_545
US_RESIDENT_2010 = 308_745_538
DC_2010 = 601_723


def by_state():
    return pytest.mark.parametrize("s", STATES, ids=[s.code for s in STATES])


# ---------------------------------------------------------------- identity vs `us`


def test_the_fifty_states_exactly():
    assert len(STATES) == 50
    assert set(BY_CODE) == set(US)
    assert "DC" not in BY_CODE
    assert [s.name for s in STATES] == sorted(s.name for s in STATES)


@by_state()
def test_identity_capital_and_statehood_year_match_us_package(s):
    ref = US[s.code]
    assert s.name == ref.name
    assert s.fips == ref.fips
    assert s.capital == ref.capital
    assert int(s.statehood_date[:4]) == ref.statehood_year


def test_loader_lookup_and_json():
    assert atlas.lookup("tx") is BY_CODE["TX"]
    assert atlas.lookup("  new   YORK ") is BY_CODE["NY"]
    with pytest.raises(KeyError):
        atlas.lookup("DC")
    records = atlas.to_json()
    assert len(records) == 50
    assert json.loads(json.dumps(records)) == records
    assert BY_CODE["TX"].colour == "green" and BY_CODE["HI"].colour == "orange"


# ---------------------------------------------------------------- borders vs geometry


def _arc_ids(arcs) -> set[int]:
    if isinstance(arcs, int):
        return {arcs if arcs >= 0 else ~arcs}
    return set().union(*(_arc_ids(a) for a in arcs)) if arcs else set()


def _vertices(arc) -> set[tuple[int, int]]:
    x = y = 0
    out = set()
    for dx, dy in arc:  # quantized, delta-encoded positions
        x += dx
        y += dy
        out.add((x, y))
    return out


@pytest.fixture(scope="module")
def census_adjacency() -> tuple[set[frozenset[str]], set[frozenset[str]]]:
    """(pairs sharing a boundary arc, pairs sharing only a vertex) among the 50 states."""
    if not TOPOLOGY.exists():
        pytest.skip(f"{TOPOLOGY.relative_to(ROOT)} is missing: run `npm ci` first")
    topo = json.loads(TOPOLOGY.read_text("utf-8"))
    assert "scale" in topo["transform"], "expected a quantized topology"
    code_of = {s.fips: s.abbr for s in us.STATES}
    geoms = topo["objects"]["states"]["geometries"]
    assert {g["id"] for g in geoms} == set(code_of) | {"11"}  # the states and DC
    arcs = {code_of[g["id"]]: _arc_ids(g["arcs"]) for g in geoms if g["id"] in code_of}
    points = {c: set().union(*(_vertices(topo["arcs"][i]) for i in ids)) for c, ids in arcs.items()}
    shared_arc, shared_vertex = set(), set()
    for a, b in combinations(arcs, 2):
        if arcs[a] & arcs[b]:
            shared_arc.add(frozenset((a, b)))
        elif points[a] & points[b]:
            shared_vertex.add(frozenset((a, b)))
    return shared_arc, shared_vertex


def _pairs(graph: dict[str, frozenset[str]]) -> set[frozenset[str]]:
    return {frozenset((a, b)) for a, ns in graph.items() for b in ns}


def test_borders_equal_census_geometry_plus_four_corners(census_adjacency):
    shared_arc, shared_vertex = census_adjacency
    assert len(shared_arc) == 105
    assert shared_vertex == {frozenset(("AZ", "CO")), frozenset(("NM", "UT"))}
    data = _pairs(atlas.borders())
    assert data - (shared_arc | shared_vertex) == set(), "borders not in the geometry"
    assert (shared_arc | shared_vertex) - data == set(), "geometry borders missing"
    assert len(data) == 107


def test_borders_symmetric_sorted_and_known_cases():
    graph = atlas.borders()
    for s in STATES:
        assert list(s.borders) == sorted(set(s.borders)), s.code
        assert s.code not in s.borders
        for n in s.borders:
            assert s.code in graph[n], f"{s.code}-{n} is one-sided"
    assert graph["AK"] == graph["HI"] == frozenset()
    assert graph["ME"] == {"NH"}
    assert len(graph["TN"]) == len(graph["MO"]) == 8
    # water-only neighbours are not borders
    for a, b in [("MI", "MN"), ("MI", "IL"), ("NY", "RI")]:
        assert b not in graph[a]
    assert {"CO", "NM"} <= graph["AZ"] and {"AZ", "UT"} <= graph["NM"]


# ---------------------------------------------------------------- Census totals


def test_electoral_votes_2024_apportionment():
    assert sum(s.electoral_votes for s in STATES) == 535
    assert sum(s.electoral_votes for s in STATES) + 3 == 538  # with DC's three
    assert all(s.electoral_votes >= 3 for s in STATES)  # one House seat + two senators
    top = sorted(STATES, key=lambda s: -s.electoral_votes)[:4]
    assert [(s.code, s.electoral_votes) for s in top] == [
        ("CA", 54),
        ("TX", 40),
        ("FL", 30),
        ("NY", 28),
    ]


def test_population_totals_match_census():
    assert sum(s.population_2020 for s in STATES) + DC_2020 == US_RESIDENT_2020
    assert sum(s.population_2010 for s in STATES) + DC_2010 == US_RESIDENT_2010


def test_area_and_water():
    for s in STATES:
        assert isinstance(s.area_sq_mi, int) and s.area_sq_mi > 0
        assert 0 < s.water_pct < 100 and round(s.water_pct, 1) == s.water_pct
    # Census 2010: the United States (50 states + DC's 68 sq mi) covers 3,796,742 sq mi;
    # each state's figure is rounded to a whole square mile
    assert abs(sum(s.area_sq_mi for s in STATES) + 68 - 3_796_742) <= 25
    assert max(STATES, key=lambda s: s.water_pct).code == "MI"
    assert min(STATES, key=lambda s: s.water_pct).code == "NM"


# ---------------------------------------------------------------- ranks vs values


def _check_rank(rank_of, value_of, *, descending: bool) -> None:
    assert sorted(rank_of(s) for s in STATES) == list(range(1, 51))
    ordered = sorted(STATES, key=rank_of)
    values = [value_of(s) for s in ordered]
    assert values == sorted(values, reverse=descending)


def test_population_rank_follows_population_2020():
    _check_rank(lambda s: s.population_rank, lambda s: s.population_2020, descending=True)
    assert BY_CODE["CA"].population_rank == 1 and BY_CODE["WY"].population_rank == 50


def test_area_rank_follows_area():
    _check_rank(lambda s: s.area_rank, lambda s: s.area_sq_mi, descending=True)
    assert BY_CODE["AK"].area_rank == 1 and BY_CODE["RI"].area_rank == 50


def test_statehood_rank_follows_statehood_date():
    _check_rank(lambda s: s.statehood_rank, lambda s: s.statehood_date, descending=False)
    assert BY_CODE["DE"].statehood_rank == 1 and BY_CODE["HI"].statehood_rank == 50
    assert {s.code for s in STATES if s.statehood_rank <= 13} == ORIGINAL_13


# ---------------------------------------------------------------- statehood and PATOS

# (president, first day in office, day the successor took office)
PRESIDENTS = [
    ("George Washington", "1789-04-30", "1797-03-04"),
    ("John Adams", "1797-03-04", "1801-03-04"),
    ("Thomas Jefferson", "1801-03-04", "1809-03-04"),
    ("James Madison", "1809-03-04", "1817-03-04"),
    ("James Monroe", "1817-03-04", "1825-03-04"),
    ("John Quincy Adams", "1825-03-04", "1829-03-04"),
    ("Andrew Jackson", "1829-03-04", "1837-03-04"),
    ("Martin Van Buren", "1837-03-04", "1841-03-04"),
    ("William Henry Harrison", "1841-03-04", "1841-04-04"),
    ("John Tyler", "1841-04-04", "1845-03-04"),
    ("James K. Polk", "1845-03-04", "1849-03-04"),
    ("Zachary Taylor", "1849-03-04", "1850-07-09"),
    ("Millard Fillmore", "1850-07-09", "1853-03-04"),
    ("Franklin Pierce", "1853-03-04", "1857-03-04"),
    ("James Buchanan", "1857-03-04", "1861-03-04"),
    ("Abraham Lincoln", "1861-03-04", "1865-04-15"),
    ("Andrew Johnson", "1865-04-15", "1869-03-04"),
    ("Ulysses S. Grant", "1869-03-04", "1877-03-04"),
    ("Rutherford B. Hayes", "1877-03-04", "1881-03-04"),
    ("James A. Garfield", "1881-03-04", "1881-09-19"),
    ("Chester A. Arthur", "1881-09-19", "1885-03-04"),
    ("Grover Cleveland", "1885-03-04", "1889-03-04"),
    ("Benjamin Harrison", "1889-03-04", "1893-03-04"),
    ("Grover Cleveland", "1893-03-04", "1897-03-04"),
    ("William McKinley", "1897-03-04", "1901-09-14"),
    ("Theodore Roosevelt", "1901-09-14", "1909-03-04"),
    ("William Howard Taft", "1909-03-04", "1913-03-04"),
    ("Woodrow Wilson", "1913-03-04", "1921-03-04"),
    ("Warren G. Harding", "1921-03-04", "1923-08-02"),
    ("Calvin Coolidge", "1923-08-02", "1929-03-04"),
    ("Herbert Hoover", "1929-03-04", "1933-03-04"),
    ("Franklin D. Roosevelt", "1933-03-04", "1945-04-12"),
    ("Harry S. Truman", "1945-04-12", "1953-01-20"),
    ("Dwight D. Eisenhower", "1953-01-20", "1961-01-20"),
]


def president_on(day: date) -> str | None:
    for name, start, end in PRESIDENTS:
        if date.fromisoformat(start) <= day < date.fromisoformat(end):
            return name
    return None


@by_state()
def test_statehood_date_and_patos(s):
    day = date.fromisoformat(s.statehood_date)
    assert day.isoformat() == s.statehood_date
    if s.code in ORIGINAL_13:
        assert day < date(1790, 6, 1)  # ratified the Constitution
    # "None" only for the eleven states that ratified before Washington took office
    # (30 April 1789); North Carolina (21 November 1789) and Rhode Island (29 May 1790)
    # ratified under him.
    assert s.patos == (president_on(day) or "None"), f"{s.code} admitted {day}"


def test_patos_of_the_late_ratifiers_is_washington():
    assert BY_CODE["NC"].statehood_date == "1789-11-21"
    assert BY_CODE["RI"].statehood_date == "1790-05-29"
    assert BY_CODE["NC"].patos == BY_CODE["RI"].patos == "George Washington"
    assert sum(s.patos == "None" for s in STATES) == 11


def test_presidents_table_is_contiguous():
    for (_, _, end), (_, start, _) in zip(PRESIDENTS, PRESIDENTS[1:], strict=False):
        assert end == start


# ---------------------------------------------------------------- cities


@by_state()
def test_top_cities(s):
    cities = s.top_cities
    assert len(cities) == 5
    assert len({c.name for c in cities}) == 5
    pops = [c.population for c in cities]
    assert pops == sorted(pops, reverse=True) and len(set(pops)) == 5
    assert sum(pops) < s.population_2020
    for c in cities:
        assert c.capital == (c.name == s.capital), c.name
        assert c.population > 0 and c.name == c.name.strip()


def test_capital_flags_where_capitals_are_large():
    flagged = {s.code for s in STATES if any(c.capital for c in s.top_cities)}
    # capitals that are the largest city of their state are always flagged
    for s in STATES:
        if s.top_cities[0].name == s.capital:
            assert s.code in flagged
    assert {"AZ", "MA", "GA", "CO", "HI", "TX", "MN", "WY"} <= flagged
    assert not {"CA", "NY", "IL", "PA", "FL", "NV", "WA"} & flagged


# ---------------------------------------------------------------- time zones vs `us`

# IANA zone -> card zone; every zone the `us` package lists for a state.
IANA = {
    "America/New_York": "Eastern",
    "America/Detroit": "Eastern",
    "America/Indiana/Indianapolis": "Eastern",
    "America/Indianapolis": "Eastern",
    "America/Indiana/Winamac": "Eastern",
    "America/Indiana/Vincennes": "Eastern",
    "America/Indiana/Vevay": "Eastern",
    "America/Indiana/Petersburg": "Eastern",
    "America/Indiana/Marengo": "Eastern",
    "America/Kentucky/Louisville": "Eastern",
    "America/Kentucky/Monticello": "Eastern",
    "America/Chicago": "Central",
    "America/Indiana/Knox": "Central",
    "America/Knox_IN": "Central",
    "America/Indiana/Tell_City": "Central",
    "America/Menominee": "Central",
    "America/North_Dakota/Beulah": "Central",
    "America/North_Dakota/Center": "Central",
    "America/North_Dakota/New_Salem": "Central",
    "America/Denver": "Mountain",
    "America/Boise": "Mountain",
    "America/Phoenix": "Mountain",
    "America/Los_Angeles": "Pacific",
    "America/Anchorage": "Alaska",
    "America/Juneau": "Alaska",
    "America/Adak": "Hawaii",
    "Pacific/Honolulu": "Hawaii",
}


@by_state()
def test_time_zones_match_us_package(s):
    zones = s.time_zones
    assert 1 <= len(zones) <= 2 and len(set(zones)) == len(zones)
    assert set(zones) <= ZONES
    ref = US[s.code]
    assert set(zones) == {IANA[z] for z in ref.time_zones}
    # the primary zone (the card's colour) is the capital's
    assert zones[0] == IANA[ref.capital_tz]


def test_known_time_zone_splits():
    split = {s.code for s in STATES if len(s.time_zones) == 2}
    assert split == {
        "AK", "FL", "ID", "IN", "KS", "KY", "MI", "NE", "ND", "NV", "OR", "SD", "TN", "TX",
    }  # fmt: skip
    assert BY_CODE["AZ"].time_zones == ("Mountain",)
    assert BY_CODE["AK"].time_zones == ("Alaska", "Hawaii")


# ---------------------------------------------------------------- symbols


@by_state()
def test_text_fields(s):
    for text in (s.nickname, s.bird, s.flower, s.capital, s.name):
        assert text and text == " ".join(text.split())
    assert s.fips.isdigit() and len(s.fips) == 2


def test_a_few_symbols():
    assert BY_CODE["TX"].nickname == "The Lone Star State"
    assert BY_CODE["TX"].flower == "Bluebonnet"
    assert BY_CODE["HI"].bird == "Nene"
    assert sum(s.bird == "Northern Cardinal" for s in STATES) == 7
    assert sum(s.bird == "Western Meadowlark" for s in STATES) == 6


# ---------------------------------------------------------------- the CLI


def test_cli_atlas_json():
    out = subprocess.run(
        [sys.executable, "-m", "cardroom", "atlas", "--json"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    records = json.loads(out)
    assert isinstance(records, list) and len(records) == 50
    for r in records:
        assert set(r) == CLI_KEYS, r.get("code")
        assert {"name", "population", "capital"} == set(r["top_cities"][0])
        assert isinstance(r["borders"], list) and isinstance(r["time_zones"], list)
    assert {r["code"] for r in records} == set(US)
    tx = next(r for r in records if r["code"] == "TX")
    assert tx == BY_CODE["TX"].to_json()
    assert not math.isnan(tx["water_pct"])


def test_other_names_of_birds_and_flowers():
    """``bird_also``/``flower_also``: other names for the same species, never a state or
    capital, never the printed name again, and not printed by `cardroom atlas --json`."""
    places = {n.casefold() for s in STATES for n in (s.name, s.capital)}
    for s in STATES:
        for printed, also in ((s.bird, s.bird_also), (s.flower, s.flower_also)):
            folded = [a.casefold() for a in also]
            assert len(set(folded)) == len(folded), s.code
            assert printed.casefold() not in folded, s.code
            assert not places & set(folded), s.code
    assert "American Goldfinch" in BY_CODE["IA"].bird_also
    assert "Trailing Arbutus" in BY_CODE["MA"].flower_also
