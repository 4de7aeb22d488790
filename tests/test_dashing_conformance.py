"""Dashing States passes the v2 conformance harness at every level, with an independent
oracle.

Seeded playouts per level (``tests/playouts.py``) (every check at every state of the first 10, the costly
ones on a rotating seat every 25th state of the others). Non-interference: resamples and
pinned replays show that the other team's Map cards, its shout and answers (until the race
is judged) and the undealt deck never reach a team's view.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardroom.conformance import ConformanceError, check_game, random_playout
from cardroom.core import Move
from cardroom.geoplunge import decks
from cardroom.geoplunge.dashing import GAME, DashingState, sorted_for
from tests.oracles.dashing import oracle
from tests.playouts import PLAYOUTS, results_until_seen, seeds


def chooser(game, s: DashingState, rng: random.Random) -> Move | None:
    """Random play, except that shouts are often sorted right and answers often right, so
    that races are won, lost and tied in every way."""
    if s.phase == "race" and rng.random() < 0.5:
        movers = [t for t in game.to_move(s) if t in (0, 1)]
        if not movers:
            return None
        t = rng.choice(movers)
        hand = list(s.hand(t))
        rng.shuffle(hand)
        codes = sorted_for(s.key, [decks.map_card(m).state for m in hand[:6]])
        order = [decks.map_card_of(c).id for c in codes]
        if rng.random() < 0.15:
            order.reverse()
        return Move(t, "shout", order, s.now)
    if s.phase == "answer" and rng.random() < 0.8:
        t = rng.choice(sorted(game.to_move(s)))
        space = game.legal_moves(s, t)
        return Move(t, "answer", (space.player, space.truth), s.now)
    return None


@pytest.mark.parametrize("level", [2, 3, 4])
def test_conformance(level: int) -> None:
    def play(seeds: range, deep: int = 0) -> Any:
        return check_game(
            GAME, seeds, {"level": level}, oracle=oracle, chooser=chooser, deep=deep, deep_every=25
        )

    report = play(seeds(level * 10_000), deep=10)
    assert report.games == PLAYOUTS
    # every result happens (the bonus, 40 points, is rare: played on until it shows)
    wanted = {"5,5", "10,0", "0,10", "20,0", "0,20", "40,0", "0,40"}
    assert wanted <= results_until_seen(wanted, report, play, level * 10_000)


def test_conformance_with_options() -> None:
    opts = {"level": 4, "window_ms": 1000, "carry": {"winner": 0, "power": ["P02", "P07"]}}
    report = check_game(GAME, range(100), opts, oracle=oracle, chooser=chooser, deep=3)
    assert report.games == 100


def test_the_oracle_is_not_the_engine() -> None:
    p = random_playout(GAME, 11, {"level": 3}, deep=False, chooser=chooser)
    assert oracle(GAME, p) == GAME.points(p.final)
    p.moves.append(p.moves[-1])
    with pytest.raises(AssertionError):
        oracle(GAME, p)


def test_a_leaky_view_is_caught() -> None:
    class Leaky(type(GAME)):
        def view(self, s, seat):
            v = super().view(s, seat)
            if s.phase in ("race", "answer"):
                v["peek"] = list(s.hand(1 - seat if seat in (0, 1) else 0))
            return v

    with pytest.raises(ConformanceError):
        check_game(Leaky(), range(3), {"level": 2}, deep=3)
