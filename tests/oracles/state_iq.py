"""An independent score oracle for State IQ (written from the rule books, not the engine).

It reads only the playout's options, its moves and the cards the finished game shows to
everybody, walks the game again with its own reading of the rules (who guesses when, when
a team stops, when Level 4 deals a new card), refuses any move sequence the rules forbid,
and scores with the rule books' table (tie 5 each; win 10, bonus +10, +10 if one team
GeoPlunged, +20 if both).
"""

from __future__ import annotations

from typing import Any

from cardroom import atlas, names
from cardroom.core import REFEREE


def _points(winner: int | None, bonus: bool, plunged: list[bool]) -> tuple[int, int]:
    if winner is None:
        return (5, 5)
    pts = 10 + (10 if bonus else 0) + {0: 0, 1: 10, 2: 20}[sum(plunged)]
    return (pts, 0) if winner == 0 else (0, pts)


def oracle(game: Any, playout: Any) -> tuple[int, int]:
    opts = playout.options
    level = opts.get("level", 2)
    end = game.view(playout.final, REFEREE)
    assert end["phase"] == "over", "the game did not end"
    cards = end["cards"]  # every card each team held, in order, shown at the end
    assert all(c is not None for team in cards for c in team), "cards hidden at the end"

    # Who guesses first: the Border-Up winner at Level 2, else the statehood pick.
    carry = opts.get("carry") or {}
    if level == 2 and carry.get("winner") in (0, 1):
        first = carry["winner"]
    else:
        a, b = (atlas.by_code()[c].statehood_rank for c in end["pick"])
        first = 0 if a < b else 1
    assert end["first"] == first, "wrong first guessing team"

    plunged: dict[int, bool] = {}
    results: dict[int, list[bool]] = {0: [], 1: []}
    current = {0: 0, 1: 0}  # which of its cards each team holds now
    clues_before = 2 if level == 2 else 1
    order = [first, 1 - first]
    turn = 0
    clues = 0
    finished = False

    def turn_over(team: int) -> bool:
        mine = results[team]
        if len(mine) == 3:
            return True
        if turn == 0:
            return level in (2, 3) and any(mine)
        theirs = results[first]
        if level in (2, 3):
            if any(mine):
                return True
            if any(theirs):
                return len(mine) >= theirs.index(True) + 1
            return False
        left = 3 - len(mine)
        if sum(mine) + left < sum(theirs):
            return True
        if sum(mine) > sum(theirs):
            return not all(mine)  # won: play on only for the bonus
        return False

    for m in playout.moves:
        assert not finished, "a move after the end"
        if m.kind == "plunge":
            assert m.seat not in plunged, "GeoPlunging twice"
            plunged[m.seat] = m.data
            continue
        assert len(plunged) == 2, "play before both teams said whether they GeoPlunge"
        guesser = order[turn]
        if m.kind == "clue":
            assert m.seat == 1 - guesser, "a clue from the guessing team"
            clues += 1
            assert clues <= clues_before, "too many clues before a guess"
            continue
        assert m.kind == "guess" and m.seat == guesser, f"unexpected {m}"
        assert clues == clues_before, "a guess before its clues"
        clues = 0
        giver = 1 - guesser
        code = names.resolve_state(m.data).code
        right = code == cards[giver][current[giver]]
        results[guesser].append(right)
        if turn_over(guesser):
            if turn == 1:
                finished = True
            turn = 1
        elif right and level == 4:
            current[giver] += 1
    assert finished, "the game stopped before the rules end it"
    assert all(len(cards[t]) == current[t] + 1 for t in (0, 1)), "a card dealt for nothing"

    if level in (2, 3):
        need = {t: (results[t].index(True) + 1 if any(results[t]) else None) for t in (0, 1)}
        a, b = need[0], need[1]
        if a == b:
            winner, bonus = None, False
        elif b is None or (a is not None and a < b):
            winner, bonus = 0, a == 1
        else:
            winner, bonus = 1, b == 1
    else:
        h0, h1 = sum(results[0]), sum(results[1])
        winner = None if h0 == h1 else (0 if h0 > h1 else 1)
        bonus = winner is not None and sum(results[winner]) == 3
    return _points(winner, bonus, [plunged[0], plunged[1]])
