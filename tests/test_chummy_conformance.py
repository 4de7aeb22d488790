"""Chummy Challenge in the conformance harness: 1,000 seeded playouts per level with every
invariant of the protocol (turns, refusals, JSON, non-interference through ``resample``
and through pinned replays), and the points of every game compared with an independent
oracle (``tests/oracles/chummy.py``). The runs must cover every way a challenge ends
(right, wrong, simultaneous, silence after 15 s, no answer), both teams winning, ties,
the bonus and GeoPlunging."""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

import pytest

from cardroom.conformance import check_game
from cardroom.core import REFEREE, Move
from cardroom.geoplunge.chummy import GAME, ChummyState
from tests.oracles.chummy import Verdict, check_playout
from tests.playouts import PLAYOUTS, results_until_seen, scaled, seeds


def player(game: Any, s: ChummyState, rng: random.Random) -> Move | None:
    """Lets the reading run (so that silence happens), makes the other team buzz inside
    the window half the time, and gives right answers (any valid set, in any order)
    often; otherwise the harness's own sample."""
    r = s.current
    if s.phase == "read" and rng.random() < 0.8:
        return game.legal_moves(s, REFEREE).sample(rng)
    if s.phase == "window" and r is not None and rng.random() < 0.5:
        other = 1 - r.buzzes[0][0]
        return Move(other, "buzz", None, s.now)
    if s.phase == "answer" and r is not None and rng.random() < 0.5:
        waiting = [t for t in r.answering if all(a.team != t for a in r.answers)]
        if waiting:
            q = r.question()
            items = rng.sample(list(q.answers), q.need)
            parts = [rng.choice(item) for item in items]
            data: Any = parts[0] if q.need == 1 and rng.random() < 0.5 else parts
            return Move(rng.choice(waiting), "answer", data, s.now)
    return None


@pytest.mark.parametrize("level", [3, 4])
def test_chummy_conformance(level):
    verdicts: list[Verdict] = []

    def oracle(game: Any, playout: Any) -> tuple[int, ...]:
        v = check_playout(game, playout)
        verdicts.append(v)
        return v.points

    t0 = time.perf_counter()
    report = check_game(
        GAME,
        seeds=seeds(level * 10_000),
        options={"level": level},
        oracle=oracle,
        chooser=player,
        deep=25,
    )
    seconds = time.perf_counter() - t0
    assert report.games == PLAYOUTS == len(verdicts)
    assert report.resampled > scaled(1000) and report.pinned > scaled(100)
    print(f"level {level}: {report.games} playouts, {report.moves} moves in {seconds:.1f} s")

    hows = Counter(h for v in verdicts for h in v.hows)
    assert set(hows) == {"right", "wrong", "both", "silence", "unanswered"}, hows
    assert min(hows.values()) >= scaled(20), hows
    winners = Counter(v.winner for v in verdicts)
    assert min(winners[0], winners[1], winners[None]) >= scaled(100), winners
    assert sum(v.bonus for v in verdicts) >= scaled(100)
    plunges = Counter(sum(v.plunged) for v in verdicts)
    assert min(plunges[0], plunges[1], plunges[2]) >= scaled(25), plunges
    games = Counter(len(v.hows) for v in verdicts)
    assert games[2] >= scaled(100) and games[3] >= scaled(100), games
    colours = Counter(c for v in verdicts for c in v.colours)
    if level == 3:
        assert set(colours) == {"red", "blue"}, colours
    else:
        assert set(colours) == {"red", "blue", "green", "yellow", "purple"}, colours
    # 40 points (about one game in two hundred): played on until one shows
    forty = {"40,0", "0,40"}

    def more(seeds: range) -> Any:
        return check_game(GAME, seeds, {"level": level}, oracle=oracle, chooser=player, deep=0)

    seen = results_until_seen(forty, report, more, level * 10_000, enough=lambda s: bool(s & forty))
    assert seen & forty, seen
