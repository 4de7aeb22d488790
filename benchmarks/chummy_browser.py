"""Chummy Challenge computer move times inside headless Chromium, under the site's own
vendored Pyodide.

Usage::

    .venv/bin/python benchmarks/chummy_browser.py [--site DIR] [--games N] [--seed S]
        [--json]

Builds the site (``python build.py --out TMP``) unless ``--site`` is given, serves it on
127.0.0.1 with a bare benchmark page under ``/__bench/`` (the page, server and
start-up of ``benchmarks/_bench.py``: the site's ``pyodide-boot.mjs`` unpacks the
shipped package zip), and plays, per level (3, 4) and difficulty (easy, medium, hard),
``--games`` seeded games between two computer teams on the screen's own engine client
(``cardroom.web.games.chummy.logic.engine``: the table as dealer, the clock stepped every
100 ms as the page's timer does). Every call the table makes to a computer seat's
``plan(view)`` is timed with ``time.perf_counter``: that is the computer's move time on
the page (recognising the question from the words read so far, working the answer out of
the atlas). One untimed game per level warms the interpreter up first.

Prints p50 / p99 / max per level and difficulty and the budget: p99 <= 50 ms in the
browser for every level and difficulty.

Exit status: 0 within budget, 1 budget broken, 2 the benchmark could not run.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from _bench import bench_dir, logger, page_config, parser, run_bench_page, stats, the_site

LEVELS = (3, 4)
DIFFICULTIES = ("easy", "medium", "hard")
BUDGET_P99_MS = 50.0

RUNNER_PY = r'''
"""Chummy Challenge computer benchmark driver (written by benchmarks/chummy_browser.py)."""

import gc
import json
import sys
import time

from cardroom.geoplunge import challenge
from cardroom.geoplunge.chummy import GAME
from cardroom.web.games.chummy.logic import TableBot, engine
from cardroom.web.kit.logic import Setup


class Timed:
    """A computer seat whose every plan() is timed (ms)."""

    def __init__(self, bot, out):
        self.bot, self.out = bot, out

    def key(self, view):
        return self.bot.key(view)

    def plan(self, view):
        t0 = time.perf_counter()
        move = self.bot.plan(view)
        self.out.append((time.perf_counter() - t0) * 1000)
        return move


def game(level, difficulty, seed, out):
    eng = engine(Setup("chummy-challenge", level, "bot", difficulty, seed))
    eng.bots[0] = TableBot(
        0, difficulty, seed + 7919, lambda seat: GAME.legal_moves(eng.state, seat),
        lambda: int(eng.state.now),
    )
    eng.bots = {seat: Timed(bot, out) for seat, bot in eng.bots.items()}
    eng._keys.clear()
    eng._replan()
    t = 0
    while not eng.over and t < 600_000:
        t += 100
        eng.advance(t)
    return eng.over, len(eng.view(-1)["challenges"])


def setup(arg):
    t0 = time.perf_counter()
    challenge.deck()
    deck_s = time.perf_counter() - t0
    for level in (3, 4):
        game(level, "medium", 10_000 + level, [])  # warm-up, untimed
    return json.dumps(
        {"deck_s": deck_s, "warm_s": time.perf_counter() - t0, "python": sys.version.split()[0]}
    )


def run(arg):
    a = json.loads(arg)
    times, finished, challenges = [], 0, 0
    gc.collect()
    for g in range(a["games"]):
        over, n = game(a["level"], a["difficulty"], a["seed"] + g, times)
        finished += over
        challenges += n
    return json.dumps({"times": times, "finished": finished, "challenges": challenges})
'''


def run_browser(site: Path, conf: dict[str, Any], args: argparse.Namespace, log: Any) -> dict:
    bench = bench_dir("Chummy Challenge computer", conf, RUNNER_PY)

    def body(call: Any, result: dict[str, Any]) -> None:
        result["setup"] = call("setup", {})
        log(
            f"deck read in {result['setup']['deck_s'] * 1000:.0f} ms, "
            f"warm-up {result['setup']['warm_s']:.1f} s"
        )
        runs = result["runs"] = {}
        for level in LEVELS:
            for diff in DIFFICULTIES:
                arg = {"level": level, "difficulty": diff, "games": args.games, "seed": args.seed}
                runs[f"{level}/{diff}"] = r = call("run", arg)
                log(f"  L{level} {diff:<6} {len(r['times']):>5} plans")

    return run_bench_page(site, bench, log, body)


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--games", type=int, default=10, help="games per level and difficulty")
    ap.add_argument("--budget-ms", type=float, default=BUDGET_P99_MS)
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be >= 1")

    log = logger(args)

    started = time.perf_counter()
    with the_site(args, log) as site:
        if site is None:
            return 2
        try:
            conf = page_config(site)
        except FileNotFoundError as exc:
            print(exc, file=sys.stderr)
            return 2
        res = run_browser(site, conf, args, log)
        if "error" in res:
            print(res["error"], file=sys.stderr)
            return 2
        rows = []
        for key, r in res["runs"].items():
            level, diff = key.split("/")
            s = stats(r["times"])
            rows.append(
                {
                    "level": int(level),
                    "difficulty": diff,
                    "games": args.games,
                    "finished": r["finished"],
                    "challenges": r["challenges"],
                    "plans": len(r["times"]),
                    **s,
                    "ok": s["p99_ms"] <= args.budget_ms,
                }
            )
        doc = {
            "seed": args.seed,
            "games": args.games,
            "pyodide": res["info"]["pyodide"],
            "python": res["setup"]["python"],
            "cross_origin_isolated": res["info"]["crossOriginIsolated"],
            "rows": rows,
            "budget": f"computer move (plan) p99 <= {args.budget_ms:g} ms, every level "
            "and difficulty",
            "ok": all(r["ok"] for r in rows) and all(r["finished"] == r["games"] for r in rows),
            "blocked_requests": res["blocked"],
            "seconds": round(time.perf_counter() - started, 1),
        }
        if args.json:
            print(json.dumps(doc, indent=1))
        else:
            print(
                f"\nChummy Challenge computer in Chromium: Pyodide {doc['pyodide']} "
                f"(Python {doc['python']}), {args.games} games per row (seed {args.seed}), "
                "times in ms"
            )
            head = (
                f"{'level':>5} {'difficulty':<10} {'games':>5} {'plans':>6} | "
                f"{'p50':>7} {'p99':>7} {'max':>7}"
            )
            print(head)
            print("-" * len(head))
            for r in rows:
                print(
                    f"{r['level']:>5} {r['difficulty']:<10} {r['finished']:>5} {r['plans']:>6} | "
                    f"{r['p50_ms']:>7.2f} {r['p99_ms']:>7.2f} {r['max_ms']:>7.2f}"
                    f"  {'ok' if r['ok'] else 'OVER'}"
                )
            print(f"budget: {doc['budget']}: {'ok' if doc['ok'] else 'FAIL'}")
            print(f"({doc['seconds']:.0f} s)")
        return 0 if doc["ok"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
