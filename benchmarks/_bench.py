"""What every in-browser benchmark shares: the site (built, or a stand-in from the sources),
a bench page that starts Python as the site does and runs a driver module, the server that
serves both on 127.0.0.1, the headless Chromium that opens the page, and the percentiles.

A benchmark writes its driver (``bench_runner.py``: entry points that take and return JSON
strings, so no proxy crosses into JavaScript) with :func:`bench_dir`, then hands
:func:`run_bench_page` what to do once the page is up: ``call(name, arg)`` runs
``bench_runner.<name>(json.dumps(arg))`` in Pyodide and returns its answer, parsed.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import zipfile
from collections.abc import Callable, Iterable, Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from _common import ARGS, CHROMIUM, HOST, ROOT, load_build

BENCH_PREFIX = "/__bench/"
READY_TIMEOUT_MS = 120_000

# The bench page: the site's own start-up module (vendored Pyodide plus the package zip),
# or, for a stand-in site with no boot module, loadPyodide() and the zip unpacked into
# site-packages; then the driver's files go into /bench and it is imported.
PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>%(title)s benchmark</title></head>
<body><p>%(title)s benchmark (not part of the site)</p>
<script type="module">
const CONF = %(conf)s;
const FILES = %(files)s;
const here = new URL(".", location.href);
try {
  let pyodide;
  if (CONF.boot) {
    const boot = await import(new URL(CONF.boot, location.href).href);
    pyodide = await boot.loadPyodide();
  } else {
    const url = new URL(CONF.pyodide, location.href);
    const { loadPyodide } = await import(url.href);
    const pkg = fetch(new URL(CONF.pkg, location.href)).then((r) => {
      if (!r.ok) throw new Error(`${CONF.pkg}: HTTP ${r.status}`);
      return r.arrayBuffer();
    });
    pyodide = await loadPyodide({ indexURL: new URL("./", url).href });
    const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
    pyodide.unpackArchive(await pkg, "zip", { extractDir: sitePackages });
  }
  pyodide.FS.mkdirTree("/bench");
  for (const name of FILES) {
    const r = await fetch(new URL(name, here));
    if (!r.ok) throw new Error(`${name}: HTTP ${r.status}`);
    pyodide.FS.writeFile("/bench/" + name, await r.text());
  }
  pyodide.runPython("import sys; sys.path.insert(0, '/bench')");
  const runner = pyodide.pyimport("bench_runner");
  window.benchCall = (name, arg) => runner[name](arg);
  window.benchInfo = {
    pyodide: pyodide.version,
    userAgent: navigator.userAgent,
    crossOriginIsolated: self.crossOriginIsolated,
    hardwareConcurrency: navigator.hardwareConcurrency,
    cardroom: pyodide.runPython("import cardroom; cardroom.__file__"),
  };
  document.documentElement.dataset.ready = "1";
} catch (e) {
  window.benchError = String((e && e.stack) || e);
  document.documentElement.dataset.ready = "error";
}
</script></body></html>
"""


def bench_dir(
    title: str, conf: dict[str, Any], runner: str, extra: Iterable[tuple[str, str]] = ()
) -> Path:
    """A temporary folder with the bench page (``index.html``), the driver
    (``bench_runner.py``, the source ``runner``) and ``extra`` (name, text) files beside
    it; :func:`run_bench_page` deletes it."""
    bench = Path(tempfile.mkdtemp(prefix="cardroom-bench-"))
    extra = list(extra)
    files = [name for name, _text in extra] + ["bench_runner.py"]
    page = PAGE % {"title": title, "conf": json.dumps(conf), "files": json.dumps(files)}
    (bench / "index.html").write_text(page, "utf-8")
    for name, text in extra:
        (bench / name).write_text(text, "utf-8")
    (bench / "bench_runner.py").write_text(runner.lstrip(), "utf-8")
    return bench


# --------------------------------------------------------------------------- the site


def build_site(dest: Path, log: Any) -> bool:
    log(f"building the site into {dest} ...")
    proc = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), "--out", str(dest), "--quiet"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0:
        log("build failed:\n" + (proc.stdout + proc.stderr)[-2000:])
        return False
    return True


def source_site(dest: Path) -> None:
    """A minimal stand-in for the site: node_modules/pyodide and a zip of py/cardroom."""
    (dest / "pyodide").mkdir(parents=True)
    for p in (ROOT / "node_modules" / "pyodide").iterdir():
        if p.is_file() and not p.name.endswith(".map"):
            shutil.copyfile(p, dest / "pyodide" / p.name)
    pkg = ROOT / "py" / "cardroom"
    (dest / "py").mkdir()
    with zipfile.ZipFile(dest / "py" / "cardroom.zip", "w", zipfile.ZIP_DEFLATED) as z:
        for p in sorted(pkg.rglob("*")):
            if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc":
                z.write(p, f"cardroom/{p.relative_to(pkg).as_posix()}")


def page_config(site: Path) -> dict[str, str | None]:
    """How the bench page starts Python: through the site's pyodide-boot.mjs if it has one,
    else loadPyodide() from the vendored files plus the site's package zip."""
    if not (site / "pyodide" / "pyodide.mjs").is_file():
        raise FileNotFoundError(f"{site} has no vendored pyodide/pyodide.mjs")
    zips = sorted((site / "py").glob("cardroom*.zip")) if (site / "py").is_dir() else []
    boot = site / "pyodide-boot.mjs"
    if boot.is_file() and "{{" not in boot.read_text("utf-8"):
        return {"boot": "/pyodide-boot.mjs", "pyodide": None, "pkg": None}
    if not zips:
        raise FileNotFoundError(f"{site} has neither pyodide-boot.mjs nor py/cardroom*.zip")
    return {"boot": None, "pyodide": "/pyodide/pyodide.mjs", "pkg": f"/py/{zips[-1].name}"}


def make_server(site: Path, bench: Path | None = None) -> ThreadingHTTPServer:
    """The site on 127.0.0.1 (build.py's server and handler), plus ``bench`` under
    /__bench/; every response cross-origin isolated, for a fine-grained clock."""
    build = load_build()
    base: type[SimpleHTTPRequestHandler] = build.SiteHandler

    class Handler(base):  # type: ignore[misc,valid-type]
        extensions_map = {
            **base.extensions_map,
            ".py": "text/x-python; charset=utf-8",
        }

        def translate_path(self, path: str) -> str:
            if bench is not None and urlsplit(path).path.startswith(BENCH_PREFIX):
                site_dir, self.directory = self.directory, str(bench)
                try:
                    return super().translate_path("/" + path[len(BENCH_PREFIX) :])
                finally:
                    self.directory = site_dir
            return super().translate_path(path)

        def end_headers(self) -> None:
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
            self.send_header("Cache-Control", "no-store")
            super().end_headers()

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            pass

    handler = functools.partial(Handler, directory=str(site))
    server = build.make_server(site, port=0, host=HOST, quiet=True)
    server.RequestHandlerClass = handler
    return server


# --------------------------------------------------------------------------- the browser


def run_page(
    site: Path,
    bench: Path | None,
    path: str,
    ready: str,
    body: Callable[[Any, dict[str, Any]], None],
    *,
    result: dict[str, Any] | None = None,
    timeout_ms: int = READY_TIMEOUT_MS,
) -> dict[str, Any]:
    """Serve ``site`` on 127.0.0.1 (with ``bench``, if any, under /__bench/; that folder is
    deleted afterwards), open ``path`` in headless Chromium with service workers off and
    every request to another host blocked (and listed under ``"blocked"``), wait until the
    JavaScript expression ``ready`` holds (its seconds under ``"start_s"``), then
    ``body(page, result)``. Any failure, a blocked request included, is kept as
    ``result["error"]`` (a traceback, and the page's last console lines)."""
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    server = make_server(site, bench)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://{HOST}:{server.server_address[1]}"
    blocked: list[str] = []
    console: list[str] = []
    result = {} if result is None else result
    result["blocked"] = blocked

    def route(r: Any) -> None:
        if urlsplit(r.request.url).hostname == HOST:
            r.continue_()
        else:
            blocked.append(r.request.url)
            r.abort()

    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            try:
                ctx = browser.new_context(service_workers="block")
                ctx.route("**/*", route)
                page = ctx.new_page()
                page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
                page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
                t0 = time.perf_counter()
                page.goto(origin + path, wait_until="commit", timeout=timeout_ms)
                page.wait_for_function(f"() => {ready}", timeout=timeout_ms)
                result["start_s"] = time.perf_counter() - t0
                body(page, result)
                if blocked:  # the site is offline-first: no request may leave the machine
                    raise RuntimeError(f"requests to other hosts: {blocked[:5]}")
            finally:
                browser.close()
    except Exception:
        result["error"] = traceback.format_exc()
        if console:
            result["error"] += "console:\n  " + "\n  ".join(console[-20:])
    finally:
        server.shutdown()
        server.server_close()
        if bench is not None:
            shutil.rmtree(bench, ignore_errors=True)
    return result


def run_bench_page(
    site: Path,
    bench: Path,
    log: Any,
    body: Callable[[Callable[[str, Any], Any], dict[str, Any]], None],
    *,
    ready: str = "window.benchCall || window.benchError",
    result: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """:func:`run_page` on the bench page in ``bench`` (:func:`bench_dir`): it fails on the
    page's ``benchError``, keeps ``benchInfo`` under ``"info"``, then runs
    ``body(call, result)``: ``call(name, arg)`` runs ``window.benchCall(name, json(arg))``
    and returns its JSON answer."""

    def on_page(page: Any, result: dict[str, Any]) -> None:
        error = page.evaluate("() => window.benchError || null")
        if error:
            raise RuntimeError(f"bench page failed:\n{error}")
        result["info"] = page.evaluate("() => window.benchInfo")
        log(f"Pyodide {result['info']['pyodide']} up in {result['start_s']:.1f} s")
        page.set_default_timeout(0)  # a run may take minutes

        def call(name: str, arg: Any) -> Any:
            text = page.evaluate("([n, a]) => window.benchCall(n, a)", [name, json.dumps(arg)])
            return json.loads(text)

        body(call, result)

    return run_page(site, bench, BENCH_PREFIX, ready, on_page, result=result)


# --------------------------------------------------------------------------- figures


def pct(xs: list[float], p: float) -> float:
    """Nearest-rank percentile of sorted ``xs`` (same as benchmarks/solver.py)."""
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def stats(xs: list[float]) -> dict[str, float]:
    s = sorted(xs)
    if not s:
        return {"p50_ms": 0.0, "p99_ms": 0.0, "max_ms": 0.0}
    return {
        "p50_ms": round(pct(s, 50), 3),
        "p99_ms": round(pct(s, 99), 3),
        "max_ms": round(s[-1], 3),
    }


# --------------------------------------------------------------------------- the command line


def parser(doc: str) -> argparse.ArgumentParser:
    """The options every browser benchmark takes (``doc``: the script's docstring, whose
    first paragraph describes it): ``--site``, ``--seed`` and ``--json``."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--site", type=Path, help="an already built site (default: build one)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--json", action="store_true", help="print the figures as JSON (the log on stderr)"
    )
    return ap


def logger(args: argparse.Namespace) -> Callable[[str], None]:
    """Progress lines: on stdout, or on stderr when stdout is for ``--json``."""

    def log(msg: str) -> None:
        print(msg, file=sys.stderr if args.json else sys.stdout, flush=True)

    return log


@contextlib.contextmanager
def the_site(args: argparse.Namespace, log: Callable[[str], None]) -> Iterator[Path | None]:
    """The site to measure: ``--site``, or one built into a temporary folder (deleted
    afterwards). None, with the reason on stderr, when the benchmark cannot run: no
    Chromium, or the build failed."""
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} not found (apt-get install chromium)", file=sys.stderr)
        yield None
        return
    if args.site:
        yield args.site.resolve()
        return
    with tempfile.TemporaryDirectory(prefix="cardroom-bench-site-") as tmp:
        site = Path(tmp) / "site"
        yield site if build_site(site, log) else None
