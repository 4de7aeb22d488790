"""Dashing States computer moves timed inside headless Chromium, under the site's Pyodide.

Usage::

    .venv/bin/python benchmarks/dashing_browser.py [--site DIR] [--games N] [--seed S]
        [--warmup SECONDS] [--json]

Builds the site (``python build.py --out TMP``) unless ``--site`` is given, serves it on
127.0.0.1 with a bare benchmark page under ``/__bench/`` (the server and page start-up of
``benchmarks/_bench.py``: the site's own ``pyodide-boot.mjs`` and package zip) and
opens it in headless Chromium (``/usr/bin/chromium``; requests to other hosts are aborted).

In Pyodide, for each level (2, 3, 4) and difficulty (easy, medium, hard), ``--games`` games
(40) are played through the screen's engine client (``cardroom.web.games.dashing_states.logic``) with the
computer on both seats, each asked exactly as the table asks it: ``DashingSeat.plan(view)``
(its :class:`~cardroom.core.BotContext` built from the state, then ``DashingBot.choose``).
Every such call is timed with ``time.perf_counter``: GeoPlunging, each race's sorted shout,
each player's answer. The clock is driven by ``LocalEngine.advance`` to the next due time,
so a game takes no wall time beyond its computing. The same driver runs on CPython for the
comparison column.

Prints p50 / p99 / max per level and difficulty and the budget: p99 <= 50 ms in the browser
for every level and difficulty. Exit status: 0 within budget, 1 over, 2 could not run.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import types
from pathlib import Path
from typing import Any

from _bench import bench_dir, logger, page_config, parser, run_bench_page, stats, the_site

BUDGET_P99_MS = 50.0
LEVELS = (2, 3, 4)
DIFFICULTIES = ("easy", "medium", "hard")

RUNNER_PY = r'''
"""Dashing States bot benchmark driver (written by benchmarks/dashing_browser.py)."""

import gc
import json
import sys
import time

from cardroom.core import REFEREE
from cardroom.web.games.dashing_states.logic import DashingSeat, engine
from cardroom.web.kit.logic import Setup


class Timed:
    """A computer seat whose every plan is timed (the table's Bot protocol)."""

    def __init__(self, seat, times):
        self.seat = seat
        self.times = times

    def key(self, view):
        return self.seat.key(view)

    def plan(self, view):
        t0 = time.perf_counter()
        out = self.seat.plan(view)
        self.times.append((time.perf_counter() - t0) * 1000)
        return out


def play(level, difficulty, seed, times):
    table = engine(Setup("dashing-states", level, "bot", difficulty, seed))
    for s in (0, 1):
        seat = DashingSeat(s, seed * 2 + s, difficulty)
        seat.table = table
        table.bots[s] = Timed(seat, times)
    table._keys.clear()
    table._replan()
    for _ in range(200):
        due = table.next_due()
        if table.over or due is None:
            break
        table.advance(due)
    if not table.over:
        raise RuntimeError(f"level {level} {difficulty} seed {seed}: the game did not end")
    return table.view(REFEREE)["result"]


def run(arg):
    a = json.loads(arg)
    gc.collect()
    times = []
    wins = [0, 0, 0]
    for i in range(a["games"]):
        r = play(a["level"], a["difficulty"], a["seed"] + i, times)
        wins[2 if r["winner"] is None else r["winner"]] += 1
    return json.dumps({"times": times, "wins": wins, "python": sys.version.split()[0]})


def warmup(arg):
    a = json.loads(arg)
    t0 = time.perf_counter()
    n = 0
    while n < 3 or time.perf_counter() - t0 < a["seconds"]:
        play(2 + n % 3, "medium", 10_000 + n, [])
        n += 1
    return json.dumps({"games": n, "seconds": time.perf_counter() - t0})
'''


def cpython_runner() -> types.ModuleType:
    runner = types.ModuleType("dashing_bench_cpython")
    exec(compile(RUNNER_PY, "<bench_runner>", "exec"), runner.__dict__)  # noqa: S102
    return runner


def run_browser(site: Path, args: argparse.Namespace, log: Any) -> dict[str, Any]:
    bench = bench_dir("Dashing States bot", page_config(site), RUNNER_PY)

    def body(call: Any, out: dict[str, Any]) -> None:
        out["warmup"] = call("warmup", {"seconds": args.warmup})
        log(f"warm-up {out['warmup']['games']} games")
        for level in LEVELS:
            for d in DIFFICULTIES:
                arg = {"level": level, "difficulty": d, "games": args.games}
                r = call("run", {**arg, "seed": args.seed})
                out["runs"][f"{level}/{d}"] = r
                log(f"  L{level} {d:<6} {len(r['times']):>5} moves")

    return run_bench_page(site, bench, log, body, result={"runs": {}})


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--games", type=int, default=40, help="games per level and difficulty (40)")
    ap.add_argument("--warmup", type=float, default=2.0, help="warm-up seconds (2)")
    ap.add_argument("--budget-ms", type=float, default=BUDGET_P99_MS, help="p99 limit (50 ms)")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be >= 1")

    log = logger(args)

    started = time.perf_counter()
    load_start = os.getloadavg()[0]
    with the_site(args, log) as site:
        if site is None:
            return 2
        cp = cpython_runner()
        cpython = {
            f"{level}/{d}": json.loads(
                cp.run(
                    json.dumps(
                        {"level": level, "difficulty": d, "games": args.games, "seed": args.seed}
                    )
                )
            )
            for level in LEVELS
            for d in DIFFICULTIES
        }
        res = run_browser(site, args, log)
        if "error" in res:
            print(res["error"], file=sys.stderr)
            return 2
        rows = []
        for key, r in res["runs"].items():
            level, d = key.split("/")
            same = r["wins"] == cpython[key]["wins"]
            rows.append(
                {
                    "level": int(level),
                    "difficulty": d,
                    "moves": len(r["times"]),
                    "browser": stats(r["times"]),
                    "cpython": stats(cpython[key]["times"]),
                    "wins": r["wins"],
                    "same_games_as_cpython": same,
                }
            )
        worst = max(rows, key=lambda r: r["browser"]["p99_ms"])
        doc = {
            "games": args.games,
            "seed": args.seed,
            "pyodide": res["info"]["pyodide"],
            "python": next(iter(res["runs"].values()))["python"],
            "load_average": [round(load_start, 2), round(os.getloadavg()[0], 2)],
            "rows": rows,
            "budget": {
                "name": f"every level and difficulty: p99 <= {args.budget_ms:g} ms in the browser",
                "worst": f"L{worst['level']} {worst['difficulty']}",
                "p99_ms": worst["browser"]["p99_ms"],
                "ok": worst["browser"]["p99_ms"] <= args.budget_ms,
            },
            "blocked_requests": res["blocked"],
            "seconds": round(time.perf_counter() - started, 1),
        }
        if args.json:
            print(json.dumps(doc, indent=1))
        else:
            print(
                f"\nDashing States computer moves in Chromium: Pyodide {doc['pyodide']} "
                f"(Python {doc['python']}), {args.games} games per row, both seats the computer"
            )
            head = (
                f"{'level':>5} {'difficulty':<10} {'moves':>6} | {'p50':>6} {'p99':>6} "
                f"{'max':>6} | {'CPython p50':>11} {'p99':>6} | wins 1/2/tie"
            )
            print(head)
            print("-" * len(head))
            for r in rows:
                b, c = r["browser"], r["cpython"]
                print(
                    f"{r['level']:>5} {r['difficulty']:<10} {r['moves']:>6} | "
                    f"{b['p50_ms']:>6.2f} {b['p99_ms']:>6.2f} {b['max_ms']:>6.2f} | "
                    f"{c['p50_ms']:>11.3f} {c['p99_ms']:>6.3f} | "
                    f"{'/'.join(map(str, r['wins']))}"
                    + ("" if r["same_games_as_cpython"] else "  (games differ from CPython!)")
                )
            bud = doc["budget"]
            mark = "ok" if bud["ok"] else "OVER"
            print(f"\n[{mark}] {bud['name']}: worst {bud['worst']} p99 {bud['p99_ms']:.2f} ms")
            print(f"load average {doc['load_average']} ({doc['seconds']:.0f} s)")
        if not all(r["same_games_as_cpython"] for r in rows):
            return 2
        return 0 if doc["budget"]["ok"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
