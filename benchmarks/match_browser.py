"""Match screen timings inside headless Chromium, under the site's own Pyodide.

Usage::

    .venv/bin/python benchmarks/match_browser.py [--site DIR] [--matches N] [--seed S]
        [--minutes M] [--json]

Builds the site unless ``--site`` is given, serves it with the bare benchmark page of
``_bench.py`` and plays ``--matches`` matches (3) of each Combo and kind, between two
computer teams of each difficulty, exactly as the match screen drives them
(``match_logic.pick_engine`` / ``logic_engine``: the games' own engine clients, dealt with
the match's carry-overs). Timed, per Combo/kind and difficulty:

* **pick** -- the computer team's pick (``PickSeat.plan``): a computer move, the budget;
* **deal** -- opening a game: its engine client with the carry-overs and both computer
  teams' first plans (what Continue does between games);
* **record** -- the match taking a finished game (``Match.record`` replays it);
* **resume** -- a reload: ``decode_match_save`` replays the whole match record.

Budget: the computer's pick p99 <= 50 ms; the others are reported (a game's own computer
moves have their own benchmarks). Exit status: 0 within budget, 1 broken, 2 could not run.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from _bench import bench_dir, logger, page_config, parser, run_bench_page, stats, the_site

KINDS = (
    (2, "morning"),
    (2, "afternoon"),
    (3, "morning"),
    (3, "afternoon"),
    (4, "all"),
    (4, "call"),
)
DIFFICULTIES = ("easy", "medium", "hard")
BUDGET_P99_MS = 50.0

RUNNER_PY = r'''
"""Match benchmark driver (written by benchmarks/match_browser.py)."""

import json
import sys
import time

from cardroom.match import Match
from cardroom.web.match import logic as ml
from cardroom.web.match import save as msave

perf = time.perf_counter


def ms(t0):
    return (perf() - t0) * 1000


def play(combo, kind, minutes, seed, difficulty, out):
    m = Match.new(seed, combo, kind, minutes)
    setup = ml.MatchSetup(combo, kind, minutes, "watch", difficulty, seed)
    while not m.over:
        up = m.up()
        if up.number == 0:
            eng = ml.pick_engine(up, "watch")
            for seat, bot in eng.bots.items():
                view = eng.view(seat)
                t0 = perf()
                bot.plan(view)
                out["pick"].append(ms(t0))
            eng.advance(0)
            t0 = perf()
            m = m.record(eng.moves)
            out["record"].append(ms(t0))
            continue
        t0 = perf()
        eng = ml.logic_engine(up, "watch", difficulty)
        out["deal"].append(ms(t0))
        now = 0
        while not eng.over and now < up.deadline_ms:
            due = eng.next_due()
            now = min(max(now + 1, due if due is not None else now + 1000), up.deadline_ms)
            eng.advance(now)
        moves = ml.moves_until(eng.moves, up.deadline_ms)
        t0 = perf()
        m = m.record(moves, timed_out=not eng.over)
        out["record"].append(ms(t0))
    text = msave.encode_match_save(msave.MatchSave(setup, m, None, False))
    t0 = perf()
    msave.decode_match_save(text)
    out["resume"].append(ms(t0))
    return m


def run(arg):
    a = json.loads(arg)
    play(4, "call", 2, 99, "medium", {"pick": [], "deal": [], "record": [], "resume": []})
    runs = {}
    for combo, kind in a["kinds"]:
        for difficulty in a["difficulties"]:
            out = {"pick": [], "deal": [], "record": [], "resume": []}
            for i in range(a["matches"]):
                play(combo, kind, a["minutes"], a["seed"] + i, difficulty, out)
            runs[f"{combo}/{kind}/{difficulty}"] = out
    return json.dumps({"runs": runs, "python": sys.version.split()[0]})
'''


def run_browser(site: Path, args: argparse.Namespace, log: Any) -> dict[str, Any]:
    conf = page_config(site)
    bench = bench_dir("Match", conf, RUNNER_PY)
    arg = {
        "kinds": [list(k) for k in KINDS],
        "difficulties": list(args.difficulties),
        "matches": args.matches,
        "seed": args.seed,
        "minutes": args.minutes,
    }
    return run_bench_page(site, bench, log, lambda call, result: result.update(call("run", arg)))


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--matches", type=int, default=3, help="matches per row (3)")
    ap.add_argument("--minutes", type=int, default=4, help="the round clock (4 minutes)")
    ap.add_argument("--difficulties", nargs="+", default=list(DIFFICULTIES))
    ap.add_argument("--budget-ms", type=float, default=BUDGET_P99_MS)
    args = ap.parse_args(argv)

    log = logger(args)

    started = time.perf_counter()
    with the_site(args, log) as site:
        if site is None:
            return 2
        res = run_browser(site, args, log)
        if "error" in res:
            print(res["error"], file=sys.stderr)
            return 2
        rows = []
        for key, run in res["runs"].items():
            combo, kind, difficulty = key.split("/")
            row: dict[str, Any] = {"combo": int(combo), "kind": kind, "difficulty": difficulty}
            for what in ("pick", "deal", "record", "resume"):
                row[what] = {**stats(run[what]), "n": len(run[what])}
            rows.append(row)
        picks = [r for r in rows if r["pick"]["n"]]
        worst = max(picks, key=lambda r: r["pick"]["p99_ms"]) if picks else None
        ok = worst is None or worst["pick"]["p99_ms"] <= args.budget_ms
        doc = {
            "matches": args.matches,
            "minutes": args.minutes,
            "pyodide": res["info"]["pyodide"],
            "python": res["python"],
            "rows": rows,
            "budget": {
                "name": f"the computer's pick p99 <= {args.budget_ms:g} ms in the browser",
                "worst": None if worst is None else f"{worst['combo']}/{worst['kind']}",
                "p99_ms": None if worst is None else worst["pick"]["p99_ms"],
                "ok": ok,
            },
            "blocked_requests": res["blocked"],
            "seconds": round(time.perf_counter() - started, 1),
        }
        if args.json:
            print(json.dumps(doc, indent=1))
        else:
            print(
                f"\nMatch timings in Chromium: Pyodide {doc['pyodide']} (Python {doc['python']}), "
                f"{args.matches} matches of {args.minutes} min per row; p50 / p99 / max in ms"
            )
            head = (
                f"{'match':<14} {'difficulty':<10} | {'pick':^20} | {'deal (Continue)':^20} | "
                f"{'record':^20} | {'resume (reload)':^20}"
            )
            print(head)
            print("-" * len(head))

            def cell(s: dict[str, float]) -> str:
                if not s["n"]:
                    return f"{'-':^20}"
                return f"{s['p50_ms']:>6.1f} {s['p99_ms']:>6.1f} {s['max_ms']:>6.1f}"

            for r in rows:
                print(
                    f"{r['combo']}/{r['kind']:<12} {r['difficulty']:<10} | {cell(r['pick'])} | "
                    f"{cell(r['deal'])} | {cell(r['record'])} | {cell(r['resume'])}"
                )
            b = doc["budget"]
            print(
                f"\nbudget: [{'ok' if b['ok'] else 'FAIL'}] {b['name']}: worst {b['worst']} "
                f"p99 {b['p99_ms']} ms"
            )
            print(f"({doc['seconds']:.0f} s)")
        return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
