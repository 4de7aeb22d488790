"""Start-up figures for the built site, side by side with a bare ``loadPyodide()`` page.

Usage::

    .venv/bin/python benchmarks/startup.py [--site DIR] [--runs 3] [--path /?screen=atlas]
        [--stat median|best] [--settle 3] [--cpu-slowdown N] [--no-private] [--json FILE|-]

Builds the site (``python build.py --out TMP``) unless ``--site`` is given, serves it on
127.0.0.1 together with ``/bench-bare.html`` (a page that only calls ``loadPyodide()`` from
Pyodide's files as Pyodide distributes them, ``node_modules/pyodide`` served under
``/__pyodide__/``; it exists only in this script's server, never in the site),
together with ``/bench-own.html`` (the site's own runtime booted alone: ``loadPyodide()``
from the site's ``pyodide/``, the same patched files, on the page's thread, nothing else),
and drives headless Chromium (``/usr/bin/chromium``) with a fresh profile per run and page:

- *cold*: a new user-data-dir, first visit. For the site the visit lasts until its service
  worker is installed (precache done) and its Python memory snapshot is stored;
- *repeat*: the browser is closed and relaunched on the same profile, second visit (HTTP disk
  cache, V8/wasm code caches and, for the site, its service worker and snapshot are warm);
- *private*: the site's first visit again in an incognito context (a browser's private
  window or guest profile: its HTTP cache is kept in memory), until its offline copy is
  complete.

For the site's first visits (ordinary and private) it records the bytes the server sent
until the page is ready with its start path saved for offline use (``<html
data-offline="1">``: the service worker installed), then until the page says the offline
copy of the whole site is complete (``<html data-offline-copy="complete">``: what the
service worker fetches in the background after that), and any file sent twice.

Each visit starts ``--settle`` seconds (3) after the browser was launched, as a user's
browser is already running when they open the site: a Chromium just started spends about
1.2 s of CPU on its own start-up (the renderer of its address bar's popup, a WebUI page),
which on two cores competes with whatever page it opens first (``--settle 0`` measures that
too).

For each visit it records the time to ready (``performance.mark("bare:ready")`` on the bare
page, ``performance.mark("cardroom:ready")`` on the site, both from navigation start), first
contentful paint, the longest main-thread task between navigation and ready (a long-task
observer installed before any page script), the bytes the server sent (every response body,
including the service worker's precache), how the site started Python (``<html data-boot>``:
``worker``, ``snapshot`` or ``fresh``) and the page's memory (V8's JS heap and the wasm memory holding
Python). It prints min / median / max of each figure over the runs, then the budgets, one line
each with PASS or FAIL (issue 8):

- repeat visit, ready <= 0.30 x bare ``loadPyodide()`` warm (target 0.2 x);
- cold visit, ready <= 1.10 x bare ``loadPyodide()`` cold;
- first contentful paint <= 0.3 s, cold and repeat;
- first-visit bytes until ready <= 1.15 x Pyodide's core files (both printed), and the whole
  offline copy <= 1.40 x, with no file sent twice, in an ordinary profile and a private one;
- the 50 flags <= 1.2 MB;
- longest main-thread task from navigation to ready <= 200 ms;
- no heavy module (svgwrite, networkx) on the start path; no request to another host.

``--cpu-slowdown N`` slows the main thread of every page N times (Chromium's
``Emulation.setCPUThrottlingRate`` over the DevTools protocol, set before navigating; workers
and V8's background threads are not slowed: Chromium refuses it for worker targets), records
the total blocking time until ready too (the sum over long tasks of their time above 50 ms)
and checks issue 42's budgets in place of issue 8's time budgets:

- longest main-thread task before ready <= 200 ms, cold and repeat;
- cold visit, ready <= 1.3 x the site's own runtime booted alone, cold;
- repeat visit, ready <= 0.7 x the own runtime's warm boot (its repeat visit).

Exit status: 0 if every budget holds, 1 if one is broken, 2 if a page never became ready.
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
import zipfile
from dataclasses import asdict, dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from _common import ARGS, CHROMIUM, HOST, ROOT, load_build, persistent_context

HEAVY = ("svgwrite", "networkx")
BARE_PATH = "/bench-bare.html"
RESTORE_PATH = "/bench-bare-restore.html"
OWN_PATH = "/bench-own.html"
READY_TIMEOUT_MS = 120_000

BUDGET_READY_RATIO = 1.10
BUDGET_REPEAT_RATIO = 0.30
BUDGET_FCP_MS = 300.0
BUDGET_BYTES_RATIO = 1.15
BUDGET_COPY_RATIO = 1.40
COPY_TIMEOUT_MS = 240_000
BUDGET_FLAGS_BYTES = 1_200_000
BUDGET_LONG_TASK_MS = 200.0
# Issue 42, with --cpu-slowdown (a classroom's slower CPU): against the site's own runtime
# booted alone (``/bench-own.html``), and the longest task before ready as above.
BUDGET_SLOW_COLD_RATIO = 1.30
BUDGET_SLOW_REPEAT_RATIO = 0.70
LONG_TASK_MS = 50.0  # a task longer than this blocks (total blocking time: the excess, summed)
SNAPSHOT_TIMEOUT_MS = 180_000
STEAL_WARNING = 3.0  # % of CPU time taken by a virtual machine's host: a busy machine
PYODIDE_CORE = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

# Before any page script: every long task, for the longest one before ready.
LONG_TASKS_INIT = """
window.__longTasks = [];
try {
    new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
    }).observe({type: 'longtask', buffered: true});
} catch (e) {}
"""


def _loader_page(title: str, note: str, pyodide_dir: str) -> bytes:
    """A page that boots a Pyodide with ``loadPyodide()`` and marks ``bare:ready``."""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title></head>
<body><p>{note}</p>
<script type="module">
import {{ loadPyodide }} from "./{pyodide_dir}/pyodide.mjs";
const pyodide = await loadPyodide();
window.__pyodide = pyodide;
pyodide.runPython("1 + 1");
performance.mark("bare:ready");
document.documentElement.dataset.ready = "1";
</script></body></html>
""".encode()


BARE_PAGE = _loader_page(
    "bare loadPyodide()", "Loading Pyodide (bare benchmark page)", "__pyodide__"
)

# The floor for a repeat visit: Pyodide's own memory snapshot, restored by a page that does
# nothing else (no screen, no checks on the stored bytes). Its first visit starts Python with
# `_makeSnapshot` and stores the snapshot in Cache Storage as it is; its repeat visit
# restores it. Served next to the bare page, never part of the site.
RESTORE_PAGE = b"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare snapshot restore</title></head>
<body><p>Restoring Pyodide (bare benchmark page)</p>
<script type="module">
import { loadPyodide } from "./__pyodide__/pyodide.mjs";
const root = document.documentElement;
const cache = await caches.open("bench.snapshot");
const hit = await cache.match("./__bench__/python.bin");
const pyodide = hit
  ? await loadPyodide({ _loadSnapshot: new Uint8Array(await hit.arrayBuffer()) })
  : await loadPyodide({ _makeSnapshot: true });
root.dataset.boot = hit ? "snapshot" : "fresh";
window.__pyodide = pyodide;
pyodide.runPython("1 + 1");
performance.mark("bare:ready");
root.dataset.ready = "1";
if (!hit) {
  await cache.put("./__bench__/python.bin", new Response(pyodide.makeMemorySnapshot()));
  root.dataset.snapshot = "stored";
}
</script></body></html>
"""
# The site's own runtime booted alone: ``loadPyodide()`` from the site's vendored Pyodide
# (``pyodide/``: the same patched files, the compiled standard library), on the page's
# main thread, with nothing else (no worker, no snapshot, no screen). Its repeat visit is
# "the own runtime's warm boot" (HTTP cache and V8's code cache warm). Served next to the
# site by this script only, never part of the build.
OWN_PAGE = _loader_page(
    "the site's runtime alone", "Loading the site's own Pyodide (benchmark page)", "pyodide"
)
BENCH_PAGES = {BARE_PATH: BARE_PAGE, RESTORE_PATH: RESTORE_PAGE, OWN_PATH: OWN_PAGE}
#: Where the bare pages take Pyodide from: its files as Pyodide distributes them
#: (``node_modules/pyodide``), not the site's copies. The site ships its own standard
#: library zip, compiled (``sitebuild/stdlib.py``); the floor is Pyodide's own start-up.
UPSTREAM_PREFIX = "/__pyodide__/"
UPSTREAM_DIR = ROOT / "node_modules" / "pyodide"

# Python run inside the site's interpreter (reached through PyScript's whenDefined("py")).
PY_MODULE_CHECK = f"""
import json, sys
json.dumps({{
    "heavy": sorted(m for m in sys.modules if m.split(".")[0] in {HEAVY!r}),
    "modules": len(sys.modules),
    "cardroom": sorted(m for m in sys.modules if m.startswith("cardroom")),
}})
"""

JS_MODULE_CHECK = """async (code) => {
    // The site's interpreter: PyScript's whenDefined('py') (its documented hook), else the
    // site's own boot module if it exposes start() -> pyodide. 20 s at most each.
    const within = (p, ms) => Promise.race([p, new Promise(r => setTimeout(() => r(null), ms))]);
    const tries = [
        async () => {
            const core = await import(new URL('pyscript/core.js', location.href).href);
            const wrap = await within(core.whenDefined('py'), 20000);
            return wrap && (wrap.interpreter || wrap);
        },
        async () => {
            const boot = await import(new URL('pyodide-boot.mjs', location.href).href);
            return boot.start ? await within(boot.start(), 20000) : null;
        },
    ];
    const errors = [];
    for (const t of tries) {
        try {
            const py = await t();
            if (py && typeof py.runPython === 'function') return JSON.parse(py.runPython(code));
            errors.push('no interpreter');
        } catch (e) { errors.push(String(e)); }
    }
    return {error: errors.join('; ')};
}"""

JS_METRICS = """(markName) => {
    const mark = performance.getEntriesByName(markName, 'mark')[0];
    const readyAt = mark ? mark.startTime : Infinity;
    const tasks = (window.__longTasks || []).filter(([t]) => t < readyAt);
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    const nav = performance.getEntriesByType('navigation')[0];
    const res = performance.getEntriesByType('resource');
    let transfer = nav ? nav.transferSize : 0, encoded = nav ? nav.encodedBodySize : 0;
    for (const r of res) { transfer += r.transferSize; encoded += r.encodedBodySize; }
    return {
        ready_ms: mark ? mark.startTime : null,
        fcp_ms: fcp ? fcp.startTime : null,
        html_ms: nav ? nav.responseEnd : null,
        dcl_ms: nav ? nav.domContentLoadedEventEnd : null,
        page_transfer_bytes: transfer,
        page_encoded_bytes: encoded,
        resources: res.length + 1,
        sw_controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller),
        longest_task_ms: tasks.reduce((m, [, d]) => Math.max(m, d), 0),
        long_tasks: tasks.length,
        tbt_ms: tasks.reduce((s, [, d]) => s + Math.max(0, d - LONG_TASK_MS), 0),
        task_list: tasks.map(([t, d]) => [Math.round(t), Math.round(d)]),
        boot: document.documentElement.dataset.boot || null,
        js_heap_bytes: performance.memory ? performance.memory.usedJSHeapSize : null,
    };
}""".replace("LONG_TASK_MS", f"{LONG_TASK_MS:g}")

# Resolves once <html data-ready="1"> is set: a MutationObserver, so that waiting adds no
# work to the page's main thread until then.
JS_WAIT_READY = """(ms) => new Promise((resolve, reject) => {
    const root = document.documentElement;
    if (root.dataset.ready === '1') return resolve(true);
    const timer = setTimeout(() => reject(new Error('not ready within ' + ms + ' ms')), ms);
    new MutationObserver((_, obs) => {
        if (root.dataset.ready !== '1') return;
        obs.disconnect();
        clearTimeout(timer);
        resolve(true);
    }).observe(root, {attributes: true, attributeFilter: ['data-ready']});
})"""

# A fixed piece of work on the page's main thread, timed after ready: the slowdown the
# throttling gave (its time at --cpu-slowdown N over its time at 1x).
JS_CALIBRATE = """() => {
    const t = performance.now();
    let x = 0;
    for (let i = 0; i < 2e7; i++) x = (x + i) % 1000003;
    return [performance.now() - t, x];
}"""

# The wasm memory holding Python (the site's interpreter through its boot module; the bare
# page keeps its own in window.__pyodide).
JS_WASM_MEMORY = """async () => {
    try {
        let py = window.__pyodide;
        if (!py) {
            const boot = await import(new URL('pyodide-boot.mjs', location.href).href);
            py = await boot.start();
        }
        return py._module.HEAPU8.byteLength;
    } catch (e) { return null; }
}"""


# --------------------------------------------------------------------------- serving


def _base_handler() -> type[SimpleHTTPRequestHandler]:
    """build.py's handler: the same headers and MIME types as the real server."""
    return load_build().SiteHandler


class Meter:
    """Response bodies the server sent, per visit."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        with self.lock:
            self.bytes = 0
            self.paths: list[str] = []

    def add(self, path: str, n: int) -> None:
        with self.lock:
            self.bytes += n
            self.paths.append(path)

    def snapshot(self) -> tuple[int, list[str]]:
        with self.lock:
            return self.bytes, list(self.paths)


def make_server(site: Path, meter: Meter) -> ThreadingHTTPServer:
    base = _base_handler()

    class Handler(base):  # type: ignore[misc,valid-type]
        def __init__(self, *a: Any, **kw: Any) -> None:
            super().__init__(*a, directory=str(site), **kw)

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            pass

        def do_GET(self) -> None:
            body = BENCH_PAGES.get(urlsplit(self.path).path)
            if body is not None:
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                meter.add(self.path, len(body))
                return
            super().do_GET()

        def translate_path(self, path: str) -> str:
            name = urlsplit(path).path
            if name.startswith(UPSTREAM_PREFIX):
                return str(UPSTREAM_DIR / name[len(UPSTREAM_PREFIX) :].replace("/", ""))
            return super().translate_path(path)

        def copyfile(self, source: Any, outputfile: Any) -> None:
            n = 0
            while chunk := source.read(256 * 1024):
                outputfile.write(chunk)
                n += len(chunk)
            meter.add(self.path, n)

    server = ThreadingHTTPServer((HOST, 0), Handler)
    server.daemon_threads = True
    return server


# --------------------------------------------------------------------------- visits


@dataclass
class Visit:
    page: str  # "bare" | "restore" (the bare snapshot restore) | "site" | "private" (the site)
    phase: str  # "cold" | "repeat"
    run: int
    ready_ms: float | None = None
    fcp_ms: float | None = None
    html_ms: float | None = None  # the document fully received
    dcl_ms: float | None = None  # DOMContentLoaded handled
    served_bytes: int = 0  # response bodies sent by the server (incl. service-worker fetches)
    page_transfer_bytes: int = 0  # resource timing transferSize as the page saw it
    requests: int = 0
    ready_bytes: int | None = None  # a site's first visit: sent until ready, start path saved
    copy_bytes: int | None = None  # ... until its offline copy is complete
    copy_state: str | None = None  # <html data-offline-copy> at the end of the visit
    sent_twice: list[str] = field(default_factory=list)  # files the server sent more than once
    sw_controlled: bool = False
    longest_task_ms: float | None = None
    long_tasks: int = 0
    tbt_ms: float | None = None  # total blocking time until ready: sum of (task - 50 ms)
    task_list: list[list[float]] = field(default_factory=list)  # [start, duration] before ready
    calibrate_ms: float | None = None  # JS_CALIBRATE on the main thread after ready
    boot: str | None = None  # the site: "worker", "snapshot" or "fresh"
    snapshot_bytes: int | None = None  # stored after the site's cold visit
    js_heap_bytes: int | None = None
    wasm_heap_bytes: int | None = None
    external: list[str] = field(default_factory=list)
    heavy_requests: list[str] = field(default_factory=list)
    modules: dict[str, Any] = field(default_factory=dict)
    error: str | None = None


def visit(
    pw: Any,
    profile: Path,
    url: str,
    kind: str,
    phase: str,
    run: int,
    meter: Meter,
    settle: float = 0.0,
    slowdown: float = 1.0,
) -> Visit:
    out = Visit(page=kind, phase=phase, run=run)
    private = None
    if kind == "private":  # an incognito context: its HTTP cache is kept in memory
        private = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        ctx = private.new_context(service_workers="allow", viewport={"width": 1280, "height": 800})
    else:
        ctx = persistent_context(pw, profile)
    site = kind in ("site", "private")
    ready_paths: list[str] | None = None
    try:
        ctx.on(
            "request",
            lambda r: (
                out.external.append(r.url)
                if r.url.startswith(("http:", "https:", "ws:", "wss:"))
                and urlsplit(r.url).hostname != HOST
                else None
            ),
        )
        ctx.add_init_script("performance.setResourceTimingBufferSize(10000)")
        ctx.add_init_script(LONG_TASKS_INIT)
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        if slowdown != 1:
            # Chromium's CPU throttling (what DevTools and Lighthouse's devtools mode use),
            # set on the page's target before navigating; it holds across the navigation.
            # It slows the page's main thread only: worker targets refuse it ("Operation is
            # only supported for pages, not workers", Chromium 156), so the site's first-
            # visit worker and V8's background threads run at the machine's speed.
            cdp = ctx.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
        time.sleep(settle)  # the browser's own start-up work, done before the visit
        meter.reset()
        page.goto(url, wait_until="commit", timeout=READY_TIMEOUT_MS)
        # Not page.wait_for_function: its default polling runs the check on every animation
        # frame, which makes the page render a frame each time (style, paint, commit) and
        # adds main-thread tasks of its own, 0.1-0.3 s each at 4 x CPU in a trace.
        page.evaluate(JS_WAIT_READY, READY_TIMEOUT_MS)
        mark = "cardroom:ready" if site else "bare:ready"
        m = page.evaluate(JS_METRICS, mark)
        out.ready_ms, out.fcp_ms = m["ready_ms"], m["fcp_ms"]
        out.html_ms, out.dcl_ms = m["html_ms"], m["dcl_ms"]
        out.page_transfer_bytes = m["page_transfer_bytes"]
        out.sw_controlled = m["sw_controlled"]
        out.longest_task_ms, out.long_tasks = m["longest_task_ms"], m["long_tasks"]
        out.tbt_ms, out.task_list = m["tbt_ms"], m["task_list"]
        out.calibrate_ms = page.evaluate(JS_CALIBRATE)[0]
        out.boot, out.js_heap_bytes = m["boot"], m["js_heap_bytes"]
        out.wasm_heap_bytes = page.evaluate(JS_WASM_MEMORY)
        if kind == "restore" and phase == "cold":
            page.wait_for_function(
                "() => document.documentElement.dataset.snapshot === 'stored'",
                timeout=SNAPSHOT_TIMEOUT_MS,
            )
        if site and phase == "cold":  # the start path saved for offline use
            page.wait_for_function(
                "() => document.documentElement.dataset.offline === '1'", timeout=60_000
            )
            out.ready_bytes, ready_paths = meter.snapshot()
        if site:
            out.modules = page.evaluate(JS_MODULE_CHECK, PY_MODULE_CHECK)
            # Let the service worker finish installing (its precache is part of the first
            # visit's bytes, and the repeat visit should find it installed).
            page.evaluate(
                """(ms) => !('serviceWorker' in navigator) ? null : Promise.race([
                    navigator.serviceWorker.ready.then(r => r.active && r.active.state),
                    new Promise(res => setTimeout(() => res(null), ms)),
                ])""",
                60_000,
            )
            if phase == "cold":  # the snapshot the repeat visit should restore
                page.wait_for_function(
                    "() => ['stored', 'failed', 'unavailable']"
                    ".includes(document.documentElement.dataset.snapshot)",
                    timeout=SNAPSHOT_TIMEOUT_MS,
                )
                out.snapshot_bytes = page.evaluate(
                    """async () => {
                        const c = await caches.open('cardroom.snapshot');
                        const [req] = await c.keys();
                        return req ? (await (await c.match(req)).arrayBuffer()).byteLength : null;
                    }"""
                )
                # the rest of the site, fetched in the background: the whole offline copy
                page.wait_for_function(
                    "() => ['complete', 'incomplete', 'none']"
                    ".includes(document.documentElement.dataset.offlineCopy)",
                    timeout=COPY_TIMEOUT_MS,
                )
                out.copy_state = page.evaluate("() => document.documentElement.dataset.offlineCopy")
                time.sleep(0.3)  # a last response reaches the meter
                out.copy_bytes = meter.snapshot()[0]
        time.sleep(0.3)  # late responses (e.g. cache.put of a last file) reach the meter
        out.served_bytes, paths = meter.snapshot()
        out.requests = len(paths)
        plain = [urlsplit(p).path for p in paths]
        out.sent_twice = sorted({p for p in plain if plain.count(p) > 1})
        # what the start path asked for (a screen's library may follow in the background)
        start = paths if ready_paths is None else ready_paths
        out.heavy_requests = [p for p in start if any(h in p.lower() for h in HEAVY)]
    except Exception as exc:  # a page that never gets ready is a result, not a crash
        out.error = f"{type(exc).__name__}: {str(exc).splitlines()[0]}"
    finally:
        ctx.close()
        if private is not None:
            private.close()
    return out


def run_all(
    site: Path,
    runs: int,
    log: Any,
    site_path: str = "/?screen=atlas",
    settle: float = 0.0,
    slowdown: float = 1.0,
    private: bool = True,
) -> list[Visit]:
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    meter = Meter()
    server = make_server(site, meter)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    origin = f"http://{HOST}:{server.server_address[1]}"
    visits: list[Visit] = []
    try:
        with sync_playwright() as pw:
            for run in range(1, runs + 1):
                # Interleave the two pages so drift on a shared machine hits both alike.
                pages = (
                    ("bare", BARE_PATH),
                    ("restore", RESTORE_PATH),
                    ("own", OWN_PATH),
                    ("site", site_path),
                )
                for kind, path in pages:
                    profile = Path(tempfile.mkdtemp(prefix=f"cardroom-bench-{kind}-"))
                    try:
                        for phase in ("cold", "repeat"):
                            v = visit(
                                pw,
                                profile,
                                origin + path,
                                kind,
                                phase,
                                run,
                                meter,
                                settle,
                                slowdown,
                            )
                            visits.append(v)
                            log(
                                f"  run {run} {kind:7} {phase:6} ready {_ms(v.ready_ms):>8}  "
                                f"FCP {_ms(v.fcp_ms):>7}  served {_mb(v.served_bytes):>8}  "
                                f"longest task {_ms(v.longest_task_ms):>7}  "
                                f"TBT {_ms(v.tbt_ms):>7}  calibration {_ms(v.calibrate_ms)}"
                                + (f"  boot {v.boot}" if v.boot else "")
                                + (f"  ERROR {v.error}" if v.error else "")
                            )
                    finally:
                        shutil.rmtree(profile, ignore_errors=True)
                if not private:
                    continue
                # the site's first visit in a private window (no profile on disk)
                v = visit(
                    pw, Path(), origin + site_path, "private", "cold", run, meter, settle, slowdown
                )
                visits.append(v)
                log(
                    f"  run {run} private cold   ready {_ms(v.ready_ms):>8}  "
                    f"until ready {_mb(v.ready_bytes):>8}  offline copy {_mb(v.copy_bytes):>8}"
                    + (f"  ERROR {v.error}" if v.error else "")
                )
    finally:
        server.shutdown()
        server.server_close()
    return visits


# --------------------------------------------------------------------------- report


def _ms(v: float | None) -> str:
    return "-" if v is None else f"{v / 1000:.2f} s"


def _mb(v: float | None) -> str:
    return "-" if v is None else f"{v / 1e6:.2f} MB"


def _vals(values: list[float | None]) -> list[float]:
    return [v for v in values if v is not None]


def _median(values: list[float | None]) -> float | None:
    vals = _vals(values)
    return statistics.median(vals) if vals else None


def _best(values: list[float | None]) -> float | None:
    vals = _vals(values)
    return min(vals) if vals else None


FIGURES = (
    "ready_ms",
    "fcp_ms",
    "html_ms",
    "dcl_ms",
    "longest_task_ms",
    "tbt_ms",
    "calibrate_ms",
    "served_bytes",
    "page_transfer_bytes",
    "requests",
    "ready_bytes",
    "copy_bytes",
    "js_heap_bytes",
    "wasm_heap_bytes",
    "snapshot_bytes",
)


def summarise(visits: list[Visit], stat: str = "median") -> dict[str, dict[str, Any]]:
    """Per page and phase: the ``stat`` ("median" or "best" = minimum) of each figure, and
    min / median / max of each under ``spread``."""
    pick = _best if stat == "best" else _median
    out: dict[str, dict[str, Any]] = {}
    for kind in ("bare", "restore", "own", "site", "private"):
        for phase in ("cold", "repeat"):
            vs = [v for v in visits if v.page == kind and v.phase == phase]
            row: dict[str, Any] = {}
            spread: dict[str, tuple[float, float, float] | None] = {}
            for f in FIGURES:
                vals = _vals([getattr(v, f) for v in vs])
                row[f] = pick(vals)
                spread[f] = (min(vals), statistics.median(vals), max(vals)) if vals else None
            row["spread"] = spread
            row["boots"] = [v.boot for v in vs]
            row["ready_runs_ms"] = [v.ready_ms for v in vs]
            row["errors"] = [v.error for v in vs if v.error]
            row["sent_twice"] = sorted({p for v in vs for p in v.sent_twice})
            row["copy_states"] = [v.copy_state for v in vs]
            out[f"{kind}_{phase}"] = row
    return out


def archive_heavy(site: Path, start: bool = True) -> list[str]:
    """Heavy packages inside the site's Python archives: ``start`` those the start path
    unpacks (the cardroom package: they could be imported), else the archives a screen
    loads when it opens (networkx for the director), which must not be requested."""
    found = []
    for z in site.rglob("*.zip"):
        if z.name == "python_stdlib.zip" or z.name.startswith("cardroom-") != start:
            continue
        with zipfile.ZipFile(z) as zf:
            found += [
                f"{z.relative_to(site)}:{n}"
                for n in zf.namelist()
                if n.split("/")[0].split("-")[0].lower() in HEAVY
            ]
    for w in site.rglob("*.whl"):
        if w.name.split("-")[0].lower() in HEAVY:
            found.append(str(w.relative_to(site)))
    return found


def core_bytes(site: Path) -> int:
    """Pyodide's own core files, as Pyodide distributes them (``node_modules/pyodide``): the
    baseline is what a bare ``loadPyodide()`` page downloads, not the site's copies (the site
    ships a smaller lock file, ``sitebuild/runtime.py``)."""
    del site
    return sum((ROOT / "node_modules" / "pyodide" / n).stat().st_size for n in PYODIDE_CORE)


def flags_bytes(site: Path) -> int:
    return sum(p.stat().st_size for p in (site / "flags").glob("*"))


def _check(name: str, value: Any, detail: str, ok: bool) -> dict[str, Any]:
    return {"name": name, "value": value, "detail": detail, "ok": ok}


def _ratio(a: float | None, b: float | None) -> float | None:
    return None if not a or not b else a / b


def slow_budgets(summary: dict[str, dict[str, Any]], slowdown: float) -> list[dict]:
    """Issue 42's budgets, for a run with ``--cpu-slowdown``: the site against its own
    runtime booted alone, and its longest main-thread task before ready."""
    checks: list[dict[str, Any]] = []
    own, own_w = summary["own_cold"], summary["own_repeat"]
    cold, rep = summary["site_cold"], summary["site_repeat"]
    stock, stock_w = summary["bare_cold"], summary["bare_repeat"]
    at = f"at {slowdown:g} x CPU"
    for label, row, limit, ref, ref_label, bare_row in (
        ("cold", cold, BUDGET_SLOW_COLD_RATIO, own, "the own runtime alone, cold", stock),
        ("repeat", rep, BUDGET_SLOW_REPEAT_RATIO, own_w, "the own runtime's warm boot", stock_w),
    ):
        r = _ratio(row["ready_ms"], ref["ready_ms"])
        rs = _ratio(row["ready_ms"], bare_row["ready_ms"])
        checks.append(
            _check(
                f"{label} visit {at}, ready <= {limit:.2f} x {ref_label}",
                None if r is None else round(r, 3),
                f"{_ms(row['ready_ms'])} vs {_ms(ref['ready_ms'])} = "
                f"{'-' if r is None else f'{r:.3f}'} x (stock loadPyodide() "
                f"{_ms(bare_row['ready_ms'])}: {'-' if rs is None else f'{rs:.3f}'} x)",
                r is not None and r <= limit,
            )
        )
    for label, row in (("cold", cold), ("repeat", rep)):
        checks.append(
            _check(
                f"longest main-thread task {at}, navigation to ready ({label}) <= "
                f"{BUDGET_LONG_TASK_MS:.0f} ms",
                row["longest_task_ms"],
                f"{_ms(row['longest_task_ms'])} (total blocking time {_ms(row['tbt_ms'])})",
                row["longest_task_ms"] is not None
                and row["longest_task_ms"] <= BUDGET_LONG_TASK_MS,
            )
        )
    return checks


def budgets(
    visits: list[Visit],
    summary: dict[str, dict[str, Any]],
    site: Path,
    slowdown: float = 1.0,
) -> list[dict]:
    """The budgets: issue 8's at full speed; with ``--cpu-slowdown``, issue 42's in place of
    the time budgets (the ratios to stock Pyodide and the absolute first paint), and the
    checks that do not depend on the CPU (bytes, flags, modules, hosts) either way."""
    checks: list[dict[str, Any]] = []
    bare, bare_w = summary["bare_cold"], summary["bare_repeat"]
    cold, rep = summary["site_cold"], summary["site_repeat"]
    if slowdown != 1:
        checks += slow_budgets(summary, slowdown)
    else:
        r = _ratio(rep["ready_ms"], bare_w["ready_ms"])
        boots = rep["boots"]
        checks.append(
            _check(
                f"repeat visit, ready <= {BUDGET_REPEAT_RATIO:.2f} x bare loadPyodide() warm "
                "(target 0.2 x)",
                None if r is None else round(r, 3),
                f"{_ms(rep['ready_ms'])} vs {_ms(bare_w['ready_ms'])} = "
                f"{'-' if r is None else f'{r:.3f}'} x; started from: {', '.join(map(str, boots))}",
                r is not None and r <= BUDGET_REPEAT_RATIO,
            )
        )
        r = _ratio(cold["ready_ms"], bare["ready_ms"])
        checks.append(
            _check(
                f"cold visit, ready <= {BUDGET_READY_RATIO:.2f} x bare loadPyodide() cold",
                None if r is None else round(r, 3),
                f"{_ms(cold['ready_ms'])} vs {_ms(bare['ready_ms'])} = "
                f"{'-' if r is None else f'{r:.3f}'} x",
                r is not None and r <= BUDGET_READY_RATIO,
            )
        )
        for label, row in (("cold", cold), ("repeat", rep)):
            checks.append(
                _check(
                    f"first contentful paint ({label}) <= {BUDGET_FCP_MS / 1000:.1f} s",
                    row["fcp_ms"],
                    _ms(row["fcp_ms"]),
                    row["fcp_ms"] is not None and row["fcp_ms"] <= BUDGET_FCP_MS,
                )
            )
    core = core_bytes(site)
    profiles = [("ordinary profile", cold), ("private window", summary["private_cold"])]
    for label, row in profiles if summary["private_cold"]["ready_runs_ms"] else profiles[:1]:
        r = _ratio(row["ready_bytes"], core)
        checks.append(
            _check(
                f"first-visit bytes until ready <= {BUDGET_BYTES_RATIO:.2f} x Pyodide core files "
                f"({label})",
                None if r is None else round(r, 3),
                f"{_mb(row['ready_bytes'])} vs {_mb(core)} = {'-' if r is None else f'{r:.3f}'} x "
                "(every body the server sent until the page was ready with its start path "
                "saved for offline use)",
                r is not None and r <= BUDGET_BYTES_RATIO,
            )
        )
        r = _ratio(row["copy_bytes"], core)
        states = sorted(set(map(str, row["copy_states"])))
        checks.append(
            _check(
                f"the whole offline copy <= {BUDGET_COPY_RATIO:.2f} x Pyodide core files, "
                f"no file sent twice ({label})",
                {"ratio": None if r is None else round(r, 3), "sent twice": row["sent_twice"]},
                f"{_mb(row['copy_bytes'])} = {'-' if r is None else f'{r:.3f}'} x, "
                f"offline copy {', '.join(states)}; sent twice: "
                f"{', '.join(row['sent_twice']) or 'none'}",
                r is not None
                and r <= BUDGET_COPY_RATIO
                and not row["sent_twice"]
                and states == ["complete"],
            )
        )
    fb = flags_bytes(site)
    checks.append(
        _check(
            f"flags, all 50 <= {BUDGET_FLAGS_BYTES / 1e6:.1f} MB",
            fb,
            _mb(fb),
            fb <= BUDGET_FLAGS_BYTES,
        )
    )
    for label, row in (("cold", cold), ("repeat", rep)) if slowdown == 1 else ():
        checks.append(
            _check(
                f"longest main-thread task, navigation to ready ({label}) <= "
                f"{BUDGET_LONG_TASK_MS:.0f} ms",
                row["longest_task_ms"],
                _ms(row["longest_task_ms"]),
                row["longest_task_ms"] is not None
                and row["longest_task_ms"] <= BUDGET_LONG_TASK_MS,
            )
        )
    site_visits = [v for v in visits if v.page in ("site", "private")]
    imported = sorted({m for v in site_visits for m in v.modules.get("heavy", [])})
    unchecked = [
        v.modules.get("error", "no result") for v in site_visits if "heavy" not in v.modules
    ]
    requested = sorted({p for v in site_visits for p in v.heavy_requests})
    shipped = archive_heavy(site)
    later = sorted({name.split(":")[0] for name in archive_heavy(site, start=False)})
    checks.append(
        _check(
            "no heavy module (svgwrite, networkx) on the start path",
            {"imported": imported, "requested": requested, "shipped": shipped, "later": later},
            "sys.modules checked in every site visit"
            if not unchecked
            else f"sys.modules not reachable ({unchecked[0]}); request log and archive checked",
            not imported and not requested and not shipped,
        )
    )
    external = sorted({u for v in visits for u in v.external})
    checks.append(
        _check(
            "no request to any host but 127.0.0.1",
            external,
            f"{len(external)} external URLs",
            not external,
        )
    )
    return checks


def _count(v: float | None) -> str:
    return "-" if v is None else f"{v:.0f}"


def print_report(
    summary: dict[str, dict[str, Any]], checks: list[dict], visits: list[Visit], stat: str
) -> None:
    rows = [
        ("time to ready", "ready_ms", _ms),
        ("first contentful paint", "fcp_ms", _ms),
        ("document received", "html_ms", _ms),
        ("DOMContentLoaded", "dcl_ms", _ms),
        ("longest task before ready", "longest_task_ms", _ms),
        ("total blocking time to ready", "tbt_ms", _ms),
        ("calibration loop after ready", "calibrate_ms", _ms),
        ("bytes served (incl. SW)", "served_bytes", _mb),
        ("page transfer size", "page_transfer_bytes", _mb),
        ("requests served", "requests", _count),
        ("bytes until ready (1st visit)", "ready_bytes", _mb),
        ("offline copy complete (1st)", "copy_bytes", _mb),
        ("JS heap at ready", "js_heap_bytes", _mb),
        ("wasm memory at ready", "wasm_heap_bytes", _mb),
        ("snapshot stored", "snapshot_bytes", _mb),
    ]
    cols = ["bare_cold", "bare_repeat", "restore_repeat", "own_cold", "own_repeat"]
    cols += ["site_cold", "site_repeat", "private_cold"]
    heads = ["bare cold", "bare warm", "bare restore", "own cold", "own warm"]
    heads += ["site cold", "site repeat", "site private"]
    w0 = max(len(r[0]) for r in rows) + 2
    n = len([v for v in visits if v.page == "bare" and v.phase == "cold"])
    print()
    print(f"min / median / max of {n} runs")
    print(" " * w0 + "".join(f"{h:>23}" for h in heads))
    for label, key, fmt in rows:
        cells = []
        for c in cols:
            sp = summary[c]["spread"][key]
            cells.append("-" if sp is None else " / ".join(fmt(x).split()[0] for x in sp))
        unit = {_ms: " s", _mb: " MB"}.get(fmt, "")
        print(f"{label + unit:<{w0}}" + "".join(f"{c:>23}" for c in cells))
    print()
    for phase in ("cold", "repeat"):
        boots = summary[f"site_{phase}"]["boots"]
        print(f"site {phase} visits started Python from: {', '.join(map(str, boots))}")
    site_mods = next((v.modules for v in visits if v.page == "site" and "modules" in v.modules), {})
    if site_mods:
        print(
            f"Python modules loaded at ready: {site_mods['modules']} "
            f"(cardroom: {', '.join(site_mods['cardroom']) or '-'})"
        )
    floor, warm = summary["restore_repeat"]["ready_ms"], summary["bare_repeat"]["ready_ms"]
    if floor and warm:
        print(
            f"the floor for a repeat visit (Pyodide restoring its own snapshot, nothing else): "
            f"{_ms(floor)} = {floor / warm:.2f} x bare warm; the site: "
            f"{_ms(summary['site_repeat']['ready_ms'])}"
        )
    for v in visits:
        if v.page in ("site", "own") and v.task_list:
            big = [f"{t / 1000:.2f}+{d:.0f}" for t, d in v.task_list if d >= 100]
            print(
                f"{v.page} {v.phase} run {v.run}: {len(v.task_list)} long tasks before ready"
                + (f", >= 100 ms (start s + ms): {' '.join(big)}" if big else "")
            )
    print(f"\nbudgets ({stat} of the runs)")
    for c in checks:
        print(f"  {'PASS' if c['ok'] else 'FAIL'}  {c['name']}: {c['detail']}")
        if not c["ok"] and c["value"] and isinstance(c["value"], dict | list):
            print(f"         {c['value']}")
    errors = [f"{v.page} {v.phase} run {v.run}: {v.error}" for v in visits if v.error]
    if errors:
        print("\nerrors\n  " + "\n  ".join(errors))


def cpu_times() -> tuple[int, int] | None:
    """(steal, total) CPU time since boot from Linux's /proc/stat, or None elsewhere.

    Steal is the time the machine's virtual CPUs were ready to run but the host ran
    something else: on a shared virtual machine it inflates every figure, bare pages and
    the site alike, and, unlike the load average, the benchmark's own browser does not
    add to it."""
    try:
        with open("/proc/stat", encoding="ascii") as f:
            fields = f.readline().split()
    except OSError:
        return None
    if len(fields) < 9 or fields[0] != "cpu":
        return None
    ticks = [int(x) for x in fields[1:9]]  # user nice system idle iowait irq softirq steal
    return ticks[7], sum(ticks)


def steal_share(before: tuple[int, int] | None, after: tuple[int, int] | None) -> float | None:
    """The share of CPU time, in %, the host took between two cpu_times() readings."""
    if before is None or after is None or after[1] <= before[1]:
        return None
    return 100.0 * (after[0] - before[0]) / (after[1] - before[1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, help="an already built site (default: build one)")
    ap.add_argument("--runs", type=int, default=3, help="runs per page and phase (default 3)")
    ap.add_argument(
        "--stat",
        choices=("median", "best"),
        default="median",
        help="statistic for the table and budgets (default median; 'best' = minimum over "
        "runs, steadier on a shared machine)",
    )
    ap.add_argument(
        "--path", default="/?screen=atlas", help="the site's page to visit (default the atlas)"
    )
    ap.add_argument(
        "--settle",
        type=float,
        default=3.0,
        metavar="S",
        help="seconds between launching the browser and each visit (default 3; 0: visit at "
        "once, while the browser's own start-up still competes for the CPU)",
    )
    ap.add_argument(
        "--cpu-slowdown",
        type=float,
        default=1.0,
        metavar="N",
        help="slow the page's main thread N times (Chromium's CPU throttling over the "
        "DevTools protocol, every page; workers are not slowed) and check issue 42's "
        "budgets instead of the time budgets of issue 8 (default 1)",
    )
    ap.add_argument(
        "--no-private",
        action="store_true",
        help="skip the private-window visit (and its bytes budgets)",
    )
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON ('-': stdout)")
    args = ap.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} not found (apt-get install chromium)", file=sys.stderr)
        return 2

    log = (lambda s: print(s, file=sys.stderr)) if args.json == "-" else print
    tmp: str | None = None
    try:
        if args.site:
            site = args.site.resolve()
        else:
            tmp = tempfile.mkdtemp(prefix="cardroom-bench-site-")
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
        if not (site / "index.html").is_file():
            print(f"{site} has no index.html", file=sys.stderr)
            return 2
        if not (site / "pyodide" / "pyodide.mjs").is_file():
            print(f"{site} has no vendored pyodide/pyodide.mjs", file=sys.stderr)
            return 2

        load_before = os.getloadavg()
        cpu_before = cpu_times()
        log(
            f"chromium {CHROMIUM}, {os.cpu_count()} CPUs, {args.runs} runs, "
            f"visits {args.settle:g} s after the browser started, "
            f"CPU slowdown {args.cpu_slowdown:g} x, "
            f"load average {load_before[0]:.1f}"
        )
        visits = run_all(
            site,
            args.runs,
            log,
            args.path,
            args.settle,
            args.cpu_slowdown,
            private=not args.no_private,
        )
        load_after = os.getloadavg()
        steal = steal_share(cpu_before, cpu_times())
        summary = summarise(visits, args.stat)
        checks = budgets(visits, summary, site, args.cpu_slowdown)
        if args.json == "-":
            sys.stdout = sys.stderr  # the table goes to stderr, the JSON alone to stdout
        print_report(summary, checks, visits, args.stat)
        busy = max(load_before[0], load_after[0]) > (os.cpu_count() or 1)
        stolen = steal is not None and steal >= STEAL_WARNING
        print(
            f"\nload average {load_before[0]:.1f} before, {load_after[0]:.1f} after"
            + ("" if steal is None else f"; CPU time taken by the host (steal): {steal:.1f} %")
            + (
                " -- WARNING: the machine was busy, timings are inflated and noisy"
                if busy or stolen
                else ""
            )
        )
        sys.stdout = sys.__stdout__
        if args.json:
            doc = {
                "runs": args.runs,
                "stat": args.stat,
                "settle_s": args.settle,
                "cpu_slowdown": args.cpu_slowdown,
                "path": args.path,
                "cpus": os.cpu_count(),
                "load_average": {"before": load_before, "after": load_after},
                "steal_percent": None if steal is None else round(steal, 2),
                "summary": summary,
                "budgets": checks,
                "visits": [asdict(v) for v in visits],
            }
            text = json.dumps(doc, indent=2)
            if args.json == "-":
                print(text)
            else:
                Path(args.json).write_text(text + "\n", "utf-8")
        if any(v.error for v in visits):
            return 2
        return 0 if all(c["ok"] for c in checks) else 1
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
