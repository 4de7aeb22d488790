"""Browser test harness: the built site, served on 127.0.0.1, driven by headless Chromium.

One build and one browser per session. Every test context is *offline by construction*: a
route handler aborts each request whose host is not 127.0.0.1 and the test fails at teardown if
any such request was attempted, if the page logged a console error or threw, or if a local
resource failed to load. Chromium is also launched with a host-resolver rule that makes every
name but 127.0.0.1 unresolvable, which guards the service-worker test (routing is disabled
there because it bypasses the worker).

Warm pages. A page that boots Python from nothing costs seconds of CPU; a repeat visitor's
page restores it from the site's memory snapshot. So the ``page`` and ``context`` fixtures
give a page (a context) of the worker's *warm profile*: a browser profile on disk that has
visited the session's site once, where the first visit's worker stored its snapshot (its
service worker is then unregistered and its caches deleted, and the profile is used with
service workers blocked, as the harness's other contexts are). Its pages restore Python
from the snapshot, with the runtime's compiled code from the profile's HTTP cache. Each
test starts clean: the pages of the test before are closed, and the site's localStorage
(but for the snapshot's hint), sessionStorage, IndexedDB, Cache Storage (but for the
snapshot), cookies and permissions are cleared; the offline guard below watches it as it
watches any context (without routing, which would turn the HTTP cache off: the host
resolver rule keeps other hosts unreachable, and the guard records any request to one).
Tests about start-up or a first visit are marked ``first_visit`` (a whole file with
``pytestmark``), and their ``page`` and ``context`` are fresh contexts. ``new_context()``
with device options (viewport, touch, mobile) gives a warm context too: a profile of its
own, copied from the warm profile as it was primed, opened with those options (a copy
costs a fraction of a second, a page that boots Python from nothing seconds). Such a
context is a Chromium of its own (about 2 s of CPU to start), so the worker keeps the last
few for later tests asking for the very same options, cleaned between tests as the warm
context is (a test that gave one an init script, a route or a listener has it closed
instead: ``KeptContext``). With ``route=False``, with service workers allowed, or in a
``first_visit`` test ``new_context()`` gives a fresh incognito context.

Environment:
- ``CARDROOM_SITE=DIR``: test an already built site instead of building one.
- ``CI``: when set, a missing Chromium or Playwright fails the suite instead of skipping it.
- ``CARDROOM_WARM=0``: no warm profile (every ``page`` boots Python from nothing).

A page whose renderer process crashes (Playwright's "Target crashed") is recorded with the
machine's free memory at that moment, and what Chromium prints goes to a log file
(``BROWSER_LOG``, through Playwright's ``DEBUG_FILE``). A test that fails after one of its
pages crashed runs once more, from its fixtures up; the first try's failure, the crash and
the end of Chromium's log are reported as a warning (and with the second failure, if it
fails again). Any other failure fails at once. (The crashes seen so far were Chromium's
heap profiler scanning a WebAssembly stack-switching stack; the site no longer runs Python
on one: docs/architecture.md. A renderer's core dump, with ``ulimit -c unlimited``, shows
the faulting thread and its stack.)
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from _pytest.runner import runtestprotocol
from browser_helpers import ACTION_TIMEOUT_MS, load_build, open_site
from playwright.sync_api import expect

# Playwright's ``expect`` waits 5 s by default, a page's actions ACTION_TIMEOUT_MS: on a
# loaded machine a page that is slow to show what it will show must not fail the test (an
# assertion that holds returns as soon as it holds).
expect.set_options(timeout=ACTION_TIMEOUT_MS)

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
LOCAL_HOST = "127.0.0.1"

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    f"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE {LOCAL_HOST}",
]


def _unavailable(reason: str) -> None:
    """Skip the browser suite locally, but fail it in CI where it must run."""
    if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no"):
        pytest.fail(f"browser suite cannot run in CI: {reason}", pytrace=False)
    pytest.skip(f"browser suite skipped: {reason} (set CI=1 to make this an error)")


# --------------------------------------------------------------------------- the site


def _make_server(directory: Path) -> Any:
    """The site's own server (build.make_server: the same MIME types and headers)."""
    return load_build().make_server(directory, port=0, host=LOCAL_HOST)


class SiteServer:
    """A running server for one directory; ``stop()`` takes the site off the network."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._server = _make_server(directory)
        self.port: int = self._server.server_address[1]
        self.origin = f"http://{LOCAL_HOST}:{self.port}"
        self._thread = threading.Thread(
            target=self._server.serve_forever, name=f"site-{self.port}", daemon=True
        )
        self._thread.start()
        self.running = True

    def url(self, path: str = "/") -> str:
        return self.origin + path

    def stop(self) -> None:
        if self.running:
            self._server.shutdown()
            self._server.server_close()
            self._thread.join(timeout=10)
            self.running = False


@contextlib.contextmanager
def serve(directory: Path) -> Iterator[SiteServer]:
    server = SiteServer(directory)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def site_dir(request: pytest.FixtureRequest) -> Path:
    """``CARDROOM_SITE``, or the session's one build (``site_build``, tests/conftest.py)."""
    given = os.environ.get("CARDROOM_SITE")
    if given:
        path = Path(given).resolve()
        assert (path / "index.html").is_file(), f"CARDROOM_SITE={given} has no index.html"
        return path
    return request.getfixturevalue("site_build")


@pytest.fixture(scope="session")
def site(site_dir: Path) -> Iterator[SiteServer]:
    with serve(site_dir) as server:
        yield server


@pytest.fixture
def serve_site(site_dir: Path) -> Iterator[Callable[[], SiteServer]]:
    """A factory for private servers of the built site (for tests that stop theirs)."""
    servers: list[SiteServer] = []

    def start() -> SiteServer:
        server = SiteServer(site_dir)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


# --------------------------------------------------------------------------- renderer crashes

#: every renderer crash this test process saw: "<url>: <when>, <free memory>"
RENDERER_CRASHES: list[str] = []
#: what this process's Chromiums printed (Playwright's ``DEBUG=pw:browser`` log)
BROWSER_LOG = Path(tempfile.gettempdir()) / f"cardroom-chromium-{os.getpid()}.log"
#: the lines of that log worth showing after a crash (not the missing D-Bus's noise)
_LOG_SIGNAL = re.compile(r"FATAL|Check failed|crash|signal|memory|OOM|render", re.I)
_LOG_NOISE = re.compile(r"dbus|crashpad|ptrace|<launching>|<launched>", re.I)
#: on a test's second try: what happened on its first (the warning's text)
FIRST_TRY = pytest.StashKey[str]()


def _free_memory() -> str:
    try:
        meminfo = Path("/proc/meminfo").read_text()
        avail = re.search(r"MemAvailable:\s+(\d+) kB", meminfo)
        load = Path("/proc/loadavg").read_text().split()[:3]
    except OSError:
        return "free memory unknown"
    free = f"{int(avail.group(1)) // 1024} MB available" if avail else "free memory unknown"
    return f"{free}, load {' '.join(load)}"


def record_crash(page: Any) -> None:
    """``page.on("crash")``: note the crash for :func:`pytest_runtest_protocol`."""
    try:
        url = page.url
    except Exception:  # noqa: BLE001 - a crashed page may not say where it was
        url = "(unknown page)"
    RENDERER_CRASHES.append(f"{url}: {time.strftime('%H:%M:%S')}, {_free_memory()}")


def browser_log_tail(limit: int = 25) -> str:
    """The telling lines at the end of what this process's Chromiums printed."""
    try:
        lines = BROWSER_LOG.read_text(errors="replace").splitlines()
    except OSError:
        return f"(no log at {BROWSER_LOG})"
    keep = [ln for ln in lines if _LOG_SIGNAL.search(ln) and not _LOG_NOISE.search(ln)]
    return "\n    ".join(keep[-limit:]) or "(nothing telling in it)"


def _in_short(report: pytest.TestReport) -> str:
    crash = getattr(report.longrepr, "reprcrash", None)
    return str(crash.message) if crash is not None else report.longreprtext[-1500:]


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> bool | None:
    """Run a browser test; once more if it failed after a renderer crash (see the module's
    docstring). The first try's reports are not logged: the warning tells of them."""
    if Path(__file__).parent not in item.path.parents:
        return None  # not a browser test: pytest's own protocol
    item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    seen = len(RENDERER_CRASHES)
    reports = runtestprotocol(item, nextitem=nextitem, log=False)
    crashes = RENDERER_CRASHES[seen:]
    failed = [r for r in reports if r.failed]
    if crashes and failed:
        first = "\n".join(f"{r.when}: {_in_short(r)}" for r in failed)
        story = (
            f"{item.nodeid}: a page's renderer crashed ({'; '.join(crashes)}), and the test "
            f"failed; it ran once more.\nThe first try's failure:\n{first}\n"
            f"What Chromium printed ({BROWSER_LOG}):\n    {browser_log_tail()}"
        )
        item.warn(pytest.PytestWarning(story))
        item.stash[FIRST_TRY] = story
        reports = runtestprotocol(item, nextitem=nextitem, log=False)
        for r in reports:
            r.sections.append(("the first try (a renderer crashed)", story))
    for r in reports:
        item.ihook.pytest_runtest_logreport(report=r)
    item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    return True


# --------------------------------------------------------------------------- the browser


#: Chromium features the harness turns off in every browser it starts. Chromium pre-renders
#: the address bar's pop-up in two WebUI renderers for every window, so for every test's
#: context, though a headless browser never shows one: about 1 s of CPU each time.
HARNESS_FEATURES_OFF = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]

#: Playwright's own ``--disable-features`` arguments and the features they name, read once
_PLAYWRIGHTS_OFF: dict[str, list[str]] = {}


def playwrights_features_off(playwright_instance: Any) -> tuple[list[str], list[str]]:
    """(Playwright's ``--disable-features`` arguments, the features they name), read from
    ``chrome://version`` once. Playwright passes one ``--disable-features``; a second one
    would replace its list, not add to it, so the harness passes one merged list instead."""
    if not _PLAYWRIGHTS_OFF:
        probe = playwright_instance.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        try:
            page = probe.new_page()
            page.goto("chrome://version")
            line = page.locator("#command_line").inner_text()
        finally:
            probe.close()
        args = [a for a in line.split() if a.startswith("--disable-features=")]
        _PLAYWRIGHTS_OFF["args"] = args
        _PLAYWRIGHTS_OFF["features"] = [f for a in args for f in a.split("=", 1)[1].split(",") if f]
    return _PLAYWRIGHTS_OFF["args"], _PLAYWRIGHTS_OFF["features"]


def chromium_options(
    playwright_instance: Any, *args: str, features_off: tuple[str, ...] | list[str] = ()
) -> dict[str, Any]:
    """Launch options for Debian's Chromium: the harness's arguments, ``args``, and one
    ``--disable-features`` with Playwright's features, HARNESS_FEATURES_OFF and
    ``features_off``."""
    defaults, disabled = playwrights_features_off(playwright_instance)
    merged = "--disable-features=" + ",".join([*disabled, *HARNESS_FEATURES_OFF, *features_off])
    return {
        "executable_path": str(CHROMIUM),
        "args": [*CHROMIUM_ARGS, *args, merged],
        "ignore_default_args": defaults,
        "headless": True,
    }


def launch(
    playwright_instance: Any,
    *args: str,
    features_off: tuple[str, ...] | list[str] = (),
    **options: Any,
) -> Any:
    """Debian's Chromium with the harness's arguments, ``args`` and ``features_off``."""
    return playwright_instance.chromium.launch(
        **chromium_options(playwright_instance, *args, features_off=features_off), **options
    )


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright  # noqa: PLC0415
    except ImportError:
        _unavailable("the playwright package is not installed")
    if not CHROMIUM.exists():
        _unavailable(f"{CHROMIUM} is missing (apt-get install chromium)")
    # Playwright's driver (started next, inheriting this environment) writes what each
    # Chromium prints, its renderers' last words included, to BROWSER_LOG
    if "DEBUG" not in os.environ:
        os.environ["DEBUG"] = "pw:browser"
        os.environ["DEBUG_FILE"] = str(BROWSER_LOG)
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def launch_with_features_off(playwright_instance: Any) -> Callable[..., Any]:
    """``launch_with_features_off(features, *args)``: :func:`launch`, with Chromium's
    ``features`` disabled as well as those Playwright and the harness disable."""

    def start(features: list[str], *args: str) -> Any:
        return launch(playwright_instance, *args, features_off=features)

    start.disabled_by_playwright = playwrights_features_off(playwright_instance)[1]  # type: ignore[attr-defined]
    return start


@pytest.fixture(scope="session")
def browser(playwright_instance: Any) -> Iterator[Any]:
    browser = launch(playwright_instance)
    yield browser
    browser.close()


@dataclass
class Guard:
    """What a context saw that a correct offline site must never do."""

    external: list[str] = field(default_factory=list)
    local: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    bad_responses: list[str] = field(default_factory=list)
    crashes: list[str] = field(default_factory=list)
    # The boot module asks the HTTP cache alone for the Python runtime on a repeat visit
    # (web/pyodide-boot.mjs, fetchRuntime); these contexts keep their HTTP cache in memory,
    # which cannot hold it, so the browser reports that miss (once per context: the page
    # does not ask again) and the page takes the service worker's copy.
    allowed_console: list[re.Pattern[str]] = field(
        default_factory=lambda: [re.compile(r"ERR_CACHE_MISS .*/pyodide\.asm\.wasm\?v=")]
    )

    def allow_console(self, pattern: str) -> None:
        """Tolerate console errors matching ``pattern`` (tests that provoke one on purpose)."""
        self.allowed_console.append(re.compile(pattern))

    def problems(self) -> list[str]:
        console = [
            m for m in self.console_errors if not any(p.search(m) for p in self.allowed_console)
        ]
        out: list[str] = []
        out += [f"request to another host: {u}" for u in self.external]
        out += [f"console error: {m}" for m in console]
        out += [f"uncaught page error: {m}" for m in self.page_errors]
        out += [f"failed local response: {m}" for m in self.bad_responses]
        out += [f"renderer crashed: {u}" for u in self.crashes]
        return out

    def attach(self, context: Any, *, route: bool) -> None:
        """Record (and with ``route``, abort) every non-local request of ``context``."""

        def on_route(r: Any) -> None:
            url = r.request.url
            if urlsplit(url).hostname == LOCAL_HOST:
                self.local.append(url)
                r.continue_()
            else:
                if url not in self.external:
                    self.external.append(url)
                r.abort("blockedbyclient")

        def on_request(request: Any) -> None:
            url = request.url
            if url.startswith(("http:", "https:", "ws:", "wss:", "ftp:")):
                host = urlsplit(url).hostname
                if host != LOCAL_HOST and url not in self.external:
                    self.external.append(url)
                elif host == LOCAL_HOST and not route:
                    self.local.append(url)

        def on_response(response: Any) -> None:
            if response.status >= 400:
                self.bad_responses.append(f"{response.status} {response.url}")

        if route:
            context.route("**/*", on_route)
        context.on("request", on_request)
        context.on("response", on_response)
        context.on("page", self.watch)
        for page in context.pages:  # a persistent context opens with one
            self.watch(page)

    def watch(self, page: Any) -> None:
        """Record ``page``'s console errors and uncaught errors."""
        page.set_default_timeout(ACTION_TIMEOUT_MS)

        def on_console(msg: Any) -> None:
            if msg.type == "error":
                loc = msg.location or {}
                where = loc.get("url", "")
                self.console_errors.append(f"{msg.text}" + (f" ({where})" if where else ""))

        page.on("console", on_console)
        page.on("pageerror", lambda exc: self.page_errors.append(str(exc)))

        def on_crash(crashed: Any) -> None:
            record_crash(crashed)
            self.crashes.append(RENDERER_CRASHES[-1])

        page.on("crash", on_crash)


def persistent_context(playwright_instance: Any, profile: Path) -> Any:
    """A browser context with its profile on disk at ``profile`` (a disk HTTP cache, and
    installable: the harness's contexts are incognito), service workers allowed, guarded
    like the harness's contexts (``ctx.guard``; the caller closes it and checks
    ``guard.problems()``)."""
    ctx = playwright_instance.chromium.launch_persistent_context(
        str(profile), service_workers="allow", **chromium_options(playwright_instance)
    )
    ctx.set_default_timeout(ACTION_TIMEOUT_MS)
    guard = Guard()
    guard.attach(ctx, route=False)
    ctx.guard = guard
    return ctx


@pytest.fixture
def new_context(
    browser: Any,
    request: pytest.FixtureRequest,
    serve_site: Callable[[], SiteServer],  # noqa: ARG001
) -> Iterator[Callable[..., Any]]:
    """``new_context(**playwright_options)`` -> a guarded context, closed and checked after.

    ``route=False`` (for service-worker tests) records instead of aborting; the launch flag
    ``--host-resolver-rules`` still keeps other hosts unreachable. It comes after
    ``serve_site``, so a test's private servers stop only once its contexts are closed: a
    page still open when its server stopped would fail to fetch (its service worker's
    update check, for one) and report it on the console.
    """
    made: list[tuple[Any, Guard]] = []
    device = {"viewport", "screen", "has_touch", "is_mobile", "device_scale_factor", "user_agent"}
    warm_ok = warm_enabled() and not request.node.get_closest_marker("first_visit")

    def make(*, route: bool = True, **options: Any) -> Any:
        if (
            warm_ok
            and route
            and options.get("service_workers", "block") == "block"
            and options.keys() & device
            and options.keys() <= device | {"service_workers"}
        ):
            warm: WarmProfile | None = request.getfixturevalue("warm_profile")
            if warm is not None:
                options.pop("service_workers", None)
                kept = warm.kept_device_context(**options)
                made.append((kept, kept.guard))
                return kept
        options.setdefault("service_workers", "block" if route else "allow")
        ctx = browser.new_context(**options)
        ctx.set_default_timeout(ACTION_TIMEOUT_MS)
        guard = Guard()
        guard.attach(ctx, route=route)
        ctx.guard = guard  # type: ignore[attr-defined]
        made.append((ctx, guard))
        return ctx

    yield make
    problems: list[str] = []
    for ctx, guard in made:
        if isinstance(ctx, KeptContext):
            request.getfixturevalue("warm_profile").release_device_context(ctx)
        else:
            with contextlib.suppress(Exception):
                ctx.close()
        if getattr(guard, "on_disk", False):  # its favicon request, as the warm context's
            guard.bad_responses = [r for r in guard.bad_responses if not r.endswith("/favicon.ico")]
        problems += guard.problems()
    if problems:
        pytest.fail(
            f"{request.node.nodeid}: the site misbehaved:\n  " + "\n  ".join(problems),
            pytrace=False,
        )


# --------------------------------------------------------------------------- warm pages

#: the localStorage keys that describe the browser, not a test: kept between tests
WARM_KEEP = ["cardroom.snapshot", "cardroom.runtime-not-in-http-cache"]
#: how long the first visit may take to store its snapshot
SNAPSHOT_TIMEOUT_S = 180.0

_UNREGISTER = """async () => {
    const regs = await navigator.serviceWorker.getRegistrations();
    await Promise.all(regs.map((r) => r.unregister()));
    for (const name of await caches.keys()) if (name !== 'cardroom.snapshot') await caches.delete(name);
    return { hint: localStorage.getItem('cardroom.snapshot'), caches: await caches.keys() };
}"""

# Clear what a test may have left at the site's origin (see the module's docstring).
_RESET = """async (keep) => {
    const kept = keep.map((k) => [k, localStorage.getItem(k)]).filter(([, v]) => v !== null);
    localStorage.clear();
    sessionStorage.clear();
    for (const [k, v] of kept) localStorage.setItem(k, v);
    if (indexedDB.databases) {
        for (const db of await indexedDB.databases()) {
            await new Promise((done) => {
                const q = indexedDB.deleteDatabase(db.name);
                q.onsuccess = q.onerror = q.onblocked = () => done();
            });
        }
    }
    for (const name of await caches.keys()) if (name !== 'cardroom.snapshot') await caches.delete(name);
    return { snapshot: await caches.has('cardroom.snapshot'), keys: Object.keys(localStorage) };
}"""


def warm_enabled() -> bool:
    return os.environ.get("CARDROOM_WARM", "1").strip().lower() not in ("0", "false", "no")


#: the console line of a profile on disk asking for /favicon.ico for a page that names none
FAVICON_404 = r"status of 404 .*\(http://127\.0\.0\.1:\d+/favicon\.ico\)$"

#: how many device contexts (each a Chromium of its own) a worker keeps for later tests
DEVICE_CONTEXTS_KEPT = 2

#: a context's methods whose effect outlasts the test (an init script, a route, a listener,
#: offline...): a kept device context a test called one of them on is closed after it
_LASTING = frozenset(
    {
        "add_init_script",
        "expose_binding",
        "expose_function",
        "on",
        "once",
        "route",
        "route_from_har",
        "route_web_socket",
        "set_default_navigation_timeout",
        "set_default_timeout",
        "set_extra_http_headers",
        "set_geolocation",
        "set_http_credentials",
        "set_offline",
    }
)


class KeptContext:
    """A warm device context as a test sees it (``new_context(viewport=...)``): the context
    itself for everything, but a call whose effect would outlast the test (``_LASTING``)
    marks it ``changed``, and it is then closed after the test instead of kept. (A change
    made through ``page.context`` is not seen: use the context the fixture gave.)"""

    def __init__(self, ctx: Any, key: str) -> None:
        self.ctx = ctx
        self.key = key
        self.changed = False

    def __getattr__(self, name: str) -> Any:
        if name in _LASTING:
            self.changed = True
        return getattr(self.ctx, name)


class WarmProfile:
    """The worker's warm profile (see the module's docstring): primed once, then one
    persistent context on it, reset before each test that uses it."""

    def __init__(self, playwright_instance: Any, site: SiteServer, directory: Path) -> None:
        self.playwright = playwright_instance
        self.site = site
        self.directory = directory
        self.ctx: Any = None
        self.guard = Guard()
        #: the device contexts kept for later tests, by their options (oldest first)
        self.devices: dict[str, Any] = {}
        #: the keys of those a test has now
        self.in_use: set[str] = set()
        self._prime()

    def _prime(self) -> None:
        """The first visit, with service workers allowed (the snapshot is stored only once
        the site's service worker is in place); then the service worker is unregistered and
        its caches deleted, so the profile holds the snapshot, its hint and the HTTP cache."""
        ctx = persistent_context(self.playwright, self.directory)
        try:
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            open_site(page, self.site, "/?screen=atlas")
            page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
            deadline = time.monotonic() + SNAPSHOT_TIMEOUT_S
            state = ""
            while time.monotonic() < deadline:
                state = page.evaluate("() => document.documentElement.dataset.snapshot || ''")
                if state in ("stored", "failed"):
                    break
                time.sleep(0.25)
            if state != "stored":
                raise RuntimeError(f"the warm profile's first visit stored no snapshot ({state!r})")
            # An unregistered service worker runs on until its page goes: one still
            # fetching the rest of the site (a loaded machine) opens its cache again after
            # it was deleted. Delete it again until none comes back.
            left = page.evaluate(_UNREGISTER)
            deadline = time.monotonic() + 15
            while time.monotonic() < deadline:
                time.sleep(0.5)
                again = page.evaluate(_UNREGISTER)
                settled = left["caches"] == again["caches"] == ["cardroom.snapshot"]
                left = again
                if settled:
                    break
            if not left["hint"] or left["caches"] != ["cardroom.snapshot"]:
                raise RuntimeError(f"the warm profile is not as expected: {left}")
        finally:
            ctx.close()
        if ctx.guard.problems():
            raise RuntimeError("the warm profile's first visit: " + "; ".join(ctx.guard.problems()))
        # the primed profile, kept as it is for the device contexts' copies
        self.template = self.directory.with_name(self.directory.name + "-template")
        shutil.copytree(self.directory, self.template, ignore=shutil.ignore_patterns("Singleton*"))

    def _open(self) -> Any:
        ctx = self.playwright.chromium.launch_persistent_context(
            str(self.directory), service_workers="block", **chromium_options(self.playwright)
        )
        ctx.set_default_timeout(ACTION_TIMEOUT_MS)
        self.guard = Guard()
        self.guard.attach(ctx, route=False)
        ctx.guard = self.guard
        ctx.on("close", lambda _ctx: setattr(self, "ctx", None))
        return ctx

    def device_context(
        self,
        copy: Path,
        *,
        features_off: tuple[str, ...] | list[str] = (),
        args: tuple[str, ...] | list[str] = (),
        **options: Any,
    ) -> Any:
        """A warm context with device ``options`` (viewport, touch...): a persistent context
        on ``copy``, a fresh copy of the primed profile, guarded as the warm context is; its
        Chromium has ``features_off`` disabled too and ``args`` (:func:`chromium_options`)."""
        shutil.copytree(self.template, copy)
        ctx = self.playwright.chromium.launch_persistent_context(
            str(copy),
            service_workers="block",
            **chromium_options(self.playwright, *args, features_off=features_off),
            **options,
        )
        ctx.set_default_timeout(ACTION_TIMEOUT_MS)
        guard = Guard()
        guard.attach(ctx, route=False)
        # a profile on disk asks for /favicon.ico for a page that names none (see below)
        guard.allow_console(FAVICON_404)
        guard.on_disk = True  # type: ignore[attr-defined]
        ctx.guard = guard
        return ctx

    def _clean(self, ctx: Any) -> None:
        """Clean ``ctx`` (the warm context or a kept device context) for the next test: no
        pages, no cookies or permissions, the site's storage cleared (but the snapshot)."""
        for page in list(ctx.pages):
            with contextlib.suppress(Exception):
                page.close()
        ctx.clear_cookies()
        ctx.clear_permissions()
        blank = ctx.new_page()
        try:
            blank.route(
                self.site.url("/__warm_reset__"),
                lambda r: r.fulfill(status=200, content_type="text/html", body="<!doctype html>"),
            )
            blank.goto(self.site.url("/__warm_reset__"))
            left = blank.evaluate(_RESET, WARM_KEEP)
        finally:
            blank.close()
        if not left["snapshot"] or "cardroom.snapshot" not in left["keys"]:
            raise RuntimeError(f"the warm profile lost its snapshot: {left}")

    def context_for_test(self) -> Any:
        """The warm context, clean: no pages, a new guard, the site's storage cleared."""
        if self.ctx is None:
            self.ctx = self._open()
        ctx = self.ctx
        self._clean(ctx)
        # a new guard for this test (the listeners read its lists when they fire)
        self.guard.__init__()  # type: ignore[misc]
        # A profile on disk (not an incognito context) asks for /favicon.ico for a page
        # that names no icon, such as a test's own host page; the site has none there.
        self.guard.allow_console(FAVICON_404)
        return ctx

    def own_device_context(
        self,
        *,
        features_off: tuple[str, ...] | list[str] = (),
        args: tuple[str, ...] | list[str] = (),
        **options: Any,
    ) -> Any:
        """A warm device context of its own (a Chromium of its own, never kept: the caller
        closes it; its profile's copy is removed then), with ``features_off`` and Chromium
        ``args`` (a fake camera's, for one)."""
        copy = Path(tempfile.mkdtemp(prefix="warm-device-")) / "profile"
        ctx = self.device_context(copy, features_off=features_off, args=args, **options)
        ctx.on("close", lambda _c: shutil.rmtree(copy.parent, ignore_errors=True))
        return ctx

    def kept_device_context(self, **options: Any) -> Any:
        """A warm device context with ``options`` for a test: one kept from an earlier test
        with the very same options, cleaned as the warm context is, else a new one
        (:meth:`device_context`). At most DEVICE_CONTEXTS_KEPT are kept, the least recently
        used closed first. Its teardown is :meth:`release_device_context`."""
        key = repr(sorted(options.items()))
        if key in self.in_use:  # a second device alike in the same test: one of its own
            kept = KeptContext(self.own_device_context(**options), key)
            kept.changed = True  # closed after the test, never kept
            return kept
        ctx = self.devices.pop(key, None)
        if ctx is not None:
            try:
                self._clean(ctx)
            except Exception:  # noqa: BLE001 - a context that cannot be cleaned: a new one
                with contextlib.suppress(Exception):
                    ctx.close()
                ctx = None
        if ctx is None:
            ctx = self.own_device_context(**options)
            ctx.on("close", lambda c, k=key: self.devices.get(k) is c and self.devices.pop(k))
        else:
            ctx.guard.__init__()
            ctx.guard.allow_console(FAVICON_404)
        self.devices[key] = ctx
        for old in [k for k in self.devices if k not in self.in_use and k != key]:
            if len(self.devices) <= DEVICE_CONTEXTS_KEPT:
                break
            with contextlib.suppress(Exception):
                self.devices.pop(old).close()
        self.in_use.add(key)
        return KeptContext(ctx, key)

    def release_device_context(self, kept: KeptContext) -> None:
        """After the test: close its pages, and the context itself if the test changed it
        for good (an init script, a route...: :class:`KeptContext`)."""
        ctx = kept.ctx
        if not kept.changed or self.devices.get(kept.key) is ctx:
            self.in_use.discard(kept.key)
        if kept.changed:
            with contextlib.suppress(Exception):
                ctx.close()
            return
        for page in list(ctx.pages):
            with contextlib.suppress(Exception):
                page.close()

    def after_test(self) -> list[str]:
        """Close the test's pages; what the guard saw (but the favicon, above)."""
        if self.ctx is not None:
            for page in list(self.ctx.pages):
                with contextlib.suppress(Exception):
                    page.close()
        self.guard.bad_responses = [
            r for r in self.guard.bad_responses if not r.endswith("/favicon.ico")
        ]
        return self.guard.problems()

    def close(self) -> None:
        for ctx in list(self.devices.values()):
            with contextlib.suppress(Exception):
                ctx.close()
        if self.ctx is not None:
            with contextlib.suppress(Exception):
                self.ctx.close()


@pytest.fixture(scope="session")
def warm_profile(
    playwright_instance: Any, site: SiteServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[WarmProfile | None]:
    """The worker's warm profile, or None (with a warning) if its first visit could not
    store a snapshot: the tests then run on fresh contexts, and test_snapshot.py says
    what is wrong with the snapshot."""
    try:
        warm = WarmProfile(playwright_instance, site, tmp_path_factory.mktemp("warm-profile"))
    except Exception as exc:  # noqa: BLE001 - any failure: fresh contexts instead
        warnings.warn(f"no warm profile, every page starts Python: {exc}", stacklevel=1)
        yield None
        return
    yield warm
    warm.close()


@pytest.fixture
def context(request: pytest.FixtureRequest) -> Iterator[Any]:
    """A context for the test: the warm profile's (see the module's docstring), or a fresh
    one for a test marked ``first_visit`` (or with ``CARDROOM_WARM=0``)."""
    if request.node.get_closest_marker("first_visit") or not warm_enabled():
        yield request.getfixturevalue("new_context")()
        return
    warm: WarmProfile | None = request.getfixturevalue("warm_profile")
    if warm is None:
        yield request.getfixturevalue("new_context")()
        return
    yield warm.context_for_test()
    problems = warm.after_test()
    if problems:
        pytest.fail(
            f"{request.node.nodeid}: the site misbehaved:\n  " + "\n  ".join(problems),
            pytrace=False,
        )


@pytest.fixture
def page(context: Any) -> Any:
    return context.new_page()
