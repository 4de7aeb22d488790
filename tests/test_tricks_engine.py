"""Play the Ranks and Play the Border Zap through the engine: deals, setup dialogues,
tricks, endings, views, errors and saves. Hands are dealt with the ``pin`` option."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from cardroom.core import CorruptState, IllegalMove, MalformedMove, Move, Rng
from cardroom.geoplunge.tricks import zap
from cardroom.geoplunge.tricks.ranks import GAME as PTR
from cardroom.geoplunge.tricks.ranks import Trick, outcome
from cardroom.geoplunge.tricks.zap import GAME as PTB

# ------------------------------------------------------------------ helpers


def deal(team0: list[str], team1: list[str], extra: list[str] = (), start: int = 18):  # type: ignore[assignment]
    """A pin putting ``team0`` and ``team1`` in the two hands and ``extra`` after them."""
    cards = [[i, c] for i, c in enumerate(team0)]
    cards += [[9 + i, c] for i, c in enumerate(team1)]
    cards += [[start + i, c] for i, c in enumerate(extra)]
    return cards


def go(game, s, *moves):
    for seat, kind, data in moves:
        s = game.apply(s, Move(seat, kind, data))
    return s


def lead(card, cat, base, power=None):
    d = {"card": card, "category": cat, "base": base}
    if power:
        d["power"] = power
    return d


def follow(card, power=None, change="category"):
    return {"card": card} if power is None else {"card": card, "power": power, "change": change}


# ------------------------------------------------------------------ Level 2

T0 = ["GA", "ME", "AK", "TX", "CA", "DE", "PA", "NJ", "WY"]
T1 = ["FL", "NY", "IL", "OH", "MI", "NC", "VT", "RI", "ND"]


def level2(carry=0):
    s = PTR.new(5, level=2, carry={"winner": carry}, pin={"cards": deal(T0, T1)})
    assert s.hands == (tuple(sorted(T0)), tuple(sorted(T1)))
    s = go(PTR, s, (0, "discard", "WY"), (1, "discard", "ND"))
    assert s.phase == "plunge" and s.discards == (("WY",), ("ND",))
    return go(PTR, s, (0, "plunge", False), (1, "plunge", True))


def test_level2_deal_discard_and_plunge() -> None:
    s = PTR.new(1, level=2)
    assert s.phase == "discard" and [len(h) for h in s.hands] == [9, 9]
    assert PTR.to_move(s) == {0, 1}
    s = go(PTR, s, (0, "discard", s.hands[0][0]))
    assert PTR.to_move(s) == {1}
    with pytest.raises(IllegalMove):
        PTR.apply(s, Move(0, "discard", s.hands[0][0]))
    s = level2()
    assert s.phase == "play" and PTR.to_move(s) == {0}
    assert PTR.view(s, 0)["plunge"]["plunged"] == [False, True]


def test_level2_georgia_and_maine_tricks() -> None:
    s = level2()
    moves = PTR.legal_moves(s, 0)
    assert {m.data["base"] for m in moves} == {1, 50}  # Level 2: base 1 or 50
    assert all("power" not in m.data for m in moves)
    s = go(PTR, s, (0, "lead", lead("GA", "statehood", 1)))
    # the state is announced at Level 2: the other team sees it
    assert PTR.view(s, 1)["tricks"][0]["card"] == "GA"
    s1 = go(PTR, s, (1, "follow", follow("NY")))  # statehood 11: Georgia (4) wins
    assert s1.tricks[0].winner == 0 and PTR.to_move(s1) == {0}
    s2 = go(PTR, s, (1, "follow", follow("OH")))  # Ohio 17
    assert s2.tricks[0].winner == 0
    # Maine, population, base 50: only ranks 43+ beat it (2020 Census, R-40)
    s = go(PTR, s1, (0, "lead", lead("ME", "population", 50)))
    s3 = go(PTR, s, (1, "follow", follow("VT")))  # Vermont 49th
    assert s3.tricks[1].winner == 1 and PTR.to_move(s3) == {1}
    assert "Vermont (49) beats Maine (42)" in PTR.view(s3, 0)["tricks"][1]["reason"]
    s4 = go(PTR, s, (1, "follow", follow("NC")))  # North Carolina 9th
    assert s4.tricks[1].winner == 0


def _force(s, wins):
    """A state whose done tricks were won as in ``wins`` (for the ending rules)."""
    tricks = []
    lead_team = s.first
    for w in wins:
        tricks.append(Trick(lead_team, "AK", "size", 1, follow="RI", winner=w))
        lead_team = w
    return replace(s, tricks=tuple(tricks))


def test_level2_endings() -> None:
    s = replace(level2(), phase="over")
    w, bonus, why = outcome(_force(s, [0, 0, 0, 0, 0, 0]))
    assert (w, bonus) == (0, True)
    # ended early: the reason says why tricks 7 and 8 were not played (a play-test)
    assert why == (
        "6 tricks to 0: the game stops once a team has 6 tricks, so the last 2 tricks were "
        "not played"
    )
    w, bonus, why = outcome(_force(s, [1, 0, 0, 0, 0, 0, 0]))
    assert why.startswith("6 tricks to 1: ") and why.endswith("so the last trick was not played")
    _, _, why = outcome(_force(s, [1, 1, 0, 0, 0, 0, 0, 0]))
    assert why == "6 tricks to 2"  # all 8 played: nothing to explain
    w, bonus, _ = outcome(_force(s, [1, 0, 1, 0, 1, 0, 1, 1]))
    assert (w, bonus) == (1, False)
    w, bonus, why = outcome(_force(s, [1, 1, 1, 1, 0, 0, 0, 0]))
    assert (w, bonus, why) == (0, False, "4-4: Team 1 won the last trick")
    assert PTR.points(_force(s, [1, 1, 1, 1, 0, 0, 0, 0])) == (20, 0)  # one team plunged


def test_level2_game_ends_at_six_tricks() -> None:
    s = level2()
    order = [("AK", "size", 1, "RI"), ("TX", "size", 1, "VT"), ("CA", "size", 1, "OH"),
             ("DE", "statehood", 1, "MI"), ("PA", "statehood", 1, "IL")]  # fmt: skip
    for c, cat, b, f in order:
        s = go(PTR, s, (0, "lead", lead(c, cat, b)), (1, "follow", follow(f)))
    assert s.won == (5, 0) and s.phase == "play"
    s = go(PTR, s, (0, "lead", lead("NJ", "statehood", 1)), (1, "follow", follow("NC")))
    assert s.phase == "over" and s.won == (6, 0) and len(s.tricks) == 6
    assert PTR.points(s) == (30, 0)  # win + bonus + one team GeoPlunging
    assert PTR.legal_moves(s, 0).is_empty() and PTR.to_move(s) == frozenset()


# ------------------------------------------------------------------ Level 3


def test_level3_bases_from_two_turned_power_cards() -> None:
    s = PTR.new(3, level=3, version="ptr1", carry={"winner": 1},
                pin={"powers": [[4, "P05"], [5, "P04"]]})  # fmt: skip
    assert s.bases == (50, 30) and [len(p) for p in s.powers] == [2, 2]
    v = PTR.view(s, 0)
    assert [p["base"] for p in v["turned"]] == [50, 30] and v["bases"] == [50, 30]
    s = go(PTR, s, (0, "discard", s.hands[0][0]), (1, "discard", s.hands[1][0]))
    s = go(PTR, s, (1, "plunge", False), (0, "plunge", False))
    assert {m.data["base"] for m in PTR.legal_moves(s, 1)} == {50}  # tricks 1-4
    s2 = replace(s, version="ptr2")
    assert {m.data["base"] for m in PTR.legal_moves(s2, 1)} == {50, 30}  # PTR2: the lead's
    s5 = _force(s, [1, 1, 1, 1])
    assert {m.data["base"] for m in PTR.legal_moves(s5, 1)} == {30}  # tricks 5-8


def test_level3_power_plays_and_forced_power() -> None:
    s = PTR.new(3, level=3, carry={"winner": 0}, pin={"powers": [[0, "P06"], [1, "P13"]]})
    s = go(PTR, s, (0, "discard", s.hands[0][0]), (1, "discard", s.hands[1][0]))
    s = go(PTR, s, (0, "plunge", False), (1, "plunge", False))
    m = [x for x in PTR.legal_moves(s, 0) if "power" in x.data]
    assert {x.data["category"] for x in m if x.data["power"] == "P06"} == {"population"}
    card = s.hands[0][0]
    with pytest.raises(IllegalMove):  # a lead's Power card locks its own category
        PTR.apply(s, Move(0, "lead", lead(card, "size", s.bases[0], "P06")))
    # forced: 2 tricks left and 2 Power cards -> only Power plays
    late = _force(s, [0, 1, 0, 1, 0, 1])
    late = replace(late, hands=(late.hands[0][:2], late.hands[1][:2]))
    assert PTR.must_power(late, 0)
    assert all("power" in x.data for x in PTR.legal_moves(late, 0))
    with pytest.raises(IllegalMove):
        PTR.apply(late, Move(0, "lead", lead(late.hands[0][0], "size", late.bases[1])))
    assert not PTR.must_power(replace(late, force_power=False), 0)


def test_unplayed_power_cards_lose() -> None:
    # with force_power off, a team that did not play both Power cards loses.
    s = PTR.new(3, level=3, carry={"winner": 0}, force_power=False)
    s = replace(_force(s, [0, 0, 0, 0, 0, 1, 1, 1]), phase="over")
    s = replace(s, powers=((), ("P01",)))
    assert outcome(s)[:2] == (0, False)
    s = replace(s, powers=(("P02",), ()))
    assert outcome(s)[0] == 1  # even with 5 tricks
    s = replace(s, powers=(("P02",), ("P01",)))
    assert outcome(s)[0] is None and PTR.points(s) == (5, 5)
    early = replace(_force(s, [0, 0, 0, 0, 0, 0]), powers=(("P02",), ("P01",)))
    assert outcome(early)[:2] == (0, True)  # an early end waives the rule


# ------------------------------------------------------------------ Level 4: PTR1 examples

L4_T0 = ["NY", "MN", "CO", "UT", "AK", "RI", "DE", "TX", "WY"]
L4_T1 = ["GA", "TN", "OK", "WI", "CA", "NH", "ND", "SD", "VT"]


def level4(version="ptr1"):
    pin = {
        "cards": deal(L4_T0, L4_T1, ["FL", "VA"]),
        "powers": [[0, "P06"], [1, "P09"], [2, "P07"], [3, "P14"],
                   [4, "P01"], [5, "P04"], [6, "P02"], [7, "P11"]],
    }  # fmt: skip
    return PTR.new(11, level=4, version=version, carry={"winner": 0}, pin=pin)


def test_level4_setup_cards_or_call() -> None:
    s = level4()
    assert s.phase == "role" and PTR.to_move(s) == {0}
    assert [p["id"] for p in PTR.view(s, 1)["kept"]] == ["P01", "P04", "P02"]
    # lead says Cards: the other team is the Call Team
    a = go(PTR, s, (0, "role", "cards"))
    assert a.call == 1 and a.phase == "arrange" and PTR.to_move(a) == {1}
    # lead says Call, the other says Cards
    b = go(PTR, s, (0, "role", "call"), (1, "role", "cards"))
    assert b.call == 0 and b.bur_count == 2
    # lead says Call, the other Ups the BUR to 4; the lead then takes Cards
    c = go(PTR, s, (0, "role", "call"), (1, "up", 4))
    assert PTR.to_move(c) == {0} and c.bur_count == 4
    with pytest.raises(IllegalMove):
        PTR.apply(c, Move(0, "up", 5))
    c = go(PTR, c, (0, "role", "cards"))
    assert c.call == 1
    with pytest.raises(MalformedMove):
        PTR.apply(s, Move(0, "up", 6))
    c2 = go(PTR, s, (0, "role", "call"), (1, "up", 3), (0, "role", "call"))
    assert c2.call == 0 and c2.bur_count == 3


def test_level4_arrange_bur_discards_pull() -> None:
    s = go(PTR, level4(), (0, "role", "call"), (1, "role", "cards"))
    arr = PTR.legal_moves(s, 0)
    assert len(arr) == 6  # drop one of three, order the other two (PTR1)
    s = go(PTR, s, (0, "arrange", {"drop": "P02", "first": "P01"}))
    assert s.bases == (1, 30) and s.bur == ("FL", "VA")
    assert set(s.bur) <= set(s.hands[1]) and len(s.hands[1]) == 11
    assert PTR.view(s, 0)["bur_ranks"] == {"1": 3, "30": 35}
    s = go(PTR, s, (0, "discard", "WY"), (1, "discard", "ND"), (1, "discard", "SD"))
    assert PTR.to_move(s) == {1}
    s = go(PTR, s, (1, "discard", "VT"))
    assert s.phase == "pull" and PTR.to_move(s) == {0}  # the Call Team declares first
    pulled = go(PTR, s, (0, "pull", True))
    assert pulled.powers == ((), ()) and pulled.phase == "plunge" and pulled.pulled == 0
    s = go(PTR, s, (0, "pull", False))
    assert PTR.to_move(s) == {1}
    s2 = go(PTR, s, (1, "pull", True))
    assert s2.pulled == 1 and s2.powers == ((), ())
    s = go(PTR, s, (1, "pull", False), (0, "plunge", False), (1, "plunge", False))
    assert s.phase == "play" and s.pulled is None
    ptr2 = go(PTR, level4("ptr2"), (0, "role", "call"), (1, "role", "cards"))
    assert {m.data["drop"] for m in PTR.legal_moves(ptr2, 0)} == {"P01", "P04", "P02"}
    assert all(set(m.data) == {"drop"} for m in PTR.legal_moves(ptr2, 0))
    return None


def level4_play(version="ptr1"):
    s = go(PTR, level4(version), (0, "role", "call"), (1, "role", "cards"))
    arrange = {"drop": "P02", "first": "P01"} if version == "ptr1" else {"drop": "P02"}
    s = go(PTR, s, (0, "arrange", arrange), (0, "discard", "WY"), (1, "discard", "ND"),
           (1, "discard", "SD"), (1, "discard", "VT"), (0, "pull", False), (1, "pull", False),
           (0, "plunge", True), (1, "plunge", False))  # fmt: skip
    assert s.phase == "play"
    return s


def test_level4_the_four_ptr1_examples_in_play() -> None:
    s = level4_play()
    v = PTR.view(s, 1)
    assert v["geostar"]["field"] == "nickname"
    # 1. New York face-down with the Population Power card; Georgia + a Size Power card
    s = go(PTR, s, (0, "lead", lead("NY", "population", 1, "P06")))
    v1 = PTR.view(s, 1)["tricks"][0]
    assert v1["card"] is None and v1["geostar"] == "The Empire State"  # GeoStar only
    assert PTR.view(s, 0)["tricks"][0]["card"] == "NY"
    assert PTR.view(s, -1)["tricks"][0]["card"] is None
    locked = go(PTR, s, (1, "follow", follow("GA", "P07")))
    assert locked.tricks[0].winner == 0 and PTR.view(locked, 1)["tricks"][0]["card"] == "NY"
    assert PTR.view(locked, 1)["tricks"][0]["used"]["category"] == "population"
    s = go(PTR, s, (1, "follow", follow("GA")))
    assert s.tricks[0].winner == 0
    # 3. Colorado, size, base 1; Tennessee with the Statehood Power card wins
    s = go(PTR, s, (0, "lead", lead("CO", "size", 1)), (1, "follow", follow("TN", "P14")))
    t = PTR.view(s, 0)["tricks"][1]
    assert s.tricks[1].winner == 1 and t["used"] == {"category": "statehood", "base": 1}
    # Team 2 leads; Team 1 wins the next two (base 1)
    s = go(PTR, s, (1, "lead", lead("NH", "size", 1)), (0, "follow", follow("TX")))
    s = go(PTR, s, (0, "lead", lead("AK", "size", 1)), (1, "follow", follow("FL")))
    assert s.won == (3, 1)
    # 2. Base 30: Minnesota, statehood, protected by the BUR (35)
    assert PTR.view(s, 0)["trick_base"] == 30
    s = go(PTR, s, (0, "lead", lead("MN", "statehood", 30)))
    alt = go(PTR, s, (1, "follow", follow("WI")))
    assert alt.tricks[-1].winner == 1  # Wisconsin (30) wins
    # Virginia with the Size Power card: Minnesota is protected, the category stays
    # statehood and Virginia (10) is below the base; in size Virginia (35) would have won
    s = go(PTR, s, (1, "follow", follow("VA", "P07")))
    tv = PTR.view(s, 0)["tricks"][-1]
    assert s.tricks[-1].winner == 0 and tv["protected"] and tv["used"]["category"] == "statehood"
    # 4. Utah, population, base 30; Oklahoma (28) is below the base
    s = go(PTR, s, (0, "lead", lead("UT", "population", 30)), (1, "follow", follow("OK")))
    assert s.tricks[-1].winner == 0
    assert PTR.view(s, 1)["tricks"][-1]["reason"] == (
        "Population, base 30: Oklahoma (28) is below the base and loses"
    )
    # the sixth trick ends the game early; the Power card left is no loss then
    s = go(PTR, s, (0, "lead", lead("RI", "population", 30, "P09")), (1, "follow", follow("CA")))
    assert s.phase == "over" and s.won == (6, 1)
    assert outcome(s) == (
        0,
        True,
        "6 tricks to 1: the game stops once a team has 6 tricks, so the last trick was not played",
    )
    assert PTR.points(s) == (30, 0)


def test_level4_ptr2_change_the_base() -> None:
    s = level4_play("ptr2")
    assert set(s.bases) == {1, 30}
    s = go(PTR, s, (0, "lead", lead("UT", "population", 30)))
    changes = {(m.data.get("power"), m.data.get("change")) for m in PTR.legal_moves(s, 1)}
    # P07 shows base 10 (not a base of this game): category only; P14 shows 30 = announced
    assert ("P07", "base") not in changes and ("P14", "base") not in changes
    s = go(PTR, level4_play("ptr2"), (0, "lead", lead("UT", "population", 1)))
    changes = {(m.data.get("power"), m.data.get("change")) for m in PTR.legal_moves(s, 1)}
    assert ("P14", "base") in changes  # 30 is the other base
    out = go(PTR, s, (1, "follow", follow("OK", "P14", "base")))
    # Utah 30 vs Oklahoma 28 in population: base changed to 30, Oklahoma below it
    assert out.tricks[0].winner == 0 and PTR.view(out, 0)["tricks"][0]["used"]["base"] == 30
    out = go(PTR, s, (1, "follow", follow("OK")))  # at base 1, Oklahoma's 28 beats 30
    assert out.tricks[0].winner == 1
    with pytest.raises(IllegalMove):
        PTR.apply(s, Move(1, "follow", follow("OK", "P07", "base")))


def test_level4_pull_four_all_goes_to_the_other_team() -> None:
    s = replace(level4_play(), pulls=((0, True),), powers=((), ()))
    s = replace(_force(s, [0, 0, 1, 1, 0, 1, 0, 1]), phase="over")
    assert outcome(s)[:2] == (1, False)  # Team 1 pulled: Team 2 wins at 4-4
    s = replace(s, pulls=((0, False), (1, True)))
    assert outcome(s)[:2] == (0, False)


# ------------------------------------------------------------------ protocol details


def test_options_are_checked() -> None:
    with pytest.raises(ValueError):
        PTR.new(1, level=5)
    with pytest.raises(ValueError):
        PTR.new(1, level=2, version="ptr2")
    with pytest.raises(ValueError):
        PTR.new(1, level=3, version="ptb")
    with pytest.raises(ValueError):
        PTR.new(1, level=3, carry={"winner": 2})
    with pytest.raises(ValueError):
        PTR.new(1, colour="red")
    with pytest.raises(ValueError):
        PTB.new(1, level=2)
    with pytest.raises(ValueError):
        PTR.new(1, pin={"cards": [[0, "XX"]]})


def test_first_lead_from_carry_or_the_statehood_pick() -> None:
    for seed in range(20):
        s = PTR.new(seed, level=2)
        a, b = s.pick
        from cardroom import atlas

        want = 0 if atlas.by_code()[a].statehood_rank < atlas.by_code()[b].statehood_rank else 1
        assert s.first == want and PTR.view(s, -1)["pick"] == [a, b]
    assert PTR.new(1, level=2, carry={"winner": 1}).first == 1
    assert PTR.new(1, level=2, carry={"winner": None}).pick is not None


def test_game4_version_from_a_turned_power_card() -> None:
    from cardroom.geoplunge.tricks.common import game4_version

    seen = {game4_version(Rng(k))[0] for k in range(60)}
    assert seen == {"PTR1", "PTR2", "PTB"}


def test_malformed_and_illegal_moves() -> None:
    s = level2()
    for data in ({"card": "GA"}, {"card": "XX", "category": "size", "base": 1},
                 {"card": "GA", "category": "colour", "base": 1},
                 {"card": "GA", "category": "size", "base": 7}, "GA"):  # fmt: skip
        with pytest.raises(MalformedMove):
            PTR.apply(s, Move(0, "lead", data))
    with pytest.raises(IllegalMove):
        PTR.apply(s, Move(0, "lead", lead("FL", "size", 1)))  # not in the hand
    with pytest.raises(IllegalMove):
        PTR.apply(s, Move(1, "lead", lead("FL", "size", 1)))  # not its turn
    with pytest.raises(IllegalMove):
        PTR.apply(s, Move(0, "lead", lead("GA", "size", 10)))  # Level 2: 1 or 50
    with pytest.raises(MalformedMove):
        PTR.apply(s, Move(0, "shout", None))


def test_level4_lead_hidden_from_resample_and_views() -> None:
    s = level4_play()
    s = go(PTR, s, (0, "lead", lead("NY", "population", 1, "P06")))
    seen = set()
    for k in range(30):
        w = PTR.resample(s, 1, Rng(k))
        assert PTR.view(w, 1) == PTR.view(s, 1)
        seen.add(w.tricks[-1].card)
        # the resampled card carries the same GeoStar
        from cardroom.geoplunge.decks import geostar_value

        assert geostar_value("nickname", w.tricks[-1].card) == "The Empire State"
    assert seen == {"NY"}  # a nickname names one state
    # the Cards Team's hidden hand is re-drawn, BUR cards stay with it
    w = PTR.resample(s, 0, Rng(3))
    assert set(w.bur) <= set(w.hands[1]) | set(w.discards[1])
    assert w.hands[1] != s.hands[1] or w.discards[1] != s.discards[1]


def test_saves_round_trip_and_corrupt_saves_are_refused() -> None:
    s = level4_play()
    s = go(PTR, s, (0, "lead", lead("NY", "population", 1, "P06")))
    obj = json.loads(json.dumps(PTR.state_to_json(s)))
    assert PTR.state_from_json(obj) == s
    for key, value in (("phase", "over"), ("bur", ["FL", "FL"]), ("hands", [["GA"], []]),
                       ("level", 7), ("order", ["AK"])):  # fmt: skip
        bad = dict(obj, **{key: value})
        with pytest.raises(CorruptState):
            PTR.state_from_json(bad)
    bad = dict(obj)
    del bad["tricks"]
    with pytest.raises(CorruptState):
        PTR.state_from_json(bad)
    with pytest.raises(CorruptState):
        PTR.load("not a state")
    done = dict(obj, tricks=[dict(obj["tricks"][0], follow="GA", winner=1)])
    with pytest.raises(CorruptState):  # a winner the rules do not give
        PTR.state_from_json(done)


# ------------------------------------------------------------------ Border Zap


def zap_deal(level=3):
    b1 = (["UT", "ME", "AK"], ["TX", "FL", "HI"])
    b2 = (["NY", "OR", "KS"], ["CO", "WA", "IA"])
    up = (["GA", "NM"], ["AZ", "MO"])
    k = 1 if level == 3 else 2
    cards = [[i, c] for i, c in enumerate(b1[0] + b1[1] + b2[0] + b2[1])]
    cards += [[12 + i, c] for i, c in enumerate(up[0][:k] + up[1][:k])]
    return PTB.new(4, level=level, carry={"winner": 0}, pin={"cards": cards})


def test_zap_trades_are_secret_until_both_choose() -> None:
    s = zap_deal()
    assert s.hands == (("AK", "ME", "UT"), ("FL", "HI", "TX"))
    s = go(PTB, s, (0, "trade", "UT"))
    assert PTB.view(s, 1)["committed"] == [True, False] and PTB.view(s, 1)["commit"] is None
    assert "UT" not in json.dumps(PTB.view(s, 1)) and "UT" not in json.dumps(PTB.view(s, -1))
    with pytest.raises(IllegalMove):
        PTB.apply(s, Move(0, "trade", "ME"))  # once only
    s = go(PTB, s, (1, "trade", "HI"))
    assert s.phase == "trade2" and s.trades == (("UT", "HI"),)
    assert set(s.hands[0]) == {"AK", "ME", "HI", "NY", "OR", "KS"}
    assert PTB.tradeable(s, 0) == ("KS", "NY", "OR")  # only the 3 new cards
    with pytest.raises(IllegalMove):
        PTB.apply(s, Move(0, "trade", "HI"))
    s = go(PTB, s, (1, "trade", "WA"), (0, "trade", "KS"))
    assert s.phase == "discard" and "GA" in s.hands[0] and "AZ" in s.hands[1]
    assert [len(h) for h in s.hands] == [7, 7]  # Level 3: one face-up card, one discard
    assert PTB.view(s, 1)["faceup"] == [["GA"], ["AZ"]]
    s = go(PTB, s, (0, "discard", "OR"), (1, "discard", "FL"))
    assert s.phase == "plunge"
    l4 = go(PTB, zap_deal(4), (0, "trade", "UT"), (1, "trade", "HI"), (0, "trade", "KS"),
            (1, "trade", "WA"))  # fmt: skip
    assert [len(h) for h in l4.hands] == [8, 8] and l4.faceup(0) == ("GA", "NM")


def test_zap_utah_texas_trick_and_endings() -> None:
    s = go(PTB, zap_deal(), (0, "trade", "ME"), (1, "trade", "FL"), (0, "trade", "KS"),
           (1, "trade", "WA"), (0, "discard", "OR"), (1, "discard", "ME"),
           (0, "plunge", False), (1, "plunge", False))  # fmt: skip
    assert s.phase == "play" and "UT" in s.hands[0] and "TX" in s.hands[1]
    s = go(PTB, s, (0, "lead", {"card": "UT"}), (1, "follow", {"card": "TX"}))
    assert s.tricks[0].winner == 1
    assert PTB.view(s, 0)["tricks"][0]["reason"].startswith("Texas zaps Utah: both border")
    st = replace(s, phase="over")

    def won(ws):
        tricks, lead_team = [], st.first
        for w in ws:
            tricks.append(zap.ZapTrick(lead_team, "AK", "RI", w))
            lead_team = w
        return replace(st, tricks=tuple(tricks))

    assert zap.outcome(won([0, 0, 0, 0, 0])) == (
        0,
        True,
        "5 tricks to 0: the game stops when a team wins the first 5 tricks, so the last trick "
        "was not played",
    )
    assert zap.outcome(won([1, 0, 0, 0, 0, 0])) == (0, True, "5 tricks to 1")
    assert zap.outcome(won([1, 0, 1, 0, 1, 0])) == (0, False, "3-3: Team 1 won the last trick")
    assert zap.outcome(won([1, 1, 1, 1, 0, 0]))[:2] == (1, False)
    assert zap.outcome(won([1, 1, 1, 1, 1, 0]))[:2] == (1, True)


def test_zap_game_ends_at_five_nil() -> None:
    s = go(PTB, zap_deal(), (0, "trade", "ME"), (1, "trade", "FL"), (0, "trade", "KS"),
           (1, "trade", "WA"), (0, "discard", "OR"), (1, "discard", "ME"),
           (0, "plunge", True), (1, "plunge", True))  # fmt: skip
    four = tuple(zap.ZapTrick(0, "RI", "ND", 0) for _ in range(4))
    s4 = replace(s, tricks=four)
    lead_c, follow_c = next(
        (a, b) for a in s.hands[0] for b in s.hands[1] if not zap.rules.zaps(a, b).zaps
    )
    done = go(PTB, s4, (0, "lead", {"card": lead_c}), (1, "follow", {"card": follow_c}))
    assert done.phase == "over" and done.won == (5, 0)
    assert PTB.points(done) == (40, 0)  # win, bonus, both GeoPlunged
    s3 = replace(s, tricks=(*four[:3], zap.ZapTrick(0, "RI", "ND", 1)))
    s3 = replace(s3, tricks=(*s3.tricks[:3], zap.ZapTrick(0, "RI", "NV", 1)))
    more = go(PTB, s3, (1, "lead", {"card": follow_c}), (0, "follow", {"card": lead_c}))
    assert more.phase == "play" and len(more.tricks) == 5  # 4-1 or 3-2: play on
