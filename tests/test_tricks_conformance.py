"""The trick games in the v2 conformance harness: seeded random playouts per game and
level (``tests/playouts.py``; Play the Ranks at Levels 3 and 4: half PTR1, half PTR2),
every invariant of the protocol, non-interference through ``resample`` and ``pin`` (the
face-down Level 4 lead and the other team's hand), and the points checked against the
oracles of ``tests/oracles/tricks.py``. The first playouts of each run check everything at
every state; the others at every 60th state (see ``cardroom.conformance``)."""

from __future__ import annotations

from typing import Any

import pytest

from cardroom.conformance import check_game
from cardroom.geoplunge.tricks.ranks import GAME as PTR
from cardroom.geoplunge.tricks.zap import GAME as PTB
from tests.oracles.tricks import ranks_points, zap_points
from tests.playouts import PLAYOUTS, SEED, SPAN, results_until_seen, seeds

DEEP = 6
EVERY = 60


@pytest.mark.parametrize(
    ("options", "seeds"),
    [
        ({"level": 2}, seeds(20_000)),
        ({"level": 3, "version": "ptr1"}, seeds(30_000, (PLAYOUTS + 1) // 2)),
        ({"level": 3, "version": "ptr2"}, seeds(35_000, (PLAYOUTS + 1) // 2)),
        ({"level": 4, "version": "ptr1"}, seeds(40_000, (PLAYOUTS + 1) // 2)),
        ({"level": 4, "version": "ptr2"}, seeds(45_000, (PLAYOUTS + 1) // 2)),
    ],
    ids=["L2", "L3-ptr1", "L3-ptr2", "L4-ptr1", "L4-ptr2"],
)
def test_play_the_ranks(options: dict, seeds: range) -> None:
    def play(seeds: range, deep: int = 0) -> Any:
        return check_game(PTR, seeds, options, oracle=ranks_points, deep=deep, deep_every=EVERY)

    report = play(seeds, deep=DEEP)
    assert report.games == len(seeds)
    assert report.resampled > 0 and report.pinned >= len(seeds)
    # every result of the scoring table shows up: wins, bonus, GeoPlunging (the rarer ones
    # played on until they show)
    wanted = {"20,0", "0,20", "30,0", "0,30"}
    offset = seeds.start - SEED * SPAN
    assert wanted <= results_until_seen(wanted, report, play, offset)


@pytest.mark.parametrize("level", [3, 4])
def test_play_the_ranks_without_forced_power(level: int) -> None:
    # with force_power off, teams may keep Power cards and lose (or tie) for it.
    report = check_game(
        PTR,
        range(100),
        {"level": level, "force_power": False, "carry": {"winner": 1}},
        oracle=ranks_points,
        deep=3,
        deep_every=EVERY,
    )
    assert report.games == 100


@pytest.mark.parametrize("level", [3, 4])
def test_border_zap(level: int) -> None:
    def play(seeds: range, deep: int = 0) -> Any:
        return check_game(PTB, seeds, {"level": level}, oracle=zap_points, deep=deep,
                          deep_every=EVERY)  # fmt: skip

    report = play(seeds(60_000 + level * 10_000), deep=DEEP)
    assert report.games == PLAYOUTS and report.pinned >= PLAYOUTS
    wanted = {"20,0", "0,20", "40,0"}
    assert wanted <= results_until_seen(wanted, report, play, 60_000 + level * 10_000)
