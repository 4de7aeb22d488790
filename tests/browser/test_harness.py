"""The harness itself: what it does when Chromium, not the site, fails."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pytest
from browser_helpers import wait_for_promise
from conftest import FIRST_TRY, RENDERER_CRASHES

pytestmark = pytest.mark.browser

_TRIES: list[int] = []


@pytest.mark.filterwarnings("ignore:.*a page's renderer crashed")
def test_a_test_fails_after_a_renderer_crash_and_runs_once_more(
    new_context: Callable[..., Any], request: pytest.FixtureRequest
) -> None:
    """Its first try crashes its page on purpose (``chrome://crash``): the guard fails it
    at teardown ("renderer crashed"), and conftest's ``pytest_runtest_protocol`` runs it
    again. The second try finds the first one's story and a page that works."""
    _TRIES.append(len(RENDERER_CRASHES))
    page = new_context().new_page()
    if len(_TRIES) == 1:
        with contextlib.suppress(Exception):
            page.goto("chrome://crash")
        page.wait_for_timeout(500)
        return  # the guard reports the crash at teardown
    assert len(_TRIES) == 2
    assert len(RENDERER_CRASHES) == _TRIES[0] + 1
    story = request.node.stash[FIRST_TRY]
    assert "a page's renderer crashed (" in story
    assert "MB available" in story
    assert "teardown:" in story and "renderer crashed: " in story
    assert "What Chromium printed" in story and "Intentionally crashing" in story
    page.set_content("<p id=alive>alive</p>")
    assert page.locator("#alive").inner_text() == "alive"


def test_a_test_context_starts_no_address_bar_renderers(browser: Any) -> None:
    """HARNESS_FEATURES_OFF: a window of the harness's Chromium pre-renders no address-bar
    pop-up (two WebUI renderers per window otherwise, about 1 s of CPU per test context).
    A Chromium that renames the features shows them here again."""
    context = browser.new_context()
    try:
        context.new_page().goto("about:blank")
        cdp = browser.new_browser_cdp_session()
        targets = cdp.send("Target.getTargets", {"filter": [{}]})["targetInfos"]
        cdp.detach()
    finally:
        context.close()
    assert [t for t in targets if t["type"] == "page"], "the listing holds no page at all"
    ui = [t["url"] for t in targets if t["type"] == "browser_ui"]
    assert not ui, f"Chromium renders its own UI for a test window: {ui}"


def test_wait_for_promise_waits_for_an_async_predicate(browser: Any) -> None:
    """Cache Storage and the service worker's API answer with Promises. Playwright's
    ``page.wait_for_function`` takes a Promise for true and returns at once (which made
    the offline tests' waits for a cached file pass before the file was there);
    ``wait_for_promise`` awaits each poll."""
    page = browser.new_page()
    try:
        page.set_content("<p>waiting</p>")
        page.evaluate("() => { window.__t0 = performance.now(); }")
        late = "() => Promise.resolve(performance.now() - window.__t0 > 1500)"
        # what the harness must not rely on: the Promise itself is taken for true
        page.wait_for_function(late, timeout=1000)
        assert not page.evaluate(late), "the predicate was already true"
        # what it does instead: each poll's Promise is awaited
        assert wait_for_promise(page, late, timeout_ms=10_000) is True
        assert page.evaluate("() => performance.now() - window.__t0") > 1500
        with pytest.raises(AssertionError, match="not true after 500 ms"):
            wait_for_promise(page, "async () => false", timeout_ms=500)
    finally:
        page.close()
