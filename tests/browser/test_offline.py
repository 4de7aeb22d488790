"""Offline: no request ever leaves 127.0.0.1, and after one visit the site works with no server."""

from __future__ import annotations

import functools
import json
import time
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest
from browser_helpers import READY_TIMEOUT_MS, expect_card, open_site, wait_ready
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.first_visit]


def test_no_request_leaves_localhost(context: Any, site: Any) -> None:
    page = context.new_page()
    open_site(page, site, "/?screen=atlas&state=CO")
    expect_card(page, "CO")
    guard = context.guard
    # The route handler really saw the page's traffic (so an empty list means something) ...
    assert any(".wasm" in u for u in guard.local), "Pyodide's wasm never requested?"
    assert any("pyscript" in u.lower() or "pyodide" in u.lower() for u in guard.local)
    # ... and none of it went anywhere else. (The fixture fails on this too, at teardown.)
    assert guard.external == []
    assert any("/cards-" in u for u in guard.local), "the atlas needs its card faces"


def test_a_game_screen_fetches_no_card_faces(context: Any, site: Any) -> None:
    """Border-Up never shows the atlas's card faces, so it never downloads them."""
    page = context.new_page()
    open_site(page, site, "/?game=border-up&level=2&mode=local")
    page.wait_for_timeout(1000)  # anything fetched just after ready counts too
    local = context.guard.local
    assert any(".wasm" in u for u in local), "Pyodide's wasm never requested?"
    assert not [u for u in local if "/cards-" in u or "/flags/" in u]


def test_manifest_is_installable(context: Any, site: Any) -> None:
    page = context.new_page()
    page.goto(site.url("/"), wait_until="domcontentloaded")
    href = page.evaluate(
        "() => document.querySelector('link[rel=manifest]')?.getAttribute('href') ?? null"
    )
    assert href, "index.html does not link a web manifest"
    manifest_url = urljoin(page.url, href)
    resp = context.request.get(manifest_url)
    assert resp.ok, f"{manifest_url}: HTTP {resp.status}"
    manifest = json.loads(resp.text())
    for key in ("name", "short_name", "start_url", "display", "icons"):
        assert manifest.get(key), f"manifest lacks {key!r}: {manifest}"
    assert manifest["display"] in ("standalone", "fullscreen", "minimal-ui")
    sizes = set()
    for icon in manifest["icons"]:
        icon_url = urljoin(manifest_url, icon["src"])
        assert context.request.get(icon_url).ok, f"manifest icon missing: {icon_url}"
        sizes.update(icon.get("sizes", "").split())
    assert {"192x192", "512x512"} <= sizes or "any" in sizes, f"icon sizes: {sizes}"


_CACHE_SUMMARY = """async () => {
    const names = await caches.keys();
    const urls = [];
    for (const name of names) {
        const c = await caches.open(name);
        for (const req of await c.keys()) urls.push(req.url);
    }
    return {names, urls};
}"""


def _wait_cache_settled(page: Any, timeout_s: float = 45.0) -> dict[str, Any]:
    """Wait until Cache Storage holds the Pyodide runtime and stops growing."""
    deadline = time.monotonic() + timeout_s
    last, stable = -1, 0
    summary: dict[str, Any] = {"names": [], "urls": []}
    while time.monotonic() < deadline:
        summary = page.evaluate(_CACHE_SUMMARY)
        n = len(summary["urls"])
        has_runtime = any("pyodide.asm.wasm?v=" in u for u in summary["urls"])
        stable = stable + 1 if (n == last and has_runtime) else 0
        if stable >= 3:
            return summary
        last = n
        time.sleep(0.5)
    raise AssertionError(f"service-worker cache never settled with the runtime in it: {summary}")


def test_service_worker_serves_site_offline(new_context: Any, serve_site: Any) -> None:
    # No route handler here: Playwright routing bypasses service workers. Other hosts are
    # unreachable anyway (--host-resolver-rules), and the context still records any attempt.
    context = new_context(route=False, service_workers="allow")
    server = serve_site()
    page = context.new_page()

    open_site(page, server, "/?screen=atlas")
    scope = page.evaluate(
        """(ms) => Promise.race([
            navigator.serviceWorker.ready.then(r => r.scope),
            new Promise(resolve => setTimeout(() => resolve(null), ms)),
        ])""",
        READY_TIMEOUT_MS,
    )
    assert scope, "no service worker became ready (is sw.js registered by the page?)"
    assert scope.startswith(server.origin), scope
    # A second visit runs under the worker's control, whatever its caching strategy.
    page.reload(wait_until="load")
    wait_ready(page)
    assert page.evaluate("() => navigator.serviceWorker.controller !== null"), (
        "page not controlled by the service worker after a reload"
    )
    summary = _wait_cache_settled(page)
    assert summary["names"], "no Cache Storage cache was created"
    # The cache is versioned: its name is written into this build's sw.js, so a new build
    # (a new sw.js) gets a new cache instead of serving stale files.
    sw_text = (server.directory / "sw.js").read_text("utf-8")
    # (The Python snapshot has a cache of its own, "cardroom.snapshot": tests/browser/
    # test_snapshot.py.)
    site_caches = [n for n in summary["names"] if n.startswith("cardroom-")]
    assert len(site_caches) == 1, f"several caches after one visit: {summary['names']}"
    assert site_caches[0] in sw_text, f"cache {site_caches[0]!r} not named in sw.js"

    server.stop()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.clearBrowserCache")  # only the service worker's cache is left
    cdp.detach()

    page.reload(wait_until="load", timeout=READY_TIMEOUT_MS)
    wait_ready(page)
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")
    page.locator('[data-state="NM"]').focus()
    page.keyboard.press("Enter")
    expect_card(page, "NM")
    page.locator('[data-state="OH"]').click()
    expect_card(page, "OH")

    # And a deep link that was never visited online comes up from the cache as well.
    page.goto(server.url("/?screen=atlas&state=VT"), wait_until="load")
    wait_ready(page)
    expect_card(page, "VT")


def bodies_sent(server: Any) -> list[str]:
    """Have ``server`` note the path of every file whose body it sends (a 304 sends none)."""
    sent: list[str] = []
    made = server._server.RequestHandlerClass  # functools.partial(handler, directory=...)

    class Counting(made.func):  # type: ignore[name-defined,misc]
        def copyfile(self, source: Any, outputfile: Any) -> None:
            sent.append(urlsplit(self.path).path)
            super().copyfile(source, outputfile)

    server._server.RequestHandlerClass = functools.partial(Counting, *made.args, **made.keywords)
    return sent


def test_a_private_windows_first_visit_sends_no_file_twice(
    new_context: Any, serve_site: Any
) -> None:
    """The harness's contexts are incognito, as a private window or a guest profile: their
    HTTP cache is kept in memory and cannot hold the 10 MB runtime, so the service worker
    must not download it again for the offline copy (it takes what the page's Python worker
    staged). Nothing is sent twice until the whole offline copy is complete."""
    context = new_context(route=False, service_workers="allow")
    server = serve_site()
    sent = bodies_sent(server)
    page = context.new_page()
    open_site(page, server, "/")
    expect(page.locator("#offline-status")).to_contain_text(
        "Ready for offline use", timeout=240_000
    )
    assert sent.count("/pyodide/pyodide.asm.wasm") == 1, sent
    twice = sorted({p for p in sent if sent.count(p) > 1})
    assert not twice, f"sent more than once: {twice}"
    # the whole site came along: a library, a sheet, the embed demo
    for part in ("/py/networkx-", "/print/map-a4.html", "/embed-demo.html"):
        assert [p for p in sent if p.startswith(part)], part
    assert page.evaluate("() => caches.has('cardroom.fetched')") is False  # staged, then gone
