"""The trick-game bots: legal moves from their own context only, every level and version,
bounded thinking time, and a strength check (the full 1,000-game figures come from
``benchmarks/trick_bots.py``)."""

from __future__ import annotations

import random
import time

import pytest

from cardroom.core import Rng, bot_context
from cardroom.geoplunge.tricks.bots import TrickBot, make_bot
from cardroom.geoplunge.tricks.ranks import GAME as PTR
from cardroom.geoplunge.tricks.simulate import run_ranks, run_zap
from cardroom.geoplunge.tricks.zap import GAME as PTB

CONFIGS = [
    (PTR, {"level": 2}),
    (PTR, {"level": 3, "version": "ptr1"}),
    (PTR, {"level": 3, "version": "ptr2"}),
    (PTR, {"level": 4, "version": "ptr1"}),
    (PTR, {"level": 4, "version": "ptr2"}),
    (PTB, {"level": 3}),
    (PTB, {"level": 4}),
]


@pytest.mark.parametrize(
    ("game", "options"),
    CONFIGS,
    ids=lambda x: getattr(x, "slug", None) or "-".join(f"{k}{v}" for k, v in x.items()),
)
def test_every_bot_finishes_games_without_errors(game, options) -> None:
    run = run_ranks if game is PTR else run_zap
    for teams in (("easy", "hard"), ("medium", "easy")):
        report = run(options["level"], 3, 7, teams, **{k: v for k, v in options.items()
                                                       if k != "level"})  # fmt: skip
        assert report["errors"] == 0, report
        assert sum(report["results"].values()) == 3


def _deterministic() -> TrickBot:
    # a fixed number of worlds, whatever the clock says
    return TrickBot("hard", budget_ms=1e9, max_worlds=6)


@pytest.mark.parametrize("game", [PTR, PTB], ids=["ranks", "zap"])
def test_hard_bot_sees_only_its_information_set(game) -> None:
    """Two worlds the seat cannot tell apart give the same choice."""
    options = {"level": 4} if game is PTR else {"level": 3}
    checked = 0
    for seed in range(6):
        s = game.new(seed, **options)
        rng = random.Random(seed)
        while not game.is_over(s):
            seat = min(game.to_move(s))
            if game.view(s, seat)["phase"] == "play":
                other = game.resample(s, seat, Rng(seed * 101 + len(s.tricks)))
                a = _deterministic().choose(bot_context(game, s, seat, random.Random(1)))
                b = _deterministic().choose(bot_context(game, other, seat, random.Random(1)))
                assert a == b
                checked += 1
            s = game.apply(s, game.legal_moves(s, seat).sample(rng))
    assert checked > 20


def test_hard_bot_time_is_bounded() -> None:
    bot = make_bot("hard")
    worst = 0.0
    for seed in range(4):
        s = PTR.new(seed, level=4, version="ptr2")
        rng = random.Random(seed)
        while not PTR.is_over(s):
            seat = min(PTR.to_move(s))
            ctx = bot_context(PTR, s, seat, rng)
            t0 = time.perf_counter()
            m = bot.choose(ctx)
            worst = max(worst, time.perf_counter() - t0)
            assert m in ctx.legal
            s = PTR.apply(s, m)
    # the budget is 25 ms of search plus one last world; a loaded CI machine gets slack
    assert worst < 0.5, worst


def test_medium_beats_easy() -> None:
    won = 0
    for teams, me in ((("medium", "easy"), "team1"), (("easy", "medium"), "team2")):
        r = run_ranks(2, 20, 100, teams)
        assert r["errors"] == 0
        won += r["results"][me]
    assert won >= 24, won  # 60% of 40 games
