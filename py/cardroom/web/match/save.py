"""What a match leaves behind, plain Python (no browser; tested on CPython): the result
code a team gives the tournament director (R-174), and the save that brings a match in
progress back after a reload (R-170). The match itself is :mod:`cardroom.web.match.logic`'s.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from cardroom.match import Match
from cardroom.web.match.logic import MATCH_MODES, MatchSetup, whole_number
from cardroom.web.platform.routes import DIFFICULTY_TEXT

__all__ = [
    "CorruptMatchSave",
    "MatchSave",
    "decode_match_save",
    "encode_match_save",
    "result_code_for",
]


# ------------------------------------------------------------------ the result code


@dataclass(frozen=True, slots=True)
class _CodeOf:
    """What a result code needs of its tournament: the two digits on the director's page."""

    code: int


def result_code_for(
    m: Match, tournament_code: str, round_no: str, team1: str, team2: str
) -> tuple[str | None, str | None]:
    """The director's result code of this match (code, None), or (None, the problem)
    (R-174):
    the tournament's code (two digits), the round and the two teams' numbers come from
    the director's page; Team 1's points are the first team's."""
    from cardroom import tournament as tm  # noqa: PLC0415

    t = tournament_code.strip()
    if not t.isdigit() or len(t) > 2:
        return None, "The tournament code is the two digits on the director's page."
    fields = [(round_no, "The round"), (team1, "Team 1's number"), (team2, "Team 2's number")]
    nums = []
    for text, what in fields:
        n = whole_number(text)
        if n is None or not 1 <= n <= 99:
            return None, f"{what} is a whole number from 1 to 99."
        nums.append(n)
    if nums[1] == nums[2]:
        return None, "The two teams have different numbers."
    a, b = m.points()
    try:
        code = tm.result_code(_CodeOf(int(t)), nums[0], nums[1], nums[2], a, b)  # type: ignore[arg-type]
    except tm.TournamentError as exc:
        return None, str(exc)
    return code, None


# ------------------------------------------------------------------ saving


@dataclass(frozen=True, slots=True)
class MatchSave:
    """A match in progress: its setup, its record, the run id of the game being played
    (whose own save is the kit's) and whether the screen is between games."""

    setup: MatchSetup
    match: Match
    game_run: str | None
    between: bool


class CorruptMatchSave(ValueError):
    pass


def encode_match_save(save: MatchSave) -> str:
    s = save.setup
    return json.dumps(
        {
            "v": 1,
            "setup": [s.combo, s.kind, s.minutes, s.mode, s.difficulty, s.seed],
            "match": save.match.to_json(),
            "game_run": save.game_run,
            "between": save.between,
        },
        separators=(",", ":"),
    )


def decode_match_save(text: str | None) -> MatchSave | None:
    """The save in ``text`` (None: nothing saved); CorruptMatchSave when unreadable."""
    from cardroom.match import CorruptMatch  # noqa: PLC0415

    if not text:
        return None
    try:
        obj = json.loads(text)
        combo, kind, minutes, mode, difficulty, seed = obj["setup"]
        setup = MatchSetup(combo, kind, minutes, mode, difficulty, seed)
        run = obj["game_run"]
        between = obj["between"]
    except (ValueError, KeyError, TypeError):
        raise CorruptMatchSave("parts of it are missing") from None
    ok = (
        obj.get("v") == 1
        and mode in MATCH_MODES
        and difficulty in DIFFICULTY_TEXT
        and isinstance(seed, int)
        and (run is None or isinstance(run, str))
        and isinstance(between, bool)
    )
    if not ok:
        raise CorruptMatchSave("its setup is not readable")
    try:
        m = Match.from_json(obj["match"])
    except CorruptMatch as exc:
        raise CorruptMatchSave(str(exc)) from None
    if (m.combo, m.kind, m.limit_ms // 60_000, m.seed) != (combo, kind, minutes, seed):
        raise CorruptMatchSave("its setup and its record disagree")
    return MatchSave(setup, m, run, between)
