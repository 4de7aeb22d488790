"""Sequence States & Capitals in the conformance harness, for every player count and team
split: every invariant of the protocol (turns, refusals, JSON, non-interference through
``resample`` and through pinned replays, replays) and the points of every game compared
with an independent oracle (``tests/oracles/sequence.py``) that replays the moves on its
own board and finds the sequences itself.

``CARDROOM_SEQUENCE_PLAYOUTS`` sets the playouts per configuration: the default keeps
this file inside the CI budget; ``cardroom check sequence`` and
``CARDROOM_SEQUENCE_PLAYOUTS=1000`` run the long version."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from cardroom.conformance import check_game
from cardroom.core import bot_context
from cardroom.sequence import GAME
from cardroom.sequence.bot import MediumBot
from tests.oracles.sequence import oracle

PLAYOUTS = int(os.environ.get("CARDROOM_SEQUENCE_PLAYOUTS", "10"))
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
        seeds=range(players * 1000 + teams * 100, players * 1000 + teams * 100 + PLAYOUTS),
        options={"players": players, "teams": teams},
        oracle=oracle,
        chooser=purposeful,
        deep=1,
        deep_every=9,
    )
    assert report.games == PLAYOUTS and report.pinned >= PLAYOUTS
    target = 2 if teams == 2 else 1
    won = sum(n for key, n in report.points.items() if str(target) in key.split(","))
    assert won == PLAYOUTS, report.points  # every game is won, none drawn


def test_capitals_board_conformance():
    report = check_game(
        GAME,
        seeds=range(50, 50 + max(4, PLAYOUTS // 4)),
        options={"players": 4, "board": "capitals"},
        oracle=oracle,
        chooser=purposeful,
        deep=1,
    )
    assert report.games >= 4


def test_a_thousand_two_player_playouts():
    """The protocol's CI floor: 1,000 seeded playouts of the commonest table, every
    check at every state of the first two and the costly ones every 50th state after."""
    report = check_game(
        GAME,
        seeds=range(7000, 7000 + max(PLAYOUTS, 1000)),
        options={"players": 2, "teams": 2},
        oracle=oracle,
        chooser=purposeful,
        deep=2,
        deep_every=50,
    )
    assert report.games >= 1000 and len(report.points) >= 2
