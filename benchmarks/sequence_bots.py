"""Sequence bot timings: p50 / p99 / max per level and player count, on CPython.

Usage: python benchmarks/sequence_bots.py [--games N] [--seed S] [--players 2,3,4,...] [--json]

Positions come from real games (hard against medium, seats alternating); at each position
every level chooses a move from the same context, ``--repeat`` times (3), and the best
time counts, so that pauses caused by other processes are not counted as bot time.
Budget (issue 12): a move p99 <= 50 ms in the browser; Pyodide runs about 3-5x slower
than CPython, so the target here is a hard move p99 <= 10 ms.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from cardroom.core import bot_context  # noqa: E402
from cardroom.sequence import GAME  # noqa: E402
from cardroom.sequence.bot import LEVELS, make  # noqa: E402
from cardroom.sequence.engine import TEAM_SPLITS  # noqa: E402

BUDGET_MS = 10.0


def positions(players: int, teams: int, games: int, seed: int):
    """Every position of ``games`` hard-vs-medium games (team 0 hard)."""
    for g in range(games):
        s = GAME.new(seed + g, players=players, teams=teams)
        bots = [make("hard" if seat % teams == 0 else "medium") for seat in range(players)]
        rng = random.Random(seed + g)
        while not GAME.is_over(s):
            (seat,) = GAME.to_move(s)
            yield s, seat
            s = GAME.apply(s, bots[seat].choose(bot_context(GAME, s, seat, rng)))


def measure(players: int, teams: int, games: int, seed: int, repeat: int) -> dict:
    times: dict[str, list[float]] = {lv: [] for lv in LEVELS}
    bots = {lv: make(lv) for lv in LEVELS}
    for s, seat in positions(players, teams, games, seed):
        for lv, bot in bots.items():
            best = float("inf")
            for r in range(repeat):
                ctx = bot_context(GAME, s, seat, random.Random(r))
                t0 = time.perf_counter()
                bot.choose(ctx)
                best = min(best, time.perf_counter() - t0)
            times[lv].append(best * 1000)
    out = {}
    for lv, xs in times.items():
        xs.sort()
        n = len(xs)
        out[lv] = {
            "moves": n,
            "p50": round(xs[n // 2], 3),
            "p99": round(xs[min(n - 1, int(0.99 * n))], 3),
            "max": round(xs[-1], 3),
        }
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=10, help="games per configuration (10)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", default="2,3,4,6,12", help="player counts (2,3,4,6,12)")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    report = []
    for players in (int(x) for x in args.players.split(",")):
        for teams in TEAM_SPLITS[players]:
            r = measure(players, teams, args.games, args.seed, args.repeat)
            report.append({"players": players, "teams": teams, "ms": r})
            if not args.json:
                line = "  ".join(
                    f"{lv} p50 {v['p50']:.2f} p99 {v['p99']:.2f} max {v['max']:.2f}"
                    for lv, v in r.items()
                )
                print(f"{players:>2} players, {teams} teams, {r['hard']['moves']} moves: {line}")
    worst = max(r["ms"]["hard"]["p99"] for r in report)
    ok = worst <= BUDGET_MS
    if args.json:
        print(json.dumps({"budget_ms": BUDGET_MS, "hard_p99_ms": worst, "ok": ok, "runs": report}))
    else:
        print(
            f"hard p99 {worst:.2f} ms (budget {BUDGET_MS} ms on CPython): {'ok' if ok else 'OVER'}"
        )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
