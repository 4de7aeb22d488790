"""The trick games in the v2 conformance harness: 1,000 seeded random playouts per game
and level (Play the Ranks at Levels 3 and 4: 500 PTR1 and 500 PTR2), every invariant
of the protocol, non-interference through ``resample`` and ``pin`` (the face-down
Level 4 lead and the other team's hand), and the points checked against the oracles of
``tests/oracles/tricks.py``. The first playouts of each run check everything at every
state; the others at every 60th state (see ``cardroom.conformance``)."""

from __future__ import annotations

import pytest

from cardroom.conformance import check_game
from cardroom.geoplunge.tricks.ranks import GAME as PTR
from cardroom.geoplunge.tricks.zap import GAME as PTB
from tests.oracles.tricks import ranks_points, zap_points

DEEP = 6
EVERY = 60


@pytest.mark.parametrize(
    ("options", "seeds"),
    [
        ({"level": 2}, range(0, 1000)),
        ({"level": 3, "version": "ptr1"}, range(0, 500)),
        ({"level": 3, "version": "ptr2"}, range(500, 1000)),
        ({"level": 4, "version": "ptr1"}, range(0, 500)),
        ({"level": 4, "version": "ptr2"}, range(500, 1000)),
    ],
    ids=["L2", "L3-ptr1", "L3-ptr2", "L4-ptr1", "L4-ptr2"],
)
def test_play_the_ranks(options: dict, seeds: range) -> None:
    report = check_game(PTR, seeds, options, oracle=ranks_points, deep=DEEP, deep_every=EVERY)
    assert report.games == len(seeds)
    assert report.resampled > 0 and report.pinned >= len(seeds)
    # every result of the scoring table shows up: wins, bonus, GeoPlunging
    assert {"20,0", "0,20", "30,0", "0,30"} <= set(report.points)


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
    report = check_game(PTB, range(1000), {"level": level}, oracle=zap_points, deep=DEEP,
                        deep_every=EVERY)  # fmt: skip
    assert report.games == 1000 and report.pinned >= 1000
    assert {"20,0", "0,20", "40,0"} <= set(report.points)
