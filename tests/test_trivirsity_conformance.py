"""Tri-Virsity passes the v2 conformance harness with the independent score oracle.

The two-player game and solitaire run the run's seeded playouts each (``tests/playouts.py``); the other
configurations (teams with challenges, eight players, handicaps, the longer-word and
fewer-wild variants) 100 each here and 1000 each in ``cardroom check tri-virsity``.
Hands are cut short with the table's round limit (R-102) so that a playout stays short;
going out, doubling and TRI-VIRSITY are covered by ``tests/test_trivirsity.py`` and by
the bots in ``tests/test_trivirsity_bots.py``.
"""

from __future__ import annotations

import pytest

from cardroom.conformance import check_game
from cardroom.trivirsity.game import GAME
from tests.oracles.trivirsity import oracle
from tests.playouts import PLAYOUTS, seeds

MAIN = [
    ({"rounds": 2}, 0),
    ({"variant": "solitaire", "rounds": 4}, 500_000),
]
OTHERS = [
    {"players": 4, "teams": True, "check": "challenge", "rounds": 2},
    {"players": 8, "rounds": 1},
    {"players": 3, "variant": "beginner", "deal": [6, 8, 10], "min_len": [2, 2, 3], "rounds": 2},
    {"players": 3, "variant": "five", "rounds": 2},
    {"variant": "four", "check": "challenge", "rounds": 2},
    {"players": 5, "variant": "few-wilds", "rounds": 2},
]


@pytest.mark.parametrize(("options", "offset"), MAIN, ids=["two-players", "solitaire"])
def test_conformance_playouts(options, offset):
    report = check_game(GAME, seeds(offset), options, oracle=oracle, deep=20)
    games = PLAYOUTS
    assert report.games == games and report.pinned >= games and report.resampled > games
    assert len(report.points) > min(20, games // 10)  # the oracle agreed on many different results


@pytest.mark.parametrize(
    "options", OTHERS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
def test_conformance_other_configurations(options):
    report = check_game(GAME, range(100), options, oracle=oracle, deep=6)
    assert report.games == 100 and report.pinned >= 100


def _bot_chooser(levels: tuple[str, ...]):
    """Bots pick most moves (so hands end by going out, doubling and claims happen);
    a random legal move now and then keeps the harness exploring."""
    import random

    from cardroom.core import bot_context
    from cardroom.trivirsity.bot import TriBot

    bots = [TriBot(lv) for lv in levels]

    def choose(game, state, rng: random.Random):
        if rng.random() < 0.15:
            return None  # the harness draws a random legal move
        actor = game._actor(state)
        for seat in sorted(game.to_move(state), key=lambda x: x == actor):
            move = bots[seat % len(bots)].choose(bot_context(game, state, seat, rng))
            if move is not None:
                return move
        return None

    return choose


@pytest.mark.parametrize(
    "options",
    [{"players": 2}, {"players": 4, "teams": True, "check": "challenge"}],
    ids=["two-players", "teams-challenge"],
)
def test_conformance_with_bots_going_out(options):
    report = check_game(
        GAME, range(30), options, oracle=oracle, deep=2, chooser=_bot_chooser(("hard", "medium"))
    )
    finals = [p.final for p in report.playouts]
    assert report.games == 30
    assert any(GAME.is_over(s) and s.end == "out" for s in finals)
