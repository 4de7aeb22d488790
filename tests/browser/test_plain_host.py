"""The site on a plain static host: no COOP/COEP headers, so no cross-origin isolation
(README, "Hosting the site"). Chromium reported a SharedArrayBuffer made without
isolation (Pyodide's syncSleep buffer, ``sitebuild/runtime.py`` SHARED_SLEEP), a
deprecation that cost Lighthouse's best practices 19 points; the pages must raise no
SharedArrayBuffer or deprecation issue there (Chromium's own reports, through CDP's Audits
domain, the ones Lighthouse's deprecations audit reads), and still start and play.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import READY_TIMEOUT_MS, load_build, wait_ready

pytestmark = pytest.mark.browser

PAGES = (
    "/",
    "/?screen=atlas",
    "/?game=border-up&level=4&mode=bot&difficulty=medium&seed=7&autostart=1",
    "/print/index.html",
)


@pytest.fixture
def plain_origin(site_dir: Path) -> Iterator[str]:
    """The built site served with no header beyond the MIME types."""
    server = load_build().make_server(site_dir, port=0, host="127.0.0.1", plain=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def issues_on(context: Any, url: str) -> tuple[list[dict[str, Any]], bool]:
    """Chromium's issues for the page at ``url`` (and whether it was isolated)."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    found: list[dict[str, Any]] = []
    cdp.on("Audits.issueAdded", lambda e: found.append(e["issue"]))
    cdp.send("Audits.enable")
    page.goto(url, wait_until="load", timeout=READY_TIMEOUT_MS)
    if "/print/" in url:
        page.wait_for_timeout(1500)
    else:
        wait_ready(page)
        page.wait_for_timeout(1000)  # the worker's hand-over and the imports after it
    isolated = bool(page.evaluate("() => self.crossOriginIsolated"))
    page.close()
    return found, isolated


def test_a_plain_static_host_raises_no_shared_array_buffer_issue(
    new_context: Callable[..., Any], plain_origin: str
) -> None:
    headers = load_build().SiteHandler
    assert headers.plain is False  # the site's own server still isolates (serve.sh)
    context = new_context()
    for path in PAGES:
        found, isolated = issues_on(context, plain_origin + path)
        assert not isolated, f"{path}: isolated without COOP/COEP?"
        bad = [
            i
            for i in found
            if i["code"] in ("SharedArrayBufferIssue", "DeprecationIssue")
            or "SharedArrayBuffer" in str(i)
        ]
        assert not bad, f"{path}: {bad}"


def test_the_sites_own_server_is_cross_origin_isolated(
    new_context: Callable[..., Any], site: Any
) -> None:
    """With the headers (serve.sh, the tests) Pyodide keeps its shared memory, and the
    page raises no issue either."""
    found, isolated = issues_on(new_context(), site.url("/?screen=atlas"))
    assert isolated
    assert not [i for i in found if "SharedArrayBuffer" in str(i)], found
