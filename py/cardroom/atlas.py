"""The 50-state atlas: every field a GeoPlunge card prints.

The data lives in ``data/states.json`` (sources and licences in ``docs/data.md``) and
is loaded once, lazily, with the standard library only, so it costs nothing on the
browser's start path until a screen asks for it.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from functools import cache
from importlib import resources
from typing import Any

__all__ = [
    "TIME_ZONE_COLOURS",
    "City",
    "StateFacts",
    "borders",
    "by_code",
    "lookup",
    "states",
    "to_json",
]

#: The colour of a card's top border per time zone, as the GeoPlunge cards print them.
TIME_ZONE_COLOURS: dict[str, str] = {
    "Eastern": "red",
    "Central": "green",
    "Mountain": "blue",
    "Pacific": "purple",
    "Alaska": "brown",
    "Hawaii": "orange",
}


@dataclass(frozen=True, slots=True)
class City:
    name: str
    population: int  # 2020 Census
    capital: bool


@dataclass(frozen=True, slots=True)
class StateFacts:
    code: str  # postal code, "TX"
    name: str
    capital: str
    nickname: str
    statehood_date: str  # ISO date; for the original 13, the date of ratifying the Constitution
    statehood_rank: int  # 1..50
    patos: str  # President At Time Of Statehood; "None" if ratified before 1789-04-30
    population_2020: int
    population_2010: int
    population_rank: int  # by 2020 Census, 1 = most populous
    area_sq_mi: int  # total area (land + water)
    area_rank: int  # 1 = largest
    water_pct: float  # share of total area that is water, in percent
    top_cities: tuple[City, ...]  # five largest by 2020 Census, largest first
    borders: tuple[str, ...]  # postal codes, sorted; land borders + Four Corners diagonals
    time_zones: tuple[
        str, ...
    ]  # primary first: Eastern, Central, Mountain, Pacific, Alaska, Hawaii
    electoral_votes: int  # 2024 apportionment
    bird: str
    flower: str
    fips: str  # two-digit Census code, as in the map geometry
    # Other names a reference book gives the same bird or flower ("American Goldfinch" for
    # Iowa's "Eastern Goldfinch"): typed answers accept them; cards print ``bird``/``flower``.
    bird_also: tuple[str, ...] = ()
    flower_also: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        del out["fips"]  # an internal key (the map geometry's id), not a card field
        del out["bird_also"], out["flower_also"]  # answer-checking aids, not card fields
        out["top_cities"] = [asdict(c) for c in self.top_cities]
        out["borders"] = list(self.borders)
        out["time_zones"] = list(self.time_zones)
        return out

    @property
    def colour(self) -> str:
        """The card's border colour (its primary time zone)."""
        return TIME_ZONE_COLOURS[self.time_zones[0]]


def _record(obj: dict[str, Any]) -> StateFacts:
    fields = dict(obj)
    fields["top_cities"] = tuple(City(**c) for c in fields["top_cities"])
    fields["borders"] = tuple(fields["borders"])
    fields["time_zones"] = tuple(fields["time_zones"])
    for key in ("bird_also", "flower_also"):
        fields[key] = tuple(fields.get(key, ()))
    return StateFacts(**fields)


@cache
def states() -> tuple[StateFacts, ...]:
    """The 50 states, alphabetical by name."""
    raw = resources.files("cardroom").joinpath("data/states.json").read_text("utf-8")
    records = tuple(_record(r) for r in json.loads(raw))
    return tuple(sorted(records, key=lambda s: s.name))


@cache
def by_code() -> dict[str, StateFacts]:
    return {s.code: s for s in states()}


@cache
def borders() -> dict[str, frozenset[str]]:
    """The border graph as the cards print it: postal code -> neighbours' codes."""
    return {s.code: frozenset(s.borders) for s in states()}


def cities_noun(code: str, *, one: bool = False) -> str:
    """What a state's ``top_cities`` are, in the words every screen uses (R-222):
    "incorporated cities" (municipalities: townships, New England and New York towns and
    unincorporated communities are not counted), for Hawaii "census places" (it has no
    incorporated places in Census geography)."""
    if code == "HI":
        return "census place" if one else "census places"
    return "incorporated city" if one else "incorporated cities"


def lookup(token: str) -> StateFacts:
    """A state by postal code or name, case-insensitive ("tx", "Texas", "new york")."""
    key = " ".join(token.split()).casefold()
    for s in states():
        if key in (s.code.casefold(), s.name.casefold()):
            return s
    raise KeyError(f"no state called {token!r}")


def to_json() -> list[dict[str, Any]]:
    """The 50 records as ``cardroom atlas --json`` prints them."""
    return [s.to_json() for s in states()]
