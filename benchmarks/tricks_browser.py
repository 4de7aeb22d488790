"""Trick-game bot move times inside headless Chromium, under the site's own vendored Pyodide.

Usage::

    .venv/bin/python benchmarks/tricks_browser.py [--site DIR] [--games N] [--seed S]
        [--only ranks-L2,zap-L3,...] [--difficulties easy,medium,hard] [--json]

Builds the site (``python build.py --out TMP``) unless ``--site`` is given, serves it on
127.0.0.1 with a bare benchmark page under ``/__bench/`` (the server, the page's start-up
through the site's ``pyodide-boot.mjs`` and the percentiles are those of
``benchmarks/_bench.py``), and in Pyodide plays ``--games`` whole games per game,
level, version and difficulty (after ``--warmup`` untimed games: the wasm code and the
bots' card tables warm up, as in a class's first game): both seats are that difficulty's bot, and every bot move is
timed as the screen makes it (``cardroom.web.games.tricks.logic.TrickSeat``: a
``bot_context`` of the bot's own seat, then the bot's ``choose``), with
``time.perf_counter``. Each move is chosen ``--repeat`` times (3) with the same seeded
``random.Random`` on a fresh copy of the state (the engine's cache of legal moves, keyed by
the state object, does not carry over); the budget counts the fastest (as ``solver_browser.py``'s "best": a pause
caused by another process on a shared machine is not the bot's time); the first choice's
p99 and max are printed too.

Prints p50 / p99 / max per game, level, version and difficulty, and the budget of issue 10:
a bot move takes p99 <= 50 ms in the browser, in every row.

Exit status: 0 within budget, 1 budget broken, 2 the benchmark could not run.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from _bench import bench_dir, logger, page_config, parser, run_bench_page, stats, the_site

BUDGET_P99_MS = 50.0
CONFIGS = {
    "ranks-L2": ("play-the-ranks", 2, None),
    "ranks-L3-ptr1": ("play-the-ranks", 3, "ptr1"),
    "ranks-L3-ptr2": ("play-the-ranks", 3, "ptr2"),
    "ranks-L4-ptr1": ("play-the-ranks", 4, "ptr1"),
    "ranks-L4-ptr2": ("play-the-ranks", 4, "ptr2"),
    "zap-L3": ("border-zap", 3, None),
    "zap-L4": ("border-zap", 4, None),
}

# The driver, run in Pyodide: JSON string in, JSON string out.
RUNNER_PY = r'''
"""Trick-game bot timing driver (written by benchmarks/tricks_browser.py)."""

import copy
import json
import random
import sys
import time

from cardroom.core import bot_context
from cardroom.web.games.tricks.logic import GAMES, TrickSeat


def run(arg: str) -> str:
    a = json.loads(arg)
    game = GAMES[a["game"]]
    opts = {"level": a["level"]}
    if a["version"]:
        opts["version"] = a["version"]
    times = []
    firsts = []
    moves = 0
    perf = time.perf_counter
    for g in range(-a["warmup"], a["games"]):  # negative: warm-up games, not timed
        seed = a["seed"] + g if g >= 0 else 10_000 + a["seed"] - g
        seats = {t: TrickSeat(t, a["difficulty"], seed) for t in (0, 1)}
        s = game.new(seed, **opts)
        n = 0
        while not game.is_over(s):
            seat = min(game.to_move(s))
            tries = []
            for _ in range(a["repeat"] if g >= 0 else 1):
                rng = random.Random(f"{seed}:{n}:{a['difficulty']}")
                t0 = perf()
                world = copy.copy(s)  # a new state object: no cached legal moves
                move = seats[seat].bot.choose(bot_context(game, world, seat, rng))
                tries.append((perf() - t0) * 1000)
            if g >= 0:
                times.append(min(tries))
                firsts.append(tries[0])
            s = game.apply(s, move.with_time(None))
            n += 1
        moves += n if g >= 0 else 0
    return json.dumps({"times": times, "firsts": firsts, "moves": moves, "python": sys.version.split()[0]})
'''


def run_browser(site: Path, jobs: list[dict[str, Any]], log: Any) -> dict[str, Any]:
    conf = page_config(site)
    if not conf.get("boot"):
        raise FileNotFoundError(f"{site} has no pyodide-boot.mjs")
    bench = bench_dir("Trick-game bots", conf, RUNNER_PY)

    def body(call: Any, out: dict[str, Any]) -> None:
        for job in jobs:
            r = out["runs"][job["key"]] = call("run", job)
            st = stats(r["times"])
            log(
                f"  {job['key']:<22} {r['moves']:>5} moves  p50 {st['p50_ms']:7.2f}  "
                f"p99 {st['p99_ms']:7.2f}  max {st['max_ms']:7.2f} ms"
            )

    return run_bench_page(site, bench, log, body, result={"runs": {}})


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--games", type=int, default=6, help="games per row (6)")
    ap.add_argument("--repeat", type=int, default=3, help="times each move is chosen (3)")
    ap.add_argument("--warmup", type=int, default=1, help="untimed games first, per row (1)")
    ap.add_argument("--only", default="", help="rows, e.g. ranks-L2,zap-L3 (default: all)")
    ap.add_argument("--difficulties", default="easy,medium,hard")
    ap.add_argument("--budget-ms", type=float, default=BUDGET_P99_MS)
    args = ap.parse_args(argv)
    names = [n for n in args.only.split(",") if n] or list(CONFIGS)
    bad = [n for n in names if n not in CONFIGS]
    if bad:
        ap.error(f"unknown rows {bad}; known: {', '.join(CONFIGS)}")
    diffs = [d for d in args.difficulties.split(",") if d]

    log = logger(args)

    started = time.perf_counter()
    load_start = os.getloadavg()[0]
    with the_site(args, log) as site:
        if site is None:
            return 2
        jobs = []
        for name in names:
            game, level, version = CONFIGS[name]
            for d in diffs:
                jobs.append({"key": f"{name}/{d}", "game": game, "level": level,
                             "version": version, "difficulty": d, "games": args.games, "warmup": args.warmup,
                             "repeat": args.repeat,
                             "seed": args.seed})  # fmt: skip
        res = run_browser(site, jobs, log)
        if "error" in res:
            print(res["error"], file=sys.stderr)
            return 2
        rows = []
        for key, r in res["runs"].items():
            st = stats(r["times"])
            first = stats(r["firsts"])
            rows.append({"row": key, "moves": len(r["times"]), **st,
                         "first_p99_ms": first["p99_ms"], "first_max_ms": first["max_ms"],
                         "ok": st["p99_ms"] <= args.budget_ms})  # fmt: skip
        doc = {
            "games_per_row": args.games,
            "seed": args.seed,
            "pyodide": res["info"].get("pyodide", "?"),
            "load_average": [round(load_start, 2), round(os.getloadavg()[0], 2)],
            "budget": f"bot move p99 <= {args.budget_ms:g} ms in the browser, every row",
            "rows": rows,
            "ok": all(r["ok"] for r in rows),
            "blocked_requests": res["blocked"],
            "seconds": round(time.perf_counter() - started, 1),
        }
        if args.json:
            print(json.dumps(doc, indent=1))
        else:
            print(f"\nTrick-game bots in Chromium, Pyodide {doc['pyodide']}: {doc['budget']}")
            print(f"best of {args.repeat} choices per move (first choice's p99 and max after |)")
            print(f"{'row':<24} {'moves':>6} {'p50':>8} {'p99':>8} {'max':>8} | "
                  f"{'1st p99':>8} {'1st max':>8}")  # fmt: skip
            for r in rows:
                mark = "ok" if r["ok"] else "OVER"
                print(f"{r['row']:<24} {r['moves']:>6} {r['p50_ms']:>8.2f} {r['p99_ms']:>8.2f} "
                      f"{r['max_ms']:>8.2f} | {r['first_p99_ms']:>8.2f} "
                      f"{r['first_max_ms']:>8.2f}  {mark}")  # fmt: skip
            print(f"load average {doc['load_average'][0]} -> {doc['load_average'][1]}; "
                  f"({doc['seconds']:.0f} s)")  # fmt: skip
        return 0 if doc["ok"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
