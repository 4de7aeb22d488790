"""Lighthouse scores for the built site: the atlas and a Border-Up deep link, or every
page the README names (``--all-pages``).

Usage::

    .venv/bin/python benchmarks/lighthouse.py [--site DIR] [--preset desktop|mobile]
        [--runs 1] [--plain-host] [--all-pages] [--json FILE|-]

Builds the site (``python build.py --out TMP``) unless ``--site`` is given, serves it on
127.0.0.1 with the site's own server (cross-origin isolated: COOP/COEP headers, as
``serve.sh``), or with ``--plain-host`` as any static host does (the files and their MIME
types, no other header: ``make_server(plain=True)``), and runs npm's ``lighthouse`` (Lighthouse 13, a dev
dependency in package.json) with Debian's chromium (``CHROME_PATH=/usr/bin/chromium``,
headless, any host but 127.0.0.1 unresolvable) on each page. Prints accessibility, best
practices and performance per page, the metrics behind performance (FCP, LCP, total
blocking time, speed index), and every best-practices audit that did not pass.

Budgets (issue 8): accessibility 100, best practices 100, performance >= 90 with the
desktop preset. Exit status: 0 within budget, 1 over, 2 could not run.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

from _common import ARGS, CHROMIUM, HOST, ROOT, load_build

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
PAGES = (
    ("atlas", "/?screen=atlas"),
    ("border-up", "/?game=border-up&level=4&mode=bot&difficulty=medium&seed=7"),
)
#: ``--all-pages``: each page and screen README.md names (its kinds of link, one each)
ALL_PAGES = (
    ("home", "/"),
    *PAGES,
    ("state-iq", "/?game=state-iq&level=4&mode=bot&seed=3"),
    ("sequence", "/?game=sequence&players=6&teams=3&mode=local&board=capitals"),
    ("tri-virsity", "/?game=tri-virsity&players=4&mode=local&variant=beginner"),
    ("learn", "/?learn=find&set=northeast"),
    ("director", "/?tournament=new&combo=3"),
    ("match", "/?match=combo4&mode=bot"),
    ("two-devices", "/?game=border-up&level=2&mode=devices"),
    ("embed", "/?game=border-up&level=2&mode=bot&embed=1"),
    ("embed-demo", "/embed-demo.html"),
    ("print", "/print/index.html"),
)
CATEGORIES = ("accessibility", "best-practices", "performance")
METRICS = (
    ("first-contentful-paint", "FCP"),
    ("largest-contentful-paint", "LCP"),
    ("total-blocking-time", "TBT"),
    ("speed-index", "SI"),
)
BUDGET = {"accessibility": 100, "best-practices": 100, "performance": 90}


def run_lighthouse(url: str, preset: str, profile: Path) -> dict[str, Any]:
    flags = [*ARGS, "--headless=new", f"--user-data-dir={profile}"]
    cmd = [
        str(LIGHTHOUSE),
        url,
        "--output=json",
        "--output-path=stdout",
        "--quiet",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={' '.join(flags)}",
        "--max-wait-for-load=120000",
    ]
    if preset == "desktop":
        cmd.append("--preset=desktop")
    else:
        cmd.append("--form-factor=mobile")
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)
    if proc.returncode != 0 or not proc.stdout.strip():
        raise RuntimeError(f"lighthouse failed ({proc.returncode}): {proc.stderr[-2000:]}")
    report = json.loads(proc.stdout)
    out: dict[str, Any] = {
        "scores": {c: round(100 * (report["categories"][c]["score"] or 0)) for c in CATEGORIES},
        "metrics": {short: report["audits"][key].get("numericValue") for key, short in METRICS},
        "failed_best_practices": [],
    }
    for ref in report["categories"]["best-practices"]["auditRefs"]:
        audit = report["audits"][ref["id"]]
        if ref.get("weight", 0) and audit.get("score") not in (None, 1):
            out["failed_best_practices"].append(f"{ref['id']}: {audit.get('title')}")
    if report.get("runtimeError"):
        out["error"] = report["runtimeError"].get("message")
    return out


#: Lighthouse sometimes fails to record its trace ("NO_NAVSTART", a known flaky error of its
#: own); such a run is made again, in a fresh profile, up to this many more times.
RETRIES = 2


def run_retrying(url: str, preset: str, tmp: Path) -> dict[str, Any]:
    for attempt in range(RETRIES + 1):
        profile = Path(tempfile.mkdtemp(dir=tmp, prefix="profile-"))
        try:
            return run_lighthouse(url, preset, profile)
        except RuntimeError as exc:
            if "NO_NAVSTART" not in str(exc) or attempt == RETRIES:
                raise
            print(f"  (Lighthouse could not record the trace, run again: {url})", file=sys.stderr)
    raise AssertionError("unreachable")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, help="an already built site (default: build one)")
    ap.add_argument("--preset", choices=("desktop", "mobile"), default="desktop")
    ap.add_argument("--runs", type=int, default=1, help="runs per page (median printed)")
    ap.add_argument(
        "--plain-host",
        action="store_true",
        help="serve with no header beyond the MIME type (no COOP/COEP), as a plain static host",
    )
    ap.add_argument("--all-pages", action="store_true", help="every page README.md names")
    ap.add_argument("--json", metavar="FILE", help="also write the results as JSON ('-': stdout)")
    args = ap.parse_args(argv)
    if not LIGHTHOUSE.exists():
        print(f"{LIGHTHOUSE} missing: run npm ci", file=sys.stderr)
        return 2
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} not found (apt-get install chromium)", file=sys.stderr)
        return 2
    log = (lambda s: print(s, file=sys.stderr)) if args.json == "-" else print
    tmp = tempfile.mkdtemp(prefix="cardroom-lighthouse-")
    try:
        if args.site:
            site = args.site.resolve()
        else:
            site = Path(tmp) / "site"
            log(f"building the site into {site} ...")
            proc = subprocess.run(
                [sys.executable, str(ROOT / "build.py"), "--out", str(site)],
                cwd=ROOT,
                capture_output=True,
                text=True,
            )
            if proc.returncode != 0:
                print(proc.stdout + proc.stderr, file=sys.stderr)
                return 2
        server = load_build().make_server(site, port=0, host=HOST, plain=args.plain_host)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        origin = f"http://{HOST}:{server.server_address[1]}"
        results: dict[str, list[dict[str, Any]]] = {}
        try:
            for name, path in ALL_PAGES if args.all_pages else PAGES:
                for run in range(1, args.runs + 1):
                    r = run_retrying(origin + path, args.preset, Path(tmp))
                    results.setdefault(name, []).append(r)
                    log(f"  {name} run {run}: {r['scores']}")
        finally:
            server.shutdown()
            server.server_close()
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        print(f"could not run: {exc}", file=sys.stderr)
        return 2
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    ok = True
    host = "a plain static host (no COOP/COEP)" if args.plain_host else "the site's server"
    print(f"\nLighthouse 13, {args.preset} preset, {host}, median of {args.runs} run(s)")
    print(
        f"{'page':<13}"
        + "".join(f"{c:>16}" for c in CATEGORIES)
        + "".join(f"{short:>9}" for _, short in METRICS)
    )
    for name, runs in results.items():
        scores = {c: statistics.median(r["scores"][c] for r in runs) for c in CATEGORIES}
        metrics = {
            short: statistics.median(r["metrics"][short] or 0 for r in runs) for _, short in METRICS
        }
        print(
            f"{name:<13}"
            + "".join(f"{scores[c]:>16.0f}" for c in CATEGORIES)
            + "".join(
                f"{metrics[s] / 1000:>8.2f}s" if s != "SI" else f"{metrics[s] / 1000:>8.2f}s"
                for _, s in METRICS
            )
        )
        for c in CATEGORIES:
            good = scores[c] >= BUDGET[c]
            ok &= good
            print(f"    {'PASS' if good else 'FAIL'}  {c} {scores[c]:.0f} (budget {BUDGET[c]})")
        failed = sorted({f for r in runs for f in r["failed_best_practices"]})
        for f in failed:
            print(f"    best practices, not passed: {f}")
    if args.json:
        text = json.dumps(
            {"preset": args.preset, "plain_host": args.plain_host, "results": results}, indent=2
        )
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text + "\n", "utf-8")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
