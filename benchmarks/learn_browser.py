"""Learn mode's work per action timed inside headless Chromium, under the site's Pyodide.

Usage::

    .venv/bin/python benchmarks/learn_browser.py [--site DIR] [--rounds N] [--seed S]
        [--warmup SECONDS] [--json]

Builds the site (``python build.py --out TMP``) unless ``--site`` is given, serves it on
127.0.0.1 with a bare benchmark page under ``/__bench/`` (the server and page start-up of
``benchmarks/_bench.py``: the site's own ``pyodide-boot.mjs`` and package zip) and
opens it in headless Chromium (``/usr/bin/chromium``; requests to other hosts are aborted).

Learn has no computer player; what a student waits for is the Python behind each action,
timed here with ``time.perf_counter`` exactly as the screens call it
(``cardroom.web.learn.logic``), on a device store holding 30 students with long histories:

- ``start``: a 50-question quiz of every kind and answer mode (``make_questions``);
- ``answer``: judging one answer (typed answers with a slip, through the tolerant name
  matcher), recording it and serialising the student's progress for ``localStorage``;
- ``drill``: building a drill from the student's history (Leitner order);
- ``progress``: the progress screen's figures (mastery per state, weakest states, chart);
- ``load``: reading the device's store at start-up (the list of 30 students and the
  current student's progress; the others are read when switched to) and switching to
  another student.

Prints p50 / p99 / max per action and the budget: p99 <= 50 ms in the browser for every
action. Exit status: 0 within budget, 1 over, 2 could not run.
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
ACTIONS = ("start", "answer", "drill", "progress", "load")

RUNNER_PY = r'''
"""Learn mode benchmark driver (written by benchmarks/learn_browser.py)."""

import gc
import json
import random
import sys
import time

from cardroom import learn
from cardroom.web.learn import figures as LF
from cardroom.web.learn import logic as LL
from cardroom.web.learn import records as LR

TODAY = 20_000


def big_store(seed):
    """30 students, each with about 400 facts answered over 60 days."""
    rng = random.Random(seed)
    store = LR.new_store()
    facts = [f"{k}:{c}" for k in learn.KINDS for c in sorted(LL.state_names())]
    for i in range(30):
        name = f"Student {i + 1:02d}"
        store.add(name)
        p = store.progress
        for f in rng.sample(facts, 400):
            for d in sorted(rng.sample(range(TODAY - 60, TODAY), 3)):
                p = learn.record(p, f, rng.random() < 0.7, day=d, ms=rng.randrange(500, 9000))
        store.set_progress(p)
    return store


def slip(text, rng):
    """A typing slip: one letter dropped from a long word (the matcher forgives it)."""
    words = text.split(" ")
    i = max(range(len(words)), key=lambda k: len(words[k]))
    w = words[i]
    if len(w) >= 7:
        j = rng.randrange(1, len(w) - 1)
        words[i] = w[:j] + w[j + 1 :]
    return " ".join(words)


def run(arg):
    a = json.loads(arg)
    rng = random.Random(a["seed"])
    gc.collect()
    times = {k: [] for k in ("start", "answer", "drill", "progress", "load")}
    store = big_store(a["seed"])
    device = LR.store_texts(store)
    wrong_right = [0, 0]
    for r in range(a["rounds"]):
        t0 = time.perf_counter()
        store, problem, _ = LR.store_from_device(device.get, device)
        times["load"].append((time.perf_counter() - t0) * 1000)
        assert problem is None
        t0 = time.perf_counter()
        assert store.switch(rng.choice(store.names())) is None
        times["load"].append((time.perf_counter() - t0) * 1000)
        for kind, spec in learn.KINDS.items():
            for mode in spec["modes"]:
                opts = LL.LearnOptions("quiz", kind, mode, "all", 50)
                t0 = time.perf_counter()
                qs = LL.make_questions(opts, a["seed"] * 1000 + r)
                times["start"].append((time.perf_counter() - t0) * 1000)
                run = LL.QuizRun(kind, qs, 0.0)
                for q in qs[:8]:
                    if mode == "map":
                        value = q.state
                    elif mode == "typed":
                        value = slip(LL.answer_text(q), rng)
                    else:
                        value = LL.answer_text(q)
                    t0 = time.perf_counter()
                    out = run.answer(value, 1000.0)
                    LR.record(store, out, TODAY)
                    device.update(LR.current_texts(store))
                    times["answer"].append((time.perf_counter() - t0) * 1000)
                    wrong_right[bool(out.ok)] += 1
                    run.next(1000.0)
        t0 = time.perf_counter()
        LL.drill_questions(store.progress, TODAY, length=10, seed=r)
        times["drill"].append((time.perf_counter() - t0) * 1000)
        for kind in (None, *learn.KINDS):
            t0 = time.perf_counter()
            LF.mastery_boxes(store.progress, kind)
            LF.weakest_states(store.progress, kind)
            LF.chart_svg(LF.chart_rows(store.progress, TODAY))
            times["progress"].append((time.perf_counter() - t0) * 1000)
    return json.dumps({"times": times, "judged": wrong_right, "python": sys.version.split()[0]})


def warmup(arg):
    a = json.loads(arg)
    t0 = time.perf_counter()
    n = 0
    while n < 1 or time.perf_counter() - t0 < a["seconds"]:
        for kind in learn.KINDS:
            LL.make_questions(LL.LearnOptions("quiz", kind, LL.default_mode(kind)), n)
        n += 1
    return json.dumps({"rounds": n, "seconds": time.perf_counter() - t0})
'''


def cpython_runner() -> types.ModuleType:
    runner = types.ModuleType("learn_bench_cpython")
    exec(compile(RUNNER_PY, "<bench_runner>", "exec"), runner.__dict__)  # noqa: S102
    return runner


def run_browser(site: Path, args: argparse.Namespace, log: Any) -> dict[str, Any]:
    bench = bench_dir("Learn mode", page_config(site), RUNNER_PY)

    def body(call: Any, out: dict[str, Any]) -> None:
        out["warmup"] = call("warmup", {"seconds": args.warmup})
        log(f"warm-up {out['warmup']['rounds']}")
        out["run"] = call("run", {"rounds": args.rounds, "seed": args.seed})

    return run_bench_page(site, bench, log, body)


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--rounds", type=int, default=3, help="rounds over every quiz (3)")
    ap.add_argument("--warmup", type=float, default=2.0, help="warm-up seconds (2)")
    ap.add_argument("--budget-ms", type=float, default=BUDGET_P99_MS, help="p99 limit (50 ms)")
    args = ap.parse_args(argv)
    if args.rounds < 1:
        ap.error("--rounds must be >= 1")

    log = logger(args)

    started = time.perf_counter()
    load_start = os.getloadavg()[0]
    with the_site(args, log) as site:
        if site is None:
            return 2
        cp = json.loads(
            cpython_runner().run(json.dumps({"rounds": args.rounds, "seed": args.seed}))
        )
        res = run_browser(site, args, log)
        if "error" in res:
            print(res["error"], file=sys.stderr)
            return 2
        run = res["run"]
        rows = [
            {
                "action": a,
                "count": len(run["times"][a]),
                "browser": stats(run["times"][a]),
                "cpython": stats(cp["times"][a]),
            }
            for a in ACTIONS
        ]
        worst = max(rows, key=lambda r: r["browser"]["p99_ms"])
        same = run["judged"] == cp["judged"]
        doc = {
            "rounds": args.rounds,
            "seed": args.seed,
            "pyodide": res["info"]["pyodide"],
            "python": run["python"],
            "load_average": [round(load_start, 2), round(os.getloadavg()[0], 2)],
            "rows": rows,
            "judged_wrong_right": run["judged"],
            "same_as_cpython": same,
            "budget": {
                "name": f"every action: p99 <= {args.budget_ms:g} ms in the browser",
                "worst": worst["action"],
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
                f"\nLearn mode in Chromium: Pyodide {doc['pyodide']} (Python {doc['python']}), "
                f"{args.rounds} rounds, a store of 30 students"
            )
            head = (
                f"{'action':<9} {'count':>6} | {'p50':>6} {'p99':>6} {'max':>6} | "
                f"{'CPython p50':>11} {'p99':>6}"
            )
            print(head)
            print("-" * len(head))
            for r in rows:
                b, c = r["browser"], r["cpython"]
                print(
                    f"{r['action']:<9} {r['count']:>6} | {b['p50_ms']:>6.2f} {b['p99_ms']:>6.2f} "
                    f"{b['max_ms']:>6.2f} | {c['p50_ms']:>11.3f} {c['p99_ms']:>6.3f}"
                )
            print(
                f"answers judged wrong/right: {doc['judged_wrong_right']}"
                + ("" if same else " (differs from CPython!)")
            )
            bud = doc["budget"]
            mark = "ok" if bud["ok"] else "OVER"
            print(f"\n[{mark}] {bud['name']}: worst {bud['worst']} p99 {bud['p99_ms']:.2f} ms")
            print(f"load average {doc['load_average']} ({doc['seconds']:.0f} s)")
        if not same:
            return 2
        return 0 if doc["budget"]["ok"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
