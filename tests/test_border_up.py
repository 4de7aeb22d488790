"""Border-Up rules on the engine: the deal, GeoPlunging, shouts, the simultaneous window,
the end of a race nobody finishes, scoring, views and the result. Rulings R-1 (scoring),
R-5 (refusals), R-6 (invalid shouts), R-7 (window), R-8 (GeoPlunging), R-9 (time, pass),
R-10 (moves judged by time), R-11 (views)."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace

import pytest

from cardroom.core import REFEREE, CorruptState, IllegalMove, MalformedMove, Move, Rng
from cardroom.geoplunge.border_up import GAME, BorderUpState, deck, result

# Hands that hold known groups (18 cards each; the Level 4 ones 21).
H0 = ("KS", "MO", "KY", "WV", "PA", "MD", "VA", "NC", "SC", "GA", "FL",
      "AK", "HI", "ME", "WA", "TX", "MI", "OR")  # fmt: skip
H1 = ("NY", "VT", "MA", "NH", "CT", "RI", "NJ", "DE", "OH", "IN", "IL",
      "WI", "MN", "IA", "ND", "SD", "NE", "CO")  # fmt: skip
L4_EXTRA = (("AL", "MS", "TN"), ("LA", "OK", "NM"))

GEO_L4 = ["geoplunge", [["KS", "MO", "KY", "WV", "PA"], ["MD", "VA", "NC"]]]
THREE_L4 = [
    "threeoplunge",
    [["KS", "MO", "KY", "WV", "PA"], ["MD", "VA", "NC"], ["SC", "GA", "FL"]],
]
GEO_L3 = ["geoplunge", [["MD", "VA", "NC"], ["SC", "GA", "FL"]]]
THREE_L3 = ["threeoplunge", [["MD", "VA", "NC"], ["SC", "GA", "FL"], ["KS", "MO", "KY"]]]
BAD_L3 = ["geoplunge", [["VA", "MD", "NC"], ["SC", "GA", "FL"]]]  # Virginia not in the middle
GEO_T1 = ["geoplunge", [["NY", "VT", "MA"], ["OH", "IN", "IL"]]]
BAD_T1 = ["geoplunge", [["NY", "VT", "MA"], ["OH", "ND", "IL"]]]


def race(level: int = 3, plunge=(False, False), **options) -> BorderUpState:
    """A game past the GeoPlunging question with the hands above, race started at 1000."""
    s = GAME.new(1, level=level, **options)
    s = GAME.apply(s, Move(0, "plunge", plunge[0], 500))
    s = GAME.apply(s, Move(1, "plunge", plunge[1], 1000))
    assert s.phase == "race" and s.race_start == 1000
    h0, h1 = H0, H1
    if level == 4:
        h0, h1 = H0 + L4_EXTRA[0], H1 + L4_EXTRA[1]
    assert len(set(h0 + h1)) == len(h0 + h1)
    rest = tuple(c for c in deck() if c not in h0 + h1)
    return replace(s, hands=(tuple(sorted(h0)), tuple(sorted(h1))), deck=rest)


def shout(s, seat, data, at):
    return GAME.apply(s, Move(seat, "shout", data, at))


def close(s):
    kind, at = s.deadline()
    assert kind == "close"
    return GAME.apply(s, Move(REFEREE, "close", None, at))


# ------------------------------------------------------------------ the deal


@pytest.mark.parametrize("level, n", [(2, 18), (3, 18), (4, 21)])
def test_deal_after_the_count(level, n):
    s = GAME.new(42, level=level)
    assert s.phase == "plunge" and s.hands == ((), ())
    assert GAME.view(s, 0)["hand"] == []
    s = GAME.apply(s, Move(REFEREE, "count", None, 5000))
    assert s.phase == "race" and s.race_start == 5000
    a, b = s.hands
    assert len(a) == len(b) == n and not set(a) & set(b)
    assert sorted(a + b + s.deck) == sorted(deck()) and len(deck()) == 50
    assert s.plunge == (None, None) and GAME.plunged(s) == (False, False)
    again = GAME.apply(GAME.new(42, level=level), Move(REFEREE, "count", None, 5000))
    other = GAME.apply(GAME.new(43, level=level), Move(REFEREE, "count", None, 5000))
    assert again.hands == s.hands and other.hands != s.hands


def test_bad_options():
    for bad in ({"level": 1}, {"level": 5}, {"window_ms": 0}, {"count_ms": -1},
                {"time_limit_ms": 1.5}, {"window_ms": True}):  # fmt: skip
        with pytest.raises(ValueError):
            GAME.new(1, **bad)


# ------------------------------------------------------------------ GeoPlunging


def test_plunge_decisions_are_secret_until_both_are_in():
    s = GAME.new(3, level=2)
    s = GAME.apply(s, Move(0, "plunge", True, 1200))
    v1 = GAME.view(s, 1)
    assert v1["plunge"] == {"mine": None, "revealed": False, "teams": None}
    assert GAME.view(s, 0)["plunge"]["mine"] is True
    assert GAME.view(s, 0)["actions"] == [] and v1["actions"] == ["plunge"]
    assert v1["now"] == 0 and GAME.view(s, 0)["now"] == 1200
    assert v1["clock"] == {"kind": "count", "at": 5000}
    assert GAME.view(s, REFEREE)["plunge"]["teams"] is None
    with pytest.raises(IllegalMove, match="already decided"):
        GAME.apply(s, Move(0, "plunge", False, 1300))
    with pytest.raises(IllegalMove, match="not dealt"):
        GAME.apply(s, Move(1, "shout", GEO_T1, 1300))
    with pytest.raises(IllegalMove, match="too early"):
        GAME.apply(s, Move(REFEREE, "count", None, 4999))
    s = GAME.apply(s, Move(1, "plunge", False, 3000))
    # Both decided: dealt at once, decisions revealed.
    assert s.phase == "race" and s.race_start == 3000
    assert GAME.view(s, 1)["plunge"] == {"mine": False, "revealed": True, "teams": [True, False]}


def test_undecided_and_late_teams_do_not_plunge():
    s = GAME.new(3, level=2)
    s = GAME.apply(s, Move(0, "plunge", True, 4999))
    # Team 2 stands up after the count: the clock had reached 5, so it is not GeoPlunging.
    s = GAME.apply(s, Move(1, "plunge", True, 5000))
    assert s.phase == "race" and s.race_start == 5000
    assert GAME.plunged(s) == (True, False)
    assert s.late == ((1, "plunge", 5000),)
    # Once the clock has closed the count, a decision is refused outright.
    s = GAME.apply(GAME.new(3, level=2), Move(REFEREE, "count", None, 5000))
    with pytest.raises(IllegalMove, match="count is over"):
        GAME.apply(s, Move(0, "plunge", True, 5001))
    # And with nobody deciding, the clock closes the count.
    s = GAME.apply(GAME.new(3, level=2), Move(REFEREE, "count", None, 5100))
    assert s.race_start == 5000 and GAME.plunged(s) == (False, False)


# ------------------------------------------------------------------ shouts and results


def test_valid_geoplunge_wins_without_bonus():
    s = shout(race(3), 0, GEO_L3, 20_000)
    assert s.phase == "race"  # the window is open
    s = close(s)
    assert GAME.is_over(s)
    assert GAME.outcome(s) == (0, False) and GAME.points(s) == (10, 0)
    r = result(s)
    assert r["winner"] == 0 and not r["bonus"] and r["ending"] == "shout"
    assert r["summary"].startswith("Team 1 shouted GeoPlunge with 2 winning groups")
    assert r["shouts"][0]["after_ms"] == 19_000 and r["shouts"][0]["valid"]


def test_valid_threeoplunge_earns_the_bonus():
    s = close(shout(race(3), 0, THREE_L3, 20_000))
    assert GAME.outcome(s) == (0, True) and GAME.points(s) == (20, 0)
    s = close(shout(race(4), 0, THREE_L4, 20_000))
    assert GAME.outcome(s) == (0, True)


def test_invalid_shout_gives_the_other_team_win_and_bonus():
    # Level 3: Virginia borders both others, so it must be in the middle.
    s = close(shout(race(3), 0, BAD_L3, 20_000))
    assert GAME.outcome(s) == (1, True) and GAME.points(s) == (0, 20)
    r = result(s)
    assert r["shouts"][0]["groups"][0]["ok"] is False
    assert "goes in the middle" in r["shouts"][0]["groups"][0]["reason"]
    assert r["summary"].endswith("Team 2 wins with the bonus.")
    # The same groups are fine at Level 2, where order does not matter.
    assert GAME.outcome(close(shout(race(2), 0, BAD_L3, 20_000))) == (0, False)


def test_level4_layouts():
    four_four = ["geoplunge", [["KS", "MO", "KY", "WV"], ["PA", "MD", "VA", "NC"]]]
    assert GAME.outcome(close(shout(race(4), 0, four_four, 9000))) == (0, False)
    assert GAME.outcome(close(shout(race(4), 0, GEO_L4, 9000))) == (0, False)
    four_three = ["geoplunge", [["KS", "MO", "KY", "WV"], ["MD", "VA", "NC"]]]
    s = close(shout(race(4), 0, four_three, 9000))
    assert GAME.outcome(s) == (1, True)
    assert result(s)["shouts"][0]["problem"] == "Level 4 groups are 4+4 or 5+3, not 4+3"
    # KS-IA-MO-AR is not a group: Team 2 wins.
    s = race(4)
    h0 = (set(s.hands[0]) - {"HI", "AK"}) | {"IA", "AR"}
    h1 = (set(s.hands[1]) - {"IA"}) | {"HI"}
    assert len(h0) == len(h1) == 21 and not h0 & h1 and "AR" in s.deck
    s = replace(s, hands=(tuple(sorted(h0)), tuple(sorted(h1))))
    bad = ["geoplunge", [["KS", "IA", "MO", "AR"], ["PA", "MD", "VA", "NC"]]]
    s = close(shout(s, 0, bad, 9000))
    assert GAME.outcome(s) == (1, True)
    assert "Missouri would be crossed twice" in result(s)["shouts"][0]["reason"]


def test_wrong_group_count_is_a_losing_shout():
    # ThreeOPlunge with two groups, or GeoPlunge with none, loses.
    s = close(shout(race(3), 0, ["threeoplunge", GEO_L3[1]], 9000))
    assert GAME.outcome(s) == (1, True)
    s = close(shout(race(3), 1, ["geoplunge", []], 9000))
    assert GAME.outcome(s) == (0, True)


# ------------------------------------------------------------------ simultaneous


def test_simultaneous_both_valid_is_a_tie():
    s = shout(race(3), 0, GEO_L3, 20_000)
    s = shout(s, 1, GEO_T1, 20_299)  # inside the 300 ms window: ends the game at once
    assert GAME.is_over(s) and s.ending == "simultaneous"
    assert GAME.outcome(s) == (None, False) and GAME.points(s) == (5, 5)
    assert "a tie" in result(s)["summary"]


def test_simultaneous_only_one_valid_wins_with_bonus():
    s = shout(shout(race(3), 0, BAD_L3, 20_000), 1, GEO_T1, 20_100)
    assert GAME.outcome(s) == (1, True) and GAME.points(s) == (0, 20)
    assert "only Team 2 showed winning groups" in result(s)["summary"]
    s = shout(shout(race(3), 1, BAD_T1, 20_000), 0, GEO_L3, 20_010)
    assert GAME.outcome(s) == (0, True)
    # Even a plain GeoPlunge gets the bonus when the other shout fails.
    s = shout(shout(race(3), 0, BAD_L3, 20_000), 1, BAD_T1, 20_000)
    assert GAME.outcome(s) == (None, False)


def test_shout_after_the_window_does_not_count():
    s = shout(race(3), 0, BAD_L3, 20_000)
    # 300 ms later is outside the window (it is [first, first + 300)).
    s = shout(s, 1, GEO_T1, 20_300)
    assert GAME.is_over(s) and s.ending == "shout" and s.ended_at == 20_300
    assert GAME.outcome(s) == (1, True)  # from Team 1's invalid shout, not Team 2's
    assert len(s.shouts) == 1 and s.late == ((1, "shout", 20_300),)
    assert "too late" in result(s)["late"][0]["note"]


def test_configurable_window():
    s = shout(race(3, window_ms=1000), 0, GEO_L3, 20_000)
    s = shout(s, 1, GEO_T1, 20_900)
    assert s.ending == "simultaneous" and GAME.outcome(s) == (None, False)
    s = shout(race(3, window_ms=50), 0, GEO_L3, 20_000)
    with pytest.raises(IllegalMove, match="too early"):
        GAME.apply(s, Move(REFEREE, "close", None, 20_049))
    s = shout(s, 1, GEO_T1, 20_060)
    assert s.ending == "shout" and GAME.outcome(s) == (0, False)


# ------------------------------------------------------------------ GeoPlunging points


def test_geoplunging_points_go_to_the_winner_only():
    s = close(shout(race(3, plunge=(False, True)), 0, GEO_L3, 9000))
    assert GAME.points(s) == (20, 0)
    s = close(shout(race(3, plunge=(True, True)), 0, THREE_L3, 9000))
    assert GAME.points(s) == (40, 0)
    r = result(s)
    assert r["points"] == [40, 0] and r["plunged"] == [True, True]
    assert [ln["label"] for ln in r["scoring"]] == ["Win", "Bonus", "Both teams GeoPlunged"]
    s = shout(shout(race(3, plunge=(True, True)), 0, GEO_L3, 9000), 1, GEO_T1, 9001)
    assert GAME.points(s) == (5, 5)


# ------------------------------------------------------------------ ending a race


def test_time_limit_ends_a_race_as_a_tie():
    s = race(2, time_limit_ms=60_000)
    assert s.deadline() == ("time", 61_000)
    with pytest.raises(IllegalMove):
        GAME.apply(s, Move(REFEREE, "time", None, 60_999))
    end = GAME.apply(s, Move(REFEREE, "time", None, 61_000))
    assert end.ending == "time" and GAME.points(end) == (5, 5)
    assert result(end)["summary"].startswith("Time: nobody shouted")
    # A shout timed after the limit comes too late.
    late = shout(s, 0, GEO_L3, 70_000)
    assert late.ending == "time" and late.late == ((0, "shout", 70_000),)


def test_passing():
    s = GAME.apply(race(2), Move(0, "pass", None, 30_000))
    assert GAME.view(s, 1)["passed"] == [True, False]
    with pytest.raises(IllegalMove, match="passed"):
        shout(s, 0, GEO_L3, 30_001)
    assert not GAME.legal_moves(s, 0)
    # The other team still races; its shout is judged at once (nobody can join it).
    won = shout(s, 1, GEO_T1, 40_000)
    assert GAME.is_over(won) and GAME.outcome(won) == (1, False)
    both = GAME.apply(s, Move(1, "pass", None, 41_000))
    assert both.ending == "pass" and GAME.points(both) == (5, 5)


def test_a_pass_inside_the_window_is_recorded_and_the_shout_decides():
    s = shout(race(2), 0, GEO_L3, 9000)
    # Team 2 cannot see the shout: it may pass as in any race...
    assert Move(1, "pass", None, 9001) in GAME.legal_moves(s, 1)
    assert GAME.view(s, 1)["actions"] == ["shout", "pass"]
    s = GAME.apply(s, Move(1, "pass", None, 9100))
    # ...and sees what it would see had nobody shouted: it passed, Team 1 races on.
    assert not GAME.is_over(s) and s.passed == (None, 9100)
    alone = GAME.apply(race(2), Move(1, "pass", None, 9100))
    assert GAME.view(s, 1) == GAME.view(alone, 1)
    assert GAME.view(s, REFEREE) == GAME.view(alone, REFEREE)
    # The shout came first: it decides when the window closes.
    assert not GAME.legal_moves(s, 1) and s.deadline() == ("close", 9300)
    s = close(s)
    assert s.ending == "shout" and GAME.outcome(s) == (0, False) and GAME.points(s) == (10, 0)
    assert s.late == ((1, "pass", 9100),)
    assert "the shout decides" in result(s)["late"][0]["note"]
    # An invalid shout loses even though the other team passed after it.
    s = GAME.apply(shout(race(3), 0, BAD_L3, 9000), Move(1, "pass", None, 9299))
    assert GAME.outcome(close(s)) == (1, True)
    # A pass at the window's end comes after the game was decided.
    s = GAME.apply(shout(race(2), 0, GEO_L3, 9000), Move(1, "pass", None, 9300))
    assert s.ending == "shout" and s.ended_at == 9300 and s.late == ((1, "pass", 9300),)
    assert "after the game was decided" in result(s)["late"][0]["note"]


# ------------------------------------------------------------------ refusals


@pytest.mark.parametrize(
    "data",
    [
        None,
        "geoplunge",
        ["geoplunge"],
        ["shout", [["MD", "VA", "NC"], ["SC", "GA", "FL"]]],
        ["geoplunge", "MD VA NC"],
        ["geoplunge", ["MD", "VA", "NC"]],
        ["geoplunge", [["MD", "VA", "XX"]]],
        ["geoplunge", [["MD", "VA", 3]]],
    ],
)
def test_malformed_shouts(data):
    with pytest.raises(MalformedMove):
        shout(race(3), 0, data, 9000)
    assert Move(0, "shout", data, 9000) not in GAME.legal_moves(race(3), 0)


def test_illegal_shouts():
    s = race(3)
    not_mine = ["geoplunge", [["MD", "VA", "NC"], ["NY", "VT", "MA"]]]
    with pytest.raises(IllegalMove, match="NY is not in the team's hand"):
        shout(s, 0, not_mine, 9000)
    twice = ["geoplunge", [["MD", "VA", "NC"], ["VA", "WV", "KY"]]]
    with pytest.raises(IllegalMove, match="VA is shown twice"):
        shout(s, 0, twice, 9000)
    assert Move(0, "shout", twice, 9000) not in GAME.legal_moves(s, 0)
    assert Move(0, "shout", GEO_L3, 9000) in GAME.legal_moves(s, 0)
    with pytest.raises(IllegalMove, match="time runs forward"):
        shout(s, 0, GEO_L3, 999)
    with pytest.raises(MalformedMove):
        GAME.apply(s, Move(0, "shout", GEO_L3))  # untimed
    with pytest.raises(MalformedMove):
        GAME.apply(s, Move(0, "plunge", "yes", 9000))
    s2 = shout(s, 0, GEO_L3, 9000)
    with pytest.raises(IllegalMove, match="already shouted"):
        shout(s2, 0, GEO_L3, 9001)
    with pytest.raises(IllegalMove, match="only the table clock"):
        GAME.apply(s2, Move(1, "close", None, 9300))
    with pytest.raises(IllegalMove, match="next call is 'close'"):
        GAME.apply(s2, Move(REFEREE, "time", None, 9_999_999))
    with pytest.raises(IllegalMove, match="not a team"):
        shout(s2, 5, GEO_T1, 9001)
    over = close(s2)
    with pytest.raises(IllegalMove, match="over"):
        shout(over, 1, GEO_T1, 99_999)
    assert GAME.movers(over) == ()


# ------------------------------------------------------------------ views


def test_views_show_own_hand_and_hide_the_other():
    s = race(3)
    v0 = GAME.view(s, 0)
    assert v0["hand"] == sorted(H0) and v0["cards_held"] == [18, 18]
    assert not set(H1) & set(json.dumps(v0).replace('"', " ").split())
    assert GAME.view(s, REFEREE)["hand"] is None
    # A shout is not shown to the other team while its window is open ...
    assert v0["actions"] == ["shout", "pass"] and v0["clock"] == {"kind": "time", "at": 301_000}
    before = {seat: GAME.view(s, seat) for seat in (1, REFEREE)}
    s = shout(s, 0, GEO_L3, 9000)
    v1 = GAME.view(s, 1)
    assert v1["shouted"] == [] and GAME.view(s, REFEREE)["shouted"] == []
    # Not even the clock, the time or the actions give it away: the other
    # team and the public view are exactly as before; the shouter sees its window.
    assert v1 == before[1] and GAME.view(s, REFEREE) == before[REFEREE]
    assert v1["clock"] == {"kind": "time", "at": 301_000} and v1["actions"] == ["shout", "pass"]
    assert v1["now"] == 1000 and GAME.view(s, 0)["now"] == 9000
    assert GAME.view(s, 0)["clock"] == {"kind": "close", "at": 9300}
    assert GAME.view(s, REFEREE)["actions"] == [] and GAME.view(s, REFEREE)["now"] == 1000
    # The table itself knows: the clock's next call closes the window.
    assert GAME.legal_moves(s, REFEREE)[0] == Move(REFEREE, "close", None, 9300)
    assert GAME.view(s, 0)["actions"] == []
    assert GAME.view(s, 0)["shouted"][0]["groups"] == GEO_L3[1]
    # ...and everything is shown at the end, with the result.
    s = close(s)
    v1 = GAME.view(s, 1)
    assert v1["shouted"][0]["call"] == "geoplunge" and v1["hands"][0] == sorted(H0)
    r = v1["result"]
    assert set(r) == {"winner", "bonus", "ending", "summary", "shouts", "late", "plunged",
                      "points", "scoring", "solutions"}  # fmt: skip
    assert r["solutions"][1]["geoplunge"] is not None  # "you could have made..."
    assert json.loads(json.dumps(v1)) == v1
    assert not set(s.deck) & set(json.dumps(v1).replace('"', " ").split())


def test_state_round_trips_through_json():
    s = shout(race(4, plunge=(True, False)), 0, GEO_L4, 9000)
    s = GAME.apply(s, Move(1, "shout", ["geoplunge", [["NY", "VT", "MA"]]], 9100))
    data = json.loads(json.dumps(GAME.state_to_json(s)))
    assert GAME.state_from_json(data) == s


# ------------------------------------------------------------------ the rule books' examples


def test_combo_4_examples():
    """Combo 4: KS-MO-KY-WV-PA and MD-VA-NC are winning groups of 5 and 3; KS-IA-MO-AR
    (Missouri crossed twice) and CO-NE-KS-TX (Texas borders none of the others) are not;
    a bonus with both teams GeoPlunging is 40 points (R-1, R-2)."""
    assert GAME.outcome(close(shout(race(4), 0, GEO_L4, 9000))) == (0, False)
    s = race(4, plunge=(True, True))
    assert GAME.points(close(shout(s, 0, THREE_L4, 9000))) == (40, 0)
    h1 = (set(s.hands[1]) - {"NY", "VT"}) | {"KS", "TX"}
    h0 = (set(s.hands[0]) - {"KS", "TX"}) | {"NY", "VT"}
    s = replace(s, hands=(tuple(sorted(h0)), tuple(sorted(h1))))
    bad = ["geoplunge", [["CO", "NE", "KS", "TX"], ["OH", "IN", "IL", "WI"]]]
    s = close(shout(s, 1, bad, 9000))
    assert GAME.outcome(s) == (0, True) and GAME.points(s) == (40, 0)
    assert "Texas borders none of Colorado, Nebraska and Kansas" in result(s)["summary"]


def test_combo_2_and_3_examples():
    """Maryland, Virginia and North Carolina are a group because Virginia borders both;
    at Level 3 Virginia must be in the middle (R-2)."""
    for level, groups, ok in [
        (2, GEO_L3, True),
        (2, BAD_L3, True),
        (3, GEO_L3, True),
        (3, BAD_L3, False),
        (3, ["geoplunge", [["NC", "VA", "MD"], ["FL", "GA", "SC"]]], True),
    ]:
        winner, _ = GAME.outcome(close(shout(race(level), 0, groups, 9000)))
        assert (winner == 0) == ok, (level, groups)


# ------------------------------------------------------------------ the v2 protocol


def test_seats_teams_and_turns():
    s = GAME.new(7, level=3)
    assert GAME.num_seats(s) == 2 and GAME.num_teams(s) == 2
    assert [GAME.team_of(s, seat) for seat in (0, 1)] == [0, 1]
    assert GAME.to_move(s) == {0, 1, REFEREE}
    s = GAME.apply(s, Move(0, "plunge", True, 100))
    assert GAME.to_move(s) == {1, REFEREE}  # Team 1 decided; that Team 2 may not see
    s = race(3)
    assert GAME.to_move(s) == {0, 1, REFEREE}
    s = shout(s, 0, GEO_L3, 9000)
    assert GAME.to_move(s) == {1, REFEREE}
    s = GAME.apply(s, Move(1, "pass", None, 9001))
    assert GAME.to_move(s) == {REFEREE}
    s = close(s)
    assert GAME.to_move(s) == frozenset() and GAME.points(s) == (10, 0)
    assert GAME.points(race(3)) == (0, 0)


def test_bad_states_and_moves_are_typed_errors():
    s = race(3)
    with pytest.raises(CorruptState):
        GAME.apply({"level": 3}, Move(0, "pass", None, 9000))
    with pytest.raises(MalformedMove):
        GAME.apply(s, {"seat": 0, "kind": "pass", "at": 9000})
    with pytest.raises(MalformedMove):
        Move(0, "pass", None, 2**60)
    with pytest.raises(IllegalMove, match="too far ahead"):
        GAME.apply(s, Move(0, "pass", None, 7 * 60 * 60 * 1000))
    with pytest.raises(MalformedMove):
        GAME.apply(s, Move(0, "shout", {"call": "geoplunge"}, 9000))
    with pytest.raises(MalformedMove):
        GAME.apply(s, Move(0, "shout", [[[[[[[["x"]]]]]]]], 9000))


def _saved(s: BorderUpState) -> dict:
    return json.loads(json.dumps(GAME.state_to_json(s)))


@pytest.mark.parametrize(
    "change, why",
    [
        (lambda o: o.pop("deck"), "missing 'deck'"),
        (lambda o: o.update(extra=1), "unexpected keys"),
        (lambda o: o.update(level="3"), "'level'"),
        (lambda o: o.update(level=5), "'level'"),
        (lambda o: o.update(now=-1), "'now'"),
        (lambda o: o.update(now=True), "'now'"),
        (lambda o: o.update(rng=2**64), "'rng'"),
        (lambda o: o.update(phase="dealing"), "'phase'"),
        (lambda o: o["hands"][0].__setitem__(0, "XX"), "unknown card"),
        (lambda o: o["hands"][0].__setitem__(0, o["hands"][1][0]), "two places"),
        (lambda o: o["hands"][0].pop(), "cards are missing"),
        (lambda o: o["deck"].append(o["hands"][0].pop()), "holds 18 cards"),
        (lambda o: o.update(phase="plunge"), "dealt before the count"),
        (lambda o: o.update(phase="over"), "without an end"),
        (lambda o: o.update(plunge=[True, None]), "decision and its time disagree"),
        (lambda o: o.update(plunge=[True, True, True]), "2 items"),
        (lambda o: o.update(shouts=[[0, 9000, "geoplunge", [["NY", "VT", "MA"]]]]), "does not"),
        (lambda o: o.update(shouts=[[0, 9000, "shout", []]]), "unknown call"),
        (lambda o: o.update(passed=[1000, 1000]), "both teams passed"),
        (lambda o: o.update(passed=[1500, None]), "after the clock"),
        (lambda o: o.update(race_start=900), "dealt once both teams decide"),
        (lambda o: o.update(late=[[0, "shout", 1000]]), "before the end"),
        (lambda o: o.update(hands="KS MO"), "'hands' must be a list"),
    ],
)
def test_state_from_json_refuses_what_no_game_reaches(change, why):
    o = _saved(race(3))
    assert GAME.state_from_json(_saved(race(3))) == race(3)
    change(o)
    with pytest.raises(CorruptState, match=re.escape(why)):
        GAME.state_from_json(o)


def test_state_from_json_refuses_garbage():
    for bad in (None, [], "race", {"level": 3}, {**_saved(race(2)), "shouts": "x"}):
        with pytest.raises(CorruptState):
            GAME.state_from_json(bad)
    # Every real phase loads back.
    s = GAME.new(3, level=4)
    for m in (Move(0, "plunge", True, 10), Move(REFEREE, "count", None, 5000)):
        assert GAME.state_from_json(_saved(s)) == s
        s = GAME.apply(s, m)
    s = close(shout(race(4), 0, GEO_L4, 9000))
    assert GAME.state_from_json(_saved(s)) == s


def test_resample_hides_a_shout_inside_its_window():
    quiet = race(3)
    loud = shout(quiet, 0, GEO_L3, 9000)
    worlds = {
        seat: [GAME.resample(st, 1, Rng(k)) for k in range(40) for st in (quiet, loud)]
        for seat in (1,)
    }[1]
    assert {len(w.shouts) for w in worlds} == {0, 1}  # either world, whichever is real
    for w in worlds:
        assert GAME.view(w, 1) == GAME.view(quiet, 1)
        assert set(w.hands[1]) == set(H1) and set(w.hands[0]).isdisjoint(H1)
        assert GAME.state_from_json(_saved(w)) == w
        # Team 2 knows the clock stands at the deal (1000): a shout since then, if any.
        assert all(1000 <= sh.at < 1300 and sh.seat == 0 for sh in w.shouts)
    # Independent of the real hidden content: the same draw from either world.
    assert GAME.resample(quiet, 1, Rng(5)) == GAME.resample(loud, 1, Rng(5))
    # The shouter knows its own shout; the table knows the window but not who shouted.
    assert all(GAME.resample(loud, 0, Rng(k)).shouts == loud.shouts for k in range(5))
    ref = [GAME.resample(loud, REFEREE, Rng(k)) for k in range(30)]
    assert {w.shouts[0].at for w in ref} == {9000} and {w.shouts[0].seat for w in ref} == {0, 1}


def test_resample_redraws_a_secret_decision_during_the_count():
    s = GAME.apply(GAME.new(9, level=2), Move(0, "plunge", True, 1200))
    seen = {(w.plunge[0], w.plunge_at[0]) for w in (GAME.resample(s, 1, Rng(k)) for k in range(60))}
    assert {p for p, _ in seen} == {None, True, False}
    assert all(at is None or 0 <= at < 5000 for _, at in seen)
    # Once Team 2 has decided too, the cards are dealt and the decisions revealed.
    s2 = GAME.apply(s, Move(1, "plunge", False, 1500))
    assert all(GAME.resample(s2, 1, Rng(k)).plunge == (True, False) for k in range(5))


def test_pin_deals_another_world_with_what_the_seat_saw():
    s = GAME.new(11, level=4)
    moves = [Move(0, "plunge", False, 100), Move(REFEREE, "count", None, 5000)]
    s = GAME.replay(11, moves, level=4)
    cards = list(s.hands[1])
    moves.append(Move(1, "shout", ["geoplunge", [cards[:4], cards[4:8]]], 8000))
    s = GAME.replay(11, moves, level=4)
    opts = GAME.pin(s, 0)
    assert set(opts["pin"]["0"]) == set(s.hands[0]) and set(opts["pin"]["1"]) == set(cards[:8])
    alt = GAME.replay(999, moves, level=4, **opts)
    assert GAME.view(alt, 0) == GAME.view(s, 0) and alt.hands[1] != s.hands[1]
    with pytest.raises(ValueError):
        GAME.new(1, level=2, pin={"0": ["KS", "KS"]})
    with pytest.raises(ValueError):
        GAME.new(1, level=2, pin={"0": ["KS"], "1": ["KS"]})
    with pytest.raises(ValueError):
        GAME.new(1, level=2, pin={"2": []})


def test_carry_is_accepted_and_changes_nothing():
    assert GAME.new(4, level=3, carry={"winner": 1}) == GAME.new(4, level=3)
    assert GAME.new(4, level=3, carry={"winner": None}) == GAME.new(4, level=3)
    for bad in ({"winner": 2}, {"loser": 0}, "Team 1", {"winner": True}):
        with pytest.raises(ValueError):
            GAME.new(4, level=3, carry=bad)


# ------------------------------------------------------------------ the public clock


def test_secret_moves_do_not_move_the_clock():
    """A shout inside its window and a decision during the count are secret, so the
    table's clock (the bound on every move's time) stays where everybody saw it: a move
    of the other team timed earlier is judged in time order, never refused for it."""
    s = shout(race(3), 0, GEO_L3, 9000)
    assert GAME.clock(s) == 1000 and GAME.clock(race(3)) == 1000
    with pytest.raises(IllegalMove, match="time runs forward"):
        GAME.apply(s, Move(1, "pass", None, 999))  # before the deal: public
    # Team 2 passes, timed before the shout: the pass came first, so the shout is judged
    # at once at its own time.
    end = GAME.apply(s, Move(1, "pass", None, 5000))
    assert end.ending == "shout" and end.ended_at == 9000 and GAME.outcome(end) == (0, False)
    # Team 2 shouts 200 ms before Team 1: simultaneous, in time order.
    end = shout(s, 1, GEO_T1, 8800)
    assert end.ending == "simultaneous" and [sh.seat for sh in end.shouts] == [1, 0]
    assert GAME.points(end) == (5, 5) and end.ended_at == 9000
    # Team 2 shouts long before: its window closed before Team 1's shout, which is late.
    end = shout(s, 1, BAD_T1, 5000)
    assert end.ending == "shout" and end.ended_at == 5300 and GAME.outcome(end) == (0, True)
    assert end.late == ((0, "shout", 9000),) and len(end.shouts) == 1
    for e in (end, shout(s, 1, GEO_T1, 8800)):
        assert GAME.state_from_json(_saved(e)) == e


def test_decisions_in_time_order():
    s = GAME.apply(GAME.new(3, level=2), Move(0, "plunge", True, 3000))
    assert GAME.clock(s) == 0
    s = GAME.apply(s, Move(1, "plunge", False, 1000))  # came in later, timed earlier
    assert s.phase == "race" and s.race_start == 3000 and GAME.clock(s) == 3000
    assert GAME.view(s, 1)["now"] == 3000 and GAME.plunged(s) == (True, False)


@pytest.mark.parametrize("level", [2, 3, 4])
def test_out_of_order_games_agree_with_the_oracle(level):
    """Random games in which a team's move is often timed before a secret move it could
    not see: the points follow the rules (the oracle judges moves in time order), and
    the other team's view is the same as if the secret move had not been made."""
    from tests.oracles.border_up import judge

    rng = random.Random(level)
    endings = set()
    for seed in range(150):
        s = GAME.new(seed, level=level)
        moves: list[Move] = []
        while not GAME.is_over(s):
            movers = sorted(GAME.to_move(s))
            seat = rng.choice(movers)
            m = GAME.legal_moves(s, seat).sample(rng)
            if seat != REFEREE:
                m = m.with_time(GAME.clock(s) + rng.choice((0, 50, 200, 299, 400, 2000)))
            if seat != REFEREE and s.phase == "race":
                quiet = replace(s, shouts=())
                if s.shouts and s.shouts[0].seat != seat and GAME.state_from_json(_saved(quiet)):
                    assert GAME.view(s, seat) == GAME.view(quiet, seat)
                    assert GAME.legal_moves(s, seat).signature() == (
                        GAME.legal_moves(quiet, seat).signature()
                    )
            s = GAME.apply(s, m)
            moves.append(m)
            assert GAME.state_from_json(_saved(s)) == s
        dealt = GAME.state_to_json(GAME.new(seed, level=level))
        v = judge(dealt, [m.to_json() for m in moves], {"level": level})
        assert v.points == GAME.points(s), (seed, [m.to_json() for m in moves])
        endings.add(s.ending)
    assert endings == {"shout", "simultaneous", "time", "pass"}
