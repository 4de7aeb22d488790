"""State IQ passes the v2 conformance harness at every level, with an independent oracle.

Seeded playouts per level (``tests/playouts.py``) (every check at every state of the first 10, the costly
ones on a rotating seat every 25th state of the others), plus the Level 2 carry-over.
Non-interference: resamples and pinned replays show that the held cards, the undealt
deck and the unturned Clue and Power cards never reach the other team's view.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardroom.conformance import ConformanceError, check_game, random_playout
from cardroom.core import Move
from cardroom.geoplunge.state_iq import GAME, StateIQState
from tests.oracles.state_iq import oracle
from tests.playouts import PLAYOUTS, results_until_seen, seeds


def chooser(game, s: StateIQState, rng: random.Random) -> Move | None:
    """Random play, except that a guess is often right, so that wins, bonuses and Level 4's
    new cards all happen."""
    if s.phase == "guess" and rng.random() < 0.45:
        return Move(s.guesser, "guess", s.held(s.giver))
    return None


@pytest.mark.parametrize("level", [2, 3, 4])
def test_conformance(level: int) -> None:
    def play(seeds: range, deep: int = 0) -> Any:
        return check_game(
            GAME, seeds, {"level": level}, oracle=oracle, chooser=chooser, deep=deep, deep_every=25
        )

    report = play(seeds(level * 10_000), deep=10)
    assert report.games == PLAYOUTS
    # every kind of result happens: ties, plain wins, bonuses, GeoPlunging both ways (the
    # rarer ones played on until they show)
    wanted = {"5,5", "10,0", "0,10", "40,0", "0,40"}
    assert wanted <= results_until_seen(wanted, report, play, level * 10_000)


def test_conformance_with_carry_over() -> None:
    report = check_game(
        GAME,
        range(200),
        {"level": 2, "carry": {"winner": 1}},
        oracle=oracle,
        chooser=chooser,
        deep=5,
        deep_every=25,
    )
    assert report.games == 200


def test_the_oracle_is_not_the_engine() -> None:
    """The oracle refuses a game that breaks the rules (one guess too many)."""
    p = random_playout(GAME, 3, {"level": 3}, deep=False, chooser=chooser)
    assert oracle(GAME, p) == GAME.points(p.final)
    extra = p.moves[-1]
    p.moves.append(extra)
    with pytest.raises(AssertionError):
        oracle(GAME, p)


def test_a_leaky_view_is_caught() -> None:
    """The harness's non-interference checks bite: a view that shows the other team's card
    fails them."""

    class Leaky(type(GAME)):
        def view(self, s, seat):
            v = super().view(s, seat)
            v["peek"] = [s.held(t) for t in (0, 1)]
            return v

    with pytest.raises(ConformanceError):
        check_game(Leaky(), range(3), {"level": 2}, deep=3)
