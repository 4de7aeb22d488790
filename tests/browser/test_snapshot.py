"""Python starts in a worker on a first visit and its heap is handed to the page; repeat
visits start Python from a memory snapshot; anything wrong with the snapshot falls back to
the first visit's start, silently, and the bad snapshot is deleted; a worker that cannot
start leaves the page to start Python itself.

One browser context walks through each case in turn (each Pyodide start costs seconds):
first visit (Python from the worker, its snapshot stored once the screen is interactive),
second visit (restored from the snapshot), offline visit (restored, with the server gone),
a snapshot from another build, one with damaged bytes, one with a wrong size, a worker
that cannot load, and the first-visit hint out of step with Cache Storage."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import READY_TIMEOUT_MS, expect_card, open_site, wait_ready
from conftest import persistent_context

pytestmark = pytest.mark.browser

SNAPSHOT_TIMEOUT_S = 180.0

_STORED = """async () => {
    if (!(await caches.has('cardroom.snapshot'))) return null;
    const c = await caches.open('cardroom.snapshot');
    const keys = await c.keys();
    if (keys.length !== 1) return {entries: keys.length};
    const r = await c.match(keys[0]);
    const bytes = new Uint8Array(await r.arrayBuffer());
    const d = await crypto.subtle.digest('SHA-256', bytes);
    const hex = [...new Uint8Array(d)].map(b => b.toString(16).padStart(2, '0')).join('');
    return {
        entries: 1, bytes: bytes.length, key: r.headers.get('x-snapshot-key'),
        heap: Number(r.headers.get('x-snapshot-bytes')),
        intact: hex === r.headers.get('x-snapshot-sha256'),
    };
}"""

# Rewrite the stored snapshot: ``how`` is "key" (another build's key), "bytes" (damage
# the bytes in the middle, keeping the recorded digest) or "size" (a heap size that does
# not fit the stored page map).
_TAMPER = """async (how) => {
    const c = await caches.open('cardroom.snapshot');
    const [req] = await c.keys();
    const r = await c.match(req);
    const bytes = new Uint8Array(await r.arrayBuffer());
    const headers = new Headers(r.headers);
    if (how === 'key') {
        headers.set('x-snapshot-key', 'another-build ' + headers.get('x-snapshot-key'));
    } else if (how === 'size') {
        headers.set('x-snapshot-bytes', String(Number(headers.get('x-snapshot-bytes')) + 65536));
    } else {
        for (let i = 0; i < 4096; i++) bytes[(bytes.length >> 1) + i] ^= 0x5a;
    }
    await c.put(req, new Response(bytes, {headers}));
    return true;
}"""


_HINT = "() => localStorage.getItem('cardroom.snapshot')"

# Who read the stored snapshot: "worker" (its reader) or "page".
_READ_BY = """() => {
    const [mark] = performance.getEntriesByName('cardroom:snapshot-read', 'mark');
    return mark ? mark.detail.by : null;
}"""


def _wait_snapshot(page: Any) -> dict[str, Any]:
    deadline = time.monotonic() + SNAPSHOT_TIMEOUT_S
    while time.monotonic() < deadline:
        state = page.evaluate("() => document.documentElement.dataset.snapshot || ''")
        assert state != "failed", "the snapshot could not be made"
        if state == "stored":
            stored = page.evaluate(_STORED)
            assert stored and stored["entries"] == 1 and stored["intact"], stored
            return stored
        time.sleep(0.5)
    raise AssertionError("no snapshot was stored after the first visit")


def _boot_path(page: Any) -> str:
    marks = page.evaluate(
        "() => performance.getEntriesByType('mark').map(m => m.name)"
        ".filter(n => n.startsWith('cardroom:boot-'))"
    )
    path = page.evaluate("() => document.documentElement.dataset.boot")
    assert marks == [f"cardroom:boot-{path}"], (marks, path)
    return path


# The progress bar's steps, in the order the page announced them (web/boot.js listens).
_STEPS_INIT = """
window.__steps = [];
addEventListener('cardroom:progress', (e) => window.__steps.push(e.detail.step));
"""


def _steps(page: Any) -> list[str]:
    steps = page.evaluate("() => window.__steps")
    return [s for i, s in enumerate(steps) if i == 0 or steps[i - 1] != s]


# How the page got the runtime (pyodide.asm.wasm?v=...): whether a response came from the
# HTTP cache, and whether the page noted that its HTTP cache did not have it.
_RUNTIME = """() => ({
    // fetched by the page, or compiled by the snapshot's reader (which says how it came)
    fromHttpCache: performance.getEntriesByType('resource').some(
        (e) => e.name.includes('/pyodide.asm.wasm?v=') && e.deliveryType === 'cache') ||
        performance.getEntriesByName('cardroom:runtime-compiled').some(
            (m) => m.detail && m.detail.delivery === 'cache'),
    byReader: performance.getEntriesByName('cardroom:runtime-compiled').length,
    missed: localStorage.getItem('cardroom.runtime-not-in-http-cache'),
})"""


def test_repeat_visits_restore_python_from_a_snapshot(new_context: Any, serve_site: Any) -> None:
    context = new_context(route=False, service_workers="allow")
    context.add_init_script(_STEPS_INIT)
    server = serve_site()
    page = context.new_page()

    # First visit: Python starts in the worker (created by the page's first script) and
    # its heap is restored here; once interactive, the worker stores the snapshot.
    open_site(page, server, "/?screen=atlas")
    assert _boot_path(page) == "worker"
    assert page.evaluate("() => window.cardroomWorker === null")  # taken over by the boot
    # loading the runtime, then the worker's word that Python is starting, then opening
    assert _steps(page) == ["runtime", "python", "open"], _steps(page)
    page.locator('[data-state="OH"]').click()
    expect_card(page, "OH")
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    stored = _wait_snapshot(page)
    assert stored["heap"] > 20_000_000, stored  # a whole Python heap
    assert 5_000_000 < stored["bytes"] < stored["heap"], stored  # stored without empty pages
    assert "pyodide/" in stored["key"] and "Chrome" in stored["key"]
    assert page.evaluate(_HINT) == stored["key"]  # the next visit starts no worker
    # every module named for the snapshot is in it (the worker names any that failed)
    assert page.evaluate("() => document.documentElement.dataset.snapshotMissing") is None

    # Second visit: restored from the snapshot, and the screen works.
    page.reload(wait_until="load")
    wait_ready(page)
    assert _boot_path(page) == "snapshot"
    assert page.evaluate("() => document.documentElement.dataset.snapshot") is None
    assert _steps(page) == ["restore", "open"], _steps(page)  # restoring: a step of its own
    assert page.evaluate(_READ_BY) == "worker"  # read and checked off the page's thread
    # This context's HTTP cache is in memory and cannot hold the runtime: the page noted the
    # miss (and will not ask again) and took the service worker's copy.
    runtime = page.evaluate(_RUNTIME)
    assert not runtime["fromHttpCache"], runtime
    assert "/pyodide.asm.wasm?v=" in runtime["missed"], runtime
    page.locator('[data-state="OH"]').click()
    expect_card(page, "OH")
    assert page.evaluate(
        "() => performance.getEntriesByName('cardroom:restore-start', 'mark').length"
    )

    # Offline: no server, no HTTP cache; the service worker and the snapshot suffice.
    server.stop()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.clearBrowserCache")
    cdp.detach()
    page.goto(server.url("/?screen=atlas&state=VT"), wait_until="load", timeout=READY_TIMEOUT_MS)
    wait_ready(page)
    assert _boot_path(page) == "snapshot"
    assert page.evaluate(_READ_BY) == "worker"
    expect_card(page, "VT")
    page.locator('[data-state="NM"]').click()
    expect_card(page, "NM")


def test_a_snapshot_from_another_build_or_with_damaged_bytes_falls_back(
    new_context: Any, serve_site: Any
) -> None:
    """Each damage in turn (another build's key, damaged bytes, a wrong size) on the
    snapshot the visit before stored: the reload starts as a first visit, and its worker
    stores a good snapshot in place of the bad one (the next damage's)."""
    context = new_context(route=False, service_workers="allow")
    server = serve_site()
    page = context.new_page()
    open_site(page, server, "/?screen=atlas")
    before = _wait_snapshot(page)
    for damage, state in (("key", "TX"), ("bytes", "OK"), ("size", "NM")):
        assert page.evaluate(_TAMPER, damage)
        tampered = page.evaluate(_STORED)
        if damage == "key":
            assert tampered["key"] != before["key"] and tampered["intact"], damage
        elif damage == "size":
            assert tampered["heap"] != before["heap"] and tampered["intact"], damage
        else:
            assert tampered["key"] == before["key"] and not tampered["intact"], damage

        page.reload(wait_until="load")
        wait_ready(page)  # no visible error: the page starts as on a first visit
        assert _boot_path(page) == "worker", damage
        assert page.evaluate("() => document.querySelector('.loader.failed') === null")
        page.locator(f'[data-state="{state}"]').click()
        expect_card(page, state)
        # The bad snapshot is gone: this visit's worker stores a good one in its place.
        now = _wait_snapshot(page)
        assert now["key"] == before["key"] and now["heap"] == before["heap"], (damage, now)


def test_a_page_that_cannot_start_the_snapshots_reader_reads_it_itself(
    new_context: Any, serve_site: Any
) -> None:
    """The stored snapshot's reader is a worker made from a blob: where the browser refuses
    it, the page reads and checks the snapshot itself, and still restores from it."""
    context = new_context(route=False, service_workers="allow")
    context.add_init_script(
        """(() => {
            const Real = window.Worker;
            window.Worker = function (url, options) {
                if (String(url).startsWith('blob:')) throw new DOMException('refused', 'SecurityError');
                return new Real(url, options);
            };
        })();"""
    )
    server = serve_site()
    page = context.new_page()
    open_site(page, server, "/?screen=atlas")
    assert _boot_path(page) == "worker"
    _wait_snapshot(page)
    page.reload(wait_until="load")
    wait_ready(page)
    assert _boot_path(page) == "snapshot"
    assert page.evaluate(_READ_BY) == "page"
    page.locator('[data-state="ME"]').click()
    expect_card(page, "ME")


# The importers of the zips on the import path (the package's, the standard library's),
# by class name.
_ZIP_IMPORTERS = """
import sys, json
json.dumps({
    e: type(sys.path_importer_cache[e]).__name__
    for e in sys.path if e.endswith(".zip") and e in sys.path_importer_cache
})
"""


def test_a_worker_that_cannot_load_leaves_the_page_to_start_python(
    new_context: Any, serve_site: Any
) -> None:
    context = new_context(route=False, service_workers="allow")
    server = serve_site()
    page = context.new_page()
    page.route("**/snapshot-worker.mjs", lambda route: route.fulfill(status=404, body="gone"))
    open_site(page, server, "/?screen=atlas&state=ME")
    assert _boot_path(page) == "fresh"
    assert page.evaluate("() => document.querySelector('.loader.failed') === null")
    # with no worker, the page makes its zips import each module once itself
    importers = page.evaluate(
        "async (code) => JSON.parse((await (await import('./pyodide-boot.mjs')).start())"
        ".runPython(code))",
        _ZIP_IMPORTERS,
    )
    assert "/lib/cardroom.zip" in importers and len(importers) >= 2, importers
    assert set(importers.values()) == {"PrecompiledZip"}, importers
    expect_card(page, "ME")
    page.locator('[data-state="NV"]').click()
    expect_card(page, "NV")
    assert page.evaluate("() => document.documentElement.dataset.snapshot") == "failed"
    assert page.evaluate(_STORED) is None
    assert page.evaluate(_HINT) is None
    # the card's flag and icon load, and the service worker's precache is done, before the
    # server stops (at teardown)
    page.wait_for_load_state("networkidle")
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")


def test_a_repeat_visit_takes_the_runtime_from_the_http_cache(
    playwright_instance: Any, serve_site: Any, tmp_path: Path
) -> None:
    """In a browser profile on disk (as a normal window has), the first visit's worker leaves
    the runtime in the HTTP cache under its versioned address, and the repeat visit takes it
    from there, not through the service worker, so V8 reuses the code it compiled."""
    server = serve_site()

    def visit() -> tuple[Any, Any]:
        context = persistent_context(playwright_instance, tmp_path / "profile")
        return context, context.pages[0] if context.pages else context.new_page()

    context, page = visit()
    try:
        open_site(page, server, "/?screen=atlas")
        assert _boot_path(page) == "worker"
        page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
        _wait_snapshot(page)
    finally:
        context.close()
    assert not context.guard.problems(), context.guard.problems()

    context, page = visit()
    try:
        open_site(page, server, "/?screen=atlas")
        assert _boot_path(page) == "snapshot"
        runtime = page.evaluate(_RUNTIME)
        # compiled by the snapshot's reader, off the page's thread
        assert runtime == {"fromHttpCache": True, "byReader": 1, "missed": None}, runtime
        page.locator('[data-state="AZ"]').click()
        expect_card(page, "AZ")
    finally:
        context.close()
    assert not context.guard.problems(), context.guard.problems()


# The page's first WebAssembly.instantiate() of the compiled runtime (the worker's, on the
# hand-over) fails.
_INSTANTIATE_FAILS_ONCE = """
(() => {
    const real = WebAssembly.instantiate;
    WebAssembly.instantiate = function (source, imports) {
        // (Pyodide instantiates small helper modules too: only the runtime, with its
        // thousands of exports, is refused.)
        if (!window.__instantiateFailed && source instanceof WebAssembly.Module &&
                WebAssembly.Module.exports(source).length > 1000) {
            window.__instantiateFailed = true;
            return Promise.reject(new Error('this test: cannot instantiate it'));
        }
        return real.apply(this, arguments);
    };
})();
"""


def test_a_handed_over_runtime_that_cannot_be_instantiated_is_fetched_instead(
    new_context: Any, serve_site: Any
) -> None:
    """The worker's compiled runtime failing to instantiate on the page: the page fetches
    the runtime itself and still restores the worker's interpreter."""
    context = new_context(route=False, service_workers="allow")
    context.add_init_script(_INSTANTIATE_FAILS_ONCE)
    server = serve_site()
    page = context.new_page()
    open_site(page, server, "/?screen=atlas&state=OR")
    assert page.evaluate("() => window.__instantiateFailed === true")
    assert _boot_path(page) == "worker"
    expect_card(page, "OR")
    page.locator('[data-state="ID"]').click()
    expect_card(page, "ID")
    page.wait_for_load_state("networkidle")


# Python's initial memory (30 MiB): a heap taken after it grew is larger.
_INITIAL_MEMORY = 30 << 20
# Ballast the worker's Python holds from before its first snapshot on: its memory grows past
# the initial size (as a large import, networkx say, makes it grow).
_BALLAST = (
    'pyodide.runPython("import builtins\\nbuiltins._cardroom_ballast = bytearray(24 << 20)");\n'
)


# A stored snapshot restored in place (pyodide-boot.mjs restoreInPlace), on a stand-in for
# Pyodide's module whose memory is smaller than the heap and full of 0xAA: a snapshot of a
# 128-byte header and a heap of data pages, empty pages and a last partial page, packed
# here independently of the site's code. Returns what went where, and the errors for a
# packed body one byte short, one byte long, a size that does not fit its page map and a
# damaged header.
_IN_PLACE = """async () => {
    const { restoreInPlace } = await import('./pyodide-boot.mjs');
    const PAGE = 4096, HEADER = 128;
    const size = HEADER + 9 * PAGE + 300;
    const snap = new Uint8Array(size);
    const words = new Uint32Array(snap.buffer, 0, 4);
    words[0] = 0x706f6e79; words[1] = HEADER; words[2] = 7;
    for (let i = 16; i < HEADER; i++) snap[i] = i;
    const heap = (i) => HEADER + i; // the heap's byte i in the snapshot
    for (let i = 0; i < 9 * PAGE + 300; i++) {
        const page = Math.floor(heap(i) / PAGE);
        if (page !== 2 && page !== 3 && page !== 6) snap[heap(i)] = (i * 7 + 3) & 255;
    }
    const pack = (bytes) => {
        const pages = Math.ceil(bytes.length / PAGE);
        const map = new Uint8Array(Math.ceil(pages / 8));
        const kept = [];
        for (let p = 0; p < pages; p++) {
            const page = bytes.subarray(p * PAGE, Math.min((p + 1) * PAGE, bytes.length));
            if (page.some((b) => b !== 0)) { map[p >> 3] |= 1 << (p & 7); kept.push(page); }
        }
        const out = new Uint8Array(map.length + kept.reduce((n, k) => n + k.length, 0));
        out.set(map);
        let at = map.length;
        for (const k of kept) { out.set(k, at); at += k.length; }
        return out.buffer;
    };
    const fake = (initial) => {
        const m = { HEAPU8: new Uint8Array(initial).fill(0xaa), given: null };
        m.growMemory = (n) => {
            const grown = new Uint8Array(Math.ceil(n / 65536) * 65536).fill(0xaa);
            grown.set(m.HEAPU8);
            m.HEAPU8 = grown;
            return 1;
        };
        m.API = { restoreSnapshot(t) { m.given = Array.from(t); return 'config'; } };
        return m;
    };
    const m = fake(5 * PAGE);
    const original = m.API.restoreSnapshot;
    await restoreInPlace(m, pack(snap), size);
    const replaced = m.API.restoreSnapshot !== original;
    const config = m.API.restoreSnapshot(new Uint8Array(0));
    const wrong = [];
    for (let i = 0; i < size - HEADER; i++) if (m.HEAPU8[i] !== snap[heap(i)]) wrong.push(i);
    let beyond = true;
    for (let i = size - HEADER; i < m.HEAPU8.length; i++) beyond &&= m.HEAPU8[i] === 0xaa;
    const fails = async (packed, n) => {
        try { await restoreInPlace(fake(PAGE), packed, n); return null; } catch (e) { return e.message; }
    };
    const whole = new Uint8Array(pack(snap));
    const badHeader = snap.slice(); badHeader[4] = 6;
    const longer = new Uint8Array(whole.length + 1); longer.set(whole);
    return {
        replaced, config, restoredAfter: m.API.restoreSnapshot === original,
        header: JSON.stringify(m.given) === JSON.stringify(Array.from(snap.subarray(0, HEADER))),
        wrong: wrong.length, beyond, grown: m.HEAPU8.length >= size - HEADER,
        emptyPagesStored: whole.length < size,
        short: await fails(whole.slice(0, -1).buffer, size),
        long: await fails(longer.buffer, size),
        size: await fails(whole.buffer, size + PAGE),
        badHeader: await fails(pack(badHeader), size),
    };
}"""


def test_a_stored_snapshot_goes_straight_into_the_runtimes_memory(page: Any, site: Any) -> None:
    """restoreInPlace writes every byte of the heap where Pyodide would have copied it
    (zeros over whatever the memory held, the memory grown to fit), hands Pyodide the
    header alone, and refuses a body that does not fit its page map or header."""
    # (the warm page: these are the boot module's functions, on stand-ins for Pyodide's)
    open_site(page, site, "/?screen=atlas")
    page.wait_for_load_state("networkidle")  # PyScript, which loads after ready
    got = page.evaluate(_IN_PLACE)
    assert got["replaced"] and got["restoredAfter"] and got["config"] == "config", got
    assert got["header"], "Pyodide was not handed the snapshot's header"
    assert got["wrong"] == 0, got
    assert got["beyond"] and got["grown"] and got["emptyPagesStored"], got
    assert "shorter than its page map" in (got["short"] or ""), got
    assert "longer than its page map" in (got["long"] or ""), got
    assert got["size"] and got["badHeader"] and "header" in got["badHeader"], got


# The worker's heap copied in (pyodide-boot.mjs copyInSlices), on a stand-in for Pyodide's
# module: a snapshot of a 64-byte header and a heap of 3.5 MiB (several slices), into a
# memory of 4 MiB full of 0xAA.
_COPY_IN_SLICES = """async () => {
    const { copyInSlices } = await import('./pyodide-boot.mjs');
    const HEADER = 64, HEAP = 3.5 * 1024 * 1024;
    const snap = new Uint8Array(HEADER + HEAP);
    new Uint32Array(snap.buffer, 0, 2)[1] = HEADER;
    for (let i = 8; i < HEADER; i++) snap[i] = i;
    for (let i = HEADER; i < snap.length; i++) snap[i] = (i * 13 + 5) & 255;
    const m = { HEAPU8: new Uint8Array(4 * 1024 * 1024).fill(0xaa), given: null };
    m.API = { restoreSnapshot(t) { m.given = t.length; return 'config'; } };
    const original = m.API.restoreSnapshot;
    await copyInSlices(m, snap);
    const config = m.API.restoreSnapshot(snap);
    let wrong = 0;
    for (let i = 0; i < HEAP; i++) if (m.HEAPU8[i] !== snap[HEADER + i]) wrong += 1;
    let beyond = true;
    for (let i = HEAP; i < m.HEAPU8.length; i++) beyond &&= m.HEAPU8[i] === 0xaa;
    return { config, given: m.given, wrong, beyond, restoredAfter: m.API.restoreSnapshot === original };
}"""


def test_the_workers_heap_is_copied_in_before_python_resumes(page: Any, site: Any) -> None:
    """copyInSlices puts every byte of the handed heap where Pyodide would have copied it,
    and Pyodide's restoreSnapshot is then handed the header alone (no second copy)."""
    # (the warm page: these are the boot module's functions, on stand-ins for Pyodide's)
    open_site(page, site, "/?screen=atlas")
    page.wait_for_load_state("networkidle")  # PyScript, which loads after ready
    got = page.evaluate(_COPY_IN_SLICES)
    assert got == {
        "config": "config",
        "given": 64,
        "wrong": 0,
        "beyond": True,
        "restoredAfter": True,
    }, got


def test_a_heap_larger_than_the_runtimes_initial_memory_is_restored(
    new_context: Any, serve_site: Any
) -> None:
    """The worker's Python grew its memory before the hand-over and before the snapshot it
    stored: the page grows its own to match, on the hand-over and on the repeat visit,
    instead of failing to copy the heap in and starting Python all over again."""
    context = new_context(route=False, service_workers="allow")
    server = serve_site()
    page = context.new_page()

    def with_ballast(route: Any) -> None:
        response = route.fetch()
        script = response.text()
        anchor = "  const heap = pyodide.makeMemorySnapshot();"
        assert script.count(anchor) == 1, "the worker's hand-over has moved"
        # (with the response's headers: the page is cross-origin isolated)
        route.fulfill(response=response, body=script.replace(anchor, "  " + _BALLAST + anchor))

    page.route("**/snapshot-worker.mjs", with_ballast)
    open_site(page, server, "/?screen=atlas&state=KS")
    assert _boot_path(page) == "worker"
    expect_card(page, "KS")
    stored = _wait_snapshot(page)
    assert stored["heap"] > _INITIAL_MEMORY + (20 << 20), stored
    page.close()  # (a reload, with both pages' 50-60 MB heaps in one renderer, can crash it)

    page = context.new_page()
    open_site(page, server, "/?screen=atlas")
    assert _boot_path(page) == "snapshot"
    page.locator('[data-state="NE"]').click()
    expect_card(page, "NE")
    page.wait_for_load_state("networkidle")


# Which of the package's modules the repeat visit's interpreter holds compiled ahead
# (cardroom.web.platform.bytecode), and which of its imported modules came from there.
_PRECOMPILED = """
import sys
from cardroom.web.platform.bytecode import PrecompiledZip
held = sorted(
    name
    for importer in sys.path_importer_cache.values()
    if isinstance(importer, PrecompiledZip)
    for name in importer.codes
)
loaded = sorted(
    name
    for name, module in sys.modules.items()
    if isinstance(getattr(module, "__loader__", None), PrecompiledZip)
)
[held, loaded]
"""


def _precompiled(page: Any) -> tuple[list[str], list[str]]:
    """The page's modules compiled ahead: those still held, those imported from them."""
    held, loaded = page.evaluate(
        "async (code) => (await (await import('./pyodide-boot.mjs')).start())"
        ".runPython(code).toJs()",
        _PRECOMPILED,
    )
    return held, loaded


# Finding a module's spec, as an import does first, with compile() refused: the origin of
# a module compiled ahead is named without compiling it (PrecompiledZip.get_filename), and
# the code is still held for its import.
_FIND_WITHOUT_COMPILING = """
import builtins, importlib.util, sys
from cardroom.web.platform.bytecode import PrecompiledZip

def refuse(source, filename, *args, **kwargs):
    raise AssertionError(f"compiled {filename}")

real, builtins.compile = builtins.compile, refuse
try:
    spec = importlib.util.find_spec(NAME)
finally:
    builtins.compile = real
held = any(NAME in i.codes for i in sys.path_importer_cache.values() if isinstance(i, PrecompiledZip))
[spec.origin, held]
"""


def test_a_games_link_imports_its_screens_modules_compiled_by_the_worker_then_the_snapshot(
    new_context: Any, serve_site: Any
) -> None:
    """On a first visit the worker compiles the modules of the screen the link opens before
    it hands Python over (and no other screen's): the page imports them without compiling.
    The snapshot holds every screen's modules compiled (not run): on the repeat visit a
    game's link imports its table kit, hand and screen from there after the restore, and
    the other screens' code stays there until their link is opened."""
    context = new_context(route=False, service_workers="allow")
    server = serve_site()
    page = context.new_page()
    link = "/?game=border-up&level=2&mode=bot&seed=5&autostart=1"
    screen = {
        "cardroom.web.games.border_up.screen",
        "cardroom.web.kit.table",
        "cardroom.web.kit.hand",
    }
    others = {"cardroom.web.games.sequence.screen", "cardroom.web.games.tricks.screen"}
    # the first visit: compiled by the worker
    open_site(page, server, link)
    assert _boot_path(page) == "worker"
    held, loaded = _precompiled(page)
    assert screen | {"pyscript.web"} <= set(loaded), loaded
    assert not others & set(held), held
    page.locator("[data-card]").first.wait_for()  # the table is dealt
    _wait_snapshot(page)
    page.close()

    # the repeat visit: from the snapshot
    page = context.new_page()
    open_site(page, server, link)
    assert _boot_path(page) == "snapshot"
    held, loaded = _precompiled(page)
    assert screen <= set(loaded), loaded
    assert "pyscript.web" in loaded, loaded
    assert not screen & set(held), held  # handed out once
    assert others <= set(held), held
    origin, still_held = page.evaluate(
        "async (code) => (await (await import('./pyodide-boot.mjs')).start())"
        ".runPython(code).toJs()",
        _FIND_WITHOUT_COMPILING.replace("NAME", repr("cardroom.web.games.sequence.screen")),
    )
    assert origin.endswith("/cardroom/web/games/sequence/screen.py") and still_held, origin
    page.locator("[data-card]").first.wait_for()  # the table is dealt


def test_the_first_visit_hint_only_saves_waiting(new_context: Any, serve_site: Any) -> None:
    """The hint (localStorage) says a snapshot is stored; Cache Storage decides."""
    context = new_context(route=False, service_workers="allow")
    server = serve_site()
    page = context.new_page()
    open_site(page, server, "/?screen=atlas")
    stored = _wait_snapshot(page)

    # The hint gone, the snapshot kept: the worker starts early, the snapshot is restored
    # all the same and the worker is stopped.
    page.evaluate("() => localStorage.removeItem('cardroom.snapshot')")
    page.reload(wait_until="load")
    wait_ready(page)
    assert _boot_path(page) == "snapshot"
    assert page.evaluate(_HINT) == stored["key"]
    assert page.evaluate("() => document.documentElement.dataset.snapshot") == ""

    # The snapshot gone, the hint kept: no early worker, but one all the same once Cache
    # Storage has said there is nothing to restore.
    page.evaluate("() => caches.delete('cardroom.snapshot')")
    page.reload(wait_until="load")
    wait_ready(page)
    assert _boot_path(page) == "worker"
    page.locator('[data-state="KS"]').click()
    expect_card(page, "KS")
    assert _wait_snapshot(page)["key"] == stored["key"]


# An asyncio step, as the page's own code runs them (the two-device link's, for one): with
# JSPI, Pyodide would run it on a stack-switching stack, where run_sync is possible.
_ASYNC_STEP = """
import asyncio
from pyodide.ffi import can_run_sync

async def _step():
    await asyncio.sleep(0)
    return can_run_sync()

await asyncio.ensure_future(_step())
"""


def _jspi(page: Any) -> dict[str, Any]:
    return page.evaluate(
        """async (code) => {
            const py = await (await import('./pyodide-boot.mjs')).start();
            return {
                suspending: "Suspending" in WebAssembly,
                promising: "promising" in WebAssembly,
                runSync: await py.runPythonAsync(code),
            };
        }""",
        _ASYNC_STEP,
    )


def test_python_never_runs_on_a_stack_switching_stack(new_context: Any, serve_site: Any) -> None:
    """No JSPI for Pyodide on the page (pyodide-boot.mjs says why: Chromium's heap profiler
    crashes a tab whose allocation it samples on such a stack), on a first visit (Python
    from the worker) and on a repeat visit (from the snapshot): an asyncio step cannot
    run_sync, and the browser's JSPI is hidden from the page."""
    context = new_context(route=False, service_workers="allow")
    server = serve_site()
    page = context.new_page()
    open_site(page, server, "/?game=border-up&level=2&mode=local&seed=3")
    assert _boot_path(page) == "worker"
    assert _jspi(page) == {"suspending": False, "promising": False, "runSync": False}
    _wait_snapshot(page)
    page.reload(wait_until="load")
    wait_ready(page)
    assert _boot_path(page) == "snapshot"
    assert _jspi(page) == {"suspending": False, "promising": False, "runSync": False}
    page.get_by_role("button", name="Start").click()  # and the game still plays
    page.wait_for_function("() => !!document.querySelector('.bu-game')?.dataset.phase")
