"""Border-Up in the conformance harness: seeded playouts per level (``tests/playouts.py``), every invariant
of the protocol checked (turns, refusals, JSON, non-interference through ``resample`` and
through pinned replays), and the points of every game compared with an independent
oracle (``tests/oracles/border_up.py``) that follows the rules itself. The runs must
cover every way a game ends, valid and invalid shouts (including groups that are right
but out of order), simultaneous shouts, passes inside a shout window (R-12), late moves
and the whole scoring table."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from cardroom.conformance import check_game
from cardroom.core import REFEREE, Move
from cardroom.geoplunge import solver
from cardroom.geoplunge.border_up import GAME, BorderUpState
from tests.oracles.border_up import Verdict, can_line_up, check_playout, group_ok
from tests.playouts import PLAYOUTS, results_until_seen, scaled, seeds


def racing(game: Any, s: BorderUpState, rng: random.Random) -> Move | None:
    """Teams act more often than the clock; a shout is often a real solver group (a
    GeoPlunge or ThreeOPlunge the hand holds), so valid shouts are common; otherwise the
    harness's own sample (valid, near misses, random cards, passes)."""
    r = rng.random()
    if r < 0.25:
        return None
    teams = sorted(t for t in game.to_move(s) if t != REFEREE)
    if not teams:
        return None
    seat = rng.choice(teams)
    if s.phase == "race" and r < 0.6:
        call = rng.choice(("geoplunge", "threeoplunge"))
        found = solver.find(s.hands[seat], s.level, call, rng=rng)
        if found is not None:
            return Move(seat, "shout", [call, [list(g) for g in found]], s.now)
    return game.legal_moves(s, seat).sample(rng)


@pytest.mark.parametrize("level", [2, 3, 4])
def test_border_up_conformance(level):
    verdicts: list[Verdict] = []

    def oracle(game: Any, playout: Any) -> tuple[int, ...]:
        v = check_playout(game, playout)
        verdicts.append(v)
        return v.points

    report = check_game(
        GAME,
        seeds=seeds(level * 10_000),
        options={"level": level},
        oracle=oracle,
        chooser=racing,
        deep=25,
    )
    assert report.games == PLAYOUTS == len(verdicts)
    assert report.resampled > scaled(1000) and report.pinned > scaled(100)

    # The spread of outcomes: every ending, both teams winning, bonus or not.
    endings = Counter(v.ending for v in verdicts)
    assert set(endings) == {"shout", "simultaneous", "time", "pass"}, endings
    assert min(endings.values()) >= scaled(10), endings
    winners = Counter(v.winner for v in verdicts)
    assert min(winners[0], winners[1], winners[None]) >= scaled(50), winners
    shouts = [sh for v in verdicts for sh in v.shouts]
    valid = Counter(sh[4] for sh in shouts)
    assert valid[True] >= scaled(100) and valid[False] >= scaled(100), valid

    def more(seeds: range) -> Any:
        return check_game(GAME, seeds, {"level": level}, oracle=oracle, chooser=racing, deep=0)

    # Groups that could be lined up but were shown out of order lose at Levels 3 and 4
    # (never at Level 2). Such a shout comes from the harness's near misses: about 6 times
    # in 200 games at Level 4 (1 to 11 on 20 seeds), none in about one run in 400 (seed
    # 347955 had none): played on until one shows.
    def out_of_order() -> list[Any]:
        return [
            g
            for v in verdicts
            for _, _, _, groups, ok in v.shouts
            if not ok
            for g in groups
            if len(g) in ((3,) if level < 4 else (3, 4, 5)) and can_line_up(g)
            and not group_ok(g, level)
        ]  # fmt: skip

    if level > 2:  # (the oracle keeps the verdicts of the games played on)
        results_until_seen(
            set(), report, more, level * 10_000, enough=lambda _: bool(out_of_order())
        )
    assert (len(out_of_order()) > 0) == (level > 2), len(out_of_order())
    assert sum(v.passes_in_window for v in verdicts) > 0
    assert sum(v.late for v in verdicts) > 0
    assert sum(sum(v.plunged) == 2 for v in verdicts) > 0
    # every line of the scoring table, 40 points included (the rarer ones played on until
    # they show)
    wanted = {"5,5", "10,0", "0,20", "20,0", "30,0", "0,30"}

    def enough(seen: set[str]) -> bool:
        return wanted <= seen and any("40" in key.split(",") for key in seen)

    seen = results_until_seen(wanted, report, more, level * 10_000, enough=enough)
    assert enough(seen), seen
