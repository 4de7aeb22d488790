"""The tournament director's work per action timed in headless Chromium, on the real page.

Usage::

    .venv/bin/python benchmarks/director_browser.py [--site DIR] [--teams 8,20,40]
        [--rounds 8] [--json]

Builds the site (``python build.py --out TMP``) unless ``--site`` is given, serves it on
127.0.0.1 (build.py's server, through ``benchmarks/_bench.py``) and opens
``/?tournament=open`` in headless Chromium (``/usr/bin/chromium``; other hosts aborted).
The director has no computer player; what a teacher waits for is the Python behind each
button, timed in the page from the click to the page drawn again (the handlers run
synchronously inside the click):

- ``load``: fetching, unpacking and importing networkx when the screen opens (once);
- ``pair``: pairing a round (networkx's maximum-weight matching with the look-ahead of
  R-120) and drawing the rounds page;
- ``result``: recording one match's points, saving the tournament to ``localStorage``
  and drawing the page.

For each number of teams a tournament file (registered teams, no round yet) is imported
through the page, then every round is paired and every result entered through it.
Prints p50 / p99 / max per action and team count; the budget is p99 <= 50 ms for
``result`` (every click) and <= 500 ms for ``pair`` (once a round, the teacher pressing
"Pair round N"). Exit status: 0 within budget, 1 over, 2 could not run.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from _bench import logger, parser, run_page, stats, the_site
from _common import ROOT

sys.path.insert(0, str(ROOT / "py"))

from cardroom import tournament as tm  # noqa: E402

BUDGET_MS = {"result": 50.0, "pair": 500.0}

PAIR_JS = """() => {
  const b = document.querySelector('#td-pair');
  if (!b) return null;
  const t0 = performance.now();
  b.click();
  return performance.now() - t0;
}"""

RESULTS_JS = """(seed) => {
  let x = seed;
  const rnd = () => { x = (x * 1103515245 + 12345) % 2147483648; return x % 60; };
  const out = [];
  for (let i = 0; ; i++) {
    const forms = document.querySelectorAll('form.td-match');
    const todo = [...forms].filter((f) => f.querySelector('input[name=pa]').value === '');
    if (!todo.length || i > 200) break;
    const f = todo[0];
    f.querySelector('input[name=pa]').value = String(rnd());
    f.querySelector('input[name=pb]').value = String(rnd());
    const b = f.querySelector('button');
    const t0 = performance.now();
    b.click();
    out.push(performance.now() - t0);
  }
  return out;
}"""


def tournament_file(teams: int, rounds: int, seed: int) -> str:
    t = tm.new_tournament(f"Bench {teams}", 3, rounds=rounds, seed=seed)
    for i in range(teams):
        t = tm.add_team(t, f"Team {i + 1}", (f"P{i}a", f"P{i}b", f"P{i}c"))
    return json.dumps(tm.to_json(t))


def run_browser(site: Path, args: argparse.Namespace, log: Any) -> dict[str, Any]:
    bench = Path(tempfile.mkdtemp(prefix="cardroom-director-bench-"))  # the imported files

    def body(page: Any, out: dict[str, Any]) -> None:
        out["load_ms"] = float(page.evaluate("() => document.documentElement.dataset.networkxMs"))
        log(f"networkx loaded in {out['load_ms']:.0f} ms")
        for n in args.teams:
            f = bench / f"bench-{n}.json"
            f.write_text(tournament_file(n, args.rounds, args.seed), "utf-8")
            page.locator("[data-import]").set_input_files(str(f))
            page.wait_for_function(
                f"() => document.querySelector('#td-title').textContent === 'Bench {n}'"
            )
            page.locator('button.td-tab[data-view="rounds"]').click()
            pair: list[float] = []
            result: list[float] = []
            for r in range(args.rounds):
                ms = page.evaluate(PAIR_JS)
                if ms is None:
                    raise RuntimeError(f"{n} teams: no Pair button in round {r + 1}")
                pair.append(ms)
                result += page.evaluate(RESULTS_JS, args.seed + r)
            cells = page.evaluate("() => document.querySelectorAll('.td-schedule td').length")
            out["teams"][n] = {"pair": pair, "result": result, "cells": cells}
            log(f"{n} teams: {len(pair)} rounds paired, {len(result)} results")
            page.locator('button.td-tab[data-view="file"]').click()

    ready = "document.documentElement.dataset.director === 'ready'"
    return run_page(site, bench, "/?tournament=open", ready, body, result={"teams": {}})


def main(argv: list[str] | None = None) -> int:
    ap = parser(__doc__)
    ap.add_argument("--teams", default="8,20,40")
    ap.add_argument("--rounds", type=int, default=8)
    args = ap.parse_args(argv)
    args.teams = [int(x) for x in args.teams.split(",")]
    log = logger(args)
    with the_site(args, log) as site:
        if site is None:
            return 2
        res = run_browser(site, args, log)
    if "error" in res:
        print(f"could not run: {res['error']}", file=sys.stderr)
        return 2
    ok = True
    rows = []
    for n, times in res["teams"].items():
        for action in ("pair", "result"):
            s = stats(times[action])
            over = s["p99_ms"] > BUDGET_MS[action]
            ok &= not over
            rows.append({"teams": n, "action": action, "n": len(times[action]), **s, "over": over})
    if args.json:
        print(json.dumps({"load_ms": res["load_ms"], "rows": rows}, indent=1))
    else:
        print(f"networkx load (fetch + unpack + import): {res['load_ms']:.0f} ms")
        for r in rows:
            print(
                f"{r['teams']:>3} teams {r['action']:<7} n={r['n']:<4} p50 {r['p50_ms']:7.1f} ms  "
                f"p99 {r['p99_ms']:7.1f} ms  max {r['max_ms']:7.1f} ms  budget p99 <= "
                f"{BUDGET_MS[r['action']]:.0f} ms{'  OVER' if r['over'] else ''}"
            )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
