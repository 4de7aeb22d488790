"""Dashing States rules at Levels 2, 3 and 4: race keys, judging, best of three (R-31..R-37)."""

from __future__ import annotations

import itertools
import json

import pytest

from cardroom import atlas
from cardroom.core import REFEREE, CorruptState, IllegalMove, MalformedMove, Move
from cardroom.geoplunge import decks
from cardroom.geoplunge.dashing import (
    GAME,
    DashingState,
    answer_ok,
    carry_out,
    outcome_of,
    race_key,
    rank_text_value,
    result,
    sorted_for,
)


def start(level: int = 2, seed: int = 4, **kw) -> DashingState:
    s = GAME.new(seed, level=level, **kw)
    s = GAME.apply(s, Move(0, "plunge", False, 100))
    return GAME.apply(s, Move(1, "plunge", False, 200))


def truth(key: str, code: str) -> list[str]:
    st = atlas.by_code()[code]
    second = st.capital if key in ("name", "capital") else str(decks.category_rank(key, code))
    return [st.name, second]


def right_order(s: DashingState, team: int) -> list[str]:
    hand = s.hand(team)
    codes = sorted_for(s.key, [decks.map_card(m).state for m in hand[:6]])
    return [decks.map_card_of(c).id for c in codes]


def shout(s: DashingState, team: int, at: int, order: list[str] | None = None) -> DashingState:
    return GAME.apply(s, Move(team, "shout", order or right_order(s, team), at))


def answer_all(s: DashingState, team: int, wrong: int | None = None) -> DashingState:
    """The team's three players name their cards (card ``wrong`` misnamed)."""
    order = next(sh.order for sh in s.shouts if sh.team == team)
    for p in range(3):
        pair = []
        for j in range(2):
            code = decks.map_card(order[2 * p + j]).state
            a = truth(s.key, code)
            if wrong == 2 * p + j:
                a = [a[0], "Atlantis" if s.key in ("name", "capital") else "99"]
            pair.append(a)
        s = GAME.apply(s, Move(team, "answer", [p, pair], s.now + 10))
    return s


def win_race(s: DashingState, team: int) -> DashingState:
    at = s.now + 1000
    s = shout(s, team, at)
    s = GAME.apply(s, Move(REFEREE, "close", None, at + s.window_ms))
    return answer_all(s, team)


# ------------------------------------------------------------------ keys and sorting


def test_race_keys_per_level() -> None:
    """R-32: races 1 and 2 sort by state name and capital; race 3 by name (Level 2),
    statehood rank (Level 3) or the turned Power card's category (Level 4)."""
    assert [race_key(2, r) for r in (1, 2, 3)] == ["name", "capital", "name"]
    assert [race_key(3, r) for r in (1, 2, 3)] == ["name", "capital", "statehood"]
    for c in decks.power_deck():
        assert race_key(4, 3, c.id) == c.category
    with pytest.raises(ValueError):
        race_key(4, 3)


def test_level_4_third_race_turns_a_power_card() -> None:
    # P02 (statehood) is the books' example: sort by statehood ranking
    s = start(4, pin={"power": [[0, "P02"]]})
    s = win_race(win_race(s, 0), 1)  # 1-1: a third race
    assert s.race == 3 and s.key == "statehood"
    assert GAME.view(s, 0)["power"]["id"] == "P02"
    s = start(4, pin={"power": [[0, "P01"]]})
    s = win_race(win_race(s, 0), 1)
    assert s.key == "size"
    assert GAME.view(start(4), 0)["power"] is None  # races 1 and 2 use no Power card


def test_sorting_examples() -> None:
    assert sorted_for("name", ["NY", "NE", "NH", "NV", "NJ", "NM"]) == [
        "NE",  # Nebraska
        "NV",  # Nevada
        "NH",  # New Hampshire
        "NJ",
        "NM",
        "NY",
    ]
    # capitals letter by letter as the cards spell them: Sacramento, Saint Paul, Salem,
    # Salt Lake City, Santa Fe
    assert sorted_for("capital", ["NM", "UT", "OR", "MN", "CA"]) == ["CA", "MN", "OR", "UT", "NM"]
    assert sorted_for("statehood", ["GA", "DE", "PA", "NJ"]) == ["DE", "PA", "NJ", "GA"]
    assert sorted_for("population", ["TX", "CA", "FL", "NY"]) == ["CA", "TX", "FL", "NY"]
    assert sorted_for("size", ["TX", "AK", "CA", "RI"]) == ["AK", "TX", "CA", "RI"]


def test_typed_answers_are_tolerant_and_ranks_read_plainly() -> None:
    assert answer_ok("name", "PA", ["pensylvania", "harrisberg"]) == (True, True)
    assert answer_ok("capital", "MN", ["Minnesota", "St. Paul"]) == (True, True)
    assert answer_ok("name", "SC", ["South Carolina", "Columbus"]) == (True, False)
    assert answer_ok("name", "KS", ["Arkansas", "Topeka"]) == (False, True)
    assert answer_ok("name", "PA", ["PA", "Harrisburg"]) == (False, True)  # a name is asked
    assert answer_ok("statehood", "GA", ["Georgia", "4"]) == (True, True)
    assert answer_ok("statehood", "GA", ["Georgia", "4th"]) == (True, True)
    assert answer_ok("statehood", "GA", ["Georgia", "#4"]) == (True, True)
    assert answer_ok("statehood", "GA", ["Georgia", "5"]) == (True, False)
    assert rank_text_value("forty") is None and rank_text_value("") is None


# ------------------------------------------------------------------ judging a race


def test_a_right_shout_wins_the_race() -> None:
    s = win_race(start(), 0)
    assert s.results[0].winner == 0 and s.results[0].ending == "shout"
    assert s.race == 2 and s.phase == "race"


def test_a_wrong_order_gives_the_race_to_the_other_team() -> None:
    s = start()
    order = right_order(s, 1)
    order[0], order[1] = order[1], order[0]
    s = shout(s, 1, 5000, order)
    s = GAME.apply(s, Move(REFEREE, "close", None, 5300))
    s = answer_all(s, 1)
    assert s.results[0].winner == 0
    rec = GAME.view(s, 0)["races"][0]["teams"][1]["shout"]
    assert rec["order_ok"] is False and not rec["success"]


@pytest.mark.parametrize("card", range(6))
def test_one_misnamed_card_loses_the_race(card: int) -> None:
    """Each player names two cards; any wrong name, capital or rank loses (R-35)."""
    s = start()
    s = shout(s, 0, 5000)
    s = GAME.apply(s, Move(REFEREE, "close", None, 5300))
    s = answer_all(s, 0, wrong=card)
    assert s.results[0].winner == 1


def test_players_answer_left_middle_right_in_turn() -> None:
    s = GAME.apply(shout(start(), 0, 5000), Move(REFEREE, "close", None, 5300))
    assert GAME.view(s, 0)["next_player"] == 0
    with pytest.raises(IllegalMove):
        GAME.apply(s, Move(0, "answer", [1, [["a", "b"], ["c", "d"]]], 5400))
    with pytest.raises(MalformedMove):
        GAME.apply(s, Move(0, "answer", [0, [["a", "b"]]], 5400))
    with pytest.raises(IllegalMove):  # the other team has nothing to say
        GAME.apply(s, Move(1, "answer", [0, [["a", "b"], ["c", "d"]]], 5400))


def test_simultaneous_shouts() -> None:
    """R-33: a shout within the window is simultaneous: tie unless only one succeeds."""
    s = start()
    both = shout(shout(s, 0, 5000), 1, 5299)
    assert both.phase == "answer"
    tie = answer_all(answer_all(both, 0), 1)
    assert tie.results[0].winner is None and tie.results[0].ending == "simultaneous"
    one = answer_all(answer_all(both, 0), 1, wrong=3)
    assert one.results[0].winner == 0
    late = shout(shout(s, 0, 5000), 1, 5300)  # at the window's end: too late
    assert late.phase == "answer" and [sh.team for sh in late.shouts] == [0]
    assert late.late == ((1, "shout", 5300, 1),)


def test_passing_and_the_time_limit() -> None:
    """R-34: both teams passing, or nobody shouting in time, ties the race; after one
    team passes the other's shout is judged at once."""
    s = start()
    p = GAME.apply(GAME.apply(s, Move(0, "pass", None, 1000)), Move(1, "pass", None, 2000))
    assert p.results[0].ending == "pass" and p.results[0].winner is None
    one = GAME.apply(s, Move(0, "pass", None, 1000))
    one = shout(one, 1, 3000)
    assert one.phase == "answer"
    t = GAME.apply(s, Move(REFEREE, "time", None, s.race_start + s.time_limit_ms))
    assert t.results[0].ending == "time" and t.race == 2
    with pytest.raises(IllegalMove):
        GAME.apply(s, Move(REFEREE, "time", None, s.race_start + s.time_limit_ms - 1))
    late = GAME.apply(s, Move(0, "shout", right_order(s, 0), s.race_start + s.time_limit_ms))
    assert late.results[0].ending == "time" and late.late[-1][:2] == (0, "shout")


def test_geoplunging_count() -> None:
    s = GAME.new(1, level=3)
    s = GAME.apply(s, Move(0, "plunge", True, 4999))
    assert s.phase == "plunge"
    s2 = GAME.apply(s, Move(REFEREE, "count", None, 5000))
    assert s2.phase == "race" and s2.plunge == (True, False) and s2.race_start == 5000
    s3 = GAME.apply(s, Move(1, "plunge", True, 5001))  # after the count: not GeoPlunging
    assert s3.plunge == (True, False) and s3.late == ((1, "plunge", 5001, 0),)


# ------------------------------------------------------------------ the game


def test_outcome_rules() -> None:
    """Best of three: 2-0 wins with the bonus, two tied races tie the game, otherwise a
    third race and a tie unless a team has 2 wins."""
    assert outcome_of([0]) == (False, None, False)
    assert outcome_of([0, 0]) == (True, 0, True)
    assert outcome_of([1, 1]) == (True, 1, True)
    assert outcome_of([None, None]) == (True, None, False)
    for a, b in [(0, 1), (1, 0), (0, None), (None, 1)]:
        assert outcome_of([a, b]) == (False, None, False)
    for a, b, c in itertools.product((0, 1, None), repeat=3):
        if outcome_of([a, b])[0]:
            continue
        wins = [[a, b, c].count(t) for t in (0, 1)]
        w = 0 if wins[0] >= 2 else 1 if wins[1] >= 2 else None
        assert outcome_of([a, b, c]) == (True, w, False)


def test_two_nil_wins_the_bonus() -> None:
    s = win_race(win_race(start(3), 1), 1)
    assert s.phase == "over"
    r = result(s)
    assert r["winner"] == 1 and r["bonus"] and r["points"] == [0, 20]


def test_no_card_is_reused_within_a_game() -> None:
    s = start(3)
    seen: list[str] = []
    s = win_race(s, 0)
    s = GAME.apply(s, Move(0, "pass", None, s.now + 1))
    s = GAME.apply(s, Move(1, "pass", None, s.now + 1))
    s = win_race(s, 1)
    assert s.phase == "over" and len(s.results) == 3
    for race in (1, 2, 3):
        for t in (0, 1):
            seen.extend(s.hand(t, race))
    assert len(seen) == 42 == len(set(seen))


def test_views_hide_the_other_hand_and_the_deck() -> None:
    s = start()
    mine, theirs = s.hand(0), s.hand(1)
    v0 = json.dumps(GAME.view(s, 0))
    assert all(m in v0 for m in mine) and not any(m in v0 for m in theirs)
    # the view names Map cards, never their states, during the race
    assert not any(f'"{decks.map_card(m).state}"' in v0 for m in mine)
    undealt = s.maps[14:]
    for seat in (0, 1, REFEREE):
        v = json.dumps(GAME.view(s, seat))
        assert not any(f'"{m}"' in v for m in undealt)
    s = shout(s, 1, 5000)
    assert GAME.view(s, 0)["shouted"] == [1] and GAME.view(s, 0)["my_order"] is None
    done = win_race(start(), 0)
    rec = GAME.view(done, 1)["races"][0]
    assert len(rec["teams"][0]["cards"]) == 7 and rec["teams"][0]["shout"]["success"]


def test_carry_power_deck_sets_the_level_4_third_race() -> None:
    s = start(4, carry={"winner": None, "power": ["P14", "P01"]})
    s = win_race(win_race(s, 0), 1)
    assert s.key == "statehood"  # P14
    assert carry_out(s)["power"] == ["P01"]


def test_options_are_checked() -> None:
    for bad in (
        {"level": 1},
        {"window_ms": 0},
        {"count_ms": True},
        {"carry": {"power": []}},
        {"carry": {"x": 1}},
        {"pin": {"maps": [[60, "M01"]]}},
        {"pin": {"maps": [[0, "M99"]]}},
    ):
        with pytest.raises(ValueError):
            GAME.new(1, **bad)


def test_malformed_moves() -> None:
    s = start()
    for m in (
        Move(0, "shout", ["M01"], 900),
        Move(0, "shout", "M01", 900),
        Move(0, "shout", right_order(s, 0)),  # untimed
        Move(0, "pass", 1, 900),
        Move(0, "dance", None, 900),
    ):
        with pytest.raises(MalformedMove):
            GAME.apply(s, m)
    other = right_order(s, 1)
    with pytest.raises(IllegalMove):
        GAME.apply(s, Move(0, "shout", other, 900))
    with pytest.raises(IllegalMove):
        GAME.apply(s, Move(0, "count", None, 900))


def _saved() -> dict:
    s = win_race(start(3), 0)
    s = shout(s, 1, s.now + 500)
    s = GAME.apply(s, Move(REFEREE, "close", None, s.now + s.window_ms))
    s = GAME.apply(s, Move(1, "answer", [0, [["a", "b"], ["c", "d"]]], s.now + 1))
    return json.loads(json.dumps(GAME.state_to_json(s)))


@pytest.mark.parametrize(
    "mutate",
    [
        lambda o: o.pop("maps"),
        lambda o: o.update(extra=1),
        lambda o: o["maps"].__setitem__(1, o["maps"][0]),
        lambda o: o.update(phase="plunge"),
        lambda o: o.update(phase="over"),
        lambda o: o.update(race=3),
        lambda o: o["results"][0].__setitem__(2, 1),
        lambda o: o["results"][0].__setitem__(1, "capital"),
        lambda o: o["shouts"][0].update(order=o["shouts"][0]["order"][:5]),
        lambda o: o["shouts"][0].update(order=[o["maps"][0]] * 6),
        lambda o: o.update(plunge=[None, False]),
        lambda o: o["history"][0][0].update(answers=[]),
        lambda o: o.update(level=7),
    ],
)
def test_corrupt_saves_are_refused(mutate) -> None:
    obj = _saved()
    assert GAME.state_from_json(json.loads(json.dumps(obj))) is not None
    mutate(obj)
    with pytest.raises(CorruptState):
        GAME.load(obj)
