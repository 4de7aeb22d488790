"""Where a visit's long main-thread tasks before ``cardroom:ready`` come from: a Chromium
trace of the site's first and repeat visit, throttled as ``startup.py --cpu-slowdown``.

Usage::

    .venv/bin/python benchmarks/startup_trace.py --site DIR [--path /?game=border-up]
        [--cpu-slowdown 4] [--min-ms 150] [--out DIR]

Serves the built site as ``startup.py`` does, visits it twice in one fresh profile (cold,
then repeat after the browser is started again), each time with Chromium's tracing on
(the timeline, V8 and the JS sampling profiler) from before the navigation until ready,
and writes each trace (``DIR/trace-cold.json``, ``DIR/trace-repeat.json``: open them in
Chromium's performance panel or Perfetto). For each task of the page's main thread over
``--min-ms`` before ready it prints when it ran, its length, the trace events with the
most time of their own in it, and the JS functions the profiler sampled most in it, with
their file and line (``self``: the function itself; ``in``: the function and what it
called, for the site's and Pyodide's own files). Tracing slows the page: read the
durations for their order, not their size.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

from _common import HOST, persistent_context
from startup import JS_WAIT_READY, LONG_TASKS_INIT, Meter, make_server

CATEGORIES = (
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "disabled-by-default-devtools.timeline.stack",
    "disabled-by-default-v8.cpu_profiler",
    "v8",
    "v8.execute",
    "v8.wasm",
    "blink",
    "blink.user_timing",
    "loading",
    "toplevel",
)
#: Files whose functions the "in" column counts (the site's and Pyodide's).
OWN_FILES = ("pyodide-boot", "snapshot", "pyodide.asm.mjs", "pyodide.mjs", "index.html", "?")
READY_MARK = "cardroom:ready"


def trace_visits(site: Path, path: str, slowdown: float, out: Path) -> list[Path]:
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    server = make_server(site, Meter())
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://{HOST}:{server.server_address[1]}{path}"
    profile = Path(tempfile.mkdtemp(prefix="cardroom-trace-"))
    written = []
    try:
        with sync_playwright() as pw:
            for phase in ("cold", "repeat"):
                ctx = persistent_context(pw, profile)
                try:
                    ctx.add_init_script(LONG_TASKS_INIT)
                    page = ctx.pages[0] if ctx.pages else ctx.new_page()
                    cdp = ctx.new_cdp_session(page)
                    if slowdown != 1:
                        cdp.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
                    time.sleep(3)  # the browser's own start-up (startup.py --settle)
                    events: list[dict[str, Any]] = []
                    done = threading.Event()
                    cdp.on("Tracing.dataCollected", lambda ev, got=events: got.extend(ev["value"]))
                    cdp.on("Tracing.tracingComplete", lambda ev, end=done: end.set())
                    cdp.send(
                        "Tracing.start",
                        {"categories": ",".join(CATEGORIES), "transferMode": "ReportEvents"},
                    )
                    page.goto(url, wait_until="commit", timeout=300_000)
                    page.evaluate(JS_WAIT_READY, 300_000)
                    page.wait_for_timeout(300)
                    cdp.send("Tracing.end")
                    while not done.is_set():
                        page.wait_for_timeout(200)
                    target = out / f"trace-{phase}.json"
                    target.write_text(json.dumps({"traceEvents": events}))
                    written.append(target)
                    if phase == "cold":  # the snapshot and offline copy the repeat visit uses
                        page.wait_for_function(
                            "() => ['stored', 'failed', 'unavailable']"
                            ".includes(document.documentElement.dataset.snapshot)",
                            timeout=300_000,
                            polling=500,
                        )
                finally:
                    ctx.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
        server.shutdown()
        server.server_close()
    return written


def _label(e: dict[str, Any]) -> str:
    data = (e.get("args") or {}).get("data") or {}
    what = data.get("functionName") or data.get("url") or ""
    what = what.rsplit("/", 1)[-1][:40] if isinstance(what, str) else ""
    return f"{e['name']}[{what}]" if what else e["name"]


def long_tasks(trace: Path, min_ms: float) -> list[dict[str, Any]]:
    """The page's main-thread tasks over ``min_ms`` before ``cardroom:ready``."""
    ev = json.loads(trace.read_text())["traceEvents"]
    marks = [e for e in ev if e.get("name") == READY_MARK and "user_timing" in e.get("cat", "")]
    if not marks:
        raise SystemExit(f"{trace}: no {READY_MARK} mark in the trace")
    pid, ready = marks[0]["pid"], min(m["ts"] for m in marks)
    tid = next(
        e["tid"]
        for e in ev
        if e.get("ph") == "M"
        and e.get("name") == "thread_name"
        and e["pid"] == pid
        and e["args"]["name"] == "CrRendererMain"
    )
    nav = min(e["ts"] for e in ev if e.get("pid") == pid and e.get("name") == "navigationStart")
    main = sorted(
        (e for e in ev if e.get("pid") == pid and e.get("tid") == tid and e.get("ph") == "X"),
        key=lambda e: (e["ts"], -e.get("dur", 0)),
    )
    # the JS sampling profiler of the main thread: its nodes and (time, node) samples
    starts = {
        e["id"]: e["args"]["data"]["startTime"]
        for e in ev
        if e.get("pid") == pid and e.get("tid") == tid and e.get("name") == "Profile"
    }
    nodes: dict[int, dict[str, Any]] = {}
    samples: list[tuple[float, int]] = []
    clock = dict(starts)
    for e in ev:
        if e.get("pid") != pid or e.get("name") != "ProfileChunk" or e.get("id") not in starts:
            continue
        data = e["args"]["data"]
        profile = data.get("cpuProfile", {})
        for n in profile.get("nodes", []):
            nodes[n["id"]] = n
        for node, delta in zip(
            profile.get("samples", []), data.get("timeDeltas", []), strict=False
        ):
            clock[e["id"]] += delta
            samples.append((clock[e["id"]], node))
    parent = {n["id"]: n["parent"] for n in nodes.values() if "parent" in n}

    def frame(i: int) -> str:
        cf = nodes[i]["callFrame"]
        name, url = cf.get("functionName") or "(anonymous)", cf.get("url", "").rsplit("/", 1)[-1]
        return f"{name} {url}:{cf.get('lineNumber', -1) + 1}" if url else name

    tops: list[dict[str, Any]] = []
    end = -1.0
    for e in main:
        if "dur" in e and e["ts"] >= end:
            tops.append(e)
            end = e["ts"] + e["dur"]
    out = []
    for t in tops:
        if t["dur"] < min_ms * 1000 or t["ts"] >= ready:
            continue
        a, b = t["ts"], t["ts"] + t["dur"]
        own: Counter[str] = Counter()
        stack: list[dict[str, Any]] = []
        for e in main:
            if not (a <= e["ts"] and e["ts"] + e.get("dur", 0) <= b) or "dur" not in e:
                continue
            while stack and stack[-1]["ts"] + stack[-1]["dur"] <= e["ts"]:
                stack.pop()
            if stack:
                own[_label(stack[-1])] -= e["dur"]
            own[_label(e)] += e["dur"]
            stack.append(e)
        picked = [node for ts, node in samples if a <= ts < b and node in nodes]
        selfs = Counter(frame(n) for n in picked)
        inside: Counter[str] = Counter()
        for n in picked:
            seen = set()
            while n in nodes:
                f = frame(n)
                if f not in seen and any(x in f for x in OWN_FILES if x != "?"):
                    inside[f] += 1
                seen.add(f)
                n = parent.get(n, -1)
        out.append(
            {
                "at_ms": (a - nav) / 1000,
                "ms": t["dur"] / 1000,
                "events": [(k, v / 1000) for k, v in own.most_common(4) if v > 0],
                "samples": len(picked),
                "self": selfs.most_common(4),
                "in": inside.most_common(5),
            }
        )
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, required=True, help="a built site")
    ap.add_argument("--path", default="/?game=border-up", help="the page to visit")
    ap.add_argument("--cpu-slowdown", type=float, default=4.0, metavar="N")
    ap.add_argument("--min-ms", type=float, default=150.0, help="tasks at least this long")
    ap.add_argument("--out", type=Path, help="where to keep the traces (default: a temp dir)")
    ap.add_argument(
        "--analyse", nargs="+", type=Path, metavar="TRACE", help="only analyse these traces"
    )
    args = ap.parse_args(argv)
    if args.analyse:
        traces = args.analyse
    else:
        out = args.out or Path(tempfile.mkdtemp(prefix="cardroom-traces-"))
        out.mkdir(parents=True, exist_ok=True)
        traces = trace_visits(args.site.resolve(), args.path, args.cpu_slowdown, out)
    for trace in traces:
        tasks = long_tasks(trace, args.min_ms)
        print(f"\n{trace}: {len(tasks)} main-thread tasks >= {args.min_ms:g} ms before ready")
        for t in tasks:
            print(f"  at {t['at_ms']:.0f} ms, {t['ms']:.0f} ms")
            print("    events: " + "; ".join(f"{k} {v:.0f} ms" for k, v in t["events"]))
            if t["samples"]:
                n = t["samples"]
                print("    self:   " + "; ".join(f"{k} {100 * v / n:.0f}%" for k, v in t["self"]))
                print("    in:     " + "; ".join(f"{k} {100 * v / n:.0f}%" for k, v in t["in"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
