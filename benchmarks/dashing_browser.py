"""Dashing States computer moves timed inside headless Chromium, under the site's Pyodide.

Usage::

    .venv/bin/python benchmarks/dashing_browser.py [--site DIR] [--games N] [--seed S]
        [--warmup SECONDS] [--json]

Builds the site (``python build.py --out TMP``) unless ``--site`` is given, serves it on
127.0.0.1 with a bare benchmark page under ``/__bench/`` (the server and page start-up of
``benchmarks/solver_browser.py``: the site's own ``pyodide-boot.mjs`` and package zip) and
opens it in headless Chromium (``/usr/bin/chromium``; requests to other hosts are aborted).

In Pyodide, for each level (2, 3, 4) and difficulty (easy, medium, hard), ``--games`` games
(40) are played through the screen's engine client (``cardroom.web.dashing_logic``) with the
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
import shutil
import sys
import tempfile
import time
import types
from pathlib import Path
from typing import Any

from _common import CHROMIUM
from solver_browser import build_site, page_config, run_bench_page, stats

BUDGET_P99_MS = 50.0
READY_TIMEOUT_MS = 120_000
LEVELS = (2, 3, 4)
DIFFICULTIES = ("easy", "medium", "hard")

RUNNER_PY = r'''
"""Dashing States bot benchmark driver (written by benchmarks/dashing_browser.py)."""

import gc
import json
import sys
import time

from cardroom.core import REFEREE
from cardroom.web.dashing_logic import DashingSeat, engine
from cardroom.web.kit_logic import Setup


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

BENCH_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dashing States bot benchmark</title></head>
<body><p>Dashing States bot benchmark (not part of the site)</p>
<script type="module">
const CONF = %(conf)s;
const here = new URL(".", location.href);
try {
  let pyodide;
  if (CONF.boot) {
    const boot = await import(new URL(CONF.boot, location.href).href);
    pyodide = await boot.loadPyodide();
  } else {
    const url = new URL(CONF.pyodide, location.href);
    const { loadPyodide } = await import(url.href);
    const pkg = await (await fetch(new URL(CONF.pkg, location.href))).arrayBuffer();
    pyodide = await loadPyodide({ indexURL: new URL("./", url).href });
    const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
    pyodide.unpackArchive(pkg, "zip", { extractDir: sitePackages });
  }
  pyodide.FS.mkdirTree("/bench");
  const r = await fetch(new URL("bench_runner.py", here));
  pyodide.FS.writeFile("/bench/bench_runner.py", await r.text());
  pyodide.runPython("import sys; sys.path.insert(0, '/bench')");
  const runner = pyodide.pyimport("bench_runner");
  window.benchCall = (name, arg) => runner[name](arg);
  window.benchInfo = { pyodide: pyodide.version, userAgent: navigator.userAgent };
  document.documentElement.dataset.ready = "1";
} catch (e) {
  window.benchError = String((e && e.stack) || e);
  document.documentElement.dataset.ready = "error";
}
</script></body></html>
"""


def cpython_runner() -> types.ModuleType:
    runner = types.ModuleType("dashing_bench_cpython")
    exec(compile(RUNNER_PY, "<bench_runner>", "exec"), runner.__dict__)  # noqa: S102
    return runner


def run_browser(site: Path, args: argparse.Namespace, log: Any) -> dict[str, Any]:
    bench = Path(tempfile.mkdtemp(prefix="cardroom-dashing-bench-"))
    conf = page_config(site)
    (bench / "index.html").write_text(BENCH_PAGE % {"conf": json.dumps(conf)}, "utf-8")
    (bench / "bench_runner.py").write_text(RUNNER_PY.lstrip(), "utf-8")

    def body(call: Any, out: dict[str, Any]) -> None:
        out["warmup"] = call("warmup", {"seconds": args.warmup})
        log(f"warm-up {out['warmup']['games']} games")
        for level in LEVELS:
            for d in DIFFICULTIES:
                arg = {"level": level, "difficulty": d, "games": args.games}
                r = call("run", {**arg, "seed": args.seed})
                out["runs"][f"{level}/{d}"] = r
                log(f"  L{level} {d:<6} {len(r['times']):>5} moves")

    return run_bench_page(
        site, bench, log, body, ready="window.benchCall || window.benchError", result={"runs": {}}
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, help="an already built site (default: build one)")
    ap.add_argument("--games", type=int, default=40, help="games per level and difficulty (40)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--warmup", type=float, default=2.0, help="warm-up seconds (2)")
    ap.add_argument("--budget-ms", type=float, default=BUDGET_P99_MS, help="p99 limit (50 ms)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be >= 1")
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} not found (apt-get install chromium)", file=sys.stderr)
        return 2

    def log(msg: str) -> None:
        print(msg, file=sys.stderr if args.json else sys.stdout, flush=True)

    started = time.perf_counter()
    load_start = os.getloadavg()[0]
    tmp = Path(tempfile.mkdtemp(prefix="cardroom-dashing-site-"))
    try:
        site = args.site.resolve() if args.site else tmp / "site"
        if not args.site and not build_site(site, log):
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
        if res["blocked"] or not all(r["same_games_as_cpython"] for r in rows):
            return 2
        return 0 if doc["budget"]["ok"] else 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
