"""Device contexts (viewport, touch) are warm too: their pages restore Python from the
site's memory snapshot, in a copy of the worker's primed profile (conftest.py)."""

from __future__ import annotations

from typing import Any

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
