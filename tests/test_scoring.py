"""The shared GeoPlunge scoring table (rule books: Combo 2 and Combo 4 "Scoring"; R-1)."""

from __future__ import annotations

import itertools

import pytest

from cardroom import scoring


@pytest.mark.parametrize(
    "winner, bonus, plunged, expected",
    [
        (None, False, (False, False), (5, 5)),
        (None, False, (True, True), (5, 5)),  # no winner, no GeoPlunging points
        (None, False, (True, False), (5, 5)),
        (0, False, (False, False), (10, 0)),
        (1, False, (False, False), (0, 10)),
        (0, True, (False, False), (20, 0)),
        (1, False, (True, False), (0, 20)),  # GeoPlunging points go to the winner only
        (0, False, (False, True), (20, 0)),
        (0, False, (True, True), (30, 0)),
        (1, True, (True, True), (0, 40)),  # the books' example: 40 points
        (0, True, (True, False), (30, 0)),
    ],
)
def test_the_table(winner, bonus, plunged, expected):
    assert scoring.score(winner, bonus, plunged) == expected


def test_never_above_forty_and_loser_scores_nothing():
    for winner, bonus, p0, p1 in itertools.product(
        (0, 1), (False, True), (False, True), (False, True)
    ):
        pts = scoring.score(winner, bonus, (p0, p1))
        assert pts[1 - winner] == 0
        assert 10 <= pts[winner] <= scoring.MAX_POINTS == 40


def test_breakdown_explains_each_line():
    lines = scoring.breakdown(1, True, (True, True))
    assert [(ln.team, ln.label, ln.points) for ln in lines] == [
        (1, "Win", 10),
        (1, "Bonus", 10),
        (1, "Both teams GeoPlunged", 20),
    ]
    assert [ln.to_json() for ln in scoring.breakdown(0, False, (False, True))] == [
        {"team": 0, "label": "Win", "points": 10},
        {"team": 0, "label": "One team GeoPlunged", "points": 10},
    ]
    assert [ln.label for ln in scoring.breakdown(None, False, (True, True))] == ["Tie", "Tie"]


@pytest.mark.parametrize(
    "args", [(None, True, (False, False)), (2, False, (False, False)), (0, False, (True,))]
)
def test_impossible_outcomes_are_refused(args):
    with pytest.raises(ValueError):
        scoring.score(*args)
