"""The Dashing States computer opponent: sorting, delays by difficulty, easy misnames."""

from __future__ import annotations

import random
import time

import pytest

from cardroom.core import Move, bot_context
from cardroom.geoplunge import decks
from cardroom.geoplunge.dashing import GAME, sorted_for
from cardroom.geoplunge.dashing_bot import DashingBot
from cardroom.geoplunge.sim import run_dashing


def _race(level: int = 3, seed: int = 2):
    s = GAME.new(seed, level=level)
    s = GAME.apply(s, Move(0, "plunge", False, 10))
    return GAME.apply(s, Move(1, "plunge", False, 20))


def test_bot_sorts_six_cards_right_and_turns_one_down() -> None:
    s = _race()
    ctx = bot_context(GAME, s, 0, random.Random(0), GAME.clock(s))
    m = DashingBot("hard", 1).choose(ctx)
    assert m.kind == "shout" and m in ctx.legal
    codes = [decks.map_card(x).state for x in m.data]
    assert codes == sorted_for(s.key, codes) and len(set(m.data)) == 6
    again = DashingBot("hard", 1).choose(ctx)
    assert again == m  # the same plan when asked again


def test_delay_grows_as_difficulty_falls() -> None:
    def mean_delay(d: str) -> float:
        out = []
        for seed in range(30):
            s = _race(seed=seed)
            ctx = bot_context(GAME, s, 0, random.Random(0), GAME.clock(s))
            out.append(DashingBot(d, seed).choose(ctx).at - s.race_start)
        return sum(out) / len(out)

    hard, medium, easy = mean_delay("hard"), mean_delay("medium"), mean_delay("easy")
    assert hard < medium < easy


def test_hard_never_misnames_and_easy_sometimes_does() -> None:
    r_hard = run_dashing(2, 15, 3, ("hard", "hard"))
    assert r_hard["errors"] == 0
    misnamed = {"easy": 0, "hard": 0}
    for d in misnamed:
        for seed in range(40):
            s = _race(seed=seed)
            bot = DashingBot(d, seed)
            s = GAME.apply(s, bot.choose(bot_context(GAME, s, 0, random.Random(0), s.now)))
            s = GAME.apply(s, Move(-1, "close", None, s.now + s.window_ms))
            while s.phase == "answer":
                s = GAME.apply(s, bot.choose(bot_context(GAME, s, 0, random.Random(0), s.now)))
            misnamed[d] += s.results[0].winner != 0
    assert misnamed["hard"] == 0
    assert 0 < misnamed["easy"] < 40


def test_hard_beats_easy() -> None:
    r = run_dashing(3, 30, 5, ("easy", "hard"))
    assert r["errors"] == 0 and r["results"]["team2"] >= 27


@pytest.mark.parametrize("level", [2, 3, 4])
def test_simulate_has_no_errors(level: int) -> None:
    r = run_dashing(level, 20, 1, ("medium", "medium"))
    assert r["errors"] == 0 and sum(r["results"].values()) == 20


def test_bot_moves_are_fast() -> None:
    times = []
    for seed in range(30):
        s = _race(level=4, seed=seed)
        bots = [DashingBot("easy", seed), DashingBot("hard", seed)]
        rng = random.Random(seed)
        for _ in range(60):
            if GAME.is_over(s):
                break
            cands = []
            for seat in sorted(GAME.to_move(s)):
                if seat < 0:
                    cands.extend(GAME.legal_moves(s, seat))
                    continue
                ctx = bot_context(GAME, s, seat, rng, s.now)
                t0 = time.process_time()
                cands.append(bots[seat].choose(ctx))
                times.append(time.process_time() - t0)
            s = GAME.apply(s, min(cands, key=lambda m: (m.at, m.seat < 0)))
    times.sort()
    assert times[int(len(times) * 0.99)] < 0.01
