"""An independent score oracle for Sequence States & Capitals.

Written from the rule book (``/work/shared/seeds/003_...``) and ``docs/rulings.md``
alone: it imports nothing of the engine (not its board, its sequence finder or the game).
It rebuilds the board itself from ``data/states.json`` (R-70: the states sorted by capital
on rows 0-4, repeated on rows 5-9 with the halves of each row swapped), replays the move
list on a board of its own, walks the lines square by square to find sequences (R-74,
R-75), and returns the sequences each team completed. A move the rules forbid raises
AssertionError: a chip on a covered space or on the wrong state, a REMOVE of a chip in a
sequence or of the mover's own team, an action out of turn, a move after the game was won.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

__all__ = ["board", "oracle", "sequences_after"]

STATES_JSON = Path(__file__).resolve().parents[2] / "py" / "cardroom" / "data" / "states.json"
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


@cache
def board() -> dict[tuple[int, int], str]:
    """(row, col) -> postal code, built from the ruling's words."""
    records = json.loads(STATES_JSON.read_text("utf-8"))
    codes = [r["code"] for r in sorted(records, key=lambda r: r["capital"])]
    out = {}
    for i, code in enumerate(codes):
        row, col = divmod(i, 10)
        out[(row, col)] = code
        out[(row + 5, (col + 5) % 10)] = code
    return out


def _lines_through(
    chips: dict[tuple[int, int], int], at: tuple[int, int], team: int
) -> list[frozenset[tuple[int, int]]]:
    """Every five-in-a-row of ``team`` through ``at``, found by walking the board."""
    out = []
    r, c = at
    for dr, dc in DIRECTIONS:
        for back in range(5):
            start = (r - back * dr, c - back * dc)
            cells = [(start[0] + k * dr, start[1] + k * dc) for k in range(5)]
            if all(0 <= x < 10 and 0 <= y < 10 and chips.get((x, y)) == team for x, y in cells):
                out.append(frozenset(cells))
    return out


def sequences_after(
    chips: dict[tuple[int, int], int],
    at: tuple[int, int],
    team: int,
    own: list[frozenset[tuple[int, int]]],
    need: int,
) -> list[frozenset[tuple[int, int]]]:
    """The sequences a chip on ``at`` completes: lines sharing at most one square with any
    of the team's sequences; two if two such lines share at most one square with each
    other (the first such pair in reading order), else the first; reading order compares
    the squares of each line sorted top-left first."""
    lines = [ln for ln in _lines_through(chips, at, team) if all(len(ln & o) <= 1 for o in own)]
    lines.sort(key=lambda ln: sorted(ln))
    if not lines or need <= 0:
        return []
    if need >= 2:
        for i, a in enumerate(lines):
            for b in lines[i + 1 :]:
                if len(a & b) <= 1:
                    return [a, b]
    return [lines[0]]


def oracle(game: Any, playout: Any) -> tuple[int, ...]:
    """The sequences each team completed in ``playout`` (seed, options, moves)."""
    opts = playout.options
    players = opts.get("players", 2)
    teams = opts.get("teams") or (3 if players in (3, 9) else 2)
    target = 2 if teams == 2 else 1
    spaces = board()
    chips: dict[tuple[int, int], int] = {}
    seqs: list[tuple[int, frozenset[tuple[int, int]]]] = []
    turn = 0
    exchanged = False
    won = None
    for m in playout.moves:
        assert won is None, "a move after the game was won"
        assert m.seat == turn, f"seat {m.seat} acted on seat {turn}'s turn"
        team = m.seat % teams
        if m.kind == "dead":
            assert not exchanged, "two dead cards in one turn"
            cells = [rc for rc, code in spaces.items() if code == m.data]
            assert len(cells) == 2 and all(rc in chips for rc in cells), f"{m.data} is not dead"
            exchanged = True
            continue
        exchanged = False
        turn = (turn + 1) % players
        if m.kind == "pass":
            continue
        assert m.kind == "play", f"unknown action {m.kind}"
        card, space = m.data["card"], m.data["space"]
        at = divmod(space, 10)
        locked = {rc for _, s in seqs for rc in s}
        if card == "REMOVE":
            assert at in chips and chips[at] != team, "REMOVE takes an opponent's chip"
            assert at not in locked, "REMOVE took a chip of a sequence"
            del chips[at]
            continue
        assert at not in chips, "a chip on a covered space"
        assert card == "ADD" or spaces[at] == card, f"{card} played on {spaces[at]}"
        chips[at] = team
        own = [s for t, s in seqs if t == team]
        for s in sequences_after(chips, at, team, own, target - len(own)):
            seqs.append((team, s))
        if sum(1 for t, _ in seqs if t == team) >= target:
            won = team
    # the deck is reshuffled as often as needed, so only a winner ends a game.
    assert won is not None and game.is_over(playout.final), "the game ended with no winner"
    points = [0] * teams
    for t, _ in seqs:
        points[t] += 1
    return tuple(points)
