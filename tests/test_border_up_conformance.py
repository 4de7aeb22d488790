"""Border-Up in the conformance harness: random playouts at every level, with the scoring
table checked at the end against the rules re-derived from the shouts."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardroom.conformance import check_game
from cardroom.core import REFEREE
from cardroom.geoplunge.border_up import GAME, BorderUpState
from cardroom.geoplunge.groups import check_shout


def score_rule(s: BorderUpState) -> None:
    """The books' table: tie 5 each; winner 10, +10 bonus, +10 / +20 GeoPlunging."""
    assert GAME.is_over(s)
    pts = GAME.points(s)
    plunged = sum(p is True for p in s.plunge)
    if s.ending in ("time", "pass"):
        assert pts == (5, 5), pts
        return
    valid = [check_shout(sh.call, sh.groups, s.level).valid for sh in s.shouts]
    if len(s.shouts) == 1:
        sh = s.shouts[0]
        winner = sh.seat if valid[0] else 1 - sh.seat
        bonus = (not valid[0]) or sh.call == "threeoplunge"
    else:
        assert len(s.shouts) == 2 and abs(s.shouts[1].at - s.shouts[0].at) < s.window_ms
        if valid[0] == valid[1]:
            assert pts == (5, 5), pts
            return
        winner, bonus = s.shouts[valid.index(True)].seat, True
    expected = 10 + 10 * bonus + (0, 10, 20)[plunged]
    assert pts[winner] == expected and pts[1 - winner] == 0, (pts, winner, bonus)
    assert max(pts) <= 40


def eager_teams(game, state, rng: random.Random):
    """A chooser that lets the teams act more often than the clock (more shouts, more
    simultaneous ones); None falls back to the harness's uniform choice."""
    if rng.random() < 0.3:
        return None
    teams = [s for s in game.movers(state) if s != REFEREE]
    if not teams:
        return None
    seat = rng.choice(teams)
    return game.legal_moves(state, seat).sample(rng)


@pytest.mark.parametrize("level", [2, 3, 4])
def test_border_up_conformance(level):
    endings: Counter[str] = Counter()
    shouts: Counter[bool] = Counter()
    late = 0
    runs = [
        check_game(GAME, seeds=range(120), options={"level": level}, score_check=score_rule),
        check_game(
            GAME,
            seeds=range(1000, 1150),
            options={"level": level, "time_limit_ms": 20_000},
            score_check=score_rule,
            chooser=eager_teams,
        ),
    ]
    for playouts in runs:
        for p in playouts:
            s = p.final
            endings[s.ending] += 1
            late += len(s.late)
            for sh in s.shouts:
                shouts[check_shout(sh.call, sh.groups, level).valid] += 1
    # Every way a race ends, valid and invalid shouts, and late moves were exercised.
    assert set(endings) == {"shout", "simultaneous", "time", "pass"}, endings
    assert shouts[True] > 10 and shouts[False] > 10, shouts
    assert late > 0
