"""Helpers shared by the browser tests (kept out of conftest.py so tests can import them)."""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"

#: Pyodide's cold start takes 5-10 s on a 2-core machine; leave room for a loaded CI box.
READY_TIMEOUT_MS = 60_000
ACTION_TIMEOUT_MS = 15_000


def load_build() -> Any:
    """build.py as a module, loaded once (the name ``build`` would find PyPI's package)."""
    module = sys.modules.get("cardroom_build")
    if module is None:
        spec = importlib.util.spec_from_file_location("cardroom_build", ROOT / "build.py")
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules["cardroom_build"] = module
        spec.loader.exec_module(module)
    return module


def wait_ready(page: Any, timeout_ms: int = READY_TIMEOUT_MS) -> None:
    """Wait for ``<html data-ready="1">`` and check the ``cardroom:ready`` performance mark.

    Fails fast (not after the whole timeout) once the page has thrown an uncaught error,
    which is how a broken start-up shows itself.
    """
    from playwright.sync_api import Error as PlaywrightError  # noqa: PLC0415

    guard = getattr(page.context, "guard", None)
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        try:
            page.wait_for_function(
                "() => document.documentElement.dataset.ready === '1'", timeout=500
            )
            break
        except PlaywrightError:  # timeout of this slice, or a navigation in between
            pass
        errors = list(guard.page_errors) if guard else []
        if errors or time.monotonic() > deadline:
            why = "threw during start-up" if errors else f"not ready after {timeout_ms} ms"
            raise AssertionError(
                f"{page.url}: {why}\n  page errors: {errors}\n"
                f"  console errors: {guard.console_errors if guard else '?'}\n"
                f"  status text: {_status_text(page)!r}"
            )
    marks = page.evaluate("() => performance.getEntriesByName('cardroom:ready', 'mark').length")
    assert marks >= 1, "data-ready is set but performance.mark('cardroom:ready') is missing"


def wait_for_promise(
    page: Any, expression: str, arg: Any = None, *, timeout_ms: int = 30_000, poll_ms: int = 250
) -> Any:
    """Wait until ``expression`` (a function, possibly ``async`` or returning a Promise, as
    Cache Storage and the service worker's API need) gives a truthy value; return it.

    Playwright's ``page.wait_for_function`` does not await a Promise: it takes the Promise
    object itself as truthy and returns at once, so an ``async`` predicate never waits. Here
    each poll is a ``page.evaluate``, which awaits it.
    """
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        value = page.evaluate(expression, arg)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"not true after {timeout_ms} ms ({value!r}): {expression}")
        time.sleep(poll_ms / 1000)


def _status_text(page: Any) -> str:
    try:
        return page.evaluate(
            """() => [...document.querySelectorAll('[role=status],[role=alert]')]
                     .map(e => e.innerText.trim()).filter(Boolean).join(' | ').slice(0, 300)"""
        )
    except Exception:
        return "?"


def open_site(page: Any, server: Any, path: str = "/") -> None:
    page.goto(server.url(path), wait_until="load", timeout=READY_TIMEOUT_MS)
    wait_ready(page)


def table_phase(page: Any) -> str:
    """The table's phase (``.kit-table[data-phase]``), or "" before a table is up."""
    return page.evaluate("document.querySelector('.kit-table')?.dataset.phase ?? ''")


def decline_plunge(page: Any, button: Any, *, tap: bool = False) -> None:
    """Answer "No" to "Are you GeoPlunging?" with ``button`` (a locator).

    The GeoPlunging count closes by itself after 5 s, and a team that has not decided is
    then not GeoPlunging (R-8): the same game as "No". On a loaded machine the count can
    close before the click lands, so a table already past GeoPlunging is not a failure. A
    table still GeoPlunging whose button never takes the click is.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError  # noqa: PLC0415

    deadline = time.monotonic() + ACTION_TIMEOUT_MS / 1000
    while True:
        phase = table_phase(page)
        if phase and phase != "plunge":
            return
        try:
            (button.tap if tap else button.click)(timeout=1_000)
            return
        except PlaywrightTimeoutError:
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"the table stayed at GeoPlunging ({phase!r}) and {button} took no click"
                ) from None


def visible_cards(page: Any) -> list[str]:
    """Postal codes of the cards currently visible on screen."""
    loc = page.locator("[data-card]:visible")
    return sorted({loc.nth(i).get_attribute("data-card") for i in range(loc.count())})


def expect_card(page: Any, code: str) -> Any:
    """Assert the card for ``code`` is the one shown; return its locator."""
    from playwright.sync_api import expect  # noqa: PLC0415

    card = page.locator(f'[data-card="{code}"]:visible')
    expect(card.first).to_be_visible(timeout=ACTION_TIMEOUT_MS)
    shown = visible_cards(page)
    assert shown == [code], f"expected only card {code} visible, got {shown}"
    return card.first


def run_axe(page: Any) -> list[dict[str, Any]]:
    """Run axe-core (vendored from npm) on the page; return its violations."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE_JS))
    return page.evaluate(
        """async () => {
            // Scan the settled screen: let finite transitions and animations (a button
            // turning from disabled to enabled, a banner) finish first; colours measured
            // mid-transition are not what anyone reads.
            const finite = document.getAnimations().filter(
                a => Number.isFinite(a.effect?.getComputedTiming().endTime));
            await Promise.race([
                Promise.allSettled(finite.map(a => a.finished)),
                new Promise(ok => setTimeout(ok, 3000)),
            ]);
            const r = await axe.run(document, {resultTypes: ['violations']});
            return r.violations.map(v => ({
                id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
                nodes: v.nodes.map(n => ({target: n.target, html: n.html.slice(0, 200),
                                          summary: n.failureSummary})),
            }));
        }"""
    )


def format_violations(violations: list[dict[str, Any]]) -> str:
    lines: list[str] = []
    for v in violations:
        lines.append(f"[{v['impact']}] {v['id']}: {v['help']} ({len(v['nodes'])} nodes)")
        for n in v["nodes"][:5]:
            lines.append(f"    at {' '.join(map(str, n['target']))}: {n['html']}")
            for s in (n["summary"] or "").splitlines():
                lines.append(f"      {s}")
        if len(v["nodes"]) > 5:
            lines.append(f"    ... and {len(v['nodes']) - 5} more")
    return "\n".join(lines)


def write_y4m(path: Any, text: str, width: int = 640, height: int = 480, frames: int = 6) -> None:
    """A YUV4MPEG2 (4:2:0) video of ``text``'s QR code, big, black on white."""
    import segno  # noqa: PLC0415

    matrix = [list(row) for row in segno.make(text, error="m", micro=False).matrix]
    n = len(matrix) + 8  # four modules of quiet zone each side
    scale = min(width, height) * 9 // 10 // n
    x0, y0 = (width - n * scale) // 2, (height - n * scale) // 2
    y_plane = bytearray([235]) * (width * height)
    for r, row in enumerate(matrix):
        for c, dark in enumerate(row):
            if dark:
                top, left = y0 + (r + 4) * scale, x0 + (c + 4) * scale
                for yy in range(top, top + scale):
                    y_plane[yy * width + left : yy * width + left + scale] = b"\x10" * scale
    chroma = bytes([128]) * ((width // 2) * (height // 2))
    with open(path, "wb") as f:
        f.write(f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(frames):
            f.write(b"FRAME\n" + bytes(y_plane) + chroma + chroma)


Point = tuple[float, float]


class Touch:
    """Real touch input through the DevTools protocol: Chromium turns it into pointer
    events of type "touch", one ``pointerId`` per finger."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page)

    def fingers(self, kind: str, points: list[tuple[int, float, float]]) -> None:
        """One touch event: ``kind`` (touchStart, touchMove, touchEnd) with the fingers
        still down, as (finger id, x, y)."""
        self.cdp.send(
            "Input.dispatchTouchEvent",
            {"type": kind, "touchPoints": [{"x": x, "y": y, "id": i} for i, x, y in points]},
        )

    def drag_fingers(self, moves: list[tuple[int, Point, Point]], steps: int = 10) -> None:
        """Drag several fingers at once, in ``steps`` moves: (finger id, from, to) each."""
        self.fingers("touchStart", [(i, a[0], a[1]) for i, a, _ in moves])
        for k in range(1, steps + 1):
            t = k / steps
            self.fingers(
                "touchMove",
                [(i, a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t) for i, a, b in moves],
            )
        self.fingers("touchEnd", [])

    def drag(self, a: Point, b: Point, steps: int = 10) -> None:
        """One finger from ``a`` to ``b``."""
        self.drag_fingers([(1, a, b)], steps)

    def tap(self, target: Any) -> None:
        """One finger down and up on a point, or on the middle of a locator's box, which
        must be on the screen."""
        if isinstance(target, tuple):
            x, y = target
        else:
            box = target.bounding_box()
            assert box is not None, "a tap on nothing"
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            w, h = self.page.evaluate("[innerWidth, innerHeight]")
            assert 0 <= x <= w and 0 <= y <= h, "a tap off the screen"
        self.fingers("touchStart", [(1, x, y)])
        self.fingers("touchEnd", [])
