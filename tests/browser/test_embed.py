"""Embeds and the Share dialog in the browser (R-185..R-187).

* a class page (the site's own ``embed-demo.html``) holds a game in an iframe: the game
  has no site header, nav or footer, posts ``cardroom:ready`` and, once the game ends,
  ``cardroom:result`` with the points and winner the engine gives for the same deal;
* the same game opened on its own posts nothing;
* the embedded screens fit their iframe (Border-Up Level 2 at 800x600 without a page
  scroll; 360x640 and 1280x800 without a sideways scroll) and stay embedded through
  Start and Play again;
* every game, in play, fits the snippet's 960x640, an 800x600 and a 640x480 frame (course
  pages, #41 item 6) with no page scroll, every control reachable (in view, or inside a part that scrolls itself) and
  24x24 px or more; 360x640 never scrolls sideways; the setup's Start is in view at
  960x640 (R-197);
* the Share dialog (setup, table, atlas): the deep link as chosen, its QR code
  (``data-qr`` is the link), the iframe snippet, Copy, Escape, focus back, axe-clean,
  by keyboard and by touch.
"""

from __future__ import annotations

import json
import time
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from browser_helpers import decline_plunge, format_violations, open_site, run_axe
from layout_checks import check_layout
from playwright.sync_api import expect

from cardroom.core import REFEREE
from cardroom.web.games.border_up.logic import engine
from cardroom.web.kit.logic import Setup
from cardroom.web.share.logic import game_link, iframe_snippet, share_title

pytestmark = pytest.mark.browser

#: the hard computer shouts a valid GeoPlunge about 8 s into the race for this deal
FAST_SEED = 17


def expected_result(seed: int) -> dict[str, Any]:
    """What the engine says of the deal: the person says "No" to GeoPlunging and then
    waits; the hard computer shouts."""
    t = engine(Setup("border-up", 2, "bot", "hard", seed))
    t.submit({"seat": 0, "kind": "plunge", "data": False}, 300)
    t.advance(10 * 60_000)
    assert t.over, "the computer never shouted on this deal"
    r = t.view(0)["result"]
    assert t.view(REFEREE)["phase"] == "over"
    return {"points": list(r["points"]), "winner": r["winner"]}


def messages(page: Any) -> list[dict[str, Any]]:
    return page.evaluate("() => window.cardroomMessages || []")


def wait_message(page: Any, kind: str, timeout: int = 60_000) -> dict[str, Any]:
    page.wait_for_function(
        "(k) => (window.cardroomMessages || []).some(m => m.type === k)", arg=kind, timeout=timeout
    )
    return next(m for m in messages(page) if m["type"] == kind)


def chrome_hidden(frame: Any) -> bool:
    return frame.evaluate(
        """() => ['.topbar', '.site-footer', 'nav'].every(s => {
            const el = document.querySelector(s);
            return !el || el.getClientRects().length === 0;
        })"""
    )


def frame_of(page: Any) -> Any:
    handle = page.locator("#game").element_handle()
    frame = handle.content_frame()
    assert frame is not None
    return frame


# --------------------------------------------------------------------------- messages


def test_embedded_game_posts_ready_and_result(context: Any, site: Any) -> None:
    want = expected_result(FAST_SEED)
    page = context.new_page()
    page.set_viewport_size({"width": 1100, "height": 900})
    link = f"./?game=border-up&level=2&mode=bot&difficulty=hard&seed={FAST_SEED}&autostart=1"
    page.goto(site.url("/embed-demo.html?src=" + quote(link + "&embed=1")), wait_until="load")
    ready = wait_message(page, "cardroom:ready")
    assert ready == {
        "type": "cardroom:ready",
        "screen": "game",
        "game": "border-up",
        "level": 2,
        "mode": "bot",
        "difficulty": "hard",
        "seed": FAST_SEED,
        "options": {},
    }
    frame = frame_of(page)
    assert frame.evaluate("() => document.documentElement.dataset.embed") == "1"
    assert chrome_hidden(frame), "the embedded game shows the site's header, nav or footer"
    decline_plunge(frame, frame.locator("#bu-half-0 [data-plunge=no]"))
    result = wait_message(page, "cardroom:result", timeout=90_000)
    assert result == {
        "type": "cardroom:result",
        "game": "border-up",
        "level": 2,
        "mode": "bot",
        "seed": FAST_SEED,
        "options": {},
        "teams": ["You", "The computer"],
        "points": want["points"],
        "winner": want["winner"],
    }
    expect(frame.locator(".kit-result")).to_be_visible()
    shown = frame.locator(f'[data-points="{want["winner"]}"]').inner_text()
    assert int(shown) == want["points"][want["winner"]]
    # the demo page logs both, newest first
    expect(page.locator("#log li")).to_have_count(2)
    assert page.locator("#log li").first.get_attribute("data-type") == "cardroom:result"
    # a reload of the result screen shows it again but does not post it again
    frame.evaluate("() => location.reload()")
    page.wait_for_timeout(500)
    frame = frame_of(page)
    frame.wait_for_function("() => document.documentElement.dataset.ready === '1'")
    expect(frame.locator(".kit-result")).to_be_visible()
    page.wait_for_timeout(300)
    kinds = [m["type"] for m in messages(page)]
    assert kinds.count("cardroom:result") == 1, kinds
    assert kinds.count("cardroom:ready") == 2, kinds


def test_ready_without_a_seed_in_the_link_tells_the_deal(context: Any, site: Any) -> None:
    """A link without seed= posted "seed": null while the game on screen had a deal
    number: cardroom:ready now tells the one the deal used, the same the result tells."""
    page = context.new_page()
    link = "./?game=border-up&level=2&mode=bot&difficulty=hard&autostart=1&embed=1"
    page.goto(site.url("/embed-demo.html?src=" + quote(link)), wait_until="load")
    ready = wait_message(page, "cardroom:ready")
    frame = frame_of(page)
    shown = frame.locator("#kit-sub").inner_text()
    assert isinstance(ready["seed"], int), ready
    assert shown.endswith(f"deal {ready['seed']}"), (shown, ready)
    assert f"seed={ready['seed']}" in frame.evaluate("() => location.search")


def test_not_embedded_posts_nothing(context: Any, site: Any) -> None:
    page = context.new_page()
    page.add_init_script(
        """window.__seen = [];
        window.addEventListener('message', e => window.__seen.push(e.data));"""
    )
    open_site(page, site, "/?game=border-up&level=2&mode=bot&difficulty=easy&seed=5")
    assert page.evaluate("() => document.documentElement.dataset.embed") is None
    expect(page.locator(".topbar")).to_be_visible()
    page.wait_for_timeout(300)
    seen = page.evaluate("() => window.__seen")
    assert not [
        m for m in seen if isinstance(m, dict) and str(m.get("type", "")).startswith("cardroom:")
    ]


# --------------------------------------------------------------------------- fitting


def _scroll(page: Any) -> dict[str, int]:
    return page.evaluate(
        """() => { const d = document.scrollingElement;
            return {w: d.scrollWidth, h: d.scrollHeight, iw: innerWidth, ih: innerHeight}; }"""
    )


def test_embedded_screens_fit_their_iframe(page: Any, site: Any) -> None:
    page.set_viewport_size({"width": 800, "height": 600})
    open_site(page, site, "/?game=border-up&level=2&mode=bot&difficulty=easy&seed=5&embed=1")
    assert page.evaluate("() => document.documentElement.dataset.embed") == "1"
    for sel in (".topbar", ".site-footer"):
        expect(page.locator(sel)).to_be_hidden()
    # an embed never starts a clock unseen: the setup, with Start
    expect(page.locator("#kit-setup")).to_be_visible()
    page.get_by_role("button", name="Start").click()
    assert parse_qs(urlsplit(page.url).query)["embed"] == ["1"], page.url
    decline_plunge(page, page.locator("#bu-half-0 [data-plunge=no]"))
    page.wait_for_function(
        "() => document.querySelector('.bu-game')?.dataset.phase === 'race'", timeout=15_000
    )
    s = _scroll(page)
    assert s["h"] <= s["ih"] and s["w"] <= s["iw"], f"the Level 2 table scrolls at 800x600: {s}"
    for width, height in ((360, 640), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        s = _scroll(page)
        assert s["w"] <= s["iw"], f"sideways scroll at {width}x{height}: {s}"
    # the atlas embeds too
    open_site(page, site, "/?screen=atlas&state=TX&embed=1")
    expect(page.locator(".topbar")).to_be_hidden()
    s = _scroll(page)
    assert s["w"] <= s["iw"], f"the atlas scrolls sideways at 1280x800: {s}"


# --------------------------------------------------------------------------- every game fits

#: one embedded game per site game, as a class page would link it (R-197); the deal is
#: fixed so the table in play is always the same
FIT_GAMES = {
    "border-up": "game=border-up&level=2&mode=bot&difficulty=easy&seed=5",
    "state-iq": "game=state-iq&level=2&mode=bot&seed=3",
    "dashing-states": "game=dashing-states&level=4&mode=bot&difficulty=easy&seed=1",
    "play-the-ranks": "game=play-the-ranks&level=4&mode=bot&difficulty=easy&seed=11",
    "border-zap": "game=border-zap&level=4&mode=bot&difficulty=easy&seed=11",
    "chummy-challenge": "game=chummy-challenge&level=4&mode=bot&difficulty=easy&seed=5",
    "sequence": "game=sequence&players=4&mode=bot&difficulty=easy&seed=5",
    "tri-virsity": "game=tri-virsity&players=4&mode=bot&difficulty=easy&seed=5",
}

#: the table is in play (past the setup, GeoPlunging and the Level 4 dialogues)
IN_PLAY = {
    "border-up": "document.querySelector('.kit-table')?.dataset.phase === 'race'",
    "state-iq": "['clue', 'guess'].includes(document.querySelector('.kit-table')?.dataset.phase)"
    " && !!document.querySelector('.sq-game:not([data-phase=plunge])')",
    "dashing-states": "document.querySelector('.kit-table')?.dataset.phase === 'race'",
    "play-the-ranks": "!!document.querySelector('.tr-game[data-phase=play][data-turn=mine]')",
    "border-zap": "!!document.querySelector('.tr-game[data-phase=play][data-turn=mine]')",
    "chummy-challenge": "['ask', 'read', 'window', 'answer']"
    ".includes(document.querySelector('.kit-table')?.dataset.phase)",
    "sequence": "!!document.querySelector('.seq-game[data-turn=\"0\"] .seq-hcard')",
    "tri-virsity": "!!document.querySelector('#tv-hand [data-card]')",
}

#: every control the player needs: in view, or inside a box that scrolls to it, never cut
#: off by a box that does not scroll; buttons and fields 24x24 px or more
REACHABLE = """() => {
  const bad = [], H = innerHeight, W = innerWidth;
  const sel = 'button, input, select, textarea, a[href], [tabindex="0"], [data-card]';
  for (const e of document.querySelectorAll(sel)) {
    if (e.closest('[hidden], dialog:not([open]), .kit-head, .visually-hidden')) continue;
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(e).visibility === 'hidden') continue;
    const name = e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
      + (e.dataset.card ? `[data-card=${e.dataset.card}]` : '') + ' ' + (e.textContent || '').trim().slice(0, 20);
    if (/^(BUTTON|SELECT|TEXTAREA)$/.test(e.tagName) || (e.tagName === 'INPUT'
        && !['radio', 'checkbox', 'hidden'].includes(e.type))) {
      if (r.width < 23.5 || r.height < 23.5) bad.push(`${name}: ${r.width}x${r.height} px`);
    }
    let scroller = false, cut = false;
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (/auto|scroll/.test(s.overflowY + s.overflowX)) { scroller = true; break; }
      if (/hidden|clip/.test(s.overflowY + s.overflowX)) {
        const q = a.getBoundingClientRect();
        if (r.bottom > q.bottom + 1 || r.right > q.right + 1 || r.top < q.top - 1
            || r.left < q.left - 1) { cut = true; break; }
      }
    }
    const out = r.bottom > H + 1 || r.right > W + 1 || r.top < -1 || r.left < -1;
    if (cut) bad.push(`${name}: cut off at ${Math.round(r.top)},${Math.round(r.left)}`);
    else if (out && !scroller) bad.push(`${name}: out of the frame at ${Math.round(r.top)},${Math.round(r.left)}`);
  }
  return bad;
}"""


@pytest.fixture
def fit_context(context: Any) -> Any:
    """The context of the fitting tests: the warm profile's (a page per game restores
    Python from the site's snapshot instead of starting it from nothing), guarded as any."""
    return context


def _step_to_play(page: Any) -> bool:
    """One step a player takes to reach play; False when there is nothing to do now."""
    no = page.locator("[data-plunge=no]:visible:not([disabled])")
    if no.count():
        no.first.click()
        return True
    mine = page.locator(".tr-game[data-turn=mine]")
    if mine.count():  # the trick games' Level 4 dialogues, trades and discards
        phase = mine.get_attribute("data-phase")
        choices = page.locator(".tr-choices")
        if phase in ("role", "arrange"):
            choices.locator("[data-autofocus]").first.click()
            return True
        if phase in ("pull", "plunge"):
            choices.locator('[data-json="false"]').first.click()
            return True
        if phase in ("discard", "trade1", "trade2"):
            page.locator(".tr-game button.tr-card:not([disabled])").first.click()
            choices.locator("[data-act=move]").first.click()
            return True
    player = page.locator("#ch-half-0 [data-player]:visible:not([disabled])")
    if player.count():  # Chummy Challenge: Player 1 takes the first challenge
        player.first.click()
        return True
    return False


def _reach_play(page: Any, game: str) -> None:
    deadline = time.monotonic() + 60
    while not page.evaluate(f"() => {IN_PLAY[game]}"):
        assert time.monotonic() < deadline, f"{game}: never reached play"
        if not _step_to_play(page):
            page.wait_for_timeout(200)


#: the cards of the player's hand (games without a hand: State IQ, Chummy Challenge)
HAND_CARDS = {
    "border-up": "#bu-half-0 [data-list=hand] [data-card]",
    "dashing-states": "#ds-half-0 [data-list=hand] [data-card]",
    "play-the-ranks": ".tr-hand [data-card]",
    "border-zap": ".tr-hand [data-card]",
    "sequence": "#seq-hand > [data-card]",
    "tri-virsity": "#tv-hand [data-card]",
}

#: the hand's cards not fully in view without scrolling anything (hit-tested at the centre)
HIDDEN_CARDS = """(sel) => {
  const W = innerWidth, H = innerHeight, out = [];
  for (const c of document.querySelectorAll(sel)) {
    const r = c.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (r.top < -1 || r.left < -1 || r.bottom > H + 1 || r.right > W + 1 || !c.contains(hit))
      out.push(c.dataset.card);
  }
  return out;
}"""


def _measure_fit(page: Any, game: str = "") -> list[str]:
    problems: list[str] = []
    for width, height in ((640, 480), (960, 640), (800, 600)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(200)
        s = _scroll(page)
        if s["h"] > s["ih"] or s["w"] > s["iw"]:
            problems.append(f"page scroll at {width}x{height}: {s}")
        if game in HAND_CARDS:  # the hand serves: every card in view, none under another
            hidden = page.evaluate(HIDDEN_CARDS, HAND_CARDS[game])
            if hidden:
                problems.append(f"{width}x{height}: hand cards out of view: {hidden}")
        problems += [f"{width}x{height}: {b}" for b in page.evaluate(REACHABLE)]
    # (640x480 first: axe runs at 800x600, the last size)
    # what scrolls inside itself is reachable by keyboard too (axe: scrollable regions)
    violations = run_axe(page)
    if violations:
        problems.append("axe-core at 800x600:\n" + format_violations(violations))
    page.set_viewport_size({"width": 360, "height": 640})
    page.wait_for_timeout(200)
    s = _scroll(page)
    if s["w"] > s["iw"]:
        problems.append(f"sideways scroll at 360x640: {s}")
    return problems


@pytest.mark.parametrize("game", list(FIT_GAMES))
def test_every_game_fits_its_iframe(fit_context: Any, site: Any, game: str) -> None:
    """R-197: the setup's Start in view at 960x640; in play no page scroll at 960x640,
    800x600 and 640x480 with every control reachable (axe-clean at 800x600), and never a sideways
    scroll at 360x640."""
    page = fit_context.new_page()
    page.set_viewport_size({"width": 960, "height": 640})
    open_site(page, site, f"/?{FIT_GAMES[game]}&embed=1")
    start = page.get_by_role("button", name="Start")
    box = start.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 640, (
        f"{game}: Start is not in view at 960x640: {box}"
    )
    start.click()
    # Measured in play: a computer that moves meanwhile (Chummy Challenge's buzzes within
    # seconds) can end the phase on a slow machine; the measures are then taken again at
    # the next turn in play.
    for _attempt in range(3):
        page.set_viewport_size({"width": 960, "height": 640})
        _reach_play(page, game)
        problems = _measure_fit(page, game)
        if page.evaluate(f"() => {IN_PLAY[game]}"):
            break
    else:
        raise AssertionError(f"{game}: left play while measured, three times")
    page.close()
    assert not problems, f"{game} in an embed:\n  " + "\n  ".join(problems)


def _clipped(page: Any) -> list[str]:
    """Card text cut off by its card (``layout_checks``' ``clipped`` check)."""
    return [str(v) for v in check_layout(page, text=False) if v.kind == "clipped"]


def test_border_up_level4_short_frame_prints_whole_border_lists(
    fit_context: Any, site: Any
) -> None:
    """Border-Up Level 4 (21 cards) in a 640x480 frame: every hand card in view, and no
    card's border list (nor name) cut short by its card, in the hand at the start and in
    the groups once 13 cards are laid out (Kentucky's seven borders, New York's two-line
    name over five borders were cut by 3 to 6 px)."""
    page = fit_context.new_page()
    page.set_viewport_size({"width": 640, "height": 480})
    open_site(page, site, "/?game=border-up&level=4&mode=bot&difficulty=easy&seed=5&embed=1")
    page.get_by_role("button", name="Start").click()
    _reach_play(page, "border-up")
    page.wait_for_timeout(300)
    hand = HAND_CARDS["border-up"]
    assert page.locator(hand).count() == 21
    assert not page.evaluate(HIDDEN_CARDS, hand), "hand cards out of view at 640x480"
    assert {"KY", "NY", "SD"} <= set(
        page.locator(hand).evaluate_all("cs => cs.map(c => c.dataset.card)")
    )
    problems = _clipped(page)
    for slot, n in ((1, 5), (2, 5), (3, 3)):
        for _ in range(n):
            page.locator(hand).first.click()
            page.locator(f"#bu-half-0 .hb-g{slot}").click()
    expect(page.locator("#bu-half-0 .hb-slot [data-card]")).to_have_count(13)
    problems += _clipped(page)
    from test_border_up import UNSPOKEN_NAMES_JS  # noqa: PLC0415

    unspoken = page.evaluate(UNSPOKEN_NAMES_JS)
    problems += [f"{c}: no name for a screen reader in its group" for c in unspoken]
    assert page.evaluate("document.scrollingElement.scrollHeight") <= 480
    page.close()
    assert not problems, "card text cut at 640x480:\n  " + "\n  ".join(problems)


#: text of the game's area that sticks out of the box it is drawn in (a section, a list
#: item, a button) or out of the frame: cut off where a box or the frame clips it
STICKING_OUT = """() => {
  const out = [], W = document.documentElement.clientWidth;
  for (const e of document.querySelectorAll('#kit-area li, #kit-area p, #kit-area h2, #kit-area button')) {
    const r = e.getBoundingClientRect();
    if (!r.width || e.closest('.visually-hidden')) continue;
    const box = e.parentElement.closest('section, li, button, .sq-answer') || e.parentElement;
    const b = box.getBoundingClientRect();
    if (r.right > Math.min(b.right, W) + 1 || r.left < Math.max(b.left, 0) - 1)
      out.push(`${e.tagName.toLowerCase()} "${e.textContent.trim().slice(0, 24)}": ` +
               `${Math.round(r.left)}..${Math.round(r.right)} in ${Math.round(b.left)}..${Math.round(b.right)}`);
  }
  return out;
}"""


def test_state_iq_in_a_640x480_frame(fit_context: Any, site: Any) -> None:
    """Issue #41 (a course page's 640x480 frame): State IQ GeoPlunging (the held card
    shown), in play with the computer choosing its clue, then the person guessing. The
    Power card's clue order stayed on one line, so "Type A" stuck out of the side column,
    cut off at the frame's edge, and the game's area scrolled sideways with nothing in it
    to focus (axe: scrollable-region-focusable). Now no text sticks out of its box, the
    area never scrolls sideways, axe finds nothing, and the held card's name and borders
    are 12 px or more."""
    page = fit_context.new_page()
    page.set_viewport_size({"width": 640, "height": 480})
    open_site(page, site, f"/?{FIT_GAMES['state-iq']}&embed=1")
    page.get_by_role("button", name="Start").click()

    def check(where: str) -> None:
        sticking = page.evaluate(STICKING_OUT)
        assert not sticking, f"{where}: text cut off:\n  " + "\n  ".join(sticking)
        area = page.evaluate(
            "() => { const a = document.querySelector('#kit-area');"
            " return [a.scrollWidth, a.clientWidth]; }"
        )
        assert area[0] <= area[1], f"{where}: the game's area scrolls sideways: {area}"
        violations = run_axe(page)
        assert not violations, f"{where}: axe-core at 640x480:\n" + format_violations(violations)
        # the card's text and the page's width (the map's states are under 24 px a target
        # in a frame this small: the answer box and the small states' buttons stand in)
        found = [
            v for v in check_layout(page, text=True) if v.kind in ("clipped", "text", "overflow")
        ]
        assert not found, f"{where}: " + "\n  ".join(str(v) for v in found)

    page.wait_for_selector(".sq-card-box [data-card]")
    check("GeoPlunging")
    page.locator("[data-plunge=no]").click()
    page.wait_for_selector(".sq-power")  # seed 3: the computer gives the first clue
    check("the computer's clue")
    page.wait_for_selector("#sq-guess", timeout=30_000)
    check("guess 1")
    page.close()


def test_embed_survives_play_again(context: Any, site: Any) -> None:
    """Start, the result, Play again and Back to setup keep ``embed=1`` (R-185); in the
    snippet's 960x640 frame the result opens with its headline in view (R-197)."""
    page = context.new_page()
    page.set_viewport_size({"width": 960, "height": 640})
    open_site(
        page,
        site,
        f"/?game=border-up&level=2&mode=bot&difficulty=hard&seed={FAST_SEED}&autostart=1&embed=1",
    )
    decline_plunge(page, page.locator("#bu-half-0 [data-plunge=no]"))
    expect(page.locator(".kit-result")).to_be_visible(timeout=90_000)
    page.wait_for_timeout(500)  # the result settles
    head = page.locator("#kit-result-title").bounding_box()
    assert head and head["y"] >= 0 and head["y"] + head["height"] <= 640, head
    page.get_by_role("button", name="Play again").click()
    expect(page.locator(".kit-plunge-q")).to_be_visible()
    q = parse_qs(urlsplit(page.url).query)
    assert q["embed"] == ["1"] and q["seed"] != [str(FAST_SEED)], page.url
    assert page.evaluate("() => document.documentElement.dataset.embed") == "1"
    expect(page.locator(".topbar")).to_be_hidden()


# --------------------------------------------------------------------------- Share


def _check_dialog(page: Any, link: str, *, embed_title: str) -> None:
    dialog = page.locator("dialog#share-dialog")
    expect(dialog).to_be_visible()
    assert page.evaluate("() => document.querySelector('#share-dialog').open")
    assert page.locator("#share-link").input_value() == link
    qr = dialog.locator("svg.qr[data-qr]")
    expect(qr).to_be_visible(timeout=30_000)
    assert qr.get_attribute("data-qr") == link
    box = qr.bounding_box()
    assert box and box["width"] >= 200, f"the QR code is too small to scan: {box}"
    snippet = page.locator("#share-snippet").input_value()
    src = link + "&embed=1"
    assert snippet == iframe_snippet(
        src, embed_title, (960, 640) if "game=" in link else (960, 720)
    )
    assert 'allow="fullscreen"' in snippet and "&amp;embed=1" in snippet


def test_share_from_setup_table_and_atlas(page: Any, new_context: Any, site: Any) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})
    open_site(page, site, "/?game=border-up&level=3&mode=local&seed=42")
    # the form as chosen now: Level 2 against the easy computer
    page.locator("input[name=level][value='2']").check()
    page.locator("input[name=mode][value=bot]").check()
    page.locator("input[name=difficulty][value=easy]").check()
    share = page.locator("#kit-share-setup")
    share.focus()
    page.keyboard.press("Enter")
    base = site.url("/")
    link = game_link(base, Setup("border-up", 2, "bot", "easy", 42))
    _check_dialog(page, link, embed_title=share_title(Setup("border-up", 2, "bot", "easy", 42)))
    violations = run_axe(page)
    assert not violations, format_violations(violations)
    # keyboard: focus stays in the dialog, Copy works or selects, Escape closes
    focused = []
    for _ in range(8):
        page.keyboard.press("Tab")
        focused.append(page.evaluate("() => !!document.activeElement.closest('#share-dialog')"))
    assert all(focused), "Tab left the modal dialog"
    page.locator("[data-copy=share-link]").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#share-status")).to_have_text(
        __import__("re").compile(r"The link is (copied|selected)")
    )
    page.keyboard.press("Escape")
    expect(page.locator("#share-dialog")).to_have_count(0)
    assert page.evaluate("() => document.activeElement.id") == "kit-share-setup"

    # from the table: this deal's link; the clock stops first
    page.get_by_role("button", name="Start").click()
    expect(page.locator(".kit-plunge-q")).to_be_visible()
    page.locator("#kit-share").click()
    seed = int(parse_qs(urlsplit(page.url).query)["seed"][0])
    assert seed == 42
    setup = Setup("border-up", 2, "bot", "easy", 42)
    _check_dialog(page, game_link(base, setup), embed_title=share_title(setup))
    assert page.evaluate("() => document.querySelector('.kit-table').dataset.paused") == "1"
    violations = run_axe(page)
    assert not violations, format_violations(violations)
    # for a projector: the code fills the dialog
    big = page.locator("[data-share-act=big]")
    big.click()
    expect(big).to_have_attribute("aria-pressed", "true")
    box = page.locator("#share-dialog svg.qr").bounding_box()
    assert box and box["width"] >= 500, f"the big code is not big: {box}"
    violations = run_axe(page)
    assert not violations, format_violations(violations)
    page.get_by_role("button", name="Close").click()
    expect(page.locator("#share-dialog")).to_have_count(0)
    assert page.evaluate("() => document.activeElement.id") in ("kit-share", "kit-resume")

    # the atlas, embedded, by touch
    tctx = new_context(viewport={"width": 800, "height": 600}, has_touch=True)
    tpage = tctx.new_page()
    open_site(tpage, site, "/?screen=atlas&state=TX&embed=1")
    tpage.locator("[data-share-atlas]").tap()
    atlas = f"{site.url('/')}?screen=atlas&state=TX"
    _check_dialog(tpage, atlas, embed_title="cardroom: US atlas")
    violations = run_axe(tpage)
    assert not violations, format_violations(violations)
    tpage.locator("[data-share-act=close]").tap()
    expect(tpage.locator("#share-dialog")).to_have_count(0)


def test_ready_payload_is_json(context: Any, site: Any) -> None:
    """The messages are plain JSON (structured clones of parsed JSON)."""
    page = context.new_page()
    page.goto(site.url("/embed-demo.html?src=" + quote("./?screen=atlas&state=VT&embed=1")))
    ready = wait_message(page, "cardroom:ready")
    assert json.loads(json.dumps(ready)) == {
        "type": "cardroom:ready",
        "screen": "atlas",
        "game": None,
    }
    frame = frame_of(page)
    wait_ready_frame = frame.evaluate("() => document.documentElement.dataset.ready")
    assert wait_ready_frame == "1"
    assert chrome_hidden(frame)
    # the demo page itself is accessible, and logs what it received
    expect(page.locator("#log li")).to_have_count(1)
    assert 'allow="fullscreen"' in page.locator("#snippet").input_value()
    violations = run_axe(page)
    assert not violations, format_violations(violations)
