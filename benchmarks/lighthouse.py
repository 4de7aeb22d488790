"""Lighthouse scores for the built site: the atlas and a Border-Up deep link, or every
page the README names (``--all-pages``).

Usage::

    .venv/bin/python benchmarks/lighthouse.py [--site DIR] [--preset mobile|desktop|both]
        [--runs 1] [--plain-host] [--all-pages] [--pages a,b] [--ready lighthouse|cpu|off]
        [--json FILE|-]

Builds the site (``python build.py --out TMP``) unless ``--site`` is given, serves it on
127.0.0.1 with the site's own server (cross-origin isolated: COOP/COEP headers, as
``serve.sh``), or with ``--plain-host`` as any static host does (the files and their MIME
types, no other header: ``make_server(plain=True)``), and runs npm's ``lighthouse`` (Lighthouse 13, a dev
dependency in package.json) with Debian's chromium (``CHROME_PATH=/usr/bin/chromium``,
headless, any host but 127.0.0.1 unresolvable) on each page. Prints accessibility, best
practices and performance per page, the metrics behind performance (FCP, LCP, total
blocking time, speed index), and every best-practices audit that did not pass.

Lighthouse stops watching a page once its network and main thread are quiet, which may be
before Python is up. So beside its metrics each page gets the time to ``cardroom:ready``:
where Lighthouse's own trace reached the mark (its ``user-timings`` audit, on its observed,
unthrottled clock), and from a first visit of its own (playwright, fresh profile) with the
preset's emulation (screen, user agent) and throttling as Lighthouse's devtools method
applies it: mobile, the CPU 4 x (main thread only, over the DevTools protocol) and 562.5 ms
latency with 1.47 Mbit/s down; desktop, none. A second visit (``ready_cpu``) throttles the
CPU alone (``--ready lighthouse|cpu|both|off``, default both).

Budgets (issues 8 and 42): accessibility 100, best practices 100, performance >= 90, with
the mobile and the desktop preset (``--preset both``, the default, runs both). Exit status:
0 within budget, 1 over, 2 could not run.
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
import time
from pathlib import Path
from typing import Any

from _common import ARGS, CHROMIUM, HOST, ROOT, load_build, persistent_context
from startup import LONG_TASKS_INIT

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
#: ``--ready``: which first visits follow each Lighthouse run, and where each is kept.
READY_MODES = {"lighthouse": ("lighthouse",), "cpu": ("cpu",), "both": ("lighthouse", "cpu")}
READY_MODES["off"] = ()
READY_KEY = {"lighthouse": "ready", "cpu": "ready_cpu"}


def ready_modes(preset: str, ready: str) -> tuple[str, ...]:
    """The first visits to make for a preset: with no network throttling (desktop) the two
    kinds are the same visit, made once."""
    modes = READY_MODES[ready]
    if PRESETS[preset]["network"] is None and len(modes) > 1:
        return modes[:1]
    return modes


#: Pages with no Python: no ``cardroom:ready`` to wait for.
NO_PYTHON = {"print"}
READY_MARK = "cardroom:ready"
READY_TIMEOUT_S = 300.0

#: Lighthouse 13's presets (``core/config/constants.js`` and Lantern's ``Constants.js``):
#: the screen and user agent it emulates, and its throttling as its ``devtools`` method
#: applies it (the default ``simulate`` method computes its metrics from an unthrottled
#: load; these are the settings its simulation stands for). The ready run below applies
#: them to the page, as Lighthouse's devtools throttling does.
PRESETS: dict[str, dict[str, Any]] = {
    "mobile": {
        "viewport": {"width": 412, "height": 823},
        "device_scale_factor": 1.75,
        "is_mobile": True,
        "has_touch": True,
        "user_agent": "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 "
        "(KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36",
        "cpu": 4.0,
        # mobileSlow4G: 150 ms RTT x 3.75, 1.6 Mbit/s x 0.9 down, 750 kbit/s x 0.9 up
        "network": {"latency": 150 * 3.75, "down_kbps": 1.6 * 1024 * 0.9, "up_kbps": 750 * 0.9},
    },
    "desktop": {
        "viewport": {"width": 1350, "height": 940},
        "device_scale_factor": 1.0,
        "is_mobile": False,
        "has_touch": False,
        "user_agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 "
        "(KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36",
        "cpu": 1.0,
        "network": None,  # desktopDense4G: no devtools throttling
    },
}

# Time to cardroom:ready from the top page's navigation start, in any frame (the embed
# demo's game is in an iframe), and the top page's long tasks before it.
JS_READY = """(mark) => {
    let at = null;
    const frames = [window];
    for (let i = 0; i < frames.length; i++) {
        const w = frames[i];
        try {
            const e = w.performance.getEntriesByName(mark, 'mark')[0];
            if (e) {
                const t = w.performance.timeOrigin + e.startTime - performance.timeOrigin;
                at = at === null ? t : Math.min(at, t);
            }
            for (let j = 0; j < w.frames.length; j++) frames.push(w.frames[j]);
        } catch (err) {}
    }
    if (at === null) return null;
    const tasks = (window.__longTasks || []).filter(([t]) => t < at);
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return {
        ready_ms: at,
        fcp_ms: fcp ? fcp.startTime : null,
        longest_task_ms: tasks.reduce((m, [, d]) => Math.max(m, d), 0),
        tbt_ms: tasks.reduce((s, [, d]) => s + Math.max(0, d - 50), 0),
    };
}"""


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
        # cardroom:ready if Lighthouse's trace reached it (its observed time, unthrottled
        # with the simulate method), else None: its trace ended before the page was ready
        "lh_ready_ms": lighthouse_ready(report),
    }
    for ref in report["categories"]["best-practices"]["auditRefs"]:
        audit = report["audits"][ref["id"]]
        if ref.get("weight", 0) and audit.get("score") not in (None, 1):
            out["failed_best_practices"].append(f"{ref['id']}: {audit.get('title')}")
    if report.get("runtimeError"):
        out["error"] = report["runtimeError"].get("message")
    return out


def lighthouse_ready(report: dict[str, Any]) -> float | None:
    """The page's ``cardroom:ready`` mark as Lighthouse's ``user-timings`` audit saw it."""
    audit = report.get("audits", {}).get("user-timings") or {}
    items = (audit.get("details") or {}).get("items") or []
    times = [i.get("startTime") for i in items if i.get("name") == READY_MARK]
    return min((t for t in times if t is not None), default=None)


def ready_visit(pw: Any, url: str, preset: str, profile: Path, mode: str) -> dict[str, Any]:
    """A first visit in a fresh profile with the preset's emulation and throttling (CPU over
    the DevTools protocol, the page's main thread only, as Lighthouse's devtools method;
    network as its devtools method applies it), timed to ``cardroom:ready``."""
    conf = PRESETS[preset]
    ctx = persistent_context(
        pw,
        profile,
        viewport=conf["viewport"],
        device_scale_factor=conf["device_scale_factor"],
        is_mobile=conf["is_mobile"],
        has_touch=conf["has_touch"],
        user_agent=conf["user_agent"],
    )
    try:
        ctx.add_init_script(LONG_TASKS_INIT)
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        cdp = ctx.new_cdp_session(page)
        if conf["cpu"] != 1:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": conf["cpu"]})
        net = conf["network"] if mode == "lighthouse" else None
        if net:
            cdp.send("Network.enable")
            cdp.send(
                "Network.emulateNetworkConditions",
                {
                    "offline": False,
                    "latency": net["latency"],
                    "downloadThroughput": net["down_kbps"] * 1024 / 8,
                    "uploadThroughput": net["up_kbps"] * 1024 / 8,
                },
            )
        time.sleep(3)  # the browser's own start-up (see startup.py --settle)
        page.goto(url, wait_until="commit", timeout=READY_TIMEOUT_S * 1000)
        deadline = time.monotonic() + READY_TIMEOUT_S
        while time.monotonic() < deadline:
            got = page.evaluate(JS_READY, READY_MARK)
            if got:
                return got
            time.sleep(0.25)
        return {"error": f"no {READY_MARK} within {READY_TIMEOUT_S:.0f} s"}
    finally:
        ctx.close()


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


def _median(values: list[float | None]) -> float | None:
    vals = [v for v in values if v is not None]
    return statistics.median(vals) if vals else None


def _s(ms: float | None) -> str:
    return "-" if ms is None else f"{ms / 1000:.2f}s"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, help="an already built site (default: build one)")
    ap.add_argument(
        "--preset",
        choices=("desktop", "mobile", "both"),
        default="both",
        help="Lighthouse's preset (default both: mobile, then desktop)",
    )
    ap.add_argument("--runs", type=int, default=1, help="runs per page (median printed)")
    ap.add_argument(
        "--plain-host",
        action="store_true",
        help="serve with no header beyond the MIME type (no COOP/COEP), as a plain static host",
    )
    ap.add_argument("--all-pages", action="store_true", help="every page README.md names")
    ap.add_argument(
        "--pages", help="only these pages, by name, comma-separated (from --all-pages' list)"
    )
    ap.add_argument(
        "--ready",
        choices=("lighthouse", "cpu", "both", "off"),
        default="both",
        help="after each Lighthouse run, first visits timed to cardroom:ready with the "
        "preset's emulation and throttling: CPU and network as Lighthouse's devtools method "
        "applies them, the CPU alone, both (default: two visits), or none",
    )
    ap.add_argument("--json", metavar="FILE", help="also write the results as JSON ('-': stdout)")
    args = ap.parse_args(argv)
    if not LIGHTHOUSE.exists():
        print(f"{LIGHTHOUSE} missing: run npm ci", file=sys.stderr)
        return 2
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} not found (apt-get install chromium)", file=sys.stderr)
        return 2
    pages = ALL_PAGES if args.all_pages or args.pages else PAGES
    if args.pages:
        wanted = args.pages.split(",")
        unknown = set(wanted) - {n for n, _ in ALL_PAGES}
        if unknown:
            print(f"unknown pages: {', '.join(sorted(unknown))}", file=sys.stderr)
            return 2
        pages = tuple((n, path) for n, path in ALL_PAGES if n in wanted)
    presets = ("mobile", "desktop") if args.preset == "both" else (args.preset,)
    log = (lambda s: print(s, file=sys.stderr)) if args.json == "-" else print
    tmp = tempfile.mkdtemp(prefix="cardroom-lighthouse-")
    load_before = os.getloadavg()
    results: dict[str, dict[str, list[dict[str, Any]]]] = {}
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
        from playwright.sync_api import sync_playwright  # noqa: PLC0415

        pw_cm = sync_playwright() if READY_MODES[args.ready] else None
        pw = pw_cm.start() if pw_cm else None
        try:
            for preset in presets:
                for name, path in pages:
                    for run in range(1, args.runs + 1):
                        r = run_retrying(origin + path, preset, Path(tmp))
                        for mode in (
                            ready_modes(preset, args.ready) if name not in NO_PYTHON else ()
                        ):
                            profile = Path(tempfile.mkdtemp(dir=tmp, prefix="ready-"))
                            r[READY_KEY[mode]] = ready_visit(
                                pw, origin + path, preset, profile, mode
                            )
                        results.setdefault(preset, {}).setdefault(name, []).append(r)
                        log(
                            f"  {preset} {name} run {run}: {r['scores']}  "
                            f"TBT {_s(r['metrics']['TBT'])}  Lighthouse saw ready at "
                            f"{_s(r['lh_ready_ms'])}"
                            + "".join(
                                f"  {key} {_s((r.get(key) or {}).get('ready_ms'))}"
                                + (f" {r[key]['error']}" if (r.get(key) or {}).get("error") else "")
                                for key in READY_KEY.values()
                                if key in r
                            )
                        )
        finally:
            if pw:
                pw.stop()
            server.shutdown()
            server.server_close()
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        print(f"could not run: {exc}", file=sys.stderr)
        return 2
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    load_after = os.getloadavg()

    ok = True
    host = "a plain static host (no COOP/COEP)" if args.plain_host else "the site's server"
    for preset, by_page in results.items():
        conf = PRESETS[preset]
        net = conf["network"]
        modes = ready_modes(preset, args.ready)
        print(f"\nLighthouse 13, {preset} preset, {host}, median of {args.runs} run(s)")
        print(
            "  LH ready: cardroom:ready in Lighthouse's own trace (its observed clock; '-': "
            "the trace ended before ready)"
        )
        heads = ["LH ready"]
        for mode in modes:
            key = READY_KEY[mode]
            throttled = net if mode == "lighthouse" else None
            how = f"CPU {conf['cpu']:g} x" + (
                f", {throttled['latency']:.0f} ms latency, {throttled['down_kbps']:.0f} kbit/s down"
                if throttled
                else ", network unthrottled"
            )
            print(
                f"  {key} / longest / TBT: a first visit with {preset} emulation, {how}, to "
                "cardroom:ready (its longest main-thread task and total blocking time before it)"
            )
            heads += [key, "longest", "TBT"]
        print(
            f"{'page':<13}"
            + "".join(f"{c[:13]:>14}" for c in CATEGORIES)
            + "".join(f"{short:>8}" for _, short in METRICS)
            + "".join(f"{h:>10}" for h in heads)
        )
        for name, runs in by_page.items():
            scores = {c: statistics.median(r["scores"][c] for r in runs) for c in CATEGORIES}
            metrics = {short: _median([r["metrics"][short] for r in runs]) for _, short in METRICS}
            cells = [_median([r["lh_ready_ms"] for r in runs])]
            errors: set[str] = set()
            for mode in modes:
                visits = [r.get(READY_KEY[mode]) or {} for r in runs]
                cells += [
                    _median([x.get(k) for x in visits])
                    for k in ("ready_ms", "longest_task_ms", "tbt_ms")
                ]
                errors |= {f"{READY_KEY[mode]}: {x['error']}" for x in visits if x.get("error")}
            print(
                f"{name:<13}"
                + "".join(f"{scores[c]:>14.0f}" for c in CATEGORIES)
                + "".join(f"{_s(metrics[s]):>8}" for _, s in METRICS)
                + "".join(f"{_s(v):>10}" for v in cells)
            )
            for c in CATEGORIES:
                good = scores[c] >= BUDGET[c]
                ok &= good
                if not good:
                    print(f"    FAIL  {c} {scores[c]:.0f} (budget {BUDGET[c]})")
            for f in sorted({f for r in runs for f in r["failed_best_practices"]}):
                print(f"    best practices, not passed: {f}")
            for e in sorted(errors):
                print(f"    ready visit, {e}")
    print(
        f"\nload average {load_before[0]:.1f} before, {load_after[0]:.1f} after"
        f" ({os.cpu_count()} CPUs)"
    )
    if args.json:
        text = json.dumps(
            {
                "presets": list(presets),
                "plain_host": args.plain_host,
                "ready": args.ready,
                "load_average": {"before": load_before, "after": load_after},
                "results": results,
            },
            indent=2,
        )
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text + "\n", "utf-8")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
