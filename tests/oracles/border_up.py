"""An independent score oracle for Border-Up.

Written from the rule books and ``docs/rulings.md`` alone: it does not import the
engine's group checker (``groups.py``), its solver, its scoring table or the game. It
reads the seed-dealt state's JSON (the deck order the dealer shuffled), the move list and
the border lists of ``data/states.json``; it deals the cards itself (the first hand to
Team 1, the next to Team 2), follows the phases on the table clock, judges every shout
with its own path check and scores with its own copy of the table. A move sequence the
rules forbid raises AssertionError.

Rules used: R-1 (scoring), R-2 (a group is a line of bordering states; Level 2 any
order, Level 3 the hub in the middle, Level 4 in the order shown), R-3 (the cards' border
lists, made symmetric), R-4 (layouts), R-5 (refusals), R-6 (the call fixes the number of
groups), R-7 (the window), R-8 (GeoPlunging), R-9 (time, passes), R-10 and R-13 (moves
judged in time order, even when one arrives after a secret move timed later), R-12 (a pass
inside the other team's window).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from itertools import permutations
from pathlib import Path
from typing import Any

__all__ = ["Verdict", "borders", "group_ok", "judge", "oracle", "shout_ok"]

STATES_JSON = Path(__file__).resolve().parents[2] / "py" / "cardroom" / "data" / "states.json"
CLOCK = -1

# The table printed in the Combo 2 and Combo 4 books.
TIE = 5
WIN = 10
BONUS = 10
PLUNGING = {0: 0, 1: 10, 2: 20}


@cache
def borders() -> dict[str, frozenset[str]]:
    """Postal code -> the codes it borders, from the cards' lists, made symmetric."""
    records = json.loads(STATES_JSON.read_text(encoding="utf-8"))
    out: dict[str, set[str]] = {r["code"]: set() for r in records}
    for r in records:
        for other in r["borders"]:
            out[r["code"]].add(other)
            out[other].add(r["code"])
    return {k: frozenset(v) for k, v in out.items()}


def _touch(a: str, b: str) -> bool:
    return b in borders()[a]


def _in_a_line(cards: tuple[str, ...]) -> bool:
    return all(_touch(a, b) for a, b in zip(cards, cards[1:], strict=False))


def group_ok(cards: tuple[str, ...], level: int) -> bool:
    """One group, in the order shown (R-2)."""
    if len(set(cards)) != len(cards):
        return False
    if level in (2, 3):
        if len(cards) != 3:
            return False
        a, b, c = cards
        if level == 3:  # the state bordering both others in the middle
            return _touch(b, a) and _touch(b, c)
        return any(_touch(x, y) and _touch(x, z) for x, y, z in ((a, b, c), (b, a, c), (c, a, b)))
    if len(cards) not in (3, 4, 5):
        return False
    return _in_a_line(cards)


def can_line_up(cards: tuple[str, ...]) -> bool:
    """Some order of ``cards`` is a line (used only to describe outcomes in tests)."""
    return any(_in_a_line(p) for p in permutations(cards))


def shout_ok(call: str, groups: tuple[tuple[str, ...], ...], level: int) -> bool:
    """A shout shows the right number of winning groups in a right layout (R-4, R-6)."""
    want = {"geoplunge": 2, "threeoplunge": 3}[call]
    if len(groups) != want:
        return False
    sizes = sorted((len(g) for g in groups), reverse=True)
    if level == 4:
        allowed = [[4, 4], [5, 3]] if want == 2 else [[4, 4, 3], [5, 3, 3]]
    else:
        allowed = [[3] * want]
    if sizes not in allowed:
        return False
    every = [c for g in groups for c in g]
    if len(set(every)) != len(every):
        return False
    return all(group_ok(g, level) for g in groups)


@dataclass
class Verdict:
    """What the rules say about one game."""

    points: tuple[int, int]
    ending: str  # "shout" | "simultaneous" | "time" | "pass"
    winner: int | None
    bonus: bool
    plunged: tuple[bool, bool]
    shouts: list[tuple[int, int, str, tuple[tuple[str, ...], ...], bool]] = field(
        default_factory=list
    )  # (team, at, call, groups, valid)
    late: int = 0
    passes_in_window: int = 0


def _groups(data: Any) -> tuple[str, tuple[tuple[str, ...], ...]]:
    assert isinstance(data, (list, tuple)) and len(data) == 2, f"a shout is [call, groups]: {data}"
    call, groups = data
    assert call in ("geoplunge", "threeoplunge"), f"unknown call {call!r}"
    assert isinstance(groups, (list, tuple)), "groups are lists"
    return call, tuple(tuple(g) for g in groups)


def judge(dealt: dict[str, Any], moves: list[dict[str, Any]], options: dict[str, Any]) -> Verdict:
    """The verdict for ``moves`` (JSON) played on the deal ``dealt`` (the seed-dealt
    state's JSON) with ``options``."""
    level = options.get("level", 2)
    window = options.get("window_ms", 300)
    count = options.get("count_ms", 5000)
    limit = options.get("time_limit_ms", 5 * 60 * 1000)
    n = 21 if level == 4 else 18
    order = list(dealt["deck"])
    assert len(order) == 50 and len(set(order)) == 50, "the dealer shuffles all 50 cards"
    hands = (frozenset(order[:n]), frozenset(order[n : 2 * n]))

    phase = "plunge"
    clock = 0
    decided: list[bool | None] = [None, None]  # in time
    tried = [False, False]  # decided at all, in time or not
    race_start: int | None = None
    shouts: list[tuple[int, int, str, tuple[tuple[str, ...], ...]]] = []
    shouted = [False, False]
    passed: list[int | None] = [None, None]
    ending: str | None = None
    late = 0
    in_window = 0

    def due() -> tuple[str, int] | None:
        if phase == "plunge":
            return ("count", count)
        if phase == "race":
            if shouts:
                return ("close", shouts[0][1] + window)
            assert race_start is not None
            return ("time", race_start + limit)
        return None

    def run_clock(t: int) -> None:
        nonlocal phase, race_start, ending, in_window
        while True:
            d = due()
            if d is None or t < d[1]:
                return
            kind, at = d
            if kind == "count":
                phase, race_start = "race", at
            elif kind == "close":
                in_window += sum(p is not None and p >= shouts[0][1] for p in passed)
                phase, ending = "over", "shout"
            else:
                phase, ending = "over", "time"

    for m in moves:
        assert isinstance(m.get("at"), int) and m["at"] >= 0, f"an untimed move {m}"
    # Moves are judged by their times, ties in the order they came: a team's move
    # may come in after a secret move timed later, which it could not see.
    for i, m in sorted(enumerate(moves), key=lambda im: (im[1]["at"], im[0])):
        seat, kind, data, at = m["seat"], m["kind"], m.get("data"), m.get("at")
        where = f"move {i} ({kind} by {seat} at {at})"
        assert phase != "over", f"{where}: a move after the end of the game"
        assert at >= clock
        if seat == CLOCK:
            d = due()
            assert d is not None and d[0] == kind, f"{where}: the clock's next call is {d}"
            assert at >= d[1], f"{where}: the clock called {kind} early"
            run_clock(at)
            clock = at
            continue
        assert seat in (0, 1), f"{where}: not a team"
        if kind == "plunge":
            assert isinstance(data, bool), f"{where}: a decision is yes or no"
            assert not tried[seat], f"{where}: a team decided twice"
            assert phase == "plunge", f"{where}: a decision after the count was closed"
            tried[seat] = True
            run_clock(at)
            clock = at
            if phase != "plunge":
                late += 1  # after the count: not GeoPlunging
                continue
            decided[seat] = data
            if None not in decided:
                phase, race_start = "race", at
            continue
        assert kind in ("shout", "pass"), f"{where}: unknown move"
        assert not (phase == "plunge" and at < count), f"{where}: shouting before the deal"
        assert not shouted[seat], f"{where}: a team shouted twice"
        assert passed[seat] is None, f"{where}: a team that passed may not act"
        run_clock(at)
        clock = at
        if kind == "shout":
            call, groups = _groups(data)
            cards = [c for g in groups for c in g]
            assert set(cards) <= hands[seat], f"{where}: shows cards the team does not hold"
            assert len(set(cards)) == len(cards), f"{where}: shows a card twice"
            shouted[seat] = True
            if phase == "over":
                late += 1  # after the window or the time: does not count
                continue
            shouts.append((seat, at, call, groups))
            if len(shouts) == 2:
                assert at < shouts[0][1] + window
                phase, ending = "over", "simultaneous"
            elif passed[1 - seat] is not None:  # nobody left to shout with it
                phase, ending = "over", "shout"
            continue
        assert data is None, f"{where}: a pass carries nothing"
        if phase == "over":
            late += 1
            continue
        passed[seat] = at  # inside a window the shout decides
        if None not in passed:
            phase, ending = "over", "pass"

    assert phase == "over" and ending is not None, "the game did not end"
    plunged = (decided[0] is True, decided[1] is True)
    valid = [shout_ok(call, groups, level) for _, _, call, groups in shouts]
    winner: int | None = None
    bonus = False
    if ending == "shout":
        team, _, call, _ = shouts[0]
        if valid[0]:
            winner, bonus = team, call == "threeoplunge"
        else:
            winner, bonus = 1 - team, True
    elif ending == "simultaneous" and valid[0] != valid[1]:
        winner, bonus = shouts[valid.index(True)][0], True  # only one showed groups
    if winner is None:
        points = (TIE, TIE)
    else:
        won = WIN + (BONUS if bonus else 0) + PLUNGING[sum(plunged)]
        points = (won, 0) if winner == 0 else (0, won)
    return Verdict(
        points=points,
        ending=ending,
        winner=winner,
        bonus=bonus,
        plunged=plunged,
        shouts=[(t, a, c, g, v) for (t, a, c, g), v in zip(shouts, valid, strict=True)],
        late=late,
        passes_in_window=in_window,
    )


def oracle(game: Any, playout: Any) -> tuple[int, int]:
    """The harness's ``oracle(game, playout)``: the points the rules give. The game is
    used only to read the seed-dealt state and the final state as JSON."""
    return check_playout(game, playout).points


def check_playout(game: Any, playout: Any) -> Verdict:
    dealt = game.state_to_json(game.new(playout.seed, **playout.options))
    moves = [m.to_json() for m in playout.moves]
    v = judge(dealt, moves, dict(playout.options))
    # The deal the oracle made is the one the game holds (R-11: both hands at the end).
    final = game.state_to_json(playout.final)
    n = 21 if playout.options.get("level", 2) == 4 else 18
    order = dealt["deck"]
    assert final["hands"] == [sorted(order[:n]), sorted(order[n : 2 * n])], "a wrong deal"
    return v
