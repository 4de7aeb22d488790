"""Trick-game bots: strength (who beats whom) and thinking time, on CPython.

Usage: python benchmarks/trick_bots.py [--games N] [--seed S] [--pairs hard-medium,medium-easy]
                                       [--only ranks-L2,zap-L3,...] [--timing] [--json]
                                       [--timing-games N]   (--games 0: timing only)

Strength: for each game, level and version, the stronger bot plays ``--games`` games
(1,000 by default), half as Team 1 and half as Team 2, through ``cardroom simulate``'s
runner (every move from a BotContext, invariants checked, ``errors`` counted). The
target is a win rate of at least 60% for hard over medium and for medium over easy.

Timing (``--timing``): the hard bot's time per move over whole games, p50 / p99 / max,
and the worlds it played out per searched move. Its search stops after ``budget_ms``
(12 ms of the process's own time on CPython, of wall time in the browser) plus the
world in progress, and after ``max_worlds`` worlds; Pyodide is 2-3x slower than CPython,
so the browser gets fewer worlds in the same time, not a longer wait (budget: p99 <= 50
ms per bot move in the browser). Wall times grow on a loaded machine; ``cpu_p99_ms`` is
the process's own time.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from cardroom.core import bot_context  # noqa: E402
from cardroom.geoplunge.tricks.bots import make_bot  # noqa: E402
from cardroom.geoplunge.tricks.ranks import GAME as PTR  # noqa: E402
from cardroom.geoplunge.tricks.simulate import run_ranks, run_zap  # noqa: E402
from cardroom.geoplunge.tricks.zap import GAME as PTB  # noqa: E402

CONFIGS = {
    "ranks-L2": (run_ranks, 2, {}),
    "ranks-L3-ptr1": (run_ranks, 3, {"version": "ptr1"}),
    "ranks-L3-ptr2": (run_ranks, 3, {"version": "ptr2"}),
    "ranks-L4-ptr1": (run_ranks, 4, {"version": "ptr1"}),
    "ranks-L4-ptr2": (run_ranks, 4, {"version": "ptr2"}),
    "zap-L3": (run_zap, 3, {}),
    "zap-L4": (run_zap, 4, {}),
}


def strength(name: str, strong: str, weak: str, games: int, seed: int) -> dict:
    run, level, opts = CONFIGS[name]
    half = games // 2
    a = run(level, half, seed, (strong, weak), **opts)
    b = run(level, games - half, seed + half, (weak, strong), **opts)
    won = a["results"]["team1"] + b["results"]["team2"]
    lost = a["results"]["team2"] + b["results"]["team1"]
    return {
        "config": name,
        "pair": f"{strong}-{weak}",
        "games": games,
        "won": won,
        "lost": lost,
        "tie": games - won - lost,
        "rate": round(won / games, 3),
        "errors": a["errors"] + b["errors"],
        "seconds": round(a["seconds"] + b["seconds"], 1),
    }


def timing(games: int, seed: int) -> list[dict]:
    out = []
    for name, (run, level, extra) in CONFIGS.items():
        game, opts = (PTR if run is run_ranks else PTB), {"level": level, **extra}
        times, cpu, worlds = [], [], []
        bot = make_bot("hard")
        for g in range(games):
            s = game.new(seed + g, **opts)
            rng = random.Random(g)
            while not game.is_over(s):
                seat = min(game.to_move(s))
                ctx = bot_context(game, s, seat, rng)
                bot.worlds = 0
                t0, c0 = time.perf_counter(), time.process_time()
                m = bot.choose(ctx)
                times.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.process_time() - c0) * 1000)
                if bot.worlds:
                    worlds.append(bot.worlds)
                s = game.apply(s, m)
        times.sort()
        cpu.sort()
        out.append({
            "config": name,
            "moves": len(times),
            "p50_ms": round(statistics.median(times), 2),
            "p99_ms": round(times[int(0.99 * (len(times) - 1))], 2),
            "max_ms": round(times[-1], 2),
            "cpu_p50_ms": round(statistics.median(cpu), 2),
            "cpu_p99_ms": round(cpu[int(0.99 * (len(cpu) - 1))], 2),
            "cpu_max_ms": round(cpu[-1], 2),
            "worlds_mean": round(statistics.mean(worlds), 1) if worlds else 0,
        })  # fmt: skip
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--pairs", default="hard-medium,medium-easy")
    p.add_argument("--only", default=",".join(CONFIGS))
    p.add_argument("--timing", action="store_true", help="also time the hard bot")
    p.add_argument("--timing-games", type=int, default=10, help="games per timing row (10)")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    args = p.parse_args()
    rows = []
    for name in args.only.split(",") if args.games else ():
        for pair in args.pairs.split(","):
            strong, weak = pair.split("-")
            row = strength(name, strong, weak, args.games, args.seed)
            rows.append(row)
            if args.json:
                print(json.dumps(row), flush=True)
            else:
                print(f"{row['config']:15} {row['pair']:12} {row['won']:5}/{row['games']} "
                      f"= {row['rate']:.2f}  errors {row['errors']}  {row['seconds']} s",
                      flush=True)  # fmt: skip
    if args.timing:
        for row in timing(args.timing_games, args.seed):
            print(json.dumps(row) if args.json else row, flush=True)


if __name__ == "__main__":
    main()
