"""GeoPlunge scoring, shared by every game (one place, one table).

The tournament rule books print the same table for every game:

========================  ==========================================
tie                       5 points to each team
win                       10 points to the winning team
bonus                     +10 to the winning team
GeoPlunging               +10 to the winner if one team GeoPlunged,
                          +20 if both did (the winner only)
========================  ==========================================

(ruling R-1 in docs/rulings.md), so a game's points never exceed :data:`MAX_POINTS` (40). The loser of a decided game
scores 0. :func:`score` gives the points, :func:`breakdown` the lines a result screen
shows ("Win 10", "Bonus +10", "Both teams GeoPlunged +20").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "BONUS_POINTS",
    "MAX_POINTS",
    "PLUNGE_BOTH_POINTS",
    "PLUNGE_ONE_POINTS",
    "TIE_POINTS",
    "WIN_POINTS",
    "Line",
    "breakdown",
    "score",
]

TIE_POINTS = 5
WIN_POINTS = 10
BONUS_POINTS = 10
PLUNGE_ONE_POINTS = 10
PLUNGE_BOTH_POINTS = 20
MAX_POINTS = WIN_POINTS + BONUS_POINTS + PLUNGE_BOTH_POINTS  # 40


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a score breakdown: which team, what for, how many points."""

    team: int
    label: str
    points: int

    def to_json(self) -> dict[str, Any]:
        return {"team": self.team, "label": self.label, "points": self.points}


def _check(winner: int | None, bonus: bool, plunged: Sequence[bool]) -> None:
    if len(plunged) != 2:
        raise ValueError("GeoPlunge games have two teams: plunged needs two flags")
    if winner is not None and winner not in (0, 1):
        raise ValueError(f"winner must be 0, 1 or None (a tie), not {winner!r}")
    if winner is None and bonus:
        raise ValueError("a tie has no bonus")


def breakdown(winner: int | None, bonus: bool, plunged: Sequence[bool]) -> list[Line]:
    """The scoring lines of a finished game.

    ``winner`` is the winning team (0 or 1) or ``None`` for a tie; ``bonus`` whether the
    winner earned the bonus points; ``plunged`` whether each team GeoPlunged.
    """
    _check(winner, bonus, plunged)
    if winner is None:
        return [Line(0, "Tie", TIE_POINTS), Line(1, "Tie", TIE_POINTS)]
    lines = [Line(winner, "Win", WIN_POINTS)]
    if bonus:
        lines.append(Line(winner, "Bonus", BONUS_POINTS))
    n = sum(bool(p) for p in plunged)
    if n == 1:
        lines.append(Line(winner, "One team GeoPlunged", PLUNGE_ONE_POINTS))
    elif n == 2:
        lines.append(Line(winner, "Both teams GeoPlunged", PLUNGE_BOTH_POINTS))
    return lines


def score(winner: int | None, bonus: bool, plunged: Sequence[bool]) -> tuple[int, int]:
    """Points per team for a finished game (see :func:`breakdown`)."""
    pts = [0, 0]
    for line in breakdown(winner, bonus, plunged):
        pts[line.team] += line.points
    return (pts[0], pts[1])
