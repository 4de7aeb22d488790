"""The site stays installable: Chromium's own check (DevTools ``Page.getInstallabilityErrors``)
finds nothing to object to, on the built site served on localhost with its service worker,
and the manifest it reads is the site's (R-189)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import READY_TIMEOUT_MS, open_site
from conftest import persistent_context

pytestmark = pytest.mark.browser


@pytest.fixture
def profile_context(playwright_instance: Any, tmp_path: Path) -> Iterator[Any]:
    """A browser with a profile on disk: Chromium never offers to install from an
    incognito context (the harness's contexts are incognito), so this one is not. Guarded
    like the harness's contexts (console errors, failed responses, other hosts)."""
    ctx = persistent_context(playwright_instance, tmp_path / "profile")
    yield ctx
    with contextlib.suppress(Exception):
        ctx.close()
    problems = ctx.guard.problems()
    assert not problems, "the site misbehaved:\n  " + "\n  ".join(problems)


def _errors(cdp: Any) -> list[dict[str, Any]]:
    return cdp.send("Page.getInstallabilityErrors").get("installabilityErrors", [])


def test_chromium_finds_the_site_installable(profile_context: Any, serve_site: Any) -> None:
    context = profile_context
    server = serve_site()
    page = context.pages[0] if context.pages else context.new_page()
    open_site(page, server, "/")
    scope = page.evaluate(
        """(ms) => Promise.race([
            navigator.serviceWorker.ready.then(r => r.scope),
            new Promise(resolve => setTimeout(() => resolve(null), ms)),
        ])""",
        READY_TIMEOUT_MS,
    )
    assert scope == server.url("/"), scope
    cdp = context.new_cdp_session(page)
    # the verdict may take a moment after the worker activates: ask until it settles
    deadline = time.monotonic() + 30
    errors = _errors(cdp)
    while errors and time.monotonic() < deadline:
        time.sleep(1)
        errors = _errors(cdp)
    assert errors == [], f"Chromium says the site is not installable: {errors}"
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == server.url("/manifest.webmanifest"), manifest["url"]
    assert not manifest.get("errors"), manifest["errors"]
    assert '"display": "standalone"' in manifest["data"]
    # the installed app opens where the site starts, and works from the worker's cache
    page.reload(wait_until="load")
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")
    assert _errors(cdp) == []
    cdp.detach()


def test_an_embedded_link_is_installable_too(profile_context: Any, serve_site: Any) -> None:
    """A page opened with ``embed=1`` is the same app (same manifest and worker)."""
    context = profile_context
    server = serve_site()
    page = context.pages[0] if context.pages else context.new_page()
    open_site(page, server, "/?screen=atlas&embed=1")
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    cdp = context.new_cdp_session(page)
    deadline = time.monotonic() + 30
    errors = _errors(cdp)
    while errors and time.monotonic() < deadline:
        time.sleep(1)
        errors = _errors(cdp)
    assert errors == [], errors
    cdp.detach()
