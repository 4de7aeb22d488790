"""The engine protocol and the conformance harness, proved on a tiny game.

The harness is also run against deliberately broken variants of the tiny game, to show
that each invariant it claims to check really fails when broken."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardroom.conformance import ConformanceError, check_game, random_playout
from cardroom.core import REFEREE, IllegalMove, MalformedMove, Move, Moves, Rng
from tests.tiny_game import GAME, HighCardDuel

# ---------------------------------------------------------------- values


def test_move_round_trips_through_json():
    m = Move(1, "shout", [["KS", "MO"], ["MD", "VA", "NC"]], 1234)
    assert m.data == (("KS", "MO"), ("MD", "VA", "NC"))
    back = Move.from_json(json.dumps(m.to_json()))
    assert back == m and hash(back) == hash(m)
    assert Move.from_json({"seat": 0, "kind": "pass"}) == Move(0, "pass")


@pytest.mark.parametrize(
    "bad",
    [
        "not json",
        "[1, 2]",
        {"seat": 0},
        {"kind": "x"},
        {"seat": "0", "kind": "x"},
        {"seat": True, "kind": "x"},
        {"seat": 0, "kind": ""},
        {"seat": 0, "kind": "x", "at": 1.5},
        {"seat": 0, "kind": "x", "data": {"a": 1}},
        {"seat": 0, "kind": "x", "extra": 1},
    ],
)
def test_malformed_moves_are_refused(bad):
    with pytest.raises(MalformedMove):
        Move.from_json(bad)


def test_rng_is_deterministic_and_uniform_enough():
    a, _ = Rng.from_seed(7).shuffle(range(50))
    b, _ = Rng.from_seed(7).shuffle(range(50))
    c, _ = Rng.from_seed(8).shuffle(range(50))
    assert a == b and a != c and sorted(a) == list(range(50))
    # SplitMix64 reference value for seed 0 (first output).
    assert Rng.from_seed(0).next64()[0] == 0xE220A8397B1DCDAF
    counts = [0] * 6
    rng = Rng.from_seed(1)
    for _ in range(6000):
        x, rng = rng.below(6)
        counts[x] += 1
    assert all(900 < n < 1100 for n in counts), counts


@given(st.integers(min_value=0, max_value=2**64), st.integers(min_value=1, max_value=60))
def test_rng_shuffle_is_a_permutation(seed, n):
    out, rng = Rng.from_seed(seed).shuffle(range(n))
    assert sorted(out) == list(range(n))
    assert isinstance(rng, Rng)


def test_move_spaces_match_ignoring_time():
    space = Moves([Move(0, "commit", 3, 100)])
    assert Move(0, "commit", 3, 999) in space
    assert Move(0, "commit", 4, 100) not in space
    assert Move(1, "commit", 3, 100) not in space
    assert (space | Moves()).sample(random.Random(1)) == Move(0, "commit", 3, 100)
    with pytest.raises(IndexError):
        Moves().sample(random.Random(1))


# ---------------------------------------------------------------- the tiny game


def test_tiny_game_passes_conformance():
    playouts = check_game(GAME, seeds=range(40), score_check=lambda s: _duel_score_rule(GAME, s))
    assert all(GAME.is_over(p.final) for p in playouts)
    assert sum(p.refused for p in playouts) > 40 * 3
    # The clock's timeout path was exercised in some playouts.
    assert any(m.seat == REFEREE for p in playouts for m in p.moves)


def _duel_score_rule(game: HighCardDuel, s) -> None:
    pts = game.points(s)
    assert sorted(pts) in ([5, 5], [0, 10])
    assert (pts == (5, 5)) == (s.taken[0] == s.taken[1])


def test_refused_moves_leave_state_untouched_and_are_typed():
    s = GAME.new(3)
    card = s.hands[0][0]
    with pytest.raises(MalformedMove):
        GAME.apply(s, Move(0, "fold", None, 0))
    with pytest.raises(IllegalMove):
        GAME.apply(s, Move(0, "commit", 99, 0))
    with pytest.raises(IllegalMove):
        GAME.apply(s, Move(REFEREE, "timeout", None, 10_000))
    s1 = GAME.apply(s, Move(0, "commit", card, 10))
    with pytest.raises(IllegalMove, match="count is not over"):
        GAME.apply(s1, Move(REFEREE, "timeout", None, 4000))
    with pytest.raises(IllegalMove, match="time runs forward"):
        GAME.apply(s1, Move(1, "commit", s.hands[1][0], 5))
    s2 = GAME.apply(s1, Move(REFEREE, "timeout", None, 5010))
    assert s2.history == ((card, s.hands[1][0]),)
    assert s == GAME.new(3)


def test_replay_from_seed_and_moves():
    p = random_playout(GAME, 11)
    assert GAME.replay(11, [m.to_json() for m in p.moves]) == p.final


# ---------------------------------------------------------------- broken variants


class LeakyDuel(HighCardDuel):
    def view(self, s, seat):
        v = super().view(s, seat)
        v["peek"] = [f"c{c}" for c in s.hands[1 - seat]] if seat in (0, 1) else []
        return v


class LaxDuel(HighCardDuel):
    def apply(self, s, move):
        if move.kind == "commit" and move.seat in (0, 1) and s.committed[move.seat] is None:
            return self._commit(s, move.seat, move.data, move.at or s.now)
        return super().apply(s, move)


class UnseededDuel(HighCardDuel):
    _global = random.Random()

    def new(self, seed, **kw):
        return super().new(self._global.randrange(10**9), **kw)


class StuckDuel(HighCardDuel):
    def legal_moves(self, s, seat):
        if len(s.history) == 2:
            return Moves()
        return super().legal_moves(s, seat)


class RngLeakDuel(HighCardDuel):
    def view(self, s, seat):
        return {**super().view(s, seat), "debug": s.rng.state}


class LossyJsonDuel(HighCardDuel):
    def state_to_json(self, s):
        return {**super().state_to_json(s), "taken": [0, 0]}


class ReplayDriftDuel(HighCardDuel):
    calls = 0

    def apply(self, s, move):
        out = super().apply(s, move)
        ReplayDriftDuel.calls += 1  # hidden state outside the game state: replays drift
        return replace(out, timeout_ms=5000 + ReplayDriftDuel.calls)


@pytest.mark.parametrize(
    "broken, message",
    [
        (LeakyDuel(), "leaks"),
        (LaxDuel(), "illegal move accepted"),
        (UnseededDuel(), "not deterministic"),
        (StuckDuel(), "nobody has a legal move"),
        (RngLeakDuel(), "RNG"),
        (LossyJsonDuel(), "round-trip"),
        (ReplayDriftDuel(), "replay"),
    ],
)
def test_harness_catches_broken_games(broken, message):
    with pytest.raises(ConformanceError, match=message):
        check_game(broken, seeds=range(10))
