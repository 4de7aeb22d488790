"""Write ``py/cardroom/data/challenge.json``: the 63-card Challenge deck (315 questions).

Deterministic: the same atlas gives the same file, byte for byte, and
``tests/test_challenge_deck.py`` regenerates it and compares. Atlas questions are made
from recipes (``atlas``: kind and parameters) whose answers are computed here from
``cardroom.atlas``; the other questions are written below, each with its answer and a
one-line source note (topics and sources: ``docs/challenge.md``).

    python tools/make_challenge.py            # rewrite the file
    python tools/make_challenge.py --check    # exit 1 if the file is not up to date
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from cardroom import atlas  # noqa: E402
from cardroom.geoplunge import challenge  # noqa: E402

OUT = ROOT / "py" / "cardroom" / "data" / "challenge.json"
SEED = 20260063
COLOURS = challenge.COLOURS
N_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}

Q = dict[str, Any]


def G(
    colour: str,
    topic: str,
    text: str,
    answers: list[list[str]] | list[str],
    source: str,
    *,
    type: str = "text",
    need: int = 1,
    about: tuple[str, ...] = (),
    facts: tuple[str, ...] = (),
) -> Q:
    """A hand-written question. ``answers``: a list of spellings (one item) or a list of
    items. ``facts`` adds atlas facts this question already covers, so that no atlas
    question repeats it."""
    items = [answers] if isinstance(answers[0], str) else answers
    key = "gen:" + "-".join(w.strip('?.,"') for w in text.casefold().split())
    return {
        "colour": colour,
        "topic": topic,
        "text": text,
        "type": type,
        "answers": [list(i) for i in items],
        "need": need,
        "source": source,
        "about": list(about),
        "facts": [key, *facts],
        "atlas": None,
    }


# fmt: off
GENERAL: list[Q] = [
    # ---- red (easiest)
    G("red", "dc", "What do the letters D.C. stand for in the name of the nation's capital?",
      ["District of Columbia"], "Residence Act of 1790; District of Columbia Organic Act of 1801"),
    G("red", "dc", "What is the name of the President's official home and office in the nation's capital?",
      ["White House", "The White House"], "White House Historical Association: 1600 Pennsylvania Avenue NW"),
    G("red", "water", "Which ocean lies along the east coast of the United States?",
      ["Atlantic Ocean", "Atlantic", "The Atlantic"], "NOAA Office of Coast Survey: US coastline"),
    G("red", "water", "Which ocean lies along the west coast of the 48 contiguous states?",
      ["Pacific Ocean", "Pacific", "The Pacific"], "NOAA Office of Coast Survey: US coastline"),
    G("red", "landmarks", "In which state is Grand Canyon National Park?",
      ["Arizona"], "National Park Service: Grand Canyon National Park, Arizona",
      type="state", about=("Grand Canyon",), facts=("nickname:AZ",)),
    G("red", "landmarks", "Mount Rushmore is carved into a mountain in which state?",
      ["South Dakota"], "National Park Service: Mount Rushmore National Memorial, Keystone, South Dakota",
      type="state", about=("Mount Rushmore",), facts=("nickname:SD",)),
    G("red", "landmarks", "In which city is the Statue of Liberty?",
      ["New York City", "New York", "NYC"], "National Park Service: Statue of Liberty National Monument, New York Harbor",
      type="city", facts=("cities:NY",)),
    G("red", "history", "Who was the first President of the United States?",
      ["George Washington", "Washington"], "National Archives: George Washington, President 1789-1797", type="person"),
    G("red", "history", "In what year was the Declaration of Independence adopted?",
      ["1776"], "National Archives: the Declaration of Independence, adopted July 4, 1776", type="number"),
    G("red", "sports", "In which sport do teams play for the Super Bowl?",
      ["American football", "Football"], "National Football League: the Super Bowl is its championship game"),
    G("red", "sports", "How many players from each team are on the court at one time in basketball?",
      ["5"], "NBA Official Rules, Rule 3: five players per team on the court", type="number"),
    G("red", "water", "What are the famous waterfalls on the border between New York and Canada called?",
      ["Niagara Falls", "Niagara"], "New York State Parks: Niagara Falls State Park"),
    G("red", "dc", "What is the tall white stone obelisk on the National Mall called?",
      ["Washington Monument", "The Washington Monument"], "National Park Service: Washington Monument, completed 1884"),
    G("red", "history", "What was the name of the ship that carried the Pilgrims to Plymouth in 1620?",
      ["Mayflower", "The Mayflower"], "Pilgrim Hall Museum: the Mayflower voyage of 1620"),
    G("red", "sports", "Which sport's championship series is called the World Series?",
      ["Baseball"], "Major League Baseball: the World Series, first played in 1903"),
    G("red", "features", "What is the word for land almost surrounded by water, like most of Florida?",
      ["Peninsula", "A peninsula"], "National Geographic Education: peninsula"),
    G("red", "water", "Which great river, the second longest in the country, flows south to New Orleans?",
      ["Mississippi River", "Mississippi", "The Mississippi"], "USGS: lengths of the major rivers (the Missouri first, the Mississippi second)"),
    G("red", "sports", "How many points is a touchdown worth in the NFL?",
      ["6"], "NFL Official Playing Rules, Rule 11: a touchdown scores 6 points", type="number"),
    # ---- blue
    G("blue", "dc", "Which river flows past Washington, D.C., between the city and Virginia?",
      ["Potomac River", "Potomac", "The Potomac"], "National Park Service: Potomac Heritage National Scenic Trail"),
    G("blue", "dc", "In which building does the United States Congress meet?",
      ["United States Capitol", "Capitol", "The Capitol", "US Capitol", "Capitol Building"],
      "Architect of the Capitol: the US Capitol Building"),
    G("blue", "mountains", "What is the tallest mountain in the United States?",
      ["Denali", "Mount McKinley", "Mt. McKinley", "McKinley"], "USGS: Denali (Mount McKinley), Alaska, 20,310 feet"),
    G("blue", "mountains", "Which mountain range runs through Colorado, from New Mexico north into Canada?",
      ["Rocky Mountains", "Rockies", "The Rockies", "Rocky"], "National Park Service: Rocky Mountain National Park"),
    G("blue", "landmarks", "In which city is the Gateway Arch?",
      ["St. Louis", "Saint Louis"], "National Park Service: Gateway Arch National Park, St. Louis, Missouri", type="city"),
    G("blue", "landmarks", "In which city is the Golden Gate Bridge?",
      ["San Francisco"], "Golden Gate Bridge, Highway and Transportation District", type="city"),
    G("blue", "landmarks", "Which national park, created in 1872, was the first national park in the world?",
      ["Yellowstone National Park", "Yellowstone"], "National Park Service: Yellowstone, established March 1, 1872"),
    G("blue", "water", "Which of the five Great Lakes lies entirely within the United States?",
      ["Lake Michigan", "Michigan"], "US EPA: Great Lakes facts and figures"),
    G("blue", "water", "Which river forms much of the border between Texas and Mexico?",
      ["Rio Grande", "The Rio Grande", "Rio Bravo"], "International Boundary and Water Commission: the Rio Grande boundary"),
    G("blue", "water", "What is the largest of the five Great Lakes?",
      ["Lake Superior", "Superior"], "US EPA: Great Lakes facts and figures"),
    G("blue", "features", "What is the hot, dry valley in California that holds the lowest point in North America?",
      ["Death Valley"], "National Park Service: Death Valley, Badwater Basin 282 feet below sea level"),
    G("blue", "history", "From which country did the United States buy Alaska in 1867?",
      ["Russia", "Russian Empire"], "US Office of the Historian: the Purchase of Alaska, 1867"),
    G("blue", "history", "From which country did the United States buy the Louisiana Territory in 1803?",
      ["France"], "US Office of the Historian: the Louisiana Purchase, 1803"),
    G("blue", "history", "Which President is shown on the front of the one-cent coin, the penny?",
      ["Abraham Lincoln", "Lincoln"], "US Mint: the Lincoln cent, since 1909", type="person"),
    G("blue", "sports", "In which sport do teams compete for the Stanley Cup?",
      ["Ice hockey", "Hockey"], "National Hockey League: the Stanley Cup"),
    G("blue", "sports", "How many players does a soccer team have on the field at once?",
      ["11"], "IFAB Laws of the Game, Law 3: eleven players per team", type="number"),
    G("blue", "history", "Which document begins with the words \"We the People\"?",
      ["The Constitution", "Constitution", "US Constitution", "United States Constitution"],
      "National Archives: the Constitution of the United States", facts=("nickname:CT",)),
    # ---- green
    G("green", "water", "According to the US Geological Survey, what is the longest river in the United States?",
      ["Missouri River", "Missouri", "The Missouri"], "USGS: lengths of the major rivers of the United States"),
    G("green", "water", "What is the name of the large salt lake in northern Utah?",
      ["Great Salt Lake", "The Great Salt Lake"], "Utah Geological Survey: Great Salt Lake", facts=("capital:UT",)),
    G("green", "water", "What is the deepest lake in the United States, found in Oregon?",
      ["Crater Lake"], "National Park Service: Crater Lake, 1,943 feet deep"),
    G("green", "features", "What is the name of the chain of barrier islands along the coast of North Carolina?",
      ["Outer Banks", "The Outer Banks"], "National Park Service: Cape Hatteras National Seashore"),
    G("green", "features", "What is the name of the huge wetland that covers much of southern Florida?",
      ["Everglades", "The Everglades"], "National Park Service: Everglades National Park"),
    G("green", "mountains", "What is the tallest mountain in the 48 contiguous states?",
      ["Mount Whitney", "Mt. Whitney", "Whitney"], "USGS: Mount Whitney, California, 14,505 feet"),
    G("green", "mountains", "In which state is Mount St. Helens, the volcano that erupted in 1980?",
      ["Washington"], "USGS Cascades Volcano Observatory: Mount St. Helens, May 18, 1980",
      type="state", about=("Mount St. Helens",)),
    G("green", "landmarks", "In which city is the Alamo?",
      ["San Antonio"], "The Alamo (Texas General Land Office), San Antonio, Texas", type="city"),
    G("green", "landmarks", "In which city is the Liberty Bell?",
      ["Philadelphia"], "National Park Service: Independence National Historical Park, Philadelphia",
      type="city", facts=("cities:PA",)),
    G("green", "sports", "In which city is the Kentucky Derby run?",
      ["Louisville"], "Churchill Downs, Louisville: home of the Kentucky Derby since 1875",
      type="city", facts=("cities:KY",)),
    G("green", "sports", "Cooperstown, home of a famous sports hall of fame, is in which state?",
      ["New York"], "National Baseball Hall of Fame and Museum, Cooperstown, N.Y.",
      type="state", about=("Cooperstown",)),
    G("green", "sports", "How many holes are played in a standard round of golf?",
      ["18"], "USGA Rules of Golf: a stipulated round is 18 holes", type="number"),
    G("green", "history", "Which war between the Union and the Confederacy lasted from 1861 to 1865?",
      ["Civil War", "American Civil War", "The Civil War", "War Between the States"],
      "National Park Service: the Civil War, 1861-1865"),
    G("green", "history", "Who wrote most of the Declaration of Independence?",
      ["Thomas Jefferson", "Jefferson"], "National Archives: Jefferson drafted the Declaration in June 1776",
      type="person"),
    G("green", "dc", "On which avenue is the President's house in the nation's capital?",
      ["Pennsylvania Avenue", "Pennsylvania Ave", "Pennsylvania"],
      "White House Historical Association: 1600 Pennsylvania Avenue NW"),
    G("green", "features", "Which hook-shaped cape curls out into the ocean from Massachusetts?",
      ["Cape Cod"], "National Park Service: Cape Cod National Seashore"),
    G("green", "history", "What was the rush of people to California after gold was found in 1848 called?",
      ["California Gold Rush", "Gold Rush", "The Gold Rush"], "California State Parks: the Gold Rush, 1848-1855"),
    # ---- yellow
    G("yellow", "dc", "How many electoral votes does Washington, D.C. have?",
      ["3"], "23rd Amendment; National Archives: Electoral College, 3 votes for the District", type="number",
      about=("Washington, D.C.",)),
    G("yellow", "dc", "Which numbered amendment gave the nation's capital city votes in the Electoral College?",
      ["23", "23rd", "Twenty-third"], "National Archives: the 23rd Amendment, ratified 1961", type="number",
      about=("23rd Amendment",)),
    G("yellow", "water", "What is the narrow sea passage between Alaska and Asia called?",
      ["Bering Strait", "The Bering Strait"], "NOAA Arctic Program: the Bering Strait"),
    G("yellow", "water", "Which river carved the Grand Canyon?",
      ["Colorado River", "Colorado", "The Colorado"], "National Park Service: Grand Canyon geology"),
    G("yellow", "water", "Which bay, the largest estuary in the United States, lies in Maryland and Virginia?",
      ["Chesapeake Bay", "The Chesapeake", "Chesapeake"], "Chesapeake Bay Program: the largest estuary in the US"),
    G("yellow", "mountains", "What is the highest mountain in the eastern United States, in North Carolina?",
      ["Mount Mitchell", "Mt. Mitchell", "Mitchell"], "North Carolina State Parks: Mount Mitchell, 6,684 feet"),
    G("yellow", "mountains", "Which mountain range in California holds Yosemite Valley?",
      ["Sierra Nevada", "The Sierra Nevada", "Sierras", "The Sierra"], "National Park Service: Yosemite, in the Sierra Nevada"),
    G("yellow", "landmarks", "Which national park in Maine is home to Cadillac Mountain?",
      ["Acadia National Park", "Acadia"], "National Park Service: Acadia National Park"),
    G("yellow", "landmarks", "In which state is Carlsbad Caverns National Park?",
      ["New Mexico"], "National Park Service: Carlsbad Caverns National Park, New Mexico",
      type="state", about=("Carlsbad Caverns",)),
    G("yellow", "sports", "In which city do the Packers of the NFL play their home games?",
      ["Green Bay"], "Green Bay Packers: Lambeau Field, Green Bay, Wisconsin", type="city"),
    G("yellow", "sports", "In a Major League game, how many players does the team in the field have on the diamond?",
      ["9"], "MLB Official Baseball Rules, 4.01: nine players", type="number"),
    G("yellow", "history", "Which 1863 battle in Pennsylvania was the largest ever fought in North America?",
      ["Gettysburg", "Battle of Gettysburg"], "National Park Service: Gettysburg National Military Park"),
    G("yellow", "history", "Which two explorers led the Corps of Discovery to the West Coast from 1804 to 1806? Name both.",
      [["Meriwether Lewis", "Lewis"], ["William Clark", "Clark"]],
      "National Park Service: Lewis and Clark National Historic Trail", type="person", need=2),
    G("yellow", "history", "Which state was the first to leave the Union, in December 1860?",
      ["South Carolina"], "South Carolina Ordinance of Secession, December 20, 1860 (National Archives)",
      type="state", about=("secession",)),
    G("yellow", "features", "What is the largest island in the United States?",
      ["Island of Hawaii", "Hawaii", "Big Island", "The Big Island", "Hawaii Island"],
      "USGS: the Island of Hawaii, 4,028 square miles"),
    G("yellow", "dc", "In which season do the famous cherry trees around the Tidal Basin in the nation's capital bloom?",
      ["Spring"], "National Park Service: cherry blossoms peak in late March or early April"),
    G("yellow", "sports", "Which city hosted the 1996 Summer Olympic Games?",
      ["Atlanta"], "International Olympic Committee: Atlanta 1996", type="city"),
    # ---- purple (hardest)
    G("purple", "dc", "Which French-born engineer drew the first plan for the federal city in 1791?",
      ["Pierre L'Enfant", "L'Enfant", "Pierre Charles L'Enfant", "Peter Charles L'Enfant", "Lenfant"],
      "Library of Congress: the L'Enfant Plan of 1791", type="person"),
    G("purple", "dc", "Which two states gave the land for the federal district created in 1790? Name both.",
      [["Maryland"], ["Virginia"]], "Residence Act of 1790; Virginia's part was returned in 1846 (National Park Service)",
      type="state", need=2, about=("federal district",)),
    G("purple", "water", "Which lake on the California-Nevada border is the largest alpine lake in North America?",
      ["Lake Tahoe", "Tahoe"], "US Forest Service: Lake Tahoe Basin Management Unit"),
    G("purple", "water", "What is the large inland arm of the sea in western Washington State, home to orcas and ferries?",
      ["Puget Sound"], "Washington State Department of Ecology: Puget Sound"),
    G("purple", "features", "Which national park in Kentucky protects the longest known cave system in the world?",
      ["Mammoth Cave", "Mammoth Cave National Park"], "National Park Service: Mammoth Cave, more than 400 miles surveyed"),
    G("purple", "features", "What is the name of the gorge cut by a great river between Oregon and Washington?",
      ["Columbia River Gorge", "Columbia Gorge"], "US Forest Service: Columbia River Gorge National Scenic Area"),
    G("purple", "mountains", "What is the highest mountain in Colorado?",
      ["Mount Elbert", "Mt. Elbert", "Elbert"], "USGS Geographic Names: Mount Elbert, the highest point of Colorado"),
    G("purple", "mountains", "Which volcano is the highest peak of the Cascade Range?",
      ["Mount Rainier", "Mt. Rainier", "Rainier"], "National Park Service: Mount Rainier, 14,410 feet"),
    G("purple", "landmarks", "Name the four Presidents carved on Mount Rushmore.",
      [["George Washington", "Washington"], ["Thomas Jefferson", "Jefferson"],
       ["Theodore Roosevelt", "Teddy Roosevelt", "Roosevelt"], ["Abraham Lincoln", "Lincoln"]],
      "National Park Service: Mount Rushmore National Memorial", type="person", need=4),
    G("purple", "landmarks", "What is the name of the huge dam on the Arizona-Nevada border that holds back Lake Mead?",
      ["Hoover Dam", "Boulder Dam"], "Bureau of Reclamation: Hoover Dam, completed 1936"),
    G("purple", "sports", "In what year was the first Super Bowl played?",
      ["1967"], "NFL: Super Bowl I, January 15, 1967", type="number"),
    G("purple", "sports", "In which city was basketball invented, in 1891?",
      ["Springfield", "Springfield, Massachusetts"], "Naismith Memorial Basketball Hall of Fame, Springfield, Massachusetts",
      type="city"),
    G("purple", "history", "In what year did the Wright brothers make the first powered airplane flight?",
      ["1903"], "Smithsonian National Air and Space Museum: the 1903 Wright Flyer", type="number"),
    G("purple", "history", "What was the 1853 land deal with Mexico that added southern Arizona and New Mexico to the US?",
      ["Gadsden Purchase", "The Gadsden Purchase"], "US Office of the Historian: the Gadsden Purchase, 1853-1854"),
    G("purple", "history", "Who was President during the War of 1812?",
      ["James Madison", "Madison"], "US Office of the Historian: James Madison, President 1809-1817", type="person"),
    G("purple", "history", "What agreement did the Pilgrims sign aboard their ship in 1620, before landing?",
      ["Mayflower Compact", "The Mayflower Compact"], "Pilgrim Hall Museum: the Mayflower Compact, November 1620"),
    G("purple", "dc", "In which year did the federal government move to the city of Washington?",
      ["1800"], "US Senate Historical Office: Congress first met in Washington in November 1800", type="number",
      about=("federal government",)),
]
# fmt: on


# ---------------------------------------------------------------- atlas recipes


def S(code: str) -> atlas.StateFacts:
    return atlas.by_code()[code]


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


PRESIDENT_SURNAMES = {
    # Surnames shared by two Presidents are not accepted alone.
    "Adams": 2, "Johnson": 2, "Harrison": 2, "Roosevelt": 2, "Bush": 2,
}  # fmt: skip


def president_spellings(name: str) -> list[str]:
    out = [name]
    surname = name.split()[-1]
    if surname not in PRESIDENT_SURNAMES:
        out.append(surname)
    return out


def _shared_tail(name: str, pool: list[str]) -> list[str]:
    """``name`` and its last word when no other name in ``pool`` ends with that word
    ("Northern Cardinal" -> "Cardinal"; "Mountain Bluebird" stays whole)."""
    out = [name]
    tail = name.split()[-1]
    if len(name.split()) > 1 and len(tail) >= 5:
        others = [p for p in pool if p != name and p.split()[-1].casefold() == tail.casefold()]
        if not others and tail.casefold() not in {p.casefold() for p in pool}:
            out.append(tail)
    return out


def _with_also(spellings: list[str], also: tuple[str, ...]) -> list[str]:
    """The spellings plus the other names the atlas accepts for the same bird or flower."""
    return spellings + [a for a in also if a.casefold() not in {s.casefold() for s in spellings}]


def zone_spellings(z: str) -> list[str]:
    return [z, f"{z} Time", f"{z} Time Zone", f"{z} Standard Time"]


def evaluate(r: dict[str, Any]) -> tuple[list[list[str]], int]:
    """The answer items and the number needed for an atlas recipe."""
    k = r["kind"]
    ss = atlas.states()
    birds = sorted({s.bird for s in ss})
    flowers = sorted({s.flower for s in ss})
    if k == "capital":
        return [[S(r["state"]).capital]], 1
    if k in ("capital_of", "nickname", "border_both_result"):
        return [[S(r["state"]).name]], 1
    if k == "code":
        return [[r["state"]]], 1
    if k == "zone":
        return [zone_spellings(S(r["state"]).time_zones[0])], 1
    if k in ("larger_area", "more_people", "earlier", "wetter"):
        a, b = S(r["a"]), S(r["b"])
        key = {
            "larger_area": lambda s: s.area_sq_mi,
            "more_people": lambda s: s.population_2020,
            "earlier": lambda s: -s.statehood_rank,
            "wetter": lambda s: s.water_pct,
        }[k]
        return [[max((a, b), key=key).name]], 1
    if k == "borders_some":
        return [[S(c).name] for c in sorted(S(r["state"]).borders)], r["n"]
    if k == "borders_all":
        bs = sorted(S(r["state"]).borders)
        return [[S(c).name] for c in bs], len(bs)
    if k == "border_count":
        return [[str(len(S(r["state"]).borders))]], 1
    if k == "border_both":
        common = atlas.borders()[r["a"]] & atlas.borders()[r["b"]]
        return [[S(c).name] for c in sorted(common)], 1
    if k == "no_border":
        return [[s.name] for s in ss if not s.borders], 2
    if k == "most_borders":
        top = max(len(s.borders) for s in ss)
        return [[s.name] for s in ss if len(s.borders) == top], 2
    if k == "largest_city":
        return [[S(r["state"]).top_cities[0].name]], 1
    if k == "second_city":
        return [[S(r["state"]).top_cities[1].name]], 1
    if k == "top_cities":
        return [[c.name] for c in S(r["state"]).top_cities], r["n"]
    if k == "capital_largest":
        return [[s.name] for s in ss if s.top_cities[0].capital], r["n"]
    if k == "bird":
        s = S(r["state"])
        return [_with_also(_shared_tail(s.bird, birds), s.bird_also)], 1
    if k == "bird_states":
        return [[s.name] for s in ss if s.bird == r["bird"]], r["n"]
    if k == "flower":
        s = S(r["state"])
        return [_with_also(_shared_tail(s.flower, flowers), s.flower_also)], 1
    if k == "flower_states":
        found = [[s.name] for s in ss if s.flower == r["flower"]]
        return found, len(found)
    if k == "nickname_of":
        nick = S(r["state"]).nickname
        bare = nick.removeprefix("The ")
        return [[nick, bare] if bare != nick else [nick]], 1
    if k == "statehood_year":
        return [[S(r["state"]).statehood_date[:4]]], 1
    if k in ("statehood_nth",):
        return [[s.name for s in ss if s.statehood_rank == r["rank"]]], 1
    if k == "statehood_rank":
        return [[str(S(r["state"]).statehood_rank)]], 1
    if k == "patos":
        return [president_spellings(S(r["state"]).patos)], 1
    if k == "patos_states":
        return [[s.name] for s in ss if s.patos == r["president"]], r["n"]
    if k == "ev":
        return [[str(S(r["state"]).electoral_votes)]], 1
    if k == "area_rank":
        return [[str(S(r["state"]).area_rank)]], 1
    if k == "pop_rank":
        return [[str(S(r["state"]).population_rank)]], 1
    if k == "area_nth":
        return [[s.name for s in ss if s.area_rank == r["rank"]]], 1
    if k == "pop_nth":
        return [[s.name for s in ss if s.population_rank == r["rank"]]], 1
    if k == "zone_split":
        z = {r["a"], r["b"]}
        return [[s.name] for s in ss if set(s.time_zones) == z], r["n"]
    raise ValueError(f"unknown recipe {k!r}")


def A(colour: str, topic: str, text: str, type: str, recipe: dict[str, Any], about: list[str],
      facts: list[str]) -> Q:  # fmt: skip
    items, need = evaluate(recipe)
    return {
        "colour": colour,
        "topic": topic,
        "text": text,
        "type": type,
        "answers": items,
        "need": need,
        "source": "atlas",
        "about": about,
        "facts": facts,
        "atlas": recipe,
    }


def _pair_ok(kind: str, a: atlas.StateFacts, b: atlas.StateFacts, close: bool) -> bool:
    if kind == "larger_area":
        r = max(a.area_sq_mi, b.area_sq_mi) / min(a.area_sq_mi, b.area_sq_mi)
    elif kind == "more_people":
        r = max(a.population_2020, b.population_2020) / min(a.population_2020, b.population_2020)
    elif kind == "earlier":
        r = 1 + abs(a.statehood_rank - b.statehood_rank) / 10
    else:
        r = 1 + abs(a.water_pct - b.water_pct) / 3
    return 1.05 < r < 1.3 if close else r >= 1.4


PAIR_TEXT = {
    "larger_area": ("ranks", "Which state has the larger area, {a} or {b}?"),
    "more_people": ("ranks", "Which state had more people in the 2020 Census, {a} or {b}?"),
    "earlier": ("statehood", "Which became a state first, {a} or {b}?"),
    "wetter": ("ranks", "Which state has more of its area covered by water, {a} or {b}?"),
}


def candidates(kind: str, colour: str, rng: random.Random, **kw: Any) -> Iterator[Q]:
    """Questions of one recipe kind, in a seeded order."""
    ss = list(atlas.states())
    rng.shuffle(ss)
    c = colour
    if kind == "capital":
        for s in ss:
            yield A(c, "capitals", f"What is the capital of {s.name}?", "capital",
                    {"kind": kind, "state": s.code}, [s.name], [f"capital:{s.code}"])  # fmt: skip
    elif kind == "capital_of":
        for s in ss:
            yield A(c, "capitals", f"{s.capital} is the capital of which state?", "state",
                    {"kind": kind, "state": s.code}, [s.capital], [f"capital:{s.code}"])  # fmt: skip
    elif kind == "code":
        for s in ss:
            yield A(c, "codes", f"What is the two-letter postal code of {s.name}?", "code",
                    {"kind": kind, "state": s.code}, [s.name], [f"code:{s.code}"])  # fmt: skip
    elif kind == "zone":
        for s in ss:
            if len(s.time_zones) == 1 and s.time_zones[0] not in ("Alaska", "Hawaii"):
                yield A(c, "time-zones", f"In which time zone is all of {s.name}?", "zone",
                        {"kind": kind, "state": s.code}, [s.name], [f"zone:{s.code}"])  # fmt: skip
    elif kind in PAIR_TEXT:
        topic, text = PAIR_TEXT[kind]
        close = kw.get("close", False)
        used: set[str] = set()
        for a in ss:
            others = list(ss)
            rng.shuffle(others)
            for b in others:
                if a.code != b.code and not {a.code, b.code} & used and _pair_ok(kind, a, b, close):
                    used |= {a.code, b.code}
                    x, y = (a, b) if rng.random() < 0.5 else (b, a)
                    yield A(c, topic, text.format(a=x.name, b=y.name), "state",
                            {"kind": kind, "a": x.code, "b": y.code}, [x.name, y.name],
                            [f"pair:{min(a.code, b.code)}+{max(a.code, b.code)}"])  # fmt: skip
                    break
    elif kind == "borders_some":
        n = kw["n"]
        for s in ss:
            if len(s.borders) > n:
                yield A(c, "borders", f"Name {N_WORDS[n]} states that border {s.name}.", "state",
                        {"kind": kind, "state": s.code, "n": n}, [s.name], [f"borders:{s.code}"])  # fmt: skip
    elif kind == "borders_all":
        for s in ss:
            k = len(s.borders)
            if k == 1:
                text = f"Which is the only state that borders {s.name}?"
            elif k in kw.get("sizes", (2, 3)):
                text = f"Name all {N_WORDS[k]} states that border {s.name}."
            else:
                continue
            if k == 1 or k in kw.get("sizes", (2, 3)):
                yield A(c, "borders", text, "state", {"kind": kind, "state": s.code}, [s.name],
                        [f"borders:{s.code}"])  # fmt: skip
    elif kind == "border_count":
        for s in ss:
            if s.borders and s.code not in ("AZ", "CO", "NM", "UT"):  # no Four Corners disputes
                yield A(c, "borders", f"How many states border {s.name}?", "number",
                        {"kind": kind, "state": s.code}, [s.name], [f"borders:{s.code}"])  # fmt: skip
    elif kind == "border_both":
        nb = atlas.borders()
        for a in ss:
            for b in ss:
                common = nb[a.code] & nb[b.code]
                if a.code < b.code and b.code not in nb[a.code] and len(common) == 1:
                    mid = next(iter(common))
                    yield A(c, "borders", f"Which state borders both {a.name} and {b.name}?",
                            "state", {"kind": kind, "a": a.code, "b": b.code}, [a.name, b.name],
                            [f"borders:{mid}", f"pair:{a.code}+{b.code}"])  # fmt: skip
                    break
    elif kind == "no_border":
        yield A(c, "borders", "Name the two states that border no other state.", "state",
                {"kind": kind}, ["border"], ["borders:AK", "borders:HI"])  # fmt: skip
    elif kind == "most_borders":
        top = max(len(s.borders) for s in ss)
        who = [s.code for s in atlas.states() if len(s.borders) == top]
        yield A(c, "borders", f"Which two states each border {N_WORDS.get(top, top)} other states?",
                "state", {"kind": kind}, ["border"], [f"borders:{x}" for x in who])  # fmt: skip
    elif kind in ("largest_city", "second_city"):
        i = 0 if kind == "largest_city" else 1
        for s in ss:
            city = s.top_cities[i]
            if s.name.casefold() in city.name.casefold():
                continue  # "New York City", "Oklahoma City" answer themselves
            facts = [f"cities:{s.code}"] + ([f"capital:{s.code}"] if city.capital else [])
            # the largest city is the largest by any count; below it the list counts
            # incorporated cities only, and the question says so
            what = (
                "largest city"
                if i == 0
                else f"second-largest {atlas.cities_noun(s.code, one=True)}"
            )
            yield A(c, "cities", f"What is the {what} in {s.name}?", "city",
                    {"kind": kind, "state": s.code}, [s.name], facts)  # fmt: skip
    elif kind == "top_cities":
        n = kw["n"]
        for s in ss:
            noun = atlas.cities_noun(s.code)
            yield A(c, "cities", f"Name {N_WORDS[n]} of the five largest {noun} in {s.name}.", "city",
                    {"kind": kind, "state": s.code, "n": n}, [s.name], [f"cities:{s.code}"])  # fmt: skip
    elif kind == "capital_largest":
        yield A(c, "cities", "Name two states whose capital is also their largest city.", "state",
                {"kind": kind, "n": 2}, ["capital"], ["capital-largest"])  # fmt: skip
    elif kind == "bird":
        for s in ss:
            yield A(c, "birds", f"What is the state bird of {s.name}?", "bird",
                    {"kind": kind, "state": s.code}, [s.name], [f"bird:{s.code}"])  # fmt: skip
    elif kind == "bird_states":
        n = kw["n"]
        by: dict[str, list[str]] = {}
        for s in atlas.states():
            by.setdefault(s.bird, []).append(s.code)
        for bird in sorted(by, key=lambda b: rng.random()):
            if len(by[bird]) > n:
                yield A(c, "birds", f"Name {N_WORDS[n]} states whose state bird is the {bird}.",
                        "state", {"kind": kind, "bird": bird, "n": n}, [bird],
                        [f"bird:{x}" for x in by[bird]])  # fmt: skip
    elif kind == "flower":
        for s in ss:
            yield A(c, "flowers", f"What is the state flower of {s.name}?", "flower",
                    {"kind": kind, "state": s.code}, [s.name], [f"flower:{s.code}"])  # fmt: skip
    elif kind == "flower_states":
        by = {}
        for s in atlas.states():
            by.setdefault(s.flower, []).append(s.code)
        for fl in sorted(by, key=lambda b: rng.random()):
            if len(by[fl]) == 2:
                yield A(c, "flowers", f"Name both states whose state flower is the {fl}.", "state",
                        {"kind": kind, "flower": fl}, [fl], [f"flower:{x}" for x in by[fl]])  # fmt: skip
    elif kind == "nickname":
        for s in ss:
            yield A(c, "nicknames", f"Which state is nicknamed \"{s.nickname}\"?", "state",
                    {"kind": kind, "state": s.code}, [s.nickname], [f"nickname:{s.code}"])  # fmt: skip
    elif kind == "nickname_of":
        for s in ss:
            yield A(c, "nicknames", f"What is the nickname of {s.name} on its GeoPlunge card?",
                    "text", {"kind": kind, "state": s.code}, [s.name], [f"nickname:{s.code}"])  # fmt: skip
    elif kind == "statehood_year":
        for s in ss:
            if s.statehood_rank > 13:
                yield A(c, "statehood", f"In what year did {s.name} become a state?", "number",
                        {"kind": kind, "state": s.code}, [s.name], [f"statehood:{s.code}"])  # fmt: skip
    elif kind == "statehood_nth":
        for r in kw["ranks"]:
            code = next(s.code for s in ss if s.statehood_rank == r)
            nth = {1: "first", 50: "50th and last"}.get(r, ordinal(r))
            yield A(c, "statehood", f"Which state was the {nth} to join the Union?", "state",
                    {"kind": kind, "rank": r}, [ordinal(r)], [f"statehood:{code}"])  # fmt: skip
    elif kind == "statehood_rank":
        for s in ss:
            yield A(c, "statehood",
                    f"In order of statehood, what number state was {s.name} (1 for the first)?",
                    "number", {"kind": kind, "state": s.code}, [s.name], [f"statehood:{s.code}"])  # fmt: skip
    elif kind == "patos":
        for s in ss:
            if s.statehood_rank > 13:  # the original 13 ratified; they did not "become" states
                yield A(c, "patos", f"Who was President when {s.name} became a state?", "person",
                        {"kind": kind, "state": s.code}, [s.name], [f"patos:{s.code}"])  # fmt: skip
    elif kind == "patos_states":
        n = kw["n"]
        by = {}
        for s in atlas.states():
            if s.patos != "None":
                by.setdefault(s.patos, []).append(s.code)
        for p in sorted(by, key=lambda b: rng.random()):
            if len(by[p]) > n:
                yield A(c, "patos", f"Name {N_WORDS[n]} states that joined the Union while {p} was President.",
                        "state", {"kind": kind, "president": p, "n": n}, [p],
                        [f"patos:{x}" for x in by[p]])  # fmt: skip
    elif kind == "ev":
        for s in ss:
            yield A(c, "electoral-votes", f"How many electoral votes did {s.name} have in the 2024 election?",
                    "number", {"kind": kind, "state": s.code}, [s.name], [f"ev:{s.code}"])  # fmt: skip
    elif kind == "area_rank":
        for s in ss:
            if 3 < s.area_rank < 48:
                yield A(c, "ranks", f"Where does {s.name} rank in area among the 50 states (1 is the largest)?",
                        "number", {"kind": kind, "state": s.code}, [s.name], [f"area:{s.code}"])  # fmt: skip
    elif kind == "pop_rank":
        for s in ss:
            if 3 < s.population_rank < 48:
                yield A(c, "ranks",
                        f"Where did {s.name} rank in population in the 2020 Census (1 is the most people)?",
                        "number", {"kind": kind, "state": s.code}, [s.name], [f"pop:{s.code}"])  # fmt: skip
    elif kind == "area_nth":
        texts = {1: "Which is the largest state by area?", 2: "Which is the second-largest state by area?",
                 50: "Which is the smallest state by area?"}  # fmt: skip
        for r, text in texts.items():
            code = next(s.code for s in ss if s.area_rank == r)
            yield A(
                c, "ranks", text, "state", {"kind": kind, "rank": r}, ["area"], [f"area:{code}"]
            )
    elif kind == "pop_nth":
        texts = {1: "Which state had the most people in the 2020 Census?",
                 50: "Which state had the fewest people in the 2020 Census?"}  # fmt: skip
        for r, text in texts.items():
            code = next(s.code for s in ss if s.population_rank == r)
            yield A(
                c,
                "ranks",
                text,
                "state",
                {"kind": kind, "rank": r},
                ["population"],
                [f"pop:{code}"],
            )
    elif kind == "zone_split":
        pairs: dict[tuple[str, str], list[str]] = {}
        for s in atlas.states():
            if len(s.time_zones) == 2:
                pairs.setdefault(tuple(sorted(s.time_zones)), []).append(s.code)  # type: ignore[arg-type]
        for (a, b), who in sorted(pairs.items(), key=lambda kv: rng.random()):
            if len(who) >= 3:
                yield A(c, "time-zones", f"Name two states that are split between the {a} and {b} time zones.",
                        "state", {"kind": kind, "a": a, "b": b, "n": 2}, [f"{a} and {b}"],
                        [f"zones:{a}+{b}"])  # fmt: skip
    else:
        raise ValueError(kind)


PLAN: dict[str, list[tuple[str, int, dict[str, Any]]]] = {
    "red": [
        ("capital", 16, {}), ("larger_area", 8, {}), ("code", 6, {}), ("zone", 6, {}),
        ("area_nth", 3, {}), ("pop_nth", 2, {}), ("no_border", 1, {}), ("nickname", 3, {}),
    ],
    "blue": [
        ("borders_some", 8, {"n": 2}), ("largest_city", 8, {}), ("earlier", 6, {}),
        ("more_people", 6, {}), ("bird", 8, {}), ("capital_of", 6, {}),
        ("borders_all", 1, {"sizes": ()}), ("statehood_nth", 2, {"ranks": (1, 50)}), ("flower", 1, {}),
    ],
    "green": [
        ("borders_some", 7, {"n": 3}), ("border_count", 6, {}), ("flower", 7, {}),
        ("nickname", 8, {}), ("statehood_year", 7, {}), ("second_city", 5, {}),
        ("zone_split", 2, {}), ("capital", 4, {}),
    ],
    "yellow": [
        ("patos", 9, {}), ("statehood_nth", 6, {"ranks": (13, 20, 30, 40, 45, 48, 49, 2, 3)}),
        ("bird_states", 3, {"n": 3}), ("ev", 7, {}), ("border_both", 7, {}),
        ("borders_all", 6, {"sizes": (2, 3)}), ("wetter", 5, {}), ("most_borders", 1, {}),
        ("capital_largest", 1, {}), ("top_cities", 1, {"n": 2}),
    ],
    "purple": [
        ("patos_states", 5, {"n": 2}), ("pop_rank", 7, {}), ("area_rank", 7, {}),
        ("top_cities", 8, {"n": 3}), ("nickname_of", 6, {}), ("statehood_rank", 6, {}),
        ("flower_states", 4, {}), ("more_people", 3, {"close": True}),
    ],
}  # fmt: skip


GROUP_KINDS = {
    "bird_states", "patos_states", "flower_states", "most_borders", "no_border",
    "capital_largest", "zone_split", "statehood_nth", "area_nth", "pop_nth",
}  # fmt: skip


#: Recipes with few candidates, placed before the plentiful ones.
SCARCE_KINDS = {"borders_all", "border_both", "zone", "second_city", "wetter"}


def _as_question(q: Q, card: int) -> challenge.Question:
    obj = dict(q)
    return challenge._question(obj, card, q["colour"])


def choose(rng: random.Random) -> dict[str, list[Q]]:
    chosen: list[Q] = []
    pool: list[challenge.Question] = []
    facts: set[str] = set()
    texts: set[str] = set()

    def fits(q: Q) -> bool:
        if set(q["facts"]) & facts or q["text"] in texts:
            return False
        new = _as_question(q, 1)
        for x in pool:
            a = challenge.gives_away(new, x) or challenge.gives_away(x, new)
            if a:
                if q["atlas"] is None:
                    print(f"  {q['text']!r} / {x.text!r}: {a!r}", file=sys.stderr)
                return False
        return True

    for q in GENERAL:
        if not fits(q):
            raise SystemExit(f"hand-written question clashes: {q['text']}")
        chosen.append(q)
        pool.append(_as_question(q, 1))
        facts.update(q["facts"])
        texts.add(q["text"])
    # Recipes that cover several states' facts go first, then the rest.
    steps = [(c, *step) for c in COLOURS for step in PLAN[c]]
    steps.sort(key=lambda st: (st[1] not in GROUP_KINDS, st[1] not in SCARCE_KINDS))
    for colour, kind, count, kw in steps:
        if True:
            got = 0
            for q in candidates(kind, colour, rng, **kw):
                if got == count:
                    break
                if fits(q):
                    chosen.append(q)
                    pool.append(_as_question(q, 1))
                    facts.update(q["facts"])
                    texts.add(q["text"])
                    got += 1
            if got < count:
                raise SystemExit(f"{colour} {kind}: only {got} of {count} questions")
    out: dict[str, list[Q]] = {c: [q for q in chosen if q["colour"] == c] for c in COLOURS}
    for c, qs in out.items():
        if len(qs) != challenge.CARDS:
            raise SystemExit(f"{c}: {len(qs)} questions, not {challenge.CARDS}")
    return out


def _subjects(q: Q) -> set[str]:
    return (
        set(q["about"]) | {a[0] for a in q["answers"]}
        if q["need"] == len(q["answers"])
        else set(q["about"])
    )


def deal(by_colour: dict[str, list[Q]], rng: random.Random) -> list[list[Q]]:
    """Put one question of each colour on each card, spreading topics: no two questions
    of a card share a subject, and each card holds one or two hand-written questions."""
    cols = {c: list(qs) for c, qs in by_colour.items()}
    for qs in cols.values():
        rng.shuffle(qs)

    def cost(i: int) -> int:
        qs = [cols[c][i] for c in COLOURS]
        bad = 0
        for a in range(5):
            for b in range(a + 1, 5):
                if _subjects(qs[a]) & _subjects(qs[b]) or qs[a]["topic"] == qs[b]["topic"]:
                    bad += 1
        general = sum(q["atlas"] is None for q in qs)
        return bad * 3 + (0 if 1 <= general <= 2 else abs(general - 1.5) * 2)

    total = sum(cost(i) for i in range(challenge.CARDS))
    for _ in range(40_000):
        if total == 0:
            break
        c = rng.choice(COLOURS)
        i, j = rng.randrange(challenge.CARDS), rng.randrange(challenge.CARDS)
        if i == j:
            continue
        before = cost(i) + cost(j)
        cols[c][i], cols[c][j] = cols[c][j], cols[c][i]
        after = cost(i) + cost(j)
        if after <= before:
            total += after - before
        else:
            cols[c][i], cols[c][j] = cols[c][j], cols[c][i]
    return [[cols[c][i] for c in COLOURS] for i in range(challenge.CARDS)]


def build() -> dict[str, Any]:
    rng = random.Random(SEED)
    cards = deal(choose(rng), rng)
    return {
        "format": challenge.FORMAT,
        "colours": list(COLOURS),
        "cards": [{"id": i + 1, "questions": qs} for i, qs in enumerate(cards)],
    }


def render() -> str:
    return json.dumps(build(), indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if the file is out of date")
    args = ap.parse_args(argv)
    text = render()
    challenge.check_deck(json.loads(text))
    if args.check:
        same = OUT.exists() and OUT.read_text("utf-8") == text
        print("challenge.json is up to date" if same else "challenge.json is out of date")
        return 0 if same else 1
    OUT.write_text(text, "utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
