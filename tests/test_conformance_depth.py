"""How deep the conformance harness checks a fully checked (deep) playout, on the tiny
game: every seat's view against a resampled world at every state, the whole resample
check for one seat a state in turn, and one snapshot after all the moves tried on a
state that still names the move that changed it."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from cardroom.conformance import ConformanceError, check_game, random_playout
from cardroom.core import REFEREE, IllegalMove, Move, Rng
from tests.tiny_game import DuelState, HighCardDuel

SEATS = (0, 1, REFEREE)


def _step(s: DuelState) -> int:
    """The moves played to reach ``s`` (each commit, a timeout's forfeit included)."""
    return 2 * len(s.history) + sum(c is not None for c in s.committed)


class CountingDuel(HighCardDuel):
    """Counts the resamples drawn from each real state of one playout, by seat."""

    def __init__(self) -> None:
        self.draws: Counter[tuple[str, int]] = Counter()

    def resample(self, s: DuelState, seat: int, rng: Rng) -> DuelState:
        self.draws[json.dumps(self.state_to_json(s), sort_keys=True), seat] += 1
        return super().resample(s, seat, rng)


def test_every_seat_is_resampled_at_every_state_and_one_in_turn_thoroughly():
    game = CountingDuel()
    playout = random_playout(game, 7, {"hand": 6}, deep=True, resamples=3)
    state = game.new(7, hand=6)
    states = [state]
    for move in playout.moves[:-1]:  # the last state is over: it is not resampled
        state = game.apply(state, move)
        states.append(state)
    assert len(states) >= 4 * len(SEATS)  # each seat has the whole check several times
    for step, s in enumerate(states):
        text = json.dumps(game.state_to_json(s), sort_keys=True)
        whole = SEATS[step % len(SEATS)]
        for seat in SEATS:
            drawn = game.draws[text, seat]
            # three draws for the whole check, one for the others (a state met twice in
            # a playout, which the tiny game's clock rules out, would count twice)
            assert drawn == (3 if seat == whole else 1), (step, seat, drawn)


class LeakWhereLightDuel(HighCardDuel):
    """Shows seat 0 the other hand's best card, but only at the states where seat 0 has
    the light resample check (the whole check goes to seat ``step % 3``)."""

    def view(self, s: DuelState, seat: int) -> dict[str, Any]:
        v = super().view(s, seat)
        if seat == 0 and _step(s) % 3 != 0 and s.hands[1]:
            v["best"] = max(s.hands[1])
        return v


def test_a_leak_only_where_a_seat_has_the_light_check_is_caught():
    with pytest.raises(ConformanceError, match="seat 0 can tell a resampled world"):
        check_game(LeakWhereLightDuel(), seeds=range(40), options={"hand": 6})


class RefusalMutatesDuel(HighCardDuel):
    """A refused move changes the state it was offered (after the first round)."""

    def _apply(self, s: DuelState, move: Move) -> DuelState:
        try:
            return super()._apply(s, move)
        except IllegalMove:
            if len(s.history) == 1:
                object.__setattr__(s, "timeout_ms", s.timeout_ms + 1)
            raise


def test_the_refused_move_that_changed_the_state_is_named():
    with pytest.raises(ConformanceError, match=r"refused an out-of-turn move by seat .* changed"):
        check_game(RefusalMutatesDuel(), seeds=range(40), options={"hand": 6})


class AcceptedMutatesDuel(HighCardDuel):
    """A move of seat 1 that is accepted changes the state it was applied to."""

    def _apply(self, s: DuelState, move: Move) -> DuelState:
        out = super()._apply(s, move)
        if move.seat == 1 and len(s.history) == 1:
            object.__setattr__(s, "timeout_ms", s.timeout_ms + 1)
        return out


def test_an_accepted_move_that_changed_the_state_is_named():
    with pytest.raises(ConformanceError, match=r"apply \(.*seat=1.*\) changed the state"):
        check_game(AcceptedMutatesDuel(), seeds=range(40), options={"hand": 6})
