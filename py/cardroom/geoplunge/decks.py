"""The GeoPlunge decks besides the 50 state cards: Power, Clue and Map cards.

The physical decks' contents are not published, so cardroom designs its own from the
rules (``docs/decks.md`` says why each deck looks as it does). The data lives in
``data/power_deck.json``, ``data/clue_deck.json`` and ``data/map_deck.json`` and is
checked against a schema when first loaded (:class:`DeckError` on any fault).

* :func:`power_deck` -- 15 Power cards (:class:`PowerCard`): a base, a category, an
  A/B/C clue order, the Game 4 version, a GeoStar, 1-2 Chummy colour circles and a red or
  blue square (R-20, R-21).
* :func:`clue_deck` -- 45 Clue cards (:class:`ClueCard`), 15 each of Types A, B and C;
  every option is a fact printed on a GeoPlunge card (:func:`clue_value`) (R-22, R-23).
* :func:`map_deck` -- 50 Map cards (:class:`MapCard`): the US map with one state in
  red, under an id that does not name the state (R-24).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from .. import atlas

__all__ = [
    "BASES",
    "CATEGORIES",
    "CHUMMY_COLOURS",
    "CLUE_KINDS",
    "CLUE_TYPES",
    "GEOSTARS",
    "SQUARES",
    "VERSIONS",
    "ClueCard",
    "ClueKind",
    "DeckError",
    "MapCard",
    "PowerCard",
    "category_rank",
    "check_clue_deck",
    "check_map_deck",
    "check_power_deck",
    "clue_card",
    "clue_deck",
    "clue_matches",
    "clue_text",
    "clue_value",
    "clue_values",
    "flag_of_token",
    "flag_token",
    "geostar_label",
    "geostar_value",
    "map_card",
    "map_card_of",
    "map_deck",
    "power_card",
    "power_deck",
]

#: A Power card's left-corner base (Play the Ranks).
BASES: tuple[int, ...] = (1, 10, 20, 30, 50)
#: A Power card's category, also the three ranked fields of a GeoPlunge card.
CATEGORIES: tuple[str, ...] = ("size", "statehood", "population")
#: The Game 4 version printed at the bottom of a Power card.
VERSIONS: tuple[str, ...] = ("PTR1", "PTR2", "PTB")
#: What a Power card's Star Area may ask for (the L4 Play the Ranks "GeoStar").
GEOSTARS: tuple[str, ...] = (
    "name",
    "capital",
    "postal_code",
    "nickname",
    "top_city_2",
    "top_city_3",
    "flower",
    "bird",
)
#: The five colours of the Chummy Challenge questions and circles (R-21).
CHUMMY_COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow", "purple")
#: The Level 3 Chummy square.
SQUARES: tuple[str, ...] = ("red", "blue")
#: Clue card types.
CLUE_TYPES: tuple[str, ...] = ("A", "B", "C")


class DeckError(ValueError):
    """A deck's data file does not follow its schema."""


def _load(name: str) -> Any:
    raw = resources.files("cardroom").joinpath(f"data/{name}").read_text("utf-8")
    return json.loads(raw)


def _need(cond: bool, msg: str) -> None:
    if not cond:
        raise DeckError(msg)


def _keys(obj: Any, keys: set[str], what: str) -> None:
    _need(isinstance(obj, dict), f"{what}: not an object")
    _need(set(obj) == keys, f"{what}: keys {sorted(obj)} != {sorted(keys)}")


# ------------------------------------------------------------------ Power cards


@dataclass(frozen=True, slots=True)
class PowerCard:
    """One Power card, as printed."""

    id: str  # "P01".."P15"
    base: int  # left corner: 1, 10, 20, 30 or 50
    category: str  # size | statehood | population
    abc: str  # upper right: the clue order for State IQ, e.g. "BAC" (letters may repeat)
    version: str  # bottom: PTR1 | PTR2 | PTB (which Game 4 to play)
    geostar: str  # Star Area: one of GEOSTARS
    circles: tuple[str, ...]  # right centre: 1 or 2 of CHUMMY_COLOURS (Level 4 Chummy)
    square: str  # left centre: red | blue (Level 3 Chummy)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "base": self.base,
            "category": self.category,
            "abc": self.abc,
            "version": self.version,
            "geostar": self.geostar,
            "circles": list(self.circles),
            "square": self.square,
        }


_POWER_KEYS = {"id", "base", "category", "abc", "version", "geostar", "circles", "square"}


def _power(obj: Any, i: int) -> PowerCard:
    what = f"power card {i}"
    _keys(obj, _POWER_KEYS, what)
    _need(obj["id"] == f"P{i + 1:02d}", f"{what}: id {obj['id']!r} should be P{i + 1:02d}")
    _need(obj["base"] in BASES and type(obj["base"]) is int, f"{what}: bad base")
    _need(obj["category"] in CATEGORIES, f"{what}: bad category")
    abc = obj["abc"]
    _need(
        isinstance(abc, str) and len(abc) == 3 and set(abc) <= set(CLUE_TYPES),
        f"{what}: abc must be 3 letters of A, B, C",
    )
    _need(obj["version"] in VERSIONS, f"{what}: bad version")
    _need(obj["geostar"] in GEOSTARS, f"{what}: bad geostar")
    circles = obj["circles"]
    _need(
        isinstance(circles, list)
        and 1 <= len(circles) <= 2
        and all(c in CHUMMY_COLOURS for c in circles)
        and len(set(circles)) == len(circles),
        f"{what}: circles must be 1 or 2 different colours of {CHUMMY_COLOURS}",
    )
    _need(obj["square"] in SQUARES, f"{what}: square must be red or blue")
    return PowerCard(
        obj["id"],
        obj["base"],
        obj["category"],
        abc,
        obj["version"],
        obj["geostar"],
        tuple(circles),
        obj["square"],
    )


def check_power_deck(data: Any) -> tuple[PowerCard, ...]:
    """Validate the Power deck's JSON: the schema and the balance the rules need."""
    _need(isinstance(data, list) and len(data) == 15, "the Power deck has 15 cards")
    cards = tuple(_power(obj, i) for i, obj in enumerate(data))
    # Level 4 Play the Ranks turns cards "until three have different left corner
    # numbers": with at least three distinct bases this always ends (R-20).
    _need(len({c.base for c in cards}) >= 3, "the Power deck needs at least 3 distinct bases")
    return cards


@cache
def power_deck() -> tuple[PowerCard, ...]:
    """The 15 Power cards, P01..P15 (R-20, R-21)."""
    return check_power_deck(_load("power_deck.json"))


@cache
def _power_by_id() -> dict[str, PowerCard]:
    return {c.id: c for c in power_deck()}


def power_card(card_id: str) -> PowerCard:
    """A Power card by id ("P07"); KeyError if there is none."""
    try:
        return _power_by_id()[card_id]
    except (KeyError, TypeError):
        raise KeyError(f"no Power card {card_id!r}") from None


_GEOSTAR_LABELS = {
    "name": "State name",
    "capital": "Capital",
    "postal_code": "Postal code",
    "nickname": "Nickname",
    "top_city_2": "Top city #2",
    "top_city_3": "Top city #3",
    "flower": "Flower",
    "bird": "Bird",
}


def geostar_label(geostar: str) -> str:
    """What a Star Area prints ("Top city #2")."""
    return _GEOSTAR_LABELS[geostar]


def geostar_value(geostar: str, code: str) -> str:
    """The GeoStar a lead team announces for state ``code`` (L4 Play the Ranks, Step 8).
    A "specific top city" is the city at that place in the card's list of five."""
    s = atlas.by_code()[code]
    if geostar == "name":
        return s.name
    if geostar == "capital":
        return s.capital
    if geostar == "postal_code":
        return s.code
    if geostar == "nickname":
        return s.nickname
    if geostar in ("top_city_2", "top_city_3"):
        return s.top_cities[int(geostar[-1]) - 1].name
    if geostar == "flower":
        return s.flower
    if geostar == "bird":
        return s.bird
    raise KeyError(f"no GeoStar {geostar!r}")


def category_rank(category: str, code: str) -> int:
    """A state's rank (1..50) in a Power card category."""
    s = atlas.by_code()[code]
    if category == "size":
        return s.area_rank
    if category == "statehood":
        return s.statehood_rank
    if category == "population":
        return s.population_rank
    raise KeyError(f"no category {category!r}")


# ------------------------------------------------------------------ Clue cards


def _band(rank: int) -> str:
    lo = (rank - 1) // 10 * 10 + 1
    return f"{lo}-{lo + 9}"


def _flag_token(code: str) -> str:
    # A flag is shown by itself through the cut-out card: the view carries an opaque
    # token (not the postal code) that the screen turns into the flag picture.
    return "flag-" + hashlib.sha256(f"cardroom flag {code}".encode()).hexdigest()[:10]


def flag_token(code: str) -> str:
    """The opaque token a flag clue shows for state ``code`` (R-23)."""
    return _flag_token(code)


@cache
def flag_of_token(token: str) -> str:
    """The postal code whose flag a token shows (the screen's look-up); KeyError if none."""
    for s in atlas.states():
        if _flag_token(s.code) == token:
            return s.code
    raise KeyError(f"no flag {token!r}")


@dataclass(frozen=True, slots=True)
class ClueKind:
    """One kind of clue: which card field it reads and how it is worded.

    ``values(state)`` lists what the clue can say about a state: one value for most
    kinds, several where the clue-giving team picks one (a border state, a top city).
    """

    id: str
    type: str  # the Clue card type it is printed on: A, B or C
    label: str  # the option as printed on a Clue card
    field: str  # the GeoPlunge card field it comes from

    def values(self, code: str) -> tuple[str, ...]:
        return _VALUES[self.id](atlas.by_code()[code])

    def text(self, value: str) -> str:
        if self.id == "border" and value == "none":
            return "It borders no other state"
        if self.id == "top_city":
            noun = atlas.cities_noun("HI" if value in _hawaii_places() else "")
            return f"One of its five largest {noun} is {value}"
        if self.id == "time_zone":
            colour = atlas.TIME_ZONE_COLOURS.get(value, "?")
            return f"Its card's top border is {colour} ({value} Time Zone)"
        return _TEXT[self.id].format(value=value)


def _hawaii_places() -> frozenset[str]:
    return frozenset(c.name for c in atlas.by_code()["HI"].top_cities)


def _non_capital_cities(s: atlas.StateFacts) -> tuple[str, ...]:
    return tuple(c.name for c in s.top_cities if not c.capital and c.name != s.capital)


_VALUES: dict[str, Any] = {
    "time_zone": lambda s: (s.time_zones[0],),
    "code_letter": lambda s: (s.code[0],),
    "capital_letter": lambda s: (s.capital[0],),
    "border_count": lambda s: (str(len(s.borders)),),
    "statehood_band": lambda s: (_band(s.statehood_rank),),
    "population_band": lambda s: (_band(s.population_rank),),
    "size_band": lambda s: (_band(s.area_rank),),
    "electoral_votes": lambda s: (str(s.electoral_votes),),
    "border": lambda s: tuple(atlas.by_code()[b].name for b in s.borders) or ("none",),
    "flower": lambda s: (s.flower,),
    "bird": lambda s: (s.bird,),
    "top_city": _non_capital_cities,
    "statehood_year": lambda s: (s.statehood_date[:4],),
    "patos": lambda s: (s.patos,),
    "flag": lambda s: (_flag_token(s.code),),
    "nickname": lambda s: (s.nickname,),
    "capital": lambda s: (s.capital,),
    "largest_city": lambda s: (s.top_cities[0].name,),
    "statehood_rank": lambda s: (str(s.statehood_rank),),
    "population_rank": lambda s: (str(s.population_rank),),
    "size_rank": lambda s: (str(s.area_rank),),
}

_TEXT: dict[str, str] = {
    "time_zone": "Its card's top border shows the {value} Time Zone",
    "code_letter": "Its postal code starts with {value}",
    "capital_letter": "Its capital starts with {value}",
    "border_count": "It has {value} border states",
    "statehood_band": "Its statehood rank is {value}",
    "population_band": "Its population rank is {value}",
    "size_band": "Its size rank is {value}",
    "electoral_votes": "It has {value} electoral votes",
    "border": "One of its border states is {value}",
    "flower": "Its state flower is the {value}",
    "bird": "Its state bird is the {value}",
    "top_city": "One of its five largest incorporated cities is {value}",
    "statehood_year": "It became a state in {value}",
    "patos": "President at time of statehood: {value}",
    "flag": "Its flag (through the cut-out card)",
    "nickname": "Its nickname is {value}",
    "capital": "Its capital is {value}",
    "largest_city": "Its largest city is {value}",
    "statehood_rank": "Its statehood rank is {value}",
    "population_rank": "Its population rank is {value}",
    "size_rank": "Its size rank is {value}",
}

#: Every kind of clue, by id (R-22, R-23).
CLUE_KINDS: dict[str, ClueKind] = {
    k.id: k
    for k in (
        ClueKind("time_zone", "A", "Time zone", "time_zones"),
        ClueKind("code_letter", "A", "First letter of the postal code", "code"),
        ClueKind("capital_letter", "A", "First letter of the capital", "capital"),
        ClueKind("border_count", "A", "Number of border states", "borders"),
        ClueKind("statehood_band", "A", "Statehood rank, to the ten", "statehood_rank"),
        ClueKind("population_band", "A", "Population rank, to the ten", "population_rank"),
        ClueKind("size_band", "A", "Size rank, to the ten", "area_rank"),
        ClueKind("electoral_votes", "A", "Electoral votes", "electoral_votes"),
        ClueKind("border", "B", "A border state", "borders"),
        ClueKind("flower", "B", "State flower", "flower"),
        ClueKind("bird", "B", "State bird", "bird"),
        ClueKind("top_city", "B", "A top city (not the capital)", "top_cities"),
        ClueKind("statehood_year", "B", "Year of statehood", "statehood_date"),
        ClueKind("patos", "B", "President at time of statehood", "patos"),
        ClueKind("flag", "C", "Flag", "flag"),
        ClueKind("nickname", "C", "Nickname", "nickname"),
        ClueKind("capital", "C", "Capital", "capital"),
        ClueKind("largest_city", "C", "Largest city", "top_cities"),
        ClueKind("statehood_rank", "C", "Statehood rank", "statehood_rank"),
        ClueKind("population_rank", "C", "Population rank", "population_rank"),
        ClueKind("size_rank", "C", "Size rank", "area_rank"),
    )
}


@dataclass(frozen=True, slots=True)
class ClueCard:
    """One Clue card: its type and the options the clue-giving team chooses from."""

    id: str  # "A01".."C15"
    type: str  # A | B | C
    options: tuple[str, ...]  # CLUE_KINDS ids, 1-3

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "type": self.type, "options": list(self.options)}


def _clue(obj: Any, i: int) -> ClueCard:
    what = f"clue card {i}"
    _keys(obj, {"id", "type", "options"}, what)
    t = obj["type"]
    _need(t in CLUE_TYPES, f"{what}: bad type")
    n = i % 15 + 1
    _need(obj["id"] == f"{t}{n:02d}", f"{what}: id {obj['id']!r} should be {t}{n:02d}")
    opts = obj["options"]
    _need(
        isinstance(opts, list) and 1 <= len(opts) <= 3 and len(set(opts)) == len(opts),
        f"{what}: options must be 1 to 3 different clue kinds",
    )
    for o in opts:
        _need(o in CLUE_KINDS, f"{what}: unknown clue kind {o!r}")
        _need(CLUE_KINDS[o].type == t, f"{what}: {o!r} is a Type {CLUE_KINDS[o].type} clue")
    _need(t != "C" or len(opts) == 1, f"{what}: a Type C card has one clue (R-22)")
    return ClueCard(obj["id"], t, tuple(opts))


def check_clue_deck(data: Any) -> tuple[ClueCard, ...]:
    """Validate the Clue deck's JSON: 45 cards, A01..A15, B01..B15, C01..C15."""
    _need(isinstance(data, list) and len(data) == 45, "the Clue deck has 45 cards")
    for i, obj in enumerate(data):
        _need(
            isinstance(obj, dict) and obj.get("type") == CLUE_TYPES[i // 15],
            f"clue card {i}: cards go A01..A15, B01..B15, C01..C15",
        )
    return tuple(_clue(obj, i) for i, obj in enumerate(data))


@cache
def clue_deck() -> tuple[ClueCard, ...]:
    """The 45 Clue cards: A01..A15, B01..B15, C01..C15 (R-22)."""
    return check_clue_deck(_load("clue_deck.json"))


@cache
def _clue_by_id() -> dict[str, ClueCard]:
    return {c.id: c for c in clue_deck()}


def clue_card(card_id: str) -> ClueCard:
    """A Clue card by id ("B07"); KeyError if there is none."""
    try:
        return _clue_by_id()[card_id]
    except (KeyError, TypeError):
        raise KeyError(f"no Clue card {card_id!r}") from None


def clue_values(kind: str, code: str) -> tuple[str, ...]:
    """What a clue of ``kind`` can say about state ``code`` (the giver picks one)."""
    return CLUE_KINDS[kind].values(code)


def clue_value(kind: str, code: str) -> str:
    """The first (for most kinds the only) value of a clue about ``code``."""
    return clue_values(kind, code)[0]


def clue_matches(kind: str, value: str, code: str) -> bool:
    """Is the clue ``kind = value`` true of state ``code``?"""
    return value in clue_values(kind, code)


def clue_text(kind: str, value: str) -> str:
    """The clue as a sentence ("One of its border states is Ohio")."""
    return CLUE_KINDS[kind].text(value)


# ------------------------------------------------------------------ Map cards


@dataclass(frozen=True, slots=True)
class MapCard:
    """One Map card: the US map with one state in red. The id does not name the state
    (naming it is the game); ``fips`` is the red shape's id in the map geometry."""

    id: str  # "M01".."M50"
    state: str  # postal code of the red state
    fips: str

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "state": self.state, "fips": self.fips}


def check_map_deck(data: Any) -> tuple[MapCard, ...]:
    """Validate the Map deck's JSON: 50 cards M01..M50, each state once, fips right."""
    _need(isinstance(data, list) and len(data) == 50, "the Map deck has 50 cards")
    cards = []
    for i, obj in enumerate(data):
        what = f"map card {i}"
        _keys(obj, {"id", "state", "fips"}, what)
        _need(obj["id"] == f"M{i + 1:02d}", f"{what}: id should be M{i + 1:02d}")
        s = atlas.by_code().get(obj["state"])
        if s is None:
            raise DeckError(f"{what}: unknown state {obj['state']!r}")
        _need(obj["fips"] == s.fips, f"{what}: fips {obj['fips']!r} is not {s.code}'s")
        cards.append(MapCard(obj["id"], obj["state"], obj["fips"]))
    _need(len({c.state for c in cards}) == 50, "the Map deck shows every state once")
    return tuple(cards)


@cache
def map_deck() -> tuple[MapCard, ...]:
    """The 50 Map cards, M01..M50 (R-24)."""
    return check_map_deck(_load("map_deck.json"))


@cache
def _map_by_id() -> dict[str, MapCard]:
    return {c.id: c for c in map_deck()}


@cache
def _map_by_state() -> dict[str, MapCard]:
    return {c.state: c for c in map_deck()}


def map_card(card_id: str) -> MapCard:
    """A Map card by id ("M17"); KeyError if there is none."""
    try:
        return _map_by_id()[card_id]
    except (KeyError, TypeError):
        raise KeyError(f"no Map card {card_id!r}") from None


def map_card_of(code: str) -> MapCard:
    """The Map card whose red state is ``code``."""
    return _map_by_state()[code]


def pinned(pin: Any, key: str, size: int, known: tuple[str, ...]) -> dict[int, str]:
    """A game's ``pin`` option for one pile (its ``key``): [position, card] pairs, read into
    {position: card} for :meth:`cardroom.core.Rng.shuffle_pinned`. ValueError names what is
    wrong: a pair that is not one, a position outside ``size``, a card not in ``known``."""
    out: dict[int, str] = {}
    for item in pin.get(key, ()):
        if not isinstance(item, (list, tuple)) or len(item) != 2:
            raise ValueError(f"pin {key} holds [position, card] pairs")
        pos, card = item
        if isinstance(pos, bool) or not isinstance(pos, int) or not 0 <= pos < size:
            raise ValueError(f"pin {key}: bad position {pos!r}")
        if card not in known:
            raise ValueError(f"pin {key}: unknown card {card!r}")
        out[pos] = card
    return out
