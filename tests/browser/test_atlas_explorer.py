"""The atlas explorer, driven like a student would: mouse, touch and keyboard only.

Every test runs in a guarded context (see conftest.py): any request to a host other than
127.0.0.1, any console error, page error or failed local resource fails the test.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_helpers import expect_card, open_site, visible_cards, wait_ready
from playwright.sync_api import expect

from cardroom import atlas

pytestmark = pytest.mark.browser

#: The atlas explorer (the home page lists the games and links here).
ATLAS = "/?screen=atlas"

# A point inside a state's painted shape, found by hit-testing (a bounding box's centre can
# fall outside concave shapes such as Michigan or Maryland, or inside another state).
_POINT_INSIDE = """
(code) => {
    const el = document.querySelector(`[data-state="${code}"]`);
    if (!el) return null;
    el.scrollIntoView({block: 'center', inline: 'center'});
    const r = el.getBoundingClientRect();
    const n = 24;
    const pts = [];  // grid points, nearest the centre first
    for (let i = 1; i < n; i++)
        for (let j = 1; j < n; j++)
            pts.push([r.left + r.width * i / n, r.top + r.height * j / n]);
    const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
    pts.sort((a, b) => Math.hypot(a[0] - cx, a[1] - cy) - Math.hypot(b[0] - cx, b[1] - cy));
    for (const [x, y] of pts) {
        const hit = document.elementFromPoint(x, y);
        const owner = hit && hit.closest('[data-state]');
        if (owner && owner.getAttribute('data-state') === code) return {x, y};
    }
    return null;
}
"""


_SETTLED = """() => new Promise((done) => {
    let y = scrollY, still = 0;
    const look = () => {
        if (scrollY === y) still += 1; else { y = scrollY; still = 0; }
        if (still >= 6) done(true); else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
})"""


def _point_in_state(page: Any, code: str) -> tuple[float, float]:
    page.evaluate(_SETTLED)  # a card shown below the fold scrolls smoothly into view first
    pt = page.evaluate(_POINT_INSIDE, code)
    assert pt is not None, f"no visible, unobstructed point inside the {code} shape"
    return pt["x"], pt["y"]


def _check_card_basics(card: Any, code: str) -> None:
    facts = atlas.by_code()[code]
    assert card.get_attribute("data-card") == code
    text = card.inner_text()
    for label, value in (("name", facts.name), ("capital", facts.capital)):
        assert value in text, f"{code} card does not show its {label} {value!r}:\n{text}"


# --------------------------------------------------------------------------- the map contract


def test_map_has_fifty_focusable_named_states(page: Any, site: Any) -> None:
    open_site(page, site, ATLAS)
    shapes = page.locator("[data-state]")
    codes = [shapes.nth(i).get_attribute("data-state") for i in range(shapes.count())]
    assert sorted(set(codes)) == sorted(atlas.by_code()), "map shapes != the 50 states"
    assert len(codes) == 50, f"duplicate data-state shapes: {sorted(codes)}"
    not_focusable = page.evaluate(
        """() => [...document.querySelectorAll('[data-state]')]
                .filter(el => !(el.tabIndex >= 0))
                .map(el => el.getAttribute('data-state'))"""
    )
    assert not_focusable == [], f"state shapes not in the tab order: {not_focusable}"
    for code, facts in atlas.by_code().items():
        expect(page.locator(f'[data-state="{code}"]')).to_have_accessible_name(
            re.compile(re.escape(facts.name))
        )
    # Nothing is selected on a plain visit: the explorer waits for a choice.
    assert visible_cards(page) == [], f"cards shown before any choice: {visible_cards(page)}"


# --------------------------------------------------------------------------- mouse


_POINT_OUTSIDE = """
() => {
    // A point of the map drawing that belongs to no state (sea, Canada, Mexico, margins).
    const svg = document.querySelector('[data-state]').closest('svg');
    svg.scrollIntoView({block: 'center'});
    const r = svg.getBoundingClientRect();
    for (let i = 1; i < 40; i++)
        for (let j = 1; j < 40; j++) {
            const x = r.left + r.width * i / 40, y = r.top + r.height * j / 40;
            const hit = document.elementFromPoint(x, y);
            if (hit && svg.contains(hit)
                && !hit.closest('[data-state],[data-callout],a,button'))
                return {x, y};
        }
    return null;
}
"""


@pytest.mark.parametrize("codes", [("TX", "MI", "RI")])
def test_mouse_click_shows_card(page: Any, site: Any, codes: tuple[str, ...]) -> None:
    open_site(page, site, ATLAS)
    sea = page.evaluate(_POINT_OUTSIDE)
    assert sea is not None, "the map has no area outside the states?"
    page.mouse.click(sea["x"], sea["y"])  # clicking no state shows nothing (and throws nothing)
    assert visible_cards(page) == []
    for code in codes:
        x, y = _point_in_state(page, code)
        page.mouse.click(x, y)
        card = expect_card(page, code)
        _check_card_basics(card, code)
    page.mouse.click(sea["x"], sea["y"])
    expect_card(page, codes[-1])  # a stray click keeps the chosen card
    # The choice survives a reload (the URL carries it).
    page.reload(wait_until="load")
    wait_ready(page)
    expect_card(page, codes[-1])


# --------------------------------------------------------------------------- touch


def test_touch_tap_shows_card(new_context: Any, playwright_instance: Any, site: Any) -> None:
    device = dict(playwright_instance.devices["Pixel 7"])
    device.pop("default_browser_type", None)
    assert device.get("has_touch") and device.get("is_mobile")
    page = new_context(**device).new_page()
    open_site(page, site, ATLAS)
    page.evaluate(
        """() => { window.__pointerTypes = [];
                   addEventListener('pointerdown', e => __pointerTypes.push(e.pointerType),
                                    true); }"""
    )
    for code in ("CA", "CO"):
        x, y = _point_in_state(page, code)
        page.touchscreen.tap(x, y)
        card = expect_card(page, code)
        _check_card_basics(card, code)
    # Locator.tap() too (scrolls into view, taps the element's centre).
    page.locator('[data-state="WY"]').tap()
    expect_card(page, "WY")
    kinds = page.evaluate("() => window.__pointerTypes")
    assert kinds and set(kinds) == {"touch"}, f"taps did not arrive as touch: {kinds}"


def test_a_phone_enlarges_the_map_and_taps_a_small_state(
    new_context: Any, playwright_instance: Any, site: Any
) -> None:
    """On a phone the map can be enlarged (2.5 times, panned with a finger) so that a
    small state is a target a finger can hit."""
    device = dict(playwright_instance.devices["Pixel 7"])
    device.pop("default_browser_type", None)
    page = new_context(**device).new_page()
    open_site(page, site, ATLAS)
    zoom = page.get_by_role("button", name="Enlarge the map")
    expect(zoom).to_be_visible()
    before = page.locator('[data-state="RI"]').bounding_box()
    zoom.tap()
    expect(zoom).to_have_attribute("aria-pressed", "true")
    after = page.locator('[data-state="RI"]').bounding_box()
    assert after["width"] >= 2 * before["width"], (before, after)
    wide = page.evaluate(
        "() => { const s = document.getElementById('map-scroll');"
        " return [s.scrollWidth, s.clientWidth]; }"
    )
    assert wide[0] > 2 * wide[1], f"the enlarged map does not pan: {wide}"
    page.evaluate("() => document.querySelector('[data-state=\"RI\"]')"
                  ".scrollIntoView({block: 'center', inline: 'center'})")  # fmt: skip
    x, y = _point_in_state(page, "RI")
    page.touchscreen.tap(x, y)
    expect_card(page, "RI")
    assert (
        page.evaluate("() => document.documentElement.scrollWidth") <= device["viewport"]["width"]
    ), "the page itself scrolls sideways"
    zoom.tap()  # and back to the whole map
    expect(zoom).to_have_attribute("aria-pressed", "false")
    assert page.locator('[data-state="RI"]').bounding_box()["width"] <= before["width"] + 1


# --------------------------------------------------------------------------- keyboard


_FOCUSED = """() => {
    const el = document.activeElement;
    if (!el || el === document.body) return {tag: 'body', state: null};
    return {tag: el.tagName.toLowerCase(), state: el.getAttribute('data-state'),
            label: el.getAttribute('aria-label') || (el.textContent || '').trim().slice(0, 40)};
}"""


def _tab_to_state(page: Any, *, other_than: str | None = None, limit: int = 80) -> str:
    seen: list[str] = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        f = page.evaluate(_FOCUSED)
        if f["state"] and f["state"] != other_than:
            return str(f["state"])
        seen.append(f"{f['tag']}:{f.get('label') or ''}")
    raise AssertionError(f"no state shape reached by Tab in {limit} presses; focus went {seen}")


def test_keyboard_only(page: Any, site: Any) -> None:
    open_site(page, site, ATLAS)
    first = _tab_to_state(page)
    assert page.evaluate("() => document.activeElement.matches('[data-state]')")
    assert first in atlas.by_code()
    page.keyboard.press("Enter")
    _check_card_basics(expect_card(page, first), first)

    second = _tab_to_state(page, other_than=first)
    assert page.evaluate("() => document.activeElement.matches('[data-state]')")
    page.keyboard.press("Space")
    _check_card_basics(expect_card(page, second), second)
    # Space must not scroll the page away from the map it just used.
    focused_visible = page.evaluate(
        """() => { const r = document.activeElement.getBoundingClientRect();
                   return r.bottom > 0 && r.top < innerHeight; }"""
    )
    assert focused_visible, "the focused state scrolled out of view after Space"

    # Arrow keys move between neighbouring states, as the page's hint promises.
    page.locator('[data-state="KS"]').focus()
    moves = {}
    for key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
        page.locator('[data-state="KS"]').focus()
        page.keyboard.press(key)
        moves[key] = page.evaluate("() => document.activeElement.getAttribute('data-state')")
    assert moves == {
        "ArrowLeft": "CO",
        "ArrowRight": "MO",
        "ArrowUp": "NE",
        "ArrowDown": "OK",
    }, f"arrow keys from Kansas went to {moves}"
    page.keyboard.press("Enter")
    expect_card(page, "OK")


# --------------------------------------------------------------------------- deep link


def test_deep_link_opens_texas(page: Any, site: Any) -> None:
    open_site(page, site, "/?screen=atlas&state=TX")
    card = expect_card(page, "TX")
    _check_card_basics(card, "TX")
    # the border chips jump to that neighbour's card, and are big enough to tap
    chip = card.locator('[data-goto="OK"]')
    box = chip.bounding_box()
    assert box is not None and box["width"] >= 24 and box["height"] >= 24, box
    chip.click()
    expect_card(page, "OK")
    assert "state=OK" in page.url
    # PATOS is explained in words on the card itself (touch has no tooltip)
    expect(page.locator("[data-card=OK]:visible")).to_contain_text(
        "President at the time of statehood"
    )


def test_deep_link_to_no_state_shows_the_map(page: Any, site: Any) -> None:
    open_site(page, site, "/?screen=atlas&state=ZZ")
    assert visible_cards(page) == []
    # a bad state code is said, not silently ignored
    expect(page.locator("#link-problems")).to_contain_text("“ZZ” is not a state's postal code")
    page.locator('[data-state="VT"]').focus()
    page.keyboard.press("Enter")
    expect_card(page, "VT")


# --------------------------------------------------------------------------- card content


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


_FACTS = """(card) => Object.fromEntries([...card.querySelectorAll('dt')].map(dt => [
    dt.textContent.replace(/\\s+/g, ' ').trim(),
    (dt.nextElementSibling ? dt.nextElementSibling.textContent : '').replace(/\\s+/g, ' ').trim(),
]))"""


@pytest.mark.parametrize("codes", [("TX", "RI", "AK", "HI", "DE", "WY")])
def test_card_content_matches_atlas(page: Any, site: Any, codes: tuple[str, ...]) -> None:
    open_site(page, site, ATLAS)
    for code in codes:
        f = atlas.by_code()[code]
        # Select through the keyboard path, which works for the smallest states too.
        page.locator(f'[data-state="{code}"]').focus()
        page.keyboard.press("Enter")
        card = expect_card(page, code)
        text = " ".join(card.inner_text().split())
        for label, value in (
            ("name", f.name),
            ("capital", f.capital),
            ("nickname", f.nickname),
        ):
            assert value in text, f"{code} card lacks its {label} {value!r}:\n{text}"
        facts = card.evaluate(_FACTS)
        expected = {
            "Statehood": [f.statehood_date[:4], _ordinal(f.statehood_rank)],
            "PATOS": [f.patos],
            "Population 2020": [f"{f.population_2020:,}", _ordinal(f.population_rank)],
            "Population 2010": [f"{f.population_2010:,}"],
            "Area": [f"{f.area_sq_mi:,}", _ordinal(f.area_rank)],
            "Water": [f"{f.water_pct:.1f}"],
            "Time zones": list(f.time_zones),
            "Electoral votes": [str(f.electoral_votes)],
            "Bird": [f.bird],
            "Flower": [f.flower],
        }
        for label, parts in expected.items():
            assert label in facts, f"{code} card has no {label!r} fact; it has {sorted(facts)}"
            for part in parts:
                assert part in facts[label], f"{code} {label}: {facts[label]!r} lacks {part!r}"
        # Ranks are whole words ("2nd"), not substrings of something else.
        assert re.search(rf"\b{_ordinal(f.population_rank)}\b", facts["Population 2020"])
        assert facts["Electoral votes"].split()[0] == str(f.electoral_votes)
        for city in f.top_cities:
            assert city.name in text, f"{code} card lacks city {city.name!r}:\n{text}"
            assert f"{city.population:,}" in text, f"{code}: {city.name} population missing"
        for b in f.borders:
            assert re.search(rf"\b{b}\b", text), f"{code} card lacks border state {b}:\n{text}"
        if not f.borders:
            assert re.search(r"\bnone\b", text, re.I), f"{code}: no 'None' for borders"
        flag = card.locator("img").first
        assert flag.get_attribute("alt") and f.name in flag.get_attribute("alt")
        # The flag loads lazily: wait for it to finish, then check it decoded.
        loaded = card.evaluate(
            """c => { const img = c.querySelector('img');
                if (img.complete) return img.naturalWidth > 0;
                return new Promise(ok => {
                  img.addEventListener('load', () => ok(img.naturalWidth > 0), {once: true});
                  img.addEventListener('error', () => ok(false), {once: true});
                }); }"""
        )
        assert loaded, f"{code}: no flag"


# --------------------------------------------------------------------------- the small states


def test_small_states_are_big_enough_to_tap_and_leave_no_frame(
    new_context: Any, playwright_instance: Any, site: Any
) -> None:
    device = dict(playwright_instance.devices["Pixel 7"])
    device.pop("default_browser_type", None)
    page = new_context(**device).new_page()
    open_site(page, site, ATLAS)
    # on a phone the map's call-outs are a few pixels tall: the small states are also
    # buttons of at least 24x24 CSS px (WCAG 2.2 target size)
    buttons = page.locator(".small-states button")
    assert buttons.count() == 8
    for i in range(8):
        box = buttons.nth(i).bounding_box()
        assert box is not None and box["width"] >= 24 and box["height"] >= 24, box
    page.locator('.small-states [data-callout="NJ"]').tap()
    expect_card(page, "NJ")
    # a call-out on the map selects its state and draws no frame around the whole map
    page.locator('svg [data-callout="DE"] .callout-box').click()
    expect_card(page, "DE")
    outline = page.evaluate("getComputedStyle(document.getElementById('us-map')).outlineStyle")
    assert outline == "none", outline


# --------------------------------------------------------------------------- target sizes

#: the four classroom sizes of issue #41 (touch on the first three)
DEVICE_SIZES = ((390, 844, True), (768, 1024, True), (1024, 768, True), (1366, 768, False))

#: every state's targets on the shown map: [shape w, h], [call-out w, h] or null, and
#: whether the middle of the call-out's box hits the call-out
MAP_TARGETS_JS = """() => {
  const svg = [...document.querySelectorAll('.us-map')]
    .find(m => m.getBoundingClientRect().width > 100);
  const out = {};
  for (const p of svg.querySelectorAll('[data-state]')) {
    const r = p.getBoundingClientRect();
    out[p.dataset.state] = {shape: [r.width, r.height], callout: null, hit: null};
  }
  for (const g of svg.querySelectorAll('[data-callout]')) {
    if (getComputedStyle(g).display === 'none') continue;
    const r = g.getBoundingClientRect(), b = g.querySelector('.callout-box').getBoundingClientRect();
    const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    out[g.dataset.callout].callout = [r.width, r.height];
    out[g.dataset.callout].hit = !!hit && hit.closest('[data-callout]') === g;
  }
  return out;
}"""


def map_target_problems(page: Any, width: int) -> list[str]:
    """Issue #41 item 4: every state has a target of at least 24x24 CSS px (its shape, or
    its call-out, the equivalent target of 2.5.8), each call-out is itself at least 24x24
    and is what a tap on its box hits (scrolled into view first)."""
    page.evaluate(
        "() => [...document.querySelectorAll('.us-map')].find(m => "
        "m.getBoundingClientRect().width > 100).scrollIntoView({block: 'center'})"
    )
    out = []
    for code, t in page.evaluate(MAP_TARGETS_JS).items():
        sizes = [t["shape"]] + ([t["callout"]] if t["callout"] else [])
        if t["callout"] and min(t["callout"]) < 24:
            out.append(f"{code} call-out {t['callout']}")
        if t["callout"] and not t["hit"]:
            out.append(f"{code} call-out covered")
        if not any(min(s) >= 24 for s in sizes):
            out.append(f"{code} {sizes}")
    return out


def test_every_state_has_a_24px_target_at_every_size(
    page: Any, new_context: Any, site: Any
) -> None:
    """(One touch context for the touch sizes, a page of its own opened at each size; the
    warm page for the mouse size.)"""
    touch_ctx = None
    for w, h, touch in DEVICE_SIZES:
        if touch:
            if touch_ctx is None:
                touch_ctx = new_context(viewport={"width": w, "height": h}, has_touch=True)
            shown = touch_ctx.new_page()
        else:
            shown = page
        shown.set_viewport_size({"width": w, "height": h})
        open_site(shown, site, ATLAS)
        assert shown.evaluate("() => [innerWidth, innerHeight]") == [w, h]
        assert shown.evaluate("() => navigator.maxTouchPoints > 0") == touch, (w, h)
        assert map_target_problems(shown, w) == [], (w, h)
        if touch:  # a tap on Rhode Island's call-out opens its card
            box = shown.locator('svg [data-callout="RI"] .callout-box').bounding_box()
            assert box is not None
            shown.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            expect_card(shown, "RI")
            shown.close()
