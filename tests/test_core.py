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

from cardroom.conformance import ConformanceError, _whole_numbers, check_game, random_playout
from cardroom.core import (
    REFEREE,
    CorruptState,
    Fields,
    FrozenDict,
    IllegalMove,
    MalformedMove,
    Move,
    Moves,
    Rng,
    Table,
    bot_context,
)
from tests.tiny_game import GAME, HighCardDuel

# ---------------------------------------------------------------- values


def test_fields_reads_typed_values_without_shadowing_builtins():
    builtin_names = {"int", "str", "bool", "list", "object", "dict", "set", "tuple"}
    assert not builtin_names & set(vars(Fields)), "Fields methods must not shadow builtins"
    f = Fields({"n": 3, "s": "a", "b": True, "l": [1, 2], "o": {"x": 1}}, "thing")
    assert f.get_int("n", 0, 5) == 3
    assert f.get_str("s", ["a", "b"]) == "a"
    assert f.get_bool("b") is True
    assert f.get_list("l", length=2) == (1, 2)
    assert f.get_obj("o").get_int("x") == 1
    f.done()
    with pytest.raises(CorruptState, match="'n' must be a whole number"):
        Fields({"n": "3"}, "thing").get_int("n")


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
        {"seat": 0, "kind": "x", "data": {"a": {"b": float("nan")}}},
        {"seat": 0, "kind": "x", "data": {"a": {1: 2}}},
        {"seat": 0, "kind": "x", "at": 2**60},
        {"seat": 0, "kind": "x", "at": -1},
        {"seat": 99, "kind": "x"},
        {"seat": -2, "kind": "x"},
        {"seat": 0, "kind": "x" * 41},
        {"seat": 0, "kind": "x", "data": "y" * 401},
        {"seat": 0, "kind": "x", "data": [0] * 2001},
        {"seat": 0, "kind": "x", "data": 2**60},
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


def test_named_move_data_freezes_into_mappings():
    m = Move(0, "lead", {"card": "GA", "base": 1, "category": "statehood"})
    assert isinstance(m.data, FrozenDict) and m.data["card"] == "GA"
    assert hash(m) == hash(Move.from_json(json.dumps(m.to_json())))
    assert Move.from_json(m.to_json()) == m
    assert m in Moves([Move(0, "lead", {"category": "statehood", "base": 1, "card": "GA"})])
    with pytest.raises(TypeError):
        m.data["card"] = "ME"  # type: ignore[index]


def test_deep_and_huge_move_data_is_malformed_not_a_crash():
    deep: list = []
    for _ in range(900):
        deep = [deep]
    with pytest.raises(MalformedMove, match="deeper"):
        Move(0, "x", deep)
    text = "[" * 100_000 + "]" * 100_000
    with pytest.raises(MalformedMove):
        Move.from_json('{"seat": 0, "kind": "x", "data": ' + text + "}")
    with pytest.raises(MalformedMove):
        Move(0, "x", {"a": [1] * 1000, "b": [2] * 1000})


@pytest.mark.parametrize("seed", [0, 1, 7, 2**63 + 5, 2**64 - 1])
def test_rng_shuffle_draws_as_below_does(seed):
    """shuffle computes next64 inline; it must make exactly the draws of below()."""
    for n in (0, 1, 2, 3, 50, 108):
        rng = Rng.from_seed(seed + n)
        out = list(range(n))
        for i in range(n - 1, 0, -1):
            j, rng = rng.below(i + 1)
            out[i], out[j] = out[j], out[i]
        assert Rng.from_seed(seed + n).shuffle(range(n)) == (tuple(out), rng)


def test_shuffle_pinned_keeps_pins_and_uses_the_seed():
    pins = {0: 5, 7: 1}
    a, _ = Rng.from_seed(1).shuffle_pinned(range(10), pins)
    b, _ = Rng.from_seed(2).shuffle_pinned(range(10), pins)
    assert a[0] == b[0] == 5 and a[7] == b[7] == 1 and sorted(a) == list(range(10)) and a != b
    with pytest.raises(ValueError):
        Rng.from_seed(1).shuffle_pinned(range(10), {0: 11})
    with pytest.raises(ValueError):
        Rng.from_seed(1).shuffle_pinned(range(10), {0: 3, 1: 3})


# ---------------------------------------------------------------- the tiny game


def _duel_oracle(game, playout) -> tuple[int, int]:
    """Points from the move list alone, by the rules in the docstring: the higher card
    takes a round, a laggard forfeits on a timeout, more rounds win 10, a tie 5 each."""
    hands = [list(h) for h in game.new(playout.seed, **playout.options).hands]
    pending: dict[int, int] = {}
    taken = [0, 0]
    for m in playout.moves:
        if m.kind == "commit":
            assert m.seat not in pending, "a seat committed twice in one round"
            assert m.data in hands[m.seat], "a card that is not in hand"
            hands[m.seat].remove(m.data)
            pending[m.seat] = m.data
        else:
            assert len(pending) == 1, "time called with nobody waiting"
            pending[1 - next(iter(pending))] = 0
        if len(pending) == 2:
            taken[0] += pending[0] > pending[1]
            taken[1] += pending[1] > pending[0]
            pending = {}
    if taken[0] == taken[1]:
        return (5, 5)
    return (10, 0) if taken[0] > taken[1] else (0, 10)


@pytest.mark.no_cover  # many whole games: untraced, as the playouts (tests/conftest.py)
@pytest.mark.parametrize("hand", [3, 6])
def test_tiny_game_passes_conformance(hand):
    report = check_game(GAME, seeds=range(1000), options={"hand": hand}, oracle=_duel_oracle)
    assert report.games == 1000 and report.refused > 1000 * hand
    assert report.resampled > 1000 and report.pinned > 1000
    assert set(report.points) == ({"10,0", "0,10", "5,5"} if hand == 6 else {"10,0", "0,10"})
    assert any(m.seat == REFEREE for p in report.playouts for m in p.moves)


def test_refused_moves_leave_state_untouched_and_are_typed():
    s = GAME.new(3)
    card = s.hands[0][0]
    with pytest.raises(MalformedMove):
        GAME.apply(s, Move(0, "fold", None, 0))
    with pytest.raises(IllegalMove):
        GAME.apply(s, Move(0, "commit", 99, 0))
    with pytest.raises(IllegalMove):
        GAME.apply(s, Move(REFEREE, "timeout", None, 10_000))
    with pytest.raises(MalformedMove):
        GAME.apply(s, {"seat": 0, "kind": "commit", "data": card, "at": 0})  # type: ignore[arg-type]
    with pytest.raises(CorruptState):
        GAME.apply({"level": 3}, Move(0, "commit", card, 0))
    with pytest.raises(IllegalMove, match="too far ahead"):
        GAME.apply(s, Move(0, "commit", card, 2**52))
    s1 = GAME.apply(s, Move(0, "commit", card, 10))
    with pytest.raises(IllegalMove, match="count is not over"):
        GAME.apply(s1, Move(REFEREE, "timeout", None, 4000))
    with pytest.raises(IllegalMove, match="time runs forward"):
        GAME.apply(s1, Move(1, "commit", s.hands[1][0], 5))
    s2 = GAME.apply(s1, Move(REFEREE, "timeout", None, 5010))
    assert s2.history == ((card, 0),) and s2.hands[1] == s.hands[1]
    assert s == GAME.new(3)


@pytest.mark.parametrize(
    "bad",
    [
        {"level": 3},
        [],
        None,
        "x",
        lambda s: {k: v for k, v in s.items() if k != "now"},
        lambda s: {**s, "extra": 1},
        lambda s: {**s, "now": "10"},
        lambda s: {**s, "hands": [[1, 2, 3], [3, 4, 5]]},
        lambda s: {**s, "hands": [[1, 2, 99], [3, 4, 5]]},
        lambda s: {**s, "hands": [[1, 2], [3, 4, 5]]},
        lambda s: {**s, "taken": [1, 0]},
        lambda s: {**s, "first_at": 5},
        lambda s: {**s, "rng": -1},
    ],
)
def test_corrupt_states_raise_corrupt_state(bad):
    good = GAME.state_to_json(GAME.new(5))
    obj = bad(good) if callable(bad) else bad
    with pytest.raises(CorruptState):
        GAME.state_from_json(obj)


def test_table_bounds_move_times_and_saves_by_replay():
    table = Table(GAME, 9, {"hand": 4}, skew_ms=2000)
    card = table.state.hands[0][0]
    with pytest.raises(IllegalMove, match="ahead of the table"):
        table.submit(Move(0, "commit", card, 60_000), now=1000)
    assert table.moves == []
    table.submit({"seat": 0, "kind": "commit", "data": card, "at": 900}, now=1000)
    saved = json.loads(json.dumps(table.to_json()))
    back = Table.from_json(GAME, saved)
    assert back.state == table.state and back.moves == table.moves
    with pytest.raises(CorruptState, match="refused"):
        Table.from_json(GAME, {**saved, "moves": saved["moves"] * 2})
    with pytest.raises(CorruptState):
        Table.from_json(GAME, {**saved, "game": "border-up"})
    with pytest.raises(CorruptState):
        Table.from_json(GAME, {**saved, "options": {"hand": 99}})


def test_bot_context_hides_the_state_and_samples_fair_worlds():
    s = GAME.new(4)
    ctx = bot_context(GAME, s, 0, random.Random(1), now=0)
    assert ctx.view == GAME.view(s, 0) and Move(0, "commit", s.hands[0][0]) in ctx.legal
    assert not any(v is s for v in vars(ctx).values() if v is not None)
    worlds = [ctx.sample_world(k) for k in range(20)]
    assert all(w.hands[0] == s.hands[0] for w in worlds)
    assert len({w.hands[1] for w in worlds}) > 5


def test_replay_from_seed_and_moves():
    p = random_playout(GAME, 11)
    assert GAME.replay(11, [m.to_json() for m in p.moves]) == p.final


# ---------------------------------------------------------------- broken variants
# Each variant breaks one promise of the protocol; the harness must name the break.


def _other_hand(s, seat):
    return s.hands[1 - seat] if seat in (0, 1) else ()


class LeakyDuel(HighCardDuel):
    def view(self, s, seat):
        return {**super().view(s, seat), "peek": [f"c{c}" for c in _other_hand(s, seat)]}


class JoinedLeakDuel(HighCardDuel):  # the other hand as one string, not as card codes
    def view(self, s, seat):
        return {**super().view(s, seat), "note": "-".join(map(str, _other_hand(s, seat)))}


class NamesLeakDuel(HighCardDuel):  # the other hand spelled out, only late in the game
    def view(self, s, seat):
        v = super().view(s, seat)
        if s.now > 20_000:
            words = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
            words += ("ten", "jack", "queen")
            v["names"] = [words[c - 1] for c in _other_hand(s, seat)]
        return v


class DigestDuel(HighCardDuel):  # a short digest of the whole state
    def view(self, s, seat):
        digest = sum(ord(ch) for ch in json.dumps(self.state_to_json(s))) % 97
        return {**super().view(s, seat), "etag": digest}


class LateLeakDuel(HighCardDuel):  # leaks only after the 10th move
    def view(self, s, seat):
        v = super().view(s, seat)
        moves = 2 * len(s.history) + sum(c is not None for c in s.committed)
        if moves > 10:
            v["max_other"] = max(_other_hand(s, seat), default=0)
        return v


class CommitLeakDuel(HighCardDuel):  # shows that the other's secret card is high
    def view(self, s, seat):
        v = super().view(s, seat)
        if seat in (0, 1) and s.committed[1 - seat] is not None:
            v["committed"][1 - seat] = "high" if s.committed[1 - seat] > 6 else "low"
        return v


class LegalLeakDuel(HighCardDuel):  # the other's hand shows through one's legal moves
    def legal_moves(self, s, seat):
        space = super().legal_moves(s, seat)
        if seat in (0, 1) and space and 12 in s.hands[1 - seat]:
            return Moves(list(space)[:1])
        return space


class LaxDuel(HighCardDuel):  # a seat may commit twice in a round (overriding)
    def _apply(self, s, move):
        seat = move.seat
        if move.kind == "commit" and seat in (0, 1) and s.committed[seat] is not None:  # noqa: SIM102
            if move.data in s.hands[seat]:
                return s
        return super()._apply(s, move)


class TurnDisagreesDuel(HighCardDuel):  # to_move forgets the clock, apply does not
    def to_move(self, s):
        return super().to_move(s) - {REFEREE}

    def legal_moves(self, s, seat):
        if seat == REFEREE and s.first_at is not None and not self.is_over(s):
            return Moves([Move(REFEREE, "timeout", None, s.first_at + s.timeout_ms)])
        return super().legal_moves(s, seat)


class ToMoveLiesDuel(HighCardDuel):  # to_move and legal_moves promise what apply refuses
    def to_move(self, s):
        return frozenset() if self.is_over(s) else frozenset({0, 1})

    def legal_moves(self, s, seat):
        if seat in (0, 1) and not self.is_over(s):
            return Moves(Move(seat, "commit", c, s.now) for c in s.hands[seat])
        return super().legal_moves(s, seat)


class UnseededDuel(HighCardDuel):
    _global = random.Random()

    def new(self, seed, **kw):
        return super().new(self._global.randrange(10**9), **kw)


class StuckDuel(HighCardDuel):
    def to_move(self, s):
        return frozenset() if len(s.history) == 2 else super().to_move(s)

    def legal_moves(self, s, seat):
        return Moves() if len(s.history) == 2 else super().legal_moves(s, seat)


class RngLeakDuel(HighCardDuel):
    def view(self, s, seat):
        return {**super().view(s, seat), "debug": s.rng.state}


class DeepRngLeakDuel(HighCardDuel):  # the RNG state deep inside the view, as a number
    def view(self, s, seat):
        return {**super().view(s, seat), "debug": {"x": [[1, s.rng.state]]}}


class MutatingResampleDuel(HighCardDuel):  # resampling changes the real state in place
    def resample(self, s, seat, rng):
        w = super().resample(s, seat, rng)
        if len(s.history) == 2:
            object.__setattr__(s, "timeout_ms", s.timeout_ms + 1)
        return w


class MutatingApplyDuel(HighCardDuel):  # a move changes the state it is applied to
    def _apply(self, s, move):
        out = super()._apply(s, move)
        if len(s.history) == 2 and move.seat != REFEREE:
            object.__setattr__(s, "timeout_ms", s.timeout_ms + 1)
        return out


class LossyJsonDuel(HighCardDuel):
    def state_to_json(self, s):
        return {**super().state_to_json(s), "now": 0}


class ReplayDriftDuel(HighCardDuel):
    calls = 0

    def _apply(self, s, move):
        out = super()._apply(s, move)
        ReplayDriftDuel.calls += 1  # hidden state outside the game state: replays drift
        return replace(out, timeout_ms=5000 + ReplayDriftDuel.calls)


class LazyResampleDuel(HighCardDuel):  # "samples" the real world: bots would cheat
    def resample(self, s, seat, rng):
        return replace(s, rng=rng)


class PeekingResampleDuel(HighCardDuel):  # resample that depends on the real hidden cards
    def resample(self, s, seat, rng):
        w = super().resample(s, seat, rng)
        if seat in (0, 1) and 12 in s.hands[1 - seat]:
            w = super().resample(s, seat, Rng(rng.state ^ 1))
        return w


class TellingResampleDuel(HighCardDuel):  # resampled worlds the seat could tell apart
    def resample(self, s, seat, rng):
        w = super().resample(s, seat, rng)
        return replace(w, now=w.now + 1)


class BadPinDuel(HighCardDuel):  # pins nothing, so replays in the pinned world fail
    def pin(self, s, seat):
        return {}


@pytest.mark.parametrize(
    "broken, message",
    [
        (LeakyDuel(), "can tell a resampled world"),
        (JoinedLeakDuel(), "can tell a resampled world"),
        (NamesLeakDuel(), "can tell a resampled world"),
        (DigestDuel(), "can tell a resampled world"),
        (LateLeakDuel(), "can tell a resampled world"),
        (CommitLeakDuel(), "can tell a resampled world"),
        (LegalLeakDuel(), "legal moves differ"),
        (LaxDuel(), "accepted"),
        (TurnDisagreesDuel(), "is not in to_move|has legal moves|nobody"),
        (ToMoveLiesDuel(), "is refused"),
        (UnseededDuel(), "not deterministic"),
        (StuckDuel(), "nobody has a legal move|out of turn"),
        (RngLeakDuel(), "RNG"),
        (DeepRngLeakDuel(), "leaks the RNG state"),
        (MutatingResampleDuel(), "resample changed the state"),
        (MutatingApplyDuel(), "changed the state"),
        (LossyJsonDuel(), "round-trip"),
        (ReplayDriftDuel(), "replay"),
        (LazyResampleDuel(), "never changed"),
        (PeekingResampleDuel(), "depends on hidden content"),
        (TellingResampleDuel(), "can tell a resampled world"),
        (BadPinDuel(), "pinned"),
    ],
)
def test_harness_catches_broken_games(broken, message):
    with pytest.raises(ConformanceError, match=message):
        check_game(broken, seeds=range(40), options={"hand": 6}, oracle=_duel_oracle)


class NoResampleLeakDuel(HighCardDuel):
    """A leak that a lying resample would hide: the view shows the other's hand AND
    resample keeps it. Only the pinned replay, which does not trust resample, sees it."""

    def view(self, s, seat):
        return {**super().view(s, seat), "peek": sorted(_other_hand(s, seat))}

    def resample(self, s, seat, rng):
        w = super().resample(s, seat, rng)
        return replace(w, hands=s.hands, committed=s.committed)


def test_whole_numbers_are_the_int_leaves_of_a_json_text():
    text = json.dumps(
        {"7": [1, [2, {"a": -3}]], "b": True, "c": 4.0, "d": "5", "e": None, "f": 10**20}
    )
    assert sorted(_whole_numbers(text)) == [-3, 1, 2, 10**20]


def test_pinned_replay_catches_a_leak_that_resample_hides():
    with pytest.raises(ConformanceError, match="pinned|never changed"):
        check_game(NoResampleLeakDuel(), seeds=range(40), options={"hand": 6})


class WrongPointsDuel(HighCardDuel):
    def points(self, s):
        a, b = s.taken
        return (10, 0) if a >= b else (0, 10)  # a tie is not a win


def test_oracle_catches_wrong_points():
    with pytest.raises(ConformanceError, match="the rules give"):
        check_game(WrongPointsDuel(), seeds=range(200), options={"hand": 6}, oracle=_duel_oracle)
