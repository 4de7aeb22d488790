"""A new build never breaks a game in progress (R-188).

The built site is copied and served; a game starts and a move is played under the first
build's service worker. Then the copy becomes a second build (a changed precached file,
``index.html``, and so a new cache name in ``sw.js``, as the build writes them) and the
page asks its registration to update. The new worker installs and WAITS: the game goes
on untouched under the old one, and no banner interrupts it. At the next screen change
(leaving the game for its setup) the page offers "A new version is ready"; Reload now
brings the second build (its cache, its page) and the saved game is still there and
resumes.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    decline_plunge,
    format_violations,
    open_site,
    run_axe,
    wait_for_promise,
    wait_ready,
)
from conftest import serve
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

MARK = '<meta name="cardroom-build" content="second">'
GAME = "/?game=border-up&level=2&mode=local&seed=5"


def second_build(site: Path) -> str:
    """Turn the copy at ``site`` into another build: index.html changes, and sw.js gets
    its new revision and a new cache name (what build.py writes for a changed file).
    Returns the new cache name."""
    index = site / "index.html"
    text = index.read_text("utf-8").replace("<head>", "<head>\n" + MARK, 1)
    index.write_text(text, "utf-8")
    rev = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    sw = (site / "sw.js").read_text("utf-8")
    sw, n = re.subn(r'\["\./index\.html", "[0-9a-f]+"\]', f'["./index.html", "{rev}"]', sw)
    assert n == 1, "sw.js does not precache ./index.html"
    old = re.search(r'const CACHE = "(cardroom-[0-9a-f]+)";', sw)
    assert old, "sw.js names no cache"
    new = old.group(1)[:-4] + "beef"
    assert new != old.group(1)
    (site / "sw.js").write_text(sw.replace(old.group(0), f'const CACHE = "{new}";'), "utf-8")
    return new


def site_caches(page: Any) -> list[str]:
    return sorted(n for n in page.evaluate("() => caches.keys()") if n.startswith("cardroom-"))


def waiting_worker(page: Any, timeout_s: float = 60) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if page.evaluate(
            "() => navigator.serviceWorker.getRegistration().then(r => !!(r && r.waiting))"
        ):
            return
        time.sleep(0.5)
    raise AssertionError("the second build's worker never got to waiting")


def new_build_waiting(page: Any, site: Path) -> str:
    """Make the copy at ``site`` the second build, have ``page``'s registration look for
    it, and wait until its worker is waiting. Returns the new cache name."""
    new_cache = second_build(site)
    # (bounded: the registration's update() settles only when its job ends, and a test
    # must not hang on it; waiting_worker then says whether the new worker got there)
    page.evaluate(
        """() => Promise.race([
            navigator.serviceWorker.getRegistration().then((r) => r.update()).then(() => 1),
            new Promise((done) => setTimeout(() => done(0), 30000)),
        ])"""
    )
    waiting_worker(page)
    return new_cache


def workers(page: Any) -> str:
    """The page's registration, for a failure's message: each worker's state, whether the
    page is controlled, and the site's caches."""
    return page.evaluate(
        """() => Promise.race([
            navigator.serviceWorker.getRegistration().then(async (r) => JSON.stringify({
                active: r && r.active && r.active.state,
                waiting: r && r.waiting && r.waiting.state,
                installing: r && r.installing && r.installing.state,
                controlled: !!navigator.serviceWorker.controller,
                caches: (await caches.keys()).filter((k) => k.startsWith("cardroom-")),
            })),
            new Promise((done) => setTimeout(() => done("no answer in 5 s"), 5000)),
        ])"""
    )


def reload_now(page: Any, banner: Any, *, timeout_ms: int = 60_000) -> None:
    """Click the banner's Reload now and wait for the page's reload. If none comes, say
    what the page was doing: its banner (a click that reached the page disables the button
    and says "Starting the new version"), its registration's workers and caches."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError  # noqa: PLC0415

    try:
        with page.expect_navigation(wait_until="load", timeout=timeout_ms):
            banner.get_by_role("button", name="Reload now").click()
    except PlaywrightTimeoutError as exc:
        try:
            text = banner.inner_text(timeout=2_000)
            disabled = banner.get_by_role("button", name="Reload now").is_disabled(timeout=2_000)
            state = workers(page)
        except Exception as why:  # noqa: BLE001 - the report must not hide the timeout
            text, disabled, state = "?", "?", f"(could not ask the page: {why})"
        raise AssertionError(
            f"Reload now: no reload in {timeout_ms} ms; banner {text!r}, button disabled: "
            f"{disabled}; registration: {state}"
        ) from exc


def is_second_build(page: Any) -> bool:
    return page.locator('meta[name="cardroom-build"]').count() == 1


def phase(page: Any) -> str | None:
    return page.evaluate("() => document.querySelector('.bu-game')?.dataset.phase ?? null")


def test_a_new_build_waits_for_the_next_screen(
    new_context: Any, site_dir: Path, tmp_path: Path
) -> None:
    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    context = new_context(route=False, service_workers="allow")
    with serve(copy) as server:
        page = context.new_page()
        open_site(page, server, GAME)
        page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        first = site_caches(page)
        assert len(first) == 1, first

        # a game, and a move in it
        page.get_by_role("button", name="Start").click()
        expect(page.locator("#bu-half-0 [data-plunge=no]")).to_be_visible()
        page.locator("#bu-half-0 [data-plunge=no]").click()
        run = page.evaluate("() => history.state.run")
        key = f"cardroom:game:{run}"
        saved = page.evaluate("(k) => sessionStorage.getItem(k)", key)
        assert saved and '"plunge"' in saved
        page.evaluate("() => { window.__sameDocument = true; }")

        # the second build, found by the page's registration: its worker waits
        new_cache = new_build_waiting(page, copy)
        assert new_cache in site_caches(page) and first[0] in site_caches(page)
        page.wait_for_timeout(1000)
        expect(page.locator("#update-banner")).to_have_count(0)  # mid-game: not a word

        # the game goes on, untouched, under the first build
        assert page.evaluate("() => window.__sameDocument === true")
        assert page.locator('meta[name="cardroom-build"]').count() == 0
        decline_plunge(page, page.locator("#bu-half-1 [data-plunge=no]"))
        page.wait_for_function(
            "() => document.querySelector('.bu-game')?.dataset.phase === 'race'",
            timeout=20_000,
        )
        page.locator("#bu-half-0 .hb-hand [data-card]").first.focus()
        page.keyboard.press("1")
        expect(page.locator("#bu-half-0 [data-list=g1] [data-card]")).to_have_count(1)
        page.wait_for_timeout(500)
        expect(page.locator("#update-banner")).to_have_count(0)
        moves = page.evaluate("(k) => JSON.parse(sessionStorage.getItem(k)).moves.length", key)
        assert moves >= 2

        # the next screen change: leaving the game for its setup
        page.go_back()
        leave = page.get_by_role("button", name="Leave the game")
        expect(leave).to_be_visible()
        leave.click()
        expect(page.locator("#kit-setup")).to_be_visible()
        banner = page.locator("#update-banner")
        expect(banner).to_be_visible()
        expect(banner).to_contain_text("A new version is ready")
        violations = run_axe(page)
        assert not violations, format_violations(violations)
        assert page.evaluate("(k) => sessionStorage.getItem(k) !== null", key)

        # Reload now: the second build takes over
        reload_now(page, banner)
        wait_ready(page)
        assert page.evaluate("() => window.__sameDocument") is None
        assert is_second_build(page), f"still the first build: {workers(page)}"
        assert page.evaluate("() => navigator.serviceWorker.controller !== null")
        wait_for_promise(
            page,
            "(n) => caches.keys().then(k => k.filter(x => x.startsWith('cardroom-')).join() === n)",
            new_cache,
            timeout_ms=30_000,
        )
        expect(page.locator("#update-banner")).to_have_count(0)

        # the saved game survived, and resumes (paused: time away, R-111)
        assert page.evaluate("(k) => sessionStorage.getItem(k) !== null", key)
        page.go_forward()
        expect(page.locator("#kit-resume")).to_be_visible()
        page.locator("#kit-resume").click()
        assert phase(page) == "race"
        expect(page.locator("#bu-half-0 [data-list=g1] [data-card]")).to_have_count(1)
        page.locator("#bu-half-0 .hb-hand [data-card]").first.focus()
        page.keyboard.press("2")
        expect(page.locator("#bu-half-0 [data-list=g2] [data-card]")).to_have_count(1)


def test_later_keeps_this_version_until_the_next_visit(
    new_context: Any, site_dir: Path, tmp_path: Path
) -> None:
    """No game in progress (the atlas): the offer comes at once; Later hides it, and it
    does not come back on this page; the page is still the first build."""
    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    context = new_context(route=False, service_workers="allow")
    with serve(copy) as server:
        page = context.new_page()
        open_site(page, server, "/?screen=atlas&state=TX")
        page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        new_build_waiting(page, copy)
        banner = page.locator("#update-banner")
        expect(banner).to_be_visible()
        assert page.evaluate(
            "() => document.activeElement === document.body || "
            "!document.activeElement.closest('#update-banner')"
        )
        banner.get_by_role("button", name="Later").click()
        expect(banner).to_be_hidden()
        page.locator('[data-state="NM"]').click()  # the atlas goes on (a new card)
        page.wait_for_timeout(500)
        expect(banner).to_be_hidden()
        assert page.locator('meta[name="cardroom-build"]').count() == 0
        assert page.evaluate(
            "() => navigator.serviceWorker.getRegistration().then(r => !!r.waiting)"
        )


def test_reload_in_another_tab_never_breaks_this_game(
    new_context: Any, site_dir: Path, tmp_path: Path
) -> None:
    """Two tabs of the first build: the atlas in one, a game in the other. Reload now in
    the atlas's tab lets the second build take over both; the game's tab keeps its game
    (no banner mid-game) and offers the reload once the game is left."""
    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    context = new_context(route=False, service_workers="allow")
    with serve(copy) as server:
        atlas = context.new_page()
        open_site(atlas, server, "/?screen=atlas")
        atlas.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
        atlas.wait_for_function("() => navigator.serviceWorker.controller !== null")
        game = context.new_page()
        open_site(game, server, GAME)
        game.wait_for_function("() => navigator.serviceWorker.controller !== null")
        game.get_by_role("button", name="Start").click()
        decline_plunge(game, game.locator("#bu-half-0 [data-plunge=no]"))
        key = "cardroom:game:" + game.evaluate("() => history.state.run")

        new_cache = new_build_waiting(atlas, copy)
        expect(atlas.locator("#update-banner")).to_be_visible()
        reload_now(atlas, atlas.locator("#update-banner"))
        wait_ready(atlas)
        assert is_second_build(atlas), f"still the first build: {workers(atlas)}"

        # the game's tab: the same document, the same game, no banner while it goes on
        game.bring_to_front()
        game.wait_for_timeout(500)
        expect(game.locator("#update-banner")).to_have_count(0)
        assert game.locator('meta[name="cardroom-build"]').count() == 0
        if game.locator("#kit-resume").is_visible():  # paused while the tab was hidden
            game.locator("#kit-resume").click()
        expect(game.locator("#update-banner")).to_have_count(0)
        decline_plunge(game, game.locator("#bu-half-1 [data-plunge=no]"))
        game.wait_for_function(
            "() => document.querySelector('.bu-game')?.dataset.phase === 'race'",
            timeout=20_000,
        )
        game.locator("#bu-half-1 .hb-hand [data-card]").first.focus()
        game.keyboard.press("2")
        expect(game.locator("#bu-half-1 [data-list=g2] [data-card]")).to_have_count(1)
        expect(game.locator("#update-banner")).to_have_count(0)
        game.go_back()
        game.get_by_role("button", name="Leave the game").click()
        banner = game.locator("#update-banner")
        expect(banner).to_be_visible()
        reload_now(game, banner)
        wait_ready(game)
        assert is_second_build(game), f"still the first build: {workers(game)}"
        assert game.evaluate("(k) => sessionStorage.getItem(k) !== null", key)
        assert site_caches(game) == [new_cache]


def test_reload_now_always_reloads(new_context: Any, site_dir: Path, tmp_path: Path) -> None:
    """Reload now when the new worker does not take over (here its request never reaches
    it): the button says what it does, and the page still reloads, on the first build,
    which offers the new one again; the next Reload now brings it."""
    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    context = new_context(route=False, service_workers="allow")
    with serve(copy) as server:
        page = context.new_page()
        open_site(page, server, "/?screen=atlas")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        new_build_waiting(page, copy)
        banner = page.locator("#update-banner")
        expect(banner).to_be_visible()
        page.evaluate("() => { ServiceWorker.prototype.postMessage = () => {}; }")
        started = time.monotonic()
        with page.expect_navigation(wait_until="load", timeout=60_000):
            banner.get_by_role("button", name="Reload now").click()
            expect(banner).to_contain_text("Starting the new version")
            expect(banner.get_by_role("button", name="Reload now")).to_be_disabled()
        waited = time.monotonic() - started
        assert waited >= 9, f"reloaded after {waited:.1f} s, before the worker had its 10 s"
        wait_ready(page)
        assert not is_second_build(page), workers(page)
        expect(banner).to_be_visible()
        expect(banner).to_contain_text("A new version is ready")
        reload_now(page, banner)
        wait_ready(page)
        assert is_second_build(page), f"still the first build: {workers(page)}"
