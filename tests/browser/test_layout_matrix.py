"""The layout matrix (issue #41): every screen at a phone, two tablet and a laptop size.

Each screen of ``layout_screens.SCREENS`` (every game's setup, play on one device, play
against the computer, hand-over and result; Learn, the atlas, the director, a match) at
each of ``layout_checks.SIZES`` (390x844, 768x1024 and 1024x768 with touch, 1366x768 with
a mouse) must show no layout violation (``layout_checks.check_layout``): no sideways
scroll, no interactive element covered by another, every target 24x24 px or spaced as
WCAG 2.5.8 allows, every card of both teams fully visible on a split screen, and card and
board text of 12 px or more at the tablet and laptop sizes.

The screens known to fail today are listed in :data:`KNOWN`, one entry per (screen,
size), each naming its item of issue #41: they are strict xfails, so a layout fix that
makes one pass fails the run until its entry is removed. Do not widen an entry to hide a
new violation; fix the layout or file it.

A screen is opened once, in one page of the harness's warm profile, and resized through
the four sizes (``layout_screens.set_size``); ``scripts/contact_sheet.py`` shows the same
screens and checks as one page of screenshots.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import Guard
from layout_checks import SIZES, Violation, check_layout, text_checked
from layout_screens import SCREEN_BY_KEY, SCREENS, Screen, open_screen, set_size

pytestmark = pytest.mark.browser

#: (screen, size) -> why it fails today. Strict xfails: remove an entry once it passes.
#: Empty: every screen passes at every size. A new failure is fixed, or filed and listed
#: here naming its issue, never hidden by widening an entry.
KNOWN: dict[tuple[str, str], str] = {}


class LayoutViolations(AssertionError):
    """A screen's layout violations (the only failure a KNOWN entry expects)."""


def _cases() -> list[Any]:
    cases = []
    for screen in SCREENS:
        for size in SIZES:
            why = KNOWN.get((screen.key, size))
            marks = (
                [pytest.mark.xfail(strict=True, raises=LayoutViolations, reason=why)] if why else []
            )
            cases.append(pytest.param(screen.key, size, marks=marks, id=f"{screen.key}--{size}"))
    return cases


def test_known_failures_name_real_cases() -> None:
    for key, size in KNOWN:
        assert key in SCREEN_BY_KEY and size in SIZES, (key, size)


class Shown:
    """The page showing one screen at a time, kept while the tests of its sizes run."""

    def __init__(self, request: pytest.FixtureRequest, site: Any) -> None:
        self.request = request
        self.site = site
        self.key: str | None = None
        self.page: Any = None
        self.guard: Guard | None = None
        self.failure: BaseException | None = None
        self._fresh: Any = None

    def _context(self) -> Any:
        warm = self.request.getfixturevalue("warm_profile")
        if warm is not None:
            ctx = warm.context_for_test()
            self.guard = warm.guard
            return ctx
        browser = self.request.getfixturevalue("browser")
        self._fresh = ctx = browser.new_context(service_workers="block")
        guard = Guard()
        guard.attach(ctx, route=True)
        self.guard = guard
        return ctx

    def show(self, screen: Screen, size: str) -> Any:
        if self.key != screen.key:
            self.close()
            self.key, self.failure = screen.key, None
            self.page = self._context().new_page()
            try:
                open_screen(self.page, self.site, screen, size)
            except BaseException as exc:
                self.failure = exc
                raise
        if self.failure is not None:
            pytest.fail(f"{screen.key} could not be reached: {self.failure}", pytrace=False)
        set_size(self.page, size)
        return self.page

    def problems(self) -> list[str]:
        """What the site did wrong on this screen so far (console errors, crashes...)."""
        if self.guard is None:
            return []
        return [p for p in self.guard.problems() if not p.endswith("/favicon.ico")]

    def close(self) -> None:
        if self.page is not None:
            with contextlib.suppress(Exception):
                self.page.close()
        if self._fresh is not None:
            with contextlib.suppress(Exception):
                self._fresh.close()
        self.page = self._fresh = None


@pytest.fixture(scope="module")
def shown(request: pytest.FixtureRequest, site: Any) -> Iterator[Shown]:
    s = Shown(request, site)
    yield s
    s.close()


def describe(found: list[Violation]) -> str:
    return "\n  ".join(str(v) for v in found)


@pytest.mark.parametrize(("key", "size"), _cases())
def test_layout(shown: Shown, key: str, size: str) -> None:
    screen = SCREEN_BY_KEY[key]
    page = shown.show(screen, size)
    found = check_layout(page, split=screen.split, text=text_checked(size))
    problems = shown.problems()
    assert not problems, f"{key} at {size}: the site misbehaved:\n  " + "\n  ".join(problems)
    if found:
        raise LayoutViolations(
            f"{key} at {size} ({screen.path}): {len(found)} layout violations:\n  "
            + describe(found)
        )


# --------------------------------------------------------------------------- the checks


CHECKED_PAGE = """<!doctype html><html><head><meta name=viewport content="width=device-width">
<style>
 body { margin: 0; font: 16px sans-serif; }
 .wide { width: 600px; height: 10px; background: #ccc; }
 .cover { position: absolute; left: 0; top: 40px; width: 200px; height: 60px; }
 .tiny { position: absolute; width: 16px; height: 16px; padding: 0; border: 0; }
 .kit-halves { position: absolute; top: 300px; left: 0; width: 360px; }
 .kit-half { height: 60px; overflow: auto; }
 .card { display: block; width: 80px; height: 50px; margin: 4px; }
 .small { font-size: 9px; }
</style></head><body>
 %s
</body></html>"""


def _set(page: Any, body: str) -> list[Violation]:
    page.set_content(CHECKED_PAGE % body)
    set_size(page, "phone-390x844")
    return check_layout(page, split=True, text=True)


def test_the_checks_find_each_kind_of_violation(page: Any) -> None:
    """The checks on a made-up page: each kind found where it is, nothing on a clean page
    (so the matrix's passes mean something)."""
    clean = """<button style="position:absolute;left:10px;top:10px;width:60px;height:30px">A</button>
      <div class="kit-halves"><div class="kit-half" id="h0">
        <span class="card" data-card="AL">Alabama</span></div></div>"""
    assert _set(page, clean) == []
    found = _set(page, '<div class="wide"></div>')
    assert [v.kind for v in found] == ["overflow"], found
    assert "div.wide" in found[0].detail
    found = _set(
        page,
        """<button id="under" style="position:absolute;left:10px;top:50px;width:60px;height:30px">U</button>
           <div class="cover" style="background:#fff"><button style="width:190px;height:50px">over</button></div>""",
    )
    assert [(v.kind, v.what.split()[0]) for v in found] == [("covered", "button#under")], found
    found = _set(
        page,
        """<button class="tiny" id="t1" style="left:10px;top:10px">a</button>
           <button class="tiny" id="t2" style="left:30px;top:10px">b</button>
           <button class="tiny" id="t3" style="left:200px;top:10px">c</button>""",
    )
    assert sorted(v.what.split()[0] for v in found if v.kind == "target") == [
        "button#t1.tiny",
        "button#t2.tiny",
    ], found  # t3 is small but alone: its 24 px circle meets nothing
    found = _set(
        page,
        """<div class="kit-halves"><div class="kit-half" id="h0">
             <span class="card" data-card="AL">Alabama</span>
             <span class="card" data-card="AK">Alaska</span></div></div>""",
    )
    assert [(v.kind, v.what) for v in found] == [
        ("split", '#h0 span.card[data-card="AK"] "Alaska"')
    ], found
    found = _set(
        page,
        """<span class="card" data-card="NY" style="overflow:hidden;height:40px">
             <b style="display:block">NY</b><i style="display:block">CT MA</i>
             <i style="display:block">NJ PA VT</i>
             <span style="position:absolute;width:1px;height:1px;overflow:hidden;
                          clip:rect(0 0 0 0)">, borders Connecticut</span></span>""",
    )
    assert [(v.kind, v.what.split()[0]) for v in found] == [("clipped", "i")], found
    found = _set(page, '<span class="card small" data-card="RI">Rhode Island</span>')
    assert [v.kind for v in found] == ["text"] and "9.0 px" in found[0].detail, found
