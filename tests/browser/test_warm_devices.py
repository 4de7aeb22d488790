"""Device contexts (viewport, touch) are warm too: their pages restore Python from the
site's memory snapshot, in a copy of the worker's primed profile (conftest.py)."""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import open_site, wait_ready


def boot_path(page: Any) -> str:
    """How the page's Python started ("snapshot": restored from the site's memory snapshot;
    see test_snapshot.py)."""
    return page.evaluate("() => document.documentElement.dataset.boot")


def test_a_touch_tablet_context_restores_from_the_snapshot(new_context: Any, site: Any) -> None:
    ctx = new_context(viewport={"width": 1024, "height": 768}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    open_site(page, site, "/?game=border-up&level=2&mode=bot")
    wait_ready(page)
    assert boot_path(page) == "snapshot"
    assert page.evaluate("() => [innerWidth, navigator.maxTouchPoints > 0]") == [1024, True]
    # a second device context gets a profile of its own, warm as well
    other = new_context(viewport={"width": 390, "height": 844}, has_touch=True).new_page()
    open_site(other, site, "/?screen=atlas")
    wait_ready(other)
    assert boot_path(other) == "snapshot"
    assert other.evaluate("() => localStorage.length") <= 2  # nothing of the first's


def test_a_device_context_is_kept_clean_for_the_next_test_alike(
    warm_profile: Any, site: Any
) -> None:
    """A device context costs a Chromium of its own: the worker keeps it for a later test
    with the very same options, cleaned (no page, the site's storage empty but for the
    snapshot) and still warm; one a test changed for good (an init script) is closed."""
    if warm_profile is None:
        pytest.skip("no warm profile")
    phone = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
    first = warm_profile.kept_device_context(**phone)
    page = first.new_page()
    open_site(page, site, "/?screen=atlas")
    page.evaluate("() => { localStorage.setItem('left-behind', '1'); sessionStorage.x = 1; }")
    warm_profile.release_device_context(first)
    assert first.ctx.pages == [], "the test's pages stay open"
    again = warm_profile.kept_device_context(**phone)
    try:
        assert again.ctx is first.ctx, "the same options started another Chromium"
        page = again.new_page()
        open_site(page, site, "/?screen=atlas")
        assert boot_path(page) == "snapshot"
        assert page.evaluate("() => localStorage.getItem('left-behind')") is None
        assert page.evaluate("() => [innerWidth, navigator.maxTouchPoints > 0]") == [390, True]
        # a second one alike while this one is in use: a context of its own
        twin = warm_profile.kept_device_context(**phone)
        assert twin.ctx is not again.ctx
        warm_profile.release_device_context(twin)
        # an init script outlasts the test: the context is closed, not kept
        again.add_init_script("window.__changed = 1")
        assert again.changed
        assert not again.guard.problems(), again.guard.problems()
    finally:
        warm_profile.release_device_context(again)
    fresh = warm_profile.kept_device_context(**phone)
    try:
        assert fresh.ctx is not first.ctx, "a changed context was kept"
    finally:
        warm_profile.release_device_context(fresh)
