"""Everything the site has works offline after one visit to ``/``, as a new user finds it.

One ordinary Chromium profile on disk (a persistent context, as a teacher's browser), one
online visit to ``/``; the page says when its offline copy is complete. Then the server
stops and the browser goes offline, and every part of the site must still open as its own
screen (never the app's page standing in for another page, never stuck on the loader,
never an error): every link of the README's table, the printable decks' index and every
sheet, the licences, the embed demo, Share (a QR code drawn), the tournament director
(teams entered, a round paired, a result code scanned from the camera) and a two-device
link (the host's pairing QR code shown). None of these but ``/`` was opened online.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest
from browser_helpers import READY_TIMEOUT_MS, wait_ready, write_y4m
from conftest import ROOT, Guard, chromium_options
from playwright.sync_api import expect

from cardroom import atlas
from cardroom import tournament as tm
from cardroom.web.platform.routes import parse_link

pytestmark = pytest.mark.browser

#: the first visit: ready, its snapshot stored and the rest of the site fetched
COPY_TIMEOUT_MS = 240_000

#: words that only a broken screen shows
BROKEN = re.compile(
    r"could not be (loaded|drawn|fetched)|Failed to fetch|TypeError|Traceback|"
    r"cardroom could not start|ERR_|Loading the Python runtime"
)


def readme_links() -> list[str]:
    """The links of the README's table of links teachers and embeds can rely on."""
    text = (ROOT / "README.md").read_text("utf-8")
    table = text[text.index("| link | opens |") :]
    links = re.findall(r"^\| `(/[^`]*)` \|", table, re.M)
    assert len(links) >= 20, links
    return links


def expected_screen(link: str) -> str:
    """The screen a link opens (the app's own reading of it: cardroom.web.platform.routes)."""
    codes = [s.code for s in atlas.states()]
    route = parse_link(dict(parse_qsl(urlsplit(link).query)), codes)
    return f"game:{route.game.slug}" if route.game is not None else route.screen


def page_problems(page: Any) -> str:
    """Text that a broken screen shows (empty when there is none)."""
    text = page.evaluate("() => document.body.innerText")
    found = BROKEN.search(text)
    return text[max(0, found.start() - 200) : found.end() + 200] if found else ""


def check_app_screen(page: Any, link: str) -> None:
    """``link`` opened as its own screen of the app: ready, the loader gone, no error."""
    wait_ready(page)
    want = expected_screen(link)
    got = page.evaluate("() => document.documentElement.dataset.screen")
    assert got == want, f"{link}: the {got!r} screen, not {want!r}"
    expect(page.locator("#loader")).to_be_hidden()
    assert not (bad := page_problems(page)), f"{link}: {bad}"


def check_own_page(page: Any, path: str) -> None:
    """A page of the site that is not the app's: its own document, every image loaded."""
    assert page.locator("#loader").count() == 0, f"{path}: the app's page instead"
    assert page.evaluate("() => !document.querySelector('script[src*=pyodide]')"), path
    broken = page.evaluate(
        """() => Promise.all([...document.images].map((i) => i.decode().then(
            () => null, () => i.getAttribute('src'))))"""
    )
    assert not [b for b in broken if b], f"{path}: images not loaded: {broken}"
    assert not (bad := page_problems(page)), f"{path}: {bad}"


def shoot(page: Any, name: str) -> None:
    """Screenshots at a phone's and a laptop's size (CARDROOM_SHOTS=dir to keep them)."""
    where = os.environ.get("CARDROOM_SHOTS")
    if not where:
        return
    size = page.viewport_size
    for w, h in ((390, 844), (1366, 768)):
        page.set_viewport_size({"width": w, "height": h})
        page.screenshot(path=str(Path(where) / f"offline-{name}-{w}x{h}.png"), full_page=True)
    page.set_viewport_size(size)


def director(page: Any, video: Path) -> None:
    """Teams entered and a round paired (networkx), and a result code read from the
    camera (jsQR), all from the offline copy."""
    page.wait_for_function(
        "() => document.documentElement.dataset.director === 'ready'", timeout=60_000
    )
    page.locator("#td-new-name").fill("Gym Cup")
    page.get_by_role("button", name="Start the tournament").click()
    expect(page.locator("#td-title")).to_have_text("Gym Cup")
    for name in ("Hawks", "Owls", "Foxes", "Bears"):
        page.locator("#td-add-name").fill(name)
        for i, who in enumerate(("Ann", "Bo", "Cy"), 1):
            page.locator(f"#td-add-p{i}").fill(f"{who} {name}")
        page.get_by_role("button", name="Add the team").click()
        expect(page.locator("#td-say")).to_contain_text(f"{name} is registered")
    page.get_by_role("button", name="Pair round 1").click()
    expect(page.locator("#td-say")).to_contain_text("Round 1 is paired", timeout=60_000)
    shoot(page, "director")
    # a match's result code, shown to the camera (Chromium's fake camera reads the file
    # when the scan starts)
    t = tm.from_json(page.evaluate("() => localStorage.getItem('cardroom.tournament')"))
    p = t.played[0].pairings[0]
    assert p.b is not None
    write_y4m(video, tm.result_code(t, 1, p.a, p.b, 75, 45))
    page.locator('button.td-tab[data-view="rounds"]').click()
    page.get_by_role("button", name="Scan its QR code").first.click()
    expect(page.locator("#main")).to_contain_text("Result code accepted", timeout=60_000)
    assert page.evaluate("() => 'BarcodeDetector' in window || typeof jsQR === 'function'")


def test_everything_works_offline_after_one_visit_to_the_home_page(
    playwright_instance: Any, serve_site: Any, tmp_path: Path
) -> None:
    video = tmp_path / "camera.y4m"
    write_y4m(video, "nothing yet")
    ctx = playwright_instance.chromium.launch_persistent_context(
        str(tmp_path / "profile"),
        service_workers="allow",
        viewport={"width": 1024, "height": 768},
        **chromium_options(
            playwright_instance,
            "--use-fake-device-for-media-stream",
            "--use-fake-ui-for-media-stream",
            f"--use-file-for-fake-video-capture={video}",
        ),
    )
    guard = Guard()
    guard.attach(ctx, route=False)
    server = serve_site()
    try:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.goto(server.url("/"), wait_until="load", timeout=READY_TIMEOUT_MS)
        wait_ready(page)
        status = page.locator("#offline-status")
        expect(status).to_contain_text("Ready for offline use", timeout=COPY_TIMEOUT_MS)
        assert page.evaluate("() => document.documentElement.dataset.offlineCopy") == "complete"
        shoot(page, "home")

        server.stop()
        ctx.set_offline(True)

        opened: list[str] = []
        for link in readme_links():
            page.goto(server.url(link), wait_until="load", timeout=READY_TIMEOUT_MS)
            check_app_screen(page, link)
            if link.startswith("/?tournament="):
                director(page, video)
            elif link.startswith("/?screen=atlas"):
                page.locator("[data-share-atlas]").click()
                qr = page.locator("#share-dialog svg.qr[data-qr]")
                expect(qr).to_be_visible(timeout=60_000)
                page.keyboard.press("Escape")
            elif link == "/?game=border-up&level=2&mode=devices":
                page.locator("#kit-setup").get_by_role("button", name="Start").click()
                page.locator("[data-link=host]").click()
                expect(page.locator("#link-offer-qr svg[data-qr]")).to_be_visible(timeout=60_000)
            assert not (bad := page_problems(page)), f"{link}: {bad}"
            opened.append(link)

        # the printable decks: the index and every sheet
        page.goto(server.url("/print/index.html"), wait_until="load")
        expect(page.locator("h1")).to_have_text("Printable decks")
        check_own_page(page, "print/index.html")
        shoot(page, "print-index")
        sheets = page.eval_on_selector_all("a.sheet", "els => els.map(e => e.href)")
        assert len(sheets) >= 14, sheets
        for sheet in sheets:
            page.goto(sheet, wait_until="load")
            check_own_page(page, sheet)
            paper = sheet.rsplit("-", 1)[1].removesuffix(".html")
            expect(page.locator(f"[data-paper='{paper}']").first).to_be_attached()

        # the other pages: the licences, and the embed demo with its game
        page.goto(server.url("/licences.html"), wait_until="load")
        expect(page.locator("h1")).to_have_text("Sources and licences")
        check_own_page(page, "licences.html")
        page.goto(server.url("/embed-demo.html"), wait_until="load")
        check_own_page(page, "embed-demo.html")
        page.wait_for_function(
            "() => (window.cardroomMessages || []).some((m) => m.type === 'cardroom:ready')",
            timeout=READY_TIMEOUT_MS,
        )
        frame = page.frame_locator("#game")
        expect(frame.locator("#kit-setup")).to_be_visible()
    finally:
        ctx.close()
    problems = guard.problems()
    assert not problems, "\n".join(problems)
