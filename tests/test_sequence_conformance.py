"""Sequence States & Capitals in the conformance harness, for every player count and team
split: every invariant of the protocol (turns, refusals, JSON, non-interference through
``resample`` and through pinned replays, replays) and the points of every game compared
with an independent oracle (``tests/oracles/sequence.py``) that replays the moves on its
own board and finds the sequences itself.

``CARDROOM_PLAYOUTS`` (``tests/playouts.py``) sets the playouts of the commonest table, and
a twentieth of them (at least 10) for each other configuration, on the run's seeds;
``cardroom check sequence`` and ``CARDROOM_PLAYOUTS=1000`` run the long version."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardroom.conformance import check_game
from cardroom.core import bot_context
from cardroom.sequence import GAME
from cardroom.sequence.bot import MediumBot
from tests.oracles.sequence import oracle
from tests.playouts import PLAYOUTS, seeds

SETUP_PLAYOUTS = max(10, PLAYOUTS // 20)  # per configuration but the commonest
CONFIGS = [
    (2, 2),
    (3, 3),
    (4, 2),
    (6, 2),
    (6, 3),
    (8, 2),
    (9, 3),
    (10, 2),
    (12, 2),
    (12, 3),
]
_MEDIUM = MediumBot()


def purposeful(game: Any, s: Any, rng: random.Random):
    """A third of the moves come from the medium bot, so that lines are built, fours
    blocked and games won as well as played at random (the harness samples the rest)."""
    if rng.random() < 0.35 and not game.is_over(s):
        (seat,) = game.to_move(s)
        return _MEDIUM.choose(bot_context(game, s, seat, rng))
    return None


@pytest.mark.parametrize("players,teams", CONFIGS)
def test_sequence_conformance(players, teams):
    report = check_game(
        GAME,
        seeds=seeds(players * 10_000 + teams * 1000, SETUP_PLAYOUTS),
        options={"players": players, "teams": teams},
        oracle=oracle,
        chooser=purposeful,
        deep=1,
        deep_every=9,
    )
    assert report.games == SETUP_PLAYOUTS and report.pinned >= SETUP_PLAYOUTS
    target = 2 if teams == 2 else 1
    won = sum(n for key, n in report.points.items() if str(target) in key.split(","))
    assert won == SETUP_PLAYOUTS, report.points  # every game is won, none drawn


def test_capitals_board_conformance():
    report = check_game(
        GAME,
        seeds=seeds(500, max(4, SETUP_PLAYOUTS // 4)),
        options={"players": 4, "board": "capitals"},
        oracle=oracle,
        chooser=purposeful,
        deep=1,
    )
    assert report.games >= 4


def test_the_commonest_table_playouts():
    """The protocol's CI floor: PLAYOUTS seeded playouts of the commonest table (1,000 in
    the long run), every check at every state of the first two and the costly ones every
    50th state after."""
    report = check_game(
        GAME,
        seeds=seeds(700_000),
        options={"players": 2, "teams": 2},
        oracle=oracle,
        chooser=purposeful,
        deep=2,
        deep_every=50,
    )
    assert report.games == PLAYOUTS and len(report.points) >= min(2, PLAYOUTS)
