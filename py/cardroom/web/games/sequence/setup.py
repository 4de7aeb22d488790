"""Sequence States & Capitals' setup rules for the link parser and the setup form: which
team splits each player count allows (R-73, R-81). Standard library only, so checking a
link imports nothing of the engine (``tests/test_sequence_web_logic.py`` checks that these
tables agree with ``cardroom.sequence.engine``)."""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["PLAYERS", "SPLITS", "check_options", "teams_for"]

#: The player counts, and the team counts each allows (1 = everyone plays alone).
SPLITS: dict[int, tuple[int, ...]] = {
    2: (2,),
    3: (3,),
    4: (2,),
    6: (2, 3),
    8: (2,),
    9: (3,),
    10: (2,),
    12: (2, 3),
}
PLAYERS = tuple(SPLITS)
_COUNTS = "2, 3, 4, 6, 8, 9, 10 or 12"


def teams_for(players: int, teams: str) -> int:
    """The number of teams (sides) for ``players`` and the ``teams`` option: ``"auto"``
    is the usual split (alone up to 3 players, 9 players in 3 teams, the rest in 2)."""
    if teams in ("2", "3"):
        return int(teams)
    return 3 if players in (3, 9) else 2


def check_options(options: Mapping[str, str], mode: str = "") -> str | None:
    """A sentence when ``players`` and ``teams`` break the rules (R-81), or cannot be
    played in ``mode`` (two devices need exactly two sides, R-190), else None.

    ``teams`` is ``"auto"``, ``"none"`` (everyone alone: 2 or 3 players), ``"2"`` or
    ``"3"``."""
    bad = _check_split(options)
    if bad is None and mode == "devices":
        text = str(options.get("players", "2")).strip()
        if teams_for(int(text), str(options.get("teams", "auto"))) != 2:
            return "Two devices play two sides: 2 players, or 2 teams (4, 6, 8, 10 or 12 players)."
    return bad


def _check_split(options: Mapping[str, str]) -> str | None:
    text = str(options.get("players", "2")).strip()
    players = int(text) if text.isdigit() else 0
    if players not in SPLITS:
        return f"Sequence is played by {_COUNTS} players."
    teams = str(options.get("teams", "auto"))
    splits = " or ".join(map(str, SPLITS[players]))
    if teams == "none":
        if players > 3:
            return f"More than 3 players play in teams: {players} players make {splits} teams."
        return None
    if teams in ("2", "3"):
        if players <= 3:
            return f"{players} players play alone, not in teams: choose “Each plays alone”."
        if int(teams) not in SPLITS[players]:
            return (
                f"{players} players cannot make {teams} equal teams: "
                f"{players} players make {splits} teams."
            )
        return None
    if teams != "auto":
        return "Teams are 2 or 3, or each plays alone."
    return None
