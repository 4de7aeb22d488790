"""Border-Up solver timings inside headless Chromium, under the site's own vendored Pyodide.

Usage::

    .venv/bin/python benchmarks/solver_browser.py [--site DIR] [--hands N] [--seed S]
        [--repeat R] [--warmup SECONDS] [--worst K] [--json]

Builds the site (``python build.py --out TMP``) unless ``--site`` is given (``--from-source``
skips the site and serves ``node_modules/pyodide`` with a zip of ``py/cardroom`` instead),
serves it on 127.0.0.1 together with a bare benchmark page under ``/__bench/`` (written to a
temporary directory by this script, never part of the site), and opens that page in headless
Chromium (``/usr/bin/chromium``; every request to a host other than 127.0.0.1 is aborted and
counted). The page starts Python exactly as the site does -- it imports the site's
``pyodide-boot.mjs``, which loads the vendored ``pyodide/pyodide.mjs`` and unpacks the shipped
``py/cardroom-*.zip`` into site-packages -- then writes ``benchmarks/solver.py`` into the Pyodide
file system and uses its hand generators, so both benchmarks time the same seeded hands (the
hands are also generated on CPython here, and their digests must match).

In Pyodide, after a warm-up on other hands (the wasm code tiers up), each hand is solved
``--repeat`` times (3) from scratch with ``cardroom.geoplunge.solver.solve`` (a fresh ``Hand``:
path enumeration plus the GeoPlunge and ThreeOPlunge searches, as the bot, the hints and the
result screen do), timed with ``time.perf_counter``: *cold* is the first solve of the hand,
*best* the fastest of the repeats. The page is served cross-origin isolated (COOP/COEP), so
Chromium's clock is fine-grained (5 us instead of 100 us); this changes nothing else.

Prints p50 / p99 / max per level and per hand family (cold and best, with the CPython best on
the same hands for comparison), the slowest hands, and the budget of issue 3:

- every Level 4 family (21-card hands): p99 <= 50 ms in the browser, on the per-hand best of
  ``--repeat`` solves (as in benchmarks/solver.py: pauses caused by other processes on a shared
  machine are not solver time). The same check on the cold solves is printed too, and counts
  with ``--strict`` (use it on an idle machine).

Exit status: 0 within budget, 1 budget broken, 2 the benchmark could not run.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import shutil
import sys
import tempfile
import time
import types
from pathlib import Path
from typing import Any

from _bench import (
    bench_dir,
    build_site,
    logger,
    page_config,
    parser,
    run_bench_page,
    source_site,
    stats,
)
from _common import CHROMIUM, ROOT

LEVELS = (2, 3, 4)
BUDGET_LEVEL = 4
BUDGET_P99_MS = 50.0

# --------------------------------------------------------------------------- in Pyodide

# The benchmark driver, run in Pyodide (and on CPython for the comparison column). It only
# needs the standard library, ``cardroom`` and ``benchmarks/solver.py`` (as ``solver_bench``).
# Every entry point takes and returns a JSON string, so no proxies cross into JavaScript.
RUNNER_PY = r'''
"""Border-Up solver benchmark driver (written by benchmarks/solver_browser.py)."""

import gc
import hashlib
import json
import random
import sys
import time

import solver_bench as sb
from cardroom import atlas
from cardroom.geoplunge import solver

LEVELS = (2, 3, 4)
FAMILIES: dict[int, dict[str, list[list[str]]]] = {}
WARM: list[tuple[int, list[str]]] = []


def digest(fams) -> str:
    doc = json.dumps([[lv, sorted(f.items())] for lv, f in sorted(fams.items())])
    return hashlib.sha256(doc.encode()).hexdigest()[:16]


def timer_resolution_us() -> float:
    """The smallest step time.perf_counter shows (Chromium coarsens performance.now)."""
    steps = []
    t = time.perf_counter()
    while len(steps) < 20:
        u = time.perf_counter()
        if u != t:
            steps.append(u - t)
            t = u
    return min(steps) * 1e6


def setup(arg: str) -> str:
    """The hands of benchmarks/solver.py: one Random(seed), hands(level, n, rng) per level
    in order (its main() draws nothing else from the rng), after its atlas warm-up."""
    a = json.loads(arg)
    t0 = time.perf_counter()
    solver.solve(sorted(atlas.borders())[:21], 4)
    rng = random.Random(a["seed"])
    FAMILIES.clear()
    for level in LEVELS:
        FAMILIES[level] = sb.hands(level, a["hands"], rng)
    gen_s = time.perf_counter() - t0
    # Warm-up hands: other hands of the same families (another seed), never timed.
    wrng = random.Random(a["seed"] * 7919 + 104729)
    WARM.clear()
    for level in LEVELS:
        for fam in sb.hands(level, a["warm_hands"], wrng).values():
            WARM.extend((level, h) for h in fam)
    return json.dumps(
        {
            "digest": digest(FAMILIES),
            "counts": {lv: {k: len(v) for k, v in f.items()} for lv, f in FAMILIES.items()},
            "generate_s": gen_s,
            "python": sys.version.split()[0],
            "platform": sys.platform,
            "timer_resolution_us": timer_resolution_us(),
        }
    )


def warmup(arg: str) -> str:
    """Solve the warm-up hands round-robin for at least ``seconds`` and one full pass."""
    a = json.loads(arg)
    t0 = time.perf_counter()
    n = 0
    while n < len(WARM) or time.perf_counter() - t0 < a["seconds"]:
        level, hand = WARM[n % len(WARM)]
        solver.solve(hand, level)
        n += 1
    return json.dumps({"solves": n, "seconds": time.perf_counter() - t0})


def run(arg: str) -> str:
    """Time every hand of one family: cold (first solve) and best of ``repeat``, in ms;
    describe the ``worst`` slowest (by best: the solver's cost, not a pause)."""
    a = json.loads(arg)
    level, family, repeat, worst = a["level"], a["family"], a["repeat"], a["worst"]
    hands = FAMILIES[level][family]
    gc.collect()
    perf = time.perf_counter
    cold: list[float] = []
    best: list[float] = []
    for hand in hands:
        times = []
        for _ in range(repeat):
            t0 = perf()
            solver.solve(hand, level)
            times.append(perf() - t0)
        cold.append(times[0] * 1000)
        best.append(min(times) * 1000)
    slow = sorted(range(len(hands)), key=lambda i: -best[i])[:worst]
    out = []
    for i in slow:
        h = solver.Hand(hands[i], level)
        sol = solver.solve(h, level)
        out.append(
            {
                "level": level,
                "family": family,
                "index": i,
                "hand": hands[i],
                "cold_ms": cold[i],
                "best_ms": best[i],
                "groups": h.count(),
                "geoplunge": sol.geoplunge is not None,
                "threeoplunge": sol.threeoplunge is not None,
            }
        )
    return json.dumps({"cold": cold, "best": best, "worst": out})
'''

# --------------------------------------------------------------------------- CPython side


def cpython_runner() -> types.ModuleType:
    """The same driver on CPython, over benchmarks/solver.py (the comparison column)."""
    if "solver_bench" not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            "solver_bench", ROOT / "benchmarks" / "solver.py"
        )
        assert spec and spec.loader
        sb = importlib.util.module_from_spec(spec)
        sys.modules["solver_bench"] = sb
        spec.loader.exec_module(sb)
    runner = types.ModuleType("bench_runner_cpython")
    exec(compile(RUNNER_PY, "<bench_runner>", "exec"), runner.__dict__)  # noqa: S102
    return runner


# --------------------------------------------------------------------------- the browser


def run_browser(
    site: Path, conf: dict[str, Any], args: argparse.Namespace, log: Any
) -> dict[str, Any]:
    solver_py = (ROOT / "benchmarks" / "solver.py").read_text("utf-8")
    bench = bench_dir("Border-Up solver", conf, RUNNER_PY, [("solver_bench.py", solver_py)])
    how = "the site's pyodide-boot.mjs" if conf["boot"] else conf["pkg"]
    log(f"Python starts from {how}")

    def body(call: Any, result: dict[str, Any]) -> None:
        result["setup"] = call("setup", {"seed": args.seed, "hands": args.hands, "warm_hands": 10})
        result["warmup"] = call("warmup", {"seconds": args.warmup})
        log(
            f"hands generated in {result['setup']['generate_s']:.2f} s, "
            f"warm-up {result['warmup']['solves']} solves "
            f"in {result['warmup']['seconds']:.1f} s"
        )
        runs: dict[str, Any] = {}
        for level in LEVELS:
            for family in result["setup"]["counts"][str(level)]:
                arg = {"level": level, "family": family, "repeat": args.repeat, "worst": args.worst}
                r = runs[f"{level}/{family}"] = call("run", arg)
                log(
                    f"  L{level} {family:<9} {len(r['cold']):>5} hands  "
                    f"cold max {max(r['cold'], default=0):7.2f} ms"
                )
        result["runs"] = runs

    return run_bench_page(site, bench, log, body)


# --------------------------------------------------------------------------- report


def summarise(runs: dict[str, Any], cpython: dict[str, Any] | None) -> list[dict[str, Any]]:
    rows = []
    for level in LEVELS:
        keys = [k for k in runs if k.startswith(f"{level}/")]
        groups = [(k.split("/", 1)[1], [k]) for k in keys] + [("all", keys)]
        for family, ks in groups:
            cold = [t for k in ks for t in runs[k]["cold"]]
            best = [t for k in ks for t in runs[k]["best"]]
            row: dict[str, Any] = {
                "level": level,
                "family": family,
                "hands": len(cold),
                "cold": stats(cold),
                "best": stats(best),
            }
            if cpython is not None:
                cp = [t for k in ks for t in cpython[k]["best"]]
                row["cpython_best"] = stats(cp)
                p50 = row["cpython_best"]["p50_ms"]
                row["slowdown_p50"] = round(row["best"]["p50_ms"] / p50, 2) if p50 else None
            rows.append(row)
    return rows


def budget(rows: list[dict[str, Any]], timing: str, limit: float) -> dict[str, Any]:
    """The worst Level 4 family's p99 against the limit, on ``timing`` ("best" or "cold")."""
    l4 = [r for r in rows if r["level"] == BUDGET_LEVEL and r["family"] != "all"]
    worst = max(l4, key=lambda r: r[timing]["p99_ms"])
    return {
        "name": f"Level {BUDGET_LEVEL} (21 cards), every family: p99 ({timing} solve) "
        f"<= {limit:g} ms in the browser",
        "timing": timing,
        "worst_family": worst["family"],
        "p99_ms": worst[timing]["p99_ms"],
        "max_ms": max(r[timing]["max_ms"] for r in l4),
        "limit_ms": limit,
        "ok": worst[timing]["p99_ms"] <= limit,
    }


def print_report(doc: dict[str, Any]) -> None:
    env = doc["environment"]
    print(
        f"\nBorder-Up solver in Chromium: Pyodide {env['pyodide']} (Python {env['python']}), "
        f"timer {env['timer_resolution_us']:.1f} us, "
        f"cross-origin isolated: {env['cross_origin_isolated']}"
    )
    print(
        f"{doc['hands_per_family']} hands per family (seed {doc['seed']}), "
        f"{doc['repeat']} solves per hand; cold = first solve, best = fastest; times in ms"
    )
    cp = doc["cpython"] is not None
    head = (
        f"{'level':>5} {'family':<9} {'hands':>5} | {'cold p50':>8} {'p99':>7} {'max':>7} | "
        f"{'best p50':>8} {'p99':>7} {'max':>7}"
    )
    if cp:
        head += f" | {'CPython p50':>11} {'p99':>6} {'x p50':>6}"
    print(head)
    print("-" * len(head))
    for r in doc["rows"]:
        c, b = r["cold"], r["best"]
        line = (
            f"{r['level']:>5} {r['family']:<9} {r['hands']:>5} | "
            f"{c['p50_ms']:>8.2f} {c['p99_ms']:>7.2f} {c['max_ms']:>7.2f} | "
            f"{b['p50_ms']:>8.2f} {b['p99_ms']:>7.2f} {b['max_ms']:>7.2f}"
        )
        if cp:
            k = r["cpython_best"]
            line += f" | {k['p50_ms']:>11.3f} {k['p99_ms']:>6.3f} {r['slowdown_p50'] or 0:>6.1f}"
        print(line)
        if r["family"] == "all" and r["level"] != LEVELS[-1]:
            print()
    print(f"\nslowest hands (best of {doc['repeat']} solves, ms; the cold solve in brackets)")
    for w in doc["worst_hands"]:
        shout = "ThreeOPlunge" if w["threeoplunge"] else "GeoPlunge" if w["geoplunge"] else "none"
        print(
            f"  L{w['level']} {w['family']:<8} #{w['index']:<4} {w['best_ms']:6.2f} "
            f"({w['cold_ms']:6.2f})  {w['groups']:>4} groups, {shout:<12} "
            f"{' '.join(w['hand'])}"
        )
    print("\nbudget (issue 3)")
    for b in doc["budgets"]:
        mark = ("ok" if b["ok"] else "FAIL") if b["counts"] else ("ok" if b["ok"] else "over")
        print(
            f"  [{mark}] {b['name']}: worst family {b['worst_family']} "
            f"p99 {b['p99_ms']:.2f} ms (L{BUDGET_LEVEL} max {b['max_ms']:.2f} ms)"
            + ("" if b["counts"] else "  [informational: see --strict]")
        )
    load = env["load_average"]
    if max(load) > (env["host_cpus"] or 1):
        print(
            f"  note: the host was busy (load average {load[0]:.1f} -> {load[1]:.1f} on "
            f"{env['host_cpus']} CPUs): cold solves include time other processes took"
        )
    same = doc["same_hands_as_cpython"]
    if same is not None:
        print(f"same hands as benchmarks/solver.py on CPython: {'yes' if same else 'NO'}")


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    ap.add_argument(
        "--from-source",
        action="store_true",
        help="no site: node_modules/pyodide and a zip of py/cardroom",
    )
    ap.add_argument("--hands", type=int, default=300, help="hands per family (300)")
    ap.add_argument("--repeat", type=int, default=3, help="solves per hand (3)")
    ap.add_argument("--warmup", type=float, default=2.0, help="warm-up seconds (2)")
    ap.add_argument("--worst", type=int, default=8, help="slowest hands listed (8)")
    ap.add_argument("--no-cpython", action="store_true", help="skip the CPython comparison")
    ap.add_argument(
        "--strict",
        action="store_true",
        help="the cold solves must meet the budget too (not only the best of --repeat)",
    )
    ap.add_argument(
        "--budget-ms", type=float, default=BUDGET_P99_MS, help="the p99 limit (50 ms, issue 3)"
    )
    args = ap.parse_args(argv)
    if args.hands < 1 or args.repeat < 1:
        ap.error("--hands and --repeat must be >= 1")
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} not found (apt-get install chromium)", file=sys.stderr)
        return 2

    log = logger(args)

    started = time.perf_counter()
    load_start = os.getloadavg()[0]
    tmp = Path(tempfile.mkdtemp(prefix="cardroom-solver-site-"))
    try:
        if args.site:
            site, source = args.site.resolve(), "site"
        elif args.from_source:
            site, source = tmp / "site", "source"
            source_site(site)
        else:
            site, source = tmp / "site", "site"
            if not build_site(site, log):
                log("falling back to node_modules/pyodide and py/cardroom (--from-source)")
                shutil.rmtree(site, ignore_errors=True)
                site, source = tmp / "source", "source"
                source_site(site)
        try:
            conf = page_config(site)
        except FileNotFoundError as exc:
            print(exc, file=sys.stderr)
            return 2

        cpython = None
        cp_setup: dict[str, Any] | None = None
        if not args.no_cpython:
            runner = cpython_runner()
            cp_setup = json.loads(
                runner.setup(json.dumps({"seed": args.seed, "hands": args.hands, "warm_hands": 10}))
            )
            runner.warmup(json.dumps({"seconds": 0.3}))
            cpython = {}
            for level in LEVELS:
                for family in cp_setup["counts"][str(level)]:
                    arg = {"level": level, "family": family, "repeat": args.repeat, "worst": 0}
                    cpython[f"{level}/{family}"] = json.loads(runner.run(json.dumps(arg)))

        res = run_browser(site, conf, args, log)
        if "error" in res:
            print(res["error"], file=sys.stderr)
            return 2
        same = None if cp_setup is None else cp_setup["digest"] == res["setup"]["digest"]
        if same is False:
            cpython = None  # different hands: no comparison column
        rows = summarise(res["runs"], cpython)
        worst = sorted(
            (w for r in res["runs"].values() for w in r["worst"]), key=lambda w: -w["best_ms"]
        )[: args.worst]
        doc = {
            "seed": args.seed,
            "hands_per_family": args.hands,
            "repeat": args.repeat,
            "runtime": source,
            "environment": {
                "pyodide": res["info"]["pyodide"],
                "python": res["setup"]["python"],
                "user_agent": res["info"]["userAgent"],
                "cross_origin_isolated": res["info"]["crossOriginIsolated"],
                "timer_resolution_us": round(res["setup"]["timer_resolution_us"], 2),
                "browser_cpus": res["info"]["hardwareConcurrency"],
                "host": f"{platform.machine()}, CPython {platform.python_version()}",
                "host_cpus": os.cpu_count(),
                "load_average": [round(load_start, 2), round(os.getloadavg()[0], 2)],
                "pyodide_start_s": round(res["start_s"], 2),
                "warmup": res["warmup"],
            },
            "hands_digest": res["setup"]["digest"],
            "same_hands_as_cpython": same,
            "rows": rows,
            "worst_hands": worst,
            "budgets": [
                {**budget(rows, "best", args.budget_ms), "counts": True},
                {**budget(rows, "cold", args.budget_ms), "counts": args.strict},
            ],
            "blocked_requests": res["blocked"],
            "cpython": None if cpython is None else "same driver, same hands, best of repeats",
            "seconds": round(time.perf_counter() - started, 1),
        }
        if args.json:
            print(json.dumps(doc, indent=1))
        else:
            print_report(doc)
            print(f"({doc['seconds']:.0f} s)")
        return 0 if all(b["ok"] for b in doc["budgets"] if b["counts"]) else 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
